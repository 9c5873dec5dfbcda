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
from collections.abc import Callable, Iterable, Sequence
from itertools import islice

from django.db import connection, transaction
from django.db.models import Count, Max, Min, Q
from django.utils.text import slugify

from analytics import ratings
from analytics.models import Checkpoint, PlayResult, Rating, RatingChange, SeatResult
from games.contract import Outcome
from records.models import Event, Play, Status

PROJECTION = "results_and_ratings"
BATCH_SIZE = 1000
#: Events past a checkpoint, with its (as_of, tx_id, position) as parameters. Every such event
#: lies above the watermark ``as_of``, which keeps the query on the primary key's index.
PAST_CHECKPOINT = "position > %s AND (tx_id, position) > (%s::text::xid8, %s)"

#: (played_on, finished_position): the order plays are folded in.
OrderKey = tuple[dt.date, int]
#: (club id or None for every club, game key or "" for every game).
Scope = tuple[int | None, str]
#: Wraps what a rebuild iterates over, with a label (a progress bar, in the command).
Progress = Callable[[Sequence, str], Iterable]


def _no_progress(items: Sequence, label: str) -> Iterable:
    return items


def game_key(play: Play) -> str:
    """The engine's slug; for a generic play, ``generic:`` and its title, so titles never mix."""
    if play.game == "generic":
        return f"generic:{slugify(play.options.get('title', '')) or 'untitled'}"
    return play.game


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
    """Derive the results of these plays afresh, then refold the ratings they touch from the
    earliest point any of them held before or holds now. Under the projection's lock (which
    the batch calling it holds already: advisory locks nest within a session)."""
    _lock(PROJECTION)
    starts, players = derive_results(play_ids=play_ids)
    mark_first_plays(players)
    for scope, start in starts.items():
        refold(scope=scope, start=start)


@transaction.atomic
def derive_results(*, play_ids: Iterable[int]) -> tuple[dict[Scope, OrderKey], set[int]]:
    """Replace the results of these plays (none for a play not finished). Returns, per rating
    scope they touch, the earliest order key from which its ratings must be refolded, and the
    players whose first plays must be marked again (:func:`mark_first_plays`)."""
    play_ids = sorted(set(play_ids))
    old = PlayResult.objects.filter(play_id__in=play_ids)
    starts: dict[Scope, OrderKey] = {}
    for result in old.filter(rated=True):
        _widen(starts, result)
    players = set(SeatResult.objects.filter(result__in=old).values_list("player_id", flat=True))
    old.delete()
    finished = list(Play.objects.filter(pk__in=play_ids, status=Status.FINISHED).prefetch_related("seats"))
    lengths = _lengths([play.pk for play in finished])
    results = PlayResult.objects.bulk_create([_result_of(play, lengths.get(play.pk)) for play in finished])
    SeatResult.objects.bulk_create(
        [seat for play, result in zip(finished, results) for seat in _seat_results(play, result)], batch_size=2000
    )
    for play, result in zip(finished, results):
        players |= {seat.player_id for seat in play.seats.all()}
        if result.rated:
            _widen(starts, result)
    return dict(sorted(starts.items(), key=lambda item: _scope_order(item[0]))), players


def _widen(starts: dict[Scope, OrderKey], result: PlayResult) -> None:
    key = (result.played_on, result.finished_position)
    for scope in _scopes(result.club_id, result.game):
        starts[scope] = min(starts.get(scope, key), key)


def _scopes(club_id: int, game: str) -> set[Scope]:
    return {(club_id, game), (club_id, ""), (None, game), (None, "")}


def _scope_order(scope: Scope) -> tuple[int, str]:
    return (scope[0] or 0, scope[1])


def _lengths(play_ids: list[int]) -> dict[int, int]:
    """Seconds from the first to the last ``occurred_at`` of each play that gives table time."""
    spans = (
        Event.objects.filter(play_id__in=play_ids, occurred_at__isnull=False)
        .values("play_id")
        .annotate(first=Min("occurred_at"), last=Max("occurred_at"))
    )
    return {row["play_id"]: int((row["last"] - row["first"]).total_seconds()) for row in spans}


def _result_of(play: Play, length: int | None) -> PlayResult:
    outcome = Outcome.from_dict(play.outcome)
    seats = list(play.seats.all())
    sides = {seat.team or f"seat:{seat.position}" for seat in seats}
    return PlayResult(
        play=play,
        club_id=play.club_id,
        game=game_key(play),
        played_on=play.played_on,
        finished_position=play.finished_position,
        player_count=len(seats),
        cooperative=outcome.cooperative,
        won=bool(outcome.winners),
        reason=outcome.reason[:200],
        length_seconds=length or None,
        low_score_wins=_low_score_wins(outcome),
        rated=not outcome.cooperative and len(sides) >= 2,
    )


def _seat_results(play: Play, result: PlayResult) -> list[SeatResult]:
    outcome = Outcome.from_dict(play.outcome)
    last = 1 + max((p for seat, p in enumerate(outcome.places) if seat not in outcome.blamed), default=0)
    return [
        SeatResult(
            result=result,
            player_id=seat.player_id,
            seat=seat.position,
            team=seat.team,
            place=outcome.places[seat.position],
            rank=last if seat.position in outcome.blamed else outcome.places[seat.position],
            score=None if outcome.scores is None else outcome.scores[seat.position],
            winner=seat.position in outcome.winners,
            blamed=seat.position in outcome.blamed,
        )
        for seat in play.seats.all()
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
            WHERE s.id = ordered.id
            """,
            [sorted(player_ids)],
        )


def _from(start: OrderKey) -> Q:
    day, position = start
    return Q(played_on__gt=day) | Q(played_on=day, finished_position__gte=position)


def _ratings_of(scope: Scope) -> Q:
    """Rating rows (changes or current) of a scope: null club is every club, "" every game."""
    club_id, game = scope
    return (Q(club__isnull=True) if club_id is None else Q(club_id=club_id)) & Q(game=game)


def _results_of(scope: Scope) -> Q:
    club_id, game = scope
    return (Q() if club_id is None else Q(club_id=club_id)) & (Q(game=game) if game else Q())


@transaction.atomic
def refold(*, scope: Scope, start: OrderKey) -> None:
    """Recompute a scope's ratings from ``start`` on: drop its changes at or after it, then
    fold the rated plays from there, each player starting from their last rating before it."""
    club_id, game = scope
    changes = RatingChange.objects.filter(_ratings_of(scope))
    touched = set(changes.filter(_from(start)).values_list("player_id", flat=True))
    changes.filter(_from(start)).delete()
    current = {
        c.player_id: (c.mu_after, c.sigma_after)
        for c in changes.order_by("player_id", "-played_on", "-finished_position").distinct("player_id")
    }
    results = (
        PlayResult.objects.filter(_results_of(scope), _from(start), rated=True)
        .order_by("played_on", "finished_position")
        .prefetch_related("seats")
    )
    new_rows = []
    for result in results:
        seats = [ratings.RatedSeat(s.player_id, s.team, s.rank) for s in result.seats.all()]
        for player_id, (mu, sigma) in ratings.rate(current, seats).items():
            mu_before, sigma_before = current.get(player_id, ratings.DEFAULT)
            new_rows.append(
                RatingChange(
                    club_id=club_id,
                    game=game,
                    player_id=player_id,
                    play_id=result.play_id,
                    played_on=result.played_on,
                    finished_position=result.finished_position,
                    mu_before=mu_before,
                    sigma_before=sigma_before,
                    mu_after=mu,
                    sigma_after=sigma,
                )
            )
            current[player_id] = (mu, sigma)
            touched.add(player_id)
    RatingChange.objects.bulk_create(new_rows, batch_size=2000)
    _refresh_current(scope, touched)


def _refresh_current(scope: Scope, player_ids: set[int]) -> None:
    club_id, game = scope
    Rating.objects.filter(_ratings_of(scope), player_id__in=player_ids).delete()
    changes = RatingChange.objects.filter(_ratings_of(scope), player_id__in=player_ids)
    counts = dict(changes.values("player_id").annotate(n=Count("id")).values_list("player_id", "n"))
    latest = changes.order_by("player_id", "-played_on", "-finished_position").distinct("player_id")
    Rating.objects.bulk_create(
        (
            Rating(
                club_id=club_id,
                game=game,
                player_id=c.player_id,
                mu=c.mu_after,
                sigma=c.sigma_after,
                conservative=ratings.conservative(c.mu_after, c.sigma_after),
                plays=counts[c.player_id],
                last_played_on=c.played_on,
            )
            for c in latest
        ),
        batch_size=2000,
    )


@transaction.atomic
def rebuild(*, since: dt.date | None = None, progress: Progress = _no_progress) -> None:
    """Derive the projections again from the records: every play, or those played on ``since``
    or later (and every rating from that date on). The result equals what the projector
    reached incrementally. The checkpoint moves to the last event committed below every
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
    starts: dict[Scope, OrderKey] = {}
    players: set[int] = set()
    while chunk := list(islice(play_ids, BATCH_SIZE)):
        chunk_starts, chunk_players = derive_results(play_ids=chunk)
        players |= chunk_players
        for scope, start in chunk_starts.items():
            starts[scope] = min(starts.get(scope, start), start)
    mark_first_plays(players)
    for club_id, game in PlayResult.objects.values_list("club_id", "game").distinct():
        for scope in _scopes(club_id, game):
            starts[scope] = min(starts.get(scope, point), point)
    for scope in RatingChange.objects.values_list("club_id", "game").distinct():
        starts[scope] = min(starts.get(scope, point), point)
    for scope in progress(sorted(starts, key=_scope_order), "ratings"):
        refold(scope=scope, start=starts[scope])
    if since is None and last is not None and tuple(last) > (checkpoint.tx_id, checkpoint.position):
        checkpoint.tx_id, checkpoint.position = last
    checkpoint.as_of = _watermark(checkpoint)
    checkpoint.save()
