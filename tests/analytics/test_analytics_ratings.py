"""Rating rules (openskill Plackett-Luce), their order, recomputation and rebuilds."""

import datetime as dt

import pytest
from django.core.management import CommandError, call_command

from analytics import ratings
from analytics.models import PlayResult, Rating, RatingChange, SeatResult
from records import services as records
from records.models import Play
from tests.analytics.conftest import DAY, dump, project


def rated(seats):
    return ratings.rate({}, [ratings.RatedSeat(player, team, rank) for player, team, rank in seats])


def test_tied_players_share_a_place_and_move_alike():
    after = rated([(1, "", 1), (2, "", 1), (3, "", 3)])
    assert after[1] == after[2]
    assert after[1][0] > ratings.DEFAULT[0] > after[3][0]


def test_the_openskill_numbers_are_plackett_luce_from_the_default():
    after = rated([(1, "", 1), (2, "", 2)])
    model = ratings.MODEL
    [[winner], [loser]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert after == {1: (winner.mu, winner.sigma), 2: (loser.mu, loser.sigma)}


def test_teammates_are_one_side_and_move_together():
    after = rated([(1, "red", 1), (2, "blue", 2), (3, "red", 1), (4, "blue", 2)])
    assert after[1] == after[3] and after[2] == after[4]
    assert after[1][0] > after[2][0]


def test_a_play_with_one_side_changes_nothing():
    assert rated([(1, "all", 1), (2, "all", 1)]) == {}


def test_the_conservative_rating_is_mu_minus_three_sigma():
    assert ratings.conservative(25.0, 8.0) == 1.0


def finished_with(play: Play, outcome: dict) -> Play:
    """Give a finished play another outcome cache: the generic engine never blames a seat,
    engines such as Nova Suecia's do ("no winner, the blamed lose")."""
    Play.objects.filter(pk=play.pk).update(outcome=outcome)
    return play


def test_blamed_seats_rank_last_whatever_their_place(club, record):
    play = record(club["players"][:3], [1, 2, 3])
    finished_with(
        play,
        {
            "places": [1, 2, 3],
            "winners": [],
            "scores": None,
            "reason": "Dutch victory",
            "cooperative": False,
            "blamed": [0],
        },
    )
    project(play)
    assert list(SeatResult.objects.filter(result__play=play).order_by("seat").values_list("rank", flat=True)) == [
        4,
        2,
        3,
    ]
    mu = {c.player_id: c.mu_after for c in RatingChange.objects.filter(game="")}
    ada, bo, cy = club["players"][:3]
    assert mu[bo.pk] > mu[cy.pk] > mu[ada.pk]


def test_cooperative_plays_do_not_change_ratings(club, record):
    play = record(club["players"][:3], scoring="cooperative", result="won")
    project(play)
    result = PlayResult.objects.get(play=play)
    assert result.cooperative and result.won and not result.rated
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_every_play_rates_per_game_and_across_games_per_club_and_globally(club, record):
    ada, bo = club["players"][:2]
    project(record([ada, bo], [2, 1], title="Azul"), record([ada, bo], [2, 1], title="Brass", on=DAY + dt.timedelta(1)))
    plays = dict(Rating.objects.filter(player=ada, club=club["club"]).values_list("game", "plays"))
    assert plays == {"generic:azul": 1, "generic:brass": 1, "": 2}
    scopes = set(Rating.objects.filter(player=ada).values_list("club_id", "game"))
    cid = club["club"].pk
    assert scopes == {
        (cid, "generic:azul"),
        (cid, "generic:brass"),
        (cid, ""),
        (None, "generic:azul"),
        (None, "generic:brass"),
        (None, ""),
    }
    club_numbers = Rating.objects.filter(club=club["club"], game="", player=ada).values_list("mu", "sigma").get()
    assert Rating.objects.filter(club=None, game="", player=ada).values_list("mu", "sigma").get() == club_numbers


def test_each_scope_folds_its_own_plays_from_its_own_ratings(club, record):
    """Worked by hand with the rating rules: Ada beats Bo at Azul, then Bo beats Ada at Brass.
    Per game, each play starts from the default; across games, Brass starts from Azul's
    result; the global scopes hold the club's numbers."""
    ada, bo = club["players"][:2]
    project(record([ada, bo], [2, 1], title="Azul"), record([ada, bo], [1, 2], title="Brass", on=DAY + dt.timedelta(1)))
    azul = rated([(ada.pk, "", 1), (bo.pk, "", 2)])
    brass = rated([(ada.pk, "", 2), (bo.pk, "", 1)])
    across = ratings.rate(azul, [ratings.RatedSeat(ada.pk, "", 2), ratings.RatedSeat(bo.pk, "", 1)])
    expected = {"generic:azul": azul, "generic:brass": brass, "": across}
    for club_id in (club["club"].pk, None):
        for game, numbers in expected.items():
            held = Rating.objects.filter(club_id=club_id, game=game).values_list("player_id", "mu", "sigma")
            assert {player: (mu, sigma) for player, mu, sigma in held} == numbers, (club_id, game)


def test_a_late_play_refolds_its_club_s_players_across_clubs_and_nobody_else(club_setup, record):
    """Worked by hand: in the public club Ada beats Bo; then a play dated the day before, in
    which Bo beats Ada, arrives late. Across clubs, as in their club, they end with the
    ratings of Bo's win followed by Ada's; the private club's players, who played on the same
    day, keep what they had. The history is kept once, in the clubs' scopes: one row per seat
    and scope (the play's game, every game)."""
    public, private = club_setup["public"], club_setup["private"]
    ada, bo = public["players"][:2]
    cy, di = private["players"][:2]
    project(record([ada, bo], [2, 1]), record([cy, di], [2, 1], club_data=private))
    private_ratings = list(Rating.objects.filter(player__in=[cy, di]).order_by("pk").values())
    project(record([ada, bo], [1, 2], on=DAY - dt.timedelta(days=1)))
    bo_first = rated([(ada.pk, "", 2), (bo.pk, "", 1)])
    then_ada = ratings.rate(bo_first, [ratings.RatedSeat(ada.pk, "", 1), ratings.RatedSeat(bo.pk, "", 2)])
    for club_id in (public["club"].pk, None):
        held = Rating.objects.filter(club_id=club_id, game="", player__in=[ada, bo])
        assert {r.player_id: (r.mu, r.sigma) for r in held} == then_ada, club_id
    assert list(Rating.objects.filter(player__in=[cy, di]).order_by("pk").values()) == private_ratings
    assert RatingChange.objects.count() == 3 * 2 * 2


def test_the_history_chains_each_play_from_the_one_before(club, record):
    ada, bo = club["players"][:2]
    plays = [record([ada, bo], [n, 2], on=DAY + dt.timedelta(n)) for n in (1, 2, 3)]
    project(*plays)
    history = list(RatingChange.objects.filter(game="", player=ada).order_by("played_on"))
    assert [h.play_id for h in history] == [p.pk for p in plays]
    assert (history[0].mu_before, history[0].sigma_before) == ratings.DEFAULT
    assert all((b.mu_before, b.sigma_before) == (a.mu_after, a.sigma_after) for a, b in zip(history, history[1:]))
    current = Rating.objects.get(club=None, game="", player=ada)
    assert (current.mu, current.sigma, current.plays) == (history[-1].mu_after, history[-1].sigma_after, 3)


def test_plays_fold_by_date_then_finishing_position_whatever_order_they_arrive_in(club, record):
    ada, bo, cy = club["players"][:3]
    late = record([ada, bo, cy], [1, 2, 3], on=DAY)
    project(late)
    early = record([ada, bo, cy], [3, 2, 1], on=DAY - dt.timedelta(days=3))
    project(early)
    same_day = record([ada, bo, cy], [2, 3, 1], on=DAY)
    project(same_day)
    history = RatingChange.objects.filter(game="", player=ada).order_by("played_on", "finished_position")
    assert list(history.values_list("play_id", flat=True)) == [early.pk, late.pk, same_day.pk]
    incremental = dump()
    call_command("rebuild_projections")
    assert dump() == incremental


def test_a_correction_to_an_old_play_recomputes_from_its_point_and_equals_a_rebuild(club, record):
    ada, bo, cy = club["players"][:3]
    old = record([ada, bo, cy], [9, 2, 3], on=DAY - dt.timedelta(days=10))
    newer = [record([ada, bo, cy], [n, 3, 2], on=DAY + dt.timedelta(n)) for n in range(3)]
    project(old, *newer)
    before = dump()
    records.append_events(
        play_id=old.pk,
        events=[
            records.NewEvent("correction", None, {"seq": 1, "reason": "scores swapped"}),
            records.NewEvent("finish", None, {"scores": [2, 9, 3]}),
        ],
        user=None,
    )
    project(old)
    incremental = dump()
    assert incremental != before
    first = RatingChange.objects.get(game="", player=bo, play=old)
    assert first.mu_after > first.mu_before
    call_command("rebuild_projections")
    assert dump() == incremental


def test_two_rebuilds_are_byte_identical(club, record):
    players = club["players"]
    for n in range(6):
        project(record(players[n % 2 : n % 2 + 3], [n, 7 - n, 3], on=DAY + dt.timedelta(days=n % 3)))
    call_command("rebuild_projections")
    first = dump().encode()
    call_command("rebuild_projections")
    assert dump().encode() == first


def test_a_rebuild_from_a_date_equals_the_incremental_result(club, record):
    ada, bo = club["players"][:2]
    plays = [record([ada, bo], [n % 3, 1], on=DAY + dt.timedelta(days=n)) for n in range(5)]
    project(*plays)
    incremental = dump()
    call_command("rebuild_projections", "--from", str(DAY + dt.timedelta(days=2)))
    assert dump() == incremental


def test_rebuild_refuses_a_date_it_cannot_read(db):
    with pytest.raises(CommandError, match="--from"):
        call_command("rebuild_projections", "--from", "last tuesday")
