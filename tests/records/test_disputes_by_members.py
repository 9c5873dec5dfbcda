"""Anyone at the table may ask for a ruling: a member appends a dispute (#18, "a member files a
dispute on a move"); rulings, corrections and every other event stay the recorders'."""

import pytest

from records import services
from tests.factories import new_play


@pytest.fixture
def scored(club_setup):
    """A public club's generic play with one score logged (seq 1)."""
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2], user=club["owner"])
    services.append_events(play_id=play.pk, events=[services.NewEvent("score", 0, {"points": 3})], user=club["owner"])
    return play, club


DISPUTE = {"type": "dispute", "data": {"seq": 1, "claim": "Three points? The road was two tiles."}}


def test_a_member_may_dispute_a_move(scored, client_for):
    play, club = scored
    answer = client_for(club["member"]).post(f"/api/v1/plays/{play.pk}/events/", DISPUTE, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["events"][0]["type"] == "dispute"


@pytest.mark.parametrize(
    "body",
    [
        {"type": "ruling", "data": {"dispute": 2, "decision": "Stands."}},
        {"type": "correction", "data": {"seq": 1, "reason": "Misheard."}},
        {"type": "score", "seat": 1, "data": {"points": 2}},
        [DISPUTE, {"type": "score", "seat": 1, "data": {"points": 2}}],
        "not an event",
    ],
)
def test_a_member_may_log_nothing_else_not_even_beside_a_dispute(scored, client_for, body):
    play, club = scored
    answer = client_for(club["member"]).post(f"/api/v1/plays/{play.pk}/events/", body, format="json")
    assert answer.status_code == 403
    assert "recorder" in answer.json()["detail"]


def test_an_outsider_may_not_dispute_a_public_clubs_move(scored, client_for, club_setup):
    play, _ = scored
    answer = client_for(club_setup["outsider"]).post(f"/api/v1/plays/{play.pk}/events/", DISPUTE, format="json")
    assert answer.status_code == 403
