"""API errors: one shape per kind, so a client always learns which field or rule and why.

400 malformed (the dotted path of each field -> its messages), 401/403 auth, 404 unknown,
409 conflicts (a name taken; a club's address changed; an append behind the log, with the
current seq), 413 a body too large, 422 rule violations (each with the rulebook section and a
sentence: a move's, or a new play's seats and options the rulebook does not start a game
with), 500 only when a rules engine fails (a bug, never a rule: :class:`EngineFailed`), 503
the database away (with Retry-After). Always JSON, under /api/ even for Django's own
refusals; the schema documents them all (records/openapi.py).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import BadRequest, RequestDataTooBig
from django.db import DataError, InterfaceError, OperationalError
from django.http import JsonResponse
from django.shortcuts import render
from django.views import defaults
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.renderers import JSONRenderer
from rest_framework.views import exception_handler as drf_exception_handler

from records.body import BodyTooLarge

logger = logging.getLogger(__name__)


def flat_errors(detail, prefix: str = "") -> dict[str, list[str]]:
    """A validation error's messages by the dotted path of their field; messages that belong
    to no field stand under ``detail``."""
    if isinstance(detail, dict):
        flat = {}
        for key, value in detail.items():
            if isinstance(key, int):  # DRF gives a list's errors by the index of the item
                flat.update(flat_errors(value, f"{prefix}[{key}]"))
                continue
            name = key if key not in ("non_field_errors", "detail") else ""
            flat.update(flat_errors(value, f"{prefix}.{name}" if prefix and name else prefix or name))
        return flat
    if isinstance(detail, list) and any(isinstance(item, (dict, list)) for item in detail):
        flat = {}
        for index, item in enumerate(detail):
            flat.update(flat_errors(item, f"{prefix}[{index}]"))
        return flat
    messages = [str(message) for message in (detail if isinstance(detail, list) else [detail])]
    return {prefix or "detail": messages} if messages else {}


def _api(request) -> bool:
    return request.path.startswith("/api/")


def bad_request(request, exception):
    """Django's own refusals (a disallowed host, a malformed request) are JSON under /api/. A
    page's own refusal (``BadRequest``, raised with a sentence) says its sentence; Django's
    (a disallowed host, a suspicious request) say no more than that the request is malformed."""
    if _api(request) and isinstance(exception, RequestDataTooBig):
        too_large = BodyTooLarge(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        return JsonResponse({"detail": too_large.detail}, status=too_large.status_code)
    if _api(request):
        return JsonResponse({"detail": "The request is malformed."}, status=status.HTTP_400_BAD_REQUEST)
    if type(exception) is BadRequest:
        return render(request, "400.html", {"reason": str(exception)}, status=status.HTTP_400_BAD_REQUEST)
    return defaults.bad_request(request, exception)


def not_found(request, exception):
    if _api(request):
        return JsonResponse({"detail": f"No route {request.path}; see /api/docs/."}, status=status.HTTP_404_NOT_FOUND)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _api(request):
        return JsonResponse({"detail": "The service failed; it has been logged."}, status=500)
    return defaults.server_error(request)


#: The codes of a refusal of a request fine in itself that clashes with what is stored (a 409):
#: a name taken, a value fixed once stored (a club's address).
CONFLICTS = frozenset({"unique", "fixed"})


def _only_codes(codes) -> set[str]:
    if isinstance(codes, dict):
        return set().union(*map(_only_codes, codes.values()))
    if isinstance(codes, list):
        return set().union(*map(_only_codes, codes))
    return {codes}


class SeqConflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "seq_conflict"

    def __init__(self, *, expected: int, current: int):
        super().__init__()
        self.detail = {
            "detail": f"expected_seq is {expected} but the log is at seq {current}; fetch the new events and retry.",
            "current_seq": current,
        }


class IdempotencyConflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "idempotency_conflict"

    def __init__(self, *, key: str, seq: int):
        super().__init__()
        self.detail = {
            "detail": f"Idempotency-Key {key!r} was used for seq {seq} with a different body.",
            "seq": seq,
        }


class RuleViolation(APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "rule_violation"

    def __init__(self, *, seq: int, violations, detail: str | None = None):
        super().__init__()
        self.detail = {
            "detail": detail or f"Event seq {seq} breaks the rules.",
            "seq": seq,
            "violations": [v.as_dict() for v in violations],
        }


class SetupRefused(APIException):
    """A new play whose seats and options break the rules (``Engine.refuse_setup``): the 422 of
    a rule violation without a seq, since no play, and no log, is created."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "setup_refused"

    def __init__(self, *, title: str, violations):
        super().__init__()
        self.detail = {
            "detail": f"{title} does not start with these seats and options; no play was created.",
            "violations": [v.as_dict() for v in violations],
        }


class EngineFailed(APIException):
    """A rules engine raised where the contract says it answers: a fault of Tablelog's, not
    a rule the move or the play breaks (that is a 422). Nothing is stored; the caller logged
    the traceback with the play and seq."""

    status_code = status.HTTP_500_INTERNAL_SERVER_ERROR
    default_code = "engine_failed"

    def __init__(self, game: str, seq: int | None = None):
        where = "on this play's seats and options" if seq is None else f"on the move at seq {seq}"
        super().__init__(
            f"The {game} engine failed {where}: a fault of Tablelog's, not a rule of the game. "
            "Nothing was stored, and the failure is logged for the maintainers."
        )


def exception_handler(exc, context):
    """DRF's handler, plus: a malformed request's errors are flat, one dotted name a field
    (``seats[0].player``); a value PostgreSQL refuses, which the checks before it should have
    caught, is still a 400 (its text stays in the log, not the answer); a database that cannot
    be reached is a 503 with Retry-After, which a client with an Idempotency-Key may retry."""
    if isinstance(exc, RequestDataTooBig):  # Django read the body before the parser could
        exc = BodyTooLarge(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if isinstance(exc, DataError):
        logger.error("a value reached the database that it cannot store", exc_info=exc)
        exc = ValidationError({"detail": "A value in the request cannot be stored."})
    if isinstance(exc, OperationalError | InterfaceError):  # the database down, restarting, or the connection lost
        logger.warning("the database cannot be reached", exc_info=exc)
        exc = APIException(
            "The database cannot be reached. Send the request again (with its Idempotency-Key: nothing is stored twice).",
            code="database_unavailable",
        )
        exc.status_code, exc.wait = status.HTTP_503_SERVICE_UNAVAILABLE, 2  # DRF answers the wait as Retry-After
    if isinstance(exc, ValidationError):
        codes = _only_codes(exc.get_codes())
        if codes and codes <= CONFLICTS:  # the request is fine; what is stored clashes
            exc.status_code = status.HTTP_409_CONFLICT
        exc.detail = flat_errors(exc.detail)
        if "detail" in exc.detail:  # as in every other error: one sentence
            exc.detail["detail"] = " ".join(exc.detail["detail"])
    response = drf_exception_handler(exc, context)
    if response is not None and "request" in context:
        # An error is JSON whatever the reader asked for (an NDJSON stream, the browsable
        # API's HTML), so a client always reads it the same way.
        request = context["request"]
        request.accepted_renderer, request.accepted_media_type = JSONRenderer(), JSONRenderer.media_type
    return response
