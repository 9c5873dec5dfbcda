"""The measures behind ``make bench``. Each returns Markdown lines for RESULTS.md."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from urllib.parse import urlsplit

from django.contrib.auth.models import User
from django.db import connection, connections
from rest_framework.authtoken.models import Token

from analytics import ratings
from analytics import services as analytics_services
from analytics.models import PlayResult
from config.celery import app as celery_app
from games import registry
from games.contract import Move, Seat
from games.playthrough import all_playthroughs, load
from games.random_play import random_options, random_play
from records import services
from records.models import Club, Event, Play, Player

SEED = 20261122


@dataclass
class Fixture:
    user: User
    token: str
    club: Club
    players: list[Player]

    @classmethod
    def create(cls) -> Fixture:
        user = User.objects.create_user("bench", password="bench")
        club = services.create_club(name="Bench", slug="bench", is_public=True, owner=user)
        players = [Player.objects.create(club=club, display_name=f"Player {n:02}") for n in range(40)]
        return cls(user, Token.objects.create(user=user).key, club, players)

    def play(self, seats: int | list[Seat] = 3, game: str = "generic", options: dict | None = None) -> Play:
        """A new play of the bench's players: ``seats`` plain seats, or these seats (colours, teams)."""
        seated = [Seat()] * seats if isinstance(seats, int) else seats
        return services.create_play(
            club=self.club,
            game=game,
            seats=[services.SeatSpec(p, seat.colour, seat.team) for p, seat in zip(self.players, seated)],
            options={"title": "Bench"} if options is None else options,
            user=self.user,
        )


def percentile(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 else values[0]


def goal(met: bool) -> str:
    return "met" if met else "NOT met"


def scores(count: int, rng: random.Random) -> list[services.NewEvent]:
    return [services.NewEvent("score", rng.randrange(3), {"points": rng.randint(-5, 20)}) for _ in range(count)]


def batch_rate(fixture: Fixture, total: int, batch: int = 1000) -> tuple[float, Play]:
    """Events per second of the batch path (check + insert + hash + cache), appending ``total``
    generic score events to a new play in batches; and the play."""
    rng = random.Random(SEED)
    play = fixture.play()
    started = time.perf_counter()
    for _ in range(total // batch):
        services.append_events(play_id=play.pk, events=scores(batch, rng), user=fixture.user)
    return total / (time.perf_counter() - started), play


def appends(fixture: Fixture, scale: float) -> list[str]:
    """The batch path against plain INSERTs of the same rows."""
    total, batch = max(1000, int(20_000 * scale)), 1000
    service_rate, play = batch_rate(fixture, total, batch)

    floor_play = fixture.play()
    columns = ["seq", "type", "seat", "data", "occurred_at", "recorded_at", "recorded_by_id", "idempotency_key"]
    columns += ["schema_version", "prev_hash", "hash"]
    rows = list(Event.objects.filter(play=play).order_by("seq").values_list(*columns))
    sql = f"INSERT INTO records_event (play_id, {', '.join(columns)}) VALUES ({', '.join(['%s'] * (len(columns) + 1))})"
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for start in range(0, total, batch):
            cursor.execute("BEGIN")
            cursor.executemany(
                sql, [(floor_play.pk, *row[:3], json.dumps(row[3]), *row[4:]) for row in rows[start : start + batch]]
            )
            cursor.execute("COMMIT")
    floor_rate = total / (time.perf_counter() - started)
    ratio = service_rate / floor_rate
    return [
        "## Validated appends, batch path",
        "",
        f"{total:,} generic `score` events in batches of {batch}, each judged by the engine, chained, inserted and cached.",
        "",
        "| path | events/s |",
        "|---|---|",
        f"| service batch path | {service_rate:,.0f} |",
        f"| floor: plain INSERTs of the same rows (psycopg, same table, triggers, indexes) | {floor_rate:,.0f} |",
        "",
        f"Ratio to the floor: **{ratio:.2f}**. Goals: 10,000 events/s ({goal(service_rate >= 10_000)}), "
        f"0.5 of the floor ({goal(ratio >= 0.5)}).",
        "",
    ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def server(workers: int = 4, **environ: str):
    """The web server as docker runs it (gunicorn, uvicorn workers, the ASGI application) on
    loopback, against the bench database."""
    port = free_port()
    env = dict(os.environ, ALLOWED_HOSTS="127.0.0.1", WRITE_THROTTLE="1000000/min", **environ)
    env["DJANGO_SETTINGS_MODULE"] = "bench.settings"  # the service's, and the append floor (bench/floor.py)
    command = [sys.executable, "-m", "gunicorn", "config.asgi:application", "-k", "uvicorn_worker.UvicornWorker"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--log-level", "warning"]
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{url}/api/v1/games/generic/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


FLOOR_PATH = "/bench/floor/{play}/"

#: How many times each row of the HTTP appends is measured, the append and its floor in turn.
ROUNDS = 3


def appending(fixture: Fixture, url: str, clients: int, requests: int, path: str | None = None) -> dict:
    """``clients`` appending ``requests`` single events each, to new plays, from the load
    generator's process (bench/load.py); ``path`` another endpoint to POST them to."""
    plays = ",".join(str(fixture.play().pk) for _ in range(clients))
    command = [sys.executable, "-m", "bench.load", "--url", url, "--token", fixture.token, "--plays", plays]
    command += ["--requests", str(requests)] + (["--path", path] if path else [])
    return json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def http_appends(fixture: Fixture, url: str, scale: float) -> list[str]:
    per_client = max(50, int(300 * scale))
    lines = [
        "## Single appends over HTTP",
        "",
        f"gunicorn (4 uvicorn workers) and a load generator in another process; each client appends {per_client} single "
        "events to its own play over a keep-alive connection, after a warm-up of 80 appends that is not reported. "
        f"The append and the floor take turns, {ROUNDS} rounds each, and each row is of all its rounds together, "
        "so that a slow spell of the machine falls on both. "
        "The floor (bench/floor.py) is the least an authenticated DRF write costs on the same server: token "
        "authentication, the same JSON body, one plain row inserted into the same event table.",
        "",
        "| endpoint | clients | requests/s | p50 ms | p95 ms | p99 ms | errors |",
        "|---|---|---|---|---|---|---|",
    ]

    # A warm-up, not reported: each worker's first requests import and connect.
    appending(fixture, url, clients=8, requests=10)
    appending(fixture, url, clients=8, requests=10, path=FLOOR_PATH)
    reports: dict[tuple[str, int], list[dict]] = {}
    for clients in (1, 4, 16):
        endpoints = [("append", None), ("floor", FLOOR_PATH)] if clients < 16 else [("append", None)]
        for _ in range(ROUNDS):
            for name, path in endpoints:
                reports.setdefault((name, clients), []).append(appending(fixture, url, clients, per_client, path))
    rates, p99s = {}, {}
    for (name, clients), runs in reports.items():
        latencies = [ms for report in runs for ms in report["latencies_ms"]]
        p50, p95, p99 = (percentile(latencies, p) for p in (50, 95, 99))
        rates[name, clients] = len(latencies) / sum(report["seconds"] for report in runs)
        p99s[name, clients] = p99
        errors = sum(report["errors"] for report in runs)
        lines.append(
            f"| {name} | {clients} | {rates[name, clients]:,.0f} | {p50:.1f} | {p95:.1f} | {p99:.1f} | {errors} |"
        )
    ratio = rates["append", 1] / rates["floor", 1]
    lines += [
        "",
        f"Append / floor at one client: **{ratio:.2f}** (goal 0.5: {goal(ratio >= 0.5)}). "
        f"Goal: p99 at most 25 ms at 4 clients ({goal(p99s['append', 4] <= 25)}).",
        "",
    ]
    return lines


def get_timed(fixture: Fixture, url: str, requests: int = 40) -> tuple[float, float]:
    """p50 and p95 ms of ``requests`` GETs of ``url`` as the bench's user, one at a time."""
    headers = {"Authorization": f"Token {fixture.token}"}
    timings = []
    for _ in range(requests):
        start = time.perf_counter()
        urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30).read()
        timings.append((time.perf_counter() - start) * 1000)
    return percentile(timings, 50), percentile(timings, 95)


def state_at_n(fixture: Fixture, url: str, scale: float) -> list[str]:
    """GET state?at=N through the API: snapshots keep it flat as N grows."""
    longest = 10_000 if scale >= 1 else 1_000
    play = fixture.play()
    rng = random.Random(SEED + 1)
    for _ in range(longest // 1000):
        services.append_events(play_id=play.pk, events=scores(1000, rng), user=fixture.user)
    lines = ["## State at seq N through the API", "", "| N | p50 ms | p95 ms |", "|---|---|---|"]
    p95s = {}
    for n in (10, 100, 1_000, 10_000):
        if n > longest:
            continue
        p50, p95s[n] = get_timed(fixture, f"{url}/api/v1/plays/{play.pk}/state/?at={n - 1}")
        lines.append(f"| {n:,} | {p50:.1f} | {p95s[n]:.1f} |")
    flat = max(p95s.values()) / p95s[10]
    lines += [
        "",
        f"(`at=N-1`, so the latest-state cache never answers.) Largest p95 / p95 at N=10: **{flat:.2f}**. "
        f"Goals: 20 ms at 1,000 ({goal(p95s.get(1_000, 0) <= 20)}), flat as N grows ({goal(flat <= 2)}).",
        "",
    ]
    return lines


def table_growth(fixture: Fixture, url: str, scale: float) -> list[str]:
    """What must not grow with the event table: an append, a state at N, a page of the log and
    the club's plays, measured at the table's size after the sections above and again once
    plays of another club fill it to 10 million events (loaded in bulk, not through the service)."""
    target = int(10_000_000 * scale)
    play = fixture.play()
    rng = random.Random(SEED + 4)
    for _ in range(2):
        services.append_events(play_id=play.pk, events=scores(1000, rng), user=fixture.user)
    api = f"{url}/api/v1"
    figures = {
        "single append over HTTP, one client": lambda: _append_latency(fixture, url),
        "`plays/{id}/state/?at=999`": lambda: get_timed(fixture, f"{api}/plays/{play.pk}/state/?at=999", 100),
        "`plays/{id}/events/?after=1000` (a page of 100)": lambda: get_timed(
            fixture, f"{api}/plays/{play.pk}/events/?after=1000&page_size=100", 100
        ),
        "`plays/?club=` (the club's first page)": lambda: get_timed(
            fixture, f"{api}/plays/?club={fixture.club.slug}", 100
        ),
    }
    _settle()
    before_events, before = _event_count(), {name: measure() for name, measure in figures.items()}
    started = time.perf_counter()
    _fill(fixture, target - before_events)
    loaded = time.perf_counter() - started
    _settle()
    after_events, after = _event_count(), {name: measure() for name, measure in figures.items()}
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_total_relation_size('records_event'), pg_relation_size('records_event')")
        total, heap = cursor.fetchone()
    lines = [
        "## The event table grows",
        "",
        f"The figures at the table's size after the sections above ({before_events:,} events), and again after "
        f"{after_events - before_events:,} events of another club's plays (100 events a play) were loaded in bulk "
        f"(`INSERT ... SELECT`, {loaded:.0f} s). Before each measurement, `VACUUM ANALYZE`, as after any bulk "
        "load: the planner's statistics and the visibility map are current, and no autovacuum runs meanwhile.",
        "",
        f"| figure | p50 / p95 ms at {before_events:,} | p50 / p95 ms at {after_events:,} | p95 growth |",
        "|---|---|---|---|",
    ]
    for name in figures:
        (p50, p95), (p50_after, p95_after) = before[name], after[name]
        lines.append(f"| {name} | {p50:.1f} / {p95:.1f} | {p50_after:.1f} / {p95_after:.1f} | {p95_after / p95:.2f}x |")
    lines += [
        "",
        f"The event table at {after_events:,} events: {total / 2**30:.1f} GiB with its indexes "
        f"({heap / 2**30:.1f} GiB of rows), {total / after_events:,.0f} bytes an event.",
        "",
    ]
    return lines


def _append_latency(fixture: Fixture, url: str) -> tuple[float, float]:
    latencies = appending(fixture, url, clients=1, requests=200)["latencies_ms"]
    return percentile(latencies, 50), percentile(latencies, 95)


def _settle() -> None:
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def _event_count() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM records_event")
        return cursor.fetchone()[0]


#: The columns a filler play copies from the bench's template play: all but its id and club.
_PLAY_COLUMNS = ", ".join(f.column for f in Play._meta.concrete_fields if f.column not in ("id", "club_id"))


def _fill(fixture: Fixture, events: int, per_play: int = 100, chunk: int = 10_000) -> None:
    """``events`` more events, ``per_play`` to a play, in plays of a club of their own: rows made
    in the database (``INSERT ... SELECT generate_series``), ``chunk`` plays a transaction."""
    club = services.create_club(name="Filler", slug="filler", is_public=True, owner=fixture.user)
    template = fixture.play()
    with connection.cursor() as cursor:
        for start in range(0, events // per_play, chunk):
            plays = min(chunk, events // per_play - start)
            cursor.execute(
                f"INSERT INTO records_play (club_id, {_PLAY_COLUMNS}) SELECT %s, {_PLAY_COLUMNS} "
                "FROM records_play, generate_series(1, %s) WHERE id = %s RETURNING id",
                [club.pk, plays, template.pk],
            )
            ids = [row[0] for row in cursor.fetchall()]
            cursor.execute(
                "INSERT INTO records_event (play_id, seq, type, seat, data, recorded_at, schema_version, prev_hash, hash) "
                "SELECT play_id, seq, 'score', 0, '{\"points\": 1}', now(), 1, '', '' "
                "FROM unnest(%s::bigint[]) AS play_id, generate_series(1, %s) AS seq",
                [ids, per_play],
            )


def projection_latency(fixture: Fixture, scale: float) -> list[str]:
    """From an append's commit to its result in the player's statistics, with a Celery worker
    running (one process, as docker runs it) while 50 appends a second are logged."""
    rate, plays = 50, max(40, int(200 * scale))
    per_play = 5  # four scores and the finish
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings")
    queue = celery_app.conf.task_default_queue  # the bench's own (bench/__main__.py)
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue, "--concurrency", "1"]
    worker = subprocess.Popen([*command, "--without-gossip", "--without-mingle", "--loglevel", "WARNING"], env=env)
    committed: dict[int, float] = {}
    seen: dict[int, float] = {}
    done = threading.Event()

    def watch() -> None:
        """Every 10 ms: which finished plays have their result, at last."""
        while not done.is_set() or len(seen) < len(committed):
            waiting = [play for play in list(committed) if play not in seen]
            found = PlayResult.objects.filter(play_id__in=waiting).values_list("play_id", flat=True)
            now = time.perf_counter()
            seen.update((play, now) for play in found)
            time.sleep(0.01)
        connection.close()

    try:
        analytics_services.project_pending()  # the worker starts on a projection that is current
        warm_up = fixture.play(seats=2)
        services.append_events(play_id=warm_up.pk, events=[services.NewEvent("finish", None, {})], user=fixture.user)
        projected = PlayResult.objects.filter(play=warm_up)
        for _ in range(600):  # once the worker has started and projected a first play, not reported
            if projected.exists():
                break
            time.sleep(0.1)
        watcher = threading.Thread(target=watch)
        watcher.start()
        started = time.perf_counter()
        for n in range(plays * per_play):
            if n % per_play == 0:
                play = fixture.play(seats=2)
            finishing = n % per_play == per_play - 1
            move = services.NewEvent("finish", None, {}) if finishing else services.NewEvent("score", 0, {"points": 1})
            services.append_events(play_id=play.pk, events=[move], user=fixture.user)
            if finishing:
                committed[play.pk] = time.perf_counter()
            time.sleep(max(0.0, started + (n + 1) / rate - time.perf_counter()))
        logged_at = (plays * per_play) / (time.perf_counter() - started)
        done.set()
        watcher.join(120)
    finally:
        done.set()
        worker.terminate()
        worker.wait(30)
    latencies = [(seen[play] - committed[play]) * 1000 for play in committed if play in seen]
    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    return [
        "## Projection latency",
        "",
        f"A Celery worker (one process) projects while the bench logs {plays} two-seat plays of {per_play} single "
        f"appends each through the service, paced at {rate} appends a second ({logged_at:.0f} reached). Latency: "
        "from the finishing append's commit to its result being readable (polled every 10 ms), which the projector "
        "writes in one transaction with the players' statistics (analytics/summaries.py).",
        "",
        "| plays | p50 ms | p95 ms | max ms | results seen |",
        "|---|---|---|---|---|",
        f"| {plays} | {p50:.0f} | {p95:.0f} | {max(latencies):.0f} | {len(latencies)} of {len(committed)} |",
        "",
        f"Goal: p95 at most 1 s ({goal(p95 <= 1000 and len(latencies) == len(committed))}).",
        "",
    ]


def longest_playthrough(engine):
    """The longest of an engine's playthrough files: a fixed yardstick, the same play from one
    run to the next (a random play changes whenever the legal moves it draws from do)."""
    return max((p for p in map(load, all_playthroughs()) if p.slug == engine.slug), key=lambda p: len(p.events))


#: The rounds a fold's column is the best of: pure Python, so a slower round is the machine's
#: doing (another process on the core), not the code's; as the standard library's timeit advises.
FOLD_ROUNDS = 5


def engine_folds(scale: float) -> list[str]:
    lines = [
        "## Engine folds, pure Python",
        "",
        "The longest of each engine's playthroughs, folded repeatedly from its initial state, set up once (`apply` "
        f"never changes the state it is given): {FOLD_ROUNDS} rounds of about {scale / FOLD_ROUNDS:.1f} s per "
        "column, and the column is the best round's rate, as timeit advises for pure Python: the machine's other "
        "work only ever slows a round. "
        "`apply` alone is what a replay costs; `check + apply` is what an append costs.",
        "",
        "| engine | playthrough | events | apply events/s | check + apply events/s | goal: check + apply 100,000/s |",
        "|---|---|---|---|---|---|",
    ]
    for engine in registry.engines().values():
        playthrough = longest_playthrough(engine)
        moves = playthrough.moves()
        initial = engine.setup(playthrough.seats, playthrough.options)
        rates = []
        for judge in (False, True):
            best = 0.0
            for _ in range(FOLD_ROUNDS):
                folded, started = 0, time.perf_counter()
                while time.perf_counter() - started < scale / FOLD_ROUNDS:
                    state = initial
                    for move in moves:
                        if judge:
                            engine.check(state, move)
                        state = engine.apply(state, move)
                    folded += len(moves)
                best = max(best, folded / (time.perf_counter() - started))
            rates.append(best)
        lines.append(
            f"| {engine.slug} | {playthrough.name} | {len(moves)} | {rates[0]:,.0f} | {rates[1]:,.0f} "
            f"| {goal(rates[1] >= 100_000)} |"
        )
    lines.append("")
    return lines


def fuzz(scale: float) -> list[str]:
    """Generated plays for every engine: an engine raising on a move its own check accepted is a bug."""
    rng = random.Random(SEED + 3)
    lines = ["## Random legal plays (fuzz)", "", "| engine | plays | moves | finished | not finished | errors |"]
    lines.append("|---|---|---|---|---|---|")
    for engine in registry.engines().values():
        plays = max(3, int(30 * scale))
        moves = finished = errors = 0
        for _ in range(plays):
            count = rng.randint(engine.min_players, min(engine.max_players, 5))
            options = random_options(engine, count, rng, {"title": "Fuzz"} if engine.slug == "generic" else {})
            try:
                play = random_play(engine, count, rng, options=options)
            except Exception as exc:  # an engine bug: count it and go on with the next play
                errors += 1
                print(f"fuzz: {engine.slug} raised {exc!r}", file=sys.stderr)
                continue
            moves += len(play.moves)
            finished += play.finished
        lines.append(f"| {engine.slug} | {plays} | {moves:,} | {finished} | {plays - finished - errors} | {errors} |")
    lines += [
        "",
        "Each play's options (scenarios, variants, optional rules) are drawn at random, and each move from the "
        "engine's `legal_moves`. A play not finished had no legal move before its end (an engine bug) or reached "
        "2,000 moves.",
        "",
    ]
    return lines


def legal_moves(fixture: Fixture, url: str) -> list[str]:
    """The time to list the legal moves: in the engine, at every state of each engine's
    playthroughs; through ``GET legal/`` (its first page, what a recorder's screen asks for), at
    every 10th state of one playthrough logged through the service (the list needs the play's
    latest state)."""
    lines = [
        "## Legal moves",
        "",
        "Listing every legal move now: in the engine at every state of its playthroughs, and through "
        "`GET plays/{id}/legal/` (the first page of 100 with the count of all, what a recorder's screen asks for) "
        "at every 10th state of its longest playthrough.",
        "",
        "| engine | states | moves at p95 | engine p95 ms | engine max ms | API states | API p95 ms | goal: API 50 ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    headers = {"Authorization": f"Token {fixture.token}"}
    playthroughs = [load(path) for path in all_playthroughs()]
    for engine in registry.engines().values():
        own = [p for p in playthroughs if p.slug == engine.slug]
        timings, counts = [], []
        for playthrough in own:
            state = engine.setup(playthrough.seats, playthrough.options)
            for move in playthrough.moves():
                start = time.perf_counter()
                counts.append(len(list(engine.legal_moves(state))))
                timings.append((time.perf_counter() - start) * 1000)
                state = engine.apply(state, move)
        longest = max(own, key=lambda p: len(p.moves()))
        play = fixture.play(longest.seats, engine.slug, longest.options)
        api = []
        for at, move in enumerate(longest.moves()):
            if at % 10 == 0 and play.status == "in_progress":
                start = time.perf_counter()
                listed = urllib.request.Request(f"{url}/api/v1/plays/{play.pk}/legal/", headers=headers)
                with urllib.request.urlopen(listed, timeout=60) as answer:
                    json.load(answer)
                api.append((time.perf_counter() - start) * 1000)
            play = services.append_events(play_id=play.pk, events=[as_new_event(move)], user=fixture.user).play
        api_p95 = percentile(api, 95)
        lines.append(
            f"| {engine.slug} | {len(timings):,} | {percentile(counts, 95):,.0f} | {percentile(timings, 95):.1f} | "
            f"{max(timings):.1f} | {len(api)} | {api_p95:.1f} | {goal(api_p95 <= 50)} |"
        )
    lines.append("")
    return lines


def as_new_event(move: Move) -> services.NewEvent:
    return services.NewEvent(type=move.type, seat=move.seat, data=move.data)


class Dataset:
    """Finished 2-5 player plays logged through the service (about ten events each, so 100,000
    plays are 1,000,000 events); every 50th is a random legal play of one of the engines. Grown
    in steps so the same figures can be taken at a tenth of the data, by two processes at once
    (forked: each opens its own connection). Play ``n`` draws from a generator seeded with
    ``n``'s step and process, so a run logs the same plays whatever the timing."""

    WORKERS = 2

    def __init__(self, fixture: Fixture):
        self.fixture = fixture
        owner = fixture.user
        self.clubs = [
            services.create_club(name=f"League {n}", slug=f"league-{n}", is_public=True, owner=owner) for n in range(2)
        ]
        self.players = {
            club.pk: [Player.objects.create(club=club, display_name=f"Member {n:03}") for n in range(150)]
            for club in self.clubs
        }
        self.plays = 0
        self.events = 0

    def grow_to(self, plays: int) -> float:
        """Log plays until there are ``plays``; returns how many were logged per second."""
        todo = plays - self.plays
        bounds = [self.plays + todo * n // self.WORKERS for n in range(self.WORKERS + 1)]
        connections.close_all()
        started = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(self.WORKERS) as pool:
            self.events += sum(pool.starmap(self._log_plays, zip(bounds, bounds[1:])))
        self.plays = plays
        return todo / (time.perf_counter() - started)

    def _log_plays(self, start: int, stop: int) -> int:
        """Log plays ``start`` to ``stop - 1``; returns how many events they hold."""
        rng = random.Random(f"{SEED}:{start}")
        engines = [e for e in registry.engines().values() if e.slug != "generic"]
        events = 0
        for n in range(start, stop):
            club = rng.choice(self.clubs)
            if n % 50 == 0:
                engine = engines[(n // 50) % len(engines)]
                seated = rng.sample(self.players[club.pk], rng.randint(engine.min_players, min(engine.max_players, 5)))
                play = random_play(engine, len(seated), rng, max_events=400)
                game, options, moves = engine.slug, play.options, play.moves
            else:
                seated = rng.sample(self.players[club.pk], rng.randint(2, 5))
                game, options = (
                    "generic",
                    {"title": rng.choice(["Azul", "Carcassonne", "Catan", "Splendor", "Wingspan"])},
                )
                moves = [
                    Move("score", rng.randrange(len(seated)), {"points": rng.randint(1, 12)})
                    for _ in range(rng.randint(5, 13))
                ]
                moves.append(Move("finish", None, {}))
            logged = services.create_play(
                club=club,
                game=game,
                seats=[services.SeatSpec(p) for p in seated],
                options=options,
                played_on=date(2020, 1, 1) + timedelta(days=n // 40),
                user=self.fixture.user,
            )
            if moves:
                services.append_events(play_id=logged.pk, events=list(map(as_new_event, moves)), user=self.fixture.user)
            events += len(moves)
        connections.close_all()
        return events


def bare_openskill_rate(order: list[list[ratings.RatedSeat]], scopes: int) -> float:
    """Plays per second of the bare loop: the same rankings through openskill, once per rating
    scope the rebuild folds a play in, with the ratings in a dict."""
    started = time.perf_counter()
    for _ in range(scopes):
        prior: dict[int, tuple[float, float]] = {}
        for seats in order:
            prior.update(ratings.rate(prior, seats))
    return len(order) / (time.perf_counter() - started)


def rewrite_seconds() -> float:
    """The least a rebuild's writes cost: every row of the tables it rewrites, deleted and
    written back (``INSERT ... SELECT`` from a copy made beforehand) in one transaction, under
    the same indexes, triggers and foreign keys, checked at the commit. No Python, no reading
    of the records, no rating worked out."""
    tables = [model._meta.db_table for model in analytics_services.REBUILT]
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"CREATE TEMP TABLE floor_{table} AS SELECT * FROM {table}")
        started = time.perf_counter()
        cursor.execute("BEGIN")
        for table in tables:
            cursor.execute(f"DELETE FROM {table}")
            cursor.execute(f"INSERT INTO {table} SELECT * FROM floor_{table}")
        cursor.execute("COMMIT")
        seconds = time.perf_counter() - started
        for table in tables:
            cursor.execute(f"DROP TABLE floor_{table}")
    return seconds


def rankings_in_order() -> list[list[ratings.RatedSeat]]:
    order = []
    results = PlayResult.objects.filter(rated=True).order_by("played_on", "finished_position").prefetch_related("seats")
    for result in results.iterator(chunk_size=2000):
        order.append([ratings.RatedSeat(s.player_id, s.team, s.rank) for s in result.seats.all()])
    return order


def analytics_figures(dataset: Dataset, url: str) -> dict[str, float]:
    started = time.perf_counter()
    analytics_services.rebuild()
    rebuild_rate = dataset.plays / (time.perf_counter() - started)
    bare_rate = bare_openskill_rate(rankings_in_order(), scopes=2)  # the game, every game: as the rebuild folds
    floor_rate = dataset.plays / (dataset.plays / bare_rate + rewrite_seconds())
    appended, _ = batch_rate(dataset.fixture, 5000)
    figures = {"plays": dataset.plays, "events": dataset.events, "rebuild": rebuild_rate, "bare": bare_rate}
    figures["floor"] = floor_rate
    figures["appends"] = appended
    club = dataset.clubs[0]
    someone, other = dataset.players[club.pk][:2]
    endpoints = {
        "players/{id}/stats/": f"/api/v1/players/{someone.pk}/stats/",
        "players/{id}/ratings/": f"/api/v1/players/{someone.pk}/ratings/",
        "players/{id}/head-to-head/{other}/": f"/api/v1/players/{someone.pk}/head-to-head/{other.pk}/",
        "leaderboards/?club=&game=": f"/api/v1/leaderboards/?club={club.slug}&game=generic:azul&min_plays=3",
        "leaderboards/ (global, all games)": "/api/v1/leaderboards/",
        "games/{game}/stats/?club=": f"/api/v1/games/generic:azul/stats/?club={club.slug}",
        "games/{game}/stats/ (every club)": "/api/v1/games/generic:azul/stats/",
    }
    _settle()  # after the rebuild's rewrite of every projection: as after any bulk load
    for name, path in endpoints.items():
        get_timed(dataset.fixture, f"{url}{path}", requests=20)  # a warm-up, not reported: each worker's first reads
        figures[name] = get_timed(dataset.fixture, f"{url}{path}", requests=100)[1]
    return figures


def analytics(fixture: Fixture, url: str, scale: float) -> list[str]:
    dataset = Dataset(fixture)
    small, large = max(200, int(10_000 * scale)), max(2000, int(100_000 * scale))
    logged = dataset.grow_to(small)
    before = {**analytics_figures(dataset, url), "logged": logged}
    logged = dataset.grow_to(large)
    after = {**analytics_figures(dataset, url), "logged": logged}
    lines = [
        "## Ratings rebuild and analytics queries",
        "",
        f"Plays logged through the service by {Dataset.WORKERS} processes (generic plays of 2-5 seats, about ten "
        "events each, finished; every 50th a seeded random legal play of one of the engines), measured at "
        f"{before['plays']:,} plays ({before['events']:,} events) and again at {after['plays']:,} plays "
        f"({after['events']:,} events). The rebuild derives every play's results, first plays and game tallies, "
        "then folds the ratings; the batch appends are a new play's, with the set in the table. Each endpoint's p95 "
        "is of 100 requests, one at a time, after `VACUUM ANALYZE` (as after any bulk load: the rebuild rewrote "
        "every projection) and a warm-up of 20 requests that is not reported.",
        "",
        "| figure | smaller set | larger set | growth |",
        "|---|---|---|---|",
    ]
    rates = [("rebuild", "ratings rebuild, plays/s"), ("bare", "bare openskill loop, plays/s")]
    rates += [("floor", "bare loop and the rebuild's writes (`rewrite_seconds`), one after the other, plays/s")]
    rates += [("logged", "logging the set (create + batch append per play), plays/s")]
    for key, label in [*rates, ("appends", "batch appends (5,000 events), events/s")]:
        lines.append(f"| {label} | {before[key]:,.0f} | {after[key]:,.0f} | {after[key] / before[key]:.2f}x |")
    for key in [k for k in before if k.startswith(("players", "leaderboards", "games"))]:
        lines.append(f"| p95 ms `{key}` | {before[key]:.1f} | {after[key]:.1f} | {after[key] / before[key]:.2f}x |")
    ratio = after["rebuild"] / after["bare"]
    worst = max(after[k] for k in after if k.startswith(("players", "leaderboards", "games")))
    lines += [
        "",
        f"Rebuild / bare loop: **{ratio:.2f}** (goal 0.7: {goal(ratio >= 0.7)}). The rebuild folds each play in its "
        "club's two rating scopes (its game, every game), writes a history row per player, play and club scope, and "
        "each current rating twice (in the club, and across clubs, where a player's numbers are their club's); the "
        "bare loop folds the same rankings in memory as often, twice.",
        f"Rebuild / (bare loop and the same rows written): **{after['rebuild'] / after['floor']:.2f}** (no goal: what "
        "is left to the rebuild's own work, deriving the results and summaries from the records, is the difference).",
        f"Slowest analytics endpoint p95: {worst:.1f} ms (goal 50 ms: {goal(worst <= 50)}).",
        "Player statistics and head-to-head (goal: p95 at most 25 ms and at most 1.2x growth): "
        + "; ".join(
            f"`{key}` {after[key]:.1f} ms, {after[key] / before[key]:.2f}x "
            f"({goal(after[key] <= 25 and after[key] / before[key] <= 1.2)})"
            for key in ("players/{id}/stats/", "players/{id}/head-to-head/{other}/")
        )
        + ".",
        "",
    ]
    return lines


LIVE_APP = "tablelog-live-bench"  # the live server's application_name in pg_stat_activity (PGAPPNAME)


def live(fixture: Fixture, scale: float) -> list[str]:
    """Commit-to-client latency of a play's stream with 1, 100 and 1,000 readers on one web
    process, and the database connections that process holds meanwhile."""
    rounds = max(20, int(50 * scale))
    lines = [
        "## Live streams: commit to client",
        "",
        f"One web process (gunicorn, one uvicorn worker); N readers follow one play's SSE stream "
        f"(`plays/{{id}}/stream/`) over loopback from one asyncio loop in the bench process, which also "
        f"appends {rounds} single events through the service, one at a time, each once every reader has "
        "the one before. Latency: from the append's return (its commit) to each reader reading the event's "
        "`id:` line; every reader's every event counts. Connections: the web process's sessions in "
        "pg_stat_activity while the readers wait, the LISTEN connection included.",
        "",
        "| readers | p50 ms | p95 ms | max ms | connections held |",
        "|---|---|---|---|---|",
    ]
    play = fixture.play()
    with server(workers=1, PGAPPNAME=LIVE_APP) as url:
        for readers in (1, 100, 1000):
            after = Play.objects.get(pk=play.pk).last_seq
            latencies, held = asyncio.run(_follow(url, play, after, readers, rounds))
            p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
            lines.append(f"| {readers:,} | {p50:.1f} | {p95:.1f} | {max(latencies):.1f} | {held} |")
    return [*lines, ""]


async def _follow(url: str, play: Play, after: int, readers: int, rounds: int) -> tuple[list[float], int]:
    target = urlsplit(url)
    loop = asyncio.get_running_loop()
    request = (
        f"GET /api/v1/plays/{play.pk}/stream/?after={after} HTTP/1.1\r\nHost: {target.netloc}\r\n"
        "Accept: text/event-stream\r\n\r\n"
    ).encode()
    streams = []
    for _ in range(readers):
        reading, writing = await asyncio.open_connection(target.hostname, target.port)
        writing.write(request)
        streams.append((reading, writing))
    for reading, _ in streams:  # subscribed: the stream's first message is its retry
        while not (await reading.readline()).startswith(b"retry:"):
            pass
    await asyncio.sleep(0.5)
    held = await loop.run_in_executor(None, _held)
    latencies: list[float] = []

    async def arrival(reading: asyncio.StreamReader, seq: int) -> float:
        expected = f"id: {seq}\n".encode()
        while await reading.readline() != expected:
            pass
        return time.perf_counter()

    for seq in range(after + 1, after + rounds + 1):
        arrivals = [asyncio.ensure_future(arrival(reading, seq)) for reading, _ in streams]
        await loop.run_in_executor(None, _append_one, play)
        committed = time.perf_counter()
        latencies += [max(0.0, (t - committed) * 1000) for t in await asyncio.gather(*arrivals)]
    for _, writing in streams:
        writing.close()
    return latencies, held


def _held() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [LIVE_APP])
        held = cursor.fetchone()[0]
    connection.close()
    return held


def _append_one(play: Play) -> None:
    services.append_events(play_id=play.pk, events=[services.NewEvent("score", 0, {"points": 1})], user=None)
    connection.close()  # a thread of the executor's: its connection goes with the append


def run_all(*, scale: float) -> list[str]:
    fixture = Fixture.create()
    sections = appends(fixture, scale)
    with server() as url:
        sections += http_appends(fixture, url, scale)
        sections += state_at_n(fixture, url, scale)
        sections += analytics(fixture, url, scale)
        sections += legal_moves(fixture, url)
    sections += projection_latency(fixture, scale)
    with server() as url:
        sections += table_growth(fixture, url, scale)
    sections += live(fixture, scale)
    sections += engine_folds(scale)
    sections += fuzz(scale)
    return sections
