"""The pages of numbers: home, a club's home, a player's page and head to head, a game's page.

The numbers come from a short season worked out by hand: Ada and Bo play "Test game" four
times on four days, Ada in the first seat, scoring 10 to Bo's 5 three times, then 5 to 10.
So Ada has 4 plays and 3 wins (75%), a longest streak of 3 and a current one of 0, an H-index
of 1 (one game, played 4 times) and Bo as her minion (she beat him 3 times, more than he beat
her); Bo has Ada as his nemesis. The first seat won 3 of 4 (75%), the second 1 (25%); eight
scores, four of 5 and four of 10: median 7.5, four in each bin of ten. Ada is the club's
champion (3 wins in 4 plays, at least 3 played).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from analytics import services as analytics
from analytics.web.numbers import percent, rating, whole_percent
from analytics.web.views import CLUB_PLAYS
from records import services
from records.models import Play
from tests.factories import new_play
from tests.web.conftest import screenshot, sign_in

DAY = dt.date(2025, 3, 1)
GAME = "generic:test-game"
SEASON = [(10, 5), (10, 5), (10, 5), (5, 10)]


def season(club_data: dict) -> list[Play]:
    """The season above, finished through the records service and projected."""
    ada, bo = club_data["players"][:2]
    plays = []
    for day, scores in enumerate(SEASON):
        play = services.create_play(
            club=club_data["club"],
            game="generic",
            seats=[services.SeatSpec(ada), services.SeatSpec(bo)],
            options={"title": "Test game", "scoring": "highest_wins"},
            played_on=DAY + dt.timedelta(days=day),
        )
        finish = services.NewEvent("finish", None, {"scores": list(scores)})
        services.append_events(play_id=play.pk, events=[finish], user=club_data["recorder"])
        plays.append(play)
    analytics.project_plays(play_ids=[p.pk for p in plays])
    return plays


def signed_in(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def public(club_setup):
    season(club_setup["public"])
    return club_setup["public"]


@pytest.fixture
def private(club_setup):
    season(club_setup["private"])
    return club_setup["private"]


def text(answer) -> str:
    """The page's words without its markup, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


# Numbers as a person reads them


@pytest.mark.parametrize(("rate", "shown"), [(0.75, "75%"), (0.6667, "67%"), (0.125, "13%"), (0.0, "0%"), (None, "–")])
def test_a_rate_is_shown_as_a_whole_percentage_halves_up(rate, shown):
    assert percent(rate) == shown


def test_a_rating_is_shown_to_one_decimal_halves_up():
    assert (rating(14.45), rating(-0.04), rating(25.0)) == ("14.5", "0.0", "25.0")
    assert whole_percent(0.995) == 100


# Home


def test_home_shows_anonymous_readers_the_public_clubs_only(client, public, private):
    fronts = client.get("/").context["fronts"]
    assert [f["club"].slug for f in fronts] == ["public"]


def test_home_puts_the_readers_own_clubs_first(client, public, private):
    fronts = signed_in(client, private["member"]).get("/").context["fronts"]
    assert [f["club"].slug for f in fronts] == ["private", "public"]


def test_home_shows_each_clubs_latest_plays_and_its_leader(client, public):
    answer = client.get("/")
    (front,) = answer.context["fronts"]
    assert [row["play"].played_on for row in front["plays"]] == [DAY + dt.timedelta(days=d) for d in (3, 2, 1, 0)]
    assert front["leaders"][0].player.display_name == "Ada"  # 3 wins to 1
    assert "Bo ★" in text(answer)  # Bo won the latest play


# A club's home


def test_a_clubs_page_lists_its_plays_with_links_seats_and_winners(client, public):
    plays = Play.objects.filter(club=public["club"]).order_by("-played_on")
    answer = client.get("/clubs/public/")
    html = answer.content.decode()
    assert all(f'href="/plays/{p.pk}/"' in html for p in plays)
    ada, bo = public["players"][:2]
    assert f'href="/players/{ada.pk}/"' in html and f'href="/players/{bo.pk}/"' in html
    rows = answer.context["plays"]
    assert [[s["winner"] for s in row["seats"]] for row in rows] == [
        [False, True],
        [True, False],
        [True, False],
        [True, False],
    ]
    assert rows[0]["title"] == "Test game"


def test_a_clubs_leaderboard_has_every_game_and_each_game_rated_there(client, public):
    answer = client.get("/clubs/public/")
    assert [(t["game"], t["name"]) for t in answer.context["tabs"]] == [("", "All games"), (GAME, "Test game")]
    assert [r.player.display_name for r in answer.context["leaders"]] == ["Ada", "Bo"]
    of_game = client.get(f"/clubs/public/?game={GAME}")
    assert of_game.context["game"] == GAME and [r.player.display_name for r in of_game.context["leaders"]] == [
        "Ada",
        "Bo",
    ]
    assert f'href="/games/{GAME}/?club=public"' in of_game.content.decode()


def test_a_clubs_older_plays_are_a_page_away(client, club_setup):
    """The club's page showed its 20 latest plays and no way to the others: an older play could
    be found by its address only (to audit a move of it, say)."""
    setup = club_setup["public"]
    plays = [new_play(setup["club"], setup["players"][:2]) for _ in range(CLUB_PLAYS + 1)]
    first = client.get("/clubs/public/")
    assert len(first.context["plays"]) == CLUB_PLAYS and 'href="?page=2"' in first.content.decode()
    older = client.get("/clubs/public/?page=2")
    assert [row["play"].pk for row in older.context["plays"]] == [plays[0].pk]
    assert 'href="?page=1"' in older.content.decode() and 'href="?page=3"' not in older.content.decode()
    assert client.get("/clubs/public/?page=3").status_code == 404


def test_a_game_the_club_has_no_ratings_of_is_no_leaderboard(client, public):
    assert client.get("/clubs/public/?game=nova_suecia").status_code == 404


def test_a_private_clubs_page_is_404_to_outsiders_and_shown_to_members(client, club_setup, private):
    assert client.get("/clubs/private/").status_code == 404
    assert signed_in(client, club_setup["outsider"]).get("/clubs/private/").status_code == 404
    assert signed_in(client, private["member"]).get("/clubs/private/").status_code == 200


@pytest.mark.parametrize(
    ("who", "links"),
    [
        ("owner", {"play-new", "members", "settings", "players"}),
        ("recorder", {"play-new", "players"}),
        ("member", set()),
    ],
)
def test_a_clubs_page_offers_owners_their_pages_and_recorders_a_new_play_and_the_players(
    client, club_setup, who, links
):
    """Recorders add the club's players (the players page): the club's page leads them there."""
    html = signed_in(client, club_setup["public"][who]).get("/clubs/public/").content.decode()
    offered = {
        "play-new": 'href="/clubs/public/plays/new/"' in html,
        "members": 'href="/clubs/public/members/"' in html,
        "settings": 'href="/clubs/public/settings/"' in html,
        "players": 'href="/clubs/public/players/"' in html,
    }
    assert {name for name, shown in offered.items() if shown} == links


# A player


def test_a_players_page_shows_plays_wins_streaks_h_index_and_rivals(client, public):
    ada, bo = public["players"][:2]
    answer = client.get(f"/players/{ada.pk}/")
    stats = answer.context["stats"]
    assert (stats["plays"], stats["wins"], stats["win_percent"]) == (4, 3, "75%")
    assert stats["streaks"] == {"current": 0, "longest": 3}
    assert stats["h_index"] == 1
    assert stats["minion"]["name"] == "Bo" and stats["nemesis"] is None
    assert [(r["seat"], r["plays"], r["wins"], r["win_percent"]) for r in stats["by_seat"]] == [(0, 4, 3, "75%")]
    words = text(answer)
    assert "Plays 4" in words and "Wins 3 75%" in words and "H-index 1" in words
    assert client.get(f"/players/{bo.pk}/").context["stats"]["nemesis"]["name"] == "Ada"


def test_a_players_rating_chart_starts_at_the_default_and_has_a_point_per_rated_play(client, public):
    ada = public["players"][0]
    chart = str(client.get(f"/players/{ada.pk}/").context["chart"])
    assert chart.count("<polyline") == 2  # mu and mu - 3 sigma
    assert chart.count("<circle") == 2 * (1 + len(SEASON))  # where it started, then after each play
    # openskill's Plackett-Luce starts everyone at mu 25, sigma 25/3: mu - 3 sigma = 0.
    assert "mu 25.0 before the first rated play" in chart and "mu − 3σ 0.0 before the first rated play" in chart


def test_a_players_page_picks_a_game_and_refuses_one_they_never_played(client, public):
    ada = public["players"][0]
    answer = client.get(f"/players/{ada.pk}/?game={GAME}")
    assert answer.context["game"] == GAME and answer.context["chart"].count("<circle") == 2 * (1 + len(SEASON))
    assert client.get(f"/players/{ada.pk}/?game=nova_suecia").status_code == 404


def test_a_player_of_a_private_club_is_404_to_outsiders_and_shown_to_members(client, club_setup, private):
    ada = private["players"][0]
    assert client.get(f"/players/{ada.pk}/").status_code == 404
    assert signed_in(client, club_setup["outsider"]).get(f"/players/{ada.pk}/").status_code == 404
    assert signed_in(client, private["member"]).get(f"/players/{ada.pk}/").status_code == 200


# Head to head


def test_head_to_head_counts_who_placed_ahead(client, public):
    ada, bo = public["players"][:2]
    answer = client.get(f"/players/{ada.pk}/vs/{bo.pk}/")
    versus = answer.context["versus"]
    assert (versus["plays"], versus["player_ahead"], versus["other_ahead"], versus["tied"]) == (4, 3, 1, 0)
    assert [(r["game"], r["name"]) for r in versus["by_game"]] == [(GAME, "Test game")]


def test_the_head_to_head_picker_leads_to_the_pair_and_a_player_is_not_compared_with_themselves(client, public):
    ada, bo = public["players"][:2]
    assert client.get(f"/players/{ada.pk}/vs/?other={bo.pk}")["Location"] == f"/players/{ada.pk}/vs/{bo.pk}/"
    assert client.get(f"/players/{ada.pk}/vs/?other=").status_code == 400
    assert client.get(f"/players/{ada.pk}/vs/{ada.pk}/").status_code == 400


def test_a_refused_head_to_head_page_says_why(client, public):
    """The page's 400 said only "The request is malformed.", not the reason the page gives."""
    ada = public["players"][0]
    assert "Pick a player to compare with." in client.get(f"/players/{ada.pk}/vs/?other=").content.decode()
    assert "Compare a player with someone else." in client.get(f"/players/{ada.pk}/vs/{ada.pk}/").content.decode()


def test_head_to_head_with_a_private_clubs_player_is_404_to_outsiders(client, club_setup, public, private):
    ada, other = public["players"][0], private["players"][0]
    assert client.get(f"/players/{ada.pk}/vs/{other.pk}/").status_code == 404
    assert signed_in(client, private["member"]).get(f"/players/{ada.pk}/vs/{other.pk}/").status_code == 200


# A game


def test_a_games_page_shows_its_seat_advantage_scores_and_end_reasons(client, public):
    answer = client.get(f"/games/{GAME}/")
    stats = answer.context["stats"]
    assert stats["plays"] == 4
    assert [(r["seat"], r["win_percent"]) for r in stats["seat_advantage"]] == [(0, "75%"), (1, "25%")]
    assert stats["scores"]["median"] == 7.5
    assert [(b["from"], b["count"]) for b in stats["scores"]["histogram"]] == [(0, 4), (10, 4)]
    assert answer.context["name"] == "Test game" and stats["champions"] is None
    seats = str(answer.context["charts"]["seats"])
    assert "Seat 1: 3 wins in 4 plays (75%)" in seats and "Seat 2: 1 wins in 4 plays (25%)" in seats


def test_a_games_page_in_one_club_names_its_champions(client, public):
    answer = client.get(f"/games/{GAME}/?club=public")
    (champion,) = answer.context["stats"]["champions"]
    assert (champion["name"], champion["wins"], champion["plays"], champion["win_percent"]) == ("Ada", 3, 4, "75%")
    assert f'href="/players/{champion["id"]}/"' in answer.content.decode()


def test_an_engines_page_shows_its_catalogue_entry(client, db):
    answer = client.get("/games/nova_suecia/")
    words = text(answer)
    assert "Nova Suecia: The Last Letter Home" in words and "2–5 players" in words
    assert "7.1 Stormy Seas" in words  # an option's description, from the engine's options schema


@pytest.mark.parametrize("key", ["nope", "generic"])
def test_a_game_that_does_not_exist_is_404(client, db, key):
    assert client.get(f"/games/{key}/").status_code == 404


def test_a_private_clubs_scope_of_a_game_is_404_to_outsiders_and_shown_to_members(client, club_setup, private):
    assert client.get(f"/games/{GAME}/?club=private").status_code == 404
    assert client.get(f"/games/{GAME}/").context["stats"]["plays"] == 0  # not counted for outsiders
    member = signed_in(client, private["member"])
    assert member.get(f"/games/{GAME}/?club=private").context["stats"]["plays"] == 4


# In a browser


def test_a_players_rating_chart_draws_its_two_lines(page, site, club_setup):
    public = club_setup["public"]
    season(public)
    ada = public["players"][0]
    page.goto(f"{site}/players/{ada.pk}/")
    chart = page.locator("#rating svg.line-chart")
    assert chart.locator("polyline").count() == 2
    assert chart.locator("g.series").evaluate_all("gs => gs.map(g => g.dataset.series)") == ["mu", "mu − 3σ"]
    box = chart.bounding_box()
    assert box["width"] > 600 and box["height"] > 250
    screenshot(page, "player")


def test_the_pages_of_numbers_on_a_laptop(page, site, club_setup):
    public = club_setup["public"]
    season(public)
    sign_in(page, site, "public-owner")
    for name, path in [("home", "/"), ("club", "/clubs/public/"), ("game", f"/games/{GAME}/?club=public")]:
        page.goto(f"{site}{path}")
        assert page.locator("h1").count() == 1
        screenshot(page, name)


@pytest.mark.parametrize("path", ["/", "/clubs/public/", "/players/{ada}/", f"/games/{GAME}/?club=public"])
def test_the_pages_of_numbers_fit_a_phone(phone, site, club_setup, path):
    public = club_setup["public"]
    season(public)
    phone.goto(site + path.format(ada=public["players"][0].pk))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    name = {"/": "home", "/clubs/public/": "club", "/players/{ada}/": "player"}.get(path, "game")
    screenshot(phone, f"{name}-phone")
