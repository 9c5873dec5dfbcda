"""What a page's request may see and do, and why a service refused it: the API's rules,
answered as pages answer them.

A club, play or player the reader may not see is a 404, as if there were none (as in the
API); a write that needs a role the reader lacks is a 403 page; a reader not signed in is
sent to sign in first (``login_required`` on the view).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from rest_framework.exceptions import APIException

from records import selectors, services
from records.errors import flat_errors
from records.models import Club, Play, Role


def club_for(request, slug: str) -> Club:
    return get_object_or_404(selectors.visible_clubs(request.user), slug=slug)


def play_for(request, pk: int) -> Play:
    plays = Play.objects.filter(club__in=selectors.visible_clubs(request.user)).select_related("club")
    return services.fresh(get_object_or_404(plays, pk=pk))


def require_role(request, club: Club, role: Role) -> None:
    """A 403 page unless the (signed-in) reader has ``role`` or a higher one in ``club``."""
    if not selectors.has_role(club, request.user, role):
        raise PermissionDenied(f"This needs the {role.value} role in {club.name}.")


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
