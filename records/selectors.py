"""Reads: who may see what, and what a play looked like at any seq."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet

from games.secrets import NOBODY
from records import chain, narration
from records.meta import META_EVENT_TYPES
from records.models import ROLE_RANK, Club, Membership, Play, Role, Status
from records.replay import as_move, engine_of, judge, state_as_of, voided_by, voids_as_of


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


def has_role(club: Club, user: User | AnonymousUser, needed: Role, *, role: Role | None | object = ...) -> bool:
    """Whether ``user`` holds ``needed`` (or more) in ``club``; ``role``, where the caller has read
    it already (services.lock_play), is taken instead of asked for again."""
    if role is ...:
        role = role_in(club, user)
    return role is not None and ROLE_RANK[role] >= ROLE_RANK[needed]


def readable(club: Club, role: Role | None) -> bool:
    """Whether a user with ``role`` in ``club`` (None: no role, or nobody signed in) may read its
    plays, exactly as :func:`visible_clubs` draws the line."""
    return role is not None or club.is_public


def sees_every_secret(play: Play, user: User | AnonymousUser) -> bool:
    """The arbiter's eyes, which see every seat's secrets: recorders' and owners' while the
    play goes on, every reader's once it is over (the table turns its cards over), unless
    the club keeps its secrets."""
    over = play.status != Status.IN_PROGRESS and not play.club.keeps_secrets
    return over or has_role(play.club, user, Role.RECORDER)


def seat_of(play: Play, user: User | AnonymousUser) -> int | None:
    """The seat the user's own player holds in the play, if any."""
    if not user.is_authenticated:
        return None
    return play.seats.filter(player__user=user).values_list("position", flat=True).first()


class SeatNotYours(Exception):
    """A reader asked for a seat's view that is neither theirs nor theirs to arbitrate."""


def viewer_of(play: Play, user: User | AnonymousUser, seat: int | None = None) -> int | None:
    """Whose eyes ``user`` reads the play with (see :mod:`games.secrets`): None for the
    arbiter's, a seat's, or NOBODY's (a spectator's, who sees no secret). ``seat`` asks for
    that seat's eyes: granted to the player in it and to whoever sees every secret. Without
    it: the arbiter's where allowed, else the user's own seat, else a spectator's."""
    if sees_every_secret(play, user):
        return seat
    own = seat_of(play, user)
    if seat is None:
        return NOBODY if own is None else own
    if seat != own:
        raise SeatNotYours(f"Seat {seat}'s view is for the player in that seat and the club's recorders.")
    return seat


def title_of(play: Play) -> str:
    """The game's name as people say it: a generic play's own title, else its engine's."""
    if play.game == "generic":
        return play.options.get("title") or "Untitled game"
    return engine_of(play).title


def view_as_of(play: Play, seq: int, viewer: int | None):
    """The table as of ``seq`` through ``viewer``'s eyes (see :func:`viewer_of`)."""
    return engine_of(play).seen_view(state_as_of(play, seq), viewer)


def _violation_as_seen(engine, violation, event, viewer: int | None) -> dict:
    """A violation's sentence may name what the move keeps hidden ("Church is not in your
    hand"): in a game with secrets, a reader who may not see the mover's gets the rule alone."""
    secretive = engine.view_secrets or engine.move_secrets
    if not secretive or viewer is None or (viewer == event.seat and viewer != NOBODY):
        return violation.as_dict()
    return {"rule": violation.rule, "message": "Hidden: it may name what this seat keeps secret."}


def audit(play: Play, seq: int, viewer: int | None, voids: dict[int, int] | None = None) -> dict:
    """Everything an arbiter needs about one event: the table before and after it, what the
    rules say of it, whether it was voided or disputed and by what, what it voided (a
    correction or ruling: its target, then what it voided as its consequence), and the chain
    up to it; the tables through ``viewer``'s eyes (the events are hidden by their serializer).
    No void recorded before an event can name it, so it is judged on the table before it, as
    its append judged it. ``voids``, the play's as of its last seq, saves a caller that has
    them computing them again."""
    event = play.events.get(seq=seq)
    engine = engine_of(play)
    if voids is None:
        voids = voids_as_of(play, play.last_seq)
    before = state_as_of(play, seq - 1, voids)
    after = state_as_of(play, seq, voids)
    violations = []
    if event.type not in META_EVENT_TYPES:
        violations, _ = judge(
            engine, before, as_move(event), at=(play.pk, seq), over=engine.outcome(before) is not None
        )
    later = list(play.events.filter(seq__gt=seq, type__in=("correction", "dispute", "ruling")).order_by("seq"))
    disputes = [e for e in later if e.type == "dispute" and e.data["seq"] == seq]
    dispute_seqs = {e.seq for e in disputes}
    rulings = [e for e in later if e.type == "ruling" and e.data["dispute"] in dispute_seqs]
    names = narration.seat_names(play)
    return {
        "event": event,
        # Each event's sentence (the serializer's context): the disputes and rulings are the
        # service's, said without a table.
        "texts": {e.seq: narration.sentence(engine, before, e, viewer, names) for e in (event, *disputes, *rulings)},
        "before": engine.seen_view(before, viewer),
        "after": engine.seen_view(after, viewer),
        "violations": [_violation_as_seen(engine, v, event, viewer) for v in violations],
        "voided_by": voids.get(seq),
        "voids": voided_by(voids, seq),
        "disputes": disputes,
        "rulings": rulings,
        "chain_ok_to_here": chain.first_broken_seq(play.events.filter(seq__lte=seq).order_by("seq")) is None,
    }
