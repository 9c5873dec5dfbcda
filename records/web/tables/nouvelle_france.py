"""Nouvelle France as a picture: the three buildings in isometric 3D, their snowdrifts, tally
sticks and standees, and beside them the cards and the players' pieces.

Each site is its own SVG (so a phone can wrap them two to a row). The isometric projection puts a site's cell ``(x, y)`` and height ``z`` (in cubes) at
``((x - y) * cos 30°, (x + y) * sin 30° - z) * EDGE`` on the page, so the viewer looks from the
side of the highest ``x + y``; shapes are drawn back to front (painter's order by ``x + y + z``).
The foundations are the engine's component data (public: printed on the tiles); everything else
comes from the view, already redacted for its reader.
"""

from __future__ import annotations

from math import cos, radians, sin

from games.contract import JSON
from games.nouvelle_france.components import BONUS_BLOCKS, MAX_HEIGHT, SITES, block_cubes, site_layout

#: The edge of a cube on the page, in SVG units.
EDGE = 14.0
ACROSS = EDGE * cos(radians(30))
DOWN = EDGE * sin(radians(30))
WIDTH = 200
FLOOR = 80
HEIGHT = 178

#: GAME SETUP: "the snowdrifts, two large and two small for each construction site"; SNOWSTORMS:
#: "The wider snowdrifts are used for the first snowstorm ... the narrower ... for the second."
#: The third snowflake ends the game, so no drift covers level 3. Thickness in cells, per level.
SNOWDRIFTS = (0.6, 0.35)

#: Paint for the cubes' colours (the four players' and the neutral cubes).
PAINT = {
    "white": "#f4f1e8",
    "brown": "#8a5a35",
    "yellow": "#e8b72e",
    "blue": "#2f67b1",
    "neutral": "#c9ad82",
}
SNOW = ("#fbfdff", "#dfe9f2", "#c9d9e7")
SIGNS = {"+": "+", "x2": "×2", "-": "−"}
MEANINGS = {"+": "one point per cube", "x2": "two points per cube", "-": "minus one point per cube"}
ALLY_NAMES = {"fille_du_roy": "Fille du Roy", "coureur_des_bois": "Coureur des bois", "huron": "Huron"}
ORDINALS = ("first", "second", "third")
PHASES = {
    "setup": "The table is being set up.",
    "draw": "draws a card or places a bonus block.",
    "place": "places a block.",
    "offer": "cannot place a block and offers it round the table.",
    "finished": "The game is over.",
}


def picture(view: JSON, seats: list[dict]) -> dict[str, JSON]:
    """The template's context: the buildings' shapes and the pieces beside them, as text."""
    people = [_person(view, seat, seats) for seat in range(len(view["players"]))]
    names = {person["seat"]: person for person in people}
    snow = min(view["snowdrift_level"], len(SNOWDRIFTS))
    return {
        "view": view,
        "width": WIDTH,
        "height": HEIGHT,
        "sites": [_site(view, key, snow, names) for key in SITES],
        "people": people,
        "turn_of": names.get(view["turn_of"]),
        "doing": PHASES[view["phase"]],
        "snowflakes": [index < view["snowflakes_drawn"] for index in range(len(ORDINALS))],
        "strip": [card.capitalize() for card in view["identification_strip"]],
        "known_top": _known_top(view, names),
        "offer": _offer(view, names),
        "last": _last_placement(view, names),
        "storms": _storms(view, people),
        "stockpile": [(shape.capitalize(), count) for shape, count in view["stockpile"].items()],
    }


def _person(view: JSON, seat: int, seats: list[dict]) -> dict[str, JSON]:
    player = view["players"][seat]
    colour = player["colour"]
    return {
        "seat": seat,
        "name": seats[seat]["name"] if seat < len(seats) else f"Seat {seat + 1}",
        "colour": colour,
        "paint": PAINT.get(colour, PAINT["neutral"]),
        "score": view["scores"][seat],
        "to_play": seat in view["active_seats"],
        "allies": [(ALLY_NAMES[ally], side) for ally, side in player["allies"].items()],
        "allies_used": player["allies_used"],
        "bonus_blocks": [_bonus_block(block, player["bonus_blocks"][block]) for block in BONUS_BLOCKS],
        "standees": [view["sites"][site]["standee"].capitalize() for site in player["standees"]],
    }


def _bonus_block(block: str, state: str) -> dict[str, JSON]:
    """A bonus block as a row of its cubes, 10 units each (BONUS CONSTRUCTION BLOCKS)."""
    cubes = len(block_cubes({})[block])
    return {
        "name": block.capitalize(),
        "state": state,
        "cells": [1 + 11 * n for n in range(cubes)],
        "width": 11 * cubes + 1,
    }


def at(x: float, y: float, z: float) -> tuple[float, float]:
    """A point of a site's grid (cells, cube heights) on the page, before the site's offset."""
    return (x - y) * ACROSS, (x + y) * DOWN - z * EDGE


def polygon(points: list[tuple[float, float, float]], dx: float, dy: float) -> str:
    """An SVG ``points`` attribute for grid points, offset to the site's place on the page."""
    return " ".join(f"{px + dx:.1f},{py + dy:.1f}" for px, py in (at(*point) for point in points))


def box(low: tuple[float, float, float], high: tuple[float, float, float], dx: float, dy: float) -> list[str]:
    """The three faces of a box the viewer sees (the +y side, the +x side, the top), as polygons:
    the order :data:`SNOW` and a cube's shades follow (darkest first)."""
    (x0, y0, z0), (x1, y1, z1) = low, high
    return [
        polygon([(x0, y1, z1), (x1, y1, z1), (x1, y1, z0), (x0, y1, z0)], dx, dy),
        polygon([(x1, y0, z1), (x1, y1, z1), (x1, y1, z0), (x1, y0, z0)], dx, dy),
        polygon([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], dx, dy),
    ]


def shade(hex_colour: str, factor: float, towards: int = 0) -> str:
    """``hex_colour`` moved ``1 - factor`` of the way to black (``towards`` 0) or white (255)."""
    channels = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(towards + (c - towards) * factor):02x}" for c in channels)


def _site(view: JSON, key: str, snow: int, people: dict[int, dict]) -> dict[str, JSON]:
    site = view["sites"][key]
    layout = site_layout(key, {})
    cubes = {tuple(int(n) for n in cell.split(",")): colour for cell, colour in site["cubes"].items()}
    cells = {tuple(int(n) for n in cell.split(",")) for cell in layout["footprint"]} | {c[:2] for c in cubes}
    wide, deep = max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1
    dx = WIDTH / 2 - 14 - (wide - deep) * ACROSS / 2
    heights = {cell: max((z for *xy, z in cubes if tuple(xy) == cell), default=0) for cell in cells}
    back, front = _snowdrifts(wide, deep, snow, dx)
    return {
        "key": key,
        "name": site["name"][0].upper() + site["name"][1:],
        "centre": WIDTH // 2,
        "count": len(cubes),
        "ground": polygon([(0, 0, 0), (wide, 0, 0), (wide, deep, 0), (0, deep, 0)], dx, FLOOR),
        "tiles": [_tile(cell, heights[cell], dx) for cell in sorted(cells)],
        "joints": [_joint(a, b, dx) for a, b in _joint_pairs(layout["joints"])],
        "snow_back": back,
        "cubes": [_cube(cell, colour, snow, dx) for cell, colour in sorted(cubes.items(), key=_depth)],
        "snow_front": front,
        "stick": _stick(view, key),
        "standee": _standee(site, people),
    }


def _depth(item: tuple[tuple[int, int, int], str]) -> tuple[int, int]:
    (x, y, z), _ = item
    return x + y + z, z


def _tile(cell: tuple[int, int], height: int, dx: float) -> dict[str, JSON]:
    x, y = cell
    return {
        "x": x,
        "y": y,
        "height": height,
        "points": polygon([(x, y, 0), (x + 1, y, 0), (x + 1, y + 1, 0), (x, y + 1, 0)], dx, FLOOR),
    }


def _cube(cell: tuple[int, int, int], colour: str, snow: int, dx: float) -> dict[str, JSON]:
    x, y, z = cell
    covered = z <= snow
    paint = PAINT.get(colour, PAINT["neutral"])
    if covered:
        paint = shade(paint, 0.45, towards=255)
    left, right, top = box((x, y, z - 1), (x + 1, y + 1, z), dx, FLOOR)
    return {
        "x": x,
        "y": y,
        "z": z,
        "colour": colour,
        "covered": covered,
        "faces": [(left, shade(paint, 0.7)), (right, shade(paint, 0.85)), (top, paint)],
    }


def _snowdrifts(wide: int, deep: int, snow: int, dx: float) -> tuple[list[JSON], list[JSON]]:
    """The drifts behind the building (drawn first) and in front of it (drawn last, see-through),
    one wider pair for level 1 and a narrower pair on top for level 2 (SNOWSTORMS)."""
    back, front = [], []
    for level, thick in enumerate(SNOWDRIFTS[:snow], start=1):
        low, high = level - 1, level
        back.append(_drift(level, box((-thick, -thick, low), (wide + thick, 0, high), dx, FLOOR)))
        back.append(_drift(level, box((-thick, 0, low), (0, deep, high), dx, FLOOR)))
        front.append(_drift(level, box((-thick, deep, low), (wide, deep + thick, high), dx, FLOOR)))
        front.append(_drift(level, box((wide, -thick, low), (wide + thick, deep + thick, high), dx, FLOOR)))
    return back, front


def _drift(level: int, faces: list[str]) -> dict[str, JSON]:
    return {"level": level, "faces": list(zip(faces, reversed(SNOW), strict=True))}


def _joint_pairs(joints: dict[str, list[str]]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each joint once (the layout lists it from both of its cells)."""
    pairs = {tuple(sorted((a, b))) for a, partners in joints.items() for b in partners}
    return [tuple(tuple(int(n) for n in cell.split(",")) for cell in pair) for pair in sorted(pairs)]


def _joint(a: tuple[int, ...], b: tuple[int, ...], dx: float) -> str:
    """The joint between two diagonal cells: a diamond on the floor around the corner they share
    (SPECIAL RULE: "the joints ... are considered as one space")."""
    x, y = max(a[0], b[0]), max(a[1], b[1])
    return polygon([(x - 0.5, y, 0), (x, y - 0.5, 0), (x + 0.5, y, 0), (x, y + 0.5, 0)], dx, FLOOR)


def _stick(view: JSON, key: str) -> dict[str, JSON]:
    """The tally stick, level 3 at the top as on the pieces, each level with what it scored."""
    tally = view["sites"][key]["tally_stick"]
    levels = []
    for level in range(MAX_HEIGHT, 0, -1):
        value = tally["levels"][level - 1] if tally else None
        storm = view["snowstorms"][level - 1][key] if level <= len(view["snowstorms"]) else None
        levels.append(
            {
                "level": level,
                "value": value,
                "sign": SIGNS.get(value, "?"),
                "meaning": MEANINGS.get(value, "not drawn yet"),
                "ordinal": ORDINALS[level - 1],
                "scored": storm is not None,
                "points": _signed_by_colour(storm),
                "y": FLOOR + 4 + (MAX_HEIGHT - level) * 20,
            }
        )
    return {"x": WIDTH - 24, "levels": levels, "drawn": tally is not None}


def _signed_by_colour(points: dict[str, int] | None) -> str:
    if points is None:
        return ""
    return ", ".join(f"{colour} {signed(value)}" for colour, value in points.items())


def signed(number: int) -> str:
    """A number of points as a scorer says it: +4, −2, 0."""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def _standee(site: JSON, people: dict[int, dict]) -> dict[str, JSON]:
    owner = people.get(site["standee_owner"])
    tally = site["tally_stick"]
    return {
        "name": site["standee"].capitalize(),
        "points": tally["standee_points"] if tally else None,
        "owner": owner,
        "x": WIDTH - 16,
        "y": FLOOR - 12,
    }


def _known_top(view: JSON, people: dict[int, dict]) -> dict[str, JSON] | None:
    """The top cards a Huron looked at: named for the one who looked, face down (None) for others."""
    if not view["known_top_count"]:
        return None
    return {
        "by": people.get(view["known_top_seen_by"]),
        "cards": [card.capitalize() if card else None for card in view["known_top_cards"]],
    }


def _offer(view: JSON, people: dict[int, dict]) -> dict[str, JSON] | None:
    offer = view["offer"]
    return {"card": offer["card"].capitalize(), "to": people.get(offer["to"])} if offer else None


def _last_placement(view: JSON, people: dict[int, dict]) -> dict[str, JSON] | None:
    last = view["last_placement"]
    if last is None:
        return None
    coureur = last["coureur_des_bois"]
    return {
        "by": people.get(last["seat"]),
        "block": last["block"],
        "site": view["sites"][last["site"]]["name"],
        "points": last["points"],
        "doubled": last["doubled"],
        "coureur": {"by": people.get(coureur["seat"]), "points": coureur["points"]} if coureur else None,
    }


def _storms(view: JSON, people: list[dict]) -> list[dict[str, JSON]]:
    """Each snowstorm's points per player, summed over the three sites."""
    return [
        {
            "ordinal": ORDINALS[number],
            "points": [signed(sum(site.get(p["colour"], 0) for site in storm.values())) for p in people],
        }
        for number, storm in enumerate(view["snowstorms"])
    ]
