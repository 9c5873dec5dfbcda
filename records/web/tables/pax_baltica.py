"""Pax Baltica's table as a schematic: the rulebook prints no map (and no coordinates), so the
territories are drawn as tiles grouped by the regions of 14.1, each with its blocks, and the
Replacement Table (1.7, 5.1) as a track with the nations' RP markers.

Everything drawn comes from the view, already redacted for the reader: a block whose ``name``
is hidden is drawn face down (its wood colour only, 2.11). What the view names publicly (a
territory, a visible block) is looked up in the printed component data for its garrison, forage
points and harbour (1.2 to 1.4), or its type for the forage check (7.3, 7.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.contract import JSON
from games.pax_baltica import data
from games.pax_baltica.attrition import forage_costs

WIDTH = 560
MARGIN = 10
GAP = 6
TILE_COLUMNS = 3
TILE_WIDTH = (WIDTH - 2 * MARGIN - (TILE_COLUMNS - 1) * GAP) // TILE_COLUMNS
CHIP_COLUMNS = 5
CHIP_WIDTH = (WIDTH - 2 * MARGIN - (CHIP_COLUMNS - 1) * GAP) // CHIP_COLUMNS
CHIP_HEIGHT = 18
TILE_HEAD = 28
LINE = 11
BLOCK_WIDTH = (TILE_WIDTH - 3 * 4) // 2
BLOCK_HEIGHT = 18
BLOCK_ROW = BLOCK_HEIGHT + 6
STEP_BOX = 16
MARKER = 10

#: The regions of 14.1's table, north to south; sea zones and the Portsmouth box have none.
REGIONS = (
    ("denmark-norway", "Denmark-Norway"),
    ("sweden-finland", "Sweden-Finland"),
    ("russia", "Russia"),
    ("baltic", "The Baltic provinces"),
    ("german", "The German lands"),
    ("poland-ukraine", "Poland-Ukraine"),
    (None, "Sea zones and Portsmouth"),
)
#: 1.1: the shading of each nation's territories (a tint of it, so the blocks stand out).
TERRITORY_TINTS = {
    "sweden": "#d6e6f7",
    "denmark": "#f7d5d1",
    "norway": "#f7d5d1",
    "russia": "#dcefd2",
    "poland": "#f8dbe7",
    "saxony": "#ffffff",
    "prussia": "#e3e4e6",
    "ukraine": "#fbf1bd",
    "hanover": "#e6dbf2",
    "turkey": "#b9d8bc",
    "britain": "#f1e3e3",
}
NEUTRAL = "#f3f3ee"
SEA = "#e4f1f8"
#: Prepare for Play: the wood of the blocks (``colour`` in the view).
WOOD = {"red": "#b3261e", "grey": "#6e7379", "green": "#2e7d32", "blue": "#1f5fa8"}
#: Prepare for Play: the national RP markers (blue Sweden and Turkey, red Denmark, white
#: Saxony-Poland, green Russia); the nations it gives none take their territory's colour.
MARKERS = {
    "sweden": ("#1f5fa8", "#fff"),
    "turkey": ("#1f5fa8", "#fff"),
    "denmark": ("#b3261e", "#fff"),
    "saxony": ("#ffffff", "#1f2328"),
    "poland": ("#ffffff", "#1f2328"),
    "russia": ("#2e7d32", "#fff"),
    "prussia": ("#c9ccd1", "#1f2328"),
    "hanover": ("#8e6bbf", "#fff"),
    "britain": ("#8c1c1c", "#fff"),
    "ukraine": ("#e0b400", "#1f2328"),
}
#: Introduction: seat 0 commands Sweden and her allies, seat 1 the Allies.
SIDES = ("Swedes", "Allies")
SIDE_TITLES = ("Sweden and her allies", "the Allies")


def nation_name(nation: str | None) -> str:
    return "" if nation is None else nation.replace("-", " ").title().replace(" ", "-")


@dataclass
class Tile:
    """A territory with something on it: blocks, a siege, a conquered garrison."""

    name: str
    x: int = 0
    y: int = 0
    width: int = TILE_WIDTH
    height: int = 0
    fill: str = NEUTRAL
    about: str = ""
    facts: str = ""
    capital: bool = False
    battle: str = ""
    blocks: list[dict] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)


def picture(view: JSON, seats: list[dict]) -> dict[str, JSON]:
    territories = data.default_territories()
    track, top = _track(view)
    regions, height = _regions(view, seats, territories, top)
    return {
        "view": view,
        "width": WIDTH,
        "height": height,
        "track": track,
        "regions": regions,
        "status": _status(view, seats),
        "nations": _nations(view),
        "battle": _battle(view, seats),
    }


def _track(view: JSON) -> tuple[dict, int]:
    """The Replacement Table (1.7): a track from 0 to at least 40 RP, ticks every 4 (RP move
    in fours, 5.1), the markers of the nations at war stacked where they share a value."""
    table = view["replacement_table"]
    top = max(40, *table.values()) if table else 40
    top += -top % 4
    stacked: dict[int, int] = {}
    for value in table.values():
        stacked[value] = stacked.get(value, 0) + 1
    line_y = 24 + (2 * MARKER + 2) * max(stacked.values(), default=1)
    left, right = MARGIN + 14, WIDTH - MARGIN - 14

    def at(value: int) -> float:
        return round(left + (right - left) * value / top, 1)

    placed: dict[int, int] = {}
    markers = []
    for nation, value in sorted(table.items(), key=lambda item: (item[1], item[0])):
        level = placed.get(value, 0)
        placed[value] = level + 1
        fill, ink = MARKERS.get(nation, ("#ffffff", "#1f2328"))
        markers.append(
            {
                "nation": nation,
                "name": nation_name(nation),
                "label": nation[:3].upper(),
                "value": value,
                "x": at(value),
                "y": line_y - MARKER - 3 - (2 * MARKER + 2) * level,
                "fill": fill,
                "ink": ink,
            }
        )
    ticks = [{"value": value, "x": at(value)} for value in range(0, top + 1, 4)]
    track = {"left": left, "right": right, "y": line_y, "markers": markers, "ticks": ticks, "r": MARKER}
    return track, line_y + 22


def _regions(view: JSON, seats: list[dict], territories: JSON, y: int) -> tuple[list[dict], int]:
    """Each region's band: its busy territories as tiles (three a row), the quiet ones as
    chips (five a row), both in the printed map's order."""
    busy = _busy(view)
    by_region: dict[str | None, list[str]] = {}
    for name, printed in territories.items():
        by_region.setdefault(printed["region"], []).append(name)
    for place in busy:
        if place not in territories:
            by_region.setdefault(None, []).append(place)
    bands = []
    for region, title in REGIONS:
        names = by_region.get(region, [])
        if not names:
            continue
        band = {"title": title, "region": region or "sea", "y": y}
        y += 18
        band["tiles"], y = _tiles([n for n in names if n in busy], view, seats, territories, y)
        band["chips"], y = _chips([n for n in names if n not in busy], view, territories, y)
        band["height"] = y - band["y"]
        bands.append(band)
        y += 8
    return bands, y


def _busy(view: JSON) -> set[str]:
    """The territories worth a tile: blocks stand there, a garrison is besieged, hit or held
    by a conqueror, or a battle is to be fought there."""
    battle = view["battle"]
    return (
        {block["at"] for block in view["blocks"]}
        | set(view["sieges_pending"])
        | {place for place, hits in view["garrison_hits"].items() if hits}
        | set(view["conquered"])
        | set(view["battles_pending"])
        | ({battle["territory"]} if battle else set())
    )


def _tiles(names: list[str], view: JSON, seats: list[dict], territories: JSON, y: int) -> tuple[list[Tile], int]:
    tiles = [_tile(name, view, seats, territories) for name in names]
    for row in range(0, len(tiles), TILE_COLUMNS):
        in_row = tiles[row : row + TILE_COLUMNS]
        height = max(tile.height for tile in in_row)
        for column, tile in enumerate(in_row):
            tile.x = MARGIN + column * (TILE_WIDTH + GAP)
            tile.y = y
            tile.height = height
            for block in tile.blocks:
                block["x"] += tile.x
                block["y"] += tile.y
            for note in tile.notes:
                note["y"] += tile.y
        y += height + GAP
    return tiles, y


def _tile(name: str, view: JSON, seats: list[dict], territories: JSON) -> Tile:
    printed = territories.get(name)
    tile = Tile(name=name, fill=_fill(name, printed, view), about=_about(name, printed, view))
    tile.facts = _facts(printed)
    tile.capital = bool(printed and printed["capital"])
    here = [block for block in view["blocks"] if block["at"] == name]
    for index, block in enumerate(here):
        tile.blocks.append(
            _block(block, view, seats, 4 + (index % 2) * (BLOCK_WIDTH + 4), TILE_HEAD + (index // 2) * BLOCK_ROW)
        )
    battle = view["battle"]
    if battle and battle["territory"] == name:
        tile.battle = f"Battle, round {battle['round']}"
    elif name in view["battles_pending"]:
        tile.battle = "Battle to fight"
    lines = _siege_lines(name, view) + _forage_lines(name, here, printed, view)
    top = TILE_HEAD + ((len(here) + 1) // 2) * BLOCK_ROW + (2 if lines else 0)
    tile.notes = [{**line, "y": top + LINE * index + 8} for index, line in enumerate(lines)]
    tile.height = top + LINE * len(lines) + 4
    return tile


def _fill(name: str, printed: JSON | None, view: JSON) -> str:
    if printed and printed["kind"] in ("sea", "box"):
        return SEA
    return TERRITORY_TINTS.get(view["control"].get(name) or (printed or {}).get("nation"), NEUTRAL)


def _facts(printed: JSON | None) -> str:
    """1.2 to 1.4: garrison value, forage points, port or harbour, as printed on the map."""
    if printed is None or printed["kind"] == "sea":
        return ""
    facts = []
    if printed["garrison"]:
        facts.append(f"garrison {printed['garrison']}")
    if printed["kind"] != "box":
        facts.append(f"FP {printed['forage']}")
    if printed["port"]:
        facts.append(printed["port"])
    return " · ".join(facts)


def _about(name: str, printed: JSON | None, view: JSON) -> str:
    """The hover text of a territory: whose it is, who holds its garrison."""
    if printed is None:
        return name
    if printed["kind"] == "sea":
        return f"{name}: sea zone"
    words = [f"{name}: {printed['kind']} territory of {nation_name(printed['nation'])}"]
    if printed["capital"]:
        words.append("capital")
    holder = view["control"].get(name)
    if name in view["conquered"]:
        words.append(f"garrison conquered from {nation_name(view['conquered'][name])} by {nation_name(holder)}")
    elif holder:
        words.append(f"garrison held by {nation_name(holder)}")
    if printed["region"]:
        words.append(f"region {printed['region']}")
    return ", ".join(words)


def _side(block: JSON, view: JSON) -> int | None:
    """Whose block: the seat it faces while upright, else its nation's side (it is revealed)."""
    if block["facing"] is not None:
        return block["facing"]
    return view["sides"].get(block["nation"])


def _block(block: JSON, view: JSON, seats: list[dict], x: int, y: int) -> dict:
    side = _side(block, view)
    seat = seats[side] if side in (0, 1) and side < len(seats) else None
    drawn = {
        "x": x,
        "y": y,
        "width": BLOCK_WIDTH,
        "height": BLOCK_HEIGHT,
        "step_box": STEP_BOX,
        "wood": WOOD.get(block["colour"], "#555"),
        "colour": block["colour"],
        "side": side,
        "seat_colour": seat["colour"] if seat and seat["colour"] else "#888",
        "face_down": block["name"] is None,
        "revealed": block["facing"] is None,
        "name": block["name"],
        "steps": block["steps"],
        "squeeze": block["name"] is not None and len(block["name"]) > 11,
    }
    owner = SIDE_TITLES[side] if side in (0, 1) else "no side"
    if drawn["face_down"]:
        drawn["title"] = f"A face-down {block['colour']} block of {owner}: its label and strength are hidden"
        return drawn
    printed = data.default_blocks().get(block["name"], {})
    kind = printed.get("type", "block")
    words = [f"{block['name']}: {nation_name(block['nation'])} {kind}, strength {block['steps']}"]
    if printed:
        words[0] += f" of {printed['steps']}, {printed['rating']}, moves {printed['move']}"
    if block["aboard"]:
        words.append("at sea (a warship or aboard one)")
    words.append("revealed to both players" if drawn["revealed"] else f"standing upright, facing {owner}")
    drawn["title"] = "; ".join(words)
    return drawn


def _siege_lines(name: str, view: JSON) -> list[dict]:
    """3.43, 4.3, 6.7: a garrison conquered (its nation 4 RP down), besieged or hit."""
    lines = []
    if name in view["conquered"]:
        lost_by = nation_name(view["conquered"][name])
        lines.append(
            {
                "text": f"Garrison taken from {lost_by}",
                "kind": "conquest",
                "title": f"4.3: {lost_by} loses 4 RP while the enemy holds it",
            }
        )
    if name in view["sieges_pending"]:
        besieger = view["sieges_pending"][name]
        lines.append({"text": f"Siege by the {SIDES[besieger]}", "kind": "siege", "title": "3.43: a siege to attempt"})
    hits = view["garrison_hits"].get(name)
    if hits:
        lines.append(
            {"text": f"Garrison hits: {hits}", "kind": "siege", "title": "6.7: hits on the garrison this game turn"}
        )
    return lines


def _forage_lines(name: str, here: list[JSON], printed: JSON | None, view: JSON) -> list[dict]:
    """7.3, 7.4: each side's forage cost in a land territory against its forage points, where
    the reader sees every block of that side there (a face-down block's cost is unknown)."""
    if not here or printed is None or printed["kind"] in ("sea", "box"):
        return []
    costs = forage_costs(data.default_blocks())
    lines = []
    for side in (0, 1):
        mine = [block for block in here if _side(block, view) == side]
        if not mine:
            continue
        if any(block["name"] is None for block in mine):
            lines.append(
                {
                    "text": f"{SIDES[side]} need ? FP",
                    "kind": "forage",
                    "title": "Face-down blocks: their cost is hidden",
                }
            )
            continue
        need = sum(costs[block["name"]][1] for block in mine if block["name"] in costs)
        if not need:
            continue
        over = need - printed["forage"]
        text = f"{SIDES[side]} need {need} FP" + (f" ({over} over)" if over > 0 else "")
        why = f"7.3, 7.4: armies 2 FP less a support train's 1, regiments 1; {name} gives {printed['forage']} FP"
        if over > 0:
            why += f"; 7.5: one step lost per FP over, {over} in all, never eliminating a block"
        lines.append({"text": text, "kind": "attrition" if over > 0 else "forage", "title": why})
    return lines


def _chips(names: list[str], view: JSON, territories: JSON, y: int) -> tuple[list[dict], int]:
    chips = []
    for index, name in enumerate(names):
        printed = territories[name]
        chips.append(
            {
                "name": name,
                "x": MARGIN + (index % CHIP_COLUMNS) * (CHIP_WIDTH + GAP),
                "y": y + (index // CHIP_COLUMNS) * (CHIP_HEIGHT + 4),
                "width": CHIP_WIDTH,
                "height": CHIP_HEIGHT,
                "fill": _fill(name, printed, view),
                "capital": printed["capital"],
                "title": "; ".join(filter(None, (_about(name, printed, view), _facts(printed)))),
                "squeeze": len(name) > 16,
            }
        )
    rows = -(-len(names) // CHIP_COLUMNS)
    return chips, y + rows * (CHIP_HEIGHT + 4) + (2 if rows else 0)


def _seat_name(seats: list[dict], side: int | None) -> str:
    if side is None or side >= len(seats):
        return SIDES[side] if side in (0, 1) else ""
    name = seats[side].get("name")
    return f"{SIDES[side]} ({name})" if name else SIDES[side]


def _status(view: JSON, seats: list[dict]) -> dict:
    """Whose turn and where in the year, in words."""
    return {
        "when": f"{view['season'].title()} {view['year']}, game turn {view['game_turn']}",
        "phase": view["phase"].replace("_", " "),
        "player1": _seat_name(seats, view["player1"]) if view["player1"] is not None else "",
        "to_move": [_seat_name(seats, seat) for seat in view["active_seats"]],
        "rolls": [
            {"side": _seat_name(seats, side), "roll": roll, "actions": view["actions_left"][side]}
            for side, roll in enumerate(view["action_rolls"])
        ],
        "sides": [
            {"seat": side, "side": SIDE_TITLES[side], "name": seats[side].get("name", "") if side < len(seats) else ""}
            for side in (0, 1)
        ],
        "activation": [
            {"side": _seat_name(seats, int(seat)), "nations": [nation_name(n) for n in nations]}
            for seat, nations in view["activation_rolls_due"].items()
        ],
        "force_marches": [
            {"block": entry["block"], "at": entry["at"], "side": _seat_name(seats, entry["facing"])}
            for entry in view["force_march_rolls_due"]
        ],
    }


def _nations(view: JSON) -> list[dict]:
    """One row per nation in play: its side, RP marker, RP left to spend (the owner's),
    its replacement pool (face down to the other side) and whether it is at war."""
    pools: dict[str, list] = {}
    left: dict[str, JSON] = {}
    for side in (0, 1):
        pools.update(view["pools"][side])
        left.update(view["replacement_points"][side])
    nations = [*view["replacement_table"], *view["pool_sizes"], *view["truces"]]
    rows = []
    for nation in sorted(set(nations), key=nations.index):
        pool = pools.get(nation, [])
        side = view["sides"].get(nation)
        rows.append(
            {
                "nation": nation,
                "name": nation_name(nation),
                "side": SIDES[side] if side in (0, 1) else "",
                "rp": view["replacement_table"].get(nation),
                "left": left.get(nation, ""),
                "left_hidden": nation in left and left[nation] is None,
                "pool_size": view["pool_sizes"].get(nation, len(pool)),
                "pool": [name for name in pool if name is not None],
                "pool_hidden": sum(1 for name in pool if name is None),
                "at_war": nation in view["nations_at_war"],
                "truce": view["truces"].get(nation),
            }
        )
    return rows


def _battle(view: JSON, seats: list[dict]) -> dict | None:
    battle = view["battle"]
    if battle is None:
        return None

    def named(entries: list[JSON]) -> list[str]:
        return [entry["block"] or "a face-down block" for entry in entries]

    return {
        "territory": battle["territory"],
        "round": battle["round"],
        "attacker": _seat_name(seats, battle["attacker"]),
        "next": named(battle["next"]),
        "acted": named(battle["acted"]),
        "reserves": named(battle["reserves"]),
        "retreat_due": named(battle["retreat_due"]),
    }
