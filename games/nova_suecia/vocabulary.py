"""The event vocabulary of Nova Suecia and the options a play may start with."""

from __future__ import annotations

from games.contract import EventType, obj
from games.nova_suecia.board import DISTRICT_IDS
from games.nova_suecia.components import DISTRICT_TYPES, RESOURCES

_resource = {"enum": list(RESOURCES)}
_district = {"enum": list(DISTRICT_IDS)}
_draw = obj(
    {
        "resource": _resource,
        "gold": {"enum": ["add", "remove"]},
        "discarded": _resource,
        "picked": _resource,
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
        "right_hand_buys_less": {"type": "array", "items": _resource},
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

EVENT_TYPES = {
    "choose_letter_resource": EventType(
        description="Section 3 step 7: in turn order, a player places a resource of their choice from stock on the letter.",
        schema=obj({"resource": _resource}),
        example={"resource": "colonist"},
    ),
    "letter": EventType(
        description=(
            "Section 5.1: the letter's resources go into the ship bag, 'resource' is the new one placed on the "
            "letter, and 'draws' are the cubes drawn from the bag in order (one per resource put in). A gold draw "
            "says whether gold is added to or removed from its market; a plant draw says which cube was "
            "'discarded' (7.1 Stormy Seas) or 'picked' (7.2 Pirate Seas). With 7.3 Letters Answered the draws "
            "are the letter's own resources."
        ),
        schema=obj({"resource": _resource, "draws": {"type": "array", "items": _draw, "maxItems": 13}}),
        example={"resource": "iron", "draws": [{"resource": "gold", "gold": "add"}]},
    ),
    "sail": EventType(
        description=(
            "Section 5.2: the Swedish ship moves 1 or 2 river cards and opens the district 'open' beside it "
            "('revealed' names the card the first time it is turned up; null when no district can be opened); "
            "then the Dutch ship moves 1 or 2 and closes the empty districts beside it."
        ),
        schema=obj(
            {
                "swedish": {"enum": [1, 2]},
                "open": {"anyOf": [_district, {"type": "null"}]},
                "revealed": {"anyOf": [{"enum": list(DISTRICT_TYPES)}, {"type": "null"}]},
                "dutch": {"enum": [1, 2]},
            },
            required=["swedish", "open", "dutch"],
        ),
        example={"swedish": 2, "open": "N2", "revealed": "farm", "dutch": 1},
    ),
    "invest": EventType(
        description=(
            "Section 5.3.1: seal the open 'district' (if not yet yours), move a colonist (bought first when "
            "'buy_colonist') to its left or right investment triangle and buy the inputs of 'option' (a recipe "
            "of the district card: basic, tools, log_cabin, fur, wildcard); 'flip_log_cabin' feeds the colonist "
            "with the district's log cabin instead of 1 grain. The raid (5.4) follows."
        ),
        schema=obj(
            {
                "district": _district,
                "triangle": {"enum": ["left", "right"]},
                "option": {"type": "string", "minLength": 1, "maxLength": 40},
                "buy_colonist": {"type": "boolean"},
                "flip_log_cabin": {"type": "boolean"},
            },
            required=["district", "triangle", "option"],
        ),
        example={"district": "N2", "triangle": "left", "option": "basic", "buy_colonist": False},
    ),
    "produce": EventType(
        description=(
            "Section 5.3.2: lay down your upright colonist in 'district' / 'triangle' and sell its production "
            "('resources' lists the wildcard resources chosen at a trade post). The raid (5.4) follows."
        ),
        schema=obj(
            {
                "district": _district,
                "triangle": {"enum": ["left", "right"]},
                "resources": {"type": "array", "items": _resource, "maxItems": 24},
            },
            required=["district", "triangle"],
        ),
        example={"district": "N2", "triangle": "left"},
    ),
    "day_work": EventType(
        description="Section 5.3.3: lay down 1 colonist on the letter and take 1 thaler.",
        schema=obj({}),
        example={},
    ),
    "assemble": EventType(
        description=(
            "Section 5.3.4: take back the laid down colonists (1 thaler each); standing ones on the letter go to "
            "stock; seals on districts left without colonists come back and those districts close. With 7.4 "
            "Royal Audience, 'audience' lists resources added to the letter (1 thaler each, 1 more when "
            "'repeat' allows a type already there)."
        ),
        schema=obj(
            {
                "audience": {
                    "type": "array",
                    "items": obj({"resource": _resource, "repeat": {"type": "boolean"}}, required=["resource"]),
                    "maxItems": 24,
                }
            },
            required=[],
        ),
        example={},
    ),
    "treasury": EventType(
        description="Section 5.3.5: once a turn, a 'loan' or a 'deposit' on the gold market.",
        schema=obj({"kind": {"enum": ["loan", "deposit"]}}),
        example={"kind": "loan"},
    ),
    "end_turn": EventType(
        description="The player ends the turn (after the Colonist action and the raid; a Treasury action may precede it).",
        schema=obj({}),
        example={},
    ),
}
