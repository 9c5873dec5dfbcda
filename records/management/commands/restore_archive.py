from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from records.restore import Refused, restore


class Command(BaseCommand):
    help = (
        "Restore a club's archive (GET /api/v1/clubs/{slug}/export/?format=archive) into this instance, "
        "which must hold the CHAIN_KEY that wrote it: every event is verified first, and a refused "
        "archive stores nothing. Run it as the database's owner (it moves id sequences past the ids it keeps)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="the archive (NDJSON)")

    def handle(self, *args, file: Path, **options):
        if not file.is_file():
            raise CommandError(f"No file {file}.")
        try:
            club = restore(file, progress=lambda **bar: tqdm(file=self.stderr, **bar))
        except Refused as refused:
            raise CommandError(f"Refused: {refused}") from None
        plays = club.plays.count()
        self.stdout.write(f"restored club {club.slug}: {club.players.count()} players, {plays} plays")
