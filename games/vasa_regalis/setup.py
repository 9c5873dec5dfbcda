"""2. Object of the game, the preparation: the goods kept for the player count, the starting hands."""

from __future__ import annotations

from games.contract import JSON, Seat, Violation, obj
from games.vasa_regalis import data
from games.vasa_regalis.rulebook import GOODS, SECTION_OBJECT

_count = {"type": "integer", "minimum": 0, "maximum": 99}

OPTIONS_SCHEMA = obj(
    {
        "inventory": {
            "type": "boolean",
            "description": "Play the advanced rules: an inventory action before each building (section 6).",
        },
        "goods_in_game": {
            **obj({"1": _count, "2": _count, "3": _count}),
            "description": "Edition data: how many markers of each value of every good are in the game.",
        },
        "operational_total": {
            "type": "integer",
            "minimum": 1,
            "description": "Edition data: the total value a part of the ship needs to be operational.",
        },
    },
    required=[],
)


def refuse_setup(seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
    """Section 2: every player starts with 1 of each good of value 1, so a play's own
    ``goods_in_game`` must keep at least that many markers of value 1 (else the supply would
    start below zero)."""
    count = len(seats)
    kept = data.goods_in_game(count, options)[0]
    least = count * max(data.starting_hand().values())
    if kept >= least:
        return []
    return [
        Violation(
            SECTION_OBJECT,
            f"Each of the {count} players starts with 1 of each good of value 1: the game needs at least "
            f"{least} markers of value 1 of every good, not {kept}.",
        )
    ]


def setup(seats: list[Seat], options: dict[str, JSON]) -> JSON:
    """Section 2: goods for the player count ("for 3 and 4 players, remove the following"); "Each
    player takes 1 ship card, 1 wood value 1, 1 cloth value 1, 1 sculpture value 1 and 1 iron
    value 1". Then the shipyard leader card is taken (section 3)."""
    count = len(seats)
    in_game = data.goods_in_game(count, options)
    start = data.starting_hand()
    hand = {good: [start[good], 0, 0] for good in GOODS}
    return {
        "seat_count": count,
        "inventory_rule": bool(options.get("inventory", False)),
        "operational_total": data.operational_total(count, options),
        "in_game": {good: list(in_game) for good in GOODS},
        "supply": {good: [in_game[0] - count * start[good], in_game[1], in_game[2]] for good in GOODS},
        "hands": [hand] * count,
        "ships": [dict.fromkeys(GOODS)] * count,
        "phase": "leader",
        "round": 0,
        "leader": None,
        "roles": {},
        "steps": [],
        "building": None,
        "last_builder": None,
        "built": [],
        "shown": [],
    }
