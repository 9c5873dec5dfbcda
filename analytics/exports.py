"""A club's data taken out, in three formats, each streamed a piece at a time (the whole club
is never held in memory).

- **csv**: one row per seat of each finished play, in the order ratings fold plays (played
  date, then the event that finished it): ``date, game, player, team, place, score, winner,
  rating_after``. ``game`` is the engine's slug, or a generic play's title. ``winner`` is
  ``true`` or ``false``. ``rating_after`` is the player's conservative rating (mu - 3 sigma)
  in that game in this club right after the play; empty where the play changes no rating
  (cooperative, one side) or the projector has not reached it yet. Results only: no secrets.
- **bgstats**: BG Stats' export JSON, which the importer reads too::

      {"games": [{"id", "name", "bggId", "cooperative", "highestWins", "noPoints"}],
       "players": [{"id", "name", "bggUsername"}],
       "locations": [{"id", "name"}],
       "plays": [{"uuid", "playDate": "YYYY-MM-DD HH:MM:SS", "gameRefId", "locationRefId",
                  "durationMin", "ignored", "usesTeams",
                  "playerScores": [{"playerRefId", "score", "winner", "newPlayer",
                                    "startPlayer", "rank", "team", "seatOrder"}]}]}

  Finished plays only. A play's uuid is derived from the club and the play's id, so a second
  export names the same play the same way. ``playDate`` is the played date at midnight (a
  play keeps no time of day); ``durationMin`` spans its events' table times (0 without them).
  ``newPlayer`` marks a player's first play of that game in the export. Results only.
- **archive**: everything of the club as NDJSON, one object a line with its ``kind``: a
  header, the club, the users it names (id and username only, no password), its players,
  memberships, plays, seats, and every event with its seq and hash, in the order they were
  stored. Fields are read from each model's concrete fields, so a field added later comes
  along. It holds every secret (hands, decks), so only owners may take it.
  ``records.restore`` puts it back, chains intact.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import models
from django.db.models import Max, Min, OuterRef, Q, Subquery
from django.utils import timezone

from analytics.models import RatingChange
from analytics.ratings import conservative
from records.models import Club, Event, Membership, Play, Player, PlaySeat, Role, Status
from records.restore import ARCHIVE_KIND, ARCHIVE_VERSION
from records.services import CACHES

CSV_COLUMNS = ["date", "game", "player", "team", "place", "score", "winner", "rating_after"]
#: Fields an archive leaves out: a play's caches are derived from its events (the restore
#: rebuilds them), and the id of the transaction that wrote an event means nothing elsewhere.
NOT_ARCHIVED = {Play: {*CACHES, "engine_fingerprint"}, Event: {"tx_id"}}
CHUNK = 1000
PLAY_UUIDS = uuid.uuid5(uuid.NAMESPACE_URL, "https://tablelog/plays")
#: What a csv row reads of a seat and its play.
_SEAT_FIELDS = ("position", "team", "play__game", "play__options", "play__played_on", "play__outcome")


@dataclass(frozen=True)
class Format:
    lines: Callable[[Club], Iterator[str]]
    #: The least role that may take it: the archive holds every secret.
    role: Role
    content_type: str
    #: The ending of the file's name.
    ending: str


def game_name(play: Play) -> str:
    """The engine's slug; a generic play's title."""
    return play.options.get("title", play.game) if play.game == "generic" else play.game


def _finished(club: Club) -> models.QuerySet[Play]:
    return Play.objects.filter(club=club, status=Status.FINISHED).order_by("played_on", "finished_position", "id")


def csv_rows(club: Club) -> Iterator[str]:
    """The csv export, a line at a time: the header, then one row per seat."""
    line = _Line()
    yield line.of(CSV_COLUMNS)
    changes = RatingChange.objects.filter(club_id=club.pk, play_id=OuterRef("play_id"), player_id=OuterRef("player_id"))
    # A play's one change per player in this club with a game named: its (club, game) scope.
    in_game = changes.exclude(game="")
    seats = (
        PlaySeat.objects.filter(play__in=_finished(club))
        .select_related("play", "player")
        .only("player__display_name", *_SEAT_FIELDS)
        .annotate(mu=Subquery(in_game.values("mu_after")[:1]), sigma=Subquery(in_game.values("sigma_after")[:1]))
        .order_by("play__played_on", "play__finished_position", "play_id", "position")
    )
    for seat in seats.iterator(chunk_size=CHUNK):
        outcome, position = seat.play.outcome, seat.position
        scores = outcome["scores"]
        rating = "" if seat.mu is None else round(conservative(seat.mu, seat.sigma), 6)
        yield line.of(
            [
                seat.play.played_on.isoformat(),
                game_name(seat.play),
                seat.player.display_name,
                seat.team,
                outcome["places"][position],
                "" if scores is None else scores[position],
                "true" if position in outcome["winners"] else "false",
                rating,
            ]
        )


class _Line:
    """csv's writer, writing one row into a string: rows leave as they are made."""

    def __init__(self):
        self._writer = csv.writer(self)

    def write(self, text: str) -> str:
        return text

    def of(self, row: list) -> str:
        return self._writer.writerow(row)


def bgstats(club: Club) -> Iterator[str]:
    """The BG Stats export as JSON text, in pieces: the games, players and locations (a first
    pass over the plays), then each play."""
    plays = _finished(club)
    games = _bgstats_games(plays)
    locations = {name: n for n, name in enumerate(sorted(set(plays.values_list("location", flat=True)) - {""}), 1)}
    players = [
        {"id": player.pk, "name": player.display_name, "bggUsername": getattr(player, "bgg_username", "") or ""}
        for player in Player.objects.filter(club=club).order_by("id")
    ]
    yield (
        json.dumps(
            {
                "games": list(games.values()),
                "players": players,
                "locations": [{"id": n, "name": name} for name, n in locations.items()],
            }
        )[:-1]
        + ', "plays": ['
    )
    seen: set[tuple[int, int]] = set()
    timed = plays.prefetch_related("seats").annotate(first=Min("events__occurred_at"), last=Max("events__occurred_at"))
    for n, play in enumerate(timed.iterator(chunk_size=CHUNK)):
        game = games[game_name(play)]["id"]
        scores, new = [], []
        for seat in play.seats.all():
            new.append((game, seat.player_id) not in seen)
            seen.add((game, seat.player_id))
            scores.append(_bgstats_seat(play, seat, new[-1]))
        minutes = 0 if play.first is None else int((play.last - play.first).total_seconds() // 60)
        entry = {
            "uuid": str(uuid.uuid5(PLAY_UUIDS, f"{club.slug}/{play.pk}")),
            "playDate": f"{play.played_on.isoformat()} 00:00:00",
            "gameRefId": game,
            "locationRefId": locations.get(play.location),
            "durationMin": minutes,
            "ignored": False,
            "usesTeams": any(seat.team for seat in play.seats.all()),
            "playerScores": scores,
        }
        yield ("" if n == 0 else ", ") + json.dumps(entry)
    yield "]}"


def _bgstats_games(plays: models.QuerySet[Play]) -> dict[str, dict]:
    """Each game of the plays, by name, numbered from 1 in the order they were first played."""
    games: dict[str, dict] = {}
    for game, options in plays.values_list("game", "options").iterator(chunk_size=CHUNK):
        scoring = options.get("scoring", "highest_wins") if game == "generic" else "highest_wins"
        name = options.get("title", game) if game == "generic" else game
        games.setdefault(
            name,
            {
                "id": len(games) + 1,
                "name": name,
                "bggId": options.get("bgg_id") or 0,
                "cooperative": scoring == "cooperative",
                "highestWins": scoring != "lowest_wins",
                "noPoints": scoring in ("places", "cooperative"),
            },
        )
    return games


def _bgstats_seat(play: Play, seat: PlaySeat, new: bool) -> dict:
    outcome, position = play.outcome, seat.position
    score = None if outcome["scores"] is None else outcome["scores"][position]
    return {
        "playerRefId": seat.player_id,
        "score": "" if score is None else str(score),
        "winner": position in outcome["winners"],
        "newPlayer": new,
        "startPlayer": position == 0,
        "rank": outcome["places"][position],
        "team": seat.team or None,
        "seatOrder": position,
    }


def archive(club: Club) -> Iterator[str]:
    """The club's archive, a line at a time (see the module's docstring). Events come in the
    order they were stored, so a restore that inserts them in that order keeps the order
    plays finished in, which ratings fold them by."""
    yield _line(
        {
            "kind": ARCHIVE_KIND,
            "version": ARCHIVE_VERSION,
            "club": club.slug,
            "exported_at": timezone.now(),
            "chain": "Each event's hash is HMAC-SHA256(CHAIN_KEY, prev_hash + the event's canonical JSON) "
            "(records/chain.py): it verifies only with the CHAIN_KEY of the service that wrote it.",
        }
    )
    yield _record("club", club)
    plays = Play.objects.filter(club=club)
    named = (
        Q(memberships__club=club)
        | Q(players__club=club)
        | Q(pk__in=plays.values("created_by"))
        | Q(pk__in=Event.objects.filter(play__in=plays).values("recorded_by"))
    )
    for user in User.objects.filter(named).distinct().order_by("id").iterator(chunk_size=CHUNK):
        yield _line({"kind": "user", "id": user.pk, "username": user.username})
    parts = [
        ("player", Player.objects.filter(club=club).order_by("id")),
        ("membership", Membership.objects.filter(club=club).order_by("id")),
        ("play", plays.order_by("id")),
        ("seat", PlaySeat.objects.filter(play__club=club).order_by("play_id", "position")),
        ("event", Event.objects.filter(play__club=club).order_by("position")),
    ]
    for kind, rows in parts:
        left_out = NOT_ARCHIVED.get(rows.model, set())
        for row in rows.defer(*left_out).iterator(chunk_size=CHUNK):
            yield _record(kind, row)


def fields_of(model: type[models.Model]) -> list[models.Field]:
    """The concrete fields an archive carries of ``model``."""
    left_out = NOT_ARCHIVED.get(model, set())
    return [field for field in model._meta.concrete_fields if field.name not in left_out]


def _record(kind: str, row: models.Model) -> str:
    return _line({"kind": kind, **{field.attname: getattr(row, field.attname) for field in fields_of(type(row))}})


def _line(record: dict) -> str:
    return json.dumps(record, default=_plain) + "\n"


def _plain(value):
    """Dates and times in full (Django's encoder cuts microseconds, which an event's hash
    covers); any other value as its text."""
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)


FORMATS = {
    "csv": Format(csv_rows, Role.MEMBER, "text/csv; charset=utf-8", "csv"),
    "bgstats": Format(bgstats, Role.MEMBER, "application/json", "bgstats.json"),
    "archive": Format(archive, Role.OWNER, "application/x-ndjson", "archive.ndjson"),
}
