"""Nouvelle France (Jacques-Dominique Landry): three buildings raised block by block before winter.

The buildings are 3D grids of cubes; a turn draws a card (or places a bonus block), places a
block and scores the cubes of the player's colour linked to it; three snowflakes score the
levels with the tally sticks and end the game. See README.md for the vocabulary and readings.
"""

from __future__ import annotations

from games.contract import JSON, Engine, Move, Outcome, Seat, Violation
from games.nouvelle_france import components, deck
from games.nouvelle_france.checks import check_move
from games.nouvelle_france.components import ALLIES, BONUS_BLOCKS, COLOURS, SHAPES, SITES
from games.nouvelle_france.moves import FRESH_TURN, apply_move
from games.nouvelle_france.vocabulary import EVENT_TYPES, OPTIONS_SCHEMA
from games.secrets import MOVER, Secret, Sibling, masked

#: Why the cards a Huron saw are its player's, in the rulebook's words.
HURON_LOOKS = "HURON (First Nations People) TOKEN: the player looks in secret at the top 3 cards of the deck"

PHASE_EVENTS = {
    "setup": ["setup_table"],
    "draw": ["draw_card", "place_bonus_block", "play_ally"],
    "place": ["place_block", "offer_block", "play_ally"],
    "offer": ["place_block", "pass_offer"],
    "finished": [],
}

REASONS = {
    "points": "The player with the most points is declared the winner.",
    "allies": (
        "In the case of a draw, the player who has used the lowest number of ally tokens before the arrival "
        "of the 3rd snowflake wins the game."
    ),
    "peg": "If it is still a draw, the player who has not used their peg wins.",
    "shared": (
        "If it is still a draw, the tied players are declared the winners and share the title of Royal Engineer."
    ),
}


def seat_colours(seats: list[Seat]) -> list[str]:
    """Each seat's colour among the game's four: its own if it names one still free, else the next free."""
    wanted = [seat.colour.lower() for seat in seats]
    taken: list[str] = []
    for colour in wanted:
        taken.append(colour if colour in COLOURS and colour not in taken else "")
    free = iter(c for c in COLOURS if c not in taken)
    return [colour or next(free) for colour in taken]


class NouvelleFranceEngine(Engine):
    slug = "nouvelle_france"
    title = "Nouvelle France"
    min_players = 2
    max_players = components.MAX_PLAYERS
    options_schema = OPTIONS_SCHEMA
    event_types = EVENT_TYPES

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        one_card = options.get("one_card", False)
        return {
            "options": {"one_card": one_card, "allies": options.get("allies", "normal")},
            "blocks": components.block_cubes(options),
            "sites": {
                site: {**components.site_layout(site, options), "tally": None, "cubes": {}, "standee": None}
                for site in SITES
            },
            "players": [
                {
                    "colour": colour,
                    "allies": dict.fromkeys(ALLIES, "face up"),
                    "allies_used": 0,
                    "bonus_blocks": dict.fromkeys(BONUS_BLOCKS, "in hand"),
                }
                for colour in seat_colours(seats)
            ],
            "scores": [0] * len(seats),
            "phase": "setup",
            "active": None,
            "strip": [],
            "deck": deck.new_deck(one_card),
            "snowflakes": 0,
            "turn": FRESH_TURN,
            "offer": None,
            "last_placement": None,
            "snowstorms": [],
            "discard": [],
            "removed": [],
            "stockpile": {shape: components.copies(shape) for shape in SHAPES},
        }

    def check(self, state: JSON, move: Move) -> list[Violation]:
        return check_move(state, move)

    def apply(self, state: JSON, move: Move) -> JSON:
        return apply_move(state, move)

    #: The deck's order is seen by no one (GAME SETUP deals it face down) and is not in the view; the
    #: top cards a Huron looked at are that player's until drawn onto the identification strip.
    view_secrets = (Secret("known_top_cards", Sibling("known_top_seen_by"), HURON_LOOKS),)
    move_secrets = {"play_ally": (Secret("cards", MOVER, HURON_LOOKS),)}

    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        phase = state["phase"]
        the_deck = state["deck"]
        known_top = list(the_deck["known_top"])
        sees_top = seat is None or seat == the_deck["known_by"]
        return {
            "phase": phase,
            "active_seats": _active_seats(state),
            "legal_event_types": _legal_event_types(state),
            "scores": list(state["scores"]),
            "finished": phase == "finished",
            "turn_of": state["active"],
            "colours": [player["colour"] for player in state["players"]],
            "identification_strip": list(state["strip"]),
            "deck_remaining": deck.remaining(the_deck),
            "known_top_cards": known_top if sees_top else masked(known_top),
            "known_top_count": len(known_top),
            "known_top_seen_by": the_deck["known_by"],
            "snowflakes_drawn": state["snowflakes"],
            "snowdrift_level": state["snowflakes"],
            "bonus_block_window": BONUS_BLOCKS[state["snowflakes"]]
            if state["snowflakes"] < len(BONUS_BLOCKS)
            else None,
            "turn": dict(state["turn"]),
            "offer": state["offer"],
            "sites": {site: _site_view(state, site) for site in SITES},
            "players": [_player_view(state, n) for n in range(len(state["players"]))],
            "last_placement": state["last_placement"],
            "snowstorms": list(state["snowstorms"]),
            "stockpile": dict(state["stockpile"]),
            "discard": list(state["discard"]),
            "returned_to_box": list(state["removed"]),
        }

    def outcome(self, state: JSON) -> Outcome | None:
        if state["phase"] != "finished":
            return None
        scores = state["scores"]
        keys = [_ranking_key(state, seat) for seat in range(len(scores))]
        places = [1 + sum(1 for other in keys if other < mine) for mine in keys]
        winners = [seat for seat, place in enumerate(places) if place == 1]
        return Outcome(places=places, winners=winners, reason=_reason(keys, winners), scores=list(scores))


def _ranking_key(state: JSON, seat: int) -> tuple[int, int, int]:
    """END OF THE GAME: most points, then fewest ally tokens used, then the peg not used."""
    player = state["players"][seat]
    return (-state["scores"][seat], player["allies_used"], int(player["bonus_blocks"]["peg"] == "placed"))


def _reason(keys: list[tuple[int, int, int]], winners: list[int]) -> str:
    if len(winners) > 1:
        return REASONS["shared"]
    best = keys[winners[0]]
    tied = [key for key in keys if key[0] == best[0]]
    if len(tied) == 1:
        return REASONS["points"]
    if sum(1 for key in tied if key[1] == best[1]) == 1:
        return REASONS["allies"]
    return REASONS["peg"]


def _active_seats(state: JSON) -> list[int]:
    if state["phase"] == "offer":
        return [state["offer"]["to"]]
    return [] if state["active"] is None else [state["active"]]


def _legal_event_types(state: JSON) -> list[str]:
    types = PHASE_EVENTS[state["phase"]]
    if state["options"]["allies"] == "none":
        types = [t for t in types if t != "play_ally"]
    if state["phase"] == "draw" and not _may_place_bonus_block(state):
        types = [t for t in types if t != "place_bonus_block"]
    return types


def _may_place_bonus_block(state: JSON) -> bool:
    window = state["snowflakes"]
    player = state["players"][state["active"]]
    return not state["turn"]["drawn"] and player["bonus_blocks"][BONUS_BLOCKS[window]] == "in hand"


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
