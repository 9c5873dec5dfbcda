"""END OF THE GAME: the standees' points, then the ranking and its tie-breakers.

"The game ends when the final snowflake card is drawn. The points are tallied for the third
level of each building [snowstorms.py]. Players who have a character standee ... receive the
number of points indicated on the base ... The player with the most points is declared the
winner. In the case of a draw, the player who has used the lowest number of ally tokens ...
If it is still a draw, the player who has not used their peg wins. If it is still a draw, the
tied players are declared the winners and share the title of Royal Engineer."
"""

from __future__ import annotations

from games.contract import JSON, Outcome
from games.kit import Table, places_from_scores

#: The outcome's reason: the rulebook's sentence that decided it.
BY_POINTS = "The player with the most points is declared the winner."
BY_ALLIES = (
    "In the case of a draw, the player who has used the lowest number of ally tokens before the arrival "
    "of the 3rd snowflake wins the game."
)
BY_PEG = "If it is still a draw, the player who has not used their peg wins."
SHARED = "If it is still a draw, the tied players are declared the winners and share the title of Royal Engineer."


def end_of_game(table: Table) -> None:
    """END OF THE GAME: the owners of standees score the points on their bases."""
    state = table.state
    scores = list(state["scores"])
    for site in state["sites"].values():
        if site["standee"] is not None:
            scores[site["standee"]] += site["tally"]["standee_points"]
    table.update(scores=scores, phase="finished", active=None, offer=None)


def outcome(state: JSON) -> Outcome | None:
    """END OF THE GAME: ranked by points, then fewest Ally tokens used, then the peg not used
    (the tie-breakers rank every place); seats equal on all three share a place."""
    if state["phase"] != "finished":
        return None
    scores = state["scores"]
    ranks = [_rank(state, seat) for seat in range(len(scores))]
    places = places_from_scores(ranks)
    winners = [seat for seat, place in enumerate(places) if place == 1]
    return Outcome(places=places, winners=winners, reason=_reason(ranks, winners), scores=list(scores))


def _rank(state: JSON, seat: int) -> tuple[int, int, int]:
    """Points, then (fewer is better) Ally tokens used, then (not placed is better) the peg."""
    player = state["players"][seat]
    return (state["scores"][seat], -player["allies_used"], -int(player["bonus_blocks"]["peg"] == "placed"))


def _reason(ranks: list[tuple[int, int, int]], winners: list[int]) -> str:
    if len(winners) > 1:
        return SHARED
    best = ranks[winners[0]]
    tied = [rank for rank in ranks if rank[0] == best[0]]
    if len(tied) == 1:
        return BY_POINTS
    if sum(1 for rank in tied if rank[1] == best[1]) == 1:
        return BY_ALLIES
    return BY_PEG
