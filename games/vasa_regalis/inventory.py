"""6. Inventory (advanced rules): before the building, the players exchange goods with each other."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.vasa_regalis.building import start_building
from games.vasa_regalis.rulebook import GOOD, GOODS, SEAT, SECTION_INVENTORY, VALUE
from games.vasa_regalis.table import existing, hand_over, playable, seat_missing, show, unbuilt_goods
from games.vasa_regalis.words import markers, name, sentence

_marker = obj({"good": GOOD, "value": VALUE})
_markers = {"type": "array", "items": _marker, "maxItems": 40}


def _trade_choices(state: JSON, seat: int) -> Iterator[JSON]:
    """Every exchange of goods with every other player: any goods of the seat's hand for any of
    the partner's, at least one good handed over, each player keeping a good of every type not
    yet built (README, reading 13). Each exchange is offered once, its goods listed in the order
    of the goods (wood, cloth, iron, sculpture) and of value (README, "Legal moves"). Exact: every
    one is legal in the inventory phase."""
    if state["phase"] != "inventory":
        return
    unbuilt, hands = unbuilt_goods(state), state["hands"]
    for partner in range(state["seat_count"]):
        if partner == seat:
            continue
        swaps = [_swaps(good, hands[seat][good], hands[partner][good], good in unbuilt) for good in GOODS]
        for (give_1, get_1), (give_2, get_2), (give_3, get_3), (give_4, get_4) in product(*swaps):
            give, receive = give_1 + give_2 + give_3 + give_4, get_1 + get_2 + get_3 + get_4
            if give or receive:
                yield {"with": partner, "give": give, "receive": receive}


def _swaps(good: str, mine: list[int], theirs: list[int], keep: bool) -> list[tuple[list[JSON], list[JSON]]]:
    """The goods of one type two players may hand each other: (given, received), each a list of
    markers by value; with ``keep``, both still hold one of the type after."""
    held, offered = sum(mine), sum(theirs)
    return [
        (given, got)
        for given in _handfuls(good, mine)
        for got in _handfuls(good, theirs)
        if not keep or (held - len(given) + len(got) > 0 and offered - len(got) + len(given) > 0)
    ]


def _handfuls(good: str, held: list[int]) -> list[list[JSON]]:
    """Every handful of a held type's markers: as many of each value as held, or fewer."""
    return [
        [{"good": good, "value": value} for value, count in zip((1, 2, 3), counts) for _ in range(count)]
        for counts in product(*(range(max(count, 0) + 1) for count in held))
    ]


def _said_trade(state: JSON, move: Move, names: Sequence[str]) -> str:
    give, receive = move.data["give"], move.data["receive"]
    trader, partner = name(names, move.seat), name(names, move.data["with"])
    if give and receive:
        said = f"{trader} gives {partner} {markers(give)} in exchange for {markers(receive)}"
    elif give:
        said = f"{trader} gives {partner} {markers(give)}"
    elif receive:
        said = f"{trader} receives {markers(receive)} from {partner}"
    else:
        said = f"{trader} exchanges nothing with {partner}"
    return sentence(f"{said}.")


@move(
    "trade",
    section=SECTION_INVENTORY,
    description=(
        "Inventory (advanced rules): the seat hands 'give' to seat 'with' and receives 'receive' "
        "from it, as the two agreed."
    ),
    schema=obj({"with": SEAT, "give": _markers, "receive": _markers}),
    example={"with": 1, "give": [{"good": "wood", "value": 3}], "receive": [{"good": "iron", "value": 2}]},
    choices=_trade_choices,
    says=_said_trade,
    exact=True,
)
def trade(table: Table, move: Move) -> None:
    """Section 6: "all players may simultaneously exchange goods with each other", logged one
    exchange between two players at a time (README, reading 13), shown to all. "A player must
    always keep enough goods to be able to take the Building action"."""
    playable(table)
    for refused in _trade_refused(table.state, move):
        table.refuse(SECTION_INVENTORY, refused)
    partner = existing(table, move.data["with"], SECTION_INVENTORY)
    hand_over(table, move.seat, partner, move.data["give"])
    hand_over(table, partner, move.seat, move.data["receive"])
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
    given: dict[tuple[str, int], int] = {}  # counted by hand: legal_moves asks this of every trade
    net = dict.fromkeys(GOODS, 0)
    for item in gives:
        key = (item["good"], item["value"])
        given[key] = given.get(key, 0) + 1
        net[item["good"]] -= 1
    short = [f"{good} of value {value}" for (good, value), n in given.items() if hand[good][value - 1] < n]
    if short:
        return f"Seat {seat} does not hold {', '.join(short)}."
    for item in gets:
        net[item["good"]] += 1
    bare = [good for good in unbuilt_goods(state) if sum(hand[good]) + net[good] < 1]
    if bare:
        kept = " and ".join(f"{'an' if good[0] in 'aeiou' else 'a'} {good}" for good in bare)
        return f"Seat {seat} must keep {kept} to be able to take the Building."
    return None


@move(
    "end_inventory",
    section=SECTION_INVENTORY,
    description="Inventory (advanced rules): the exchanges are over; the building action follows.",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [{}],
    says=lambda state, move, names: "The inventory action ends.",
    seated=False,
)
def end_inventory(table: Table, move: Move) -> None:
    """Section 6: "Before the building action, there is an inventory action"; then the building."""
    playable(table)
    if table.state["phase"] != "inventory":
        table.refuse(SECTION_INVENTORY, "No inventory action is under way.")
        return
    start_building(table)
