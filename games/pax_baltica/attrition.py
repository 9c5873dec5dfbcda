"""The supply phase: forage checks and attrition (7.3 to 7.5)."""

from __future__ import annotations

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, last_answer, move
from games.pax_baltica import board, sections, turn
from games.pax_baltica.board import OFF_MAP
from games.pax_baltica.losses import lose_steps
from games.pax_baltica.telling import allocations, named_blocks, sentence, who
from games.pax_baltica.vocabulary import NAMES
from games.secrets import MOVER, Secret

FORAGE_COST = {"army": 2, "regiment": 1, "warship": 0}


@last_answer  # the printed data never changes during a play, and the forage check runs every game turn
def forage_costs(printed: JSON) -> dict[str, tuple[str, int]]:
    """7.3, 7.4: block -> (its nation, the forage points it costs, less its support train's) for
    the army and regimental blocks."""
    return {
        name: (data["nation"], FORAGE_COST[data["type"]] - (1 if data["train"] and data["type"] == "army" else 0))
        for name, data in printed.items()
        if data["type"] != "warship"
    }


@last_answer  # the printed data never changes during a play
def _foragers_by_nation(printed: JSON) -> dict[str, list[tuple[str, int]]]:
    """Nation -> (block, FP it costs) for its army and regimental blocks, in printed order."""
    by_nation: dict[str, list[tuple[str, int]]] = {}
    for name, (nation, cost) in forage_costs(printed).items():
        by_nation.setdefault(nation, []).append((name, cost))
    return by_nation


@last_answer  # the printed map never changes during a play
def _foraging_grounds(territories: JSON) -> frozenset[str]:
    """The land territories, where army and regimental blocks forage (not at sea, not in a
    box, not off the map)."""
    return frozenset(name for name, data in territories.items() if data["kind"] not in ("sea", "box")) - OFF_MAP


def required_losses(state: JSON, seat: int) -> dict[str, int]:
    """7.3-7.5: territory -> attrition steps owed by the seat's blocks there. Each nation's
    support trains feed only that nation's blocks (7.4); blocks never die of attrition.
    Only army and regimental blocks in land territories (not at sea, not in a box) forage.
    Every forager costs at least 1 FP (an army 2 less its train's 1, a regiment 1), so each
    nation's cost in a territory is positive and the territory's is their plain sum."""
    return _losses_owed(board.standing(state["blocks"]), state["active"], state["sides"], state["tables"]).get(seat, {})


@last_answer  # asked of the state a supply check is given (never changed), mostly where the last check left the blocks
def _losses_owed(blocks: JSON, active: JSON, sides: JSON, tables: JSON) -> dict[int | None, dict[str, int]]:
    """``required_losses`` of every seat at once, by the seat commanding each nation at war
    (one pass over the blocks: this runs for every supply check)."""
    territories = tables["territories"]
    grounds, foragers = _foraging_grounds(territories), _foragers_by_nation(tables["blocks"])
    here: dict[int | None, dict[str, list[int]]] = {}  # seat -> territory -> [forage cost, steps above 1]
    for nation, at_war in active.items():
        if not at_war:
            continue
        seated = here.setdefault(sides.get(nation), {})
        for name, cost in foragers.get(nation, ()):
            block = blocks.get(name)
            place = None if block is None else block["at"]
            if place not in grounds:
                continue
            found = seated.get(place)
            if found is None:
                seated[place] = [cost, block["steps"] - 1]
            else:
                found[0] += cost
                found[1] += block["steps"] - 1
    return {seat: _owed(seated, territories) for seat, seated in here.items()}


def _owed(here: dict[str, list[int]], territories: JSON) -> dict[str, int]:
    """7.5: the steps each territory cannot feed, at most its blocks' steps above 1."""
    owed = {}
    for place, (cost, room) in here.items():
        if room > 0:
            excess = cost - territories[place]["forage"]
            if excess > 0:
                owed[place] = min(excess, room)
    return owed


@move(
    "supply_check",
    section=sections.SUPPLY_PHASE,
    description="7.3-7.5: a player's forage check: the blocks losing a step to attrition, one entry per step.",
    schema=obj({"losses": NAMES}),
    example={"losses": []},
    choices=lambda state, seat: _supply_checks(state, seat),
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} checks supply: "
        + (f"{named_blocks(move.data['losses'])} lose a step each" if move.data["losses"] else "no losses")
    ),
    secrets=(Secret("losses", MOVER, "7.5: the player's own blocks losing steps to attrition (2.11)"),),
)
def supply_check(table: Table, move: Move) -> None:
    """7.3 to 7.5: Player 1 checks first; each territory's blocks lose the steps its forage
    cannot feed, the first from the strongest block, never eliminated. After both, the game
    turn ends. In the battle phase it ends the phase (sieges and a regroup left are forgone)."""
    state = table.state
    board.refuse(table, _supply_check_problem(state, move))
    if not board.known_blocks(state, move.data["losses"]):
        raise EngineError("A block losing a step is not a block of the game.")
    if table.state["phase"] == "battle":
        turn.begin_supply(table)
    for name in move.data["losses"]:
        if table.state["blocks"][name]["at"] not in OFF_MAP:
            lose_steps(table, name, 1, may_eliminate=False)
    table.set("done", [*table.state["done"], move.seat])
    if set(turn.supply_order(table.state)) <= set(table.state["done"]):
        turn.end_turn(table)


def _supply_checks(state: JSON, seat: int) -> list[JSON]:
    """7.3 to 7.5: the steps each territory owes, the first from a strongest block, the rest
    on any of the seat's blocks there (each way once, in name order), never eliminating;
    the territories in name order (README "Legal moves")."""
    ways: list[list[str]] = [[]]
    for place, due in sorted(required_losses(state, seat).items()):
        names = sorted(n for n in board.blocks_at(state, place, seat) if board.info(state, n)["type"] != "warship")
        here = []
        for first in board.strongest(state, names):
            if state["blocks"][first]["steps"] > 1:
                after = {
                    **state,
                    "blocks": {
                        **state["blocks"],
                        first: {**state["blocks"][first], "steps": state["blocks"][first]["steps"] - 1},
                    },
                }
                here += [[first, *rest] for rest in allocations(after, names, due - 1, -1)]
        ways = [[*done, *way] for done in ways for way in here]
    return [{"losses": way} for way in ways]


def supply_order_problem(state: JSON, move: Move) -> Violation | None:
    """Why a supply check may not begin the supply phase now: Player 1 begins it, once the other
    player's siege attempts are made or forgone (3.43)."""
    if state["phase"] == "battle" and move.seat != state["player1"]:
        return Violation(sections.SUPPLY_PHASE, "Player 1 begins the supply checks.")
    if state["phase"] == "battle" and any(seat != move.seat for seat in state["sieges"].values()):
        return Violation(sections.SIEGE, "The other player's siege attempts come first (or are forgone) before supply.")
    return None


def _supply_check_problem(state: JSON, move: Move) -> Violation | None:
    out_of_order = supply_order_problem(state, move)
    if out_of_order is not None:
        return out_of_order
    losses = move.data["losses"]
    for name in losses:
        if not board.is_known_block(state, name) or board.owner(state, name) != move.seat:
            return Violation(sections.ATTRITION, f"{name} is not one of your blocks on the map.")
    return _losses_problem(state, move.seat, losses)


def _losses_problem(state: JSON, seat: int, losses: list[str]) -> Violation | None:
    owed = required_losses(state, seat)
    by_place: dict[str, list[str]] = {}
    for name in losses:
        by_place.setdefault(state["blocks"][name]["at"], []).append(name)
    for place in sorted(set(owed) | set(by_place)):
        taken, due = by_place.get(place, []), owed.get(place, 0)
        if len(taken) != due:
            return Violation(
                sections.ATTRITION, f"Your blocks in {place} lose {due} step(s) to attrition, not {len(taken)}."
            )
        problem = _attrition_order_problem(state, place, taken)
        if problem:
            return problem
    return None


def _attrition_order_problem(state: JSON, place: str, taken: list[str]) -> Violation | None:
    seat = board.owner(state, taken[0])
    names = [n for n in board.blocks_at(state, place, seat) if board.info(state, n)["type"] != "warship"]
    if taken[0] not in board.strongest(state, names):
        return Violation(
            sections.ATTRITION, f"The first attrition loss in {place} must be taken from the strongest block."
        )
    steps = {n: state["blocks"][n]["steps"] for n in names}
    for name in taken:
        if name not in steps:
            return Violation(sections.ATTRITION, f"{name} is a warship: it forages nothing and loses no step here.")
        steps[name] -= 1
        if steps[name] < 1:
            return Violation(sections.ATTRITION, f"{name} may not be eliminated by attrition.")
    return None
