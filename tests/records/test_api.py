"""The records API end to end: shapes, errors, logs, state, audit, verify."""

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from records.models import Event, Play
from tests.factories import new_play


@pytest.fixture
def recorder(public, client_for):
    return client_for(public["recorder"])


def events_url(play) -> str:
    return f"/api/v1/plays/{play.pk}/events/"


def post(client, url, body, **headers):
    return client.post(url, json.dumps(body), content_type="application/json", **headers)


def test_a_token_is_issued_for_username_and_password(client_for, public):
    response = client_for(None).post(
        "/api/v1/auth/token/", {"username": "public-recorder", "password": "public-recorder-password"}
    )
    assert response.status_code == 200 and response.json()["token"]


def test_a_token_nobody_holds_or_of_an_inactive_user_is_a_401_saying_which(play, public, client_for):
    """DRF's answers for token authentication (records.tokens reads the token its own way)."""
    body = {"type": "score", "seat": 0, "data": {"points": 1}}
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    response = post(stranger, events_url(play), body)
    assert (response.status_code, response.json()) == (401, {"detail": "Invalid token."})
    assert response["WWW-Authenticate"] == "Token"
    recorder = client_for(public["recorder"])
    public["recorder"].is_active = False
    public["recorder"].save()
    response = post(recorder, events_url(play), body)
    assert (response.status_code, response.json()) == (401, {"detail": "User inactive or deleted."})
    assert Event.objects.filter(play=play).count() == 0


@pytest.mark.parametrize("pk", ["twelve", "-1", "9" * 30])
def test_an_append_to_a_play_id_no_play_can_have_is_a_404(recorder, pk):
    response = post(recorder, f"/api/v1/plays/{pk}/events/", {"type": "score", "seat": 0, "data": {"points": 1}})
    assert response.status_code == 404 and response.json() == {"detail": "No Play matches the given query."}


def test_a_recorder_creates_a_play_and_logs_it_to_its_outcome(public, recorder):
    players = [p.pk for p in public["players"][:2]]
    created = post(
        recorder,
        "/api/v1/plays/",
        {
            "club": "public",
            "game": "generic",
            "options": {"title": "Azul"},
            "seats": [{"player": players[0], "colour": "blue"}, {"player": players[1]}],
        },
    )
    assert created.status_code == 201, created.json()
    play_id = created.json()["id"]
    response = post(recorder, f"/api/v1/plays/{play_id}/events/", {"type": "score", "seat": 0, "data": {"points": 30}})
    assert response.status_code == 201
    body = response.json()
    assert body["events"][0]["seq"] == 1 and len(body["events"][0]["hash"]) == 64
    assert body["view"]["scores"] == [30, 0]
    finished = post(recorder, f"/api/v1/plays/{play_id}/events/", {"type": "finish", "data": {"scores": [30, 41]}})
    assert finished.json()["status"] == "finished"
    detail = recorder.get(f"/api/v1/plays/{play_id}/").json()
    assert detail["outcome"]["winners"] == [1] and detail["last_seq"] == 2


def test_the_catalogue_serves_every_event_type_with_schema_and_example(client_for):
    games = client_for(None).get("/api/v1/games/").json()
    generic = next(g for g in games if g["slug"] == "generic")
    assert generic["event_types"]["score"]["example"] == {"points": 12}
    assert client_for(None).get("/api/v1/games/nonsense/").status_code == 404


@pytest.mark.parametrize(
    "body, field",
    [
        ({"type": "score", "seat": 0, "data": {"points": "lots"}}, "data.points"),
        ({"type": "score", "seat": 9, "data": {"points": 1}}, "seat"),
        ({"type": "score", "data": {"points": 1}}, "seat"),
        ({"type": "finish", "seat": 0, "data": {"scores": [1, 2, 3]}}, "seat"),
        ({"type": "note", "seat": 0, "data": {"text": "made by no seat"}}, "seat"),
        ({"type": "castle", "seat": 0, "data": {}}, "type"),
        ({"type": "score", "seat": 0, "data": []}, "data"),
        ({"seat": 0, "data": {"points": 1}}, "type"),
        ({"type": "score", "seat": 0, "data": {"points": 1}, "expected_seq": "x"}, "expected_seq"),
        ({"type": "score", "seat": 0, "data": {"points": 1}, "occurred_at": "yesterday"}, "occurred_at"),
        ({"type": "note", "data": {"text": "nul \u0000 byte"}}, "data.text"),
        ({"type": "note", "data": {"text": "half a pair \ud800"}}, "data.text"),
    ],
)
def test_a_malformed_event_is_a_400_naming_the_field(play, recorder, body, field):
    response = post(recorder, events_url(play), body)
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert Event.objects.filter(play=play).count() == 0


def test_a_number_jsonb_cannot_hold_is_a_400_naming_the_field(play, recorder):
    response = recorder.post(
        events_url(play), '{"type": "score", "seat": 0, "data": {"points": 1e999}}', content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json() == {"data.points": ["inf is not a finite number."]}
    assert Event.objects.filter(play=play).count() == 0


def test_an_idempotency_key_too_long_to_keep_is_a_400(play, recorder):
    body = json.dumps({"type": "score", "seat": 0, "data": {"points": 1}})
    response = recorder.post(events_url(play), body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k" * 201)
    assert response.status_code == 400 and "Idempotency-Key" in response.json()
    assert Event.objects.filter(play=play).count() == 0


@pytest.mark.parametrize(
    "points", ["1e23", "123456789012345678901234567890.0", "1.7976931348623157e308", "-0.0", "1e-7"]
)
def test_any_number_the_api_accepts_verifies_in_the_chain(play, recorder, points):
    """The report: these were stored, and the chain then failed to verify at seq 1."""
    body = f'{{"type": "score", "seat": 0, "data": {{"points": {points}}}}}'
    assert recorder.post(events_url(play), body, content_type="application/json").status_code == 201
    assert recorder.get(f"/api/v1/plays/{play.pk}/verify/").json() == {
        "play": play.pk,
        "events": 1,
        "ok": True,
        "first_broken_seq": None,
    }


def test_an_append_asks_the_database_once_for_each_thing_it_needs(play, recorder):
    """#21: the token's user; the play locked, with its seat count, its club and the recorder's
    role, in one query; the new event, inserted with its position returned; the play's cached
    state. The transaction's two statements (here a savepoint and its release) make 6."""
    post(recorder, events_url(play), {"type": "score", "seat": 0, "data": {"points": 1}})
    with CaptureQueriesContext(connection) as queries:
        response = post(recorder, events_url(play), {"type": "score", "seat": 1, "data": {"points": 2}})
    assert response.status_code == 201, response.content
    assert len(queries.captured_queries) == 6, [query["sql"][:80] for query in queries.captured_queries]


def test_the_statements_an_append_runs_again_and_again_are_planned_once(play, recorder):
    """#21, config/settings.py: bound by the server, a statement is prepared on its connection
    from its fifth run on (psycopg's ``prepare_threshold``), and parsed and planned no more:
    after six appends, the token's user, the play's lock and the event's insert are among the
    connection's prepared statements (PostgreSQL's ``pg_prepared_statements``)."""
    for points in range(6):
        post(recorder, events_url(play), {"type": "score", "seat": 0, "data": {"points": points}})
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]
    for fragment in ("FROM authtoken_token t JOIN auth_user u", "FOR UPDATE OF p", "INSERT INTO records_event"):
        assert any(fragment in statement for statement in prepared), (fragment, prepared)


def test_an_append_answers_who_may_not_see_or_log_before_what_is_wrong_with_the_body(club_setup, client_for):
    """DESIGN.md's errors, in the order DRF checks them: a play the user may not read is a 404
    (a private club's play, to an outsider: not even a 403, which would say it exists), then
    401 for nobody signed in and 403 for a role short of the events, and only then 400 for the
    body. The answers come from the lock's one query (#21); nothing is stored by any of them."""
    private, public = club_setup["private"], club_setup["public"]
    hidden, shown = new_play(private["club"], private["players"][:2]), new_play(public["club"], public["players"][:2])
    malformed = {"type": "score", "seat": "first", "data": {"points": 1}}
    answers = [
        (client_for(club_setup["outsider"]), hidden, 404),
        (client_for(None), shown, 401),
        (client_for(public["member"]), shown, 403),  # a game event needs a recorder
        (client_for(private["member"]), hidden, 403),
        (client_for(private["recorder"]), hidden, 400),
        (client_for(public["owner"]), shown, 400),
    ]
    for client, play, expected in answers:
        response = post(client, events_url(play), malformed)
        assert response.status_code == expected, (play.club.slug, expected, response.content)
    assert Event.objects.count() == 0


def test_malformed_json_is_a_400(play, recorder):
    response = recorder.post(events_url(play), "{not json", content_type="application/json")
    assert response.status_code == 400


def test_a_rule_violation_in_a_strict_play_is_a_422_with_section_and_sentence(play, recorder):
    response = post(recorder, events_url(play), {"type": "finish", "data": {"scores": [1, 2]}})
    assert response.status_code == 422
    violation = response.json()["violations"][0]
    assert violation["rule"] == "Generic play" and "one score for each of the 3 seats" in violation["message"]
    assert Event.objects.filter(play=play).count() == 0


def test_a_record_play_stores_the_illegal_event_and_flags_it(public, recorder):
    play = new_play(public["club"], public["players"][:3], mode="record")
    response = post(recorder, events_url(play), {"type": "finish", "data": {"scores": [1, 2]}})
    assert response.status_code == 201
    assert response.json()["events"][0]["violations"][0]["rule"] == "Generic play"
    audit = recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq=1").json()
    assert audit["violations"][0]["rule"] == "Generic play"


def test_expected_seq_mismatch_is_a_409_with_the_current_seq(play, recorder):
    post(recorder, events_url(play), {"type": "score", "seat": 0, "data": {"points": 1}})
    response = post(recorder, events_url(play), {"type": "score", "seat": 0, "data": {"points": 1}, "expected_seq": 0})
    assert response.status_code == 409 and response.json()["current_seq"] == 1


def test_idempotency_key_header_makes_a_retry_safe(play, recorder):
    body = {"type": "score", "seat": 1, "data": {"points": 4}}
    first = post(recorder, events_url(play), body, HTTP_IDEMPOTENCY_KEY="tap-1")
    again = post(recorder, events_url(play), body, HTTP_IDEMPOTENCY_KEY="tap-1")
    other = post(recorder, events_url(play), {**body, "data": {"points": 5}}, HTTP_IDEMPOTENCY_KEY="tap-1")
    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 409)
    assert again.json()["events"][0]["hash"] == first.json()["events"][0]["hash"]
    assert Event.objects.filter(play=play).count() == 1


def test_a_batch_appends_all_in_one_transaction(play, recorder):
    batch = [{"type": "score", "seat": n, "data": {"points": n + 1}} for n in range(3)]
    response = post(recorder, events_url(play), batch)
    assert response.status_code == 201 and [e["seq"] for e in response.json()["events"]] == [1, 2, 3]
    bad = post(recorder, events_url(play), [batch[0], {"type": "score", "seat": 0, "data": {}}])
    assert bad.status_code == 400 and "events[1].data" in bad.json()
    assert Event.objects.filter(play=play).count() == 3


def test_the_log_lists_after_a_seq_and_streams_as_ndjson(play, recorder):
    post(recorder, events_url(play), [{"type": "score", "seat": n % 3, "data": {"points": n}} for n in range(5)])
    listed = recorder.get(events_url(play) + "?after=3").json()
    assert [e["seq"] for e in listed["results"]] == [4, 5]
    streamed = recorder.get(events_url(play) + "?format=ndjson")
    assert streamed["Content-Type"] == "application/x-ndjson"
    lines = b"".join(streamed.streaming_content).decode().splitlines()
    assert [json.loads(line)["seq"] for line in lines] == [1, 2, 3, 4, 5]
    assert recorder.get(events_url(play) + "?after=-1").status_code == 400


def test_a_format_the_log_does_not_have_is_a_400_naming_those_it_has(play, recorder):
    """README: a query parameter the schema does not allow is a 400 (the schema's ``format`` is
    json, ndjson or text); it was DRF's bare 404 "Not found.", as if the play did not exist."""
    answer = recorder.get(events_url(play) + "?format=xml")
    assert answer.status_code == 400
    assert answer.json() == {"format": ["Name one format: json, api, ndjson, text."]}
    # A path DRF reads with a format suffix (games/0 in format 5) names no resource: a 404.
    assert recorder.get("/api/v1/games/0.5/").status_code == 404


def test_state_at_any_seq(play, recorder):
    post(recorder, events_url(play), [{"type": "score", "seat": 0, "data": {"points": n}} for n in (1, 2, 3)])
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/?at=2").json()["view"]["scores"] == [3, 0, 0]
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/").json()["view"]["scores"] == [6, 0, 0]
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/?at=0").json()["view"]["scores"] == [0, 0, 0]
    # A seq past the last names a state that does not exist; a malformed one is a bad request.
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/?at=4").status_code == 404
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/?at=-1").status_code == 400
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/?seat=3").status_code == 404
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/?seat=x").status_code == 400


def test_state_beyond_a_snapshot_equals_a_fold_from_the_start(play, recorder):
    post(recorder, events_url(play), [{"type": "score", "seat": n % 3, "data": {"points": n}} for n in range(250)])
    assert play.snapshots.count() == 2
    view = recorder.get(f"/api/v1/plays/{play.pk}/state/?at=234").json()["view"]
    expected = [sum(n for n in range(234) if n % 3 == seat) for seat in range(3)]
    assert view["scores"] == expected


def test_audit_shows_before_after_and_the_chain(play, recorder):
    post(
        recorder,
        events_url(play),
        [{"type": "score", "seat": 0, "data": {"points": 5}}, {"type": "score", "seat": 1, "data": {"points": 7}}],
    )
    audit = recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq=2").json()
    assert audit["before"]["scores"] == [5, 0, 0] and audit["after"]["scores"] == [5, 7, 0]
    assert audit["violations"] == [] and audit["chain_ok_to_here"] is True and audit["voided_by"] is None
    assert recorder.get(f"/api/v1/plays/{play.pk}/audit/").status_code == 400
    assert recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq=3").status_code == 404
    assert recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq=0").status_code == 400


def test_verify_reports_the_whole_chain(play, recorder):
    post(recorder, events_url(play), {"type": "score", "seat": 0, "data": {"points": 5}})
    assert recorder.get(f"/api/v1/plays/{play.pk}/verify/").json() == {
        "play": play.pk,
        "events": 1,
        "ok": True,
        "first_broken_seq": None,
    }


def test_play_creation_errors_name_the_field(public, recorder, club_setup):
    players = [p.pk for p in public["players"]]
    foreign = club_setup["private"]["players"][0].pk
    cases = [
        ({"club": "public", "game": "chess960", "options": {}, "seats": [{"player": players[0]}]}, "game"),
        ({"club": "public", "game": "generic", "options": {}, "seats": [{"player": players[0]}]}, "options"),
        ({"club": "public", "game": "generic", "options": {"title": "X"}, "seats": [{"player": foreign}]}, "seats"),
        (
            {
                "club": "public",
                "game": "generic",
                "options": {"title": "X"},
                "seats": [{"player": players[0]}, {"player": players[0]}],
            },
            "seats",
        ),
        ({"club": "public", "game": "generic", "options": {"title": "X"}, "seats": [{"player": 999999}]}, "seats"),
        (
            {
                "club": "public",
                "game": "generic",
                "options": {"title": "X"},
                "mode": "lax",
                "seats": [{"player": players[0]}],
            },
            "mode",
        ),
        ({"club": "nowhere", "game": "generic", "options": {"title": "X"}, "seats": [{"player": players[0]}]}, "club"),
    ]
    for body, field in cases:
        response = post(recorder, "/api/v1/plays/", body)
        named = [name for name in response.json() if name == field or name.startswith((f"{field}.", f"{field}["))]
        assert response.status_code == 400 and named, (body, response.json())
    assert Play.objects.count() == 0


def test_a_player_seated_twice_is_refused_at_the_seat_that_repeats_them(public, recorder):
    """Which field and why: the seat that repeats a player (it was {"seats": ["A player takes
    one seat only."]}, which names neither the seat nor the player)."""
    ada, bo = public["players"][:2]
    body = {"club": "public", "game": "generic", "options": {"title": "X"}}
    seats = [{"player": ada.pk}, {"player": bo.pk}, {"player": ada.pk}]
    response = post(recorder, "/api/v1/plays/", {**body, "seats": seats})
    assert response.status_code == 400
    taken = f"{ada.display_name} sits in an earlier seat already: a player takes one seat only."
    assert response.json() == {"seats[2].player": [taken]}
    assert Play.objects.count() == 0


def test_a_clubs_address_stays_once_it_exists(public, club_setup, client_for):
    """The club's settings page: "The club's address stays /clubs/<slug>/: links and bookmarks keep working." The
    API let an owner PATCH another slug, moving the club; now that is a conflict with what is stored (409, as a name
    taken), and it may repeat its slug, and rename the club."""
    owner = client_for(public["owner"])
    moved = owner.patch("/api/v1/clubs/public/", {"slug": "elsewhere"}, format="json")
    assert moved.status_code == 409
    assert moved.json() == {
        "slug": ["The club's address stays /clubs/public/: links and bookmarks to it keep working."]
    }
    renamed = owner.patch("/api/v1/clubs/public/", {"slug": "public", "name": "Public Club"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "Public Club"
    assert owner.get("/api/v1/clubs/public/").status_code == 200


def test_a_players_account_is_a_member_of_the_club(public, recorder, club_setup, client_for):
    """As on the players page ("Links the player to a member"): the API linked a player to any
    account, a non-member's too, and said of a name no one has 'Object with username=nobody
    does not exist.', telling a recorder which accounts exist; both are refused alike now."""
    url = "/api/v1/clubs/public/players/"
    for username in (club_setup["outsider"].username, "nobody"):
        refused = post(recorder, url, {"display_name": "Maja", "username": username})
        assert refused.status_code == 400
        assert refused.json() == {
            "username": [f"No member of public is called {username}: a player's account is a member's."]
        }
    assert post(recorder, url, {"display_name": "Maja", "username": public["member"].username}).status_code == 201
    # Each club's refusal names that club (the serializer's fields are copies of one built set).
    other = client_for(club_setup["private"]["recorder"])
    refused = post(other, "/api/v1/clubs/private/players/", {"display_name": "Maja", "username": "nobody"})
    assert refused.json() == {"username": ["No member of private is called nobody: a player's account is a member's."]}
    again = post(recorder, url, {"display_name": "Moa", "username": "nobody"})
    assert again.json() == {"username": ["No member of public is called nobody: a player's account is a member's."]}


def test_plays_filter_by_club_game_player_status_and_date(public, recorder):
    a = new_play(public["club"], public["players"][:2])
    new_play(public["club"], public["players"][2:4])
    ids = lambda query: [p["id"] for p in recorder.get(f"/api/v1/plays/?{query}").json()["results"]]  # noqa: E731
    assert ids(f"player={public['players'][0].pk}") == [a.pk]
    assert len(ids("club=public&game=generic&status=in_progress")) == 2
    assert ids("status=finished") == []
    assert len(ids(f"played_after={a.played_on.isoformat()}")) == 2
    assert recorder.get("/api/v1/plays/?played_after=someday").status_code == 400


def test_the_openapi_schema_and_docs_are_served(client_for):
    client = client_for(None)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/v1/plays/{id}/events/" in schema.content


@pytest.mark.parametrize("page", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_work_offline(client_for, page):
    """The report: /api/docs/ was blank without internet (Swagger UI came from a CDN). Every
    script, style and icon the pages load is served by the service itself."""
    client = client_for(None)
    html = client.get(page).content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html) + re.findall(r'"(/static/[^"]+)"', html)
    assert [a for a in assets if a.startswith("/static/")], html
    for asset in assets:
        assert asset.startswith("/"), f"{page} loads {asset} from elsewhere"
        if asset.startswith("/static/"):
            assert client.get(asset).status_code == 200, asset


def test_the_browsable_api_renders(play, recorder):
    response = recorder.get(f"/api/v1/plays/{play.pk}/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and b"<html" in response.content


def test_the_catalogue_lists_the_meta_events_and_no_engine_redefines_them(client_for):
    from records.meta import META_EVENT_TYPES

    for game in client_for(None).get("/api/v1/games/").json():
        assert set(game["meta_event_types"]) == set(META_EVENT_TYPES)
        assert not set(game["event_types"]) & set(META_EVENT_TYPES), game["slug"]


def test_replay_command_prints_the_view_at_a_seq(play, recorder, capsys):
    from django.core.management import CommandError, call_command

    post(recorder, events_url(play), [{"type": "score", "seat": 1, "data": {"points": n}} for n in (4, 5)])
    call_command("replay", str(play.pk), "--at", "1")
    assert json.loads(capsys.readouterr().out)["scores"] == [0, 4, 0]
    with pytest.raises(CommandError):
        call_command("replay", str(play.pk), "--at", "9")


def test_caches_from_another_engine_version_are_rebuilt_before_use(play, recorder):
    post(recorder, events_url(play), [{"type": "score", "seat": 2, "data": {"points": 6}}])
    Play.objects.filter(pk=play.pk).update(state={"left by": "an older engine"}, engine_fingerprint="older")
    view = recorder.get(f"/api/v1/plays/{play.pk}/state/").json()["view"]
    assert view["scores"] == [0, 0, 6]
    response = post(recorder, events_url(play), {"type": "score", "seat": 0, "data": {"points": 1}})
    assert response.json()["view"]["scores"] == [1, 0, 6]
    assert Play.objects.get(pk=play.pk).engine_fingerprint != "older"
