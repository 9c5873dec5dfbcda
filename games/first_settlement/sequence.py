"""TURN SEQUENCE: whose move it is and which phase comes next.

Setup runs in turn order: the roll for first player, then each colony's preparation, then each
colony's site selection. Then each colony plays the 17 phases of its turn, one colony after
the other (or, with the simultaneous turns option, phase by phase in turn order), for 20
turns. A phase the rules skip for a colony (not Spring, no shortage...) is passed over; a
colony that gave up plays no more phases.
"""

from __future__ import annotations

from games.contract import JSON
from games.first_settlement.phases import PHASES, SECTIONS, TURNS, season_of

TURN_SEQUENCE = "TURN SEQUENCE"
FIRST_TURN = "Skip this phase the first turn of the game."
_SEASON_ONLY = {"plant": "Spring", "harvest": "Fall", "cold": "Winter"}


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


def expected(state: JSON) -> tuple[str, int | None] | None:
    """The event due next and the seat that makes it; None when the game is over."""
    step = stage(state)
    if step == "over":
        return None
    if step == "roll_for_first":
        return step, None
    if step == "play":
        cursor = state["cursor"]
        return PHASES[cursor["phase"]], state["order"][cursor["pos"]]
    done = "prepared" if step == "prepare_colony" else "sites"
    return step, next(seat for seat in state["order"] if not state["colonies"][seat][done])


def early_site_selection(state: JSON) -> tuple[str, int] | None:
    """While colonies are still being prepared, the site selection of the next colony to choose, once that
    colony is prepared: the rulebook does not say whether a colony selects its site before the next colony
    is prepared, so both orders are accepted (the view names preparations first)."""
    if stage(state) != "prepare_colony":
        return None
    colonies = state["colonies"]
    seat = next((seat for seat in state["order"] if not colonies[seat]["sites"]), None)
    return ("select_site", seat) if seat is not None and colonies[seat]["prepared"] else None


def skip_reason(state: JSON, seat: int, phase: str, turn: int) -> tuple[str, str] | None:
    """(rule, sentence) when the rules skip ``phase`` for this colony this turn, else None."""
    colony = state["colonies"][seat]
    if colony["gave_up"]:
        return SECTIONS["rebel"], "This colony's Settlers gave up; it plays no more phases."
    if phase in ("draw", "ship") and turn == 1:
        return SECTIONS[phase], FIRST_TURN
    if phase == "ship" and colony["no_ship_turn"] == turn:
        return SECTIONS["hardship"], "Storm: No Ship for you next turn."
    if phase in _SEASON_ONLY and season_of(colony, turn) != _SEASON_ONLY[phase]:
        return SECTIONS[phase], f"Skip this phase if it is not {_SEASON_ONLY[phase]}."
    if phase in ("starve", "rebel") and not colony["shortage"]:
        return SECTIONS[phase], "Skip this phase if there was no Food shortage."
    return None


def _successor(state: JSON, cursor: JSON) -> JSON:
    turn, phase, pos = cursor["turn"], cursor["phase"], cursor["pos"]
    if state["options"]["simultaneous_turns"]:  # phase by phase, each colony in turn order
        pos += 1
        if pos == len(state["order"]):
            pos, phase = 0, phase + 1
        if phase == len(PHASES):
            phase, turn = 0, turn + 1
    else:  # each colony plays all the phases of its turn
        phase += 1
        if phase == len(PHASES):
            phase, pos = 0, pos + 1
        if pos == len(state["order"]):
            pos, turn = 0, turn + 1
    return {"turn": turn, "phase": phase, "pos": pos}


def is_due(state: JSON, cursor: JSON) -> bool:
    seat = state["order"][cursor["pos"]]
    return skip_reason(state, seat, PHASES[cursor["phase"]], cursor["turn"]) is None


def first_slot(state: JSON) -> JSON | None:
    start = {"turn": 1, "phase": 0, "pos": 0}
    return start if is_due(state, start) else next_slot(state, start)


def next_slot(state: JSON, cursor: JSON) -> JSON | None:
    """The next phase due after ``cursor``, or None when all 20 turns are played."""
    cursor = _successor(state, cursor)
    while cursor["turn"] <= TURNS:
        if is_due(state, cursor):
            return cursor
        cursor = _successor(state, cursor)
    return None


def find_slot(state: JSON, seat: int, phase: str) -> JSON | None:
    """The slot of ``seat``'s ``phase`` from the cursor on, in the same turn (record plays)."""
    cursor = state["cursor"]
    turn = cursor["turn"]
    while cursor["turn"] == turn:
        if state["order"][cursor["pos"]] == seat and PHASES[cursor["phase"]] == phase:
            return cursor
        cursor = _successor(state, cursor)
    return None
