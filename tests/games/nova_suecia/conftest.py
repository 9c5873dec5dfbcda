"""A small table to drive the Nova Suecia engine in tests: moves by name, rules broken by name."""

from __future__ import annotations

import copy

import pytest

from games.contract import Move, Seat, shape_errors
from games.nova_suecia import ENGINE
from games.nova_suecia.board import DISTRICT_INDEX


class Table:
    def __init__(self, seats: int = 4, letters: list[str] | None = None, **options) -> None:
        self.seat_count = seats
        self.state = ENGINE.setup([Seat(colour=f"c{n}") for n in range(seats)], options)
        for seat, resource in enumerate(letters or []):
            self.do("choose_letter_resource", seat, resource=resource)

    @property
    def active(self) -> int:
        return ENGINE.view(self.state)["active_seats"][0]

    def move(self, type_: str, seat: int | None, data: dict) -> Move:
        move = Move(type_, self.active if seat is None else seat, data)
        assert not shape_errors(ENGINE, move, self.seat_count), shape_errors(ENGINE, move, self.seat_count)
        return move

    def rules(self, type_: str, seat: int | None = None, **data) -> list[str]:
        """The rule sections a move breaks (empty when legal)."""
        return [v.rule for v in ENGINE.check(self.state, self.move(type_, seat, data))]

    def do(self, type_: str, seat: int | None = None, **data) -> Table:
        move = self.move(type_, seat, data)
        violations = ENGINE.check(self.state, move)
        assert violations == [], violations
        self.state = ENGINE.apply(self.state, move)
        return self

    def force(self, type_: str, seat: int | None = None, **data) -> Table:
        """Apply a move whatever check says (a record play)."""
        self.state = ENGINE.apply(self.state, self.move(type_, seat, data))
        return self

    def view(self) -> dict:
        return ENGINE.view(self.state)

    def player(self, index: int) -> dict:
        return self.state["players"][index]

    def district(self, district_id: str) -> dict:
        return self.state["districts"][DISTRICT_INDEX[district_id]]

    def edit(self, **changes) -> Table:
        """Arrange the table for a test: top-level keys replaced (deep copies)."""
        self.state = {**self.state, **copy.deepcopy(changes)}
        return self

    def edit_player(self, index: int, **changes) -> Table:
        players = copy.deepcopy(self.state["players"])
        players[index].update(changes)
        return self.edit(players=players)

    def edit_district(self, district_id: str, **changes) -> Table:
        districts = copy.deepcopy(self.state["districts"])
        districts[DISTRICT_INDEX[district_id]].update(changes)
        return self.edit(districts=districts)

    def ships(self, swedish: int, dutch: int, swedish_heading: int = 1, dutch_heading: int = -1) -> Table:
        return self.edit(
            ships={
                "swedish": {"at": swedish, "heading": swedish_heading},
                "dutch": {"at": dutch, "heading": dutch_heading},
            }
        )

    @staticmethod
    def colonist(player: int, option: str = "basic", upright: bool = True) -> dict:
        return {"player": player, "option": option, "upright": upright}

    def at_step(self, step: str, player: int | None = None) -> Table:
        return self.edit(step=step, player=self.state["player"] if player is None else player)


@pytest.fixture
def table():
    return Table
