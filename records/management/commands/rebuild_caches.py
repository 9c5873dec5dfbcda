from django.core.management.base import BaseCommand

from records.models import Play
from records.services import rebuild_play_caches


class Command(BaseCommand):
    help = "Rebuild every derived cache of every play (state, outcome, status, snapshots) from its events."

    def handle(self, *args, **options):
        ids = list(Play.objects.order_by("pk").values_list("pk", flat=True))
        for play_id in ids:
            rebuild_play_caches(play_id)
        self.stdout.write(f"rebuilt {len(ids)} plays")
