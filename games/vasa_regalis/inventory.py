"""6. Inventory (advanced rules): before the building, the players exchange goods with each other."""

from __future__ import annotations

from collections import Counter

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.vasa_regalis.building import start_building
from games.vasa_regalis.rulebook import GOOD, SEAT, SECTION_INVENTORY, VALUE
from games.vasa_regalis.table import existing, hand_over, playable, seat_missing, show, unbuilt_goods

_marker = obj({"good": GOOD, "value": VALUE})
_markers = {"type": "array", "items": _marker, "maxItems": 40}


@move(
    "trade",
    section=SECTION_INVENTORY,
    description=(
        "Inventory (advanced rules): the seat hands 'give' to seat 'with' and receives 'receive' "
        "from it, as the two agreed."
    ),
    schema=obj({"with": SEAT, "give": _markers, "receive": _markers}),
    example={"with": 1, "give": [{"good": "wood", "value": 3}], "receive": [{"good": "iron", "value": 2}]},
)
def trade(table: Table, move: Move) -> None:
    """Section 6: "all players may simultaneously exchange goods with each other", logged one
    exchange between two players at a time (README, reading 13), shown to all. "A player must
    always keep enough goods to be able to take the Building action"."""
    playable(table)
    for refused in _trade_refused(table.state, move):
        table.refuse(SECTION_INVENTORY, refused)
    partner = existing(table, move.data["with"], SECTION_INVENTORY)
    for giver, taker, goods in ((move.seat, partner, move.data["give"]), (partner, move.seat, move.data["receive"])):
        for item in goods:
            hand_over(table, giver, taker, item["good"], item["value"])
    show(table, {"to": None, "seat": move.seat, "how": "inventory", **move.data})


def _trade_refused(state: JSON, move: Move) -> list[str]:
    """The first rule the trade breaks, or what each of the two players cannot hand over."""
    if state["phase"] != "inventory":
        when = "before the building" if state["inventory_rule"] else "in the advanced rules"
        return [f"Goods are exchanged between players only in the inventory action, {when}."]
    partner, give, receive = move.data["with"], move.data["give"], move.data["receive"]
    if partner == move.seat:
        return ["A player exchanges goods with another player."]
    if not give and not receive:
        return ["An exchange hands over at least one good."]
    missing = seat_missing(state, partner)
    if missing is not None:
        return [missing]
    sides = (_side_refused(state, move.seat, give, receive), _side_refused(state, partner, receive, give))
    return [refused for refused in sides if refused is not None]


def _side_refused(state: JSON, seat: int, gives: list[JSON], gets: list[JSON]) -> str | None:
    """Seat holds what it gives, and keeps a good of every type not yet built (README, reading 13)."""
    hand = state["hands"][seat]
    given = Counter((item["good"], item["value"]) for item in gives)
    short = [f"{good} of value {value}" for (good, value), n in given.items() if hand[good][value - 1] < n]
    if short:
        return f"Seat {seat} does not hold {', '.join(short)}."
    gained = Counter(item["good"] for item in gets)
    lost = Counter(item["good"] for item in gives)
    bare = [good for good in unbuilt_goods(state) if sum(hand[good]) - lost[good] + gained[good] < 1]
    if bare:
        return f"Seat {seat} must keep a {' and a '.join(bare)} to be able to take the Building."
    return None


@move(
    "end_inventory",
    section=SECTION_INVENTORY,
    description="Inventory (advanced rules): the exchanges are over; the building action follows.",
    schema=obj({}),
    example={},
    seated=False,
)
def end_inventory(table: Table, move: Move) -> None:
    """Section 6: "Before the building action, there is an inventory action"; then the building."""
    playable(table)
    if table.state["phase"] != "inventory":
        table.refuse(SECTION_INVENTORY, "No inventory action is under way.")
        return
    start_building(table)
