"""The table's geometry and arithmetic: price squares, the river, the ships and influence.

Positions on the river: 0 is Fort Christina, 1 to 12 the Delaware river cards, 13 Fort
Nassau. District ids name the row and the river card they lie beside: ``N1`` to ``N12``
above the river, ``S1`` to ``S12`` below it.
"""

from __future__ import annotations

from games.contract import JSON
from games.nova_suecia.components import PRICE_SQUARES

CHRISTINA, NASSAU = 0, 13
RIVER_CARDS = 12
DISTRICT_IDS = tuple(f"{row}{card}" for row in "NS" for card in range(1, RIVER_CARDS + 1))
DISTRICT_INDEX = {district: index for index, district in enumerate(DISTRICT_IDS)}


def named_district(state: JSON, data: JSON) -> tuple[int, JSON]:
    """The district a move's ``data`` names: its index along the river and its card there."""
    index = DISTRICT_INDEX[data["district"]]
    return index, state["districts"][index]


def river_card(district_index: int) -> int:
    return district_index % RIVER_CARDS + 1


def districts_beside(card: int) -> tuple[int, int]:
    """The indexes of the two districts beside a river card (above, below)."""
    return card - 1, RIVER_CARDS + card - 1


def closest_fort(card: int) -> str:
    """Cards 1-6 lie closer to Fort Christina, 7-12 to Fort Nassau."""
    return "christina" if card <= RIVER_CARDS // 2 else "nassau"


def buy_square(cubes: int) -> int:
    """Index of the square a bought cube comes from: the last full one (the first, at the
    highest price, when the market is empty and the cube comes from stock)."""
    return max(cubes - 1, 0)


def sell_square(cubes: int) -> int:
    """Index of the square a sold cube goes to: the first empty one (the last, at the lowest
    price, when the market is full and the cube goes to stock)."""
    return min(cubes, PRICE_SQUARES - 1)


def buy(track: list[int], cubes: int, count: int) -> tuple[int, int]:
    """(thaler paid, cubes left) for buying ``count`` cubes one by one (section 4)."""
    paid = 0
    for _ in range(count):
        paid += track[buy_square(cubes)]
        cubes = max(cubes - 1, 0)
    return paid, cubes


def sell(track: list[int], cubes: int, count: int) -> tuple[int, int]:
    """(thaler received, cubes on the market) for selling ``count`` cubes one by one (section 4)."""
    received = 0
    for _ in range(count):
        received += track[sell_square(cubes)]
        cubes = min(cubes + 1, PRICE_SQUARES)
    return received, cubes


def sail(at: int, heading: int, steps: int, other: int) -> tuple[int, int, list[int]]:
    """Move a ship ``steps`` river cards (section 5.2): a step onto a fort goes on, turned, to
    the card next to it, the fort not counted (a ship on card 12 moving 1 towards Fort Nassau
    ends on card 12, heading for Fort Christina). Returns its new card and heading, and the
    cards of the other ship each time this one passed it (moved from one side of it to the
    other)."""
    side = (at > other) - (at < other)
    passed_at = []
    for _ in range(steps):
        at += heading
        if at in (CHRISTINA, NASSAU):  # reached a fort: turn, and go on to the card it came from
            heading = -heading
            at += heading
        new_side = (at > other) - (at < other)  # the sign of at - other
        if new_side and new_side != side:
            passed_at.append(other)
        side = new_side or side
    return at, heading, passed_at


def swedish_influence(card: int, swedish: int, dutch: int) -> bool:
    """Section 5.4: the districts on both sides of the Swedish ship up to, but not including,
    the Dutch ship are within Swedish influence; the rest within Dutch influence."""
    return card > dutch if swedish > dutch else card < dutch
