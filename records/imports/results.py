"""How an imported play ends: the generic engine's scoring and ``finish`` data, from what the
file records (win flags, scores, ranks, a cooperative flag, teams). The first rule that
applies decides:

1. A game the file calls cooperative (BG Stats) -> ``cooperative``: won if anyone won.
2. Where the file cannot say (BoardGameGeek has no cooperative flag): a play that everyone
   won, or a solo play -> ``cooperative``, won if anyone won. BGG's own convention logs a won
   cooperative game as every player winning; a tie of the whole table in a competitive game
   looks the same, and is then unrated rather than a draw: a cautious reading for ratings.
3. No teams, and every score a number: ``highest_wins`` when the winners are exactly the
   players with the highest score, ``lowest_wins`` when they are exactly those with the
   lowest; with no winner marked, the file's direction (BG Stats' ``highestWins``; BGG:
   highest). Ties share a place (1, 1, 3).
4. Every player ranked (BG Stats' ``rank``) -> ``places`` from the ranks (ranks 1, 1, 2 are
   places 1, 1, 3).
5. No winner marked -> ``places``, everyone 1st, and the play is not rated: the file does not
   say who won.
6. Otherwise -> ``places`` from the win flags: winners 1st, everyone else next (1, 1, 3 for
   two winners of three; team-mates share their team's flag, so a team's place).

Scores that are all numbers stay in the finish data under ``places`` too (the log keeps
them; the engine decides by the places).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.contract import JSON
from records.imports import ImportedPlay, ImportedSeat


@dataclass(frozen=True)
class Finish:
    scoring: str
    data: dict[str, JSON]
    #: False when the play must not change ratings.
    rated: bool


def finish_of(play: ImportedPlay) -> Finish:
    seats = play.seats
    won = [seat.winner for seat in seats]
    scores = [seat.score for seat in seats]
    numeric = all(score is not None for score in scores)
    kept = {"scores": scores} if numeric else {}
    if play.cooperative or (play.cooperative is None and (all(won) or len(seats) == 1)):
        return Finish("cooperative", {"result": "won" if any(won) else "lost"}, play.rated)
    direction = _direction(scores, won, play.highest_wins) if numeric and not _teams(seats) else None
    if direction is not None:
        return Finish(direction, {"scores": scores}, play.rated)
    if all(seat.rank for seat in seats):
        places = [1 + sum(other.rank < seat.rank for other in seats) for seat in seats]
        return Finish("places", {"places": places, **kept}, play.rated)
    if not any(won):
        return Finish("places", {"places": [1] * len(seats), "reason": "no winner recorded", **kept}, False)
    others = 1 + sum(won)
    return Finish("places", {"places": [1 if winner else others for winner in won], **kept}, play.rated)


def _teams(seats: tuple[ImportedSeat, ...]) -> bool:
    return any(seat.team for seat in seats)


def _direction(scores: list[float], won: list[bool], highest_wins: bool | None) -> str | None:
    """The scoring the win flags agree with, if any (rule 3 of the module's docstring)."""
    winners = {seat for seat, winner in enumerate(won) if winner}
    if not winners:
        return "lowest_wins" if highest_wins is False else "highest_wins"
    for scoring, best in (("highest_wins", max(scores)), ("lowest_wins", min(scores))):
        if winners == {seat for seat, score in enumerate(scores) if score == best}:
            return scoring
    return None
