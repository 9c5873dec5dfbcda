"""VICTORY and END GAME SCORING: a colony's VP and the outcome of a finished game."""

from __future__ import annotations

from games.contract import JSON, Outcome
from games.first_settlement.cards import card_vp
from games.kit import places_from_scores

#: Why the game ended (``state["over"]``), in the rulebook's words.
REASONS = {
    "end": "The player with the most Victory Points (VP) at the end of the game wins.",
    "gave_up": (
        "If there are 2 or more un-negated Mutiny cards the Settlers give up: The Survivors go back to England "
        "on the next ship and you lose the game."
    ),
}


def victory_points(colony: JSON) -> int:
    """END GAME SCORING: 2 VP per CT, 5 VP per Building plus its extra VP, 1 VP per Land Purchase
    Token, the site's VP (Quality Timber), and the VP gained in play (trades, food, crops)."""
    buildings = sum(5 + card_vp(name) for name in colony["buildings"])
    sites = sum(card_vp(name) for name in colony["sites"])
    return 2 * colony["colonists"] + buildings + colony["land"] + sites + colony["vp"]


def final_outcome(state: JSON) -> Outcome:
    """VICTORY: the most VP among the colonies still standing wins, ties sharing the place; the
    colonies whose Settlers gave up lost the game and share the last place whatever their VP.
    When every colony gave up, the whole table lost together (``cooperative``, as the contract
    marks a result all seats share, which competitive ratings leave out)."""
    colonies = state["colonies"]
    scores = [victory_points(colony) for colony in colonies]
    standing = [n for n, colony in enumerate(colonies) if not colony["gave_up"]]
    ranks = places_from_scores([scores[n] for n in standing])
    places = [len(standing) + 1] * len(colonies)
    for n, rank in zip(standing, ranks):
        places[n] = rank
    winners = [n for n in standing if places[n] == 1]
    return Outcome(
        places=places, winners=winners, reason=REASONS[state["over"]], scores=scores, cooperative=not standing
    )
