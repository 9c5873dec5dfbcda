"""Player summaries: what player statistics and head-to-head answer, kept as counts keyed by
what they group by (``PlayerGameRecord``, ``PlayerScore``, ``PlayerTally``, ``Rivalry``) and
as winning runs (``PlayerStreak``), so a player's statistics read a few rows however many
plays they have.

The projector replaces a play's results inside :func:`replacing`: the counts of its old
results are taken out before, those of its new results put in after, in the same transaction,
so every count stays the count of the results (a count left at nothing is removed: a rebuild
would never write it). Runs are not counts: a play that comes after a player's last play
extends their runs; any other change (a play logged late with an earlier date, a correction,
a void) counts that player's runs again from their results. :func:`rebuild` writes every
summary afresh from the results with the same queries.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connection

#: Every seat of a result, with its play's result as ``r`` and the seat as ``s``.
_SEATS = "analytics_playresult r JOIN analytics_seatresult s ON s.result_id = r.play_id"


@dataclass(frozen=True)
class Summary:
    """A summary table: the columns that key a row, the counters, and the query counting them
    (one row per key, keys then counters) over the seats of the results ``{where}`` picks."""

    table: str
    keys: tuple[str, ...]
    counters: tuple[str, ...]
    counts: str

    def columns(self) -> str:
        return ", ".join((*self.keys, *self.counters))


SUMMARIES = (
    Summary(
        "analytics_playergamerecord",
        ("player_id", "game"),
        ("plays", "wins", "low_scored", "cooperative_plays", "cooperative_wins"),
        f"""
        SELECT s.player_id, r.game, count(*) FILTER (WHERE NOT r.cooperative),
               count(*) FILTER (WHERE NOT r.cooperative AND s.winner),
               count(*) FILTER (WHERE NOT r.cooperative AND s.score IS NOT NULL AND r.low_score_wins),
               count(*) FILTER (WHERE r.cooperative), count(*) FILTER (WHERE r.cooperative AND s.winner)
        FROM {_SEATS} WHERE {{where}} GROUP BY 1, 2
        """,
    ),
    Summary(
        "analytics_playerscore",
        ("player_id", "game", "score"),
        ("seats",),
        f"""
        SELECT s.player_id, r.game, s.score, count(*)
        FROM {_SEATS} WHERE {{where}} AND NOT r.cooperative AND s.score IS NOT NULL GROUP BY 1, 2, 3
        """,
    ),
    Summary(
        "analytics_playertally",
        ("player_id", "kind", "key"),
        ("plays", "wins"),
        f"""
        SELECT s.player_id, 'player_count', r.player_count, count(*), count(*) FILTER (WHERE s.winner)
        FROM {_SEATS} WHERE {{where}} AND NOT r.cooperative GROUP BY 1, 3
        UNION ALL
        SELECT s.player_id, 'seat', s.seat, count(*), count(*) FILTER (WHERE s.winner)
        FROM {_SEATS} WHERE {{where}} AND NOT r.cooperative GROUP BY 1, 3
        """,
    ),
    Summary(
        "analytics_rivalry",
        ("player_id", "other_id", "game"),
        ("plays", "player_ahead", "other_ahead", "tied", "cooperative_plays", "cooperative_wins"),
        f"""
        SELECT s.player_id, o.player_id, r.game, count(*) FILTER (WHERE NOT r.cooperative),
               count(*) FILTER (WHERE NOT r.cooperative AND s.rank < o.rank),
               count(*) FILTER (WHERE NOT r.cooperative AND s.rank > o.rank),
               count(*) FILTER (WHERE NOT r.cooperative AND s.rank = o.rank),
               count(*) FILTER (WHERE r.cooperative), count(*) FILTER (WHERE r.cooperative AND s.winner)
        FROM {_SEATS} JOIN analytics_seatresult o ON o.result_id = r.play_id AND o.player_id <> s.player_id
        WHERE {{where}} GROUP BY 1, 2, 3
        """,
    ),
)

#: Each player's runs of competitive wins, counted from the results of the players ``{where}``
#: picks: a seat's ``losses`` is how many losses came up to it, so the wins sharing a count of
#: losses are one run, and the last seat's run is the current one.
_RUNS = f"""
    WITH seat AS (
        SELECT s.player_id, s.winner, r.played_on, r.finished_position, count(*) FILTER (WHERE NOT s.winner)
               OVER (PARTITION BY s.player_id ORDER BY r.played_on, r.finished_position) AS losses
        FROM {_SEATS} WHERE {{where}} AND NOT r.cooperative
    ),
    run AS (SELECT *, count(*) FILTER (WHERE winner) OVER (PARTITION BY player_id, losses) AS wins FROM seat)
    INSERT INTO analytics_playerstreak (player_id, current, longest, last_played_on, last_position)
    SELECT DISTINCT ON (player_id) player_id, wins, max(wins) OVER (PARTITION BY player_id), played_on, finished_position
    FROM run ORDER BY player_id, played_on DESC, finished_position DESC
"""

#: (player, played_on, finished_position, winner): a competitive seat, as runs see it.
StreakSeat = tuple[int, dt.date, int, bool]


@contextmanager
def replacing(play_ids: list[int]) -> Iterator[None]:
    """Keep the summaries exact while the block replaces the results of these plays: take the
    counts of their old results out before it, put those of their new results in after it."""
    # On the seats' column: the planner reaches the seats through its index then, not by a scan.
    where, params = "s.result_id = ANY(%(plays)s)", {"plays": play_ids}
    with connection.cursor() as cursor:
        old = _streak_seats(cursor, where, params)
        for summary in SUMMARIES:
            _take_out(cursor, summary, where, params)
    yield
    with connection.cursor() as cursor:
        for summary in SUMMARIES:
            _put_in(cursor, summary, where, params)
        _follow_streaks(cursor, old, _streak_seats(cursor, where, params))


def rebuild() -> None:
    """Write every summary afresh from the results. Emptied with TRUNCATE, not DELETE: rows
    deleted in the same transaction would stay in the indexes, to be stepped over by every
    insert and every read until a vacuum (it halves the time to write them). Readers of the
    summaries wait for the rebuild's commit, from here on: its last few seconds."""
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(summary.table for summary in SUMMARIES)}, analytics_playerstreak")
        for summary in SUMMARIES:
            _put_in(cursor, summary, "TRUE", {})
        cursor.execute(_RUNS.format(where="TRUE"))


def _take_out(cursor, summary: Summary, where: str, params: dict) -> None:
    """Subtract the counts of the results ``where`` picks: a row they make up entirely goes
    (put back, if the new results count in it), the others are lowered."""
    match = " AND ".join(f"t.{key} = d.{key}" for key in summary.keys)
    whole = " AND ".join(f"t.{counter} = d.{counter}" for counter in summary.counters)
    cursor.execute(
        f"""
        WITH d ({summary.columns()}) AS ({summary.counts.format(where=where)}),
        emptied AS (DELETE FROM {summary.table} t USING d WHERE {match} AND {whole})
        UPDATE {summary.table} t SET {", ".join(f"{c} = t.{c} - d.{c}" for c in summary.counters)}
        FROM d WHERE {match} AND NOT ({whole})
        """,
        params,
    )


def _put_in(cursor, summary: Summary, where: str, params: dict) -> None:
    """Add the counts of the results ``where`` picks. New rows go in in key order, so a rebuild
    lays each player's rows side by side: a statistic reads a few pages, not one per row."""
    keys = ", ".join(summary.keys)
    cursor.execute(
        f"""
        INSERT INTO {summary.table} AS t ({summary.columns()})
        SELECT * FROM ({summary.counts.format(where=where)}) AS d ({summary.columns()}) ORDER BY {keys}
        ON CONFLICT ({keys})
        DO UPDATE SET {", ".join(f"{c} = t.{c} + excluded.{c}" for c in summary.counters)}
        """,
        params,
    )


def _streak_seats(cursor, where: str, params: dict) -> set[StreakSeat]:
    cursor.execute(
        f"SELECT s.player_id, r.played_on, r.finished_position, s.winner FROM {_SEATS} "
        f"WHERE {where} AND NOT r.cooperative",
        params,
    )
    return set(cursor.fetchall())


def _follow_streaks(cursor, old: set[StreakSeat], new: set[StreakSeat]) -> None:
    """Bring the runs of the players whose competitive seats changed up to date: seats only
    added, all after the player's last play, extend the runs; otherwise they are counted again."""
    recount = {player for player, *_ in old - new}
    added: dict[int, list[StreakSeat]] = defaultdict(list)
    for seat in sorted(new - old):  # by player, then in play order
        if seat[0] not in recount:
            added[seat[0]].append(seat)
    cursor.execute(
        "SELECT player_id, current, longest, last_played_on, last_position FROM analytics_playerstreak "
        "WHERE player_id = ANY(%s)",
        [list(added)],
    )
    runs = {player: (current, longest, (on, position)) for player, current, longest, on, position in cursor.fetchall()}
    extended = []
    for player, seats in added.items():
        current, longest, last = runs.get(player, (0, 0, None))
        if last is not None and seats[0][1:3] <= last:
            recount.add(player)
            continue
        for _, _, _, winner in seats:
            current = current + 1 if winner else 0
            longest = max(longest, current)
        extended.append((player, current, longest, *seats[-1][1:3]))
    cursor.executemany(
        """
        INSERT INTO analytics_playerstreak (player_id, current, longest, last_played_on, last_position)
        VALUES (%s, %s, %s, %s, %s)
        ON CONFLICT (player_id) DO UPDATE SET current = excluded.current, longest = excluded.longest,
            last_played_on = excluded.last_played_on, last_position = excluded.last_position
        """,
        extended,
    )
    if recount:
        params = {"players": sorted(recount)}
        cursor.execute("DELETE FROM analytics_playerstreak WHERE player_id = ANY(%(players)s)", params)
        cursor.execute(_RUNS.format(where="s.player_id = ANY(%(players)s)"), params)
