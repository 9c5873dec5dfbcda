"""Section 6: the three ways the game ends (and the unprofitable colony), as outcomes."""

from __future__ import annotations

from games.contract import JSON, Outcome
from games.kit import Table, places_from_scores
from games.nova_suecia.board import DISTRICT_IDS
from games.nova_suecia.queries import net_thaler, real_players, seals_of, total_seals

GOVERNOR_VICTORY = "Governor victory"
SWEDISH_VICTORY = "Swedish victory"
DUTCH_VICTORY = "Dutch victory"
UNPROFITABLE = "Unprofitable colony"


def seal_scores(state: JSON) -> list[int]:
    """Seals on districts per seat: 'the player who has placed the most seals wins' (section 4)."""
    return [seals_of(state, player) for player in real_players(state)]


def governor_victory(state: JSON, player: int) -> JSON | None:
    """A governor starts the turn with at least 2 more provinces than any other player and a
    positive amount of thaler (the thaler held: only the Swedish victory nets loans and deposits)."""
    if state["players"][player]["seat"] is None or state["players"][player]["thaler"] <= 0:
        return None
    provinces = [0] * len(state["players"])
    for district in state["districts"]:
        if district["seal"] is not None:
            provinces[district["seal"]] += 1
    others = provinces[:player] + provinces[player + 1 :]
    if provinces[player] >= max(others) + 2:
        return _won(state, [state["players"][player]["seat"]], GOVERNOR_VICTORY)
    return None


def dutch_victory(state: JSON) -> JSON | None:
    """Fort Christina thaler times Fort Nassau thaler exceeds the seals on the districts."""
    raid_multiplier = state["forts"]["christina"] * state["forts"]["nassau"]
    if raid_multiplier and raid_multiplier > total_seals(state):  # no seal to count while a fort is empty
        return _blamed(state, DUTCH_VICTORY)
    return None


def swedish_victory(state: JSON) -> JSON:
    """After the last turns: governors with the most seals or 1 less are eligible; the one
    with the highest positive thaler (loans and deposits netted) wins."""
    players = real_players(state)
    if not any(net_thaler(state["players"][p]) > 0 for p in players):
        return _blamed(state, UNPROFITABLE)
    most = max(seals_of(state, p) for p in players)
    eligible = [p for p in players if seals_of(state, p) >= most - 1 and net_thaler(state["players"][p]) > 0]
    best = max((net_thaler(state["players"][p]) for p in eligible), default=None)
    winners = [state["players"][p]["seat"] for p in eligible if net_thaler(state["players"][p]) == best]
    return _won(state, winners, SWEDISH_VICTORY)


def start_last_turns(table: Table, player: int) -> None:
    """Swedish victory: once ``player`` places the 24th seal, each governor plays one more
    turn, in turn order, ending with the governor who placed it (README, reading 13)."""
    state = table.state
    if state["final_turns"] is None and total_seals(state) == len(DISTRICT_IDS):
        count = len(state["players"])
        queue = [(player + offset) % count for offset in range(1, count + 1)]
        table.set("final_turns", {"sealer": player, "queue": queue})


def _won(state: JSON, winners: list[int], reason: str) -> JSON:
    """The winners share place 1, everybody else the next place (all share 1 without a winner)."""
    seats = range(len(real_players(state)))
    places = places_from_scores([seat in winners for seat in seats])
    return Outcome(places, sorted(winners), reason, seal_scores(state)).as_dict()


def _blamed(state: JSON, reason: str) -> JSON:
    """No winner: the governor or governors with the fewest seals on districts lose."""
    scores = seal_scores(state)
    fewest = min(scores)
    blamed = [seat for seat, seals in enumerate(scores) if seals == fewest]
    places = places_from_scores([seat not in blamed for seat in range(len(scores))])
    return Outcome(places, [], reason, scores, blamed=blamed).as_dict()
