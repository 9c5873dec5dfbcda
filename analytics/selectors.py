"""Reads: how far the projections are, and the statistics computed from them."""

from __future__ import annotations

from django.db import connection

from analytics.models import Checkpoint
from analytics.services import PROJECTION


def checkpoint() -> Checkpoint:
    return Checkpoint.objects.filter(name=PROJECTION).first() or Checkpoint(name=PROJECTION)


def as_of() -> int:
    """The position at or below which every event is projected (``as_of`` in every response)."""
    return checkpoint().as_of


def held_back() -> bool:
    """Whether committed events wait past the checkpoint: a transaction that began before
    them is still running, so the projector may not pass them yet."""
    point = checkpoint()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT EXISTS (SELECT 1 FROM records_event WHERE position > %s AND (tx_id, position) > (%s::text::xid8, %s))",
            [point.as_of, point.tx_id, point.position],
        )
        return cursor.fetchone()[0]
