import datetime as dt

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from analytics import services


class Command(BaseCommand):
    help = (
        "Derive results and ratings again from the records: every play, or with --from the plays "
        "played on that date or later (ratings are refolded from it). Equals the incremental result."
    )

    def add_arguments(self, parser):
        parser.add_argument("--from", dest="since", metavar="DATE", help="YYYY-MM-DD: rebuild from this played date on")

    def handle(self, *args, since=None, **options):
        try:
            day = None if since is None else dt.date.fromisoformat(since)
        except ValueError:
            raise CommandError(f"--from must be a date as YYYY-MM-DD, not {since!r}.") from None
        services.rebuild(
            since=day,
            progress=lambda items, label: tqdm(items, desc=label, file=self.stderr),
        )
        self.stdout.write(f"rebuilt projections {'of every play' if day is None else f'from {day}'}")
