"""The pieces of the event vocabulary the moves share: JSON Schemas of dice, names, paths and
national results, and why a moved block's name is its mover's."""

from __future__ import annotations

from games.contract import obj

DIE = {"type": "integer", "minimum": 1, "maximum": 6}
DICE = {"type": "array", "items": DIE, "maxItems": 4}
NAME = {"type": "string", "minLength": 1, "maxLength": 60}
NAMES = {"type": "array", "items": NAME, "maxItems": 40}
NATION = {
    "enum": ["sweden", "russia", "saxony", "denmark", "poland", "prussia", "turkey", "ukraine", "hanover", "britain"]
}
STEP = obj({"to": NAME, "border": {"enum": ["black", "red"]}})
PATH = {"type": "array", "items": STEP, "maxItems": 8}
NATIONAL_RESULT = obj(
    {"nation": NATION, "roll": DIE, "blocks": NAMES, "choice": NAME, "roll2": DIE},
    required=["nation", "roll"],
)

#: Why a moving block is named only to its mover (group moves, force-march rolls, regroups).
MOVED_BLOCK = "2.11, 3.42: a block moves standing upright; the enemy sees a block go, not which one"
