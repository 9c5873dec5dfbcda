"""Celery tasks: thin, idempotent, safe to retry. The projector keeps its own checkpoint, so a
task needs no arguments, and a lost or repeated message only delays or repeats a no-op."""

from __future__ import annotations

import math

from celery import shared_task
from celery.contrib.django.task import DjangoTask
from django.conf import settings
from django.db import OperationalError, transaction

from analytics import selectors, services
from config.outage import Outage

#: How often a woken task looks again for committed events that a transaction still running
#: elsewhere holds back (see selectors.held_back), a second apart, before leaving them to beat.
HELD_BACK_RETRIES = 30

#: After a wake-up failed to reach the broker, how long this process sends none: the appends in
#: between cost nothing, and beat's catch-up projects what they committed.
BROKER_DOWN_FOR_SECONDS = 10


class WakeUpTask(DjangoTask):
    """A task without arguments, woken by commits. ``delay_on_commit`` queues it once for any
    number of commits until a worker takes it (a flag in the broker's Redis, cleared by
    :meth:`taken`), and never fails nor holds up the committed transaction's caller: one
    attempt to reach the broker, no publish retries (each of kombu's would cost seconds), and
    should it fail, the error is logged, the broker is left alone for
    ``BROKER_DOWN_FOR_SECONDS``, and beat catches up instead.

    The flag stands for beat's period at most (``PROJECTOR_CATCH_UP_SECONDS``): should its
    message be lost (a worker killed after taking the message off the queue, before the task
    started), the commits meanwhile queue nothing, and beat's next run, which does not look at
    the flag, projects them."""

    #: This process's view of the broker: left alone for a while after it failed.
    broker_down = Outage(BROKER_DOWN_FOR_SECONDS)

    def delay_on_commit(self) -> None:
        def send() -> None:  # named: Django's robust on_commit logs a failure by the function's name
            if self.broker_down.ongoing():
                return
            try:
                with self.app.pool.acquire(block=True) as broker:
                    broker.ensure_connection(max_retries=0)
                    redis = broker.default_channel.client
                    if redis.set(self._flag(), 1, nx=True, ex=max(1, math.ceil(settings.PROJECTOR_CATCH_UP_SECONDS))):
                        try:
                            self.apply_async(connection=broker, retry=False)
                        except Exception:
                            redis.delete(self._flag())
                            raise
            except Exception:
                self.broker_down.began()
                raise

        transaction.on_commit(send, robust=True)

    def taken(self) -> None:
        """Called first by the task: commits from now on queue it again. The flag is the one of
        the queue the task came from, which a worker's own default need not name (a worker of
        a test's or the bench's queue)."""
        queue = (self.request.delivery_info or {}).get("routing_key")
        with self.app.pool.acquire(block=True) as broker:
            broker.default_channel.client.delete(self._flag(queue))

    def _flag(self, queue: str | None = None) -> str:
        return f"tablelog:woken:{self.name}:{queue or self.app.conf.task_default_queue}"


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
