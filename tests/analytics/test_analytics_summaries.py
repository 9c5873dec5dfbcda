"""Player summaries: kept by the projector play by play, they equal a rebuild, and the
statistics read from them equal what the players' seat results say (counted here, row by row,
without the summaries)."""

import datetime as dt
from collections import Counter, defaultdict
from statistics import mean

from django.db import connection
from django.test.utils import CaptureQueriesContext

from analytics import selectors, services
from analytics.models import PlayerGameRecord, PlayerScore, PlayerStreak, PlayerTally, Rivalry, SeatResult
from records import services as records
from tests.analytics.conftest import DAY, project

SUMMARIES = (PlayerGameRecord, PlayerScore, PlayerTally, PlayerStreak, Rivalry)


def day(n: int) -> dt.date:
    return DAY + dt.timedelta(days=n)


def summaries() -> dict[str, list[tuple]]:
    """Every row of every summary, less its id, in a fixed order."""
    tables = {}
    for model in SUMMARIES:
        fields = [f.attname for f in model._meta.concrete_fields if f.name != "id"]
        tables[model.__name__] = list(model.objects.order_by(*fields).values_list(*fields))
    return tables


def correct(play, *, finish: dict | None) -> None:
    """Void the play's finish (seq 1) and, with ``finish``, finish it again otherwise."""
    events = [records.NewEvent("correction", None, {"seq": 1, "reason": "misread"})]
    if finish is not None:
        events.append(records.NewEvent("finish", None, finish))
    records.append_events(play_id=play.pk, events=events, user=None)


def win_record(seats: list) -> dict:
    plays, wins = len(seats), sum(1 for s in seats if s.winner)
    return {"plays": plays, "wins": wins, "win_rate": round(wins / plays, 4) if plays else None}


def expected_stats(player) -> dict:
    """Player statistics counted from the player's seat results, one row at a time."""
    seats = sorted(
        SeatResult.objects.filter(player=player).select_related("result"),
        key=lambda s: (s.result.played_on, s.result.finished_position),
    )
    competitive = [s for s in seats if not s.result.cooperative]
    by_game = []
    for game in sorted({s.result.game for s in competitive}):
        mine = [s for s in competitive if s.result.game == game]
        scored = [s for s in mine if s.score is not None]
        scores = [s.score for s in scored]
        low = any(s.result.low_score_wins for s in scored)
        by_game.append(
            {
                "game": game,
                **win_record(mine),
                "average_score": round(mean(scores), 4) if scores else None,
                "best_score": (min(scores) if low else max(scores)) if scores else None,
            }
        )
    current = longest = 0
    for seat in competitive:
        current = current + 1 if seat.winner else 0
        longest = max(longest, current)
    plays_per_game = Counter(s.result.game for s in seats)
    h = max(
        (n for n in range(1, len(plays_per_game) + 1) if sum(c >= n for c in plays_per_game.values()) >= n), default=0
    )
    beat_me, i_beat = Counter(), Counter()
    for seat in competitive:
        for other in SeatResult.objects.filter(result=seat.result).exclude(player=player):
            beat_me[other.player] += other.rank < seat.rank
            i_beat[other.player] += other.rank > seat.rank

    def rival(wins: Counter, losses: Counter) -> dict | None:
        ranked = sorted(
            (p for p in wins if wins[p] >= 3 and wins[p] > losses[p]),
            key=lambda p: (-wins[p], losses[p] - wins[p], p.pk),
        )
        if not ranked:
            return None
        p = ranked[0]
        return {"id": p.pk, "name": p.display_name, "club": p.club.slug, "beat_you": beat_me[p], "you_beat": i_beat[p]}

    return {
        "player": {"id": player.pk, "name": player.display_name, "club": player.club.slug},
        **win_record(competitive),
        "by_game": by_game,
        "by_player_count": [
            {"player_count": n, **win_record([s for s in competitive if s.result.player_count == n])}
            for n in sorted({s.result.player_count for s in competitive})
        ],
        "by_seat": [
            {"seat": n, **win_record([s for s in competitive if s.seat == n])}
            for n in sorted({s.seat for s in competitive})
        ],
        "streaks": {"current": current, "longest": longest},
        "h_index": h,
        "nemesis": rival(beat_me, i_beat),
        "minion": rival(i_beat, beat_me),
        "cooperative": win_record([s for s in seats if s.result.cooperative]),
    }


def expected_head_to_head(player, other) -> dict:
    """Head-to-head counted from the two players' seat results, play by play."""
    theirs = {s.result_id: s for s in SeatResult.objects.filter(player=other)}
    keys = ("plays", "player_ahead", "other_ahead", "tied", "cooperative_plays", "cooperative_wins")
    games = defaultdict(lambda: dict.fromkeys(keys, 0))
    for seat in SeatResult.objects.filter(player=player, result_id__in=theirs).select_related("result"):
        counts = games[seat.result.game]
        if seat.result.cooperative:
            counts["cooperative_plays"] += 1
            counts["cooperative_wins"] += int(seat.winner)
            continue
        rival = theirs[seat.result_id].rank
        counts["plays"] += 1
        counts["player_ahead" if seat.rank < rival else "other_ahead" if seat.rank > rival else "tied"] += 1
    return {
        "player": {"id": player.pk, "name": player.display_name, "club": player.club.slug},
        "other": {"id": other.pk, "name": other.display_name, "club": other.club.slug},
        **{k: sum(counts[k] for counts in games.values()) for k in keys},
        "by_game": [{"game": game, **games[game]} for game in sorted(games)],
    }


def test_summaries_kept_play_by_play_equal_a_rebuild_and_the_seat_results(club, record):
    ada, bo, cy, di = players = club["players"]

    def projected(*plays):
        """Project the plays, then check every player's statistics and head-to-heads: a later
        step that counts a player again must not hide an earlier step's mistake."""
        project(*plays)
        for player in players:
            assert selectors.player_stats(player) == expected_stats(player)
            for other in players:
                if other != player:
                    assert selectors.head_to_head(player, other) == expected_head_to_head(player, other)

    def logged(*args, **kwargs):
        play = record(*args, **kwargs)
        projected(play)
        return play

    logged([ada, bo, cy], [30, 20, 10], title="Azul", on=day(0))
    logged([ada, bo], [25.5, 20], title="Azul", on=day(1))
    logged([ada, bo, cy], [70, 80, 75], title="Golf", scoring="lowest_wins", on=day(2))
    overturned = logged([bo, ada], [40, 30], title="Azul", on=day(3))
    logged([ada, bo, cy], [10, 10, 3], title="Azul", on=day(4))  # Ada and Bo tie for first
    logged([ada, bo, cy, di], [5, 6, 7, 3], title="Brass", teams=["red", "blue", "red", "blue"], on=day(5))
    logged([ada, bo, cy], title="Hanabi", scoring="cooperative", result="won", on=day(6))
    logged([ada, di], title="Hanabi", scoring="cooperative", result="lost", on=day(7))
    voided = logged([ada, bo], [0.1, 0.2], title="Azul", on=day(8))
    logged([bo, ada], [65, 60], title="Golf", scoring="lowest_wins", on=day(9))
    logged([ada, cy], [90, 50], title="Golf", on=day(10))  # Golf logged once as highest wins
    logged([ada, bo, cy, di], [1, 2, 3, 4], title="Azul", on=day(11))
    # Bo won play 4 as first logged; the scores were swapped: Ada won it.
    correct(overturned, finish={"scores": [30, 40]})
    projected(overturned)
    # Logged late, dated on day 2 (so after that day's Golf), it breaks Ada's run of six wins: Bo won.
    logged([ada, bo], [5, 10], title="Azul", on=day(2))
    # Ada's loss on day 8 is voided: her wins of days 3 to 10 become one run of five.
    correct(voided, finish=None)
    projected(voided)
    logged([ada, bo], [50, 10], title="Azul", on=day(12))
    # Two plays in one batch, both after Ada's last.
    projected(
        record([ada, cy], [8, 9], title="Brass", on=day(13)), record([cy, ada], [1, 4], title="Brass", on=day(14))
    )

    incremental = summaries()
    # The history is varied enough to mean something: a nemesis, fractional scores, runs.
    assert selectors.player_stats(bo)["nemesis"]["id"] == ada.pk
    assert selectors.player_stats(ada)["streaks"] == {"current": 1, "longest": 5}
    assert selectors.player_stats(ada)["cooperative"] == {"plays": 2, "wins": 1, "win_rate": 0.5}
    services.rebuild()
    assert summaries() == incremental


def test_projecting_a_play_again_changes_no_summary(club, record):
    ada, bo = club["players"][:2]
    plays = [record([ada, bo], [n, 5], on=day(n)) for n in range(4)]
    project(*plays)
    before = summaries()
    project(plays[1], plays[3])
    assert summaries() == before


def test_player_statistics_read_as_many_rows_for_30_plays_as_for_3(club, record):
    ada, bo, cy = club["players"][:3]

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            stats = selectors.player_stats(ada)
            selectors.head_to_head(ada, bo)
        assert stats["nemesis"]["id"] == bo.pk
        return len(captured)

    project(*(record([ada, bo, cy], [1, 9, n], title="Azul", on=day(n)) for n in range(3)))
    few = queries()
    titles = ["Azul", "Brass", "Golf"]
    project(*(record([ada, bo, cy], [1, 9, n], title=titles[n % 3], on=day(n)) for n in range(3, 30)))
    assert selectors.player_stats(ada)["plays"] == 30
    assert queries() == few
