"""The state of the table, and the queue of steps that says whose move it is.

A state is plain JSON. Goods are counted per type and value: ``hand["wood"] == [2, 1, 0]``
is two wood of value 1 and one of value 2 (hands, ``supply``, ``in_game``). Everything still
to be done in the current phase is a queue of *steps* (``{"seat": 2, "type": "procure", ...}``);
the head step says whose move it is. Steps that may come in any order share a ``group`` and
are open together: the admiral's or the king's two actions, and the players' placements in a
building. The open steps are the one answer to "which moves are legal now": the view's
``active_seats`` and ``legal_event_types`` and the engine's gate are read off them.

Moves change the state through the kit's :class:`~games.kit.Table` (copy-on-write).
"""

from __future__ import annotations

from games.contract import JSON, Move
from games.kit import Table, last_answer
from games.vasa_regalis.rulebook import (
    GOODS,
    SECTION_BUILDING,
    SECTION_COURSE,
    SECTION_END,
    SECTION_INSPECTION,
)

#: Which moves complete a step of each type (a step's type names the move, but for the
#: building choice, which a player makes or passes).
STEP_MOVES = {
    "choose_role": ("choose_role",),
    "procure": ("procure",),
    "exchange": ("exchange",),
    "replace": ("replace",),
    "order_replacement": ("order_replacement",),
    "building_choice": ("choose_building", "pass_building"),
    "place": ("place",),
    "inspect": ("inspect",),
}

#: What a step asks of its player, in words, and the section of the rule it follows.
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


def seat_after(state: JSON, seat: int, places: int = 1) -> int:
    """The seat ``places`` positions clockwise (negative: counter-clockwise)."""
    return (seat + places) % state["seat_count"]


def placed_goods(ship: JSON) -> list[str]:
    return [good for good in GOODS if ship[good] is not None]


def others_placed(state: JSON, seat: int) -> list[JSON]:
    """Nothing, or any good another player has placed on their ship: ``target`` and ``good``
    (the choices of a King's order and of an inspection)."""
    return [{"target": None, "good": None}] + [
        {"target": target, "good": good}
        for target, ship in enumerate(state["ships"])
        if target != seat
        for good in placed_goods(ship)
    ]


def unbuilt_goods(state: JSON) -> list[str]:
    return [good for good in GOODS if good not in state["built"]]


def seat_missing(state: JSON, seat: int) -> str | None:
    """Why ``seat`` names nobody at this table, or None."""
    return f"There is no seat {seat} at this table." if seat >= state["seat_count"] else None


def not_placed(state: JSON, target: int, good: str) -> str | None:
    """Why ``good`` on ``target``'s ship cannot be named: none is placed there."""
    return f"Seat {target} has placed no {good} on the ship." if state["ships"][target][good] is None else None


# The goods


def take(table: Table, seat: int, good: str, value: int, count: int = 1) -> None:
    """``count`` goods of that type and value go from the supply to the seat's hand (negative: back)."""
    state = table.state
    table.update(
        hands=with_item(state["hands"], seat, changed(state["hands"][seat], good, value, count)),
        supply=changed(state["supply"], good, value, -count),
    )


def hand_over(table: Table, giver: int, taker: int, items: list[JSON]) -> None:
    """Goods markers (``{"good", "value"}``) pass from a player's hand to another's, one by one."""
    hands = list(table.state["hands"])
    fresh: set[tuple[int, str]] = set()  # (seat, good) counts copied already, safe to change
    for item in items:
        good, index = item["good"], item["value"] - 1
        for seat, delta in ((giver, -1), (taker, 1)):
            if (seat, good) not in fresh:
                hands[seat] = {**hands[seat], good: list(hands[seat][good])}
                fresh.add((seat, good))
            hands[seat][good][index] += delta
    table.set("hands", hands)


def put_on_ship(table: Table, seat: int, good: str, value: int) -> None:
    """The good goes from the hand onto its square; a good already there returns to the hand."""
    state = table.state
    ship = state["ships"][seat]
    hand = changed(state["hands"][seat], good, value, -1)
    if ship[good] is not None:
        hand[good][ship[good] - 1] += 1
    table.update(
        hands=with_item(state["hands"], seat, hand),
        ships=with_item(state["ships"], seat, {**ship, good: value}),
    )


def show(table: Table, entry: JSON) -> None:
    """Note what was shown at the table this round (``to``: who alone saw its value, if anyone)."""
    table.set("shown", [*table.state["shown"], {"round": table.state["round"], **entry}])


def changed(holding: JSON, good: str, value: int, delta: int) -> JSON:
    """A copy of a hand or of the supply with ``delta`` more goods of that type and value."""
    counts = list(holding[good])
    counts[value - 1] += delta
    return {**holding, good: counts}


def with_item(items: list[JSON], index: int, item: JSON) -> list[JSON]:
    """A copy of a list (the hands, the ships) with one seat's item replaced."""
    items = list(items)
    items[index] = item
    return items


# The steps


def open_steps(state: JSON) -> list[JSON]:
    """The steps that may be taken now: the head of the queue, with its any-order partners."""
    steps = state["steps"]
    if not steps:
        return []
    group = steps[0].get("group")
    if group is None:
        return steps[:1]
    open_now = []
    for step in steps:
        if step.get("group") != group:
            break
        open_now.append(step)
    return open_now


def step_seats(state: JSON) -> list[int]:
    """The seats with an open step: whose move it is."""
    return sorted({step["seat"] for step in open_steps(state)})


def step_moves(state: JSON) -> list[str]:
    """The moves that complete an open step."""
    return list(dict.fromkeys(name for step in open_steps(state) for name in STEP_MOVES[step["type"]]))


def matching_step(state: JSON, move_type: str, seat: int | None) -> JSON | None:
    """The open step of that seat the move would complete, if any: the move is in turn."""
    return _matching_step(state["steps"], move_type, seat)


@last_answer  # the gate and then the move's own rule ask the same of the same queue
def _matching_step(steps: list[JSON], move_type: str, seat: int | None) -> JSON | None:
    group = steps[0].get("group") if steps else None
    for index, step in enumerate(steps):  # the open steps (open_steps): the head and its group
        if index and (group is None or step.get("group") != group):
            break
        if step["seat"] == seat and move_type in STEP_MOVES[step["type"]]:
            return step
    return None


def out_of_turn(state: JSON, move: Move) -> tuple[str, str]:
    """Section 3 (and 4, 5 by step): the rule a move with no open step breaks, and its words:
    ``(section, message)``."""
    expected = open_steps(state)
    seats = " or ".join(f"seat {seat}" for seat in sorted({step["seat"] for step in expected}))
    what = " or ".join(dict.fromkeys(STEP_WORDS[step["type"]][0] for step in expected))
    section = STEP_WORDS[expected[0]["type"]][1]
    if any(move.type in STEP_MOVES[step["type"]] for step in expected):
        return section, f"It is the turn of {seats} to {what}, not of seat {move.seat}."
    return section, f"Now {seats} must {what}; a '{move.type}' is not possible."


def in_turn(table: Table, move: Move) -> JSON | None:
    """The open step ``move`` completes (None: played out of turn, as a record play may), once
    it is sure the move can be played at all (:func:`playable`)."""
    state = table.state
    if state["phase"] in ("finished", "leader"):
        playable(table)
    return matching_step(state, move.type, move.seat)


def playable(table: Table) -> None:
    """Stop a move that cannot be played at all: after the end of the game (section 7), or
    before anyone holds the shipyard leader card, when there is no turn order (section 3)."""
    phase = table.state["phase"]
    if phase == "finished":
        table.cannot(SECTION_END, "The game is over; no move can follow it.")
    if phase == "leader":
        table.cannot(SECTION_COURSE, "Nobody holds the shipyard leader card yet, so there is no turn order.")


def complete(table: Table, move: Move, step: JSON | None) -> None:
    """The move completes its step (see :func:`remaining`)."""
    steps = table.state["steps"]
    left = remaining(steps, move, step)
    if left is not steps:
        table.set("steps", left)


def remaining(steps: list[JSON], move: Move, step: JSON | None) -> list[JSON]:
    """The queue once the move completes its step: the open one it matched, else (a move the
    table made out of turn) the first queued step it could complete, preferably the seat's own."""
    if step is None:
        candidates = [s for s in steps if move.type in STEP_MOVES[s["type"]]]
        own = [s for s in candidates if s["seat"] == move.seat]
        step = (own or candidates or [None])[0]
        if step is None:
            return steps
    steps = list(steps)
    steps.remove(step)
    return steps


def existing(table: Table, seat: int, section: str) -> int:
    """``seat``, which the move must name at this table to be applied at all."""
    missing = seat_missing(table.state, seat)
    if missing is not None:
        table.cannot(section, missing)
    return seat
