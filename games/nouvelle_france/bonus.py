"""BONUS CONSTRUCTION BLOCKS: instead of drawing, place your beam, post or peg in its window.

"The BEAM must be placed before the first snowflake card is drawn. The POST ... after the first
snowflake card is drawn but before the second. The PEG ... after the second snowflake card is
drawn but before the third. If a player decides to place a bonus construction block, they do
not draw a construction-block card ... If a player mistakenly draws a card, they cannot place
their block this turn." Blocks left in hand go back to the box at the snowflake (snowstorms.py).
"""

from __future__ import annotations

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.nouvelle_france.choices import bonus_choices
from games.nouvelle_france.components import BONUS_BLOCKS, block_name
from games.nouvelle_france.placement import refuse_placement
from games.nouvelle_france.says import said_bonus
from games.nouvelle_france.sections import BONUS, TURN
from games.nouvelle_france.turn import build, end_turn, not_your_turn
from games.nouvelle_france.vocabulary import BONUS_BLOCK, CUBES, SITE

WINDOWS = (
    "before the first snowflake card is drawn",
    "after the first snowflake card is drawn but before the second",
    "after the second snowflake card is drawn but before the third",
)


@move(
    "place_bonus_block",
    section=BONUS,
    description="BONUS CONSTRUCTION BLOCKS: instead of drawing, place your beam, post or peg (all cubes your colour).",
    schema=obj({"block": BONUS_BLOCK, "site": SITE, "cubes": CUBES}),
    example={
        "block": "post",
        "site": "mill",
        "cubes": [{"x": 0, "y": 0, "z": 1, "colour": "white"}, {"x": 1, "y": 0, "z": 1, "colour": "white"}],
    },
    choices=bonus_choices,
    says=said_bonus,
)
def place_bonus_block(table: Table, move: Move) -> None:
    """BONUS CONSTRUCTION BLOCKS: the block of the current window, still in hand, before drawing;
    placed by the PLACEMENT RULES and scored as a turn's block (PLAYER TURN)."""
    state, block = table.state, move.data["block"]
    player = state["players"][move.seat]
    index = BONUS_BLOCKS.index(block)
    if move.seat != state["active"]:
        table.refuse(TURN, not_your_turn(state))
    elif state["turn"]["drawn"]:
        table.refuse(BONUS, "Having drawn a card this turn, you cannot place a bonus construction block.")
    elif index != state["snowflakes"]:
        table.refuse(BONUS, f"The {block_name(block).lower()} must be placed {WINDOWS[index]}.")
    elif player["bonus_blocks"][block] != "in hand":
        table.refuse(BONUS, f"Your {block_name(block).lower()} is {player['bonus_blocks'][block]}.")
    else:
        if any(cube["colour"] != player["colour"] for cube in move.data["cubes"]):
            table.refuse(BONUS, f"Your bonus construction blocks are all {player['colour']}.")
        refuse_placement(table, move.data, block)
    build(table, move.seat, move.data, block, with_allies=True)
    table.at("players", move.seat, "bonus_blocks")[block] = "placed"
    end_turn(table)


def may_place_bonus_block(state: JSON) -> bool:
    """BONUS CONSTRUCTION BLOCKS: the active player has not drawn, and holds the window's block."""
    window = state["snowflakes"]
    player = state["players"][state["active"]]
    return not state["turn"]["drawn"] and player["bonus_blocks"][BONUS_BLOCKS[window]] == "in hand"
