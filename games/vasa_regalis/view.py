"""The table as the players see it, and its secrets (sections 3, 4, 5 and 7 on what lies face down)."""

from __future__ import annotations

from games.contract import JSON
from games.secrets import EACH, NOBODY, Secret, Sibling
from games.vasa_regalis.building import building_choices, forced_buildings, value3_in_play
from games.vasa_regalis.end import hand_values, outcome, part_totals
from games.vasa_regalis.rulebook import GOODS
from games.vasa_regalis.table import open_steps, placed_goods

SECRETS = (
    Secret(
        "players.*.hand",
        EACH,
        "3. Course of the game: a player's goods are kept face down and may only be viewed by that player",
    ),
    Secret("players.*.hand_values", EACH, "3. Course of the game: the values of a player's goods on hand are his"),
    Secret(
        "players.*.ship",
        EACH,
        "4. Building: the good must be placed face down without being disclosed to the other players",
    ),
    Secret(
        "parts.*.total",
        NOBODY,
        "4. Building and 7. End of game: every good on the ships lies face down until all players turn them "
        "face up at the end, so no player knows a part's total",
    ),
    Secret("parts.*.operational", NOBODY, "7. End of game: whether a part is operational follows from its total"),
    Secret(
        "shown.*.value",
        Sibling("to"),
        "5. Inspection: a player looks at 1 placed good on another player's ship; its value is his to see",
    ),
)


def table(state: JSON) -> dict[str, JSON]:
    """Every good shown (the arbiter's view); the kit hides ``SECRETS`` for a seat. The end of
    the game turns nothing face up here (the records service decides that)."""
    ended = outcome(state)
    building = state["phase"] == "building"
    return {
        "phase": state["phase"],
        "round": state["round"],
        "shipyard_leader": state["leader"],
        "next_steps": open_steps(state),
        "scores": None,
        "roles": state["roles"],
        "supply": state["supply"],
        "value_3_in_play": {good: value3_in_play(state, good) for good in GOODS},
        "built": state["built"],
        "building": state["building"],
        "building_choices": building_choices(state) if building else [],
        "forced_building": forced_buildings(state) if building else [],
        "players": [_player(state, seat) for seat in range(state["seat_count"])],
        "parts": _parts(state),
        "operational_total": state["operational_total"],
        "shown": state["shown"],
        "outcome": None if ended is None else ended.as_dict(),
    }


def _player(state: JSON, seat: int) -> JSON:
    """A seat's goods; the counts per type and the squares filled are seen by all (goods are
    procured, exchanged, traded and placed by type in the open)."""
    hand, ship = state["hands"][seat], state["ships"][seat]
    return {
        "seat": seat,
        "hand": hand,
        "hand_counts": {good: sum(hand[good]) for good in GOODS},
        "hand_values": hand_values(hand),
        "ship": ship,
        "ship_placed": placed_goods(ship),
    }


def _parts(state: JSON) -> JSON:
    totals = part_totals(state)
    return {
        good: {
            "built": good in state["built"],
            "total": totals[good],
            "operational": totals[good] >= state["operational_total"],
        }
        for good in GOODS
    }
