"""The JSON Schemas of a Nouvelle France play: its options, and the parts each move's schema is
made of (each move declares its own schema beside its rule, with ``@move``)."""

from __future__ import annotations

from games.contract import obj
from games.nouvelle_france.components import (
    ALLIES,
    BONUS_BLOCKS,
    COLOURS,
    NEUTRAL,
    SHAPES,
    SITES,
    SNOWFLAKE,
    TALLY_VALUES,
)

INTEGER = {"type": "integer"}
SITE = {"enum": list(SITES)}
SHAPE = {"enum": list(SHAPES)}
CARD = {"enum": [*SHAPES, SNOWFLAKE]}
BONUS_BLOCK = {"enum": list(BONUS_BLOCKS)}
ALLY = {"enum": list(ALLIES)}
CUBE = obj(
    {"x": INTEGER, "y": INTEGER, "z": {"type": "integer", "minimum": 1}, "colour": {"enum": [*COLOURS, NEUTRAL]}}
)
CUBES = {"type": "array", "items": CUBE, "minItems": 1, "maxItems": 27}
CELL = {"type": "array", "items": INTEGER, "minItems": 2, "maxItems": 2}
BLOCK_CUBES = {
    "anyOf": [
        {"type": "array", "items": {"type": "array", "items": INTEGER, "minItems": 3, "maxItems": 3}, "minItems": 1},
        {"type": "null"},
    ]
}
TALLY_STICK = obj(
    {
        "stick": {"type": "integer", "minimum": 1, "maximum": 3},
        "levels": {"type": "array", "items": {"enum": list(TALLY_VALUES)}, "minItems": 3, "maxItems": 3},
        "standee_points": {"type": "integer", "minimum": 0},
    }
)

OPTIONS_SCHEMA = obj(
    {
        "one_card": {
            "type": "boolean",
            "description": "Simplified rule 1: one visible card per turn, deck dealt into 6 piles of 6.",
        },
        "allies": {
            "enum": ["normal", "once", "none"],
            "description": "Ally tokens: back after every snowflake (normal), once per game (simplified rule 2), or left out.",
        },
        "shapes": {
            "type": "object",
            "description": "Edition data: the cubes [x, y, z] of a block in one orientation; null when unknown.",
            "properties": {name: BLOCK_CUBES for name in [*SHAPES, *BONUS_BLOCKS]},
            "additionalProperties": False,
        },
        "sites": {
            "type": "object",
            "description": "Edition data: a site's foundation cells [x, y] and the redoubt's joints (pairs of cells).",
            "properties": {
                site: obj(
                    {
                        "footprint": {"type": "array", "items": CELL, "minItems": 1},
                        "joints": {
                            "type": "array",
                            "items": {"type": "array", "items": CELL, "minItems": 2, "maxItems": 2},
                        },
                    },
                    required=["footprint"],
                )
                for site in SITES
            },
            "additionalProperties": False,
        },
    },
    required=[],
)

EXAMPLE_CUBES = [
    {"x": 0, "y": 1, "z": 1, "colour": "brown"},
    {"x": 0, "y": 2, "z": 1, "colour": "neutral"},
    {"x": 0, "y": 3, "z": 1, "colour": "white"},
    {"x": 0, "y": 4, "z": 1, "colour": "brown"},
]
