"""Reads: who may see what, and what a play looked like at any seq."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet

from records import chain
from records.meta import META_EVENT_TYPES
from records.models import ROLE_RANK, Club, Membership, Play, Role, Status
from records.replay import as_move, engine_of, judge, state_as_of, voids_as_of


def visible_clubs(user: User | AnonymousUser) -> QuerySet[Club]:
    """Public clubs, and the private ones the user belongs to."""
    if not user.is_authenticated:
        return Club.objects.filter(is_public=True)
    return Club.objects.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()


def role_in(club: Club, user: User | AnonymousUser) -> Role | None:
    if not user.is_authenticated:
        return None
    membership = Membership.objects.filter(club=club, user=user).only("role").first()
    return None if membership is None else Role(membership.role)


def has_role(club: Club, user: User | AnonymousUser, needed: Role) -> bool:
    role = role_in(club, user)
    return role is not None and ROLE_RANK[role] >= ROLE_RANK[needed]


def sees_every_seat(play: Play, user: User | AnonymousUser) -> bool:
    """The arbiter view shows every seat's secrets: for recorders and owners while the play
    goes on, for every reader once it is over."""
    return play.status != Status.IN_PROGRESS or has_role(play.club, user, Role.RECORDER)


def view_as_of(play: Play, seq: int, seat: int | None):
    return engine_of(play).view(state_as_of(play, seq), seat)


def audit(play: Play, seq: int) -> dict:
    """Everything an arbiter needs about one event: the table before and after it, what the
    rules say of it, whether it was voided or disputed and by what, and the chain up to it."""
    event = play.events.get(seq=seq)
    engine = engine_of(play)
    before = state_as_of(play, seq - 1)
    after = state_as_of(play, seq)
    violations = []
    if event.type not in META_EVENT_TYPES and seq not in voids_as_of(play, seq - 1):
        violations, _ = judge(engine, before, as_move(event))
    later = list(play.events.filter(seq__gt=seq, type__in=("correction", "dispute", "ruling")).order_by("seq"))
    disputes = [e for e in later if e.type == "dispute" and e.data["seq"] == seq]
    dispute_seqs = {e.seq for e in disputes}
    rulings = [e for e in later if e.type == "ruling" and e.data["dispute"] in dispute_seqs]
    voided_by = voids_as_of(play, play.last_seq).get(seq)
    return {
        "event": event,
        "before": engine.view(before),
        "after": engine.view(after),
        "violations": [v.as_dict() for v in violations],
        "voided_by": voided_by,
        "disputes": disputes,
        "rulings": rulings,
        "chain_ok_to_here": chain.first_broken_seq(play.events.filter(seq__lte=seq).order_by("seq")) is None,
    }
