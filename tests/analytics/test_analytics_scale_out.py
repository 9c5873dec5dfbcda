"""Scaling out on what Tablelog stands on (#21): several web processes and several Celery
workers against one PostgreSQL keep the projections exact. Real processes, real broker."""

import datetime as dt
import os
import random
import threading
from collections import Counter

from django.core.management import call_command
from rest_framework.authtoken.models import Token

from analytics import selectors
from analytics.models import PlayResult, Rating, RatingChange
from analytics.tasks import project_all
from records import services as records
from records.models import Event
from tests.analytics.conftest import DAY, dump
from tests.workers import database_url, post, start_web, wait_for

#: Well under beat's period (PROJECTOR_CATCH_UP_SECONDS, 60 s), after which a wake-up flag left
#: set would expire by itself.
WOKEN_WITHIN = 20

PLAYS = 24
#: The rating scopes a competitive generic play keeps a history in: its club's, for its game
#: and across games (analytics/README.md).
SCOPES = 2


def test_three_workers_and_two_web_processes_project_exactly_what_a_rebuild_derives(start_worker, spawn, club):
    env = {**os.environ, "DATABASE_URL": database_url()}
    webs = [start_web(spawn, env, f"web-{n}")[1] for n in range(2)]
    for _ in range(3):
        start_worker()
    token = Token.objects.get_or_create(user=club["recorder"])[0].key
    rng = random.Random(21)
    plays = []
    for _ in range(PLAYS):
        seated = rng.sample(club["players"], 3)
        # Dated out of the order they are logged in: a play logged later may fold earlier.
        play = records.create_play(
            club=club["club"],
            game="generic",
            seats=[records.SeatSpec(player) for player in seated],
            options={"title": "Scale out"},
            played_on=DAY + dt.timedelta(days=rng.randrange(6)),
        )
        scores = [rng.randrange(10) for _ in seated]
        plays.append((play, seated, scores))
    failures = []

    def log(share: list) -> None:
        """Each play's moves one append at a time, alternating between the two web processes."""
        for n, (play, _, scores) in enumerate(share):
            events = [{"type": "score", "seat": seat, "data": {"points": points}} for seat, points in enumerate(scores)]
            for k, body in enumerate([*events, {"type": "finish", "data": {}}]):
                status = post(f"{webs[(n + k) % 2]}/api/v1/plays/{play.pk}/events/", body, token)[0]
                if status != 201:
                    failures.append((play.pk, status))

    loggers = [threading.Thread(target=log, args=(plays[start::4],)) for start in range(4)]
    for logger in loggers:
        logger.start()
    for _ in range(3):  # every worker busy at once, besides the wake-ups the appends send
        project_all.delay()
    for logger in loggers:
        logger.join(120)
    assert not failures
    last = Event.objects.order_by("-position").values_list("position", flat=True).first()
    wait_for(lambda: selectors.as_of() >= last, "the workers to project every play", nudge=project_all.delay)

    assert PlayResult.objects.count() == PLAYS
    seats_per_player = Counter(player.pk for _, seated, _ in plays for player in seated)
    counted = dict(Rating.objects.filter(club=None, game="").values_list("player_id", "plays"))
    assert counted == seats_per_player  # no result counted twice, none missed
    assert RatingChange.objects.count() == PLAYS * 3 * SCOPES
    incremental = dump()
    call_command("rebuild_projections")
    assert dump() == incremental  # in particular, every rating folded in (date, position) order


def test_each_commit_after_a_projection_wakes_the_worker_again(start_worker, club):
    """A worker takes the wake-up flag of the queue the task came from (here the test's own,
    not the worker's default), so the next commit queues a wake-up again: no nudge, no beat."""
    start_worker()
    for scores in ([3, 1], [1, 3], [2, 2]):
        play = records.create_play(
            club=club["club"],
            game="generic",
            seats=[records.SeatSpec(player) for player in club["players"][:2]],
            options={"title": "Woken"},
        )
        records.append_events(play_id=play.pk, events=[records.NewEvent("finish", None, {"scores": scores})], user=None)
        projected = PlayResult.objects.filter(play=play)
        wait_for(projected.exists, "the worker to wake", bound=WOKEN_WITHIN)
