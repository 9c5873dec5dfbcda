"""The event store: immutable in the database itself, hash-chained, idempotent, ordered."""

import hashlib
import hmac
import json
import threading
from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.db.utils import InternalError, ProgrammingError

from records import chain, services
from records.errors import IdempotencyConflict, SeqConflict
from records.models import Event, Play
from tests.factories import new_play


def score(seat: int, points: int, **kwargs) -> services.NewEvent:
    return services.NewEvent(type="score", seat=seat, data={"points": points}, **kwargs)


@pytest.fixture
def play(club_setup):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:3])
    services.append_events(play_id=play.pk, events=[score(n % 3, n) for n in range(1, 6)], user=club["recorder"])
    return play


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE records_event SET data = '{\"points\": 99}' WHERE seq = 2",
        "DELETE FROM records_event WHERE seq = 2",
        "TRUNCATE records_event CASCADE",
    ],
)
def test_raw_sql_cannot_change_or_remove_an_event(play, statement):
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # settle the deferred FK checks first
    with pytest.raises((InternalError, ProgrammingError), match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert [e.data["points"] for e in Event.objects.filter(play=play).order_by("seq")] == [1, 2, 3, 4, 5]


def test_the_chain_links_every_event_to_the_one_before(play):
    events = list(play.events.order_by("seq"))
    assert events[0].prev_hash == chain.GENESIS
    assert all(b.prev_hash == a.hash for a, b in zip(events, events[1:]))
    assert chain.first_broken_seq(events) is None


def tamper(sql: str, params) -> None:
    """What only someone who switches the triggers off can do (rolled back with the test)."""
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE records_event DISABLE TRIGGER USER")
        cursor.execute(sql, params)
        cursor.execute("ALTER TABLE records_event ENABLE TRIGGER USER")


def test_tampering_is_found_at_the_right_seq(play, capsys):
    tamper("UPDATE records_event SET data = '{\"points\": 40}' WHERE play_id = %s AND seq = 3", [play.pk])
    assert chain.first_broken_seq(play.events.order_by("seq")) == 3
    with pytest.raises(SystemExit):
        call_command("verify_chain", str(play.pk))
    assert f"play {play.pk}: broken at seq 3" in capsys.readouterr().out


def test_a_full_rewrite_with_recomputed_hashes_is_found(play, capsys):
    """Someone with the database but not the service's key rewrites seq 3 and recomputes every
    hash after it, in the chain's own canonical form: plain SHA-256, or HMAC with a guessed key."""
    for forged_link in (
        lambda prev, body: hashlib.sha256(prev.encode() + body).hexdigest(),
        lambda prev, body: hmac.new(b"a guessed key", prev.encode() + body, hashlib.sha256).hexdigest(),
    ):
        events = list(play.events.order_by("seq"))
        prev = events[1].hash
        for event in events[2:]:
            if event.seq == 3:
                event.data = {"points": 40}
            body = chain.body_of(event)
            forged = forged_link(prev, body)
            tamper(
                "UPDATE records_event SET data = %s, prev_hash = %s, hash = %s WHERE position = %s",
                [json.dumps(event.data), prev, forged, event.position],
            )
            prev = forged
        assert chain.first_broken_seq(play.events.order_by("seq")) == 3
        with pytest.raises(SystemExit):
            call_command("verify_chain", str(play.pk))
        assert f"play {play.pk}: broken at seq 3" in capsys.readouterr().out


def test_a_removed_event_is_found_as_a_gap(play):
    tamper("DELETE FROM records_event WHERE play_id = %s AND seq = 4", [play.pk])
    assert chain.first_broken_seq(play.events.order_by("seq")) == 4


def test_every_event_carries_the_id_of_the_transaction_that_wrote_it(play):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_xact_id()::text::bigint")
        (current,) = cursor.fetchone()
    assert {e.tx_id for e in play.events.all()} == {current}


def test_an_appended_event_learns_the_position_it_was_stored_at_alone_or_in_a_batch(play, club_setup):
    """One event goes in with an INSERT that returns its position, a batch with a COPY read back
    (records.services._insert): either way each event answers with its own row's position."""
    recorder = club_setup["public"]["recorder"]
    alone = services.append_events(play_id=play.pk, events=[score(0, 6)], user=recorder).events
    batch = services.append_events(play_id=play.pk, events=[score(1, 7), score(2, 8)], user=recorder).events
    stored = dict(play.events.values_list("seq", "position"))
    assert [(e.seq, e.position) for e in alone + batch] == [(seq, stored[seq]) for seq in (6, 7, 8)]
    assert stored[5] < stored[6] < stored[7] < stored[8]


def test_an_appended_event_answers_with_the_fields_its_row_holds(play, club_setup):
    """The service builds the events it answers with from positional values (records.services
    ._new_event): each field must land where the row has it, the recorder included."""
    recorder = club_setup["public"]["recorder"]
    when = datetime(2026, 11, 27, 19, 30, tzinfo=UTC)
    events = [score(0, 6, occurred_at=when), score(2, 7)]
    appended = services.append_events(play_id=play.pk, events=events, user=recorder, idempotency_key="k").events
    names = [field.attname for field in Event._meta.concrete_fields if field.attname != "tx_id"]
    stored = {e.seq: e for e in play.events.filter(seq__in=[6, 7])}
    for event in appended:
        assert [getattr(event, name) for name in names] == [getattr(stored[event.seq], name) for name in names]
        assert event.recorded_by == recorder
    assert [(e.type, e.seat, e.data, e.occurred_at, e.idempotency_key) for e in appended] == [
        ("score", 0, {"points": 6}, when, "k:0"),
        ("score", 2, {"points": 7}, None, "k:1"),
    ]
    assert chain.first_broken_seq(play.events.order_by("seq")) is None


def test_an_idempotent_retry_returns_the_stored_event_and_stores_nothing(play, club_setup):
    recorder = club_setup["public"]["recorder"]
    first = services.append_events(play_id=play.pk, events=[score(0, 7)], user=recorder, idempotency_key="k-1")
    again = services.append_events(play_id=play.pk, events=[score(0, 7)], user=recorder, idempotency_key="k-1")
    assert not first.replayed and again.replayed
    assert again.events[0].position == first.events[0].position
    assert play.events.count() == 6


def test_a_retry_is_recognised_even_with_a_now_stale_expected_seq(play, club_setup):
    recorder = club_setup["public"]["recorder"]
    services.append_events(play_id=play.pk, events=[score(0, 7, expected_seq=5)], user=recorder, idempotency_key="k")
    again = services.append_events(
        play_id=play.pk, events=[score(0, 7, expected_seq=5)], user=recorder, idempotency_key="k"
    )
    assert again.replayed and again.events[0].seq == 6


def test_the_same_key_with_a_different_body_is_refused(play, club_setup):
    recorder = club_setup["public"]["recorder"]
    services.append_events(play_id=play.pk, events=[score(0, 7)], user=recorder, idempotency_key="k-2")
    with pytest.raises(IdempotencyConflict):
        services.append_events(play_id=play.pk, events=[score(0, 8)], user=recorder, idempotency_key="k-2")
    assert play.events.count() == 6


def test_a_retried_batch_is_recognised_event_by_event(play, club_setup):
    recorder = club_setup["public"]["recorder"]
    batch = [score(0, 1), score(1, 2)]
    services.append_events(play_id=play.pk, events=batch, user=recorder, idempotency_key="batch")
    again = services.append_events(play_id=play.pk, events=batch, user=recorder, idempotency_key="batch")
    assert again.replayed and [e.seq for e in again.events] == [6, 7]
    assert play.events.count() == 7


def test_expected_seq_mismatch_is_a_conflict_naming_the_current_seq(play, club_setup):
    with pytest.raises(SeqConflict) as raised:
        services.append_events(
            play_id=play.pk, events=[score(0, 1, expected_seq=3)], user=club_setup["public"]["recorder"]
        )
    assert raised.value.detail["current_seq"] == 5


def _append_concurrently(play_id: int, user, *, threads: int, per_thread: int, with_expected_seq: bool):
    """Each thread appends ``per_thread`` events on its own connection; with expected_seq it
    retries after each 409 from the seq the 409 reports. Returns (stored, conflicts)."""
    stored, conflicts, lock = [], [], threading.Lock()
    start = threading.Barrier(threads)

    def work(worker: int) -> None:
        start.wait()
        try:
            seen = 0
            for n in range(per_thread):
                while True:
                    event = score(worker % 3, worker * 1000 + n, expected_seq=seen if with_expected_seq else None)
                    try:
                        appended = services.append_events(play_id=play_id, events=[event], user=user)
                    except SeqConflict as conflict:
                        with lock:
                            conflicts.append(conflict.detail["current_seq"])
                        seen = conflict.detail["current_seq"]
                        continue
                    with lock:
                        stored.append(appended.events[0].data["points"])
                    seen = appended.events[0].seq
                    break
        finally:
            connections.close_all()

    workers = [threading.Thread(target=work, args=(w,)) for w in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return stored, conflicts


@pytest.mark.parametrize("with_expected_seq", [False, True], ids=["plain", "expected_seq"])
def test_sixteen_writers_get_seqs_without_gap_or_duplicate(committed_db, club_setup, with_expected_seq):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:3])
    stored, conflicts = _append_concurrently(
        play.pk, club["recorder"], threads=16, per_thread=5, with_expected_seq=with_expected_seq
    )
    events = list(Event.objects.filter(play=play).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, 81))
    assert sorted(e.data["points"] for e in events) == sorted(stored)
    assert sorted(stored) == sorted(w * 1000 + n for w in range(16) for n in range(5))
    assert chain.first_broken_seq(events) is None
    assert Play.objects.get(pk=play.pk).last_seq == 80
    if with_expected_seq:
        assert conflicts, "sixteen writers racing on expected_seq must see 409s"
        assert all(1 <= seq <= 80 for seq in conflicts)
    else:
        assert conflicts == []


def test_a_batch_is_all_or_none(play, club_setup):
    from records.errors import RuleViolation

    with pytest.raises(RuleViolation) as raised:
        services.append_events(
            play_id=play.pk,
            events=[score(0, 1), services.NewEvent("finish", None, {"scores": [1, 2]}), score(1, 1)],
            user=club_setup["public"]["recorder"],
        )
    assert raised.value.detail["seq"] == 7
    assert play.events.count() == 5


def test_rebuild_gives_identical_caches(play, club_setup):
    recorder = club_setup["public"]["recorder"]
    services.append_events(
        play_id=play.pk,
        events=[
            services.NewEvent("correction", None, {"seq": 2, "reason": "miscounted"}),
            score(1, 4),
            services.NewEvent("finish", None, {"reason": "time"}),
        ],
        user=recorder,
    )
    before = Play.objects.get(pk=play.pk)
    call_command("rebuild_caches")
    after = Play.objects.get(pk=play.pk)
    fields = ["status", "last_seq", "last_hash", "state", "outcome", "finished_position"]
    assert [getattr(after, f) for f in fields] == [getattr(before, f) for f in fields]
