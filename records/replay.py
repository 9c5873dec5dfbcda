"""Folding a play's log: the state of a play as of any seq, exactly as the table saw it.

State "as of seq K" folds the game events 1..K, skipping those voided by corrections and
rulings recorded up to K. In a strict play every game event the fold applies follows the
rules: a void also voids, as its consequence, each later game event the rules refuse once
the voided one is gone (:func:`voiding`). Which events a void voids depends only on the log
up to it, so the voids as of K are those of the whole log recorded up to K, and a void
never brings back what an earlier one voided.

Snapshots (every ``SNAPSHOT_EVERY`` events) hold the state as of their seq; one is a valid
start for seq K unless a void recorded after it reaches back before it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from games import registry
from games.contract import JSON, Engine, EngineError, Move, Seat, Violation
from records.errors import EngineFailed
from records.meta import META_EVENT_TYPES, RULE_LOG, void_targets
from records.models import Event, Mode, Play

SNAPSHOT_EVERY = 100
VOID_SOURCES = ("correction", "ruling", "dispute")
RULE_ENGINE = "Tablelog: engine"
GAME_OVER = Violation(RULE_LOG, "The game is over; no game event may follow its outcome.")

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


def judge(
    engine: Engine, state: JSON, move: Move, *, at: tuple[int, int], over: bool = False, strict: bool = False
) -> tuple[list[Violation], JSON]:
    """The rules ``move`` breaks and the state after it; ``over`` when the game has its
    outcome already, which no game event may follow. A move the rules refuse is applied as
    the table played it, unless ``strict``: then the state stays as it was, as it does when
    the engine says the move cannot be applied at all (:class:`EngineError`, noted as a
    violation). Any other exception is an engine bug, not a rule: it is logged with ``at``
    (the play's id and the move's seq) and its traceback, and raised as :class:`EngineFailed`."""
    refused = [GAME_OVER] if over else []
    try:
        violations = [*refused, *engine.check(state, move)]
        if strict and violations:
            return violations, state
        try:
            return violations, engine.apply(state, move)
        except EngineError as exc:
            reason = str(exc).rstrip(".")
            return [
                *violations,
                Violation(RULE_ENGINE, f"The {engine.slug} engine cannot apply this move: {reason}."),
            ], state
    except Exception as exc:
        play, seq = at
        logger.error("engine %s failed on play %s at seq %s: %r", engine.slug, play, seq, move, exc_info=exc)
        raise EngineFailed(engine.slug, seq) from exc


def fold(
    engine: Engine,
    state: JSON,
    events: Iterable,
    voided: dict[int, int],
    *,
    play_id: int,
    strict_after: int | None = None,
) -> tuple[JSON, list[tuple[int, list[Violation]]]]:
    """Fold the game events not voided (events, or rows with their seq, type, seat and data)
    of play ``play_id``; return the state and (seq, violations) of each the rules refuse.
    After ``strict_after`` (the target of a strict play's void, see :func:`voiding`) an
    event the rules refuse, those of the log included, is skipped rather than applied."""
    flagged = []
    for event in events:
        if event.type in META_EVENT_TYPES or event.seq in voided:
            continue
        strict = strict_after is not None and event.seq > strict_after
        over = strict and engine.outcome(state) is not None
        violations, state = judge(engine, state, as_move(event), at=(play_id, event.seq), over=over, strict=strict)
        if violations:
            flagged.append((event.seq, violations))
    return state, flagged


def voids_as_of(play: Play, seq: int) -> dict[int, int]:
    """Voided seq -> seq of the correction or ruling that voided it, of those recorded up to
    ``seq``: each one's target and, in a strict play, its consequences."""
    voided: dict[int, int] = {}
    sources = play.events.filter(seq__lte=seq, type__in=VOID_SOURCES).order_by("seq")
    for target, by in void_targets(sources).items():
        voided = voiding(play, voided, target, by)
    return voided


def voiding(play: Play, voided: dict[int, int], target: int, by: int) -> dict[int, int]:
    """``voided`` (the voids recorded before ``by``) with ``target`` voided by the correction
    or ruling at ``by``; a seq voided already stays voided by what voided it first.

    In a strict play the void also voids, as its consequence, each later game event before
    ``by`` that the rules refuse on the table without ``target``, so that every game event
    the fold applies follows the rules, as the strict play promised when it stored them. A
    record play keeps those events as the table played them, flagged by the fold.
    """
    if target in voided:
        return voided
    voided = {**voided, target: by}
    if play.mode != Mode.STRICT:
        return voided
    between = play.events.filter(seq__gt=target, seq__lt=by).exclude(type__in=META_EVENT_TYPES)
    if not between.exclude(seq__in=list(voided)).exists():
        return voided
    _, refused = replay(play, by - 1, voided, strict_after=target)
    return voided | {seq: by for seq, _ in refused if seq > target}


def voided_by(voided: dict[int, int], by: int) -> list[int]:
    """The seqs the correction or ruling at ``by`` voided: its target, then its consequences."""
    return sorted(seq for seq, voider in voided.items() if voider == by)


def replay(
    play: Play, seq: int, voided: dict[int, int], *, strict_after: int | None = None
) -> tuple[JSON, list[tuple[int, list[Violation]]]]:
    """The state after folding up to ``seq`` with ``voided`` (see :func:`fold` for
    ``strict_after``), from the latest usable snapshot (one whose state no later void
    reaches back before)."""
    snapshots = play.snapshots.filter(seq__lte=seq).order_by("-seq").values_list("seq", flat=True)
    start = next((s for s in snapshots if all(t > s for t, by in voided.items() if by > s)), 0)
    state = play.snapshots.get(seq=start).state if start else initial_state(play)
    # Rows, not model instances: building an Event costs more than folding it.
    events = play.events.filter(seq__gt=start, seq__lte=seq).order_by("seq")
    rows = events.values_list("seq", "type", "seat", "data", named=True)
    return fold(engine_of(play), state, rows, voided, play_id=play.pk, strict_after=strict_after)


def state_as_of(play: Play, seq: int, voided: dict[int, int] | None = None) -> JSON:
    """The state as of ``seq``. ``voided``, the play's voids as of ``seq`` or later when the
    caller has them, saves computing them again: those recorded after ``seq`` are left out."""
    if seq == play.last_seq:
        return play.state
    if voided is None:
        voided = voids_as_of(play, seq)
    state, _ = replay(play, seq, {target: by for target, by in voided.items() if by <= seq})
    return state
