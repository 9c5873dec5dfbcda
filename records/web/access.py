"""What a page's request may see and do, and why a service refused it: the API's rules,
answered as pages answer them.

A club, play or player the reader may not see is a 404, as if there were none (as in the
API); a write that needs a role the reader lacks is a 403 page; a reader not signed in is
sent to sign in first (``login_required`` on the view).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from rest_framework.exceptions import APIException

from records import selectors, services
from records.errors import flat_errors
from records.meta import role_to_log
from records.models import Club, Play, Role


def club_for(request, slug: str) -> Club:
    return get_object_or_404(selectors.visible_clubs(request.user), slug=slug)


def play_for(request, pk: int) -> Play:
    plays = Play.objects.filter(club__in=selectors.visible_clubs(request.user)).select_related("club")
    return services.fresh(get_object_or_404(plays, pk=pk))


def require_role(request, club: Club, role: Role, *, held: Role | None | object = ...) -> None:
    """A 403 page unless the (signed-in) reader has ``role`` or a higher one in ``club``;
    ``held`` is the reader's role where it has been read already (services.lock_play)."""
    if not selectors.has_role(club, request.user, role, role=held):
        raise PermissionDenied(f"This needs the {role.value} role in {club.name}.")


def append(request, play: Play, events: list[services.NewEvent]) -> services.Appended:
    """Append ``events`` to ``play`` as the reader, as the API does: under the play's lock,
    with the reader's role read in the same query and checked there, so a role taken away
    meanwhile is not used."""
    with services.lock_play(play.pk, request.user) as locked:
        require_role(request, play.club, role_to_log(e.type for e in events), held=locked.role)
        return services.append_locked(locked, events)


def refusal(exc: APIException) -> list[str]:
    """What a service refused and why, as lines a person reads: each violation with its rule,
    else each message, named by its field where it has one."""
    detail = exc.detail
    if isinstance(detail, dict) and "violations" in detail:
        return [f"{v['rule']}: {v['message']}" for v in detail["violations"]]
    return [
        message if field == "detail" else f"{field}: {message}"
        for field, messages in flat_errors(detail).items()
        for message in messages
    ]


def tell_refusal(request, exc: APIException) -> None:
    """Each line of a service's refusal (:func:`refusal`) as an error on the next page."""
    for line in refusal(exc):
        messages.error(request, line)


def whole_param(request, name: str, *, default: int | None, last: int | None = None) -> int | None:
    """A whole number from the address's ``?name=`` (up to ``last`` where given); anything
    else is no such page."""
    raw = request.GET.get(name, "")
    if raw == "":
        return default
    if not raw.isdigit() or (last is not None and int(raw) > last):
        raise Http404(f"There is no {name} {raw!r} here.")
    return int(raw)
