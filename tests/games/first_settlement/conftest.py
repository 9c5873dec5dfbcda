"""Helpers for the First Settlement tests: a founded table, and a colony put at a given phase."""

import copy

import pytest

from games.contract import Move, Seat
from games.first_settlement import ENGINE
from games.first_settlement.cards import HARDSHIPS
from games.first_settlement.sequence import PHASES


class Table:
    engine = ENGINE

    def seats(self, count: int) -> list[Seat]:
        return [Seat(colour=f"colour-{n}") for n in range(count)]

    def take(self, state, deck: str, count: int, wanted=(), avoid=()) -> list[str]:
        """``wanted`` cards, then the first other cards of the deck's draw pile, by name."""
        pile = dict(state["decks"][deck]["draw"])
        for card in wanted:
            pile[card] -= 1
        spare = [card for card, n in sorted(pile.items()) for _ in range(n) if card not in avoid]
        return list(wanted) + spare[: count - len(wanted)]

    def prepare(self, state, seat: int, leader: str = "Farmer", food_roll: int = 3, **extra) -> dict:
        leaders = self.take(state, "leader", 3, [leader], avoid=["Explorer", "Farmer", "Nobleman", leader])
        actions = self.take(state, "action", 4)
        builds = self.take(state, "build", 4)
        return {
            "food_roll": food_roll,
            "leaders_drawn": leaders,
            "leaders_kept": [leader],
            "actions_dealt": actions,
            "action_discarded": actions[-1],
            "builds_dealt": builds,
            "builds_discarded": builds[2:],
            **extra,
        }

    def offer(self, state, site: list[str], count: int = 3) -> dict:
        others = self.take(state, "site", 3 * (count - 1), avoid=site)
        offered = [list(site)] + [others[3 * n : 3 * n + 3] for n in range(count - 1)]
        return {"offered": offered, "chosen": 0}

    def play(self, state, type_: str, seat, data: dict, legal: bool = True):
        move = Move(type_, seat, data)
        violations = ENGINE.check(state, move)
        if legal:
            assert violations == [], violations
        return ENGINE.apply(state, move)

    def founded(self, count: int = 2, leaders=None, sites=None, options=None):
        """A table after setup: seat 0 rolled highest; seat 0's site first in each offer."""
        state = ENGINE.setup(self.seats(count), options or {})
        state = self.play(state, "roll_for_first", None, {"rolls": [10] + [1] * (count - 1)})
        leaders = leaders or ["Farmer", "Farmer", "Nobleman", "Nobleman"][:count]
        for seat in range(count):
            state = self.play(state, "prepare_colony", seat, self.prepare(state, seat, leaders[seat]))
        sites = sites or [
            ["Hill Top", "Cleared Land", "River Mouth"],
            ["Good Hunting", "Safe Harbor", "Fishing Grounds"],
        ]
        for seat in range(count):
            site = (
                sites[seat] if seat < len(sites) else self.take(state, "site", 3, avoid=[c for s in sites for c in s])
            )
            state = self.play(state, "select_site", seat, self.offer(state, site))
        return state

    def at(self, state, phase: str, seat: int = 0, turn: int = 2, **colony):
        """The same table with ``seat`` about to play ``phase`` of ``turn``, colony fields replaced."""
        state = copy.deepcopy(state)
        state["cursor"] = {"turn": turn, "phase": PHASES.index(phase), "pos": state["order"].index(seat)}
        state["colonies"][seat].update({"turn": turn, **colony})
        return state

    def hardships(self, count: int, *cards: str, avoid: tuple[str, ...] = ()) -> list[str]:
        """``cards`` padded to ``count`` with Hardship cards of no type in ``avoid`` (nor Special)."""
        spare = [n for n, (_, kind) in sorted(HARDSHIPS.items()) if kind not in (*avoid, "Special") and n not in cards]
        return list(cards) + spare[: count - len(cards)]

    def rules(self, state, type_: str, seat, data: dict) -> list[str]:
        return [v.rule for v in ENGINE.check(state, Move(type_, seat, data))]

    def colony(self, state, seat: int = 0) -> dict:
        return state["colonies"][seat]


@pytest.fixture
def table() -> Table:
    return Table()
