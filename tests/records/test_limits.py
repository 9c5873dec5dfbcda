"""Limits before the database, as JSON: every input the service cannot take is refused with a
400 (or a 413 for a body too large) that names the field, never a 500, never HTML, never the
database's own words, and nothing of the request is stored. The inputs are those of the
report in issue #15, and their kin."""

import json

import pytest
from django.conf import settings
from django.test import RequestFactory

from records import errors
from records.models import Club, Event, Player

#: Words of PostgreSQL's and psycopg's errors, which must never reach an answer.
DATABASE_WORDS = ("postgres", "psycopg", "violates", "DETAIL", "jsonb", "SQL", "relation", "bigint", "\\u0000 cannot")
DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture
def owner(public, client_for):
    return client_for(public["owner"])


def refused(response, status: int, field: str | None) -> dict:
    """The answer is a JSON refusal with ``status`` that names ``field`` and no database text."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    if field is not None:
        assert any(name == field or name.startswith((f"{field}.", f"{field} ")) for name in body), body
    assert not any(word in response.content.decode() for word in DATABASE_WORDS), body
    return body


def events_url(play) -> str:
    return f"/api/v1/plays/{play.pk}/events/"


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        # The report: JSON nested 5,000 deep anywhere in a body was a RecursionError (500).
        ('{"type": "score", "seat": 0, "data": {"points": ' + DEEP + "}}", None),
        ('{"type": "note", "data": {"text": "x", "more": ' + DEEP + "}}", None),
        # Nested deeper than jsonb may hold, but not so deep that it cannot be parsed.
        ('{"type": "note", "data": {"text": "x", "more": ' + "[" * 40 + "]" * 40 + "}}", "data"),
        # The report: 1e999 and a NUL in a note showed PostgreSQL's text.
        ('{"type": "score", "seat": 0, "data": {"points": 1e999}}', "data.points"),
        ('{"type": "score", "seat": 0, "data": {"points": -1e999}}', "data.points"),
        ('{"type": "note", "data": {"text": "a\\u0000b"}}', "data.text"),
        ('{"type": "note", "data": {"text": "\\ud800"}}', "data.text"),
        ('{"type": "note", "data": {"text": "ok", "a\\u0000": 1}}', "data"),
        ('{"type": "note", "data": {"text": "' + "x" * 2001 + '"}}', "data.text"),
        # Out-of-range integers.
        ('{"type": "score", "seat": 100000000000000000000, "data": {"points": 1}}', "seat"),
        ('{"type": "score", "seat": 0, "data": {"points": 1}, "expected_seq": 100000000000000000000}', "expected_seq"),
        ('{"type": "score", "seat": 0, "data": {"points": 1}, "expected_seq": 1.5}', "expected_seq"),
        # Not JSON, or JSON's forbidden constants.
        ('{"type": "score", "seat": 0, "data": {"points": NaN}}', None),
        ('{"type": "score", "seat": 0, "data": {"points": Infinity}}', None),
        (b'{"type": "note", "data": {"text": "\xff"}}', None),
    ],
)
def test_an_event_that_cannot_be_stored_is_a_400_naming_the_field(play, owner, raw, field):
    response = owner.post(events_url(play), raw, content_type="application/json")
    refused(response, 400, field)
    assert Event.objects.filter(play=play).count() == 0


def test_an_idempotency_key_over_200_characters_is_a_400_naming_the_header(play, owner):
    body = json.dumps({"type": "score", "seat": 0, "data": {"points": 1}})
    response = owner.post(events_url(play), body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k" * 201)
    refused(response, 400, "Idempotency-Key")
    assert Event.objects.filter(play=play).count() == 0


def test_a_body_over_the_limit_is_a_413_in_json(play, owner):
    """The report: a 10 MB body got Django's HTML page."""
    body = json.dumps({"type": "note", "data": {"text": "x" * (10 * 1024 * 1024)}})
    assert len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    refused(owner.post(events_url(play), body, content_type="application/json"), 413, "detail")
    refused(owner.post("/api/v1/clubs/", body, content_type="application/json"), 413, "detail")
    assert Event.objects.filter(play=play).count() == 0


def test_a_batch_at_the_limit_of_10000_events_fits_in_a_body(play, owner):
    batch = [{"type": "score", "seat": n % 3, "data": {"points": n}} for n in range(10_000)]
    body = json.dumps(batch)
    assert len(body) < settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert owner.post(events_url(play), body, content_type="application/json").status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "a\u0000b", "slug": "nul"}, "name"),
        ({"name": "\ud800", "slug": "surrogate"}, "name"),
        ({"name": "x" * 201, "slug": "long"}, "name"),
        ({"name": 7, "slug": "number"}, "name"),
        ({"name": "Bools", "slug": "bools", "is_public": "no"}, "is_public"),
        ({"name": "Slug", "slug": "not a slug"}, "slug"),
    ],
)
def test_a_club_that_cannot_be_stored_is_a_400_naming_the_field(owner, body, field):
    before = Club.objects.count()
    refused(owner.post("/api/v1/clubs/", json.dumps(body), content_type="application/json"), 400, field)
    assert Club.objects.count() == before


def test_a_play_with_unstorable_options_or_seats_is_a_400_naming_the_field(public, owner):
    base = {"club": "public", "game": "generic", "seats": [{"player": p.pk} for p in public["players"][:2]]}
    cases = [
        ('{"title": "x", "n": 1e999}', "options"),
        ('{"title": "a\\u0000b"}', "options"),
        ('{"title": "x", "deep": ' + DEEP + "}", None),
    ]
    for options, field in cases:
        raw = json.dumps(base)[:-1] + ', "options": ' + options + "}"
        refused(owner.post("/api/v1/plays/", raw, content_type="application/json"), 400, field)
    huge = {**base, "options": {"title": "x"}, "seats": [{"player": 10**30}, {"player": public["players"][0].pk}]}
    refused(owner.post("/api/v1/plays/", json.dumps(huge), content_type="application/json"), 400, "seats[0].player")
    assert not public["club"].plays.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/plays/{play}/events/?after=100000000000000000000",
        "/api/v1/plays/{play}/state/?at=100000000000000000000",
        "/api/v1/plays/{play}/events/?limit=100000000000000000000",
        "/api/v1/plays/{play}/events/?offset=-1",
        "/api/v1/plays/?player=%00",
        "/api/v1/leaderboards/?game=%00",
    ],
)
def test_a_query_out_of_range_is_refused_in_json(play, owner, path):
    response = owner.get(path.format(play=play.pk))
    assert response.status_code in (400, 404), response.content
    refused(response, response.status_code, None)


@pytest.mark.parametrize(
    "path",
    ["/api/v1/plays/100000000000000000000/", "/api/v1/players/100000000000000000000/stats/", "/api/v1/nowhere/"],
)
def test_an_id_out_of_range_or_a_route_unknown_is_a_404_in_json(owner, path):
    refused(owner.get(path), 404, "detail")


def test_a_player_name_that_cannot_be_stored_is_a_400(public, owner):
    before = Player.objects.count()
    body = json.dumps({"display_name": "a\u0000b"})
    refused(owner.post("/api/v1/clubs/public/players/", body, content_type="application/json"), 400, "display_name")
    assert Player.objects.count() == before


def test_django_refusals_under_the_api_are_json(client_for):
    """A host not allowed (Django's own 400) and a failure past every check (its 500) answer in
    JSON under /api/; elsewhere Django's pages stay."""
    response = client_for(None).get("/api/v1/games/", HTTP_HOST="elsewhere.example")
    refused(response, 400, "detail")
    assert errors.server_error(RequestFactory().get("/api/v1/games/")).status_code == 500
    assert json.loads(errors.server_error(RequestFactory().get("/api/v1/games/")).content) == {
        "detail": "The service failed; it has been logged."
    }
    assert b"<" in errors.server_error(RequestFactory().get("/admin/")).content
