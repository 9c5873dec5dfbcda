"""Projections of the event store: results per play and seat, and ratings with their history.

Every row here is derived from ``records`` and can be rebuilt (``rebuild_projections``).
Plays are folded in their *order key* ``(played_on, finished_position)``: the date the play
was played, then the global position of the event that finished it.

No index twice: a foreign key whose column leads a composite index or constraint goes without
an index of its own (``db_index=False``). The composite serves its lookups and its cascades,
and a rebuild writes one index fewer for each of its rows.
"""

from __future__ import annotations

from django.db import models

from records.models import Club, Play, Player


class Checkpoint(models.Model):
    """How far a projection has read the event table (its outbox), in ``(tx_id, position)`` order.

    ``as_of`` is the watermark the API reports: every event at or below that position is projected.
    """

    name = models.CharField(max_length=50, primary_key=True)
    tx_id = models.BigIntegerField(default=0)
    position = models.BigIntegerField(default=0)
    as_of = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)


class PlayResult(models.Model):
    """A finished play as analytics sees it. ``game`` is the game key: the engine's slug, or
    ``generic:<title>`` for the generic engine, so two titles logged as generic plays never mix."""

    play = models.OneToOneField(Play, on_delete=models.CASCADE, primary_key=True, related_name="result")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    game = models.CharField(max_length=250)
    played_on = models.DateField()
    finished_position = models.BigIntegerField()
    player_count = models.PositiveSmallIntegerField()
    cooperative = models.BooleanField()
    won = models.BooleanField(help_text="Some seat won (for a cooperative play: the table won).")
    reason = models.CharField(max_length=200)
    length_seconds = models.PositiveIntegerField(null=True)
    low_score_wins = models.BooleanField(help_text="Lower scores placed better in this play.")
    rated = models.BooleanField(help_text="Competitive, with at least two sides: it changes ratings.")

    class Meta:
        indexes = [
            models.Index(fields=["played_on", "finished_position"], name="result_order"),
            models.Index(fields=["club", "game"], name="result_club_game"),
        ]


class SeatResult(models.Model):
    """One seat of a finished play. ``rank`` is the place ratings and statistics use: the
    outcome's place, except that seats an outcome blames rank last."""

    result = models.ForeignKey(PlayResult, on_delete=models.CASCADE, related_name="seats", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_index=False)
    seat = models.PositiveSmallIntegerField()
    team = models.CharField(max_length=30, blank=True)
    place = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    score = models.FloatField(null=True)
    winner = models.BooleanField()
    blamed = models.BooleanField()
    first_play = models.BooleanField(default=False, help_text="The player's first play of this game.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["result", "seat"], name="one_result_per_seat")]
        indexes = [models.Index(fields=["player"], name="seat_result_player")]


class RatingChange(models.Model):
    """A player's rating before and after one play, in one of their club's scopes: a game, or
    every game (``game`` empty). Players belong to one club, so their global ratings move as
    their club's do: the history is kept once, in the club's scopes, and only the current
    ratings (:class:`Rating`) repeat it across clubs, for the cross-club leaderboard."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    game = models.CharField(max_length=250, blank=True)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_index=False)
    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="+")
    played_on = models.DateField()
    finished_position = models.BigIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "game", "player", "play"], name="one_change_per_play")]
        indexes = [
            models.Index(fields=["club", "game", "played_on", "finished_position"], name="change_scope_order"),
            models.Index(fields=["player", "game"], name="change_player"),
        ]


class Rating(models.Model):
    """A player's current rating in a scope: a club (or every club: ``club`` null) and a game
    (or every game: ``game`` empty). A player's rating across clubs is their club's, kept again
    for the cross-club leaderboard. ``conservative`` is mu - 3 sigma, the leaderboard order."""

    club = models.ForeignKey(Club, null=True, on_delete=models.CASCADE, related_name="+", db_index=False)
    game = models.CharField(max_length=250, blank=True)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField()
    plays = models.PositiveIntegerField()
    last_played_on = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "player"], name="one_rating_per_scope", nulls_distinct=False
            )
        ]
        indexes = [models.Index(fields=["club", "game", "-conservative"], name="rating_board")]


class GameTally(models.Model):
    """A count behind a game's statistics in one club: how many plays (and wins, and a sum)
    fall under one value of one kind, e.g. kind ``seat``, key ``0``. The projector rewrites a
    club's tallies of a game whenever one of its results changes, so game statistics read a
    few dozen rows however many plays there are."""

    KINDS = ("plays", "cooperative", "length", "player_count", "seat", "score", "reason", "player")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    game = models.CharField(max_length=250)
    kind = models.CharField(max_length=20)
    key = models.CharField(max_length=250, blank=True, help_text="The value counted, as text; '' for a total.")
    plays = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    total = models.FloatField(help_text="A sum over the plays counted (the seconds of play, for kind 'length').")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "game", "kind", "key"], name="one_tally_per_key")]
        indexes = [models.Index(fields=["game", "kind"], name="tally_game")]


# Player summaries: what player statistics and head-to-head answer, as counts keyed by what
# they group by. The projector adds a play's counts and takes them out again when its result
# is replaced (analytics.summaries), so a statistic reads a few rows however many plays there are.
# Each is keyed by its primary key alone, and its players are not checked by the database: every
# row is counted from seat results, whose players are checked, and a rebuild writes hundreds of
# thousands of rows, which each further index and check would slow down several times.


def _summary_player(**options) -> models.ForeignKey:
    return models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", db_constraint=False, db_index=False, **options
    )


class PlayerGameRecord(models.Model):
    """A player's plays and wins of one game: competitive and cooperative apart, and how many of
    the competitive seats with a score were in plays where lower scores placed better (any one
    makes the lowest score the player's best)."""

    pk = models.CompositePrimaryKey("player_id", "game")
    player = _summary_player()
    game = models.CharField(max_length=250)
    plays = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    low_scored = models.PositiveIntegerField()
    cooperative_plays = models.PositiveIntegerField()
    cooperative_wins = models.PositiveIntegerField()


class PlayerScore(models.Model):
    """How many of a player's competitive seats in a game scored ``score``: counted per value,
    so the average is exact (as ``statistics.mean`` computes it) and the best survives removals."""

    pk = models.CompositePrimaryKey("player_id", "game", "score")
    player = _summary_player()
    game = models.CharField(max_length=250)
    score = models.FloatField()
    seats = models.PositiveIntegerField()


class PlayerTally(models.Model):
    """A player's competitive plays and wins under one value of one kind: ``player_count`` or ``seat``."""

    pk = models.CompositePrimaryKey("player_id", "kind", "key")
    player = _summary_player()
    kind = models.CharField(max_length=20)
    key = models.PositiveSmallIntegerField()
    plays = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()


class PlayerStreak(models.Model):
    """A player's current and longest run of competitive wins, and the order key of their last
    competitive play: a play that comes after it extends the runs; any other change counts
    them again from the player's results."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="+", db_constraint=False
    )
    current = models.PositiveIntegerField()
    longest = models.PositiveIntegerField()
    last_played_on = models.DateField()
    last_position = models.BigIntegerField()


class Rivalry(models.Model):
    """Two players' shared plays of one game, from ``player``'s side (the pair is kept both ways):
    competitive plays and who ranked ahead, cooperative plays and how many the table won.
    Summed over games, ``other_ahead`` and ``player_ahead`` name a nemesis and a minion."""

    pk = models.CompositePrimaryKey("player_id", "other_id", "game")
    player = _summary_player()
    other = _summary_player()
    game = models.CharField(max_length=250)
    plays = models.PositiveIntegerField()
    player_ahead = models.PositiveIntegerField()
    other_ahead = models.PositiveIntegerField()
    tied = models.PositiveIntegerField()
    cooperative_plays = models.PositiveIntegerField()
    cooperative_wins = models.PositiveIntegerField()
