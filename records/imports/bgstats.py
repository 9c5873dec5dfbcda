"""BG Stats' JSON export (Settings > Export > JSON), as a stream.

The document::

    {"games": [{"id": 3, "uuid": "...", "name": "Pandemic", "bggId": 30549, "cooperative": true,
                "highestWins": true, "noPoints": false, ...}],
     "players": [{"id": 1, "uuid": "...", "name": "Ada", "bggUsername": "ada", "isAnonymous": false}],
     "locations": [{"id": 1, "uuid": "...", "name": "Club house"}],
     "plays": [{"uuid": "...", "playDate": "2024-03-01 19:30:00", "gameRefId": 3, "locationRefId": 1,
                "durationMin": 45, "ignored": false, "usesTeams": false, "comments": "...",
                "playerScores": [{"playerRefId": 1, "score": "61", "winner": true, "newPlayer": false,
                                  "startPlayer": true, "rank": 1, "team": "", "seatOrder": 0}]}]}

What is read, and what it becomes:

- ``plays[].uuid`` (required) -> the play's ``source_id``; ``playDate`` (required) -> ``played_on``
  and the time of its first event (taken as the service's time zone, since the file names
  none); ``durationMin`` -> the play's length; ``locationRefId`` -> ``locations[].name`` ->
  ``location``; ``ignored`` (kept out of BG Stats' statistics) -> the play is not rated;
  ``comments`` -> the text of the play's first event.
- ``gameRefId`` -> ``games[]``: ``name`` -> ``title``, ``bggId`` -> ``bgg_id``, ``cooperative`` ->
  cooperative scoring, ``highestWins`` -> whether scores are won high or low, ``noPoints`` ->
  scores are ignored.
- ``playerScores[]``: ``playerRefId`` -> ``players[]`` (``bggUsername`` matches the club's player by
  BGG username, ``name`` by name or names the new player); ``score`` (text) , ``winner`` and
  ``rank`` -> the result (:mod:`records.imports.results`); ``team`` (when the play ``usesTeams``)
  -> the seat's team; ``seatOrder`` -> turn order where every score has one, started at the
  ``startPlayer``.
- Not read: ``newPlayer``, ``isAnonymous`` (an anonymous player is the player of that name),
  uuids of games, players and locations, and everything else.

The export may put ``games``, ``players`` and ``locations`` before or after ``plays``, so the
file is read twice, each time as a stream (``ijson``; 50 MB is never in memory at once): first
for those three lists (small: a club's games and people), then for the plays, one at a time.
The first pass reads every byte, so a syntax error anywhere is found before any play is
yielded, and named with the path being read (``plays[12].playerScores``) and the byte.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path

import ijson
from django.utils import timezone
from ijson.common import ObjectBuilder

from records.imports import CountingReader, ImportedPlay, ImportedSeat, MalformedFile, number

READS = 2
LISTS = ("games", "players", "locations")


class _Where:
    """Where the parse is, for a syntax error's message."""

    def __init__(self, reader: CountingReader):
        self.reader, self.prefix, self.play = reader, "", -1

    def __str__(self) -> str:
        path = self.prefix.replace("plays.item", f"plays[{self.play}]", 1) if self.play >= 0 else self.prefix
        return f"{path or 'the document'}, near byte {self.reader.offset}"


@contextmanager
def _parsing(where: _Where):
    try:
        yield
    except ijson.JSONError as error:
        raise MalformedFile(f"JSON is malformed in {where}: {error}") from None


def read_plays(path: Path, on_read: Callable[[int], None]) -> Iterator[ImportedPlay]:
    tables = _tables(path, on_read)
    with open(path, "rb") as raw:
        where = _Where(CountingReader(raw, on_read))
        with _parsing(where):
            for index, play in enumerate(ijson.items(where.reader, "plays.item", use_float=True)):
                where.play = index
                yield _play(play, index, tables)


def _tables(path: Path, on_read: Callable[[int], None]) -> dict[str, dict]:
    """games, players and locations by their ids, from a pass over the whole file."""
    tables: dict[str, dict] = {name: {} for name in LISTS}
    found, builder = set(), None
    with open(path, "rb") as raw:
        where = _Where(CountingReader(raw, on_read))
        with _parsing(where):
            for prefix, event, value in ijson.parse(where.reader, use_float=True):
                where.prefix = prefix
                if prefix == "plays.item" and event == "start_map":
                    where.play += 1
                name, _, inner = prefix.partition(".")
                if not inner:
                    found.add(name)
                    continue
                if name not in tables:
                    continue
                if inner == "item" and event == "start_map":
                    builder = ObjectBuilder()
                builder.event(event, value)
                if inner == "item" and event == "end_map":
                    tables[name][builder.value.get("id")] = builder.value
    if "plays" not in found:
        raise MalformedFile('The document has no "plays" list: it is not a BG Stats export.')
    return tables


def _play(play: dict, index: int, tables: dict[str, dict]) -> ImportedPlay:
    where = f"plays[{index}]"
    if not isinstance(play, dict) or not play.get("uuid"):
        raise MalformedFile(f"{where} has no uuid.")
    where = f"{where} (uuid {play['uuid']})"
    game = _ref(tables, "games", play.get("gameRefId"), where)
    started = _started(play.get("playDate"), where)
    location = tables["locations"].get(play.get("locationRefId"), {})
    scores = play.get("playerScores") or []
    if not scores:
        raise MalformedFile(f"{where} has no playerScores.")
    seats = [_seat(score, tables, where, game, bool(play.get("usesTeams"))) for score in scores]
    return ImportedPlay(
        source="bgstats",
        source_id=str(play["uuid"]),
        where=where,
        title=str(game.get("name") or "").strip(),
        bgg_id=int(game.get("bggId") or 0) or None,
        played_on=started.date(),
        started_at=started,
        minutes=int(play.get("durationMin") or 0),
        location=str(location.get("name") or "").strip(),
        seats=tuple(_in_turn_order(seats, scores)),
        rated=not play.get("ignored", False),
        cooperative=bool(game.get("cooperative")),
        highest_wins=game.get("highestWins", True) is not False,
        comments=str(play.get("comments") or "").strip(),
    )


def _ref(tables: dict[str, dict], name: str, ref, where: str) -> dict:
    found = tables[name].get(ref)
    if found is None:
        raise MalformedFile(f"{where}: {name} has no id {ref!r}.")
    return found


def _started(text, where: str) -> datetime:
    try:
        return timezone.make_aware(datetime.fromisoformat(str(text)))
    except ValueError:
        pass
    try:
        return timezone.make_aware(datetime.combine(date.fromisoformat(str(text)), datetime.min.time()))
    except ValueError:
        raise MalformedFile(f"{where}: playDate {text!r} is not a date (YYYY-MM-DD HH:MM:SS).") from None


def _seat(score: dict, tables: dict[str, dict], where: str, game: dict, teams: bool) -> ImportedSeat:
    player = _ref(tables, "players", score.get("playerRefId"), where)
    given = score.get("score")
    points = None if game.get("noPoints") or given is None else number(str(given))
    team = score.get("team") if teams else None
    return ImportedSeat(
        name=str(player.get("name") or "").strip(),
        bgg_username=str(player.get("bggUsername") or "").strip(),
        team="" if team in (None, 0, "0") else str(team)[:30],
        score=points,
        winner=bool(score.get("winner")),
        rank=score.get("rank") if isinstance(score.get("rank"), int) and score["rank"] > 0 else 0,
    )


def _in_turn_order(seats: list[ImportedSeat], scores: list[dict]) -> list[ImportedSeat]:
    """By ``seatOrder`` where every score has one, from the start player on; else as listed."""
    orders = [score.get("seatOrder") for score in scores]
    if not all(isinstance(order, int) for order in orders):
        return seats
    ranked = sorted(range(len(seats)), key=lambda n: orders[n])
    starters = [position for position, n in enumerate(ranked) if scores[n].get("startPlayer")]
    first = starters[0] if len(starters) == 1 else 0
    return [seats[n] for n in ranked[first:] + ranked[:first]]
