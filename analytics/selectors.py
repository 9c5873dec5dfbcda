"""Reads: how far the projections are, and the statistics computed from the projected rows.

Statistics are read from summaries the projector keeps beside the results (player summaries,
game tallies): a few rows per player or game, however many plays there are. They are as
fresh as the results, which the ``as_of`` watermark describes.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Q, QuerySet, Sum
from django.shortcuts import get_object_or_404

from analytics.models import (
    Checkpoint,
    GameTally,
    PlayerGameRecord,
    PlayerScore,
    PlayerStreak,
    PlayerTally,
    Rating,
    RatingChange,
    Rivalry,
)
from analytics.services import PAST_CHECKPOINT, PROJECTION, checkpoint_params
from games import registry
from records.models import Club, Player
from records.selectors import visible_clubs

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


def _by_game(records: list[PlayerGameRecord], scores: dict[str, list[tuple[float, int]]]) -> list[dict]:
    """Plays, wins, average and best score per game played competitively; "best" is the lowest
    where lower scores placed better."""
    rows = []
    for record in records:
        if not record.plays:
            continue
        counted = scores.get(record.game)
        best = min if record.low_scored else max
        rows.append(
            {
                "game": record.game,
                **tally(record.plays, record.wins),
                "average_score": round(mean_of(counted), 4) if counted else None,
                "best_score": best(score for score, _ in counted) if counted else None,
            }
        )
    return rows


def mean_of(counted: list[tuple[float, int]]) -> float:
    """The mean of scores given as (score, how many), exactly as ``statistics.mean`` computes
    it: the exact sum (a float is a whole number over a power of two, so all are brought over
    the largest denominator) over the count, rounded once. A tenth of the cost of ``Fraction``."""
    ratios = [(score.as_integer_ratio(), n) for score, n in counted]
    scale = max(denominator for (_, denominator), _ in ratios)
    total = sum(numerator * (scale // denominator) * n for (numerator, denominator), n in ratios)
    return total / (scale * sum(n for _, n in counted))


def h_index(plays_per_game: Counter) -> int:
    """The largest h such that h games were each played at least h times."""
    counts = sorted(plays_per_game.values(), reverse=True)
    return sum(1 for n, count in enumerate(counts, start=1) if count >= n)


def _rivals(player: Player) -> dict:
    """Nemesis: the opponent who beat the player most often in competitive plays (at least 3
    times, and more often than the player beat them); minion: the reverse. Ties go to the
    wider margin, then the lower player id. Picked in the database from the player's rivalries
    summed per opponent: two rows come back, however many opponents there are."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            WITH rival AS (
                SELECT other_id, sum(other_ahead)::int AS beat_you, sum(player_ahead)::int AS you_beat
                FROM analytics_rivalry WHERE player_id = %(player)s GROUP BY other_id
            )
            (SELECT 'nemesis', other_id, beat_you, you_beat FROM rival WHERE beat_you >= %(least)s AND beat_you > you_beat
             ORDER BY beat_you DESC, you_beat - beat_you, other_id LIMIT 1)
            UNION ALL
            (SELECT 'minion', other_id, beat_you, you_beat FROM rival WHERE you_beat >= %(least)s AND you_beat > beat_you
             ORDER BY you_beat DESC, beat_you - you_beat, other_id LIMIT 1)
            """,
            {"player": player.pk, "least": RIVAL_MIN},
        )
        chosen = {role: (other, beat_you, you_beat) for role, other, beat_you, you_beat in cursor.fetchall()}
    people = Player.objects.select_related("club").in_bulk([other for other, _, _ in chosen.values()])
    return {
        role: {**player_ref(people[chosen[role][0]]), "beat_you": chosen[role][1], "you_beat": chosen[role][2]}
        if role in chosen
        else None
        for role in ("nemesis", "minion")
    }


def player_stats(player: Player) -> dict:
    """Competitive statistics (cooperative plays count apart) of one player, read from their
    summaries (:mod:`analytics.summaries`): a few rows each, however many plays they have."""
    records = list(PlayerGameRecord.objects.filter(player=player).order_by("game"))
    scores: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for game, score, seats in PlayerScore.objects.filter(player=player).values_list("game", "score", "seats"):
        scores[game].append((score, seats))
    tallies: dict[str, list[dict]] = defaultdict(list)
    for kind, key, plays, wins in (
        PlayerTally.objects.filter(player=player).order_by("kind", "key").values_list("kind", "key", "plays", "wins")
    ):
        tallies[kind].append({kind: key, **tally(plays, wins)})
    streak = PlayerStreak.objects.filter(player=player).first()
    return {
        "player": player_ref(player),
        **tally(sum(r.plays for r in records), sum(r.wins for r in records)),
        "by_game": _by_game(records, scores),
        "by_player_count": tallies["player_count"],
        "by_seat": tallies["seat"],
        "streaks": {"current": streak.current, "longest": streak.longest} if streak else {"current": 0, "longest": 0},
        "h_index": h_index(Counter({r.game: r.plays + r.cooperative_plays for r in records})),
        **_rivals(player),
        "cooperative": tally(sum(r.cooperative_plays for r in records), sum(r.cooperative_wins for r in records)),
    }


#: The counts of a head-to-head, in all and per game.
HEAD_TO_HEAD = ("plays", "player_ahead", "other_ahead", "tied", "cooperative_plays", "cooperative_wins")


def head_to_head(player: Player, other: Player) -> dict:
    """How two players fared in the plays they shared: who placed ahead, per game and in all.
    Read from their rivalries, one row per game."""
    games = list(Rivalry.objects.filter(player=player, other=other).order_by("game").values("game", *HEAD_TO_HEAD))
    return {
        "player": player_ref(player),
        "other": player_ref(other),
        **{k: sum(row[k] for row in games) for k in HEAD_TO_HEAD},
        "by_game": games,
    }


def game_stats(game: str, clubs: QuerySet[Club], club: Club | None) -> dict:
    """Statistics of one game over ``clubs``; with ``club``, also its champions there. Read
    from the game's tallies (:class:`GameTally`, a few dozen rows per club), summed over the
    clubs, so the cost does not grow with the plays."""
    rows = (
        GameTally.objects.filter(game=game, club__in=clubs)
        .values_list("kind", "key")
        .annotate(Sum("plays"), Sum("wins"), Sum("total"))
    )
    tallies: dict[str, dict[str, tuple[int, int, float]]] = defaultdict(dict)
    for kind, key, plays, wins, total in rows:
        tallies[kind][key] = (plays, wins, total)
    cooperative = tallies["cooperative"].get("", (0, 0, 0))
    timed, _, seconds = tallies["length"].get("", (0, 0, 0))
    reasons = sorted(tallies["reason"].items(), key=lambda item: (-item[1][0], item[0]))
    return {
        "game": game,
        "club": None if club is None else club.slug,
        "plays": tallies["plays"].get("", (0, 0, 0))[0],
        "cooperative": tally(cooperative[0], cooperative[1]),
        "player_counts": [{"player_count": n, "plays": p} for n, (p, _, _) in _numbered(tallies["player_count"])],
        "seat_advantage": [{"seat": n, **tally(p, w)} for n, (p, w, _) in _numbered(tallies["seat"])],
        "scores": score_distribution([(float(key), plays) for key, (plays, _, _) in tallies["score"].items()]),
        "average_length_seconds": round(seconds / timed, 1) if timed else None,
        "end_reasons": [{"reason": reason, "plays": plays} for reason, (plays, _, _) in reasons],
        "champions": None if club is None else champions(tallies["player"]),
    }


def _numbered(tallies: dict[str, tuple]) -> list[tuple[int, tuple]]:
    return sorted((int(key), counts) for key, counts in tallies.items())


def score_distribution(counted: list[tuple[float, int]]) -> dict:
    """Count, range, mean, median and a histogram in bins of ``SCORE_BIN`` points, from
    (score, how many seats scored it)."""
    counted = sorted(counted)
    count = sum(n for _, n in counted)
    if not count:
        return {"count": 0, "min": None, "max": None, "mean": None, "median": None, "histogram": []}
    bins = Counter()
    for score, n in counted:
        bins[math.floor(score / SCORE_BIN) * SCORE_BIN] += n
    return {
        "count": count,
        "min": counted[0][0],
        "max": counted[-1][0],
        "mean": round(sum(score * n for score, n in counted) / count, 4),
        "median": (_nth(counted, (count - 1) // 2) + _nth(counted, count // 2)) / 2,
        "histogram": [{"from": int(low), "to": int(low) + SCORE_BIN, "count": bins[low]} for low in sorted(bins)],
    }


def _nth(counted: list[tuple[float, int]], index: int) -> float:
    """The score at ``index`` (from 0) of the sorted scores that ``counted`` stands for."""
    for score, n in counted:
        if index < n:
            return score
        index -= n
    raise IndexError(index)


def champions(players: dict[str, tuple[int, int, float]]) -> list[dict]:
    """From a club's competitive (plays, wins) per player: the players with the most wins (at
    least one) among those with at least ``CHAMPION_MIN_PLAYS`` plays; ties share the title."""
    eligible = {int(key): (plays, wins) for key, (plays, wins, _) in players.items() if plays >= CHAMPION_MIN_PLAYS}
    most = max((wins for _, wins in eligible.values()), default=0)
    best = sorted(p for p, (_, wins) in eligible.items() if most and wins == most)
    people = Player.objects.select_related("club").in_bulk(best)
    return [{**player_ref(people[p]), **tally(*eligible[p])} for p in best]


def known_game(key: str) -> bool:
    """Whether ``key`` names a game: an engine's slug (not the generic engine's own) or
    ``generic:<title>``."""
    if "\x00" in key:
        return False
    return key.startswith("generic:") or (key != "generic" and registry.get(key) is not None)


def rated_games(club: Club) -> list[str]:
    """The games (keys) a club has ratings in, in order."""
    return sorted(set(Rating.objects.filter(club=club).exclude(game="").values_list("game", flat=True)))


def clubs_with_game(game: str, clubs: QuerySet[Club]) -> QuerySet[Club]:
    """Those of ``clubs`` that have played ``game``."""
    return clubs.filter(pk__in=GameTally.objects.filter(game=game, club__in=clubs).values("club"))


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
