"""Folding a play's log: the state of a play as of any seq, exactly as the table saw it.

State "as of seq K" folds the game events 1..K, skipping those voided by corrections and
rulings recorded up to K. Snapshots (every ``SNAPSHOT_EVERY`` events) hold the state as of
their seq; one is a valid start for seq K unless a void recorded after it reaches back
before it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from games import registry
from games.contract import JSON, Engine, Move, Seat, Violation
from records.meta import META_EVENT_TYPES, void_targets
from records.models import Event, Play

SNAPSHOT_EVERY = 100
VOID_SOURCES = ("correction", "ruling", "dispute")
RULE_ENGINE = "Tablelog: engine"

logger = logging.getLogger(__name__)


def engine_of(play: Play) -> Engine:
    return registry.get(play.game)


def initial_state(play: Play, seats: Iterable | None = None) -> JSON:
    """The state before any event. ``seats`` (anything with a colour and a team) stand in for
    the play's own while they are not saved yet."""
    seats = play.seats.all() if seats is None else seats
    return engine_of(play).setup([Seat(colour=s.colour, team=s.team) for s in seats], play.options)


def as_move(event: Event) -> Move:
    return Move(event.type, event.seat, event.data)


def judge(engine: Engine, state: JSON, move: Move) -> tuple[list[Violation], JSON]:
    """The rules ``move`` breaks and the state after it. An engine that fails on a move it
    was given (a bug, or a move beyond what it can apply) leaves the state as it was and
    says so as a violation, so bad input never becomes a server error."""
    try:
        violations = engine.check(state, move)
    except Exception as exc:
        return [_engine_failure(engine, move, "judge", exc)], state
    try:
        return violations, engine.apply(state, move)
    except Exception as exc:
        return [*violations, _engine_failure(engine, move, "apply", exc)], state


def _engine_failure(engine: Engine, move: Move, what: str, exc: Exception) -> Violation:
    logger.warning("engine %s could not %s %s: %r", engine.slug, what, move, exc, exc_info=True)
    return Violation(RULE_ENGINE, f"The {engine.slug} engine could not {what} this move: {str(exc).rstrip('.')}.")


def fold(
    engine: Engine, state: JSON, events: Iterable, voided: dict[int, int]
) -> tuple[JSON, list[tuple[int, list[Violation]]]]:
    """Fold the game events not voided (events, or rows with their seq, type, seat and data);
    return the state and (seq, violations) of each the rules refuse."""
    flagged = []
    for event in events:
        if event.type in META_EVENT_TYPES or event.seq in voided:
            continue
        violations, state = judge(engine, state, as_move(event))
        if violations:
            flagged.append((event.seq, violations))
    return state, flagged


def voids_as_of(play: Play, seq: int) -> dict[int, int]:
    return void_targets(play.events.filter(seq__lte=seq, type__in=VOID_SOURCES).order_by("seq"))


def replay(play: Play, seq: int, voided: dict[int, int]) -> tuple[JSON, list[tuple[int, list[Violation]]]]:
    """The state after folding up to ``seq`` with ``voided``, from the latest usable snapshot
    (one whose state no later void reaches back before)."""
    snapshots = play.snapshots.filter(seq__lte=seq).order_by("-seq").values_list("seq", flat=True)
    start = next((s for s in snapshots if all(t > s for t, by in voided.items() if by > s)), 0)
    state = play.snapshots.get(seq=start).state if start else initial_state(play)
    # Rows, not model instances: building an Event costs more than folding it.
    events = play.events.filter(seq__gt=start, seq__lte=seq).order_by("seq")
    return fold(engine_of(play), state, events.values_list("seq", "type", "seat", "data", named=True), voided)


def state_as_of(play: Play, seq: int) -> JSON:
    if seq == play.last_seq:
        return play.state
    state, _ = replay(play, seq, voids_as_of(play, seq))
    return state
