"""Membership writes: who belongs to a club, and in what role.

Two constraints hold after every write, and a write that would break one is a 400 saying why:

- **A club always has an owner.** Nobody else may manage its members or its settings, so a
  club without one could never be managed again. Demoting or removing the last owner is
  refused. Two owners stepping down at once must not both succeed: each write locks the
  club's owner memberships (``select_for_update``) and counts them inside one transaction,
  so the second one counts after the first has committed.
- **A person holds one membership per club** (the ``one_membership_per_club`` constraint).
  Adding someone who is a member already is refused on the ``username`` field, also when two
  requests race to add the same person.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from rest_framework.exceptions import ValidationError

from records.models import Club, Membership, Role

LAST_OWNER = "{club} must keep an owner: make another member an owner first."


def add_member(*, club: Club, user: User, role: Role = Role.MEMBER) -> Membership:
    try:
        with transaction.atomic():
            return Membership.objects.create(club=club, user=user, role=role)
    except IntegrityError as clash:
        if getattr(clash.__cause__.diag, "constraint_name", None) != "one_membership_per_club":
            raise
        raise ValidationError({"username": [f"{user.username} is a member of {club.slug} already."]}) from None


@transaction.atomic
def set_role(membership: Membership, role: Role) -> Membership:
    membership = _locked(membership)
    if role != Role.OWNER and _is_last_owner(membership):
        raise ValidationError({"role": [LAST_OWNER.format(club=membership.club.slug)]})
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def remove_member(membership: Membership) -> None:
    membership = _locked(membership)
    if _is_last_owner(membership):
        raise ValidationError({"detail": LAST_OWNER.format(club=membership.club.slug)})
    membership.delete()


def _locked(membership: Membership) -> Membership:
    """The membership as it is now, with its club's owner memberships and itself locked until
    the transaction ends (owners first, in one order, so that two writers cannot deadlock)."""
    list(Membership.objects.select_for_update().filter(club_id=membership.club_id, role=Role.OWNER).order_by("pk"))
    return Membership.objects.select_for_update(of=("self",)).select_related("club").get(pk=membership.pk)


def _is_last_owner(membership: Membership) -> bool:
    """Whether ``membership`` is its club's only owner (counted under the lock of :func:`_locked`)."""
    if membership.role != Role.OWNER:
        return False
    return not Membership.objects.filter(club_id=membership.club_id, role=Role.OWNER).exclude(pk=membership.pk).exists()
