"""Running an import: :func:`start_import` keeps the uploaded file, :func:`run_import` reads
it into the club (the Celery task and ``manage.py import_plays`` both call it).

The file is read twice. The first pass writes nothing: it parses every play, decides how
each ends (:mod:`records.imports.results`), matches its players and sees which plays are
stored already; a malformed file fails here, before anything is stored. For a dry run that
pass is the whole import, and its report is the preview. Otherwise the second pass stores
the plays in transactions of ``CHUNK`` plays, each with the import's counts and progress, so
readers see it move and a worker killed mid-way leaves a consistent part that its retry
completes: plays already stored are skipped, by their source ids (one transaction for the
whole file would also hold back the projector, which waits for the oldest open transaction).

Each play of the file (each copy, for a quantity above 1) is ``created``, ``skipped`` (the
club has it from an earlier import of the same source) or ``refused``, with its reason: a
player with neither name nor username, a person seated twice (BGG allows one person in two
seats; a play here seats each player once, and which seat to keep is not the importer's to
guess), or options or a result the generic engine refuses (a title over 200 characters).
Players are matched by BGG username (any case), then by exact name; else a player is created
with that name (or the username, for a player without one) and username. An existing
player is never changed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from datetime import time as clock

from django.core.files import File
from django.db import transaction
from django.utils import timezone
from jsonschema import Draft202012Validator

from games import registry
from games.contract import Move, Seat
from records import services
from records.imports import ImportedPlay, ImportedSeat, MalformedFile, detect_source, read_plays, reads_of
from records.imports.results import Finish, finish_of
from records.models import Club, Import, ImportStatus, Play, Player

#: Plays stored per transaction.
CHUNK = 200
#: The report lists every refused play, and the others up to this many.
LISTED_PLAYS = 500
#: How often at most progress is written to the import's row, in seconds.
SAVE_EVERY = 0.5
LABELS = {"bgg": "BoardGameGeek", "bgstats": "BG Stats"}
ENGINE = registry.get("generic")
NOTE_LENGTH = 2000

Progress = Callable[[int, int], None]


def start_import(*, club: Club, user, file: File, name: str, dry_run: bool, source: str = "") -> Import:
    """Keep ``file`` under MEDIA_ROOT as an import of ``club``, to be run by :func:`run_import`.
    Its source is ``source`` or detected from its first bytes (blank if neither: the run
    then fails and says so)."""
    file.seek(0)
    source = source or detect_source(file.read(64)) or ""
    file.seek(0)
    imported = Import(club=club, created_by=user, source=source, size=file.size, dry_run=dry_run)
    imported.file.save(name, file, save=False)
    imported.save()
    return imported


def run_import(import_id: int, progress: Progress | None = None) -> Import:
    """Run the import (see the module's docstring); a finished one is left as it is, so a
    repeated task is a no-op, and a running one is taken up again from the start."""
    with transaction.atomic():
        imported = Import.objects.select_for_update().get(pk=import_id)
        if imported.status in (ImportStatus.DONE, ImportStatus.FAILED):
            return imported
        passes = 1 if imported.dry_run else 2
        imported.status, imported.started_at = ImportStatus.RUNNING, timezone.now()
        imported.bytes_total = imported.size * (reads_of(imported.source) if imported.source else 1) * passes
        imported.save()
    run = _Run(imported, progress)
    try:
        if not imported.source:
            raise MalformedFile("The file is neither XML (BoardGameGeek) nor JSON (BG Stats).")
        run.walk(write=False)
        if not imported.dry_run:
            run.walk(write=True)
    except MalformedFile as error:
        return run.end(ImportStatus.FAILED, [str(error)])
    return run.end(ImportStatus.DONE, [])


class _Players:
    """The club's player for each imported seat (see the module's docstring). ``find`` only
    looks; ``take`` counts each person once per pass and, when writing, creates a new one."""

    def __init__(self, club: Club, write: bool):
        self.club, self.write = club, write
        self.taken: dict[tuple[str, str], Player | str] = {}
        #: New players by name: the Player when written, else the name alone.
        self.new: dict[str, Player | str] = {}
        #: Players (by id) and new names counted already.
        self.counted: set[int | str] = set()
        self.matched = self.created = 0
        self.report: list[dict] = []

    @staticmethod
    def key(seat: ImportedSeat) -> tuple[str, str]:
        return ("username", seat.bgg_username.lower()) if seat.bgg_username else ("name", seat.name)

    def find(self, seat: ImportedSeat) -> Player | str:
        """The player, or the name of the one to create."""
        if self.key(seat) in self.taken:
            return self.taken[self.key(seat)]
        players = Player.objects.filter(club=self.club)
        found = players.filter(bgg_username__iexact=seat.bgg_username).first() if seat.bgg_username else None
        name = seat.name or seat.bgg_username
        return found or players.filter(display_name=name).first() or self.new.get(name, name)

    def take(self, seat: ImportedSeat, found: Player | str) -> Player | str:
        key = self.key(seat)
        if key not in self.taken:
            self.taken[key] = self._count(seat, found)
        return self.taken[key]

    def _count(self, seat: ImportedSeat, found: Player | str) -> Player | str:
        identity = found.pk if isinstance(found, Player) else found
        if identity in self.counted:
            return found
        if isinstance(found, Player):
            self.matched += 1
            taken = found
        else:
            self.created += 1
            taken = found
            if self.write:
                taken = Player.objects.create(club=self.club, display_name=found, bgg_username=seat.bgg_username)
                self.counted.add(taken.pk)
            self.new[found] = taken
        self.counted.add(identity)
        action = "matched" if isinstance(found, Player) else "created"
        player = taken.pk if isinstance(taken, Player) else None
        self.report.append({"name": seat.name, "bgg_username": seat.bgg_username, "action": action, "player": player})
        return taken


class _Run:
    def __init__(self, imported: Import, progress: Progress | None):
        self.imported, self.progress = imported, progress
        self.done_before = 0
        self.saved_at = 0.0
        self._begin(write=False)

    def _begin(self, *, write: bool) -> None:
        """A fresh pass: its counts, report and players start from nothing."""
        self.write = write
        self.players = _Players(self.imported.club, write)
        self.counts = {"plays_found": 0, "plays_created": 0, "plays_skipped": 0, "plays_refused": 0}
        self.listed: list[dict] = []
        self.read_in_pass = 0

    def walk(self, *, write: bool) -> None:
        imported = self.imported
        self._begin(write=write)
        self.stored = set(
            Play.objects.filter(club=imported.club, source=imported.source).values_list("source_id", flat=True)
        )
        plays = _copies(read_plays(imported.file.path, imported.source, self._read))
        if write:
            for chunk in _chunks(plays, CHUNK):
                with transaction.atomic():
                    for play in chunk:
                        self._one(play)
                    self._save()
        else:
            for play in plays:
                self._one(play)
        self.done_before += self.read_in_pass

    def _read(self, size: int) -> None:
        """Called for every chunk the parser reads. A preview writes its progress as it goes;
        the stores write theirs with each transaction of plays."""
        self.read_in_pass += size
        if self.progress is not None:
            self.progress(self.done_before + self.read_in_pass, self.imported.bytes_total)
        if not self.write and time.monotonic() - self.saved_at >= SAVE_EVERY:
            self._save()

    def _one(self, play: ImportedPlay) -> None:
        self.counts["plays_found"] += 1
        entry = {"source_id": play.source_id, "title": play.title, "played_on": play.played_on.isoformat()}
        if play.source_id in self.stored:
            self._list(entry, "skipped")
            return
        finish = finish_of(play)
        reason = _refusal(play, finish)
        found = [] if reason else [self.players.find(seat) for seat in play.seats]
        twice = [seat.name or seat.bgg_username for seat, f in zip(play.seats, found) if found.count(f) > 1]
        if twice:
            reason = f"{twice[0]} is seated twice; a player takes one seat only."
        if reason:
            self._list({**entry, "reason": f"{play.where}: {reason}"}, "refused")
            return
        players = [self.players.take(seat, f) for seat, f in zip(play.seats, found)]
        self.stored.add(play.source_id)
        if self.write:
            entry["play"] = _store(self.imported, play, finish, players).pk
        self._list(entry, "created")

    def _list(self, entry: dict, action: str) -> None:
        self.counts[f"plays_{action}"] += 1
        if action == "refused" or len(self.listed) < LISTED_PLAYS:
            self.listed.append({**entry, "action": action})

    def _save(self, *also: str) -> None:
        imported = self.imported
        for name, value in self.counts.items():
            setattr(imported, name, value)
        imported.players_matched, imported.players_created = self.players.matched, self.players.created
        imported.bytes_read = self.done_before + self.read_in_pass
        imported.report = {
            "players": self.players.report,
            "plays": self.listed,
            "plays_not_listed": self.counts["plays_found"] - len(self.listed),
        }
        fields = [*self.counts, "players_matched", "players_created", "bytes_read", "report", *also]
        imported.save(update_fields=fields)
        self.saved_at = time.monotonic()

    def end(self, status: str, errors: list[str]) -> Import:
        """Finish the import; a failed one counts and reports nothing, as nothing of it is stored."""
        imported = self.imported
        imported.status, imported.errors, imported.finished_at = status, errors, timezone.now()
        if status == ImportStatus.FAILED:
            self._begin(write=False)
        self._save("status", "errors", "finished_at")
        imported.file.delete(save=False)
        return imported


def _chunks(items: Iterator, size: int) -> Iterator[list]:
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _copies(plays: Iterator[ImportedPlay]) -> Iterator[ImportedPlay]:
    """Each play once per its quantity: the first keeps the source's id, the others add ":2"..."""
    for play in plays:
        yield play
        for copy in range(2, play.quantity + 1):
            yield replace(play, source_id=f"{play.source_id}:{copy}")


def _options(play: ImportedPlay, finish: Finish) -> dict:
    options = {"title": play.title, "scoring": finish.scoring}
    if play.bgg_id:
        options["bgg_id"] = play.bgg_id
    return options


def _refusal(play: ImportedPlay, finish: Finish) -> str:
    """Why the play cannot be stored, or "" (see the module's docstring)."""
    for seat in play.seats:
        if not (seat.name or seat.bgg_username):
            return "a player has neither a name nor a username."
        if len(seat.name or seat.bgg_username) > 100:
            return f"the name {seat.name[:20]!r}... is longer than 100 characters."
    if len(play.seats) > ENGINE.max_players:
        return f"{len(play.seats)} players; a play seats {ENGINE.max_players} at most."
    options = _options(play, finish)
    problems = [error.message for error in Draft202012Validator(ENGINE.options_schema).iter_errors(options)]
    if problems:
        return f"options: {'; '.join(problems)}."
    state = ENGINE.setup([Seat(colour=seat.colour, team=seat.team) for seat in play.seats], options)
    violations = ENGINE.check(state, Move("finish", None, finish.data))
    return " ".join(violation.message for violation in violations)


def _store(imported: Import, play: ImportedPlay, finish: Finish, players: list[Player]) -> Play:
    stored = services.create_play(
        club=imported.club,
        game="generic",
        seats=[services.SeatSpec(player, seat.colour, seat.team) for player, seat in zip(players, play.seats)],
        options=_options(play, finish),
        played_on=play.played_on,
        location=play.location[:200],
        user=imported.created_by,
    )
    stored.rated, stored.source, stored.source_id = finish.rated, play.source, play.source_id
    stored.save(update_fields=["rated", "source", "source_id"])
    started = play.started_at or timezone.make_aware(datetime.combine(play.played_on, clock()))
    ended = started + timedelta(minutes=play.minutes) if play.minutes else None
    label = f"Imported from {LABELS[play.source]} play {play.source_id}."
    text = f"{label} {play.comments}"[:NOTE_LENGTH] if play.comments else label
    last = (
        services.NewEvent("abandon", data={"reason": f"Incomplete on {LABELS[play.source]}."}, occurred_at=ended)
        if play.incomplete
        else services.NewEvent("finish", data=finish.data, occurred_at=ended)
    )
    note = services.NewEvent("note", data={"text": text}, occurred_at=started)
    services.append_events(play_id=stored.pk, events=[note, last], user=imported.created_by)
    return stored
