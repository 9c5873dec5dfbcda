"""The role cards (section 3, step 1: "Choose a role card and take the actions of that role").

Procurers procure, the craftsman and the tailor/blacksmith exchange pairs, the admiral
procures and replaces a good on the ship, the king procures and orders a replacement on
another ship. A violation of a card's rule cites the card by its title.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.secrets import MOVER, Secret
from games.vasa_regalis.rulebook import GOOD, GOODS, KING, ROLES, SECTION_COMPONENTS, SECTION_COURSE, VALUE, Role
from games.vasa_regalis.table import (
    complete,
    existing,
    in_turn,
    matching_step,
    not_placed,
    others_placed,
    placed_goods,
    put_on_ship,
    seat_after,
    seat_missing,
    show,
    take,
    with_item,
)
from games.vasa_regalis.words import a, goods, name, procured, sentence


def role_steps(state: JSON, role_name: str, chooser: int) -> list[JSON]:
    """The actions a chosen role gives, in order (role cards)."""
    action = ROLES[role_name].action
    if action in ("procure", "exchange"):
        # The chooser twice, the others once each in turn, the last in turn (the chooser's right) never.
        return [
            {"seat": seat_after(state, chooser, k), "type": action, "role": role_name, "limit": 2 if k == 0 else 1}
            for k in range(state["seat_count"] - 1)
        ]
    steps = [{"seat": chooser, "type": "procure", "role": role_name, "limit": 1, "group": role_name}]
    if action == "admiral" and placed_goods(state["ships"][chooser]):
        steps.append({"seat": chooser, "type": "replace", "role": role_name, "group": role_name})
    if action == "king" and any(placed_goods(ship) for seat, ship in enumerate(state["ships"]) if seat != chooser):
        steps.append({"seat": chooser, "type": "order_replacement", "role": role_name, "group": role_name})
    return steps


def _procure_choices(state: JSON, seat: int) -> list[JSON]:
    """Nothing, or up to the step's limit of goods of value 1 of the role's types still in the
    supply, in every order (role cards; 1: "Goods are limited")."""
    step = matching_step(state, "procure", seat)
    if step is None:
        return []
    role, supply = ROLES[step["role"]], state["supply"]
    choices: list[JSON] = [{"goods": []}]
    for count in range(1, step["limit"] + 1):
        for goods_ in product(role.goods, repeat=count):
            if all(goods_.count(good) <= supply[good][0] for good in goods_):
                choices.append({"goods": list(goods_)})
    return choices


def _said_procure(state: JSON, move: Move, names: Sequence[str]) -> str:
    taken = move.data["goods"]
    return sentence(f"{name(names, move.seat)} procures {procured(taken) if taken else 'nothing'}.")


@move(
    "procure",
    section=SECTION_COURSE,
    description=(
        "Take goods of value 1 from the supply: the procurer role's good (the chooser up to 2, "
        "each other player but the last in turn up to 1), or for the admiral and king up to 1 "
        "good of any type. An empty list procures nothing."
    ),
    schema=obj({"goods": {"type": "array", "items": GOOD, "maxItems": 2}}),
    example={"goods": ["wood", "wood"]},
    choices=_procure_choices,
    says=_said_procure,
)
def procure(table: Table, move: Move) -> None:
    """Procurer cards, Admiral, King: procure goods of value 1; section 1: "Goods are limited"."""
    step = in_turn(table, move)
    goods = move.data["goods"]
    if step is not None and goods:
        role = ROLES[step["role"]]
        if len(goods) > step["limit"]:
            table.refuse(role.card, f"You may procure at most {step['limit']} good(s) now.")
        wrong = sorted({good for good in goods if good not in role.goods})
        if wrong:
            table.refuse(role.card, f"The {role.card} role lets you procure no {', '.join(wrong)}.")
        for good in dict.fromkeys(goods):
            left = table.state["supply"][good][0]
            if goods.count(good) > left:
                table.refuse(SECTION_COMPONENTS, f"Goods are limited: only {left} {good} of value 1 is left.")
    for good in dict.fromkeys(goods):
        take(table, move.seat, good, 1, goods.count(good))
    complete(table, move, step)


#: Section 3's pairs: "1 good of value 1 + 1 good of value 1 = 1 good of value 2" (make 2) and
#: "1 good of value 1 + 1 good of value 2 = 1 good of value 3" (make 3).
MAKES = (2, 3)


def _exchange_choices(state: JSON, seat: int) -> list[JSON]:
    """Nothing, or up to the step's limit of pairs of the role's goods, each making 2 or 3, in
    every order (the pairs are made one after the other: README, reading 7)."""
    step = matching_step(state, "exchange", seat)
    if step is None:
        return []
    pairs = [{"good": good, "make": make} for good in ROLES[step["role"]].goods for make in MAKES]
    return [
        {"pairs": [dict(pair) for pair in chosen]}
        for count in range(step["limit"] + 1)
        for chosen in product(pairs, repeat=count)
    ]


def _said_pair(pair: JSON) -> str:
    good, make = pair["good"], pair["make"]
    spent = goods(2, good, 1) if make == 2 else f"{goods(1, good, 1)} and 1 of value 2"
    return f"{spent} for {goods(1, good, make)}"


def _said_exchange(state: JSON, move: Move, names: Sequence[str]) -> str:
    pairs = move.data["pairs"]
    said = ", then ".join(_said_pair(pair) for pair in pairs) if pairs else "nothing"
    return sentence(f"{name(names, move.seat)} exchanges {said}.")


@move(
    "exchange",
    section=SECTION_COURSE,
    description=(
        "Exchange pairs of one good for one of higher value, in order: 'make' 2 spends two of "
        "value 1, 'make' 3 spends one of value 1 and one of value 2. Craftsman: wood or "
        "sculpture; tailor/blacksmith: cloth or iron. The chooser up to 2 pairs, the others "
        "but the last in turn 1. An empty list exchanges nothing."
    ),
    schema=obj({"pairs": {"type": "array", "items": obj({"good": GOOD, "make": {"enum": [2, 3]}}), "maxItems": 2}}),
    example={"pairs": [{"good": "cloth", "make": 2}, {"good": "iron", "make": 2}]},
    choices=_exchange_choices,
    says=_said_exchange,
)
def exchange(table: Table, move: Move) -> None:
    """Craftsman, Tailor/Blacksmith: "1 good of value 1 + 1 good of value 1 = 1 good of value 2,
    1 good of value 1 + 1 good of value 2 = 1 good of value 3". The two goods spent return to
    the supply and the good made comes from it (README, reading 7); the pairs are made in order."""
    step = in_turn(table, move)
    pairs = move.data["pairs"]
    if step is not None and pairs:
        refused = _exchange_refused(table.state, move.seat, ROLES[step["role"]], step["limit"], pairs)
        if refused is not None:
            table.refuse(*refused)
    if pairs:
        state = table.state
        hand, supply = dict(state["hands"][move.seat]), dict(state["supply"])
        for pair in pairs:
            good, make = pair["good"], pair["make"]
            held, left = list(hand[good]), list(supply[good])
            for value in (1, 1) if make == 2 else (1, 2):
                held[value - 1] -= 1
                left[value - 1] += 1
            held[make - 1] += 1
            left[make - 1] -= 1
            hand[good], supply[good] = held, left
        table.update(hands=with_item(state["hands"], move.seat, hand), supply=supply)
        show(table, {"to": None, "seat": move.seat, "how": "exchange", "pairs": pairs})
    complete(table, move, step)


def _exchange_refused(state: JSON, seat: int, role: Role, limit: int, pairs: list[JSON]) -> tuple[str, str] | None:
    """The first rule the pairs break, made one after the other from the hand and the supply."""
    if len(pairs) > limit:
        return role.card, f"You may exchange at most {limit} pair(s) now."
    hand, supply = state["hands"][seat], state["supply"]
    counts = {good: (list(hand[good]), list(supply[good])) for good in {pair["good"] for pair in pairs}}
    for pair in pairs:
        good, make = pair["good"], pair["make"]
        if good not in role.goods:
            return role.card, f"The {role.card} exchanges only {' or '.join(role.goods)}, not {good}."
        held, left = counts[good]
        spent = [1, 1] if make == 2 else [1, 2]
        for value in spent:
            held[value - 1] -= 1
        if min(held) < 0:
            need = "two of value 1" if make == 2 else "one of value 1 and one of value 2"
            return role.card, f"To make a {good} of value {make} you need {need}."
        if left[make - 1] < 1:
            return SECTION_COMPONENTS, f"Goods are limited: no {good} of value {make} is left."
        held[make - 1] += 1
        left[make - 1] -= 1
        for value in spent:
            left[value - 1] += 1
    return None


def _replace_choices(state: JSON, seat: int) -> list[JSON]:
    """The admiral: any placed good, by a good of that type in hand or the same one (a fake);
    a player ordered by the king: the ordered good, by one of that type and another value."""
    step = matching_step(state, "replace", seat)
    if step is None:
        return []
    if "good" in step:
        return [{"good": step["good"], "value": value} for value in _other_values(state, seat, step["good"])]
    hand, ship = state["hands"][seat], state["ships"][seat]
    return [
        {"good": good, "value": value}
        for good in GOODS
        if ship[good] is not None
        for value in (1, 2, 3)
        if hand[good][value - 1] > 0 or value == ship[good]
    ]


def _said_replace(state: JSON, move: Move, names: Sequence[str]) -> str:
    good, value = move.data["good"], move.data["value"]
    step = matching_step(state, "replace", move.seat)
    who = name(names, move.seat) + (", as the King ordered," if step is not None and "good" in step else "")
    by = f"{a(good)} laid face down" if value is None else f"{a(good)} of value {value}"
    return sentence(f"{who} replaces the {good} on the ship with {by}.")


@move(
    "replace",
    section=SECTION_COURSE,
    description=(
        "Replace the good on one square of your own ship with a good of that type from your "
        "hand; 'value' is the value now on the ship. The admiral may fake it (same value); a "
        "player ordered by the king may not return the same good."
    ),
    schema=obj({"good": GOOD, "value": VALUE}),
    example={"good": "wood", "value": 2},
    choices=_replace_choices,
    says=_said_replace,
    secrets=(Secret("value", MOVER, "Admiral and King: the good put back on the ship lies face down like any other"),),
)
def replace(table: Table, move: Move) -> None:
    """Admiral: "replace 1 good that he or she previously placed on the ship. The player may fake
    a replacement"; King: the ordered player "may not return the same good to the ship"."""
    step = in_turn(table, move)
    good, value = move.data["good"], move.data["value"]
    if step is not None:
        refused = _replace_refused(table.state, move.seat, step, good, value)
        if refused is not None:
            table.refuse(ROLES[step["role"]].card, refused)
    put_on_ship(table, move.seat, good, value)
    complete(table, move, step)


def _replace_refused(state: JSON, seat: int, step: JSON, good: str, value: int) -> str | None:
    on_ship = state["ships"][seat][good]
    in_hand = state["hands"][seat][good][value - 1]
    if "good" in step:  # ordered by the king
        if good != step["good"]:
            return f"The king ordered your {step['good']} replaced, not your {good}."
        if value == on_ship:
            return f"The king's order may not be answered with the same good: a {good} of value {value}."
        if in_hand < 1:
            return f"You hold no {good} of value {value} to put on the ship."
        return None
    if on_ship is None:
        return f"You have placed no {good} on your ship to replace."
    if value != on_ship and in_hand < 1:
        return f"You hold no {good} of value {value} to put on the ship."
    return None


def _said_order(state: JSON, move: Move, names: Sequence[str]) -> str:
    target, good = move.data["target"], move.data["good"]
    king = name(names, move.seat)
    if target is None or good is None:
        return sentence(f"{king}, as King, orders no replacement.")
    return sentence(f"{king}, as King, orders {name(names, target)} to replace the {good} on the ship.")


@move(
    "order_replacement",
    section=SECTION_COURSE,
    description=(
        "The king orders another player ('target') to replace the good on one square ('good') "
        "of the ship; both null when the king orders nothing."
    ),
    schema=obj({"target": {"type": ["integer", "null"], "minimum": 0}, "good": {"enum": [*GOODS, None]}}),
    example={"target": 1, "good": "wood"},
    choices=others_placed,
    says=_said_order,
)
def order_replacement(table: Table, move: Move) -> None:
    """King: "order another player to replace 1 good that he or she previously placed on the ship
    (if possible)". The order is shown; the ordered player's replacement comes right after it,
    unless no good of that type and another value is at hand (README, reading 9)."""
    step = in_turn(table, move)
    target, good = move.data["target"], move.data["good"]
    if step is not None:
        refused = _order_refused(table.state, move.seat, target, good)
        if refused is not None:
            table.refuse(KING, refused)
    complete(table, move, step)
    if target is None or good is None:
        return
    show(table, {"to": None, "seat": target, "how": "king's order", "good": good, "by": move.seat})
    if _other_values(table.state, existing(table, target, KING), good):
        replacement = {"seat": target, "type": "replace", "role": "king", "good": good}
        table.set("steps", [replacement, *table.state["steps"]])


def _other_values(state: JSON, seat: int, good: str) -> list[int]:
    """The values of ``good`` in ``seat``'s hand other than the one on its ship: the replacements
    an order of the king allows (none: the order changes nothing)."""
    on_ship = state["ships"][seat][good]
    return [value for value, count in enumerate(state["hands"][seat][good], 1) if count > 0 and value != on_ship]


def _order_refused(state: JSON, seat: int, target: int | None, good: str | None) -> str | None:
    if (target is None) != (good is None):
        return "Name both the player and the good to replace, or neither."
    if target is None:
        return None
    if target == seat:
        return "The king orders a replacement on another player's ship, not on your own."
    return seat_missing(state, target) or not_placed(state, target, good)
