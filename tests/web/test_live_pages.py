"""The pages that update live (#20), in headless Chromium against the ASGI server (the web
server as docker runs it, tests/conftest.py ``asgi_server``): a play's page shows a move
logged elsewhere without a reload, and a club's home shows a new play and then its result.
The moves are committed by this process through the services, as another recorder's would be.
"""

from __future__ import annotations

import pytest

from analytics import services as analytics
from records import services
from tests.factories import new_play
from tests.web.conftest import screenshot


@pytest.fixture
def watched(asgi_server, committed_db, monkeypatch):
    """The ASGI server's URL; Playwright's event loop in this thread makes Django see the
    test's own database calls as "async": they are synchronous all the same (as ``site``)."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    return asgi_server


def scored(seat: int, points: int) -> services.NewEvent:
    return services.NewEvent("score", seat, {"points": points})


def test_a_play_page_shows_each_move_as_it_is_logged(watched, club_setup, page):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    services.append_events(play_id=play.pk, events=[scored(0, 3)], user=club["recorder"])
    page.goto(f"{watched}/plays/{play.pk}/")
    page.wait_for_selector("[data-live-state]:text('live')")
    services.append_events(play_id=play.pk, events=[scored(1, 4), scored(0, 2)], user=club["recorder"])
    page.wait_for_selector("ol.log li:has-text('Ada scores 2 points.')")
    assert page.locator("ol.log li").all_inner_texts() == [
        "Ada scores 3 points.",
        "Bo scores 4 points.",
        "Ada scores 2 points.",
    ]
    assert page.locator(".slider output").inner_text() == "3 / 3"  # it followed to the last move
    page.click("[data-step=first]")  # a reader stepped back stays where they are
    page.wait_for_selector(".slider output:text('0 / 3')")
    services.append_events(play_id=play.pk, events=[scored(1, 1)], user=club["recorder"])
    page.wait_for_selector(".slider output:text('0 / 4')")
    assert page.locator("[data-live-state]").inner_text() == "live"
    screenshot(page, "play-live")


def test_a_club_home_shows_a_new_play_and_then_its_result(watched, club_setup, page):
    club = club_setup["public"]
    page.goto(f"{watched}/clubs/{club['club'].slug}/")
    page.wait_for_selector("[data-live-state]:text('live')")
    play = new_play(club["club"], club["players"][:2], options={"title": "Hive"})
    page.wait_for_selector("#plays tr:has-text('Hive') .badge:text('in progress')")
    services.append_events(
        play_id=play.pk, events=[scored(0, 3), scored(1, 5), services.NewEvent("finish")], user=club["recorder"]
    )
    page.wait_for_selector("#plays tr:has-text('Hive') .badge:text('finished')")
    analytics.project_pending()
    page.wait_for_selector("#plays tr:has-text('Hive') .winner:text('Bo ★')")
    page.wait_for_selector("#leaderboard :text('Bo')")
