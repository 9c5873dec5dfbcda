"""The event vocabulary of Pax Baltica: one entry per kind of move logged at the table."""

from __future__ import annotations

from games.contract import EventType, obj

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

EVENT_TYPES = {
    "activation_roll": EventType(
        description="Activation phase (6.10, 9.4-9.9): a die rolled for a nation's entry into the war.",
        schema=obj({"nation": NATION, "roll": DIE}),
        example={"nation": "denmark", "roll": 6},
    ),
    "draw_block": EventType(
        description=(
            "Replacements (5.2, 5.3): the block drawn from a nation's pool, the steps bought and where it is "
            "deployed; steps 0 when the RP cannot pay for it (they are spent)."
        ),
        schema=obj(
            {"block": NAME, "steps": {"type": "integer", "minimum": 0, "maximum": 4}, "territory": NAME},
            required=["block", "steps"],
        ),
        example={"block": "Flemming", "steps": 3, "territory": "Sachsen"},
    ),
    "reinforce": EventType(
        description="On-map replacements (5.4): steps bought with RP for a block in supply.",
        schema=obj({"block": NAME, "steps": {"type": "integer", "minimum": 1, "maximum": 3}}),
        example={"block": "Pjotr I", "steps": 1},
    ),
    "end_replacements": EventType(
        description="A player has placed all replacements for the year; unused RP are lost (5.7).",
        schema=obj({}),
        example={},
    ),
    "action_roll": EventType(
        description=(
            "Action-roll phase (3.1): the player's final die; 'rerolled_from' lists earlier dice re-rolled "
            "under the optional rules 13.1 to 13.3."
        ),
        schema=obj({"roll": DIE, "rerolled_from": {"type": "array", "items": DIE, "maxItems": 12}}, required=["roll"]),
        example={"roll": 4},
    ),
    "night_rider_roll": EventType(
        description="11.1: the Swedish roll for Karl XII's return, with the territory he enters when it succeeds.",
        schema=obj({"roll": DIE, "territory": NAME}, required=["roll"]),
        example={"roll": 6, "territory": "Skane"},
    ),
    "general_event": EventType(
        description=(
            "14.1: the general event of a player who rolled a 6, with the sub-rolls: region_roll (results 2 and 3), "
            "recruitment per country at war (4: its die and the blocks gaining a step each), national results (5, 6)."
        ),
        schema=obj(
            {
                "roll": DIE,
                "region_roll": DIE,
                "recruitment": {
                    "type": "array",
                    "items": obj({"nation": NATION, "roll": DIE, "blocks": NAMES}),
                    "maxItems": 10,
                },
                "national": {"type": "array", "items": NATIONAL_RESULT, "maxItems": 4},
            },
            required=["roll"],
        ),
        example={"roll": 2, "region_roll": 4},
    ),
    "spy": EventType(
        description="3.41: an army or regiment spies into a neighbouring territory; its enemy blocks are revealed.",
        schema=obj({"block": NAME, "target": NAME}),
        example={"block": "Vellinck", "target": "Ingermanland"},
    ),
    "group_move": EventType(
        description=(
            "3.42 / 4.x / 8.1: one action moving blocks of one group; each block's path lists the territories or "
            "sea zones entered, with the colour of each border crossed. Also the weather move (Karl XII)."
        ),
        schema=obj(
            {"from": NAME, "moves": {"type": "array", "items": obj({"block": NAME, "path": PATH}), "minItems": 1}}
        ),
        example={
            "from": "Estland",
            "moves": [{"block": "Vellinck", "path": [{"to": "Ingermanland", "border": "black"}]}],
        },
    ),
    "force_march": EventType(
        description="4.5: the die for a block that force-marched, rolled after all of the player's movement.",
        schema=obj({"block": NAME, "roll": DIE}),
        example={"block": "Vellinck", "roll": 5},
    ),
    "declare_siege": EventType(
        description="3.43: an action declaring a siege attempt where the player already has a block.",
        schema=obj({"territory": NAME}),
        example={"territory": "Nyen"},
    ),
    "national_event": EventType(
        description=(
            "3.44 / 14.2: an action rolling on a nation's table, with the blocks (one per step) or choice "
            "(truce partner, excluded block) the result asks for, and roll2 for the Polish Parliament."
        ),
        schema=NATIONAL_RESULT,
        example={"nation": "sweden", "roll": 6},
    ),
    "rebuild": EventType(
        description="3.45: an action adding one step to an on-map block in supply (not a warship).",
        schema=obj({"block": NAME}),
        example={"block": "Karl XII"},
    ),
    "end_actions": EventType(
        description="The acting player ends the actions (unused actions are lost, 3.0), or forgoes the weather move.",
        schema=obj({}),
        example={},
    ),
    "cede_territory": EventType(
        description="10.1: Sweden cedes Bremen-Verden to Hanover or Pommern to Prussia (no action; -4 RP for good).",
        schema=obj({"territory": {"enum": ["Bremen-Verden", "Pommern"]}}),
        example={"territory": "Bremen-Verden"},
    ),
    "start_battle": EventType(
        description="6.1: Player 1 picks the next battle; 6.22: the border (territory) of the main attack.",
        schema=obj({"territory": NAME, "main_attack_from": NAME}, required=["territory"]),
        example={"territory": "Ingermanland", "main_attack_from": "Estland"},
    ),
    "combat_fire": EventType(
        description=(
            "6.31: a block's combat turn: its dice (one per step); 'targets' names the block each hit lands on where "
            "the owner chose between equally strong blocks (6.32); 'keep' the conquest the victor keeps when the "
            "roll kills Frederik IV, August II or Pjotr I (6.9)."
        ),
        schema=obj({"block": NAME, "dice": DICE, "targets": NAMES, "keep": NAME}, required=["block", "dice"]),
        example={"block": "Pjotr I", "dice": [1, 2, 4, 5]},
    ),
    "combat_retreat": EventType(
        description="6.5: a block retreats in its combat turn (or must, after round 3); an empty path when it cannot.",
        schema=obj({"block": NAME, "path": PATH}),
        example={"block": "Repnin", "path": [{"to": "Novgorod", "border": "black"}]},
    ),
    "regroup": EventType(
        description="6.6: the victor moves blocks of the battle territory one territory to friendly ones.",
        schema=obj({"moves": {"type": "array", "items": obj({"block": NAME, "to": STEP}), "minItems": 1}}),
        example={"moves": [{"block": "Karl XII", "to": {"to": "Estland", "border": "black"}}]},
    ),
    "siege": EventType(
        description=(
            "3.43 / 6.7: a siege attempt: each besieger's dice, the garrison's dice (fired back as C1), 'targets' "
            "for the garrison's hits where the owner chose, 'keep' the conquest a truce lets the victor keep."
        ),
        schema=obj(
            {
                "territory": NAME,
                "rolls": {"type": "array", "items": obj({"block": NAME, "dice": DICE}), "minItems": 1},
                "garrison_dice": DICE,
                "targets": NAMES,
                "keep": NAME,
            },
            required=["territory", "rolls", "garrison_dice"],
        ),
        example={"territory": "Nyen", "rolls": [{"block": "Pjotr I", "dice": [1, 3, 5, 6]}], "garrison_dice": []},
    ),
    "forgo_siege": EventType(
        description="3.43: the player lets a free siege (after moving into an empty enemy territory) go.",
        schema=obj({"territory": NAME}),
        example={"territory": "Novgorod"},
    ),
    "supply_check": EventType(
        description="7.3-7.5: a player's forage check: the blocks losing a step to attrition, one entry per step.",
        schema=obj({"losses": NAMES}),
        example={"losses": []},
    ),
    "weather_roll": EventType(
        description="Never mind the weather: the Swedish die after winter; 5 or 6 allows a move with Karl XII.",
        schema=obj({"roll": DIE}),
        example={"roll": 5},
    ),
}
