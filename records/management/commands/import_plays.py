"""``manage.py import_plays FILE --club SLUG [--dry-run] [--source bgg|bgstats]``: the API's
import, run here in-process (no worker needed) with a progress bar."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth.models import User
from django.core.files import File
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from records.imports.service import run_import, start_import
from records.models import Club, Import, ImportSource, ImportStatus


class Command(BaseCommand):
    help = "Import a BoardGameGeek plays XML or BG Stats JSON file into a club."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--club", required=True, help="The club's slug.")
        parser.add_argument("--dry-run", action="store_true", help="Print what would be created; store nothing.")
        parser.add_argument("--source", choices=ImportSource.values, default="", help="Default: from the content.")
        parser.add_argument("--user", default=None, help="The username the plays are recorded by.")

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"No club {options['club']!r}.")
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"No file {path}.")
        user = User.objects.filter(username=options["user"]).first() if options["user"] else None
        with open(path, "rb") as raw:
            imported = start_import(
                club=club,
                user=user,
                file=File(raw),
                name=path.name,
                dry_run=options["dry_run"],
                source=options["source"],
            )
        with tqdm(total=100, unit="%", desc=path.name, file=self.stderr._out) as bar:

            def progress(done: int, total: int) -> None:
                bar.update(done * 100 // max(total, 1) - bar.n)

            imported = run_import(imported.pk, progress=progress)
            bar.update(100 - bar.n)
        if imported.status == ImportStatus.FAILED:
            raise CommandError("; ".join(imported.errors))
        if imported.dry_run:
            self.stdout.write(json.dumps(imported.report, indent=2))
        self.stdout.write(", ".join(f"{name.replace('_', ' ')}: {getattr(imported, name)}" for name in Import.COUNTS))
