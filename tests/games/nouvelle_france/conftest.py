"""Helpers for the Nouvelle France tests: a prepared table, moves, and positions on the sites.

Geometry follows the engine's component data (games/nouvelle_france/components.json): the church
is a 4 x 6 ring of walls (x in 0..3, y in 0..5), the mill a 5 x 5 ring, the redoubt four walls
meeting at diagonal joints; a cannon is 4 cubes in a line, a square 3 cubes in an L.
"""

import pytest

from games.contract import Move, Seat
from games.nouvelle_france import ENGINE

FOUR_COLOURS = ["white", "brown", "yellow", "blue"]
TALLY = {
    "redoubt": {"stick": 2, "levels": ["x2", "-", "+"], "standee_points": 5},
    "church": {"stick": 1, "levels": ["+", "x2", "-"], "standee_points": 4},
    "mill": {"stick": 3, "levels": ["-", "+", "x2"], "standee_points": 3},
}


def cubes(cells, colour="neutral"):
    """Cube data for cells (x, y, z); ``colour`` is one colour or a list, one per cell."""
    colours = colour if isinstance(colour, list) else [colour] * len(cells)
    return [{"x": x, "y": y, "z": z, "colour": c} for (x, y, z), c in zip(cells, colours)]


def row(y, xs, z):
    return [(x, y, z) for x in xs]


class Table:
    engine = ENGINE

    def new(self, players=2, options=None, strip=("cannon", "square"), first_player=0, colours=None):
        seats = [Seat(colour=c) for c in (colours or FOUR_COLOURS[:players])]
        state = ENGINE.setup(seats, options or {})
        data = {"tally_sticks": TALLY, "strip": list(strip), "first_player": first_player}
        return self.play(state, "setup_table", None, data)

    def check(self, state, type_, seat, data):
        return ENGINE.check(state, Move(type_, seat, data))

    def rules(self, state, type_, seat, data):
        return [v.rule for v in self.check(state, type_, seat, data)]

    def play(self, state, type_, seat, data):
        violations = self.check(state, type_, seat, data)
        assert violations == [], violations
        return ENGINE.apply(state, Move(type_, seat, data))

    def draw(self, state, card="cannon"):
        return self.play(state, "draw_card", state["active"], {"card": card})

    def place(self, state, card, site, cells, colour="neutral", seat=None):
        seat = state["active"] if seat is None else seat
        return self.play(state, "place_block", seat, {"card": card, "site": site, "cubes": cubes(cells, colour)})

    def with_cubes(self, state, site, cells, colour="neutral"):
        """The table with cubes already standing on a site (a position as the players built it)."""
        placed = dict(state["sites"][site]["cubes"])
        for cube in cubes(cells, colour):
            placed[f"{cube['x']},{cube['y']},{cube['z']}"] = cube["colour"]
        return {**state, "sites": {**state["sites"], site: {**state["sites"][site], "cubes": placed}}}

    def at_deck_position(self, state, position, snowflakes_drawn=None):
        """The table with ``position`` cards gone from the deck (the cards between played out)."""
        snowflakes = state["snowflakes"] if snowflakes_drawn is None else snowflakes_drawn
        counts = {**state["deck"]["counts"], "snowflake": 3 - snowflakes}
        return {**state, "snowflakes": snowflakes, "deck": {**state["deck"], "drawn": position, "counts": counts}}

    def snowstorm(self, state):
        """Draw the next snowflake, the deck being at the first card of its pile."""
        start = state["deck"]["snowflake_ranges"][state["snowflakes"]][0]
        state = self.at_deck_position(state, start)
        return self.draw(state, "snowflake")


@pytest.fixture
def table():
    return Table()
