"""The projector reads the event table as its outbox: committed order, checkpoint, workers."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import kombu.exceptions
import psycopg
import pytest
from django.db import connection, connections, transaction

from analytics import selectors, services
from analytics.models import Checkpoint, PlayResult, Rating, RatingChange
from analytics.tasks import WakeUpTask, project_all
from records import services as records
from records.models import Event
from tests.analytics.conftest import project_committed
from tests.factories import new_play

ROOT = Path(__file__).resolve().parents[2]
BOUND = 120  # seconds any wait in this file may take before the test fails
NUDGE_EVERY = 10  # seconds


def finish(play, scores):
    return records.append_events(
        play_id=play.pk, events=[records.NewEvent("finish", None, {"scores": scores})], user=None
    )


def wait_for(condition, what: str, *, nudge=None):
    """Poll ``condition`` until it holds (at most ``BOUND`` seconds). ``nudge`` is called every
    ``NUDGE_EVERY`` seconds: standing in for beat, should another session's long transaction
    on the shared server hold the events back longer than a woken task keeps retrying."""
    start = time.monotonic()
    nudged = start
    while not condition():
        now = time.monotonic()
        assert now < start + BOUND, f"gave up waiting for {what}"
        if nudge is not None and now > nudged + NUDGE_EVERY:
            nudge()
            nudged = now
        time.sleep(0.1)


def test_an_event_committed_after_a_higher_position_is_still_projected(committed_db, club):
    ada, bo = club["players"][:2]
    slow_play, quick_play = new_play(club["club"], [ada, bo]), new_play(club["club"], [ada, bo])
    appended, release = threading.Event(), threading.Event()
    positions = {}

    def append_and_hold():
        try:
            with transaction.atomic():
                positions["slow"] = finish(slow_play, [3, 1]).events[0].position
                appended.set()
                assert release.wait(BOUND)
        finally:
            connections.close_all()

    holder = threading.Thread(target=append_and_hold)
    holder.start()
    try:
        assert appended.wait(BOUND)
        positions["quick"] = finish(quick_play, [1, 3]).events[0].position
        services.project_pending()
        assert not PlayResult.objects.filter(play=slow_play).exists()
    finally:
        release.set()
        holder.join(BOUND)
    assert positions["slow"] < positions["quick"]
    project_committed(BOUND)
    assert set(PlayResult.objects.values_list("play_id", flat=True)) == {slow_play.pk, quick_play.pk}


def test_the_checkpoint_moves_with_the_rows_and_a_second_run_finds_nothing(committed_db, club):
    play = new_play(club["club"], club["players"][:2])
    finish(play, [2, 1])
    project_committed(BOUND)
    checkpoint = Checkpoint.objects.get(name=services.PROJECTION)
    last = Event.objects.get(play=play)
    assert (checkpoint.tx_id, checkpoint.position, checkpoint.as_of) == (last.tx_id, last.position, last.position)
    assert services.project_batch() == 0
    assert not selectors.held_back()


def test_one_consumer_at_a_time_under_the_advisory_lock(committed_db, club):
    play = new_play(club["club"], club["players"][:2])
    finish(play, [2, 1])
    outcome = {}

    def run_projector():
        try:
            project_committed(BOUND)
            outcome["done"] = True
        finally:
            connections.close_all()

    with psycopg.connect(_test_database_url(), autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(hashtext(%s))", [f"analytics:{services.PROJECTION}"])
        runner = threading.Thread(target=run_projector)
        runner.start()
        try:
            wait_for(lambda: _waiting_on("advisory", "%pg_advisory_xact_lock%"), "the projector to wait for the lock")
            assert not PlayResult.objects.exists()
        finally:
            other.execute("SELECT pg_advisory_unlock(hashtext(%s))", [f"analytics:{services.PROJECTION}"])
        runner.join(BOUND)
    assert outcome == {"done": True}
    assert PlayResult.objects.filter(play=play).exists()


def test_an_append_succeeds_even_when_the_wake_up_cannot_be_sent(committed_db, club, monkeypatch):
    def broker_down(*args, **kwargs):
        raise kombu.exceptions.OperationalError("the broker is unreachable")

    monkeypatch.setattr(project_all, "apply_async", broker_down)
    # Put back after the test: the failure leaves this process's wake-ups off for a while.
    monkeypatch.setattr(WakeUpTask, "_broker_down_until", 0.0)
    play = new_play(club["club"], club["players"][:2])
    appended = finish(play, [1, 2])
    assert Event.objects.filter(pk=appended.events[0].position).exists()
    project_committed(BOUND)
    assert PlayResult.objects.filter(play=play).exists()


def test_commits_queue_one_wake_up_until_a_worker_takes_it(committed_db, club, wake_up_queue):
    def queued() -> int:
        with project_all.app.pool.acquire(block=True) as broker:
            return broker.default_channel.client.llen(wake_up_queue)

    plays = [new_play(club["club"], club["players"][:2]) for _ in range(3)]
    for play in plays[:2]:
        finish(play, [1, 2])
    assert queued() == 1
    project_all.taken()
    finish(plays[2], [2, 1])
    assert queued() == 2


def _test_database_url() -> str:
    """The test database as a URL, for another connection or process. Host and port go in the
    query, so a socket folder (the embedded server's) works as well as a TCP host."""
    db = connection.settings_dict
    where = {"host": db["HOST"] or db["OPTIONS"].get("host"), "port": db["PORT"] or db["OPTIONS"].get("port")}
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgresql://{db['USER']}{password}@/{db['NAME']}?{urlencode({k: v for k, v in where.items() if v})}"


@pytest.fixture
def start_worker(committed_db, wake_up_queue):
    """Start ``celery -A config worker`` on the test database and queue; killed at the end."""
    started = []

    def start() -> subprocess.Popen:
        env = {**os.environ, "DATABASE_URL": _test_database_url()}
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", wake_up_queue, "--pool=solo"]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=WARNING"]
        process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(BOUND)


def test_a_real_worker_projects_after_an_append(start_worker, club):
    start_worker()
    play = new_play(club["club"], club["players"][:3])
    finish(play, [5, 9, 7])
    wait_for(lambda: PlayResult.objects.filter(play=play).exists(), "the worker to project", nudge=project_all.delay)
    assert Rating.objects.filter(club=None, game="").count() == 3


def test_a_worker_killed_mid_batch_loses_nothing_and_counts_nothing_twice(start_worker, club):
    Checkpoint.objects.create(name=services.PROJECTION)
    plays = [new_play(club["club"], club["players"][:3]) for _ in range(3)]
    with psycopg.connect(_test_database_url(), autocommit=False) as blocker:
        # A table lock, not a row lock: it takes no transaction id, so it holds no snapshot's xmin back.
        blocker.execute("LOCK TABLE analytics_checkpoint IN EXCLUSIVE MODE")
        for n, play in enumerate(plays):
            finish(play, [n, 2, 1])
        worker = start_worker()
        # The worker has written its rows and now waits to move the checkpoint: mid-batch.
        wait_for(
            lambda: _waiting_on("%", 'UPDATE "analytics_checkpoint"%'),
            "the worker to reach the checkpoint",
            nudge=project_all.delay,
        )
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(BOUND)
        assert not PlayResult.objects.exists()
        blocker.rollback()
    project_committed(BOUND)
    assert PlayResult.objects.count() == 3
    assert RatingChange.objects.filter(club=None, game="").count() == 9
    assert sorted(Rating.objects.filter(club=None, game="").values_list("plays", flat=True)) == [3, 3, 3]


def _waiting_on(lock: str, query: str) -> bool:
    """Whether a session of the test database waits for a lock of that kind, running that query.
    Asked on the test's own connection: within a transaction, pg_stat_activity would not change."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
            AND wait_event_type = 'Lock' AND wait_event LIKE %s AND query LIKE %s
            """,
            [lock, query],
        )
        return cursor.fetchone()[0] > 0
