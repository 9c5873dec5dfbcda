"""A club always has an owner, and a person holds one membership per club: a membership change
that would break either is a 400 saying which field and why, and changes nothing."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from rest_framework.exceptions import ValidationError

from records import memberships
from records.models import Membership, Role


def members_of(club) -> list[tuple[str, str]]:
    return sorted(Membership.objects.filter(club=club).values_list("user__username", "role"))


@pytest.fixture
def club(club_setup):
    """The private club as its only owner manages it."""
    return club_setup["private"]


def url(club, membership: Membership | None = None) -> str:
    base = f"/api/v1/clubs/{club['club'].slug}/members/"
    return base if membership is None else f"{base}{membership.pk}/"


def membership_of(club, role: str) -> Membership:
    return Membership.objects.get(club=club["club"], user=club[role])


@pytest.mark.parametrize("method", ["patch", "put"])
def test_the_last_owner_cannot_step_down(club, client_for, method):
    before = members_of(club["club"])
    response = getattr(client_for(club["owner"]), method)(
        url(club, membership_of(club, "owner")), {"username": club["owner"].username, "role": "member"}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json() == {"role": ["private must keep an owner: make another member an owner first."]}
    assert members_of(club["club"]) == before


def test_the_last_owner_cannot_leave(club, client_for):
    before = members_of(club["club"])
    response = client_for(club["owner"]).delete(url(club, membership_of(club, "owner")))
    assert response.status_code == 400, response.content
    assert response.json() == {"detail": "private must keep an owner: make another member an owner first."}
    assert members_of(club["club"]) == before


def test_with_two_owners_one_may_step_down_and_the_other_may_not(club, client_for):
    owner = client_for(club["owner"])
    promoted = owner.patch(url(club, membership_of(club, "recorder")), {"role": "owner"}, format="json")
    assert promoted.status_code == 200, promoted.content
    stepped_down = owner.patch(url(club, membership_of(club, "owner")), {"role": "recorder"}, format="json")
    assert stepped_down.status_code == 200, stepped_down.content
    assert stepped_down.json()["role"] == "recorder"
    new_owner = client_for(club["recorder"])
    assert new_owner.delete(url(club, membership_of(club, "recorder"))).status_code == 400
    assert new_owner.delete(url(club, membership_of(club, "owner"))).status_code == 204
    assert members_of(club["club"]) == [("private-member", "member"), ("private-recorder", "owner")]


def test_an_owner_may_leave_when_another_owner_stays(club, client_for):
    Membership.objects.filter(club=club["club"], user=club["recorder"]).update(role=Role.OWNER)
    response = client_for(club["owner"]).delete(url(club, membership_of(club, "owner")))
    assert response.status_code == 204, response.content
    assert members_of(club["club"]) == [("private-member", "member"), ("private-recorder", "owner")]


def test_adding_someone_who_is_a_member_already_is_a_400_on_username(club, client_for):
    before = members_of(club["club"])
    response = client_for(club["owner"]).post(
        url(club), {"username": club["member"].username, "role": "recorder"}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json() == {"username": ["private-member is a member of private already."]}
    assert members_of(club["club"]) == before


@pytest.mark.parametrize("newcomer", ["private-recorder", "outsider"])
def test_a_membership_cannot_be_given_to_someone_else(club, client_for, newcomer):
    """Neither to someone in the club already (which would make two memberships for one person)
    nor to anyone else: that is removing a member and adding another."""
    before = members_of(club["club"])
    response = client_for(club["owner"]).put(
        url(club, membership_of(club, "member")), {"username": newcomer, "role": "member"}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json() == {
        "username": [f"This membership is private-member's: remove it and add {newcomer} instead."]
    }
    assert members_of(club["club"]) == before


def test_a_put_may_repeat_the_username_and_change_the_role(club, client_for):
    response = client_for(club["owner"]).put(
        url(club, membership_of(club, "member")), {"username": "private-member", "role": "recorder"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json() == {"id": membership_of(club, "member").pk, "username": "private-member", "role": "recorder"}


def test_two_owners_stepping_down_at_once_leave_one_owner(committed_db, club_setup):
    """The first owner steps down and holds its transaction open; the second, starting then,
    waits for it and counts the owners after it commits. Without the lock the second would
    count two owners (the first one's change not yet visible) and the club would have none."""
    club = club_setup["private"]["club"]
    first = Membership.objects.get(club=club, role=Role.OWNER)
    second = Membership.objects.get(club=club, role=Role.RECORDER)
    memberships.set_role(second, Role.OWNER)
    holding, outcome = threading.Event(), {}

    def step_down_slowly():
        try:
            with transaction.atomic():
                memberships.set_role(first, Role.MEMBER)
                holding.set()
                threading.Event().wait(0.5)  # the second owner's request arrives meanwhile
        finally:
            connection.close()

    def step_down():
        holding.wait(5)
        try:
            memberships.set_role(second, Role.MEMBER)
            outcome["second"] = "stepped down"
        except ValidationError as refused:
            outcome["second"] = refused.detail
        finally:
            connection.close()

    threads = [threading.Thread(target=step_down_slowly), threading.Thread(target=step_down)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert outcome["second"] == {"role": ["private must keep an owner: make another member an owner first."]}
    assert list(Membership.objects.filter(club=club, role=Role.OWNER).values_list("pk", flat=True)) == [second.pk]


def test_whoever_founds_a_club_owns_it(client_for, club_setup):
    client = client_for(club_setup["outsider"])
    response = client.post(
        "/api/v1/clubs/", {"name": "Tuesday Gamers", "slug": "tuesday", "is_public": False}, format="json"
    )
    assert response.status_code == 201, response.content
    members = client.get("/api/v1/clubs/tuesday/members/").json()["results"]
    assert [(m["username"], m["role"]) for m in members] == [("outsider", "owner")]


def test_a_club_founded_to_keep_its_secrets_keeps_them(client_for, club_setup):
    """The field the club's answer shows is the one its founder set, not silently the default."""
    client = client_for(club_setup["outsider"])
    body = {"name": "Quiet Gamers", "slug": "quiet", "keeps_secrets": True}
    assert client.post("/api/v1/clubs/", body, format="json").json()["keeps_secrets"] is True
    assert client.get("/api/v1/clubs/quiet/").json()["keeps_secrets"] is True
