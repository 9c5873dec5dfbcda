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

from config.wsgi import application
from records.models import Membership
from tests.factories import new_play

ROLES = ["anonymous", "outsider", "member", "recorder", "owner"]
EXAMPLES = 12


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
            }
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
    for name, value in world["path"].items():
        if case.path_parameters and name in case.path_parameters:
            case.path_parameters[name] = value
    for role in ROLES:
        case.call_and_validate(headers=world["headers"][role])
