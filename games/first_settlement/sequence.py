"""TIME & GAME LENGTH and TURN SEQUENCE: whose move it is and which phase comes next.

Setup: the roll for first player, then each colony's preparation (in any order: SETUP gives
none), then each colony's site selection in turn order. Then each colony plays the 17 phases of
its turn, one colony after the other (or, with the SIMULTANEOUS TURNS OPTION, phase by phase in
turn order), for 20 turns. A phase the rules skip for a colony (not Spring, no shortage...) is
passed over; a colony that gave up plays no more phases.
"""

from __future__ import annotations

from functools import cache

from games.contract import JSON, EngineError, Move, Violation
from games.first_settlement.sections import (
    HARDSHIP_PHASE,
    PHASE_SECTIONS,
    REBEL_PHASE,
    SETUP,
    TURN_SEQUENCE,
)
from games.kit import Table

#: TURN SEQUENCE: "Each turn has 17 Phases", in order.
PHASES = tuple(PHASE_SECTIONS)
#: TIME & GAME LENGTH: "Each Season is a turn"; "Each year starts with Winter".
SEASONS = ("Winter", "Spring", "Summer", "Fall")
#: TIME & GAME LENGTH: "the game runs for 20 turns".
TURNS = 20
#: The setup steps, in order, then the turns ("play") and the end ("over").
SETUP_STEPS = ("roll_for_first", "prepare_colony", "select_site")
FIRST_TURN = "Skip this phase the first turn of the game."
_SEASON_ONLY = {"plant": "Spring", "harvest": "Fall", "cold": "Winter"}


def season_of(colony: JSON, turn: int) -> str:
    return SEASONS[(colony["start_season"] + turn - 1) % 4]


def year_of(colony: JSON, turn: int) -> int:
    return (colony["start_season"] + turn - 1) // 4 + 1


def stage(state: JSON) -> str:
    """The setup step due (an event type), "play", or "over"."""
    if state["over"]:
        return "over"
    if state["cursor"] is not None:
        return "play"
    if state["order"] is None:
        return "roll_for_first"
    colonies = state["colonies"]
    if not all(colonies[seat]["prepared"] for seat in state["order"]):
        return "prepare_colony"
    if not all(colonies[seat]["sites"] for seat in state["order"]):
        return "select_site"
    return "play"


def phase_name(state: JSON) -> str:
    """The setup step or the phase due ("over" once the game is over)."""
    step = stage(state)
    return PHASES[state["cursor"]["phase"]] if step == "play" else step


def expected(state: JSON) -> tuple[str, int | None] | None:
    """The event due next and the seat that makes it (while colonies are prepared, the first in turn
    order of those ``unprepared``: any of them may); None when the game is over."""
    step = stage(state)
    if step == "play":
        return slot_due(state, state["cursor"])
    if step == "over":
        return None
    if step == "roll_for_first":
        return step, None
    done = "prepared" if step == "prepare_colony" else "sites"
    return step, next(seat for seat in state["order"] if not state["colonies"][seat][done])


def slot_due(state: JSON, cursor: JSON) -> tuple[str, int]:
    """The phase due at ``cursor`` in the turns and the seat that plays it."""
    return PHASES[cursor["phase"]], state["order"][cursor["pos"]]


def unprepared(state: JSON) -> list[int]:
    """SETUP: the seats whose colony is still to be prepared, in turn order. SETUP ("Each player draws 3
    Leader cards ... is dealt 4 Action cards ...") gives the preparations no order, so any of them may
    prepare next; only the SITE SELECTION PROCESS goes "Each player in turn"."""
    return [seat for seat in state["order"] if not state["colonies"][seat]["prepared"]]


def seats_due(state: JSON) -> list[int]:
    """The seats whose move it is: all the seats rolling for first player, every colony still to be
    prepared (then the prepared colony that may select its site early), else the one seat due."""
    due = expected(state)
    if due is None:
        return []
    if due[0] == "prepare_colony":
        early = early_site_selection(state)
        return unprepared(state) + ([] if early is None else [early[1]])
    return state["contenders"] if due[1] is None else [due[1]]


def events_due(state: JSON) -> list[str]:
    """The event due, the early site selection while colonies are prepared, and ``give`` once the
    colonies are founded when the TRADE OPTION is played."""
    due = expected(state)
    legal = [] if due is None else [due[0]]
    if early_site_selection(state) is not None:
        legal.append("select_site")
    if state["options"]["trade_between_players"] and stage(state) == "play":
        legal.append("give")
    return legal


def early_site_selection(state: JSON) -> tuple[str, int] | None:
    """While colonies are still being prepared, the site selection of the next colony to choose, once that
    colony is prepared: the rulebook does not say whether a colony selects its site before the next colony
    is prepared, so both orders are accepted (the view names preparations first)."""
    if stage(state) != "prepare_colony":
        return None
    colonies = state["colonies"]
    seat = next((seat for seat in state["order"] if not colonies[seat]["sites"]), None)
    return ("select_site", seat) if seat is not None and colonies[seat]["prepared"] else None


def out_of_turn(state: JSON, move: Move) -> Violation | None:
    """The rule a move breaks by coming out of the turn order (a phase the rules skip, or another
    event than the one due), None when it is due."""
    due = expected(state)
    played = (move.type, move.seat)
    if played == due or played == early_site_selection(state):
        return None
    step = stage(state)
    if step == "prepare_colony" and move.type == step and move.seat in unprepared(state):
        return None
    if step == "play" and move.type in PHASE_SECTIONS and move.seat is not None:
        reason = skip_reason(state, move.seat, move.type, state["cursor"]["turn"])
        if reason is not None:
            return Violation(*reason)
    rule = TURN_SEQUENCE if step == "play" else SETUP
    waiting = unprepared(state) if step == "prepare_colony" else [due[1]]
    return Violation(rule, f"It is {_whose(due[0], *waiting)} now, not {_whose(move.type, move.seat)}.")


def _whose(event: str, *seats: int | None) -> str:
    """The event and its seats as said: roll for first, seat 1's or seat 1 or seat 2's prepare colony."""
    if seats == (None,):
        return event.replace("_", " ")
    return f"{' or '.join(f'seat {seat}' for seat in seats)}'s {event.replace('_', ' ')}"


def skip_reason(state: JSON, seat: int, phase: str, turn: int) -> tuple[str, str] | None:
    """(rule, sentence) when the rules skip ``phase`` for this colony this turn, else None."""
    colony = state["colonies"][seat]
    if colony["gave_up"]:
        return REBEL_PHASE, "This colony's Settlers gave up; it plays no more phases."
    if phase in ("draw", "ship") and turn == 1:
        return PHASE_SECTIONS[phase], FIRST_TURN
    if phase == "ship" and colony["no_ship_turn"] == turn:
        return HARDSHIP_PHASE, "Storm: No Ship for you next turn."
    if phase in _SEASON_ONLY and season_of(colony, turn) != _SEASON_ONLY[phase]:
        return PHASE_SECTIONS[phase], f"Skip this phase if it is not {_SEASON_ONLY[phase]}."
    if phase in ("starve", "rebel") and not colony["shortage"]:
        return PHASE_SECTIONS[phase], "Skip this phase if there was no Food shortage."
    return None


def entered(table: Table, move: Move, *steps: str) -> None:
    """Play ``move`` only at one of the ``steps`` of the game (setup steps, "play"): at any other it
    cannot be applied at all."""
    step = stage(table.state)
    if step not in steps:
        raise EngineError(f"A '{move.type}' event cannot be played during {step}.")


def playing(table: Table, move: Move) -> int:
    """The turn a phase event is played in; it cannot be applied at all before the colonies are
    founded or after the end (read straight off the state: the turns have begun and not ended)."""
    cursor = table.state["cursor"]
    if cursor is None or table.state["over"]:
        entered(table, move, "play")
    return cursor["turn"]


def report(table: Table, seat: int | None, phase: str, **numbers: JSON) -> None:
    """What the last phase did, for the view: the table checks its counters against it."""
    table.set("last", {"seat": seat, "phase": phase, **numbers})


def founded(table: Table) -> None:
    """Once every colony has its site, the first turn begins with the first phase due."""
    if table.state["cursor"] is None and stage(table.state) == "play":
        table.set("cursor", first_slot(table.state))


def advance(table: Table, move: Move) -> None:
    """After a phase: the next phase due, or the end (the 20 turns played, or every colony gave up).

    A phase logged out of turn (record plays) moves the turn on to it when it lies ahead in this
    turn; else it was applied and the phase due stays due."""
    state = table.state
    colonies = state["colonies"]
    if colonies[move.seat]["gave_up"] and all(colony["gave_up"] for colony in colonies):
        table.update(cursor=None, over="gave_up")
        return
    cursor = state["cursor"]
    on_turn = (move.type, move.seat) == slot_due(state, cursor)  # a phase was played: the turns have begun
    slot = cursor if on_turn else find_slot(state, move.seat, move.type)
    if slot is None and is_due(state, **cursor):
        return
    following = next_slot(state, slot or cursor)
    table.set("cursor", following)
    if following is None:
        table.set("over", "end")


@cache
def _successor(simultaneous: bool, seats: int, turn: int, phase: int, pos: int) -> tuple[int, int, int]:
    """The slot after (turn, phase, pos) in turn order at a table of ``seats`` colonies (kept: every play
    walks the same few thousand slots)."""
    if simultaneous:  # phase by phase, each colony in turn order
        pos += 1
        if pos == seats:
            pos, phase = 0, phase + 1
        if phase == len(PHASES):
            phase, turn = 0, turn + 1
    else:  # each colony plays all the phases of its turn
        phase += 1
        if phase == len(PHASES):
            phase, pos = 0, pos + 1
        if pos == seats:
            pos, turn = 0, turn + 1
    return turn, phase, pos


def is_due(state: JSON, turn: int, phase: int, pos: int) -> bool:
    """Whether the slot (turn, phase, pos) is played, not skipped."""
    return skip_reason(state, state["order"][pos], PHASES[phase], turn) is None


def first_slot(state: JSON) -> JSON | None:
    start = {"turn": 1, "phase": 0, "pos": 0}
    return start if is_due(state, **start) else next_slot(state, start)


def next_slot(state: JSON, cursor: JSON) -> JSON | None:
    """The next phase due after ``cursor``, or None when all 20 turns are played."""
    order, simultaneous = state["order"], state["options"]["simultaneous_turns"]
    turn, phase, pos = cursor["turn"], cursor["phase"], cursor["pos"]
    while True:
        turn, phase, pos = _successor(simultaneous, len(order), turn, phase, pos)
        if turn > TURNS:
            return None
        if skip_reason(state, order[pos], PHASES[phase], turn) is None:
            return {"turn": turn, "phase": phase, "pos": pos}


def find_slot(state: JSON, seat: int, phase: str) -> JSON | None:
    """The slot of ``seat``'s ``phase`` from the cursor on, in the same turn (record plays)."""
    cursor = state["cursor"]
    turn, at, pos = cursor["turn"], cursor["phase"], cursor["pos"]
    while turn == cursor["turn"]:
        if state["order"][pos] == seat and PHASES[at] == phase:
            return {"turn": turn, "phase": at, "pos": pos}
        turn, at, pos = _successor(state["options"]["simultaneous_turns"], len(state["order"]), turn, at, pos)
    return None
