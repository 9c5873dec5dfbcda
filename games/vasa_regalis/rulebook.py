"""The words of the rulebook: its sections, the goods and the role cards, in one place.

Every violation names one of these: a section as printed (``1. Game components`` ... ``7. End
of game``) or a role card by its title (``Wood Procurer``, ``King``). ``grep`` for a section's
number or a card's title finds the rules that cite it.
"""

from __future__ import annotations

from dataclasses import dataclass

SECTION_COMPONENTS = "1. Game components"
SECTION_OBJECT = "2. Object of the game"
SECTION_COURSE = "3. Course of the game"
SECTION_BUILDING = "4. Building"
SECTION_INSPECTION = "5. Inspection"
SECTION_INVENTORY = "6. Inventory (advanced rules)"
SECTION_END = "7. End of game"

#: Section 1: the four goods, each with its square on every ship card.
GOODS = ("wood", "cloth", "iron", "sculpture")


@dataclass(frozen=True)
class Role:
    """A role card: its printed title (the section its rules cite), what its holder does, and
    which goods it concerns."""

    card: str
    action: str  # "procure", "exchange", "admiral" or "king"
    goods: tuple[str, ...]


#: The eight role cards (section 1), in the order of the card sheet.
ROLES = {
    "wood_procurer": Role("Wood Procurer", "procure", ("wood",)),
    "cloth_procurer": Role("Cloth Procurer", "procure", ("cloth",)),
    "iron_procurer": Role("Iron Procurer", "procure", ("iron",)),
    "sculpture_procurer": Role("Sculpture Procurer", "procure", ("sculpture",)),
    "craftsman": Role("Craftsman", "exchange", ("wood", "sculpture")),
    "tailor_blacksmith": Role("Tailor/Blacksmith", "exchange", ("cloth", "iron")),
    "admiral": Role("Admiral", "admiral", GOODS),
    "king": Role("King", "king", GOODS),
}
KING = ROLES["king"].card

#: JSON Schema pieces of the event vocabulary: a good, a good's value, a seat.
GOOD = {"enum": list(GOODS)}
VALUE = {"type": "integer", "minimum": 1, "maximum": 3}
SEAT = {"type": "integer", "minimum": 0}
