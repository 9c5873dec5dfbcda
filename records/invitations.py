"""Invitation writes: a club's owner invites someone by a link, and whoever opens it joins.

The rules of a link, and why:

- **One link, one person, once.** An invitation is for one person; a second one needs a new
  link. Accepting locks the invitation's row (``select_for_update``) and checks it is still
  open inside the same transaction, so two people opening the same link at once cannot both
  join: the second one reads it after the first has committed, accepted.
- **Open for 14 days** (:data:`VALID_FOR`): a link forwarded or left in an old chat stops
  working on its own.
- **An owner may revoke an open link**; an accepted one is a membership by then, which the
  members' page removes.
- **The token is unguessable**: 32 random bytes from :mod:`secrets`, so the link is the key.
- The membership itself is made by :func:`records.memberships.add_member`, the one way to add
  a member: a person who belongs to the club already is refused there, and the link stays open.

A refused write is a DRF ``ValidationError`` with a sentence saying why, as in
:mod:`records.memberships`.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from records import memberships
from records.models import Club, Invitation, Membership, Role

VALID_FOR = timedelta(days=14)
#: The roles a link may give; an owner is made on the members' page, by another owner.
INVITABLE_ROLES = (Role.MEMBER, Role.RECORDER)


def why_closed(invitation: Invitation) -> str | None:
    """None while the link may be used; else the sentence saying why not."""
    if invitation.accepted_at is not None:
        return "This invitation has been used already: ask the club's owner for a new link."
    if invitation.revoked_at is not None:
        return "This invitation was withdrawn by the club's owner."
    if timezone.now() >= invitation.expires_at:
        return "This invitation has expired: ask the club's owner for a new link."
    return None


def open_invitations(club: Club):
    """The club's links that may still be used, newest first."""
    return club.invitations.filter(
        accepted_at__isnull=True, revoked_at__isnull=True, expires_at__gt=timezone.now()
    ).select_related("created_by")


def create_invitation(*, club: Club, role: Role, created_by: User) -> Invitation:
    if role not in INVITABLE_ROLES:
        raise ValidationError(
            {"role": ["A link may invite a member or a recorder; make an owner on the members' page."]}
        )
    return Invitation.objects.create(
        club=club,
        role=role,
        token=secrets.token_urlsafe(32),
        created_by=created_by,
        expires_at=timezone.now() + VALID_FOR,
    )


@transaction.atomic
def accept_invitation(*, invitation: Invitation, user: User) -> Membership:
    """Make ``user`` a member of the invitation's club in its role, and close the link."""
    invitation = Invitation.objects.select_for_update(of=("self",)).select_related("club").get(pk=invitation.pk)
    refusal = why_closed(invitation)
    if refusal is not None:
        raise ValidationError({"detail": refusal})
    membership = memberships.add_member(club=invitation.club, user=user, role=Role(invitation.role))
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


@transaction.atomic
def revoke_invitation(invitation: Invitation) -> Invitation:
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at is not None:
        raise ValidationError({"detail": "This invitation has been used already: remove the member instead."})
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation
