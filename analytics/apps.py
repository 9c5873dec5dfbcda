from django.apps import AppConfig


class AnalyticsConfig(AppConfig):
    name = "analytics"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from analytics.tasks import wake_projector
        from records.services import events_appended

        events_appended.connect(wake_projector, dispatch_uid="analytics.wake_projector")
