"""Write throttling (records/throttle.py): writes count against one limit per user, kept in
Redis, so several web processes share it; reads are free; with Redis unreachable, writes go on
unthrottled."""

import json
import logging
import os
import uuid

import pytest
import redis
from rest_framework.authtoken.models import Token

from config.outage import Outage
from records.throttle import WriteThrottle
from tests.factories import new_play
from tests.workers import database_url, free_port, post, start_web

SCORE = {"type": "score", "seat": 0, "data": {"points": 1}}


@pytest.fixture
def two_a_day(monkeypatch):
    """A limit of two writes a day (a window whose end a test will not straddle), counted under
    a scope of this test's own: counts left in Redis by another run cannot reach it."""
    monkeypatch.setattr(WriteThrottle, "rate", "2/day", raising=False)
    monkeypatch.setattr(WriteThrottle, "scope", f"writes-{uuid.uuid4().hex}")
    monkeypatch.setattr(WriteThrottle, "redis_down", Outage(WriteThrottle.redis_down.seconds))


def score(client, play):
    return client.post(f"/api/v1/plays/{play.pk}/events/", json.dumps(SCORE), content_type="application/json")


def test_writes_are_throttled_and_reads_are_not(two_a_day, play, public, client_for):
    recorder = client_for(public["recorder"])
    assert [score(recorder, play).status_code for _ in range(3)] == [201, 201, 429]
    refused = score(recorder, play)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 24 * 60 * 60
    assert "throttled" in refused.json()["detail"]
    assert recorder.get(f"/api/v1/plays/{play.pk}/events/").status_code == 200
    assert play.events.count() == 2


def test_with_redis_unreachable_writes_go_unthrottled_and_redis_is_left_alone_a_while(
    two_a_day, play, public, client_for, caplog, monkeypatch
):
    asked = []

    def unreachable() -> redis.Redis:
        asked.append(1)
        return redis.Redis(port=free_port(), socket_connect_timeout=1)

    monkeypatch.setattr(WriteThrottle, "redis", staticmethod(unreachable))
    recorder = client_for(public["recorder"])
    with caplog.at_level(logging.WARNING, "records.throttle"):
        assert [score(recorder, play).status_code for _ in range(3)] == [201, 201, 201]
    assert play.events.count() == 3
    assert len(asked) == 1, "the writes after the first failure leave Redis alone"
    warnings = [record.getMessage() for record in caplog.records if record.name == "records.throttle"]
    assert len(warnings) == 1 and "not throttled for 10 s" in warnings[0], warnings


def test_two_web_processes_count_one_users_writes_against_one_limit(committed_db, club_setup, spawn):
    """Each process used to count in its own memory: with N processes, N times the limit."""
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    token = Token.objects.create(user=club["recorder"]).key
    # The processes count under the scope "writes": counts an earlier run left for a user of
    # the same id are cleared first.
    counts = WriteThrottle.redis()
    for key in counts.scan_iter(f"tablelog:throttle_writes_{club['recorder'].pk}:*"):
        counts.delete(key)
    env = {**os.environ, "DATABASE_URL": database_url(), "WRITE_THROTTLE": "3/day"}
    urls = [start_web(spawn, env, f"web-{n}")[1] for n in range(2)]
    statuses = [post(f"{urls[n % 2]}/api/v1/plays/{play.pk}/events/", SCORE, token)[0] for n in range(6)]
    assert statuses == [201, 201, 201, 429, 429, 429]
    assert play.events.count() == 3
