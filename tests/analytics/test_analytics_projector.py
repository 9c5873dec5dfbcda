"""The projector reads the event table as its outbox: committed order, checkpoint, workers."""

import os
import signal
import threading

import kombu.exceptions
import psycopg
from django.db import connections, transaction

from analytics import selectors, services
from analytics.models import Checkpoint, PlayResult, Rating, RatingChange
from analytics.tasks import WakeUpTask, project_all
from config.outage import Outage
from records import services as records
from records.models import Event
from tests.analytics.conftest import project_committed
from tests.factories import new_play
from tests.workers import BOUND, database_url, wait_for, waiting_on


def finish(play, scores):
    return records.append_events(
        play_id=play.pk, events=[records.NewEvent("finish", None, {"scores": scores})], user=None
    )


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

    with psycopg.connect(database_url(), autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(hashtext(%s))", [f"analytics:{services.PROJECTION}"])
        runner = threading.Thread(target=run_projector)
        runner.start()
        try:
            wait_for(lambda: waiting_on("advisory", "%pg_advisory_xact_lock%"), "the projector to wait for the lock")
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
    monkeypatch.setattr(WakeUpTask, "broker_down", Outage(WakeUpTask.broker_down.seconds))
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


def test_a_real_worker_projects_after_an_append(start_worker, club):
    start_worker()
    play = new_play(club["club"], club["players"][:3])
    finish(play, [5, 9, 7])
    wait_for(lambda: PlayResult.objects.filter(play=play).exists(), "the worker to project", nudge=project_all.delay)
    assert Rating.objects.filter(club=None, game="").count() == 3


def test_a_worker_killed_mid_batch_loses_nothing_and_counts_nothing_twice(start_worker, club):
    Checkpoint.objects.create(name=services.PROJECTION)
    plays = [new_play(club["club"], club["players"][:3]) for _ in range(3)]
    with psycopg.connect(database_url(), autocommit=False) as blocker:
        # A table lock, not a row lock: it takes no transaction id, so it holds no snapshot's xmin back.
        blocker.execute("LOCK TABLE analytics_checkpoint IN EXCLUSIVE MODE")
        for n, play in enumerate(plays):
            finish(play, [n, 2, 1])
        worker = start_worker()
        # The worker has written its rows and now waits to move the checkpoint: mid-batch.
        wait_for(
            lambda: waiting_on("%", 'UPDATE "analytics_checkpoint"%'),
            "the worker to reach the checkpoint",
            nudge=project_all.delay,
        )
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(BOUND)
        assert not PlayResult.objects.exists()
        blocker.rollback()
    project_committed(BOUND)
    assert PlayResult.objects.count() == 3
    assert RatingChange.objects.filter(game="").count() == 9
    assert sorted(Rating.objects.filter(club=None, game="").values_list("plays", flat=True)) == [3, 3, 3]
