"""The per-play chain: ``hash = HMAC-SHA256(CHAIN_KEY, prev_hash || canonical JSON of the event)``.

The key lives in the service's settings, never in the database, so someone who can write
to the database but does not hold the key cannot rewrite an event and compute hashes that
verify (README: "What verify proves"). Keyed hashes also keep hidden data hidden: a reader
shown an event's hash cannot test guesses of a masked card against it.

The canonical form hashes each value as jsonb gives it back, so a stored event always
verifies: jsonb keeps numbers as exact decimals and gives a whole one back as an int, so
``1e23`` (a float whose exact value is 99999999999999991611392) is hashed as the int
100000000000000000000000 that PostgreSQL stores for the text ``1e+23``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.conf import settings

GENESIS = "0" * 64
#: Sorted keys, no spaces, ASCII only; made once (``json.dumps`` with options makes one a call).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _normal(value: Any) -> Any:
    """A value as jsonb gives it back: a whole float becomes the int of the decimal it is
    written as (its shortest repr, which is what json.dumps sends)."""
    if isinstance(value, float) and value.is_integer():
        return int(Decimal(repr(value)))
    if isinstance(value, dict):
        return {key: _normal(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_normal(item) for item in value]
    return value


def _instant(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat()


def canonical(
    *,
    play_id: int,
    seq: int,
    type: str,
    seat: int | None,
    data: Any,
    occurred_at: datetime | None,
    recorded_at: datetime,
    recorded_by_id: int | None,
    idempotency_key: str | None,
    schema_version: int,
) -> bytes:
    body = {
        "play": play_id,
        "seq": seq,
        "type": type,
        "seat": seat,
        "data": _normal(data),
        "occurred_at": _instant(occurred_at),
        "recorded_at": _instant(recorded_at),
        "recorded_by": recorded_by_id,
        "idempotency_key": idempotency_key,
        "schema_version": schema_version,
    }
    return _CANONICAL.encode(body).encode()


def link(prev_hash: str, body: bytes) -> str:
    return hmac.new(settings.CHAIN_KEY.encode(), prev_hash.encode() + body, hashlib.sha256).hexdigest()


def body_of(event) -> bytes:
    """The canonical JSON of an event row's stored fields."""
    return canonical(
        play_id=event.play_id,
        seq=event.seq,
        type=event.type,
        seat=event.seat,
        data=event.data,
        occurred_at=event.occurred_at,
        recorded_at=event.recorded_at,
        recorded_by_id=event.recorded_by_id,
        idempotency_key=event.idempotency_key,
        schema_version=event.schema_version,
    )


def event_hash(event) -> str:
    """The hash an event row should carry, recomputed from its stored fields."""
    return link(event.prev_hash, body_of(event))


def first_broken_seq(events) -> int | None:
    """The first seq whose row does not chain from the one before it (or was altered)."""
    prev = GENESIS
    for expected_seq, event in enumerate(events, start=1):
        if event.seq != expected_seq or event.prev_hash != prev or event_hash(event) != event.hash:
            return expected_seq
        prev = event.hash
    return None
