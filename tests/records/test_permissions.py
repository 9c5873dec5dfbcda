"""Who may do what: each role against each endpoint, in a public and a private club.

Anyone reads a public club; a private club is invisible (404) to outsiders. Members read,
recorders create plays, players and events, owners manage the club and its members.
Anonymous writes are refused (401).
"""

import json

import pytest

from records.models import ROLE_RANK, Role
from tests.factories import new_play

ROLES = ["anonymous", "outsider", "member", "recorder", "owner"]
READ, RECORD, OWN = None, Role.RECORDER, Role.OWNER


def expected_status(role: str, public: bool, needs: Role | None, success: int) -> int:
    if needs is not None and role == "anonymous":
        return 401
    if not public and role in ("anonymous", "outsider"):
        return 404
    if needs is None:
        return success
    rank = ROLE_RANK.get(Role(role), 0) if role in ("member", "recorder", "owner") else 0
    return success if rank >= ROLE_RANK[needs] else 403


def requests(kind: str, club, play, player_id, other_user):
    slug = club.slug
    return [
        ("get club", "get", f"/api/v1/clubs/{slug}/", None, READ, 200),
        ("rename club", "patch", f"/api/v1/clubs/{slug}/", {"name": "Renamed"}, OWN, 200),
        ("list members", "get", f"/api/v1/clubs/{slug}/members/", None, READ, 200),
        (
            "add member",
            "post",
            f"/api/v1/clubs/{slug}/members/",
            {"username": other_user.username, "role": "member"},
            OWN,
            201,
        ),
        ("list players", "get", f"/api/v1/clubs/{slug}/players/", None, READ, 200),
        ("add player", "post", f"/api/v1/clubs/{slug}/players/", {"display_name": "Newcomer"}, RECORD, 201),
        ("get play", "get", f"/api/v1/plays/{play.pk}/", None, READ, 200),
        ("list events", "get", f"/api/v1/plays/{play.pk}/events/", None, READ, 200),
        (
            "append event",
            "post",
            f"/api/v1/plays/{play.pk}/events/",
            {"type": "score", "seat": 0, "data": {"points": 1}},
            RECORD,
            201,
        ),
        ("table view", "get", f"/api/v1/plays/{play.pk}/state/", None, READ, 200),
        ("another seat's view", "get", f"/api/v1/plays/{play.pk}/state/?seat=0", None, RECORD, 200),
        ("verify", "get", f"/api/v1/plays/{play.pk}/verify/", None, READ, 200),
        (
            "create play",
            "post",
            "/api/v1/plays/",
            {"club": slug, "game": "generic", "options": {"title": "X"}, "seats": [{"player": player_id}]},
            RECORD,
            201,
        ),
    ]


CASES = [(kind, role, n) for kind in ("public", "private") for role in ROLES for n in range(13)]


@pytest.mark.parametrize("kind, role, index", CASES)
def test_permission_matrix(club_setup, client_for, make_user, kind, role, index):
    setup = club_setup[kind]
    play = new_play(setup["club"], setup["players"][:2])
    user = None if role == "anonymous" else club_setup["outsider"] if role == "outsider" else setup[role]
    name, method, url, body, needs, success = requests(
        kind, setup["club"], play, setup["players"][3].pk, make_user("candidate")
    )[index]
    client = client_for(user)
    call = getattr(client, method)
    response = call(url, json.dumps(body), content_type="application/json") if body is not None else call(url)
    want = expected_status(role, kind == "public", needs, success)
    if name == "another seat's view" and role == "anonymous":
        want = 404 if kind == "private" else 403
    if name == "create play" and want == 404:
        want = 400  # the club is named in the body: "no such club"
    assert response.status_code == want, (
        f"{name} as {role} in a {kind} club: {response.status_code} {response.content[:200]}"
    )


def test_private_clubs_are_missing_from_outsiders_lists(club_setup, client_for):
    for user, expected in [
        (None, ["public"]),
        (club_setup["outsider"], ["public"]),
        (club_setup["private"]["member"], ["private", "public"]),
    ]:
        slugs = [c["slug"] for c in client_for(user).get("/api/v1/clubs/").json()["results"]]
        assert slugs == expected


def test_private_plays_are_missing_from_outsiders_lists(club_setup, client_for):
    new_play(club_setup["private"]["club"], club_setup["private"]["players"][:2])
    assert client_for(club_setup["outsider"]).get("/api/v1/plays/").json()["count"] == 0
    assert client_for(club_setup["private"]["member"]).get("/api/v1/plays/").json()["count"] == 1


def test_anyone_signed_in_may_found_a_club_and_owns_it(client_for, club_setup):
    client = client_for(club_setup["outsider"])
    response = client.post("/api/v1/clubs/", {"name": "Tuesday Gamers", "slug": "tuesday", "is_public": False})
    assert response.status_code == 201
    members = client.get("/api/v1/clubs/tuesday/members/").json()["results"]
    assert [(m["username"], m["role"]) for m in members] == [("outsider", "owner")]
    assert client_for(None).post("/api/v1/clubs/", {"name": "X", "slug": "x"}).status_code == 401
