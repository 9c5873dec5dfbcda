import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from analytics import exports
from records.models import Club


class Command(BaseCommand):
    help = (
        "Write a club's data to a file, as GET /api/v1/clubs/{slug}/export/ streams it: csv or bgstats "
        "(results) or archive (everything, every secret included; restore_archive puts it back)."
    )

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's slug")
        parser.add_argument("--format", choices=list(exports.FORMATS), default="archive")
        parser.add_argument("--output", type=Path, help="the file to write (default: standard output)")

    def handle(self, *args, club: str, format: str, output: Path | None, **options):
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise CommandError(f"No club {club!r}.")
        chosen = exports.FORMATS[format]
        with open(output, "w", encoding="utf-8", newline="") if output else _stdout() as out:
            for piece in tqdm(chosen.lines(found), desc=f"{club} {format}", unit=" lines", file=self.stderr):
                out.write(piece)


def _stdout():
    """Standard output, left open when the command is done with it."""
    return open(sys.stdout.fileno(), "w", encoding="utf-8", newline="", closefd=False)
