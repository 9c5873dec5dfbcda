"""API errors: one shape per kind, so a client always learns which field or rule and why.

400 malformed (field -> messages), 401/403 auth, 404 unknown, 409 concurrency (with the
current seq), 422 rule violations (each with the rulebook section and a sentence).
"""

from __future__ import annotations

from django.db import DataError
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.views import exception_handler as drf_exception_handler


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


def exception_handler(exc, context):
    """DRF's handler, plus: a value PostgreSQL cannot store (a NUL in a string, a number out of
    range) is a 400, not a 500."""
    if isinstance(exc, DataError):
        exc = ValidationError({"detail": f"A value cannot be stored: {str(exc).splitlines()[0]}"})
    return drf_exception_handler(exc, context)
