"""Helpers for the Pax Baltica tests: a table at a scenario's start, moves, and blocks
placed where a rule is easiest to see."""

import copy

import pytest

from games.contract import Move, Seat
from games.pax_baltica import ENGINE


class Table:
    engine = ENGINE

    def setup(self, scenario: str = "12.1", **options):
        return ENGINE.setup([Seat("blue"), Seat("green")], {"scenario": scenario, **options})

    def play(self, state, *moves):
        """Apply moves that must all be legal."""
        for type_, seat, data in moves:
            move = Move(type_, seat, data)
            violations = ENGINE.check(state, move)
            assert violations == [], f"{type_} {data} refused: {violations}"
            state = ENGINE.apply(state, move)
        return state

    def rules(self, state, type_, seat, data):
        return [v.rule for v in ENGINE.check(state, Move(type_, seat, data))]

    def refused(self, state, type_, seat, data, section):
        rules = self.rules(state, type_, seat, data)
        return any(rule.startswith(section) for rule in rules)

    def place(self, state, name, at, steps=None, **fields):
        """A copy of the table with one block moved (the test's own arrangement)."""
        state = copy.deepcopy(state)
        block = state["blocks"][name]
        block["at"] = at
        block["steps"] = steps if steps is not None else (block["steps"] or state["tables"]["blocks"][name]["steps"])
        block.update(fields)
        return state

    def edit(self, state, **fields):
        state = copy.deepcopy(state)
        state.update(copy.deepcopy(fields))
        return state

    def actions(self, state, allied_roll=3):
        """12.1 first turn: Sweden acts with 3 actions once the Allied die is in."""
        return self.play(state, ("action_roll", 1, {"roll": allied_roll}))

    def steps(self, state, name):
        return state["blocks"][name]["steps"]

    def at(self, state, name):
        return state["blocks"][name]["at"]

    @staticmethod
    def names(view):
        """The blocks a view names: those whose face its viewer sees."""
        return {block["name"] for block in view["blocks"] if block["name"] is not None}

    @staticmethod
    def step(to, border="black"):
        return {"to": to, "border": border}

    def move(self, origin, *entries):
        """A group move: entries are (block, [territory or step, ...]); plain names cross black borders."""
        moves = [
            {"block": name, "path": [p if isinstance(p, dict) else self.step(p) for p in path]}
            for name, path in entries
        ]
        return {"from": origin, "moves": moves}


@pytest.fixture
def pb():
    return Table()
