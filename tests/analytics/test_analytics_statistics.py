"""Statistics against a hand-computed fixture of eight plays (numbers worked out by hand in
the comments), computed by the selectors from projected results."""

import datetime as dt

import pytest

from analytics import selectors
from records.models import Club
from tests.analytics.conftest import DAY, project

HOUR = dt.datetime(2025, 3, 1, 19, 0, tzinfo=dt.UTC)


@pytest.fixture
def season(club, record):
    """Ada's season. Winners: 1 Bo, 2 Ada, 3 Bo, 4 Ada, 5 Ada, 6 Bo, 7 Ada; 8 is co-op, won.

    1 Azul  Ada 10, Bo 20, Cy 5     (60 minutes)
    2 Azul  Ada 30, Bo 20           (90 minutes)
    3 Azul  Ada 40, Bo 50, Cy 45    ("final round")
    4 Brass Ada 7, Bo 3
    5 Brass Ada 9, Bo 1, Cy 2
    6 Azul  Bo 20, Ada 12           (Ada in seat 1)
    7 Golf  Ada 70, Bo 80           (lowest wins)
    8 Hanabi Ada, Bo, cooperative, won
    """
    ada, bo, cy, _ = club["players"]
    day = [DAY + dt.timedelta(days=n) for n in range(8)]
    plays = [
        record([ada, bo, cy], [10, 20, 5], title="Azul", on=day[0], times=[HOUR, HOUR + dt.timedelta(minutes=60)]),
        record([ada, bo], [30, 20], title="Azul", on=day[1], times=[HOUR, HOUR + dt.timedelta(minutes=90)]),
        record([ada, bo, cy], [40, 50, 45], title="Azul", on=day[2], reason="final round"),
        record([ada, bo], [7, 3], title="Brass", on=day[3]),
        record([ada, bo, cy], [9, 1, 2], title="Brass", on=day[4]),
        record([bo, ada], [20, 12], title="Azul", on=day[5]),
        record([ada, bo], [70, 80], title="Golf", scoring="lowest_wins", on=day[6]),
        record([ada, bo], title="Hanabi", scoring="cooperative", result="won", on=day[7]),
    ]
    project(*plays)
    return club


def test_plays_wins_and_win_rate_count_competitive_plays(season):
    stats = selectors.player_stats(season["players"][0])
    assert (stats["plays"], stats["wins"], stats["win_rate"]) == (7, 4, 0.5714)
    assert stats["cooperative"] == {"plays": 1, "wins": 1, "win_rate": 1.0}


def test_per_game_records_with_average_and_best_score(season):
    assert selectors.player_stats(season["players"][0])["by_game"] == [
        # Azul: 10 + 30 + 40 + 12 = 92, over 4 is 23.
        {"game": "generic:azul", "plays": 4, "wins": 1, "win_rate": 0.25, "average_score": 23.0, "best_score": 40.0},
        {"game": "generic:brass", "plays": 2, "wins": 2, "win_rate": 1.0, "average_score": 8.0, "best_score": 9.0},
        {"game": "generic:golf", "plays": 1, "wins": 1, "win_rate": 1.0, "average_score": 70.0, "best_score": 70.0},
    ]


def test_best_score_is_the_lowest_where_low_scores_win(club, record):
    ada, bo = club["players"][:2]
    project(*(record([ada, bo], [score, 80], title="Golf", scoring="lowest_wins") for score in (72, 68)))
    assert selectors.player_stats(ada)["by_game"][0]["best_score"] == 68.0


def test_win_rate_by_player_count_and_by_seat(season):
    stats = selectors.player_stats(season["players"][0])
    # Two players: plays 2, 4, 6, 7, won 2, 4, 7. Three players: 1, 3, 5, won 5.
    assert stats["by_player_count"] == [
        {"player_count": 2, "plays": 4, "wins": 3, "win_rate": 0.75},
        {"player_count": 3, "plays": 3, "wins": 1, "win_rate": 0.3333},
    ]
    assert stats["by_seat"] == [
        {"seat": 0, "plays": 6, "wins": 4, "win_rate": 0.6667},
        {"seat": 1, "plays": 1, "wins": 0, "win_rate": 0.0},
    ]


def test_streaks_follow_the_play_order(season):
    # L W L W W L W: the longest run is 2, the current one 1.
    assert selectors.player_stats(season["players"][0])["streaks"] == {"current": 1, "longest": 2}


def test_h_index_counts_games_played_at_least_h_times(season):
    # Azul 4, Brass 2, Golf 1, Hanabi 1: two games played at least twice.
    assert selectors.player_stats(season["players"][0])["h_index"] == 2


def test_h_index_edge_cases():
    from collections import Counter

    assert selectors.h_index(Counter()) == 0
    assert selectors.h_index(Counter(a=3, b=3, c=3)) == 3
    assert selectors.h_index(Counter(a=10)) == 1


def test_nemesis_and_minion_need_three_wins_and_more_than_the_reverse(season):
    ada, bo, cy, _ = season["players"]
    # Ada beat Bo 4 times (2, 4, 5, 7), Bo beat Ada 3 times (1, 3, 6); Cy beat Ada once (3).
    ada_stats, bo_stats = selectors.player_stats(ada), selectors.player_stats(bo)
    assert ada_stats["nemesis"] is None
    assert ada_stats["minion"] == {"id": bo.pk, "name": "Bo", "club": "public", "beat_you": 3, "you_beat": 4}
    assert bo_stats["nemesis"] == {"id": ada.pk, "name": "Ada", "club": "public", "beat_you": 4, "you_beat": 3}
    assert bo_stats["minion"] is None
    assert selectors.player_stats(cy)["nemesis"] is None


def test_head_to_head_counts_who_placed_ahead(season):
    ada, bo = season["players"][:2]
    record = selectors.head_to_head(ada, bo)
    assert {k: record[k] for k in ("plays", "player_ahead", "other_ahead", "tied")} == {
        "plays": 7,
        "player_ahead": 4,
        "other_ahead": 3,
        "tied": 0,
    }
    assert (record["cooperative_plays"], record["cooperative_wins"]) == (1, 1)
    azul = next(g for g in record["by_game"] if g["game"] == "generic:azul")
    assert (azul["plays"], azul["player_ahead"], azul["other_ahead"]) == (4, 1, 3)


def test_game_statistics_in_a_club(season):
    club = season["club"]
    stats = selectors.game_stats("generic:azul", Club.objects.filter(pk=club.pk), club)
    assert stats["plays"] == 4
    assert stats["player_counts"] == [{"player_count": 2, "plays": 2}, {"player_count": 3, "plays": 2}]
    # Seat 0 won plays 2 and 6, seat 1 plays 1 and 3, seat 2 never.
    assert stats["seat_advantage"] == [
        {"seat": 0, "plays": 4, "wins": 2, "win_rate": 0.5},
        {"seat": 1, "plays": 4, "wins": 2, "win_rate": 0.5},
        {"seat": 2, "plays": 2, "wins": 0, "win_rate": 0.0},
    ]
    # 5 10 12 20 20 20 30 40 45 50: sum 252, median (20 + 20) / 2.
    assert stats["scores"] == {
        "count": 10,
        "min": 5.0,
        "max": 50.0,
        "mean": 25.2,
        "median": 20.0,
        "histogram": [
            {"from": 0, "to": 10, "count": 1},
            {"from": 10, "to": 20, "count": 2},
            {"from": 20, "to": 30, "count": 3},
            {"from": 30, "to": 40, "count": 1},
            {"from": 40, "to": 50, "count": 2},
            {"from": 50, "to": 60, "count": 1},
        ],
    }
    assert stats["average_length_seconds"] == 4500.0  # 60 and 90 minutes
    assert stats["end_reasons"] == [{"reason": "highest wins", "plays": 3}, {"reason": "final round", "plays": 1}]
    # Ada and Bo played Azul 4 times (Cy only twice); Bo won 3 of them.
    bo = season["players"][1]
    assert stats["champions"] == [
        {"id": bo.pk, "name": "Bo", "club": "public", "plays": 4, "wins": 3, "win_rate": 0.75}
    ]


def test_cooperative_game_statistics(season):
    stats = selectors.game_stats("generic:hanabi", Club.objects.all(), None)
    assert stats["cooperative"] == {"plays": 1, "wins": 1, "win_rate": 1.0}
    assert stats["seat_advantage"] == [] and stats["champions"] is None


def test_players_tied_on_wins_share_the_championship(club, record):
    ada, bo = club["players"][:2]
    project(*(record([ada, bo], scores) for scores in ([1, 2], [2, 1], [1, 2], [2, 1])))
    stats = selectors.game_stats("generic:test-game", Club.objects.all(), club["club"])
    assert [c["name"] for c in stats["champions"]] == ["Ada", "Bo"]


def test_a_shared_place_is_a_tie_in_head_to_head(club, record):
    ada, bo, cy = club["players"][:3]
    project(record([ada, bo, cy], [10, 10, 3]))
    record_ = selectors.head_to_head(ada, bo)
    assert (record_["plays"], record_["player_ahead"], record_["other_ahead"], record_["tied"]) == (1, 0, 0, 1)
    assert selectors.player_stats(ada)["wins"] == 1 and selectors.player_stats(bo)["wins"] == 1


def test_a_player_without_plays_has_empty_statistics(club):
    stats = selectors.player_stats(club["players"][3])
    assert (stats["plays"], stats["wins"], stats["win_rate"], stats["h_index"]) == (0, 0, None, 0)
    assert stats["streaks"] == {"current": 0, "longest": 0}
    assert stats["by_game"] == [] and stats["nemesis"] is None and stats["minion"] is None
