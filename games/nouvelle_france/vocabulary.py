"""The event vocabulary and the options of a Nouvelle France play (JSON Schemas)."""

from __future__ import annotations

from games.contract import EventType, obj
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

_integer = {"type": "integer"}
_site = {"enum": list(SITES)}
_shape = {"enum": list(SHAPES)}
_card = {"enum": [*SHAPES, SNOWFLAKE]}
_cube = obj(
    {"x": _integer, "y": _integer, "z": {"type": "integer", "minimum": 1}, "colour": {"enum": [*COLOURS, NEUTRAL]}}
)
_cubes = {"type": "array", "items": _cube, "minItems": 1, "maxItems": 27}
_cell = {"type": "array", "items": _integer, "minItems": 2, "maxItems": 2}
_block_cubes = {
    "anyOf": [
        {"type": "array", "items": {"type": "array", "items": _integer, "minItems": 3, "maxItems": 3}, "minItems": 1},
        {"type": "null"},
    ]
}
_tally_stick = obj(
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
            "properties": {name: _block_cubes for name in [*SHAPES, *BONUS_BLOCKS]},
            "additionalProperties": False,
        },
        "sites": {
            "type": "object",
            "description": "Edition data: a site's foundation cells [x, y] and the redoubt's joints (pairs of cells).",
            "properties": {
                site: obj(
                    {
                        "footprint": {"type": "array", "items": _cell, "minItems": 1},
                        "joints": {
                            "type": "array",
                            "items": {"type": "array", "items": _cell, "minItems": 2, "maxItems": 2},
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

_example_cubes = [
    {"x": 0, "y": 1, "z": 1, "colour": "brown"},
    {"x": 0, "y": 2, "z": 1, "colour": "neutral"},
    {"x": 0, "y": 3, "z": 1, "colour": "white"},
    {"x": 0, "y": 4, "z": 1, "colour": "brown"},
]

EVENT_TYPES = {
    "setup_table": EventType(
        description=(
            "GAME SETUP: the tally stick drawn at random for each site (its number, its value for "
            "levels 1, 2 and 3, and the points of the bonus disk on the site's standee), the two cards "
            "drawn onto the identification strip (none in the one-card variant), and the first player."
        ),
        schema=obj(
            {
                "tally_sticks": obj({site: _tally_stick for site in SITES}),
                "strip": {"type": "array", "items": _shape, "maxItems": 2},
                "first_player": {"type": "integer", "minimum": 0},
            }
        ),
        example={
            "tally_sticks": {
                "redoubt": {"stick": 2, "levels": ["x2", "+", "-"], "standee_points": 5},
                "church": {"stick": 1, "levels": ["+", "-", "x2"], "standee_points": 3},
                "mill": {"stick": 3, "levels": ["-", "x2", "+"], "standee_points": 4},
            },
            "strip": ["cannon", "eel"],
            "first_player": 0,
        },
        seated=False,
    ),
    "draw_card": EventType(
        description="PLAYER TURN: the active player draws the top card of the deck (a block's shape or a snowflake).",
        schema=obj({"card": _card}),
        example={"card": "cross"},
    ),
    "place_block": EventType(
        description=(
            "PLAYER TURN: place the block of a visible card (or the block offered by a player unable to "
            "place it) on a site; every cube with its cell and colour."
        ),
        schema=obj({"card": _shape, "site": _site, "cubes": _cubes}),
        example={"card": "cannon", "site": "redoubt", "cubes": _example_cubes},
    ),
    "place_bonus_block": EventType(
        description="BONUS CONSTRUCTION BLOCKS: instead of drawing, place your beam, post or peg (all cubes your colour).",
        schema=obj({"block": {"enum": list(BONUS_BLOCKS)}, "site": _site, "cubes": _cubes}),
        example={
            "block": "post",
            "site": "mill",
            "cubes": [{"x": 0, "y": 0, "z": 1, "colour": "white"}, {"x": 1, "y": 0, "z": 1, "colour": "white"}],
        },
    ),
    "offer_block": EventType(
        description=(
            "A PLAYER IS UNABLE TO PLACE A BLOCK: the active player cannot place the block of a visible "
            "card; it is offered to the others from the left."
        ),
        schema=obj({"card": _shape}),
        example={"card": "horseshoe"},
    ),
    "pass_offer": EventType(
        description="A PLAYER IS UNABLE TO PLACE A BLOCK: the player offered the block cannot place it either.",
        schema=obj({}),
        example={},
    ),
    "play_ally": EventType(
        description=(
            "ALLY TOKENS: Fille du Roy (active player, doubles the turn's points), Coureur des bois "
            "(another player, half the active player's points), or Huron (before a turn: the top cards "
            "of the deck, up to 3, in the new order the player put them back, top first)."
        ),
        schema=obj(
            {"ally": {"enum": list(ALLIES)}, "cards": {"type": "array", "items": _card, "maxItems": 3}},
            required=["ally"],
        ),
        example={"ally": "fille_du_roy"},
    ),
}
