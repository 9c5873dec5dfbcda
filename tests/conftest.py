"""Fixtures shared by the whole suite: real PostgreSQL and Redis, never mocks."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import uuid

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config import database
from config.celery import app as celery_app
from config.celery import drop_queue
from records import services
from records.models import Membership, Player, Role
from tests import workers


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings):
    """The service's database role exists before the test database is migrated, so the
    migrations grant it what the service gets in production (config/database.py)."""
    database.ensure_roles(os.environ["DATABASE_URL"])


#: Tests whose writes commit, as the service's do: they run while no other test does.
ALONE = frozenset({"committed_db", "transactional_db", "spawn"})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With the suite spread over processes (pytest-xdist), a test of :data:`ALONE` runs while
    no other test does. The projector reads events older than every transaction still running
    on the server (analytics/services.py), and a test of another process, in a transaction for
    all its length on a database of its own, is one; the fault and browser tests are timed too.
    The others run side by side. Turns are taken under an advisory lock on the one database
    every process reaches: exclusive for these, shared for the rest, granted in the order asked."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        yield
        return
    alone = ALONE.intersection(item.fixturenames)
    take, give = ("lock", "unlock") if alone else ("lock_shared", "unlock_shared")
    _turns().execute(f"SELECT pg_advisory_{take}(hashtext('tablelog tests'))")
    try:
        yield
    finally:
        _turns().execute(f"SELECT pg_advisory_{give}(hashtext('tablelog tests'))")


@functools.cache
def _turns() -> psycopg.Connection:
    return psycopg.connect(database.url_for(os.environ["DATABASE_URL"], "postgres"), autocommit=True)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashing costs a third of a second per user; the tests make many users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def wake_up_queue():
    """A Celery queue of this test's own: the projector wake-ups its commits send go there (to
    its worker, if it starts one) and are dropped afterwards, instead of piling up in the
    shared Redis where no worker listens."""
    queue = f"tablelog-test-{uuid.uuid4().hex}"
    default = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    yield queue
    celery_app.conf.task_default_queue = default
    drop_queue(queue)


def _event_triggers(enabled: bool) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE records_event {'ENABLE' if enabled else 'DISABLE'} TRIGGER USER")


@pytest.fixture
def _event_triggers_restored(django_db_blocker):
    """Closes the connection it used: in a browser test, Playwright's event loop gives this
    thread a connection of its own, which nothing else would close before the test database
    is dropped."""
    yield
    with django_db_blocker.unblock():
        _event_triggers(True)
        connection.close()


@pytest.fixture
def committed_db(_event_triggers_restored, transactional_db, django_db_blocker):
    """A database whose writes really commit, for tests with threads and workers.

    Django empties the tables after such a test with TRUNCATE, which the event table refuses;
    its triggers are lifted for that clean-up only, and put back right after it.
    """
    yield
    with django_db_blocker.unblock():
        _event_triggers(False)


@pytest.fixture
def make_user(db):
    def make(username: str) -> User:
        return User.objects.create_user(username=username, password=f"{username}-password")

    return make


@pytest.fixture
def client_for():
    """An API client authenticated by token as ``user`` (anonymous for None)."""

    def make(user: User | None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
        return client

    return make


@pytest.fixture
def club_setup(make_user):
    """A public and a private club, each with an owner, a recorder and a member, plus an
    outsider, and four players in each club."""

    def make_club(slug: str, public: bool) -> dict:
        owner = make_user(f"{slug}-owner")
        club = services.create_club(name=slug.title(), slug=slug, is_public=public, owner=owner)
        recorder, member = make_user(f"{slug}-recorder"), make_user(f"{slug}-member")
        Membership.objects.create(club=club, user=recorder, role=Role.RECORDER)
        Membership.objects.create(club=club, user=member, role=Role.MEMBER)
        players = [Player.objects.create(club=club, display_name=name) for name in ("Ada", "Bo", "Cy", "Di")]
        return {"club": club, "owner": owner, "recorder": recorder, "member": member, "players": players}

    return {
        "public": make_club("public", True),
        "private": make_club("private", False),
        "outsider": make_user("outsider"),
    }


@pytest.fixture
def spawn(tmp_path):
    """``spawn(name, command, env)`` starts a process (tests/workers.py, ``Spawner``), its
    output in ``tmp_path/<name>.log``; every group started is killed at the end."""
    spawner = workers.Spawner(tmp_path)
    yield spawner
    spawner.kill_all()


@pytest.fixture(scope="module")
def asgi_server(django_db_setup, django_db_blocker, tmp_path_factory):
    """The web server as docker runs it (tests/workers.py) on the test database, for a
    module's tests of live streams, with a heartbeat every second; its URL. Each test's data is
    its own (``committed_db``); the server outlives them."""
    spawn = workers.Spawner(tmp_path_factory.mktemp("asgi"))
    with django_db_blocker.unblock():
        env = {**os.environ, "DATABASE_URL": workers.database_url(), "LIVE_HEARTBEAT_SECONDS": "1"}
    _, url = workers.start_web(spawn, env)
    yield url
    spawn.kill_all()


@pytest.fixture
def start_worker(committed_db, wake_up_queue):
    """Start ``celery -A config worker`` on the test database and queue; killed at the end."""
    started = []

    def start() -> subprocess.Popen:
        env = {**os.environ, "DATABASE_URL": workers.database_url()}
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", wake_up_queue, "--pool=solo"]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=WARNING"]
        process = subprocess.Popen(command, cwd=workers.ROOT, env=env, start_new_session=True)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(workers.BOUND)
