"""The legal moves of a play through the API, and the log in words (issue #17).

``GET plays/{id}/legal/`` lists what the rules allow now, each move POSTable as it is, with
its sentence; every event in the log, its NDJSON and the audit carries its sentence, and
``?format=text`` gives the whole play as numbered lines. The expected sentences are written by
hand from the engines' wording (generic: "Ada scores 12 points.").
"""

import json
import random

import pytest

from games.playthrough import all_playthroughs, load
from records.models import Event, Status
from tests.factories import new_play


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def recorder(public, client_for):
    return client_for(public["recorder"])


def test_legal_lists_every_seats_moves_for_a_recorder_each_postable_as_it_is(play, recorder):
    response = recorder.get(f"/api/v1/plays/{play.pk}/legal/")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["count"] == 4 and body["next"] is None and body["previous"] is None
    assert body["results"] == [
        {"type": "score", "seat": 0, "data": {"points": 1}, "text": "Ada scores 1 point."},
        {"type": "score", "seat": 1, "data": {"points": 1}, "text": "Bo scores 1 point."},
        {"type": "score", "seat": 2, "data": {"points": 1}, "text": "Cy scores 1 point."},
        {"type": "finish", "seat": None, "data": {}, "text": "The play ends with Ada on 0, Bo on 0 and Cy on 0."},
    ]
    move = body["results"][1]
    appended = post(recorder, f"/api/v1/plays/{play.pk}/events/", {k: move[k] for k in ("type", "seat", "data")})
    assert appended.status_code == 201, appended.json()


def test_legal_pages_with_page_size_up_to_a_thousand(play, recorder):
    first = recorder.get(f"/api/v1/plays/{play.pk}/legal/?page_size=3").json()
    assert len(first["results"]) == 3 and first["count"] == 4 and "page_size=3" in first["next"]
    second = recorder.get(first["next"]).json()
    assert [m["type"] for m in second["results"]] == ["finish"]
    for wrong in ("0", "1001", "many"):
        response = recorder.get(f"/api/v1/plays/{play.pk}/legal/?page_size={wrong}")
        assert response.status_code == 400 and "page_size" in response.json()


def test_a_player_names_their_own_seat_and_sees_only_its_moves(public, play, client_for):
    public["players"][1].user = public["member"]
    public["players"][1].save()
    member = client_for(public["member"])
    missing = member.get(f"/api/v1/plays/{play.pk}/legal/")
    assert missing.status_code == 403 and "?seat=K" in missing.json()["detail"]
    assert client_for(None).get(f"/api/v1/plays/{play.pk}/legal/?seat=1").status_code == 401
    assert member.get(f"/api/v1/plays/{play.pk}/legal/?seat=0").status_code == 403
    own = member.get(f"/api/v1/plays/{play.pk}/legal/?seat=1").json()
    assert [(m["type"], m["seat"]) for m in own["results"]] == [("score", 1)]
    assert client_for(public["recorder"]).get(f"/api/v1/plays/{play.pk}/legal/?seat=7").status_code == 404


def test_a_finished_play_has_no_legal_moves(play, recorder):
    assert post(recorder, f"/api/v1/plays/{play.pk}/events/", {"type": "finish", "data": {}}).status_code == 201
    assert recorder.get(f"/api/v1/plays/{play.pk}/legal/").json() == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
    }


def log_with_a_correction_a_dispute_and_a_ruling(client, play) -> None:
    events = [
        {"type": "score", "seat": 0, "data": {"points": 12}},
        {"type": "score", "seat": 1, "data": {"points": -3}},
        {"type": "correction", "data": {"seq": 2, "reason": "Bo's points were Cy's."}},
        {"type": "score", "seat": 2, "data": {"points": 2.5}},
        {"type": "dispute", "data": {"seq": 4, "claim": "Cy counted a road twice."}},
        {"type": "ruling", "data": {"dispute": 5, "decision": "The road counts once.", "void": True}},
        {"type": "note", "data": {"text": "Break for pizza."}},
        {"type": "finish", "data": {"reason": "last tile placed"}},
    ]
    assert post(client, f"/api/v1/plays/{play.pk}/events/", events).status_code == 201


def test_the_whole_play_as_numbered_lines_of_text(play, recorder):
    log_with_a_correction_a_dispute_and_a_ruling(recorder, play)
    response = recorder.get(f"/api/v1/plays/{play.pk}/events/?format=text")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert b"".join(response.streaming_content).decode().splitlines() == [
        "1. Ada scores 12 points.",
        "2. Bo loses 3 points. (voided by 3)",
        "3. Event 2 is corrected away: Bo's points were Cy's.",
        "4. Cy scores 2.5 points. (voided by 6)",
        "5. Event 4 is disputed: Cy counted a road twice.",
        "6. Ruling on dispute 5, which voids the disputed event: The road counts once.",
        "7. Note: Break for pizza.",
        "8. The play ends with Ada on 12, Bo on 0 and Cy on 0 (last tile placed).",
    ]


def test_every_event_of_the_list_the_ndjson_and_the_audit_carries_its_sentence(play, recorder):
    log_with_a_correction_a_dispute_and_a_ruling(recorder, play)
    page = recorder.get(f"/api/v1/plays/{play.pk}/events/?limit=2&offset=3").json()["results"]
    assert [(e["seq"], e["text"]) for e in page] == [
        (4, "Cy scores 2.5 points."),
        (5, "Event 4 is disputed: Cy counted a road twice."),
    ]
    streamed = recorder.get(f"/api/v1/plays/{play.pk}/events/?format=ndjson")
    lines = [json.loads(line) for line in b"".join(streamed.streaming_content).splitlines()]
    assert [line["text"] for line in lines][
        7
    ] == "The play ends with Ada on 12, Bo on 0 and Cy on 0 (last tile placed)."
    audit = recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq=4").json()
    assert audit["event"]["text"] == "Cy scores 2.5 points."
    assert [d["text"] for d in audit["disputes"]] == ["Event 4 is disputed: Cy counted a road twice."]
    assert [r["text"] for r in audit["rulings"]] == [
        "Ruling on dispute 5, which voids the disputed event: The road counts once."
    ]


def test_reading_sentences_changes_no_stored_event(play, recorder):
    log_with_a_correction_a_dispute_and_a_ruling(recorder, play)
    before = list(Event.objects.filter(play=play).order_by("seq").values())
    recorder.get(f"/api/v1/plays/{play.pk}/events/")
    recorder.get(f"/api/v1/plays/{play.pk}/events/?format=text")
    recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq=4")
    recorder.get(f"/api/v1/plays/{play.pk}/legal/")
    assert list(Event.objects.filter(play=play).order_by("seq").values()) == before


def len_moves(playthrough) -> int:
    return len(playthrough.events)


RULEBOOK_ENGINES = ["first_settlement", "nouvelle_france", "nova_suecia", "pax_baltica", "vasa_regalis"]


@pytest.mark.parametrize("slug", RULEBOOK_ENGINES)
def test_a_play_driven_only_by_the_legal_list_reaches_its_outcome_through_the_api(public, recorder, slug):
    """Issue #17's "done when": pick at random among ``GET legal/`` and POST it, until the end,
    with no refusal; with the seats and options of the engine's shortest playthrough (Pax
    Baltica's shortest scenario), so the test stays short."""
    shortest = min((load(path) for path in all_playthroughs() if path.parent.parent.name == slug), key=len_moves)
    seats = len(shortest.seats)
    play = new_play(public["club"], public["players"][:seats], game=slug, options=shortest.options)
    rng = random.Random(slug)
    for _ in range(5000):
        url, moves = f"/api/v1/plays/{play.pk}/legal/?page_size=1000", []
        while url:
            page = recorder.get(url).json()
            moves, url = moves + page["results"], page["next"]
        if not moves:
            break
        move = rng.choice(moves)
        response = post(recorder, f"/api/v1/plays/{play.pk}/events/", {k: move[k] for k in ("type", "seat", "data")})
        assert response.status_code == 201, (move, response.json())
        assert response.json()["events"][0]["violations"] == []
    play.refresh_from_db()
    assert play.status == Status.FINISHED
