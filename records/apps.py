from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate


class RecordsConfig(AppConfig):
    name = "records"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_grant_service_role, sender=self)


def _grant_service_role(using: str, **kwargs) -> None:
    from config.database import grant

    grant(connections[using])
