"""A table of Vasa Regalis for the tests: moves that must be legal, moves that must be refused,
and arrangements of goods (dealt from the supply) to reach a situation without a long game."""

from __future__ import annotations

import pytest

from games.contract import Move, Seat, Violation
from games.kit import Table as KitTable
from games.vasa_regalis import ENGINE
from games.vasa_regalis.table import open_steps, take


class Table:
    def __init__(self, players: int = 4, **options) -> None:
        self.state = ENGINE.setup([Seat() for _ in range(players)], options)

    def play(self, type_: str, by: int | None = None, **data) -> Table:
        """Play a move that must be legal."""
        move = Move(type_, by, data)
        assert ENGINE.check(self.state, move) == [], f"{move} was refused"
        self.state = ENGINE.apply(self.state, move)
        return self

    def refused(self, type_: str, by: int | None = None, **data) -> list[Violation]:
        """Check a move that must be refused; the violations it gets."""
        violations = ENGINE.check(self.state, Move(type_, by, data))
        assert violations, f"{type_} by {by} {data} was not refused"
        return violations

    def rules(self, type_: str, by: int | None = None, **data) -> list[str]:
        return [v.rule for v in self.refused(type_, by, **data)]

    def view(self, seat: int | None = None) -> dict:
        return ENGINE.view(self.state, seat)

    def hand(self, seat: int) -> dict:
        return self.state["hands"][seat]

    def deal(self, seat: int, good: str, value: int, count: int = 1) -> Table:
        """Arrange: move goods from the supply into a seat's hand."""
        arranged = KitTable(self.state)
        take(arranged, seat, good, value, count)
        self.state = arranged.state
        return self

    def roles_done(self) -> Table:
        """Finish this round's role phase with legal moves that change no goods."""
        current_round = self.state["round"]
        while self.state["phase"] == "roles" and self.state["round"] == current_round:
            step = open_steps(self.state)[0]
            self.play(step["type"], step["seat"], **self._quiet(step))
        return self

    def _quiet(self, step: dict) -> dict:
        """The move for a step that changes no goods: a role among the quiet ones, nothing
        procured or exchanged, no king's order."""
        kind = step["type"]
        if kind == "choose_role":
            return {"role": next(role for role in QUIET_ROLES if role not in self.state["roles"])}
        if kind == "procure":
            return {"goods": []}
        if kind == "exchange":
            return {"pairs": []}
        return {"target": None, "good": None}


QUIET_ROLES = ("king", "wood_procurer", "cloth_procurer", "iron_procurer", "sculpture_procurer", "craftsman")


@pytest.fixture
def new_table():
    return Table
