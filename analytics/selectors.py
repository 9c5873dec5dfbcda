"""Reads: how far the projections are, and the statistics computed from the projected rows.

Statistics are computed on read from results (small per player or game); they are as fresh
as the results, which the ``as_of`` watermark describes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from statistics import mean

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Aggregate, Avg, Count, F, FloatField, Max, Min, Q, QuerySet
from django.db.models.functions import Floor
from django.shortcuts import get_object_or_404

from analytics.models import Checkpoint, PlayResult, Rating, RatingChange, SeatResult
from analytics.services import PAST_CHECKPOINT, PROJECTION, checkpoint_params
from records.models import Club, Player
from records.selectors import visible_clubs

PLAY_ORDER = ("result__played_on", "result__finished_position")
#: A nemesis or minion must have beaten (or lost to) the player at least this often.
RIVAL_MIN = 3
#: A champion of a game in a club has played it there at least this often.
CHAMPION_MIN_PLAYS = 3
SCORE_BIN = 10


def checkpoint() -> Checkpoint:
    return Checkpoint.objects.filter(name=PROJECTION).first() or Checkpoint(name=PROJECTION)


def as_of() -> int:
    """The position at or below which every event is projected (``as_of`` in every response)."""
    return checkpoint().as_of


def held_back() -> bool:
    """Whether committed events wait past the checkpoint: a transaction that began before
    them is still running, so the projector may not pass them yet."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM records_event WHERE {PAST_CHECKPOINT})", checkpoint_params(checkpoint())
        )
        return cursor.fetchone()[0]


def visible_player(user: User | AnonymousUser, player_id: int) -> Player:
    """The player, if their club is visible to ``user``; else 404, as if there were none."""
    return get_object_or_404(Player.objects.select_related("club"), pk=player_id, club__in=visible_clubs(user))


def player_ref(player: Player) -> dict:
    return {"id": player.pk, "name": player.display_name, "club": player.club.slug}


def tally(plays: int, wins: int) -> dict:
    """Plays, wins and the win rate (None without plays)."""
    return {"plays": plays, "wins": wins, "win_rate": round(wins / plays, 4) if plays else None}


def record_of(seats: list[SeatResult]) -> dict:
    return tally(len(seats), sum(seat.winner for seat in seats))


def _grouped(seats: list[SeatResult], key: Callable[[SeatResult], object], name: str) -> list[dict]:
    groups: dict[object, list[SeatResult]] = defaultdict(list)
    for seat in seats:
        groups[key(seat)].append(seat)
    return [{name: value, **record_of(groups[value])} for value in sorted(groups)]


def _scores_by_game(seats: list[SeatResult]) -> list[dict]:
    """Average and best score per game; "best" is the lowest where lower scores placed better."""
    games: dict[str, list[SeatResult]] = defaultdict(list)
    for seat in seats:
        games[seat.result.game].append(seat)
    rows = []
    for game in sorted(games):
        scored = [s for s in games[game] if s.score is not None]
        scores = [s.score for s in scored]
        low = any(s.result.low_score_wins for s in scored)
        rows.append(
            {
                "game": game,
                **record_of(games[game]),
                "average_score": round(mean(scores), 4) if scores else None,
                "best_score": (min(scores) if low else max(scores)) if scores else None,
            }
        )
    return rows


def streaks(seats: list[SeatResult]) -> dict:
    """Current and longest run of wins, over seats in play order."""
    current = longest = 0
    for seat in seats:
        current = current + 1 if seat.winner else 0
        longest = max(longest, current)
    return {"current": current, "longest": longest}


def h_index(plays_per_game: Counter) -> int:
    """The largest h such that h games were each played at least h times."""
    counts = sorted(plays_per_game.values(), reverse=True)
    return sum(1 for n, count in enumerate(counts, start=1) if count >= n)


def _rivals(player: Player, competitive: list[SeatResult]) -> dict:
    """Nemesis: the opponent who beat the player most often (at least 3 times, and more often
    than the player beat them); minion: the reverse. Ties go to the wider margin, then the
    lower player id."""
    my_rank = {seat.result_id: seat.rank for seat in competitive}
    beat_me, i_beat, people = Counter(), Counter(), {}
    others = SeatResult.objects.filter(result_id__in=my_rank).exclude(player=player).select_related("player__club")
    for other in others:
        people[other.player_id] = other.player
        if other.rank < my_rank[other.result_id]:
            beat_me[other.player_id] += 1
        elif other.rank > my_rank[other.result_id]:
            i_beat[other.player_id] += 1

    def pick(wins: Counter, losses: Counter) -> dict | None:
        candidates = [p for p in wins if wins[p] >= RIVAL_MIN and wins[p] > losses[p]]
        if not candidates:
            return None
        chosen = min(candidates, key=lambda p: (-wins[p], losses[p] - wins[p], p))
        return {**player_ref(people[chosen]), "beat_you": beat_me[chosen], "you_beat": i_beat[chosen]}

    return {"nemesis": pick(beat_me, i_beat), "minion": pick(i_beat, beat_me)}


def _seats_in_order(**filters) -> list[SeatResult]:
    return list(SeatResult.objects.filter(**filters).select_related("result").order_by(*PLAY_ORDER))


def player_stats(player: Player) -> dict:
    """Competitive statistics (cooperative plays count apart) of one player."""
    mine = _seats_in_order(player=player)
    competitive = [s for s in mine if not s.result.cooperative]
    return {
        "player": player_ref(player),
        **record_of(competitive),
        "by_game": _scores_by_game(competitive),
        "by_player_count": _grouped(competitive, lambda s: s.result.player_count, "player_count"),
        "by_seat": _grouped(competitive, lambda s: s.seat, "seat"),
        "streaks": streaks(competitive),
        "h_index": h_index(Counter(s.result.game for s in mine)),
        **_rivals(player, competitive),
        "cooperative": record_of([s for s in mine if s.result.cooperative]),
    }


def head_to_head(player: Player, other: Player) -> dict:
    """How two players fared in the plays they shared: who placed ahead, per game and in all."""
    theirs = {s.result_id: s for s in SeatResult.objects.filter(player=other)}
    shared = [s for s in _seats_in_order(player=player) if s.result_id in theirs]
    games: dict[str, Counter] = defaultdict(Counter)
    for seat in shared:
        tally = games[seat.result.game]
        if seat.result.cooperative:
            tally["cooperative_plays"] += 1
            tally["cooperative_wins"] += seat.winner
            continue
        rival = theirs[seat.result_id]
        tally["plays"] += 1
        tally["player_ahead" if seat.rank < rival.rank else "other_ahead" if seat.rank > rival.rank else "tied"] += 1
    keys = ("plays", "player_ahead", "other_ahead", "tied", "cooperative_plays", "cooperative_wins")
    total = sum(games.values(), Counter())
    return {
        "player": player_ref(player),
        "other": player_ref(other),
        **{k: total[k] for k in keys},
        "by_game": [{"game": game, **{k: games[game][k] for k in keys}} for game in sorted(games)],
    }


class Median(Aggregate):
    function = "percentile_cont"
    template = "%(function)s(0.5) WITHIN GROUP (ORDER BY %(expressions)s)"
    output_field = FloatField()


def game_stats(game: str, clubs: QuerySet[Club], club: Club | None) -> dict:
    """Statistics of one game over ``clubs``; with ``club``, also its champions there. Every
    figure is an aggregate in the database, so the cost does not grow with rows fetched."""
    results = PlayResult.objects.filter(game=game, club__in=clubs)
    seats = SeatResult.objects.filter(result__in=results)
    competitive = seats.filter(result__cooperative=False)
    totals = results.aggregate(
        plays=Count("pk"),
        cooperative_plays=Count("pk", filter=Q(cooperative=True)),
        cooperative_won=Count("pk", filter=Q(cooperative=True, won=True)),
        average_length=Avg("length_seconds"),
    )
    wins = Count("pk", filter=Q(winner=True))
    return {
        "game": game,
        "club": None if club is None else club.slug,
        "plays": totals["plays"],
        "cooperative": tally(totals["cooperative_plays"], totals["cooperative_won"]),
        "player_counts": list(results.values("player_count").annotate(plays=Count("pk")).order_by("player_count")),
        "seat_advantage": [
            {"seat": row["seat"], **tally(row["plays"], row["wins"])}
            for row in competitive.values("seat").annotate(plays=Count("pk"), wins=wins).order_by("seat")
        ],
        "scores": score_distribution(seats.exclude(score=None)),
        "average_length_seconds": None if totals["average_length"] is None else round(totals["average_length"], 1),
        "end_reasons": list(results.values("reason").annotate(plays=Count("pk")).order_by("-plays", "reason")),
        "champions": None if club is None else champions(competitive),
    }


def score_distribution(seats: QuerySet[SeatResult]) -> dict:
    """Count, range, mean, median and a histogram in bins of ``SCORE_BIN`` points."""
    summary = seats.aggregate(
        count=Count("pk"), min=Min("score"), max=Max("score"), mean=Avg("score"), median=Median("score")
    )
    if not summary["count"]:
        return {"count": 0, "min": None, "max": None, "mean": None, "median": None, "histogram": []}
    bins = seats.annotate(low=Floor(F("score") / SCORE_BIN) * SCORE_BIN).values("low").annotate(count=Count("pk"))
    return {
        **summary,
        "mean": round(summary["mean"], 4),
        "histogram": [
            {"from": int(row["low"]), "to": int(row["low"]) + SCORE_BIN, "count": row["count"]}
            for row in bins.order_by("low")
        ],
    }


def champions(seats: QuerySet[SeatResult]) -> list[dict]:
    """The players with the most wins (at least one) among those with at least
    ``CHAMPION_MIN_PLAYS`` plays; players tied on wins share the title."""
    eligible = list(
        seats.values("player")
        .annotate(plays=Count("pk"), wins=Count("pk", filter=Q(winner=True)))
        .filter(plays__gte=CHAMPION_MIN_PLAYS)
    )
    most = max((row["wins"] for row in eligible), default=0)
    best = sorted(row["player"] for row in eligible if most and row["wins"] == most)
    people = Player.objects.select_related("club").in_bulk(best)
    by_player = {row["player"]: row for row in eligible}
    return [{**player_ref(people[p]), **tally(by_player[p]["plays"], by_player[p]["wins"])} for p in best]


def leaderboard(club: Club | None, game: str, clubs: QuerySet[Club]) -> QuerySet[Rating]:
    """Current ratings of a scope, best conservative rating (mu - 3 sigma) first."""
    scope = Q(club=club) if club is not None else Q(club__isnull=True, player__club__in=clubs)
    return Rating.objects.filter(scope, game=game).select_related("player__club").order_by("-conservative", "player_id")


def current_ratings(player: Player, game: str) -> dict:
    rows = {
        r.club_id: r for r in Rating.objects.filter(player=player, game=game).filter(Q(club=player.club) | Q(club=None))
    }
    return {"club": rows.get(player.club_id), "global": rows.get(None)}


def rating_history(player: Player, game: str) -> QuerySet[RatingChange]:
    """The player's rating before and after each rated play, in the club's scope, in play order."""
    return RatingChange.objects.filter(player=player, club=player.club, game=game).order_by(
        "played_on", "finished_position"
    )
