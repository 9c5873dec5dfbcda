"""Real processes on the test database, for the tests of the projector, the import, the
faults and the live streams: its URL for another process, a bounded wait, who waits on which
lock, and the web server as production runs it. The ``start_worker`` and ``spawn`` fixtures
(tests/conftest.py) start processes with them."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path
from urllib.parse import urlencode

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
BOUND = 120  # seconds a wait may take before the test fails
NUDGE_EVERY = 10  # seconds


def wait_for(condition, what: str, *, bound: float = BOUND, nudge=None) -> None:
    """Poll ``condition`` until it holds (at most ``bound`` seconds). ``nudge`` is called every
    ``NUDGE_EVERY`` seconds: standing in for beat, should another session's long transaction
    on the shared server hold the events back longer than a woken task keeps retrying."""
    start = time.monotonic()
    nudged = start
    while not condition():
        now = time.monotonic()
        assert now < start + bound, f"gave up waiting for {what}"
        if nudge is not None and now > nudged + NUDGE_EVERY:
            nudge()
            nudged = now
        time.sleep(0.1)


def database_url() -> str:
    """The test database as a URL, for another connection or process. Host and port go in the
    query, so a socket folder (the embedded server's) works as well as a TCP host."""
    db = connection.settings_dict
    where = {"host": db["HOST"] or db["OPTIONS"].get("host"), "port": db["PORT"] or db["OPTIONS"].get("port")}
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgresql://{db['USER']}{password}@/{db['NAME']}?{urlencode({k: v for k, v in where.items() if v})}"


def waiting_on(lock: str, query: str) -> bool:
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def kill(process: subprocess.Popen) -> None:
    """``kill -9`` to the process's whole group (gunicorn's workers, Celery's pool processes)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(BOUND)


class Spawner:
    """``spawner(name, command, env)`` starts a process in a session of its own, its output in
    ``folder/<name>.log`` (``process.log``); ``kill_all`` kills every group it started."""

    def __init__(self, folder: Path):
        self.folder, self.started = folder, []

    def __call__(self, name: str, command: list[str], env: dict[str, str]) -> subprocess.Popen:
        log = self.folder / f"{name}.log"
        with log.open("ab") as output:
            process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        process.log = log
        self.started.append(process)
        return process

    def kill_all(self) -> None:
        for process in self.started:
            kill(process)


def start_web(spawn, env: dict[str, str], name: str = "web", *, bound: float = BOUND) -> tuple[subprocess.Popen, str]:
    """The web server as docker runs it (gunicorn with one uvicorn worker, serving the ASGI
    application), and its URL once it answers."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "config.asgi:application", "-k", "uvicorn_worker.UvicornWorker"]
    process = spawn(name, [*command, "--bind", f"127.0.0.1:{port}", "--workers", "1", "--timeout", str(bound)], env)
    url = f"http://127.0.0.1:{port}"
    wait_for(lambda: status(f"{url}/api/v1/games/generic/") == 200, "the web server to answer", bound=bound)
    return process, url


def post(url: str, body, token: str, key: str | None = None, *, timeout: float = BOUND) -> tuple[int, Message, bytes]:
    """POST JSON with a token (and an idempotency key): (status, headers, body), an error's
    too. Header names are read in any case: HTTP/1.1's are case-insensitive, and the ASGI
    server sends them in lower case."""
    headers = {"Content-Type": "application/json", "Authorization": f"Token {token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def status(url: str) -> int | None:
    """A GET's status; None when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None
