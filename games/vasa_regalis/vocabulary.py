"""The words of Vasa Regalis: goods, roles, rulebook sections and the event vocabulary."""

from __future__ import annotations

from dataclasses import dataclass

from games.contract import EventType, obj

GOODS = ("wood", "cloth", "iron", "sculpture")

SECTION_COMPONENTS = "1. Game components"
SECTION_OBJECT = "2. Object of the game"
SECTION_COURSE = "3. Course of the game"
SECTION_BUILDING = "4. Building"
SECTION_INSPECTION = "5. Inspection"
SECTION_INVENTORY = "6. Inventory (advanced rules)"
SECTION_END = "7. End of game"


@dataclass(frozen=True)
class Role:
    """A role card: its printed title, what its holder does, and which goods it concerns."""

    card: str
    action: str  # "procure", "exchange", "admiral" or "king"
    goods: tuple[str, ...]


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

_good = {"enum": list(GOODS)}
_value = {"type": "integer", "minimum": 1, "maximum": 3}
_seat = {"type": "integer", "minimum": 0}
_marker = obj({"good": _good, "value": _value})
_markers = {"type": "array", "items": _marker, "maxItems": 40}

EVENT_TYPES = {
    "choose_leader": EventType(
        description=(
            "Before the first round: the player who last built something takes the shipyard "
            "leader card (section 3). 'seat' names that player."
        ),
        schema=obj({"seat": _seat}),
        example={"seat": 0},
        seated=False,
    ),
    "choose_role": EventType(
        description="The seat whose turn it is chooses one of the eight role cards not yet chosen this round.",
        schema=obj({"role": {"enum": list(ROLES)}}),
        example={"role": "wood_procurer"},
    ),
    "procure": EventType(
        description=(
            "Take goods of value 1 from the supply: the procurer role's good (the chooser up to 2, "
            "each other player but the last in turn up to 1), or for the admiral and king up to 1 "
            "good of any type. An empty list procures nothing."
        ),
        schema=obj({"goods": {"type": "array", "items": _good, "maxItems": 2}}),
        example={"goods": ["wood", "wood"]},
    ),
    "exchange": EventType(
        description=(
            "Exchange pairs of one good for one of higher value, in order: 'make' 2 spends two of "
            "value 1, 'make' 3 spends one of value 1 and one of value 2. Craftsman: wood or "
            "sculpture; tailor/blacksmith: cloth or iron. The chooser up to 2 pairs, the others "
            "but the last in turn 1. An empty list exchanges nothing."
        ),
        schema=obj(
            {
                "pairs": {
                    "type": "array",
                    "items": obj({"good": _good, "make": {"enum": [2, 3]}}),
                    "maxItems": 2,
                }
            }
        ),
        example={"pairs": [{"good": "cloth", "make": 2}, {"good": "iron", "make": 2}]},
    ),
    "replace": EventType(
        description=(
            "Replace the good on one square of your own ship with a good of that type from your "
            "hand; 'value' is the value now on the ship. The admiral may fake it (same value); a "
            "player ordered by the king may not return the same good."
        ),
        schema=obj({"good": _good, "value": _value}),
        example={"good": "wood", "value": 2},
    ),
    "order_replacement": EventType(
        description=(
            "The king orders another player ('target') to replace the good on one square ('good') "
            "of the ship; both null when the king orders nothing."
        ),
        schema=obj({"target": {"type": ["integer", "null"], "minimum": 0}, "good": {"enum": [*GOODS, None]}}),
        example={"target": 1, "good": "wood"},
    ),
    "trade": EventType(
        description=(
            "Inventory (advanced rules): the seat hands 'give' to seat 'with' and receives 'receive' "
            "from it, as the two agreed."
        ),
        schema=obj({"with": _seat, "give": _markers, "receive": _markers}),
        example={"with": 1, "give": [{"good": "wood", "value": 3}], "receive": [{"good": "iron", "value": 2}]},
    ),
    "end_inventory": EventType(
        description="Inventory (advanced rules): the exchanges are over; the building action follows.",
        schema=obj({}),
        example={},
        seated=False,
    ),
    "choose_building": EventType(
        description="The seat asked chooses the good type every player now places on the ship.",
        schema=obj({"good": _good}),
        example={"good": "wood"},
    ),
    "pass_building": EventType(
        description="The seat asked passes the building choice to the next player clockwise.",
        schema=obj({}),
        example={},
    ),
    "place": EventType(
        description="Place one good of the chosen type face down on your ship; 'value' is its value.",
        schema=obj({"value": _value}),
        example={"value": 2},
    ),
    "inspect": EventType(
        description=(
            "After a building: look at one placed good ('good') on another player's ship "
            "('target'); both null to look at nothing."
        ),
        schema=obj({"target": {"type": ["integer", "null"], "minimum": 0}, "good": {"enum": [*GOODS, None]}}),
        example={"target": 1, "good": "wood"},
    ),
}

_count = {"type": "integer", "minimum": 0, "maximum": 99}

OPTIONS_SCHEMA = obj(
    {
        "inventory": {
            "type": "boolean",
            "description": "Play the advanced rules: an inventory action before each building (section 6).",
        },
        "goods_in_game": {
            **obj({"1": _count, "2": _count, "3": _count}),
            "description": "Edition data: how many markers of each value of every good are in the game.",
        },
        "operational_total": {
            "type": "integer",
            "minimum": 1,
            "description": "Edition data: the total value a part of the ship needs to be operational.",
        },
    },
    required=[],
)
