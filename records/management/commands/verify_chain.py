from django.core.management.base import BaseCommand

from records import chain
from records.models import Play


class Command(BaseCommand):
    help = "Recompute the hash chain of one play (or all) and name the first broken seq."

    def add_arguments(self, parser):
        parser.add_argument("play", nargs="?", type=int, help="play id (default: every play)")

    def handle(self, *args, play=None, **options):
        plays = Play.objects.filter(pk=play) if play else Play.objects.order_by("pk")
        broken = 0
        for each in plays.iterator():
            seq = chain.first_broken_seq(each.events.order_by("seq").iterator())
            if seq is None:
                self.stdout.write(f"play {each.pk}: ok ({each.last_seq} events)")
            else:
                broken += 1
                self.stdout.write(f"play {each.pk}: broken at seq {seq}")
        if broken:
            raise SystemExit(1)
