"""Supply lines (7.1, 7.2), forage checks and attrition (7.3 to 7.5)."""

from __future__ import annotations

from collections import deque

from games.contract import JSON, Move, Violation
from games.pax_baltica import board, turn
from games.pax_baltica.board import OFF_MAP, Draft
from games.pax_baltica.losses import lose_steps

FORAGE_COST = {"army": 2, "regiment": 1, "warship": 0}


def is_supply_source(state: JSON, place: str, seat: int) -> bool:
    """7.1: an un-besieged national territory whose garrison the player controls."""
    nation = board.rightful_nation(state, place)
    return (
        board.side_of(state, nation) == seat
        and board.controller_side(state, place) == seat
        and state["control"].get(place) == nation
        and not board.enemy_blocks_at(state, place, seat)
    )


def in_supply(state: JSON, name: str) -> bool:
    """7.1: in supply in a national territory, or along a line of friendly (or unoccupied
    transit) territories back to one; an enemy territory bordering such a territory is
    supplied too. Without the edition's borders only the territory itself can be judged:
    a block outside its own side's territories is then taken to be in supply (README)."""
    seat = board.owner(state, name)
    place = state["blocks"][name]["at"]
    if seat is None or board.is_sea(state, place):
        return False
    if is_supply_source(state, place, seat):
        return True
    if not board.map_has_borders(state):
        return not board.enemy_blocks_at(state, place, seat)
    reachable = _supplied_territories(state, seat)
    if place in reachable or place in _supplied_by_sea(state, seat, board.info(state, name)["nation"]):
        return True
    return any(board.known_border(state, place, n) for n in reachable)


def _neighbours(state: JSON, place: str) -> list[str]:
    return [
        border["b"] if border["a"] == place else border["a"]
        for border in state["tables"]["borders"]
        if place in (border["a"], border["b"])
    ]


def _supplied_by_sea(state: JSON, seat: int, nation: str) -> set[str]:
    """7.1: a national territory with a port or harbour supplies, across a sea zone held by
    warships of the blocks' nationality, any territory that has a port or harbour itself."""
    supplied = set()
    for source in state["tables"]["territories"]:
        if board.is_sea(state, source) or board.port_of(state, source) is None:
            continue
        if not is_supply_source(state, source, seat):
            continue
        for sea in _neighbours(state, source):
            if board.is_sea(state, sea) and any(
                board.info(state, n)["nation"] == nation and board.info(state, n)["type"] == "warship"
                for n in board.blocks_at(state, sea, seat)
            ):
                supplied.update(p for p in _neighbours(state, sea) if board.port_of(state, p) is not None)
    return supplied


def _supplied_territories(state: JSON, seat: int) -> set[str]:
    sources = [
        p for p in state["tables"]["territories"] if not board.is_sea(state, p) and is_supply_source(state, p, seat)
    ]
    reached, queue = set(sources), deque(sources)
    while queue:
        here = queue.popleft()
        for there in _neighbours(state, here):
            if there not in reached and not board.is_sea(state, there) and _carries_supply(state, there, seat):
                reached.add(there)
                queue.append(there)
    return reached


def _carries_supply(state: JSON, place: str, seat: int) -> bool:
    if board.enemy_blocks_at(state, place, seat):
        return False
    if board.kind(state, place) == "transit":
        return not board.blocks_at(state, place)
    return board.controller_side(state, place) == seat


def required_losses(state: JSON, seat: int) -> dict[str, int]:
    """7.3-7.5: territory -> attrition steps owed by the seat's blocks there. Each nation's
    support trains feed only that nation's blocks (7.4); blocks never die of attrition.
    Only army and regimental blocks in land territories (not at sea, not in a box) forage."""
    territories, printed, seats = state["tables"]["territories"], state["tables"]["blocks"], board.commanders(state)
    costs: dict[str, dict[str, int]] = {}  # territory -> nation -> forage cost
    spare: dict[str, int] = {}  # territory -> steps above 1
    for name, block in state["blocks"].items():
        place = block["at"]
        if place in OFF_MAP or territories[place]["kind"] in ("sea", "box"):
            continue
        data = printed[name]
        if data["type"] == "warship" or seats.get(data["nation"]) != seat:
            continue
        train = 1 if data["train"] and data["type"] == "army" else 0
        by_nation = costs.setdefault(place, {})
        by_nation[data["nation"]] = by_nation.get(data["nation"], 0) + FORAGE_COST[data["type"]] - train
        spare[place] = spare.get(place, 0) + block["steps"] - 1
    owed = {}
    for place in sorted(costs):
        excess = sum(max(0, c) for c in costs[place].values()) - territories[place]["forage"]
        if excess > 0 and spare[place] > 0:
            owed[place] = min(excess, spare[place])
    return owed


def check_supply_check(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] == "battle" and move.seat != state["player1"]:
        return [Violation("The game: Supply Phase", "Player 1 begins the supply checks.")]
    if state["phase"] == "battle" and any(seat != move.seat for seat in state["sieges"].values()):
        return [Violation("3.43 Siege", "The other player's siege attempts come first (or are forgone) before supply.")]
    owed = required_losses(state, move.seat)
    losses = move.data["losses"]
    for name in losses:
        if not board.is_known_block(state, name) or board.owner(state, name) != move.seat:
            return [Violation("7.5 Attrition", f"{name} is not one of your blocks on the map.")]
    by_place: dict[str, list[str]] = {}
    for name in losses:
        by_place.setdefault(state["blocks"][name]["at"], []).append(name)
    for place in sorted(set(owed) | set(by_place)):
        taken, due = by_place.get(place, []), owed.get(place, 0)
        if len(taken) != due:
            return [
                Violation("7.5 Attrition", f"Your blocks in {place} lose {due} step(s) to attrition, not {len(taken)}.")
            ]
        problem = _attrition_order_problem(state, place, taken)
        if problem:
            return [problem]
    return []


def _attrition_order_problem(state: JSON, place: str, taken: list[str]) -> Violation | None:
    seat = board.owner(state, taken[0])
    names = [n for n in board.blocks_at(state, place, seat) if board.info(state, n)["type"] != "warship"]
    if taken[0] not in board.strongest(state, names):
        return Violation(
            "7.5 Attrition", f"The first attrition loss in {place} must be taken from the strongest block."
        )
    steps = {n: state["blocks"][n]["steps"] for n in names}
    for name in taken:
        steps[name] -= 1
        if steps[name] < 1:
            return Violation("7.5 Attrition", f"{name} may not be eliminated by attrition.")
    return None


def apply_supply_check(draft: Draft, move: Move) -> None:
    if draft.state["phase"] == "battle":
        turn.begin_supply(draft)
    for name in move.data["losses"]:
        if draft.state["blocks"][name]["at"] not in OFF_MAP:
            lose_steps(draft, name, 1, may_eliminate=False)
    draft.set("done", [*draft.state["done"], move.seat])
    if all(seat in draft.state["done"] for seat in turn.supply_order(draft.state)):
        turn.end_turn(draft)
