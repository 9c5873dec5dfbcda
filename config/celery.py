import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

#: DjangoTask gives every task delay_on_commit (send once the transaction commits).
app = Celery("tablelog", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def drop_queue(name: str) -> None:
    """Drop a queue: the messages waiting in it, and its bindings if a worker declared it."""
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(name)
        connection.default_channel.queue_delete(name)
