"""``make run``: create the database roles, migrate as the owner, load the demo data, then run
the web server (uvicorn, serving the ASGI application with its live streams), a Celery worker
and beat until Ctrl-C or SIGTERM, which stop everything this
started.

With no DATABASE_URL / REDIS_URL, the embedded PostgreSQL and Redis are started first
(``config.embedded.servers``, as ``python -m config.embedded`` does) and handed to every
process, so nothing needs to be installed; they are stopped last, and their data waits in the
data folder for the next start.

SIGTERM is what a process manager sends, and GNU make passes it on to this recipe when it gets
it: it takes the same way out as Ctrl-C.
"""

import os
import signal
import subprocess
import sys
import time

from config import database, embedded

ADDRESS = os.environ.get("TABLELOG_ADDRESS", "127.0.0.1:8000")


def main() -> int:
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings")
    env.setdefault("DEBUG", "1")  # a development server, with development's stand-in keys
    try:
        with embedded.servers(env):
            serve(env)
    except KeyboardInterrupt:
        pass
    return 0


def _stop(signum, frame):
    """The first SIGINT or SIGTERM starts the shutdown; later ones (Ctrl-C pressed again, or a
    signal sent both to the process group and through make) must not cut it short."""
    _ignore_signals()
    raise KeyboardInterrupt


def _ignore_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def uvicorn_address(address: str) -> list[str]:
    """``host:port`` as uvicorn's options."""
    host, _, port = address.rpartition(":")
    return ["--host", host, "--port", port]


def serve(env: dict[str, str]) -> None:
    manage = [sys.executable, "manage.py"]
    # DATABASE_URL may create roles (the embedded server's superuser, or yours): the service
    # itself runs as its own role, which cannot change history (config/database.py).
    env["DATABASE_URL"] = database.prepare(env["DATABASE_URL"], database.NAME, env)
    subprocess.run([*manage, "load_demo"], env=env, check=True)
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    schedule = embedded.DATA_DIR / "celerybeat-schedule"
    embedded.DATA_DIR.mkdir(parents=True, exist_ok=True)
    commands = [
        [sys.executable, "-m", "uvicorn", "config.asgi:application", *uvicorn_address(ADDRESS), "--lifespan", "off"],
        [*celery, "worker", "--loglevel", "warning", "--concurrency", "2"],
        [*celery, "beat", "--loglevel", "warning", "--schedule", str(schedule)],
    ]
    processes = []
    try:
        for command in commands:
            processes.append(subprocess.Popen(command, env=env))
        print(
            f"\nTablelog is running: http://{ADDRESS}/  (sign in as demo / demo; the API: "
            f"http://{ADDRESS}/api/v1/, its docs: http://{ADDRESS}/api/docs/)\n"
            "Ctrl-C stops the web server, the worker, beat and any embedded server.\n",
            flush=True,
        )
        while all(p.poll() is None for p in processes):
            time.sleep(0.5)
    finally:
        _ignore_signals()
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


if __name__ == "__main__":
    sys.exit(main())
