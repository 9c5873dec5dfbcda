"""The table as a person sees it: sites, players, strip, deck count, and what a Huron saw.

Hidden information (README.md): the deck's order is nobody's (GAME SETUP deals it face down)
and is not in the view; the top cards a Huron looked at are that player's until drawn onto the
identification strip (``VIEW_SECRETS``, masked by the kit for every other viewer).
"""

from __future__ import annotations

from games.contract import JSON
from games.nouvelle_france import components, deck
from games.nouvelle_france.allies import HURON_LOOKS
from games.nouvelle_france.components import BONUS_BLOCKS, LEVELS, SITES
from games.secrets import Secret, Sibling

VIEW_SECRETS = (Secret("known_top_cards", Sibling("known_top_seen_by"), HURON_LOOKS),)


def table_view(state: JSON) -> dict[str, JSON]:
    """Everything on the table, the same for every seat (secrets are hidden afterwards)."""
    the_deck = state["deck"]
    snowflakes = state["snowflakes"]
    return {
        "phase": state["phase"],
        "scores": list(state["scores"]),
        "turn_of": state["active"],
        "colours": [player["colour"] for player in state["players"]],
        "identification_strip": list(state["strip"]),
        "deck_remaining": deck.remaining(the_deck),
        "known_top_cards": list(the_deck["known_top"]),
        "known_top_count": len(the_deck["known_top"]),
        "known_top_seen_by": the_deck["known_by"],
        "snowflakes_drawn": snowflakes,
        "snowdrift_level": min(snowflakes, LEVELS - 1),  # SNOWSTORMS: snowdrifts "After the first two storms"
        "bonus_block_window": BONUS_BLOCKS[snowflakes] if snowflakes < len(BONUS_BLOCKS) else None,
        "turn": dict(state["turn"]),
        "offer": state["offer"],
        "sites": {site: _site_view(state, site) for site in SITES},
        "players": [_player_view(state, seat) for seat in range(len(state["players"]))],
        "last_placement": state["last_placement"],
        "snowstorms": list(state["snowstorms"]),
        "stockpile": dict(state["stockpile"]),
        "discard": list(state["discard"]),
        "returned_to_box": list(state["removed"]),
    }


def _site_view(state: JSON, site_key: str) -> dict[str, JSON]:
    site = state["sites"][site_key]
    counts: dict[str, dict[str, int]] = {}
    for cell_key, colour in site["cubes"].items():
        level = counts.setdefault(cell_key.rsplit(",", 1)[1], {})
        level[colour] = level.get(colour, 0) + 1
    return {
        "name": components.site_name(site_key),
        "tally_stick": site["tally"],
        "cubes": dict(site["cubes"]),
        "cubes_by_level": counts,
        "standee": components.standee_name(site_key),
        "standee_owner": site["standee"],
    }


def _player_view(state: JSON, seat: int) -> dict[str, JSON]:
    player = state["players"][seat]
    return {
        "colour": player["colour"],
        "allies": dict(player["allies"]),
        "allies_used": player["allies_used"],
        "bonus_blocks": dict(player["bonus_blocks"]),
        "standees": [site for site in SITES if state["sites"][site]["standee"] == seat],
    }
