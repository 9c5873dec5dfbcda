"""The construction-block deck: which cards can still come, and where the snowflakes may be.

The deck is dealt into piles (GAME SETUP): pile 1 on top, the three snowflakes shuffled into
piles 2, 4 and 6. The order is hidden, so a draw is checked against what is possible: a card
still in the deck, a snowflake only within the range of its pile, and a snowflake forced when
its pile has no other card left. A Huron player's look at the top cards makes them known.
"""

from __future__ import annotations

from games.contract import JSON
from games.nouvelle_france import components
from games.nouvelle_france.components import SHAPES, SNOWFLAKE


def new_deck(one_card: bool) -> dict[str, JSON]:
    sizes = components.piles(one_card)
    snowflake_piles = components.snowflake_piles()
    ranges, position = [], 0
    for number, size in enumerate(sizes, start=1):
        size += number in snowflake_piles
        if number in snowflake_piles:
            ranges.append([position, position + size - 1])
        position += size
    counts = {shape: components.copies(shape) for shape in SHAPES}
    counts[SNOWFLAKE] = len(snowflake_piles)
    return {
        "counts": counts,
        "drawn": 0,
        "size": position,
        "snowflake_ranges": ranges,
        "known_top": [],
        "known_by": None,
    }


def remaining(deck: dict[str, JSON]) -> int:
    return deck["size"] - deck["drawn"]


def unseen_problem(deck: dict[str, JSON], cards: list[str]) -> str | None:
    """Why ``cards`` cannot be the next unseen cards of the deck (below the known top), or None."""
    counts, known_top = deck["counts"], deck["known_top"]
    for card in dict.fromkeys(cards):
        if cards.count(card) > counts.get(card, 0) - known_top.count(card):
            return f"No {card_name(card)} card is left in the deck."
    first = deck["drawn"] + len(known_top)
    last = first + len(cards) - 1
    if last >= deck["size"]:
        return "The deck has no card left to draw."
    unseen = counts[SNOWFLAKE] - known_top.count(SNOWFLAKE)
    ranges = deck["snowflake_ranges"]
    forced = possible = 0  # snowflakes whose pile ends by the last card, and that may come by it
    for start, end in ranges[len(ranges) - unseen :]:
        forced += end <= last
        possible += start <= last
    snowflakes = cards.count(SNOWFLAKE)
    if snowflakes < forced:
        return "A snowflake card must come here: its pile has no other card left."
    if snowflakes > possible:
        return "The snowflake cards were shuffled into piles 2, 4 and 6 only: none can come here yet."
    return None


def draw(deck: dict[str, JSON], card: str) -> dict[str, JSON]:
    """The deck after ``card`` was drawn from its top."""
    counts = dict(deck["counts"])
    counts[card] = max(0, counts.get(card, 0) - 1)
    known = deck["known_top"][1:]
    known_by = deck["known_by"] if known else None
    return {**deck, "counts": counts, "drawn": deck["drawn"] + 1, "known_top": known, "known_by": known_by}


def card_name(card: str) -> str:
    return "snowflake" if card == SNOWFLAKE else components.block_name(card)
