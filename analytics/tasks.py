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


#: How long a wake-up stands for those that follow it, should its task never start: beat's period.
WOKEN_FOR_SECONDS = 60


class WakeUpTask(DjangoTask):
    """A task without arguments, woken by commits. ``delay_on_commit`` queues it once for any
    number of commits until a worker takes it (a flag in the broker's Redis, cleared by
    :meth:`taken`), and never fails the committed transaction's caller: should the broker
    refuse the message, the error is logged and beat catches up instead."""

    def delay_on_commit(self) -> None:
        def send() -> None:  # named: Django's robust on_commit logs a failure by the function's name
            with self.app.pool.acquire(block=True) as broker:
                redis = broker.default_channel.client
                if redis.set(self._flag(), 1, nx=True, ex=WOKEN_FOR_SECONDS):
                    try:
                        self.delay()
                    except Exception:
                        redis.delete(self._flag())
                        raise

        transaction.on_commit(send, robust=True)

    def taken(self) -> None:
        """Called first by the task: commits from now on queue it again."""
        with self.app.pool.acquire(block=True) as broker:
            broker.default_channel.client.delete(self._flag())

    def _flag(self) -> str:
        return f"tablelog:woken:{self.name}:{self.app.conf.task_default_queue}"


@shared_task(
    base=WakeUpTask, bind=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=HELD_BACK_RETRIES
)
def project_all(self) -> int:
    """Project every event committed past the checkpoint (woken after appends, and by beat)."""
    self.taken()
    projected = services.project_pending()
    if self.request.retries < HELD_BACK_RETRIES and selectors.held_back():
        raise self.retry(countdown=1)
    return projected


def wake_projector(sender, play, **kwargs) -> None:
    """Receiver of ``events_appended``: queue a projection once the appending transaction commits."""
    project_all.delay_on_commit()
