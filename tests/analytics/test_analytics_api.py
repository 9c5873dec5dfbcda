"""The analytics API: shapes, as_of, filters, pagination, permissions and bad input."""

import datetime as dt

import pytest

from analytics import services
from analytics.models import Checkpoint, Rating
from tests.analytics.conftest import DAY, project


@pytest.fixture
def projected(club_setup, record):
    """Three plays in the public club, one in the private club; the watermark at 42."""
    public, private = club_setup["public"], club_setup["private"]
    ada, bo, cy, di = public["players"]
    plays = [
        record([ada, bo, cy], [30, 20, 10], title="Azul", on=DAY),
        record([ada, bo], [30, 20], title="Azul", on=DAY + dt.timedelta(days=1)),
        record([bo, di], [5, 4], title="Brass", on=DAY + dt.timedelta(days=2)),
        record(private["players"][:2], [9, 1], title="Azul", club_data=private),
    ]
    project(*plays)
    Checkpoint.objects.update_or_create(name=services.PROJECTION, defaults={"as_of": 42})
    return club_setup


def test_player_stats_carry_as_of_and_the_statistics(projected, client_for):
    ada = projected["public"]["players"][0]
    body = client_for(None).get(f"/api/v1/players/{ada.pk}/stats/").json()
    assert body["as_of"] == 42
    assert (body["player"]["name"], body["plays"], body["wins"]) == ("Ada", 2, 2)


def test_player_ratings_give_current_ratings_and_a_paginated_history(projected, client_for):
    ada = projected["public"]["players"][0]
    body = client_for(None).get(f"/api/v1/players/{ada.pk}/ratings/", {"game": "generic:azul", "limit": 1}).json()
    assert body["as_of"] == 42 and body["game"] == "generic:azul"
    club_rating = Rating.objects.get(club=projected["public"]["club"], game="generic:azul", player=ada)
    assert body["current"]["club"]["mu"] == club_rating.mu
    assert body["current"]["global"]["conservative"] == club_rating.conservative
    assert body["count"] == 2 and len(body["results"]) == 1 and body["next"]
    first = body["results"][0]
    assert first["played_on"] == str(DAY) and first["mu_after"] > first["mu_before"]


def test_rating_history_filters_by_date(projected, client_for):
    ada = projected["public"]["players"][0]
    after = str(DAY + dt.timedelta(days=1))
    body = client_for(None).get(f"/api/v1/players/{ada.pk}/ratings/", {"played_after": after}).json()
    assert [r["played_on"] for r in body["results"]] == [after]


def test_head_to_head(projected, client_for):
    ada, bo = projected["public"]["players"][:2]
    body = client_for(None).get(f"/api/v1/players/{ada.pk}/head-to-head/{bo.pk}/").json()
    assert (body["as_of"], body["plays"], body["player_ahead"], body["other_ahead"]) == (42, 2, 2, 0)


def test_leaderboard_orders_by_conservative_rating_and_filters(projected, client_for):
    client = client_for(None)
    body = client.get("/api/v1/leaderboards/", {"club": "public"}).json()
    assert body["as_of"] == 42
    values = [row["conservative"] for row in body["results"]]
    assert values == sorted(values, reverse=True) and len(values) == 4
    assert all(row["conservative"] == pytest.approx(row["mu"] - 3 * row["sigma"]) for row in body["results"])
    azul = client.get("/api/v1/leaderboards/", {"club": "public", "game": "generic:azul", "min_plays": 2}).json()
    assert sorted(row["player_name"] for row in azul["results"]) == ["Ada", "Bo"]


def test_the_global_leaderboard_shows_private_club_players_to_members_only(projected, client_for):
    outsider = client_for(projected["outsider"]).get("/api/v1/leaderboards/").json()
    assert {row["club"] for row in outsider["results"]} == {"public"}
    member = client_for(projected["private"]["member"]).get("/api/v1/leaderboards/").json()
    assert {row["club"] for row in member["results"]} == {"public", "private"}


def test_game_stats_in_a_club_and_across_clubs(projected, client_for):
    member = client_for(projected["private"]["member"])
    everywhere = member.get("/api/v1/games/generic:azul/stats/").json()
    assert (everywhere["as_of"], everywhere["plays"], everywhere["champions"]) == (42, 3, None)
    public = member.get("/api/v1/games/generic:azul/stats/", {"club": "public"}).json()
    assert public["plays"] == 2 and public["club"] == "public"


@pytest.mark.parametrize("who", [None, "outsider"])
def test_private_club_data_is_404_to_non_members(projected, client_for, who):
    client = client_for(None if who is None else projected["outsider"])
    hidden, seen = projected["private"]["players"][0], projected["public"]["players"][0]
    for url in (
        f"/api/v1/players/{hidden.pk}/stats/",
        f"/api/v1/players/{hidden.pk}/ratings/",
        f"/api/v1/players/{seen.pk}/head-to-head/{hidden.pk}/",
        "/api/v1/leaderboards/?club=private",
        "/api/v1/games/generic:azul/stats/?club=private",
    ):
        assert client.get(url).status_code == 404, url


def test_members_see_their_private_club(projected, client_for):
    client = client_for(projected["private"]["member"])
    player = projected["private"]["players"][0]
    assert client.get(f"/api/v1/players/{player.pk}/stats/").json()["wins"] == 1
    assert client.get("/api/v1/leaderboards/?club=private").json()["count"] == 2


@pytest.mark.parametrize(
    ("url", "param"),
    [
        ("/api/v1/leaderboards/?min_plays=many", "min_plays"),
        ("/api/v1/leaderboards/?min_plays=-1", "min_plays"),
        ("/api/v1/leaderboards/?min_plays=1e400", "min_plays"),
        ("/api/v1/leaderboards/?limit=x&game=" + "g" * 300, "game"),
        ("/api/v1/players/{ada}/ratings/?played_after=yesterday", "played_after"),
        ("/api/v1/players/{ada}/ratings/?game=%00", "game"),
        ("/api/v1/leaderboards/?club=%00", "club"),
        ("/api/v1/games/generic:azul/stats/?club=" + "c" * 300, "club"),
        ("/api/v1/players/{ada}/head-to-head/{ada}/", "other_id"),
    ],
)
def test_bad_query_params_are_400_naming_the_param(projected, client_for, url, param):
    ada = projected["public"]["players"][0]
    response = client_for(None).get(url.format(ada=ada.pk))
    assert response.status_code == 400 and param in response.json()


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/players/99999999999999999999999/stats/",
        "/api/v1/players/0/ratings/",
        "/api/v1/games/nonesuch/stats/",
        "/api/v1/games/generic/stats/",
        "/api/v1/games/generic:%00/stats/",
        "/api/v1/leaderboards/?club=nonesuch",
    ],
)
def test_unknown_things_are_404(projected, client_for, url):
    assert client_for(None).get(url).status_code == 404


def test_an_empty_installation_answers_with_as_of_zero(db, client_for):
    body = client_for(None).get("/api/v1/leaderboards/").json()
    assert body == {"as_of": 0, "count": 0, "next": None, "previous": None, "results": []}


def test_a_player_without_ratings_has_none_yet(projected, client_for):
    body = client_for(None).get(f"/api/v1/players/{projected['public']['players'][3].pk}/ratings/?game=generic:azul")
    assert body.status_code == 200
    assert body.json()["current"] == {"club": None, "global": None} and body.json()["results"] == []
