"""Every engine's playthroughs through the API: a complete play logged to its outcome, and
each illegal move refused with 422 in a strict play, stored and flagged in a record play,
and shown by the audit."""

import json

import pytest

from games.playthrough import all_playthroughs, load
from records.models import Player

PLAYTHROUGHS = [load(path) for path in all_playthroughs()]
ILLEGAL = [(p, case) for p in PLAYTHROUGHS for case in p.illegal]


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def start_play(client, club, playthrough, mode):
    players = [
        Player.objects.create(club=club, display_name=f"{mode} player {n}") for n in range(len(playthrough.seats))
    ]
    body = {
        "club": club.slug,
        "game": playthrough.slug,
        "options": playthrough.options,
        "mode": mode,
        "seats": [{"player": p.pk, "colour": s.colour, "team": s.team} for p, s in zip(players, playthrough.seats)],
    }
    response = post(client, "/api/v1/plays/", body)
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def append(client, play_id, events):
    if not events:
        return None
    response = post(client, f"/api/v1/plays/{play_id}/events/", events)
    assert response.status_code == 201, response.json()
    return response.json()


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: f"{p.slug}/{p.name}")
def test_a_whole_playthrough_logged_through_the_api_reaches_its_outcome(club_setup, client_for, playthrough):
    club = club_setup["public"]
    client = client_for(club["recorder"])
    play_id = start_play(client, club["club"], playthrough, "strict")
    append(client, play_id, playthrough.events)
    play = client.get(f"/api/v1/plays/{play_id}/").json()
    assert play["status"] == "finished"
    for key, expected in playthrough.outcome.items():
        assert play["outcome"][key] == expected
    assert client.get(f"/api/v1/plays/{play_id}/verify/").json()["ok"] is True


@pytest.mark.parametrize(
    "playthrough, case", ILLEGAL, ids=lambda x: f"{x.slug}/{x.name}" if hasattr(x, "slug") else f"after-{x['after']}"
)
def test_an_illegal_move_is_refused_in_strict_and_flagged_in_record(club_setup, client_for, playthrough, case):
    club = club_setup["public"]
    client = client_for(club["recorder"])
    before = playthrough.events[: case["after"]]

    strict = start_play(client, club["club"], playthrough, "strict")
    append(client, strict, before)
    refused = post(client, f"/api/v1/plays/{strict}/events/", case["event"])
    assert refused.status_code == 422, refused.json()
    assert any(v["rule"].startswith(case["rule"]) for v in refused.json()["violations"]), refused.json()
    assert client.get(f"/api/v1/plays/{strict}/").json()["last_seq"] == len(before)

    record = start_play(client, club["club"], playthrough, "record")
    append(client, record, before)
    stored = post(client, f"/api/v1/plays/{record}/events/", case["event"])
    assert stored.status_code == 201, stored.json()
    seq = stored.json()["events"][0]["seq"]
    assert any(v["rule"].startswith(case["rule"]) for v in stored.json()["events"][0]["violations"])
    audit = client.get(f"/api/v1/plays/{record}/audit/?seq={seq}").json()
    assert any(v["rule"].startswith(case["rule"]) for v in audit["violations"])
