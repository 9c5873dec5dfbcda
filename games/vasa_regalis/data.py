"""Component data (components.json, every value with its source) and a play's overrides."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from games.contract import JSON

COMPONENTS_FILE = Path(__file__).with_name("components.json")


@cache
def components() -> dict[str, JSON]:
    """The component data with its sources stripped: name -> value (per player count where it varies)."""
    raw = json.loads(COMPONENTS_FILE.read_text())
    return {name: _values(entry) for name, entry in raw.items()}


def _values(entry: dict[str, JSON]) -> JSON:
    if "value" in entry:
        return entry["value"]
    return {count: item["value"] for count, item in entry.items()}


def goods_in_game(seat_count: int, options: dict[str, JSON]) -> list[int]:
    """Markers of value 1, 2 and 3 of every good that are in the game at this player count."""
    per_value = options.get("goods_in_game") or components()["goods_in_game"][str(seat_count)]
    return [per_value["1"], per_value["2"], per_value["3"]]


def operational_total(seat_count: int, options: dict[str, JSON]) -> int:
    return options.get("operational_total") or components()["operational_total"][str(seat_count)]


def starting_hand() -> dict[str, int]:
    """How many goods of value 1 of each type every player starts with."""
    return components()["starting_hand"]


def player_count() -> tuple[int, int]:
    counts = components()["player_count"]
    return counts["min"], counts["max"]
