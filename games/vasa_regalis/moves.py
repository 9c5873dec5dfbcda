"""What a move does to the table: ``applied(state, move)`` is the next state.

Each move copies only what it changes. Moves a strict play would refuse are applied as the
table made them (a record play logs them that way), except where there is nothing to apply
them to: before the leader card is taken, after the end, a placement with no building
chosen, a seat not at the table.
"""

from __future__ import annotations

from collections.abc import Callable

from games.contract import JSON, EngineError, Move
from games.vasa_regalis.table import (
    advance,
    changed,
    placing_steps,
    role_choice_steps,
    role_steps,
    start_building,
    without_step,
)


def applied(state: JSON, move: Move) -> JSON:
    if state["phase"] == "finished":
        raise EngineError("The game is over; no move can follow it.")
    if state["phase"] == "leader" and move.type != "choose_leader":
        raise EngineError("Nobody holds the shipyard leader card yet, so there is no turn order.")
    new = dict(state)
    EFFECTS[move.type](state, new, move)
    advance(new)
    return new


def _complete_step(state: JSON, new: JSON, move: Move) -> None:
    new["steps"] = without_step(state, move.type, move.seat)


def _with_hand(new: JSON, seat: int, hand: JSON) -> None:
    hands = list(new["hands"])
    hands[seat] = hand
    new["hands"] = hands


def _move_goods(new: JSON, seat: int, good: str, value: int, delta: int) -> None:
    """``delta`` goods of that type and value go from the supply to the seat's hand (or back)."""
    _with_hand(new, seat, changed(new["hands"][seat], good, value, delta))
    new["supply"] = changed(new["supply"], good, value, -delta)


def _shown(new: JSON, entry: JSON) -> None:
    new["shown"] = [*new["shown"], {"round": new["round"], **entry}]


def _existing(state: JSON, seat: int) -> int:
    if seat >= state["seat_count"]:
        raise EngineError(f"There is no seat {seat} at this table.")
    return seat


def _choose_leader(state: JSON, new: JSON, move: Move) -> None:
    leader = _existing(state, move.data["seat"])
    if state["phase"] == "leader":
        new.update(phase="roles", round=1, leader=leader, steps=role_choice_steps(state, leader))
    else:
        new["leader"] = leader


def _choose_role(state: JSON, new: JSON, move: Move) -> None:
    role = move.data["role"]
    new["roles"] = {**state["roles"], role: move.seat}
    new["phase"] = "roles"
    new["steps"] = role_steps(state, role, move.seat) + without_step(state, move.type, move.seat)


def _procure(state: JSON, new: JSON, move: Move) -> None:
    for good in move.data["goods"]:
        _move_goods(new, move.seat, good, 1, 1)
    _complete_step(state, new, move)


def _exchange(state: JSON, new: JSON, move: Move) -> None:
    pairs = move.data["pairs"]
    for pair in pairs:
        good, make = pair["good"], pair["make"]
        for value in (1, 1) if make == 2 else (1, 2):
            _move_goods(new, move.seat, good, value, -1)
        _move_goods(new, move.seat, good, make, 1)
    if pairs:
        _shown(new, {"to": None, "seat": move.seat, "how": "exchange", "pairs": pairs})
    _complete_step(state, new, move)


def _replace(state: JSON, new: JSON, move: Move) -> None:
    _put_on_ship(new, move.seat, move.data["good"], move.data["value"])
    _complete_step(state, new, move)


def _put_on_ship(new: JSON, seat: int, good: str, value: int) -> None:
    """The good goes from the hand onto its square; a good already there returns to the hand."""
    ship = new["ships"][seat]
    hand = changed(new["hands"][seat], good, value, -1)
    if ship[good] is not None:
        hand = changed(hand, good, ship[good], 1)
    _with_hand(new, seat, hand)
    ships = list(new["ships"])
    ships[seat] = {**ship, good: value}
    new["ships"] = ships


def _order_replacement(state: JSON, new: JSON, move: Move) -> None:
    _complete_step(state, new, move)
    target, good = move.data["target"], move.data["good"]
    if target is None or good is None:
        return
    _shown(new, {"to": None, "seat": target, "how": "king's order", "good": good, "by": move.seat})
    if sum(state["hands"][_existing(state, target)][good]) > 0:
        replacement = {"seat": target, "type": "replace", "role": "king", "good": good}
        new["steps"] = [replacement, *new["steps"]]


def _trade(state: JSON, new: JSON, move: Move) -> None:
    partner = _existing(state, move.data["with"])
    for giver, taker, goods in ((move.seat, partner, move.data["give"]), (partner, move.seat, move.data["receive"])):
        for item in goods:
            _with_hand(new, giver, changed(new["hands"][giver], item["good"], item["value"], -1))
            _with_hand(new, taker, changed(new["hands"][taker], item["good"], item["value"], 1))
    _shown(new, {"to": None, "seat": move.seat, "how": "inventory", **move.data})


def _end_inventory(state: JSON, new: JSON, move: Move) -> None:
    if state["phase"] == "inventory":
        start_building(new)


def _choose_building(state: JSON, new: JSON, move: Move) -> None:
    new.update(phase="building", building=move.data["good"], steps=placing_steps(state, move.seat))


def _pass_building(state: JSON, new: JSON, move: Move) -> None:
    _complete_step(state, new, move)


def _place(state: JSON, new: JSON, move: Move) -> None:
    if state["building"] is None:
        raise EngineError("No good type was chosen for building, so the placed good has no square.")
    _put_on_ship(new, move.seat, state["building"], move.data["value"])
    new["last_builder"] = move.seat
    _complete_step(state, new, move)


def _inspect(state: JSON, new: JSON, move: Move) -> None:
    target, good = move.data["target"], move.data["good"]
    if target is not None and good is not None:
        value = state["ships"][_existing(state, target)][good]
        _shown(new, {"to": move.seat, "seat": target, "how": "inspection", "good": good, "value": value})
    _complete_step(state, new, move)


Effect = Callable[[JSON, JSON, Move], None]

EFFECTS: dict[str, Effect] = {
    "choose_leader": _choose_leader,
    "choose_role": _choose_role,
    "procure": _procure,
    "exchange": _exchange,
    "replace": _replace,
    "order_replacement": _order_replacement,
    "trade": _trade,
    "end_inventory": _end_inventory,
    "choose_building": _choose_building,
    "pass_building": _pass_building,
    "place": _place,
    "inspect": _inspect,
}
