"""Results per finished play and seat, derived from the play's caches."""

import datetime as dt

from analytics.models import PlayResult, RatingChange, SeatResult
from records import services as records
from tests.analytics.conftest import DAY, project
from tests.factories import new_play


def seats_of(play):
    return list(SeatResult.objects.filter(result__play=play).order_by("seat"))


def test_a_finished_play_has_one_result_row_per_seat(club, record):
    ada, bo, cy = club["players"][:3]
    start = dt.datetime(2025, 3, 1, 19, 0, tzinfo=dt.UTC)
    play = record([ada, bo, cy], [30, 41, 30], reason="final scoring", times=[start, start + dt.timedelta(minutes=95)])
    project(play)
    result = PlayResult.objects.get(play=play)
    assert (result.game, result.player_count, result.reason, result.length_seconds) == (
        "generic:test-game",
        3,
        "final scoring",
        95 * 60,
    )
    assert (result.cooperative, result.won, result.rated, result.low_score_wins) == (False, True, True, False)
    rows = [(s.player_id, s.seat, s.place, s.rank, s.score, s.winner, s.first_play) for s in seats_of(play)]
    assert rows == [
        (ada.pk, 0, 2, 2, 30.0, False, True),
        (bo.pk, 1, 1, 1, 41.0, True, True),
        (cy.pk, 2, 2, 2, 30.0, False, True),
    ]


def test_a_play_without_table_times_has_no_length(club, record):
    play = record(club["players"][:2], [1, 2])
    project(play)
    assert PlayResult.objects.get(play=play).length_seconds is None


def test_teams_share_their_place_and_are_kept_per_seat(club, record):
    play = record(club["players"], [5, 1, 2, 2], teams=["red", "blue", "red", "blue"])
    project(play)
    seats = seats_of(play)
    assert [(s.team, s.winner) for s in seats] == [("red", True), ("blue", False), ("red", True), ("blue", False)]
    assert seats[0].place == seats[2].place == 1 < seats[1].place == seats[3].place


def test_lowest_wins_is_recognised_for_best_scores(club, record):
    play = record(club["players"][:2], [70, 82], scoring="lowest_wins")
    project(play)
    assert PlayResult.objects.get(play=play).low_score_wins


def test_first_play_moves_to_a_play_logged_late_with_an_earlier_date(club, record):
    ada, bo = club["players"][:2]
    later = record([ada, bo], [1, 2], on=DAY)
    project(later)
    earlier = record([ada, bo], [3, 2], on=DAY - dt.timedelta(days=7))
    project(earlier)
    assert [s.first_play for s in seats_of(earlier)] == [True, True]
    assert [s.first_play for s in seats_of(later)] == [False, False]


def test_first_play_is_per_game(club, record):
    ada, bo = club["players"][:2]
    plays = [record([ada, bo], [1, 2], title="Azul"), record([ada, bo], [1, 2], title="Azul")]
    plays.append(record([ada, bo], [1, 2], title="Brass"))
    project(*plays)
    assert [seats_of(play)[0].first_play for play in plays] == [True, False, True]


def test_unfinished_and_abandoned_plays_have_no_result(club):
    ada, bo = club["players"][:2]
    going = new_play(club["club"], [ada, bo])
    records.append_events(play_id=going.pk, events=[records.NewEvent("score", 0, {"points": 3})], user=None)
    abandoned = new_play(club["club"], [ada, bo])
    records.append_events(play_id=abandoned.pk, events=[records.NewEvent("abandon", None, {})], user=None)
    project(going, abandoned)
    assert not PlayResult.objects.exists()


def test_a_correction_that_unfinishes_a_play_drops_its_result_and_ratings(club, record):
    play = record(club["players"][:2], [1, 2])
    project(play)
    assert RatingChange.objects.filter(play=play).exists()
    records.append_events(
        play_id=play.pk, events=[records.NewEvent("correction", None, {"seq": 1, "reason": "not over"})], user=None
    )
    project(play)
    assert not PlayResult.objects.filter(play=play).exists()
    assert not RatingChange.objects.exists()


def test_projecting_twice_changes_nothing(club, record):
    play = record(club["players"][:3], [3, 2, 1])
    project(play)
    before = list(SeatResult.objects.values_list("player_id", "place", "first_play").order_by("seat"))
    changes = list(RatingChange.objects.values_list("player_id", "mu_after", "sigma_after").order_by("pk"))
    project(play)
    assert list(SeatResult.objects.values_list("player_id", "place", "first_play").order_by("seat")) == before
    assert list(RatingChange.objects.values_list("player_id", "mu_after", "sigma_after").order_by("pk")) == changes
