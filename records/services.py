"""Writes: creating clubs and plays, appending events, rebuilding the derived caches.

Every append runs in one transaction: lock the play row, judge the event against the cached
latest state, insert it with ``seq = last + 1`` and its link in the hash chain, update the
cached state. The same :func:`_advance` step serves appends and ``rebuild_caches``, so a
rebuild reaches exactly the caches the appends left.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, transaction
from django.dispatch import Signal
from django.utils import timezone
from psycopg.types.json import Jsonb
from rest_framework.exceptions import ValidationError

from games import registry
from games.contract import JSON, Move, Seat, Violation, shape_errors
from records import chain
from records.bulk import copy_rows
from records.errors import EngineFailed, IdempotencyConflict, RuleViolation, SeqConflict, SetupRefused
from records.meta import META_EVENT_TYPES, RULE_LOG
from records.models import (
    SCHEMA_VERSION,
    Club,
    Event,
    Membership,
    Mode,
    Play,
    Player,
    PlaySeat,
    Role,
    Snapshot,
    Status,
)
from records.replay import SNAPSHOT_EVERY, engine_of, initial_state, judge, replay, voiding, voids_as_of

#: The Play fields derived from its events.
CACHES = ["last_seq", "last_hash", "state", "status", "outcome", "finished_position"]

#: Sent inside the appending transaction; receivers defer their work to its commit.
events_appended = Signal()

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class NewEvent:
    type: str
    seat: int | None = None
    data: dict[str, JSON] = field(default_factory=dict)
    expected_seq: int | None = None
    occurred_at: datetime | None = None

    def same_as(self, event: Event) -> bool:
        return (self.type, self.seat, self.data, self.occurred_at) == (
            event.type,
            event.seat,
            event.data,
            event.occurred_at,
        )


@dataclass
class Appended:
    play: Play
    events: list[Event]
    #: True when every event was already stored under its idempotency key.
    replayed: bool
    #: seq -> violations, for the events a record play stored although the rules refuse them.
    flags: dict[int, list[Violation]]
    #: Voided seq -> the seq of the correction or ruling among ``events`` that voided it: its
    #: target and, in a strict play, the later moves it voided as its consequence.
    voided: dict[int, int]


@dataclass(frozen=True)
class SeatSpec:
    player: Player
    colour: str = ""
    team: str = ""


def create_club(*, name: str, slug: str, is_public: bool, owner: User, keeps_secrets: bool = False) -> Club:
    with transaction.atomic():
        club = Club.objects.create(name=name, slug=slug, is_public=is_public, keeps_secrets=keeps_secrets)
        Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


@transaction.atomic
def create_play(
    *,
    club: Club,
    game: str,
    seats: list[SeatSpec],
    options: dict[str, JSON],
    mode: str = Mode.STRICT,
    edition: str = "",
    played_on: date | None = None,
    location: str = "",
    user: User | None = None,
) -> Play:
    """A new play, its seats and the engine's table before any event. Seats and options the
    rulebook does not start a game with are a :class:`SetupRefused` (422); an engine that
    fails on them is a bug, :class:`EngineFailed` (500), logged with its traceback. Either way nothing is stored."""
    engine = registry.get(game)
    try:
        refused = engine.refuse_setup([Seat(colour=s.colour, team=s.team) for s in seats], options)
    except Exception as exc:
        raise _setup_failed(game, exc) from exc
    if refused:
        raise SetupRefused(title=engine.title, violations=refused)
    play = Play(
        club=club,
        game=game,
        edition=edition,
        options=options,
        mode=mode,
        played_on=played_on or timezone.localdate(),
        location=location,
        created_by=user,
        last_hash=chain.GENESIS,
        engine_fingerprint=registry.fingerprint(game),
    )
    try:
        play.state = initial_state(play, seats)
    except Exception as exc:
        raise _setup_failed(game, exc) from exc
    play.save()
    PlaySeat.objects.bulk_create(
        PlaySeat(play=play, position=n, player=s.player, colour=s.colour, team=s.team) for n, s in enumerate(seats)
    )
    return play


def _setup_failed(game: str, exc: Exception) -> EngineFailed:
    """An engine that raised on seats and options that fit its schema: a bug, not a rule; the
    traceback goes to the log, the answer names the engine."""
    logger.error("engine %s failed on a new play's seats and options", game, exc_info=exc)
    return EngineFailed(game)


@dataclass(frozen=True)
class Locked:
    """A play locked for an append, with what the appender's rights are read from."""

    play: Play
    seat_count: int
    #: The appending user's role in the play's club (None: none, or no user).
    role: Role | None
    user: User | None


@contextmanager
def lock_play(play_id: int, user: User | AnonymousUser | None) -> Iterator[Locked]:
    """A transaction holding play ``play_id``'s row lock, for :func:`append_locked`. The same
    query counts its seats and reads its club (the slug and whether it is public; the rest on
    demand) and ``user``'s role there: what the API asks before it appends, which took a query
    of its own (#21). Play.DoesNotExist where there is no such play."""
    appender = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        row = next(iter(Play.objects.raw(_LOCKED, [None if appender is None else appender.pk, play_id])), None)
        if row is None:
            raise Play.DoesNotExist(f"No play {play_id}.")
        club = Club.from_db(
            connection.alias, ["id", "slug", "is_public"], [row.club_id, row.club_slug, row.club_is_public]
        )
        Play.club.field.set_cached_value(row, club)
        role = None if row.role_of_user is None else Role(row.role_of_user)
        yield Locked(row, row.seat_count, role, appender)


def append_events(
    *, play_id: int, events: list[NewEvent], user: User | None, idempotency_key: str | None = None
) -> Appended:
    """Append ``events`` to play ``play_id``: :func:`append_locked` under its lock."""
    with lock_play(play_id, user) as locked:
        return append_locked(locked, events, idempotency_key=idempotency_key)


def append_locked(locked: Locked, events: list[NewEvent], *, idempotency_key: str | None = None) -> Appended:
    """Append ``events`` to the locked play, all or none, as its locker. With a key, a retry
    returns what is stored.

    A batch takes the key ``"{key}:{index}"`` per event, so a retried batch is recognised too.
    Game events are inserted together, in one statement per run of them: a meta event reads
    the log, so the run before it is inserted first.
    """
    play = fresh(locked.play)
    _check_shapes(play, events, locked.seat_count)
    keys = [
        idempotency_key if len(events) == 1 or idempotency_key is None else f"{idempotency_key}:{index}"
        for index in range(len(events))
    ]
    known = {e.idempotency_key: e for e in play.events.filter(idempotency_key__in=keys)} if idempotency_key else {}
    stored, created, pending, snapshots, flags, finisher = [], [], [], [], {}, None
    recorded_at = timezone.now()
    for new, key in zip(events, keys):
        existing = known.get(key)
        if existing is not None:
            if not new.same_as(existing):
                raise IdempotencyConflict(key=key, seq=existing.seq)
            stored.append(existing)
            continue
        if new.expected_seq is not None and new.expected_seq != play.last_seq:
            raise SeqConflict(expected=new.expected_seq, current=play.last_seq)
        fields = {
            "play_id": play.pk,
            "seq": play.last_seq + 1,
            "type": new.type,
            "seat": new.seat,
            "data": new.data,
            "occurred_at": new.occurred_at,
            "recorded_at": recorded_at,
            "recorded_by_id": None if locked.user is None else locked.user.pk,
            "idempotency_key": key,
            "schema_version": SCHEMA_VERSION,
        }
        event = _new_event(fields, play.last_hash, chain.link(play.last_hash, chain.canonical(**fields)), locked.user)
        if event.type in META_EVENT_TYPES:
            _insert(pending)
        refused = _refusal(play, event)
        if refused:
            raise RuleViolation(seq=event.seq, violations=refused)
        violations, finishes = _advance(play, event, snapshots, strict=play.mode == Mode.STRICT)
        if finishes:
            finisher = event
        elif play.outcome is None:
            finisher = None
        if violations:
            flags[event.seq] = violations
        pending.append(event)
        created.append(event)
        stored.append(event)
    if created:
        _insert(pending)
        Snapshot.objects.bulk_create(snapshots)
        if finisher is not None:
            play.finished_position = finisher.position
        _save_caches(play)
        events_appended.send(sender=Play, play=play)
    voiders = {e.seq for e in stored if e.type in ("correction", "ruling")}
    voided = voids_as_of(play, play.last_seq) if voiders else {}
    return Appended(
        play=play,
        events=stored,
        replayed=not created,
        flags=flags,
        voided={seq: by for seq, by in sorted(voided.items()) if by in voiders},
    )


def _new_event(fields: dict, prev_hash: str, hash: str, user: User | None) -> Event:
    """An event not yet inserted, of ``fields`` (the columns before ``prev_hash``, in order) and
    its link in the chain. Built from positional values, in the order of the model's fields:
    a third of the cost of keywords, which was a fifth of the batch path's (#21)."""
    event = Event(None, *fields.values(), prev_hash, hash)
    Event.recorded_by.field.set_cached_value(event, user)  # the answer names the recorder
    return event


def _insert(pending: list[Event]) -> None:
    """Insert the pending events and read back their positions: one event with an INSERT
    that returns its position, more with one binary COPY (records.bulk) and a SELECT of theirs.

    The profile of the batch path showed the ORM's INSERT compilation costing more than the
    rest of an append together, so both statements are written out. COPY takes a batch in for
    half the Python that an INSERT of arrays costs (0.43 against 0.89 s for 20,000 events); for
    one row its protocol costs two more round trips than an INSERT, which at 4 clients over
    HTTP cost the appends about a tenth of their rate and p99. Both take the rows through the
    same triggers and constraints, and the identity and ``tx_id`` defaults fill in as for any
    insert.
    """
    if not pending:
        return
    rows = [[Jsonb(event.data) if name == "data" else getattr(event, name) for name in _COLUMNS] for event in pending]
    with connection.cursor() as cursor, connection.wrap_database_errors:
        if len(rows) == 1:
            cursor.execute(_INSERT_ONE, rows[0])
        else:
            with copy_rows(cursor, "records_event", _COLUMNS) as write:
                for row in rows:
                    write(row)
            cursor.execute(
                "SELECT position FROM records_event WHERE play_id = %s AND seq >= %s ORDER BY seq",
                [pending[0].play_id, pending[0].seq],
            )
        for event, (position,) in zip(pending, cursor.fetchall(), strict=True):
            event.position = position
            event._state.adding = False
    pending.clear()


#: The event's columns an insert writes, in the model's order (after ``position``), with
#: their types for the binary COPY of a batch.
_COLUMNS = {
    "play_id": "int8",
    "seq": "int4",
    "type": "text",
    "seat": "int2",
    "data": "jsonb",
    "occurred_at": "timestamptz",
    "recorded_at": "timestamptz",
    "recorded_by_id": "int4",
    "idempotency_key": "text",
    "schema_version": "int2",
    "prev_hash": "text",
    "hash": "text",
}
_INSERT_ONE = (
    f"INSERT INTO records_event ({', '.join(_COLUMNS)}) VALUES ({', '.join(['%s'] * len(_COLUMNS))}) RETURNING position"
)


def _save_caches(play: Play, *also: str) -> None:
    """Write the play's caches (and the fields ``also`` names) by a statement written out: the
    ORM took longer to compile it than PostgreSQL to run it. The values are prepared by their
    fields, as the ORM prepares them."""
    names = [*CACHES, *also]
    values = [Play._meta.get_field(name).get_db_prep_save(getattr(play, name), connection) for name in names]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE records_play SET {', '.join(f'{name} = %s' for name in names)} WHERE id = %s", [*values, play.pk]
        )


#: The play an append locks, with its seats counted (FOR UPDATE takes no GROUP BY), its club, and
#: a user's role there. Written out: the ORM took longer to compile it than PostgreSQL to run it.
_LOCKED = (
    "SELECT p.*, (SELECT count(*) FROM records_playseat s WHERE s.play_id = p.id) AS seat_count, "
    "c.slug AS club_slug, c.is_public AS club_is_public, "
    "(SELECT m.role FROM records_membership m WHERE m.club_id = c.id AND m.user_id = %s LIMIT 1) AS role_of_user "
    "FROM records_play p JOIN records_club c ON c.id = p.club_id WHERE p.id = %s FOR UPDATE OF p"
)


def _check_shapes(play: Play, events: list[NewEvent], seat_count: int) -> None:
    engine = engine_of(play)
    errors = {}
    for index, new in enumerate(events):
        found = shape_errors(engine, Move(new.type, new.seat, new.data), seat_count, META_EVENT_TYPES)
        for name, messages in found.items():
            errors[name if len(events) == 1 else f"events[{index}].{name}"] = messages
    if errors:
        raise ValidationError(errors)


def _refusal(play: Play, event: Event) -> list[Violation]:
    """Rules of the log itself, refused in every mode: what a meta event points at must exist
    and make sense, and nothing but meta events follows an abandonment."""
    if event.type not in META_EVENT_TYPES:
        if play.status == Status.ABANDONED:
            return [Violation(RULE_LOG, "The play was abandoned; no game event may follow.")]
        return []
    data, last = event.data, play.last_seq
    if event.type == "abandon" and play.status != Status.IN_PROGRESS:
        return [Violation(RULE_LOG, f"A play that is {play.get_status_display().lower()} cannot be abandoned.")]
    if event.type in ("correction", "dispute"):
        target = play.events.filter(seq=data["seq"]).first() if data["seq"] <= last else None
        if target is None or target.type in META_EVENT_TYPES:
            return [Violation(RULE_LOG, f"Seq {data['seq']} is not a game event of this play.")]
        if event.type == "correction":
            return _voided_already(play, data["seq"])
    if event.type == "ruling":
        dispute = play.events.filter(seq=data["dispute"], type="dispute").first()
        if dispute is None:
            return [Violation(RULE_LOG, f"Seq {data['dispute']} is not a dispute.")]
        if play.events.filter(type="ruling", data__dispute=data["dispute"]).exists():
            return [Violation(RULE_LOG, f"The dispute at seq {data['dispute']} has been ruled on already.")]
        if data.get("void"):
            return _voided_already(play, dispute.data["seq"])
    return []


def _voided_already(play: Play, seq: int) -> list[Violation]:
    """A move is voided once: by a correction or ruling, or as the consequence of one."""
    by = voids_as_of(play, play.last_seq).get(seq)
    return [] if by is None else [Violation(RULE_LOG, f"Seq {seq} is already voided, by seq {by}.")]


def _voided_target(play: Play, event: Event) -> int | None:
    if event.type == "correction":
        return event.data["seq"]
    if event.type == "ruling" and event.data.get("void"):
        return play.events.get(seq=event.data["dispute"]).data["seq"]
    return None


def _advance(play: Play, event: Event, snapshots: list[Snapshot], *, strict: bool) -> tuple[list[Violation], bool]:
    """Judge ``event`` (seq ``play.last_seq + 1``) and move the play's caches past it; every
    ``SNAPSHOT_EVERY`` events, add a snapshot to ``snapshots``, for the caller to save with
    the rest (a replay before then starts from an earlier one, to the same state).

    Returns the violations a record play stores it with, and whether this event decides the
    outcome (the play's ``finished_position`` is then its position). In a strict play a game
    event the rules refuse raises; a void never does: what it voids as its consequence is the
    fold's business (:func:`records.replay.voiding`), the same here as in any replay.
    """
    engine = engine_of(play)
    violations: list[Violation] = []
    target = _voided_target(play, event)
    if target is not None:
        voided = voiding(play, voids_as_of(play, play.last_seq), target, event.seq)
        state, _ = replay(play, play.last_seq, voided)
    elif event.type in META_EVENT_TYPES:
        state = play.state
    else:
        move = Move(event.type, event.seat, event.data)
        violations, state = judge(
            engine, play.state, move, at=(play.pk, event.seq), over=play.outcome is not None, strict=strict
        )
        if strict and violations:
            raise RuleViolation(seq=event.seq, violations=violations)

    outcome = engine.outcome(state)
    outcome_dict = None if outcome is None else outcome.as_dict()
    decides = outcome_dict != play.outcome
    if decides and outcome is None:
        play.finished_position = None
    play.outcome = outcome_dict
    if event.type == "abandon":
        play.status = Status.ABANDONED
    elif play.status != Status.ABANDONED:
        play.status = Status.IN_PROGRESS if outcome is None else Status.FINISHED
    play.state = state
    play.last_seq = event.seq
    play.last_hash = event.hash
    if event.seq % SNAPSHOT_EVERY == 0:
        snapshots.append(Snapshot(play_id=play.pk, seq=event.seq, state=state))
    return violations, decides and outcome is not None


@transaction.atomic
def rebuild_play_caches(play_id: int) -> Play:
    """Recompute every cache of a play from its events, as the appends computed them."""
    play = Play.objects.select_for_update().get(pk=play_id)
    events = list(play.events.order_by("seq"))
    play.snapshots.all().delete()
    play.state, play.outcome, play.finished_position = initial_state(play), None, None
    play.status, play.last_seq, play.last_hash = Status.IN_PROGRESS, 0, chain.GENESIS
    snapshots = []
    for event in events:
        _, finishes = _advance(play, event, snapshots, strict=False)
        if finishes:
            play.finished_position = event.position
    Snapshot.objects.bulk_create(snapshots)
    play.engine_fingerprint = registry.fingerprint(play.game)
    _save_caches(play, "engine_fingerprint")
    return play


def fresh(play: Play) -> Play:
    """The play, its caches rebuilt first if they were computed by another version of its
    engine (after an upgrade, a cached state may lack what the engine now keeps)."""
    if play.engine_fingerprint == registry.fingerprint(play.game):
        return play
    return rebuild_play_caches(play.pk)
