import json

from django.core.management.base import BaseCommand, CommandError

from records.models import Play
from records.selectors import view_as_of


class Command(BaseCommand):
    help = "Print a play's table as of seq N (default: the latest), as the arbiter or as one seat sees it."

    def add_arguments(self, parser):
        parser.add_argument("play", type=int)
        parser.add_argument("--at", type=int, help="seq to replay up to")
        parser.add_argument("--seat", type=int, help="show the table as this seat sees it")

    def handle(self, *args, play, at=None, seat=None, **options):
        found = Play.objects.filter(pk=play).first()
        if found is None:
            raise CommandError(f"No play {play}.")
        at = found.last_seq if at is None else at
        if not 0 <= at <= found.last_seq:
            raise CommandError(f"--at must be between 0 and {found.last_seq}.")
        self.stdout.write(json.dumps(view_as_of(found, at, seat), indent=2, sort_keys=True))
