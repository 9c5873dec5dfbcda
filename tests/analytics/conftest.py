"""Helpers for the analytics tests: plays recorded through the records service with the
generic engine, projected directly or through the outbox."""

from __future__ import annotations

import datetime as dt
import json
import time

import pytest

from analytics import selectors, services
from analytics.models import GameTally, Rating, RatingChange, SeatResult
from records import services as records
from records.models import Event, Play

DAY = dt.date(2025, 3, 1)


@pytest.fixture
def club(club_setup):
    return club_setup["public"]


@pytest.fixture
def record(club):
    """Record a finished generic play: ``record(players, scores=[...])`` and the like."""

    def make(
        players,
        scores=None,
        *,
        on: dt.date = DAY,
        title: str = "Test game",
        scoring: str = "highest_wins",
        teams=None,
        places=None,
        result=None,
        reason=None,
        times=None,
        club_data=None,
    ) -> Play:
        owner = club_data or club
        teams = teams or [""] * len(players)
        play = records.create_play(
            club=owner["club"],
            game="generic",
            seats=[records.SeatSpec(p, team=t) for p, t in zip(players, teams)],
            options={"title": title, "scoring": scoring},
            played_on=on,
        )
        data = {
            key: value
            for key, value in {"scores": scores, "places": places, "result": result, "reason": reason}.items()
            if value is not None
        }
        started = [records.NewEvent("note", None, {"text": "start"}, occurred_at=times[0])] if times else []
        finish = records.NewEvent("finish", None, data, occurred_at=times[1] if times else None)
        records.append_events(play_id=play.pk, events=[*started, finish], user=owner["recorder"])
        return play

    return make


def project(*plays) -> None:
    services.project_plays(play_ids=[p.pk for p in plays])


def project_committed(deadline: float = 60.0) -> None:
    """Run the projector until every committed event is behind its watermark. Other
    transactions on the server can hold the snapshot's xmin back for a moment, so it retries
    within ``deadline`` seconds."""
    limit = time.monotonic() + deadline
    last = Event.objects.order_by("-position").values_list("position", flat=True).first() or 0
    while True:
        services.project_pending()
        if selectors.as_of() >= last:
            return
        assert time.monotonic() < limit, f"the projector did not reach position {last}"
        time.sleep(0.1)


def dump() -> str:
    """Every rating row, seat result and game tally (less its id), floats in full (repr), in a
    fixed order: equal strings, equal bytes."""
    changes = RatingChange.objects.order_by("club_id", "game", "played_on", "finished_position", "player_id")
    current = Rating.objects.order_by("club_id", "game", "player_id")
    seats = SeatResult.objects.order_by("result_id", "seat")
    return json.dumps(
        [
            list(
                changes.values_list(
                    "club_id", "game", "player_id", "play_id", "mu_before", "sigma_before", "mu_after", "sigma_after"
                )
            ),
            list(
                current.values_list(
                    "club_id", "game", "player_id", "mu", "sigma", "conservative", "plays", "last_played_on"
                )
            ),
            list(seats.values_list("result_id", "seat", "player_id", "rank", "first_play")),
            list(
                GameTally.objects.order_by("club_id", "game", "kind", "key").values_list(
                    "club_id", "game", "kind", "key", "plays", "wins", "total"
                )
            ),
        ],
        default=str,
    )
