"""Celery tasks of the records app: thin, taking ids, safe to repeat (analytics/tasks.py)."""

from __future__ import annotations

from celery import shared_task

from records.imports.service import run_import


@shared_task
def import_plays(import_id: int) -> str:
    """Run an uploaded import. A finished import is left alone, and one whose worker died is
    run again, skipping the plays that worker stored: a repeated message does no harm."""
    return run_import(import_id).status
