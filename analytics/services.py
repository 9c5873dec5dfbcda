"""Writes: the projector, which turns the event table into results and ratings.

The event table is the outbox. The projector reads events past its checkpoint in
``(tx_id, position)`` order, and only those whose transaction is older than every
transaction still running (``tx_id < pg_snapshot_xmin(pg_current_snapshot())``): an event
whose transaction commits late, after events with higher positions, therefore still arrives
before the checkpoint passes it. Events only say which plays changed; the projector derives
everything from the play itself (its cached outcome and status, its seats), so running a
batch twice gives the same rows. Rows and checkpoint move in one transaction, under a
transaction-level advisory lock that makes it the projection's only active consumer.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice

from django.db import connection, transaction
from django.utils.text import slugify

from analytics import ratings, summaries
from analytics.models import (
    Checkpoint,
    GameTally,
    PlayerGameRecord,
    PlayerScore,
    PlayerStreak,
    PlayerTally,
    PlayResult,
    Rating,
    RatingChange,
    Rivalry,
    SeatResult,
)
from games.contract import Outcome
from records.bulk import copy_rows
from records.models import Play, Status

PROJECTION = "results_and_ratings"
BATCH_SIZE = 1000
#: Events past a checkpoint, with its (as_of, tx_id, position) as parameters. Every such event
#: lies above the watermark ``as_of``, which keeps the query on the primary key's index.
PAST_CHECKPOINT = "position > %s AND (tx_id, position) > (%s::text::xid8, %s)"

#: (played_on, finished_position): the order plays are folded in.
OrderKey = tuple[dt.date, int]
#: A club's rating scope: (club id, game key or "" for every game). A player's ratings across
#: clubs are their club's (players belong to one club), so no scope folds them again.
Scope = tuple[int, str]
#: Wraps what a rebuild iterates over, with a label (a progress bar, in the command).
Progress = Callable[[Sequence, str], Iterable]


def _no_progress(items: Sequence, label: str) -> Iterable:
    return items


@dataclass
class Derived:
    """What deriving results touched: where the projections that follow from results must be
    brought up to date."""

    #: Per rating scope, the earliest order key from which its ratings must be refolded.
    starts: dict[Scope, OrderKey] = field(default_factory=dict)
    #: The players whose first plays must be marked again.
    players: set[int] = field(default_factory=set)
    #: The (club, game) pairs whose tallies must be rewritten.
    games: set[tuple[int, str]] = field(default_factory=set)

    def start(self, scope: Scope, key: OrderKey) -> None:
        """Refold ``scope`` from ``key`` on, or from earlier if already due."""
        self.starts[scope] = min(self.starts.get(scope, key), key)

    def widen(self, club_id: int, game: str, key: OrderKey) -> None:
        for scope in _scopes(club_id, game):
            self.start(scope, key)

    def update(self, other: Derived) -> None:
        for scope, key in other.starts.items():
            self.start(scope, key)
        self.players |= other.players
        self.games |= other.games

    def follow(self, *, progress: Progress = _no_progress) -> None:
        """Bring first plays, game tallies and ratings up to date with the new results."""
        mark_first_plays(self.players)
        tally_games(self.games)
        refold(self.starts, progress=progress)


def game_key(game: str, title: str | None) -> str:
    """The engine's slug; for a generic play, ``generic:`` and its title, so titles never mix."""
    if game == "generic":
        return f"generic:{slugify(title or '') or 'untitled'}"
    return game


def project_pending(*, batch_size: int = BATCH_SIZE) -> int:
    """Project every committed event past the checkpoint, batch by batch; returns how many."""
    total = 0
    while True:
        done = project_batch(batch_size=batch_size)
        total += done
        if done < batch_size:
            return total


@transaction.atomic
def project_batch(*, batch_size: int = BATCH_SIZE) -> int:
    """Project up to ``batch_size`` events past the checkpoint and move it past them."""
    _lock(PROJECTION)
    checkpoint, _ = Checkpoint.objects.get_or_create(name=PROJECTION)
    # Read before the first write: until then this transaction has no id of its own, so
    # its snapshot's xmin is not held back by itself.
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT tx_id::text::bigint, position, play_id FROM records_event
            WHERE {PAST_CHECKPOINT} AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
            ORDER BY tx_id, position
            LIMIT %s
            """,
            [*checkpoint_params(checkpoint), batch_size],
        )
        rows = cursor.fetchall()
    if not rows:
        return 0
    project_plays(play_ids={play_id for _, _, play_id in rows})
    checkpoint.tx_id, checkpoint.position = rows[-1][0], rows[-1][1]
    checkpoint.as_of = _watermark(checkpoint)
    checkpoint.save()
    return len(rows)


def _lock(name: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"analytics:{name}"])


def checkpoint_params(checkpoint: Checkpoint) -> list[int]:
    return [checkpoint.as_of, checkpoint.tx_id, checkpoint.position]


def _watermark(checkpoint: Checkpoint) -> int:
    """The highest position at or below which every event is projected: just below the
    lowest position past the checkpoint, or the last position when none is."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(min(position) - 1, (SELECT max(position) FROM records_event), 0) "
            f"FROM records_event WHERE {PAST_CHECKPOINT}",
            checkpoint_params(checkpoint),
        )
        return cursor.fetchone()[0]


@transaction.atomic
def project_plays(*, play_ids: Iterable[int]) -> None:
    """Derive the results of these plays afresh (the player summaries following them), then
    refold the ratings they touch from the earliest point any of them held before or holds now.
    Under the projection's lock (which the batch calling it holds already: advisory locks nest
    within a session)."""
    _lock(PROJECTION)
    play_ids = sorted(set(play_ids))
    with summaries.replacing(play_ids):
        derived = derive_results(play_ids=play_ids)
    derived.follow()


@transaction.atomic
def derive_results(*, play_ids: Iterable[int]) -> Derived:
    """Replace the results of these plays (none for a play not finished), and say what the
    old and new results touch. Rows are read and written in bulk (COPY): a rebuild derives
    every play."""
    play_ids = sorted(set(play_ids))
    derived = Derived()
    with connection.cursor() as cursor, connection.wrap_database_errors:
        cursor.execute("DELETE FROM analytics_seatresult WHERE result_id = ANY(%s) RETURNING player_id", [play_ids])
        derived.players = {player for (player,) in cursor.fetchall()}
        cursor.execute(
            "DELETE FROM analytics_playresult WHERE play_id = ANY(%s) "
            "RETURNING club_id, game, played_on, finished_position, rated",
            [play_ids],
        )
        for club_id, game, played_on, position, rated in cursor.fetchall():
            derived.games.add((club_id, game))
            if rated:
                derived.widen(club_id, game, (played_on, position))
        cursor.execute(
            """
            SELECT p.id, p.status, p.club_id, p.game, p.options->>'title', p.played_on, p.finished_position,
                   p.outcome, seats.players, seats.teams, span.seconds, p.rated
            FROM records_play p
            CROSS JOIN LATERAL (
                SELECT array_agg(player_id ORDER BY position) AS players, array_agg(team ORDER BY position) AS teams
                FROM records_playseat WHERE play_id = p.id
            ) AS seats
            CROSS JOIN LATERAL (
                SELECT floor(extract(epoch FROM max(occurred_at) - min(occurred_at)))::int AS seconds
                FROM records_event WHERE play_id = p.id
            ) AS span
            WHERE p.id = ANY(%s)
            ORDER BY p.id
            """,
            [play_ids],
        )
        plays = cursor.fetchall()
        results, seats = [], []
        # The status is read, not filtered on: a filter tempted the planner onto the status
        # index, a pass over every finished play for each thousand derived.
        for (
            play_id,
            status,
            club_id,
            game,
            title,
            played_on,
            position,
            outcome,
            seat_players,
            teams,
            length,
            marked,
        ) in plays:
            if status != Status.FINISHED:
                continue
            outcome = Outcome.from_dict(json.loads(outcome))  # Django's connections leave jsonb as text
            game = game_key(game, title)
            # ``marked``: the play's own flag (False for a play imported as kept out of statistics).
            rated = (
                marked and not outcome.cooperative and len({team or f"seat:{n}" for n, team in enumerate(teams)}) >= 2
            )
            results.append(
                (play_id, club_id, game, played_on, position, len(teams), outcome.cooperative, bool(outcome.winners))
                + (outcome.reason[:200], length or None, _low_score_wins(outcome), rated)
            )
            seats += [(play_id, *seat) for seat in _seat_results(outcome, seat_players, teams)]
            derived.players.update(seat_players)
            derived.games.add((club_id, game))
            if rated:
                derived.widen(club_id, game, (played_on, position))
        with copy_rows(cursor, "analytics_playresult", _RESULT_COLUMNS) as write:
            for row in results:
                write(row)
        with copy_rows(cursor, "analytics_seatresult", _SEAT_COLUMNS) as write:
            for row in seats:
                write(row)
    return derived


#: Columns and their types, for the binary COPYs of :func:`records.bulk.copy_rows`.
_RESULT_COLUMNS = {
    "play_id": "int8",
    "club_id": "int8",
    "game": "text",
    "played_on": "date",
    "finished_position": "int8",
    "player_count": "int2",
    "cooperative": "bool",
    "won": "bool",
    "reason": "text",
    "length_seconds": "int4",
    "low_score_wins": "bool",
    "rated": "bool",
}
_SEAT_COLUMNS = {
    "result_id": "int8",
    "player_id": "int8",
    "seat": "int2",
    "team": "text",
    "place": "int2",
    "rank": "int2",
    "score": "float8",
    "winner": "bool",
    "blamed": "bool",
    "first_play": "bool",
}
_CHANGE_COLUMNS = {
    "club_id": "int8",
    "game": "text",
    "player_id": "int8",
    "play_id": "int8",
    "played_on": "date",
    "finished_position": "int8",
    "mu_before": "float8",
    "sigma_before": "float8",
    "mu_after": "float8",
    "sigma_after": "float8",
}
_RATING_COLUMNS = {
    "club_id": "int8",
    "game": "text",
    "player_id": "int8",
    "mu": "float8",
    "sigma": "float8",
    "conservative": "float8",
    "plays": "int4",
    "last_played_on": "date",
}


def _scopes(club_id: int, game: str) -> tuple[Scope, ...]:
    """The rating scopes a result of ``game`` (never "") in a club is folded in."""
    return ((club_id, game), (club_id, ""))


def _seat_results(outcome: Outcome, players: list[int], teams: list[str]) -> list[tuple]:
    """(player, seat, team, place, rank, score, winner, blamed, first_play) of each seat; ``rank``
    is the outcome's place, except that the seats it blames rank last. First plays are marked
    afterwards (:func:`mark_first_plays`)."""
    last = 1 + max((p for seat, p in enumerate(outcome.places) if seat not in outcome.blamed), default=0)
    return [
        (
            player,
            seat,
            team,
            outcome.places[seat],
            last if seat in outcome.blamed else outcome.places[seat],
            None if outcome.scores is None else outcome.scores[seat],
            seat in outcome.winners,
            seat in outcome.blamed,
            False,
        )
        for seat, (player, team) in enumerate(zip(players, teams))
    ]


def _low_score_wins(outcome: Outcome) -> bool:
    """Whether the best-placed seats hold the lowest scores while some seat placed worse."""
    if outcome.scores is None or len(set(outcome.places)) < 2:
        return False
    best = [s for s, p in zip(outcome.scores, outcome.places) if p == min(outcome.places)]
    return max(best) <= min(outcome.scores) < max(outcome.scores)


def mark_first_plays(player_ids: set[int]) -> None:
    """Flag each player's first play of each game; a play logged late can take the flag over."""
    if not player_ids:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE analytics_seatresult AS s SET first_play = (ordered.n = 1)
            FROM (
                SELECT seat.id, row_number() OVER (
                    PARTITION BY seat.player_id, result.game
                    ORDER BY result.played_on, result.finished_position
                ) AS n
                FROM analytics_seatresult seat
                JOIN analytics_playresult result ON result.play_id = seat.result_id
                WHERE seat.player_id = ANY(%s)
            ) AS ordered
            WHERE s.id = ordered.id AND s.first_play <> (ordered.n = 1)
            """,
            [sorted(player_ids)],
        )


def tally_games(games: set[tuple[int, str]]) -> None:
    """Rewrite the tallies of these (club, game) pairs from their results (:class:`GameTally`)."""
    if not games:
        return
    clubs, keys = zip(*sorted(games))
    pairs = "SELECT * FROM unnest(%s::bigint[], %s::text[]) AS pair (club_id, game)"
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM analytics_gametally t USING ({pairs}) AS pair WHERE (t.club_id, t.game) = (pair.club_id, pair.game)",
            [list(clubs), list(keys)],
        )
        cursor.execute(
            f"""
            WITH pair AS ({pairs}),
            r AS (SELECT r.* FROM analytics_playresult r JOIN pair USING (club_id, game)),
            s AS (SELECT s.*, r.club_id, r.game, r.cooperative FROM analytics_seatresult s JOIN r ON r.play_id = s.result_id)
            INSERT INTO analytics_gametally (club_id, game, kind, key, plays, wins, total)
            SELECT club_id, game, 'plays', '', count(*), 0, 0 FROM r GROUP BY 1, 2
            UNION ALL SELECT club_id, game, 'cooperative', '', count(*), count(*) FILTER (WHERE won), 0
                FROM r WHERE cooperative GROUP BY 1, 2
            UNION ALL SELECT club_id, game, 'length', '', count(*), 0, sum(length_seconds)
                FROM r WHERE length_seconds IS NOT NULL GROUP BY 1, 2
            UNION ALL SELECT club_id, game, 'player_count', player_count::text, count(*), 0, 0 FROM r GROUP BY 1, 2, 4
            UNION ALL SELECT club_id, game, 'reason', reason, count(*), 0, 0 FROM r GROUP BY 1, 2, 4
            UNION ALL SELECT club_id, game, 'seat', seat::text, count(*), count(*) FILTER (WHERE winner), 0
                FROM s WHERE NOT cooperative GROUP BY 1, 2, 4
            UNION ALL SELECT club_id, game, 'player', player_id::text, count(*), count(*) FILTER (WHERE winner), 0
                FROM s WHERE NOT cooperative GROUP BY 1, 2, 4
            UNION ALL SELECT club_id, game, 'score', score::text, count(*), 0, 0
                FROM s WHERE score IS NOT NULL GROUP BY 1, 2, 4
            """,
            [list(clubs), list(keys)],
        )


@transaction.atomic
def refold(starts: dict[Scope, OrderKey], *, progress: Progress = _no_progress) -> None:
    """Recompute the ratings of these scopes, each from its start on, in one pass over the
    rated results: drop each scope's changes at or after its start, take each player's last
    rating before it, then fold the results from the earliest start, each into those of its
    scopes that start at or before it. The new changes stream to the database (COPY) while
    the fold goes on, so the server writes them on another core."""
    if not starts:
        return
    touched = _drop_changes(starts)
    results = _rated_results(min(starts.values()))
    players = {player for result in results for player in result[5]} | {p for ps in touched.values() for p in ps}
    current, plays, last_played = _last_ratings(starts, players)
    with connection.cursor() as cursor:
        with copy_rows(cursor, "analytics_ratingchange", _CHANGE_COLUMNS) as write:
            for play_id, club_id, game, played_on, position, player_ids, teams, ranks in progress(results, "ratings"):
                seats = [ratings.RatedSeat(*seat) for seat in zip(player_ids, teams, ranks)]
                for scope in _scopes(club_id, game):
                    start = starts.get(scope)
                    if start is None or (played_on, position) < start:
                        continue
                    prior = current.setdefault(scope, {})
                    for player_id, after in ratings.rate(prior, seats).items():
                        before = prior.get(player_id, ratings.DEFAULT)
                        write((*scope, player_id, play_id, played_on, position, *before, *after))
                        prior[player_id] = after
                        plays[scope, player_id] = plays.get((scope, player_id), 0) + 1
                        last_played[scope, player_id] = played_on
                        touched.setdefault(scope, set()).add(player_id)
    _write_current(touched, current, plays, last_played)


def _drop_changes(starts: dict[Scope, OrderKey]) -> dict[Scope, set[int]]:
    """Delete each scope's changes at or after its start; returns the players they were of."""
    touched = {}
    with connection.cursor() as cursor:
        for scope, start in sorted(starts.items()):
            cursor.execute(
                "DELETE FROM analytics_ratingchange WHERE club_id = %s AND game = %s "
                "AND (played_on, finished_position) >= (%s, %s) RETURNING player_id",
                [*scope, *start],
            )
            touched[scope] = {player for (player,) in cursor.fetchall()}
    return touched


def _rated_results(start: OrderKey) -> list[tuple]:
    """The rated results from ``start`` on, in folding order: (play, club, game, played_on,
    finished_position, and the seats' players, teams and ranks)."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT r.play_id, r.club_id, r.game, r.played_on, r.finished_position,
                   array_agg(s.player_id ORDER BY s.seat), array_agg(s.team ORDER BY s.seat),
                   array_agg(s.rank ORDER BY s.seat)
            FROM analytics_playresult r JOIN analytics_seatresult s ON s.result_id = r.play_id
            WHERE r.rated AND (r.played_on, r.finished_position) >= (%s, %s)
            GROUP BY r.play_id ORDER BY r.played_on, r.finished_position
            """,
            list(start),
        )
        return cursor.fetchall()


def _last_ratings(starts: dict[Scope, OrderKey], players: set[int]) -> tuple[dict, dict, dict]:
    """Per scope and player, the rating their remaining (earlier) changes leave, how many
    there are, and the date of the last: what the fold starts from."""
    current: dict[Scope, dict[int, tuple[float, float]]] = {}
    plays: dict[tuple[Scope, int], int] = {}
    last_played: dict[tuple[Scope, int], dt.date] = {}
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT DISTINCT ON (club_id, game, player_id) club_id, game, player_id, mu_after, sigma_after,
                   count(*) OVER (PARTITION BY club_id, game, player_id), played_on
            FROM analytics_ratingchange WHERE player_id = ANY(%s)
            ORDER BY club_id, game, player_id, played_on DESC, finished_position DESC
            """,
            [sorted(players)],
        )
        for club_id, game, player_id, mu, sigma, count, played_on in cursor.fetchall():
            scope = (club_id, game)
            if scope in starts:
                current.setdefault(scope, {})[player_id] = (mu, sigma)
                plays[scope, player_id] = count
                last_played[scope, player_id] = played_on
    return current, plays, last_played


def _write_current(touched: dict[Scope, set[int]], current: dict, plays: dict, last_played: dict) -> None:
    """Replace the current ratings of the touched players, in their club's scope and across
    clubs (``club`` null), which holds the same numbers: what the fold left them, or none."""
    with connection.cursor() as cursor:
        for (club_id, game), players in touched.items():
            cursor.execute(
                "DELETE FROM analytics_rating WHERE game = %s AND player_id = ANY(%s) "
                "AND (club_id = %s OR club_id IS NULL)",
                [game, list(players), club_id],
            )
        with copy_rows(cursor, "analytics_rating", _RATING_COLUMNS) as write:
            for scope, players in touched.items():
                for player_id in sorted(players & current.get(scope, {}).keys()):
                    mu, sigma = current[scope][player_id]
                    numbers = (player_id, mu, sigma, ratings.conservative(mu, sigma))
                    numbers += (plays[scope, player_id], last_played[scope, player_id])
                    for club_id in (scope[0], None):
                        write((club_id, scope[1], *numbers))


#: The tables a rebuild rewrites.
REBUILT = (
    PlayResult,
    SeatResult,
    GameTally,
    RatingChange,
    Rating,
    PlayerGameRecord,
    PlayerScore,
    PlayerTally,
    PlayerStreak,
    Rivalry,
)


@transaction.atomic
def rebuild(*, since: dt.date | None = None, progress: Progress = _no_progress) -> None:
    """Derive the projections again from the records: every play, or those played on ``since``
    or later (and every rating from that date on); the player summaries are written afresh
    from every result either way, whatever state they were in. The result equals what the
    projector reached incrementally. The checkpoint moves to the last event committed below every
    running transaction after a full rebuild (which derived every play); after a partial one it
    stays, since events of older plays past it may still wait. Later events are projected as usual.
    """
    _lock(PROJECTION)
    checkpoint, _ = Checkpoint.objects.get_or_create(name=PROJECTION)
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT tx_id::text::bigint, position FROM records_event
            WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot())
            ORDER BY tx_id DESC, position DESC LIMIT 1
            """
        )
        last = cursor.fetchone()
    point = (since or dt.date.min, 0)
    plays = Play.objects.filter(played_on__gte=point[0]).values_list("pk", flat=True)
    stale = PlayResult.objects.filter(played_on__gte=point[0]).values_list("play_id", flat=True)
    play_ids = iter(progress(sorted(set(plays) | set(stale)), "results"))
    derived = Derived()
    while chunk := list(islice(play_ids, BATCH_SIZE)):
        derived.update(derive_results(play_ids=chunk))
    for club_id, game in PlayResult.objects.values_list("club_id", "game").distinct():
        derived.widen(club_id, game, point)
    for scope in RatingChange.objects.values_list("club_id", "game").distinct():
        derived.start(scope, point)
    derived.follow(progress=progress)
    summaries.rebuild()
    with connection.cursor() as cursor:
        # As after any bulk load: until the planner learns the new sizes, it may scan whole
        # tables where an index would do (player statistics took 5x longer at 100,000 plays).
        cursor.execute(f"ANALYZE {', '.join(model._meta.db_table for model in REBUILT)}")
    if since is None and last is not None and tuple(last) > (checkpoint.tx_id, checkpoint.position):
        checkpoint.tx_id, checkpoint.position = last
    checkpoint.as_of = _watermark(checkpoint)
    checkpoint.save()
