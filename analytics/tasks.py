"""Celery tasks: thin, idempotent, safe to retry. The projector keeps its own checkpoint, so a
task needs no arguments, and a lost or repeated message only delays or repeats a no-op."""

from __future__ import annotations

from celery import shared_task
from celery.contrib.django.task import DjangoTask
from django.db import OperationalError, transaction

from analytics import selectors, services

#: How often a woken task looks again for committed events that a transaction still running
#: elsewhere holds back (see selectors.held_back), a second apart, before leaving them to beat.
HELD_BACK_RETRIES = 30


class WakeUpTask(DjangoTask):
    """A task whose ``delay_on_commit`` never fails the committed transaction's caller: should
    the broker refuse the message, the error is logged and beat catches up instead."""

    def delay_on_commit(self, *args, **kwargs) -> None:
        def send() -> None:  # named: Django's robust on_commit logs a failure by the function's name
            self.delay(*args, **kwargs)

        transaction.on_commit(send, robust=True)


@shared_task(
    base=WakeUpTask, bind=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=HELD_BACK_RETRIES
)
def project_all(self) -> int:
    """Project every event committed past the checkpoint (woken after appends, and by beat)."""
    projected = services.project_pending()
    if self.request.retries < HELD_BACK_RETRIES and selectors.held_back():
        raise self.retry(countdown=1)
    return projected


def wake_projector(sender, play, **kwargs) -> None:
    """Receiver of ``events_appended``: queue a projection once the appending transaction commits."""
    project_all.delay_on_commit()
