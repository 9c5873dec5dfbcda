"""``make bench``: measure Tablelog on this machine and write bench/RESULTS.md.

Every figure is reported with a baseline measured in the same run (plain INSERTs for appends,
the bare openskill loop for ratings, the smaller data set for growth), so the ratios hold on a
noisy machine. Runs against a database of its own, ``<name>_bench``, made afresh each run.
Usage: ``python -m bench [--quick]`` (``--quick``: a tenth of the data, for a smoke run).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

from config import database

HERE = Path(__file__).parent


def bench_database() -> str:
    """The URL of a fresh ``<name>_bench`` database on the configured server (``make bench``
    runs under ``config.embedded``, which gives the embedded one where none is set)."""
    url = os.environ["DATABASE_URL"]
    name = f"{urlsplit(url).path.lstrip('/') or 'postgres'}_bench"
    with psycopg.connect(database.url_for(url, "postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return database.url_for(url, name)


def reference_seconds() -> float:
    """A fixed pure-Python loop (ten million additions), the best of three: the machine's speed
    at that moment, so that a reader can scale this report's absolute figures to another's."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for number in range(10_000_000):
            total += number
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true", help="a tenth of the data: a smoke run")
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = bench_database()
    os.environ["DEBUG"] = "0"  # as in production: DEBUG keeps every query's SQL, and costs appends a third
    os.environ.update(SECRET_KEY="tablelog-bench-only-secret-key-0123456789-abcdefghijklmnopq", HTTPS="0")
    os.environ.setdefault("CHAIN_KEY", "tablelog-bench-only-chain-key")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench import measures

    scale = 0.1 if args.quick else 1.0
    from config.celery import app, drop_queue

    # Appends wake the projector through the broker; no worker runs here, so the wake-ups go
    # to a queue of the bench's own, dropped at the end.
    app.conf.task_default_queue = "tablelog-bench"
    speed_before = reference_seconds()
    try:
        sections = measures.run_all(scale=scale)
    finally:
        drop_queue("tablelog-bench")
    speed_after = reference_seconds()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    header = [
        "# Benchmark results",
        "",
        f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; commit: {commit or 'unknown'}",
        f"- machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}",
        f"- scale: {'quick (a tenth of the data)' if args.quick else 'full'}",
        f"- speed: a reference loop (ten million additions in Python) took {speed_before:.2f} s before the "
        f"measures and {speed_after:.2f} s after them; absolute figures scale with it, ratios should not",
        "",
    ]
    analysis = (HERE / "analysis.md").read_text()
    (HERE / "RESULTS.md").write_text("\n".join(header + sections) + "\n" + analysis)
    print((HERE / "RESULTS.md").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
