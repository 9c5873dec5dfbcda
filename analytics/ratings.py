"""The rating rules, pure: one play's seats in, the players' new ratings out (openskill
Plackett-Luce). No database here, so the rules are tested on their own."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT = (MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class RatedSeat:
    player_id: int
    team: str
    rank: int


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard order: a rating the player is very likely above."""
    return mu - 3 * sigma


def rate(prior: dict[int, tuple[float, float]], seats: list[RatedSeat]) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) per player after one competitive play.

    Seats that share a team form one side; a side's rank is its best seat's rank (teams share
    their place anyway). Tied ranks are a shared place. A play with fewer than two sides
    changes nothing and returns {}.
    """
    sides: dict[str, list[RatedSeat]] = {}
    for seat in seats:
        sides.setdefault(seat.team or f"seat:{seat.player_id}", []).append(seat)
    if len(sides) < 2:
        return {}
    groups = list(sides.values())
    teams = [[MODEL.rating(*prior.get(s.player_id, DEFAULT)) for s in group] for group in groups]
    ranks = [min(s.rank for s in group) for group in groups]
    rated = MODEL.rate(teams, ranks=ranks)
    return {
        seat.player_id: (rating.mu, rating.sigma)
        for group, new in zip(groups, rated)
        for seat, rating in zip(group, new)
    }
