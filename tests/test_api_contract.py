"""The OpenAPI schema is the contract: schemathesis sends every operation of ``/api/schema/``
as each role, with its default checks (no server error, status codes, content types,
response bodies and headers as documented, valid data accepted, invalid data refused).

Path parameters are pointed at real objects of a public and a private club (a random slug
or id finds only 404s); the seed is fixed and the examples bounded, so a run is repeatable
and takes a minute or two.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.core import NOT_SET
from schemathesis.core.parameters import ParameterLocation

from config.wsgi import application
from records.models import Membership
from tests.factories import new_play

ROLES = ["anonymous", "outsider", "member", "recorder", "owner"]
EXAMPLES = 15  # as many as the report of issue #15 ran (schemathesis -n 15)


#: A body that names another object (a user, a club, a player) is valid by the schema whether
#: or not that object exists, and an event is valid by the schema whatever the play's game and
#: rules say of it: for these operations a 400 naming the field, or a 422 naming the rule, is
#: also the right answer to a schema-valid request.
NAMES_WHAT_THE_SCHEMA_CANNOT_KNOW = [
    "v1_clubs_members_create",
    "v1_clubs_members_update",
    "v1_clubs_members_partial_update",
    "v1_clubs_players_create",
    "v1_clubs_players_update",
    "v1_clubs_players_partial_update",
    "v1_plays_create",
    "v1_plays_events_create",
]
CONFIG = schemathesis.Config.from_dict(
    {
        "operations": [
            {
                "include-operation-id": NAMES_WHAT_THE_SCHEMA_CANNOT_KNOW,
                "checks": {
                    "positive_data_acceptance": {
                        "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "422", "429"]
                    }
                },
            },
            {
                # The live streams: this WSGI application answers a permitted one with the 503 the
                # schema documents (tests/records/test_live.py follows them on the ASGI server).
                "include-operation-id": ["v1_plays_stream_retrieve", "v1_clubs_stream_retrieve"],
                "checks": {"not_a_server_error": {"enabled": False}},
            },
        ]
    }
)

#: The schema as the service serves it; its operations are called through WSGI in this process.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)


@pytest.fixture(autouse=True)
def _connection_kept():
    """As with Django's test client, a finished request must not close the test's database
    connection: its transaction holds the fixtures."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def token(user) -> dict[str, str]:
    return {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


@pytest.fixture
def world(club_setup):
    """Real objects for the path parameters, and each role's headers."""
    club = club_setup["private"]
    play = new_play(club["club"], club["players"])
    other = club["players"][1]
    users = {"anonymous": None, "outsider": club_setup["outsider"], **{r: club[r] for r in ROLES[2:]}}
    return {
        "headers": {role: {} if user is None else token(user) for role, user in users.items()},
        "path": {
            "slug": club["club"].slug,
            "club_slug": club["club"].slug,
            "id": Membership.objects.filter(club=club["club"], user=club["member"]).get().pk,
            "pk": play.pk,
            "player_id": club["players"][0].pk,
            "other_id": other.pk,
        },
    }


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_keeps_the_contract(case, world):
    path = case.meta.components.get(ParameterLocation.PATH) if case.meta else None
    if path is None or not path.mode.is_negative:  # an invalid path stays invalid: it is the test
        for name, value in world["path"].items():
            if case.path_parameters and name in case.path_parameters:
                case.path_parameters[name] = value
    for role in ROLES:
        case.call_and_validate(headers=world["headers"][role])


def test_the_answers_of_a_logged_play_keep_the_contract(world):
    """Random requests seldom succeed at what needs a well-formed move; these do, and each
    answer (a 201, a retry's 200, a 409, a 422, the log, the table, an audit, a void) is held to
    the schema by the same checks."""
    headers = world["headers"]["recorder"]
    play = {"id": world["path"]["pk"]}
    score = {"type": "score", "seat": 0, "data": {"points": 3}}
    calls = [
        ("/plays/{id}/events/", "POST", {"body": score, "headers": {"Idempotency-Key": "first"}}, 201),
        ("/plays/{id}/events/", "POST", {"body": score, "headers": {"Idempotency-Key": "first"}}, 200),
        ("/plays/{id}/events/", "POST", {"body": [score, {**score, "seat": 1}]}, 201),
        ("/plays/{id}/events/", "POST", {"body": {**score, "expected_seq": 0}}, 409),
        ("/plays/{id}/events/", "POST", {"body": {"type": "finish", "data": {"scores": [1]}}}, 422),
        ("/plays/{id}/events/", "POST", {"body": {"type": "dispute", "data": {"seq": 2, "claim": "Miscounted."}}}, 201),
        (
            "/plays/{id}/events/",
            "POST",
            {"body": {"type": "ruling", "data": {"dispute": 4, "decision": "Void.", "void": True}}},
            201,
        ),
        ("/plays/{id}/events/", "GET", {}, 200),
        ("/plays/{id}/events/", "GET", {"query": {"format": "ndjson", "after": 1}}, 200),
        ("/plays/{id}/state/", "GET", {"query": {"at": 1}}, 200),
        ("/plays/{id}/audit/", "GET", {"query": {"seq": 2}}, 200),
        ("/plays/{id}/verify/", "GET", {}, 200),
        ("/plays/{id}/", "GET", {}, 200),
    ]
    for path, method, parts, expected in calls:
        extra = parts.get("headers", {})
        case = schema[f"/api/v1{path}"][method].Case(
            path_parameters=play, body=parts.get("body", NOT_SET), query=parts.get("query"), headers=extra
        )
        response = case.call_and_validate(headers=headers)
        assert response.status_code == expected, (path, method, response.text[:300])
