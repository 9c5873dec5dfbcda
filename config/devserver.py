"""``make run``: create the database roles, migrate as the owner, load the demo data, then run the web server, a Celery worker and
beat until Ctrl-C, which stops everything this started.

With no DATABASE_URL / REDIS_URL, the embedded PostgreSQL and Redis are started first (see
``config.embedded``) and handed to every process, so nothing needs to be installed; Ctrl-C
stops them too, and their data waits in the data folder for the next start.
"""

import os
import signal
import subprocess
import sys
import time

from config import database, embedded

ADDRESS = os.environ.get("TABLELOG_ADDRESS", "127.0.0.1:8000")


def main() -> int:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings")
    env.setdefault("DEBUG", "1")  # a development server, with development's stand-in keys
    servers = embedded.fill_in(env)
    try:
        return serve(env)
    finally:
        embedded.stop(servers)


def serve(env: dict[str, str]) -> int:
    manage = [sys.executable, "manage.py"]
    # DATABASE_URL may create roles (the embedded server's superuser, or yours): the service
    # itself runs as its own role, which cannot change history (config/database.py).
    env["DATABASE_URL"] = database.prepare(env["DATABASE_URL"], env.get("DATABASE_NAME", "tablelog"), env)
    subprocess.run([*manage, "load_demo"], env=env, check=True)
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    schedule = embedded.DATA_DIR / "celerybeat-schedule"
    embedded.DATA_DIR.mkdir(parents=True, exist_ok=True)
    processes = [
        subprocess.Popen([*manage, "runserver", ADDRESS, "--noreload"], env=env),
        subprocess.Popen([*celery, "worker", "--loglevel", "warning", "--concurrency", "2"], env=env),
        subprocess.Popen([*celery, "beat", "--loglevel", "warning", "--schedule", str(schedule)], env=env),
    ]
    print(
        f"\nTablelog is running: http://{ADDRESS}/api/v1/  (docs: http://{ADDRESS}/api/docs/)\n"
        "Ctrl-C stops the web server, the worker, beat and any embedded server.\n",
        flush=True,
    )
    try:
        while all(p.poll() is None for p in processes):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
