"""SNOWSTORMS: a snowflake drawn scores the level in play, covers it and prepares the next round.

"1. CALCULATION OF POINTS FOR LEVEL IN PLAY": per site and colour, the cubes of the level times
the tally stick's value ("+" once, "2" twice, "-" lost). "2. PLACING THE SNOWDRIFTS": the level
is covered (covered cubes no longer score, geometry.linked_cubes). "PREPARATION FOR THE NEXT
ROUND": unused bonus blocks of the window go back to the box (BONUS CONSTRUCTION BLOCKS), the
Ally tokens come back (ALLY TOKENS; not in SIMPLIFICATION 2), and the player who drew the
snowflake draws again. The third snowflake is the END OF THE GAME (end.py).
"""

from __future__ import annotations

from games.contract import JSON
from games.kit import Table
from games.nouvelle_france.components import BONUS_BLOCKS, LEVELS, TALLY_VALUES
from games.nouvelle_france.end import end_of_game

#: What a level's cubes are worth by the tally stick's value: "+", "x2" (printed "2"), "-".
TALLY_FACTORS = dict(zip(TALLY_VALUES, (1, 2, -1)))


def snowstorm(table: Table) -> None:
    """SNOWSTORMS: score the level in play with the tally sticks, cover it, prepare the next round."""
    state = table.state
    level = state["snowflakes"] + 1
    colours = [player["colour"] for player in state["players"]]
    scores = list(state["scores"])
    tally: dict[str, dict[str, int]] = {}
    in_play = f",{level}"  # how the keys ("x,y,z") of the level's cubes end
    for site_key, site in state["sites"].items():
        factor = TALLY_FACTORS[site["tally"]["levels"][level - 1]]
        counts = dict.fromkeys(colours, 0)
        for cell_key, colour in site["cubes"].items():
            if colour in counts and cell_key.endswith(in_play):
                counts[colour] += 1
        tally[site_key] = {colour: factor * count for colour, count in counts.items()}
        for seat, colour in enumerate(colours):
            scores[seat] += tally[site_key][colour]
    allies_rule = state["options"]["allies"]
    table.update(
        scores=scores,
        snowflakes=level,
        snowstorms=[*state["snowstorms"], tally],
        players=[_after_snowflake(player, level, allies_rule) for player in state["players"]],
    )
    if level == LEVELS:
        end_of_game(table)
        return
    table.set("phase", "draw")


def _after_snowflake(player: JSON, level: int, allies_rule: str) -> JSON:
    """PREPARATION FOR THE NEXT ROUND: unused bonus blocks of the window go back to the box;
    Allies come back (normal rule)."""
    window_block = BONUS_BLOCKS[level - 1]
    bonus_blocks = dict(player["bonus_blocks"])
    if bonus_blocks[window_block] == "in hand":
        bonus_blocks[window_block] = "returned to the box"
    allies = player["allies"]
    if allies_rule == "normal":
        allies = dict.fromkeys(allies, "face up")
    return {**player, "bonus_blocks": bonus_blocks, "allies": allies}
