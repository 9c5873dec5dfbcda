"""Component data of Nouvelle France (components.json), merged with a play's own edition data.

Every value in the data file carries its source; the shapes of the blocks, the foundation
footprints and the redoubt's joints are printed on the pieces, not in the rulebook, so they
are "assumed" until a club supplies its own through the play's options.
"""

from __future__ import annotations

import json
from pathlib import Path

from games.contract import JSON

DATA = json.loads((Path(__file__).parent / "components.json").read_text())


def value(entry: dict[str, JSON]) -> JSON:
    """The value of a sourced data entry ({"value": ..., "source": ...})."""
    return entry["value"]


COLOURS: tuple[str, ...] = tuple(value(DATA["colours"]))
NEUTRAL = "neutral"
SITES: tuple[str, ...] = tuple(DATA["sites"])
SHAPES: tuple[str, ...] = tuple(DATA["shapes"])
BONUS_BLOCKS: tuple[str, ...] = tuple(DATA["bonus_blocks"])  # beam, post, peg: one per snowstorm window
SNOWFLAKE = "snowflake"
TALLY_VALUES = ("+", "x2", "-")
ALLIES = ("fille_du_roy", "coureur_des_bois", "huron")
MAX_HEIGHT: int = value(DATA["max_height"])
LEVELS: int = value(DATA["levels"])
STRIP_AT_SETUP: int = value(DATA["deck"]["strip_at_setup"])
MAX_PLAYERS: int = value(DATA["max_players"])


def site_name(site: str) -> str:
    return value(DATA["sites"][site]["name"])


def standee_name(site: str) -> str:
    return value(DATA["sites"][site]["standee"])


def block_name(block: str) -> str:
    entry = DATA["shapes"].get(block) or DATA["bonus_blocks"][block]
    return value(entry["name"])


def copies(shape: str) -> int:
    return value(DATA["shapes"][shape]["copies"])


def block_cubes(options: dict[str, JSON]) -> dict[str, list[list[int]] | None]:
    """Cubes of every block (construction and bonus) in one orientation; None when unknown."""
    cubes = {name: value(entry["cubes"]) for name, entry in {**DATA["shapes"], **DATA["bonus_blocks"]}.items()}
    cubes.update(options.get("shapes", {}))
    return cubes


def site_layout(site: str, options: dict[str, JSON]) -> dict[str, JSON]:
    """The foundation cells ("x,y" -> True) and the joints ("x,y" -> partner cells) of a site."""
    entry = DATA["sites"][site]
    own = options.get("sites", {}).get(site, {})
    footprint = own.get("footprint", value(entry["footprint"]))
    joints: dict[str, list[str]] = {}
    for a, b in own.get("joints", value(entry["joints"])):
        joints.setdefault(cell_key(a), []).append(cell_key(b))
        joints.setdefault(cell_key(b), []).append(cell_key(a))
    return {"footprint": {cell_key(cell): True for cell in footprint}, "joints": joints}


def piles(one_card: bool) -> list[int]:
    deck = DATA["deck"]
    return value(deck["simplified_piles"] if one_card else deck["piles"])


def snowflake_piles() -> list[int]:
    return value(DATA["deck"]["snowflake_piles"])


def cell_key(cell: list[int]) -> str:
    return ",".join(str(n) for n in cell)
