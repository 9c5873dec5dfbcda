"""Invitations by link (records/invitations): one person joins once, in the link's role, until
the link expires (14 days) or an owner revokes it."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from records import invitations
from records.models import Invitation, Membership, Role


@pytest.fixture
def club(club_setup):
    return club_setup["private"]


@pytest.fixture
def invitation(club) -> Invitation:
    return invitations.create_invitation(club=club["club"], role=Role.RECORDER, created_by=club["owner"])


def role_of(club, user) -> str | None:
    return Membership.objects.filter(club=club["club"], user=user).values_list("role", flat=True).first()


def test_accepting_an_invitation_makes_a_member_in_its_role(club, invitation, make_user):
    newcomer = make_user("newcomer")
    invitations.accept_invitation(invitation=invitation, user=newcomer)
    assert role_of(club, newcomer) == "recorder"
    invitation.refresh_from_db()
    assert invitation.accepted_by == newcomer and invitation.accepted_at is not None


def test_an_invitation_expires_fourteen_days_after_it_is_made(invitation):
    assert invitation.expires_at - invitation.created_at == pytest.approx(timedelta(days=14), abs=timedelta(seconds=1))


def test_a_token_is_long_random_and_new_for_each_invitation(club):
    made = [invitations.create_invitation(club=club["club"], role=Role.MEMBER, created_by=club["owner"]) for _ in "ab"]
    assert made[0].token != made[1].token
    assert all(len(invitation.token) >= 43 for invitation in made)  # 32 bytes in URL-safe base64


def test_an_invitation_is_used_once(club, invitation, make_user):
    invitations.accept_invitation(invitation=invitation, user=make_user("first"))
    second = make_user("second")
    with pytest.raises(ValidationError) as refused:
        invitations.accept_invitation(invitation=invitation, user=second)
    assert "used already" in str(refused.value.detail["detail"])
    assert role_of(club, second) is None


def test_an_expired_invitation_is_refused(club, invitation, make_user):
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    late = make_user("late")
    with pytest.raises(ValidationError) as refused:
        invitations.accept_invitation(invitation=invitation, user=late)
    assert "expired" in str(refused.value.detail["detail"])
    assert role_of(club, late) is None


def test_a_revoked_invitation_is_refused(club, invitation, make_user):
    invitations.revoke_invitation(invitation)
    newcomer = make_user("newcomer")
    with pytest.raises(ValidationError) as refused:
        invitations.accept_invitation(invitation=invitation, user=newcomer)
    assert "withdrawn" in str(refused.value.detail["detail"])
    assert role_of(club, newcomer) is None


def test_a_used_invitation_cannot_be_revoked(invitation, make_user):
    invitations.accept_invitation(invitation=invitation, user=make_user("newcomer"))
    with pytest.raises(ValidationError):
        invitations.revoke_invitation(invitation)
    invitation.refresh_from_db()
    assert invitation.revoked_at is None


def test_a_member_already_is_refused_and_the_link_stays_open(club, invitation):
    with pytest.raises(ValidationError) as refused:
        invitations.accept_invitation(invitation=invitation, user=club["member"])
    assert refused.value.detail == {"username": ["private-member is a member of private already."]}
    assert role_of(club, club["member"]) == "member"
    assert list(invitations.open_invitations(club["club"])) == [invitation]


def test_a_link_may_not_make_an_owner(club):
    with pytest.raises(ValidationError):
        invitations.create_invitation(club=club["club"], role=Role.OWNER, created_by=club["owner"])
    assert not Invitation.objects.exists()


def test_open_invitations_leave_out_the_used_revoked_and_expired(club, make_user):
    made = [
        invitations.create_invitation(club=club["club"], role=Role.MEMBER, created_by=club["owner"]) for _ in "abcd"
    ]
    invitations.accept_invitation(invitation=made[0], user=make_user("newcomer"))
    invitations.revoke_invitation(made[1])
    Invitation.objects.filter(pk=made[2].pk).update(expires_at=timezone.now())
    assert list(invitations.open_invitations(club["club"])) == [made[3]]


def test_two_people_opening_one_link_at_once_make_one_membership(committed_db, club_setup):
    """The first acceptance holds its transaction open; the second, starting then, waits for
    the invitation's row and reads it accepted. Without the lock it would read the link still
    open (the first one's write not yet visible) and a second person would join."""
    club = club_setup["private"]
    invitation = invitations.create_invitation(club=club["club"], role=Role.MEMBER, created_by=club["owner"])
    first, second = club_setup["public"]["member"], club_setup["outsider"]
    holding, outcome = threading.Event(), {}

    def accept_slowly():
        try:
            with transaction.atomic():
                invitations.accept_invitation(invitation=invitation, user=first)
                holding.set()
                threading.Event().wait(0.5)  # the second person's request arrives meanwhile
        finally:
            connection.close()

    def accept():
        holding.wait(5)
        try:
            invitations.accept_invitation(invitation=invitation, user=second)
            outcome["second"] = "joined"
        except ValidationError as refused:
            outcome["second"] = refused.detail["detail"]
        finally:
            connection.close()

    threads = [threading.Thread(target=accept_slowly), threading.Thread(target=accept)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert outcome["second"] == "This invitation has been used already: ask the club's owner for a new link."
    assert role_of(club, first) == "member" and role_of(club, second) is None
