"""The buildings as a 3D grid of cubes: shapes under rotation, support, balance, linked cubes.

A cell is (x, y, z): x, y on the site's foundation grid, z the level (1 on the foundation, up to
3). A site's cubes are a dict "x,y,z" -> colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from games.kit import last_answer

Cell = tuple[int, int, int]


@lru_cache(maxsize=4096, typed=True)
def key(x: int, y: int, z: int) -> str:
    """A cell's key among a site's cubes, "x,y,z": kept, a site's few cells are keyed again and
    again (``typed``: 1 and 1.0 are keyed as written)."""
    return f"{x},{y},{z}"


@lru_cache(maxsize=4096, typed=True)
def column(x: int, y: int) -> str:
    """The key of a column among a foundation's spaces and a site's joints, "x,y": kept, as ``key``."""
    return f"{x},{y}"


@lru_cache(maxsize=4096)
def column_and_level(cell_key: str) -> tuple[str, str]:
    """A cube's key split into its column's key ("x,y") and its level as written: kept, as ``key``."""
    column, _, level = cell_key.rpartition(",")
    return column, level


def parse(cell_key: str) -> Cell:
    x, y, z = cell_key.split(",")
    return int(x), int(y), int(z)


def _turn_x(c: Cell) -> Cell:
    return c[0], -c[2], c[1]


def _turn_y(c: Cell) -> Cell:
    return c[2], c[1], -c[0]


def _turn_z(c: Cell) -> Cell:
    return -c[1], c[0], c[2]


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved so that their smallest x, y and z are 0, sorted: a shape up to position."""
    cells = list(cells)
    xs, ys, zs = zip(*cells)
    lx, ly, lz = min(xs), min(ys), min(zs)
    return tuple(sorted([(x - lx, y - ly, z - lz) for x, y, z in cells]))


@cache
def orientations(shape: tuple[Cell, ...]) -> frozenset[tuple[Cell, ...]]:
    """Every rotation of a rigid block in space (the 24 of a cube), each normalised."""
    found = {normalise(shape)}
    frontier = [normalise(shape)]
    while frontier:
        current = frontier.pop()
        for turn in (_turn_x, _turn_y, _turn_z):
            turned = normalise(turn(c) for c in current)
            if turned not in found:
                found.add(turned)
                frontier.append(turned)
    return frozenset(found)


def anchored(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells sorted, each less the first: a shape up to position, like ``normalise`` but
    without its minima (cells are the same shape when their ``anchored`` are equal)."""
    ordered = sorted(cells)
    x0, y0, z0 = ordered[0]
    return tuple([(x - x0, y - y0, z - z0) for x, y, z in ordered])


@last_answer  # a play's blocks never change: their rotations are worked out once
def block_shapes(blocks: dict[str, list[list[int]] | None]) -> dict[str, frozenset[tuple[Cell, ...]] | None]:
    """Every block's rotations (``orientations``) ``anchored``, by name; None for a block of unknown shape."""
    return {
        name: None if shape is None else frozenset(map(anchored, orientations(tuple(map(tuple, shape)))))
        for name, shape in blocks.items()
    }


def resting_cells(cells: list[Cell], cubes: dict[str, str]) -> list[Cell]:
    """Cells of the block that rest on the foundation or on a cube directly below."""
    return [c for c in cells if c[2] == 1 or key(c[0], c[1], c[2] - 1) in cubes]


def balanced(cells: list[Cell], resting: list[Cell]) -> bool:
    """Whether the block's centre of gravity lies strictly inside the area it rests on.

    Coordinates are scaled by twice the cube count so that all arithmetic stays exact. A block
    resting on all its cells is balanced at once: its centre is the average of its cells' centres,
    each strictly inside the hull of the squares it rests on, so the average is too. So is a block
    whose centre is inside the squares it rests on (every square whose closed area holds the centre
    is one of them: one square, two on a grid line, four at a corner): the hull holds them."""
    if len(resting) == len(cells):
        return True
    count = len(cells)
    scale = 2 * count
    xs, ys, _ = zip(*cells)
    centre = cx, cy = 2 * sum(xs) + count, 2 * sum(ys) + count
    holding = {(x, y) for x in _squares_at(cx, scale) for y in _squares_at(cy, scale)}
    if holding <= {(x, y) for x, y, _ in resting}:
        return True
    corners = {((x + dx) * scale, (y + dy) * scale) for x, y, _ in resting for dx in (0, 1) for dy in (0, 1)}
    hull = _convex_hull(sorted(corners))
    return all(_cross(a, b, centre) > 0 for a, b in zip(hull, hull[1:] + hull[:1]))


def _squares_at(coordinate: int, scale: int) -> tuple[int, ...]:
    """The squares along one axis whose closed side holds a scaled coordinate: two on a grid line."""
    square, offset = divmod(coordinate, scale)
    return (square,) if offset else (square - 1, square)


def _cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _convex_hull(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Counter-clockwise hull of sorted points (Andrew's monotone chain)."""
    lower: list[tuple[int, int]] = []
    upper: list[tuple[int, int]] = []
    for chain, ordered in ((lower, points), (upper, reversed(points))):
        for p in ordered:
            while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
    return lower[:-1] + upper[:-1]


@lru_cache(maxsize=4096, typed=True)
def _faces(x: int, y: int, z: int) -> tuple[tuple[Cell, str], ...]:
    """The six cells face to face with (x, y, z), each with its key: kept, a site's few cells are
    asked again and again (``typed``: 1 and 1.0 are keyed as written)."""
    cells = ((x + 1, y, z), (x - 1, y, z), (x, y + 1, z), (x, y - 1, z), (x, y, z + 1), (x, y, z - 1))
    return tuple((cell, key(*cell)) for cell in cells)


def neighbours(cell: Cell, joints: dict[str, list[str]]) -> tuple[tuple[Cell, str], ...]:
    """Cells in face-to-face contact, with their keys, counting the redoubt's joints as contact
    (SPECIAL RULE)."""
    found = _faces(*cell)
    if joints:  # only the redoubt has any
        x, y, z = cell
        for partner in joints.get(column(x, y), ()):
            px, py = partner.split(",")
            joined = (int(px), int(py), z)
            found += ((joined, key(*joined)),)
    return found


def linked_cubes(
    cubes: dict[str, str],
    new_cells: list[Cell],
    new_keys: list[str],
    colour: str,
    joints: dict[str, list[str]],
    covered_level: int,
) -> int:
    """Cubes of ``colour`` on the new block (its cells and their keys) plus those already in
    place in face-to-face contact with one of them (each counted once). Covered cubes never
    count."""
    start = [c for c, c_key in zip(new_cells, new_keys) if c[2] > covered_level and cubes.get(c_key) == colour]
    new = set(new_cells)
    touching = {
        cell
        for new_cell in start
        for cell, cell_key in neighbours(new_cell, joints)
        if cubes.get(cell_key) == colour and cell[2] > covered_level and cell not in new
    }
    return len(start) + len(touching)


@cache
def _level_endings(height: int) -> tuple[str, ...]:
    """How the keys ("x,y,z") of the cubes on levels 1 to ``height`` end: ",1", ",2", ..."""
    return tuple(f",{z}" for z in range(1, height + 1))


def covered_from_above(cubes: dict[str, str], footprint: dict[str, bool], height: int) -> bool:
    """Whether every space of the foundation is covered by a cube, seen from above."""
    if len(cubes) < len(footprint):
        return False  # each space needs a cube of its own
    levels = _level_endings(height)
    for cell in footprint:
        for level in levels:
            if cell + level in cubes:
                break  # covered
        else:
            return False
    return True
