"""Whether a move is legal: ``violations(state, move)`` lists the rules it breaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from games.contract import JSON, Move, Violation
from games.vasa_regalis.table import (
    STEP_EVENTS,
    building_choices,
    forced_buildings,
    matching_step,
    open_steps,
    unbuilt_goods,
)
from games.vasa_regalis.vocabulary import (
    ROLES,
    SECTION_BUILDING,
    SECTION_COMPONENTS,
    SECTION_COURSE,
    SECTION_END,
    SECTION_INSPECTION,
    SECTION_INVENTORY,
)

STEP_WORDS = {
    "choose_role": ("choose a role", SECTION_COURSE),
    "procure": ("procure", SECTION_COURSE),
    "exchange": ("exchange pairs of goods", SECTION_COURSE),
    "replace": ("replace a good on the ship", SECTION_COURSE),
    "order_replacement": ("order a replacement", SECTION_COURSE),
    "building_choice": ("choose a good to build or pass", SECTION_BUILDING),
    "place": ("place a good on the ship", SECTION_BUILDING),
    "inspect": ("inspect a good or look at nothing", SECTION_INSPECTION),
}


def violations(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] == "finished":
        return [Violation(SECTION_END, "The game is over: all four parts of the ship are built.")]
    if move.type == "choose_leader":
        return _check_leader(state, move)
    if state["phase"] == "leader":
        return [Violation(SECTION_COURSE, "First a player must take the shipyard leader card.")]
    if move.type in INVENTORY_CHECKS:
        return INVENTORY_CHECKS[move.type](state, move)
    if state["phase"] == "inventory":
        return [Violation(SECTION_INVENTORY, "The inventory action comes first; end it before anything else.")]
    step = matching_step(state, move.type, move.seat)
    if step is None:
        return [_out_of_turn(state, move)]
    return STEP_CHECKS[move.type](state, move, step)


def _out_of_turn(state: JSON, move: Move) -> Violation:
    expected = open_steps(state)
    seats = " or ".join(f"seat {seat}" for seat in sorted({step["seat"] for step in expected}))
    what = " or ".join(dict.fromkeys(STEP_WORDS[step["type"]][0] for step in expected))
    section = STEP_WORDS[expected[0]["type"]][1]
    if any(move.type in STEP_EVENTS[step["type"]] for step in expected):
        return Violation(section, f"It is the turn of {seats} to {what}, not of seat {move.seat}.")
    return Violation(section, f"Now {seats} must {what}; a '{move.type}' is not possible.")


def _check_leader(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] != "leader":
        return [Violation(SECTION_COURSE, "The shipyard leader card was taken before the first round.")]
    return _seat_exists(state, move.data["seat"], SECTION_COURSE)


def _seat_exists(state: JSON, seat: int, section: str) -> list[Violation]:
    if seat >= state["seat_count"]:
        return [Violation(section, f"There is no seat {seat} at this table.")]
    return []


def _check_role(state: JSON, move: Move, step: JSON) -> list[Violation]:
    role = move.data["role"]
    if role in state["roles"]:
        card = ROLES[role].card
        return [Violation(SECTION_COURSE, f"The {card} role is already chosen this round; choose another role.")]
    return []


def _check_procure(state: JSON, move: Move, step: JSON) -> list[Violation]:
    role = ROLES[step["role"]]
    goods = move.data["goods"]
    found = []
    if len(goods) > step["limit"]:
        found.append(Violation(role.card, f"You may procure at most {step['limit']} good(s) now."))
    wrong = sorted({good for good in goods if good not in role.goods})
    if wrong:
        found.append(Violation(role.card, f"The {role.card} role lets you procure no {', '.join(wrong)}."))
    for good, wanted in Counter(goods).items():
        left = state["supply"][good][0]
        if wanted > left:
            found.append(Violation(SECTION_COMPONENTS, f"Goods are limited: only {left} {good} of value 1 is left."))
    return found


def _check_exchange(state: JSON, move: Move, step: JSON) -> list[Violation]:
    role = ROLES[step["role"]]
    pairs = move.data["pairs"]
    if len(pairs) > step["limit"]:
        return [Violation(role.card, f"You may exchange at most {step['limit']} pair(s) now.")]
    hand, supply = state["hands"][move.seat], state["supply"]
    counts = {good: (list(hand[good]), list(supply[good])) for good in {pair["good"] for pair in pairs}}
    for pair in pairs:
        good, make = pair["good"], pair["make"]
        if good not in role.goods:
            return [Violation(role.card, f"The {role.card} exchanges only {' or '.join(role.goods)}, not {good}.")]
        held, left = counts[good]
        spent = [1, 1] if make == 2 else [1, 2]
        for value in spent:
            held[value - 1] -= 1
        if min(held) < 0:
            need = "two of value 1" if make == 2 else "one of value 1 and one of value 2"
            return [Violation(role.card, f"To make a {good} of value {make} you need {need}.")]
        if left[make - 1] < 1:
            return [Violation(SECTION_COMPONENTS, f"Goods are limited: no {good} of value {make} is left.")]
        held[make - 1] += 1
        left[make - 1] -= 1
        for value in spent:
            left[value - 1] += 1
    return []


def _check_replace(state: JSON, move: Move, step: JSON) -> list[Violation]:
    good, value = move.data["good"], move.data["value"]
    card = ROLES[step["role"]].card
    on_ship = state["ships"][move.seat][good]
    in_hand = state["hands"][move.seat][good][value - 1]
    if "good" in step:
        if good != step["good"]:
            return [Violation(card, f"The king ordered your {step['good']} replaced, not your {good}.")]
        if in_hand < 1:
            return [Violation(card, f"You hold no other {good} of value {value}: the same good may not return.")]
        return []
    if on_ship is None:
        return [Violation(card, f"You have placed no {good} on your ship to replace.")]
    if value != on_ship and in_hand < 1:
        return [Violation(card, f"You hold no {good} of value {value} to put on the ship.")]
    return []


def _check_order(state: JSON, move: Move, step: JSON) -> list[Violation]:
    target, good = move.data["target"], move.data["good"]
    if (target is None) != (good is None):
        return [Violation("King", "Name both the player and the good to replace, or neither.")]
    if target is None:
        return []
    if target == move.seat:
        return [Violation("King", "The king orders a replacement on another player's ship, not on your own.")]
    return _seat_exists(state, target, "King") or _placed(state, target, good, "King")


def _placed(state: JSON, target: int, good: str, section: str) -> list[Violation]:
    if state["ships"][target][good] is None:
        return [Violation(section, f"Seat {target} has placed no {good} on the ship.")]
    return []


def _check_choose_building(state: JSON, move: Move, step: JSON) -> list[Violation]:
    good = move.data["good"]
    if good in state["built"]:
        return [Violation(SECTION_BUILDING, f"Each good type may only be built once, and {good} is built.")]
    if good not in building_choices(state):
        return [
            Violation(SECTION_BUILDING, f"Only a good with at least 1 of value 3 in play may be chosen; no {good} is.")
        ]
    forced = forced_buildings(state)
    if forced and good not in forced:
        return [Violation(SECTION_BUILDING, f"All {' and '.join(forced)} of value 3 are in play: build that.")]
    return []


def _check_pass_building(state: JSON, move: Move, step: JSON) -> list[Violation]:
    forced = forced_buildings(state)
    if forced:
        return [
            Violation(
                SECTION_BUILDING, f"All {' and '.join(forced)} of value 3 are in play: the building must take place."
            )
        ]
    return []


def _check_place(state: JSON, move: Move, step: JSON) -> list[Violation]:
    good, value = state["building"], move.data["value"]
    if state["hands"][move.seat][good][value - 1] < 1:
        return [Violation(SECTION_BUILDING, f"You hold no {good} of value {value} to place.")]
    return []


def _check_inspect(state: JSON, move: Move, step: JSON) -> list[Violation]:
    target, good = move.data["target"], move.data["good"]
    if (target is None) != (good is None):
        return [Violation(SECTION_INSPECTION, "Name both the ship and the good to look at, or neither.")]
    if target is None:
        return []
    if target == move.seat:
        return [Violation(SECTION_INSPECTION, "You may look only at a good on another player's ship.")]
    return _seat_exists(state, target, SECTION_INSPECTION) or _placed(state, target, good, SECTION_INSPECTION)


def _check_trade(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] != "inventory":
        when = "before the building" if state["inventory_rule"] else "in the advanced rules"
        return [
            Violation(SECTION_INVENTORY, f"Goods are exchanged between players only in the inventory action, {when}.")
        ]
    partner, give, receive = move.data["with"], move.data["give"], move.data["receive"]
    if partner == move.seat:
        return [Violation(SECTION_INVENTORY, "A player exchanges goods with another player.")]
    if not give and not receive:
        return [Violation(SECTION_INVENTORY, "An exchange hands over at least one good.")]
    return _seat_exists(state, partner, SECTION_INVENTORY) or (
        _trade_side(state, move.seat, give, receive) + _trade_side(state, partner, receive, give)
    )


def _trade_side(state: JSON, seat: int, gives: list[JSON], gets: list[JSON]) -> list[Violation]:
    """Seat holds what it gives, and keeps a good of every type not yet built (section 6)."""
    hand = state["hands"][seat]
    given = Counter((item["good"], item["value"]) for item in gives)
    short = [f"{good} of value {value}" for (good, value), n in given.items() if hand[good][value - 1] < n]
    if short:
        return [Violation(SECTION_INVENTORY, f"Seat {seat} does not hold {', '.join(short)}.")]
    gained = Counter(item["good"] for item in gets)
    lost = Counter(item["good"] for item in gives)
    bare = [good for good in unbuilt_goods(state) if sum(hand[good]) - lost[good] + gained[good] < 1]
    if bare:
        return [
            Violation(
                SECTION_INVENTORY, f"Seat {seat} must keep a {' and a '.join(bare)} to be able to take the Building."
            )
        ]
    return []


def _check_end_inventory(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] != "inventory":
        return [Violation(SECTION_INVENTORY, "No inventory action is under way.")]
    return []


StepCheck = Callable[[JSON, Move, JSON], list[Violation]]

STEP_CHECKS: dict[str, StepCheck] = {
    "choose_role": _check_role,
    "procure": _check_procure,
    "exchange": _check_exchange,
    "replace": _check_replace,
    "order_replacement": _check_order,
    "choose_building": _check_choose_building,
    "pass_building": _check_pass_building,
    "place": _check_place,
    "inspect": _check_inspect,
}

INVENTORY_CHECKS = {"trade": _check_trade, "end_inventory": _check_end_inventory}
