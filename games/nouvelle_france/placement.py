"""PLACEMENT RULES: where a block may go on its site (the grid itself is geometry.py).

"The construction blocks must be placed from above ... cannot be inserted under other blocks.
The walls cannot be more than 3 cubes high. The construction blocks must stay within the limits
of the foundations. The construction blocks must be free standing; they cannot use other blocks
or the snowdrifts for support." Each rule broken is its own refusal.
"""

from __future__ import annotations

from games.contract import JSON
from games.kit import Table, last_answer
from games.nouvelle_france import geometry
from games.nouvelle_france.components import MAX_HEIGHT, block_name
from games.nouvelle_france.sections import PLACEMENT, TURN


def refuse_placement(table: Table, data: dict[str, JSON], block: str) -> None:
    """Refuse every PLACEMENT RULE the block's cubes break on their site, and cubes that are not
    that block (PLAYER TURN: the block "corresponding" to the card)."""
    site = table.state["sites"][data["site"]]
    cells, keys = placed(data["cubes"])
    rotations = geometry.block_shapes(table.state["blocks"])[block]
    if len(set(cells)) < len(cells):
        table.refuse(PLACEMENT, "Two cubes of one block cannot fill the same space.")
        return
    if rotations is not None and geometry.anchored(cells) not in rotations:
        table.refuse(TURN, f"These cubes are not the {block_name(block)} block in any orientation.")
    footprint, existing = site["footprint"], site["cubes"]
    columns = [geometry.column(x, y) for x, y, _ in cells]
    broken = []
    if not footprint.keys() >= set(columns):
        broken.append("The blocks must stay within the limits of the foundations.")
    if any(z > MAX_HEIGHT for _, _, z in cells):
        broken.append(f"The walls cannot be more than {MAX_HEIGHT} cubes high.")
    if not existing.keys().isdisjoint(keys):
        broken.append("The block would fill a space another block already fills.")
    if _inserted_under(cells, columns, existing):
        broken.append("Blocks are placed from above; they cannot be inserted under other blocks.")
    for message in broken or _support_problems(cells, existing):
        table.refuse(PLACEMENT, message)


@last_answer  # the PLACEMENT RULES, then the score (turn.build), read the same cubes of a move
def placed(cubes: list[JSON]) -> tuple[list[geometry.Cell], list[str]]:
    """The cells of a move's cubes, and their keys ("x,y,z") among a site's cubes."""
    cells = [(cube["x"], cube["y"], cube["z"]) for cube in cubes]
    return cells, [geometry.key(*cell) for cell in cells]


def _inserted_under(cells: list[geometry.Cell], columns: list[str], existing: dict[str, str]) -> bool:
    """Whether a cube already stands above one of the block's cells (in its column, higher up)."""
    lowest: dict[str, int] = {}  # "x,y" -> the block's lowest level in that column
    for column, (_, _, z) in zip(columns, cells):
        if z < lowest.get(column, z + 1):
            lowest[column] = z
    for column, level in map(geometry.column_and_level, existing):
        if column in lowest and int(level) > lowest[column]:
            return True
    return False


def _support_problems(cells: list[geometry.Cell], existing: dict[str, str]) -> list[str]:
    """PLACEMENT RULES: "free standing" (the reading taken is in README.md)."""
    resting = geometry.resting_cells(cells, existing)
    if not resting:
        return [
            "The block must be free standing: nothing holds it from below, and blocks beside it or "
            "the snowdrifts may not support it."
        ]
    if not geometry.balanced(cells, resting):
        return [
            "The block must be free standing: its weight is not over the cubes it rests on, so it "
            "would need the blocks beside it for support."
        ]
    return []
