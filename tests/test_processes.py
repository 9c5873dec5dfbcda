"""Processes behave: importing the settings starts nothing; the embedded PostgreSQL and Redis
are started only where no URL is given, and stopped only by whoever started them; whatever
``make run`` or ``python -m config.embedded`` starts is gone when they stop, by SIGTERM or by
Ctrl-C.

Every command here runs in a session of its own, on embedded servers in a data folder of its
own. A process counts as the command's when it is in that session, or when its command line
names that folder: the embedded servers run in sessions of their own. The machine's own
PostgreSQL and Redis are neither, and are never touched.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
import psycopg
import pytest
import redis

from config import embedded

ROOT = Path(__file__).resolve().parent.parent


def processes(data: Path, session: int | None = None) -> list[psutil.Process]:
    """The live processes whose command line names ``data``, and those of ``session``."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        try:
            if process.info["status"] == psutil.STATUS_ZOMBIE:
                continue  # dead, waiting for its parent (or init) to collect its exit status
            if str(data) in " ".join(process.info["cmdline"] or ()) or os.getsid(process.pid) == session:
                found.append(process)
        except (ProcessLookupError, psutil.Error):
            continue  # ended while we looked
    return found


def leftovers(data: Path, session: int, seconds: float = 5) -> list[str]:
    """The command lines of what still runs of ``data`` and ``session``, after a few seconds'
    grace for processes in the middle of exiting."""
    deadline = time.monotonic() + seconds
    while (left := processes(data, session)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return [" ".join(process.info["cmdline"] or ()) for process in left]


@pytest.fixture
def data():
    """A data folder for the embedded servers, not under pytest's ``tmp_path``: whenever a
    pytest session starts, it makes its base folder private again, and PostgreSQL's own user
    (``pgserver``, when the tests run as root) could no longer reach its data. Whatever is
    left running on it at the end is killed."""
    folder = Path(tempfile.mkdtemp(prefix="tablelog-test-"))
    yield folder
    for process in processes(folder):
        process.kill()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def launch(data):
    """Start a command in ROOT, in a session of its own, on the embedded servers of ``data``;
    what is left of its session at the end of the test is killed. The command gets this
    process's environment without the server URLs or the settings module, unless given."""
    sessions = []

    def launch(command: list[str], env: dict[str, str] | None = None, **popen) -> subprocess.Popen:
        unset = ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
        base = {k: v for k, v in os.environ.items() if k not in unset}
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**base, "TABLELOG_DATA": str(data), **(env or {})},
            start_new_session=True,
            **popen,
        )
        sessions.append(process.pid)
        return process

    yield launch
    for session in sessions:
        for process in processes(data, session):
            process.kill()


def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url.replace("redis+socket://", "unix://"), retry=None)


@pytest.mark.parametrize("missing", ["DATABASE_URL", "REDIS_URL"])
def test_importing_the_settings_starts_nothing_and_names_what_is_missing(missing, data, launch):
    given = {"DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "REDIS_URL": "redis://127.0.0.1:1/0"}
    del given[missing]
    child = launch(
        [sys.executable, "-c", "import config.settings"],
        env={"DEBUG": "1", **given},
        stderr=subprocess.PIPE,
        text=True,
    )
    _, stderr = child.communicate(timeout=30)
    assert child.returncode != 0
    assert f"django.core.exceptions.ImproperlyConfigured: {missing} is not set" in stderr
    assert "python -m config.embedded" in stderr
    assert list(data.iterdir()) == [], "no embedded server was set up"
    assert leftovers(data, child.pid, seconds=0) == []


def test_only_the_missing_server_is_started_in_the_data_folder_and_stopped(data, monkeypatch):
    monkeypatch.setattr(embedded, "DATA_DIR", data)
    env = {"REDIS_URL": "redis://redis.example.org/0"}
    with embedded.servers(env):
        with psycopg.connect(env["DATABASE_URL"]) as connection:
            assert connection.execute("SHOW data_directory").fetchone() == (str(data / "pg"),)
    assert env["REDIS_URL"] == "redis://redis.example.org/0"
    assert not (data / "redis").exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(env["DATABASE_URL"], connect_timeout=2)


def test_embedded_redis_keeps_its_data_across_a_restart(data, monkeypatch):
    monkeypatch.setattr(embedded, "DATA_DIR", data)
    env = {"DATABASE_URL": "postgresql://db.example.org/tablelog"}
    with embedded.servers(env):
        redis_client(env["REDIS_URL"]).set("tablelog", "kept")
    with pytest.raises(redis.ConnectionError):
        redis_client(env["REDIS_URL"]).ping()
    again = {"DATABASE_URL": "postgresql://db.example.org/tablelog"}
    with embedded.servers(again):
        assert redis_client(again["REDIS_URL"]).get("tablelog") == b"kept"
    assert not (data / "pg").exists()


def test_servers_already_running_are_used_and_left_running(data, monkeypatch):
    """A second user of the same data folder (``make test`` while ``make run`` runs) shares its
    servers and leaves them to the one that started them. PostgreSQL's data, too, survives a
    restart."""
    monkeypatch.setattr(embedded, "DATA_DIR", data)
    first: dict[str, str] = {}
    with embedded.servers(first):
        with psycopg.connect(first["DATABASE_URL"]) as connection:
            connection.execute("CREATE TABLE kept (n int)")
        second: dict[str, str] = {}
        with embedded.servers(second):
            assert second == first
        with psycopg.connect(first["DATABASE_URL"]) as connection:
            assert connection.execute("SELECT count(*) FROM kept").fetchone() == (0,)
        assert redis_client(first["REDIS_URL"]).ping()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(first["DATABASE_URL"], connect_timeout=2)
    with pytest.raises(redis.ConnectionError):
        redis_client(first["REDIS_URL"]).ping()
    again: dict[str, str] = {}
    with embedded.servers(again):
        with psycopg.connect(again["DATABASE_URL"]) as connection:
            assert connection.execute("SELECT count(*) FROM kept").fetchone() == (0,)


#: Run by the wrapper: connects to both servers it was given, shows where they keep their data
#: and which settings module it was given, and ends with a status of its own, which the
#: wrapper must return.
SHOW_SERVERS = """
import json, os, sys
import psycopg, redis
with psycopg.connect(os.environ["DATABASE_URL"]) as connection:
    folder = connection.execute("SHOW data_directory").fetchone()[0]
pong = redis.Redis.from_url(os.environ["REDIS_URL"].replace("redis+socket://", "unix://")).ping()
settings = os.environ.get("DJANGO_SETTINGS_MODULE")
print(json.dumps({"folder": folder, "REDIS_URL": os.environ["REDIS_URL"], "pong": pong, "settings": settings}))
sys.exit(3)
"""


def test_the_wrapper_runs_a_command_on_embedded_servers_and_stops_them(data, launch):
    wrapper = launch(
        [sys.executable, "-m", "config.embedded", sys.executable, "-c", SHOW_SERVERS],
        stdout=subprocess.PIPE,
        text=True,
    )
    stdout, _ = wrapper.communicate(timeout=60)
    assert wrapper.returncode == 3, "the command's exit status"
    seen = json.loads(stdout)
    assert seen["folder"] == str(data / "pg")
    assert seen["REDIS_URL"] == f"redis+socket://{data / 'redis' / 'redis.sock'}" and seen["pong"] is True
    assert seen["settings"] is None, "the command's environment is its caller's, the URLs aside"
    assert leftovers(data, wrapper.pid) == []
    assert not (data / "pg" / "postmaster.pid").exists(), "PostgreSQL was shut down, not killed"
    assert not (data / "redis" / "redis.pid").exists(), "Redis was shut down, not killed"
    assert (data / "pg" / "PG_VERSION").exists(), "the data stays for the next time"


def test_the_wrapper_passes_sigterm_on_and_then_stops_the_servers(data, launch):
    wait = "import time; print('waiting', flush=True); time.sleep(60)"
    wrapper = launch([sys.executable, "-m", "config.embedded", sys.executable, "-c", wait], stdout=subprocess.PIPE)
    assert wrapper.stdout.readline() == b"waiting\n"
    assert any("redis-server" in " ".join(p.info["cmdline"]) for p in processes(data))
    wrapper.send_signal(signal.SIGTERM)  # to the wrapper alone, as make passes it on
    assert wrapper.wait(timeout=30) == 128 + signal.SIGTERM, "the command was ended by SIGTERM"
    assert leftovers(data, wrapper.pid) == []


def free_address() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{probe.getsockname()[1]}"


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.mark.parametrize("stop", ["SIGTERM to make", "Ctrl-C"])
def test_make_run_stops_everything_it_started(stop, data, launch, tmp_path):
    """``make run`` on embedded servers, stopped as a process manager does (SIGTERM to make,
    which passes it on to its recipe) or as Ctrl-C does (SIGINT to the whole process group:
    GNU make does not pass SIGINT on, it expects the terminal to have sent it to all)."""
    address = free_address()
    log = tmp_path / "make-run.log"
    with log.open("w") as output:
        # -o: never reinstall the virtualenv this very test runs in.
        make = launch(
            ["make", "-o", ".venv/bin/.installed", "run"],
            env={"TABLELOG_ADDRESS": address},
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while not answers(f"http://{address}/api/v1/"):
        assert make.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.5)
    running = " | ".join(" ".join(p.info["cmdline"]) for p in processes(data, make.pid))
    for part in (
        "config.devserver",
        "uvicorn config.asgi:application",
        "celery -A config worker",
        "celery -A config beat",
    ):
        assert part in running
    for server in (f"postgres -D {data / 'pg'}", "redis-server"):
        assert server in running

    if stop == "Ctrl-C":
        os.killpg(make.pid, signal.SIGINT)
    else:
        os.kill(make.pid, signal.SIGTERM)
    make.wait(timeout=40)

    assert leftovers(data, make.pid) == [], log.read_text()
    assert not (data / "pg" / "postmaster.pid").exists(), "PostgreSQL was shut down, not killed"
    assert not (data / "redis" / "redis.pid").exists(), "Redis was shut down, not killed"
