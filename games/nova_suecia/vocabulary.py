"""The options a play may start with (the variants of section 7, a club's own component data)
and the pieces of JSON Schema the moves' declarations share (each move declares its own
schema with its rule, in the module of its section)."""

from __future__ import annotations

from games.contract import obj
from games.nova_suecia.board import DISTRICT_IDS
from games.nova_suecia.components import DISTRICT_TYPES, RESOURCES

RESOURCE = {"enum": list(RESOURCES)}
DISTRICT = {"enum": list(DISTRICT_IDS)}
DRAW = obj(
    {
        "resource": RESOURCE,
        "gold": {"enum": ["add", "remove"]},
        "discarded": RESOURCE,
        "picked": RESOURCE,
    },
    required=["resource"],
)
_track = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 12, "maxItems": 12}
_gold_step = obj({k: {"type": "integer", "minimum": 0} for k in ("thaler", "deposit", "loan")})
_counts = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
_recipe = obj(
    {
        "buy": _counts,
        "produce": _counts,
        "trade": {"enum": ["fur", "wildcard"]},
        "right_hand_buys_less": {"type": "array", "items": RESOURCE},
    },
    required=["buy", "produce"],
)

OPTIONS_SCHEMA = obj(
    {
        "sea": {
            "enum": ["calm", "stormy", "pirate"],
            "description": "calm (the basic game), 7.1 Stormy Seas or 7.2 Pirate Seas.",
        },
        "letters_answered": {"type": "boolean", "description": "7.3 Letters Answered: no ship bag."},
        "royal_audience": {"type": "boolean", "description": "7.4 Royal Audience at Assemble."},
        "neutral_player": {"type": "boolean", "description": "7.5 Two Player Variant: a neutral third player."},
        "components": obj(
            {
                "prices": {"type": "object", "properties": {r: _track for r in RESOURCES if r != "gold"}},
                "gold": {"type": "array", "items": _gold_step, "minItems": 12, "maxItems": 12},
                "districts": {
                    "type": "object",
                    "properties": {
                        kind: {"type": "object", "additionalProperties": _recipe} for kind in DISTRICT_TYPES
                    },
                },
            },
            required=[],
        ),
    },
    required=[],
)
