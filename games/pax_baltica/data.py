"""Component data: map, blocks, nations and scenarios, from the JSON files beside this module.

Every value in the files is ``{"value": ..., "source": ...}`` (a rulebook section, or
"assumed"). ``tables(options)`` strips the sources and lays the play's own edition data
(``options["map"]``, ``options["blocks"]``, ``options["nations"]``) over the defaults.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from games.contract import JSON

HERE = Path(__file__).parent
SEASONS = ("spring", "summer", "autumn", "winter")
SCENARIOS = ("12.1", "12.2", "12.3", "12.4", "12.5")


def _values(entries: dict[str, JSON]) -> dict[str, JSON]:
    return {key: entry["value"] for key, entry in entries.items()}


@cache
def _file(name: str) -> JSON:
    return json.loads((HERE / name).read_text())


@cache
def default_territories() -> dict[str, dict[str, JSON]]:
    return {name: _values(fields) for name, fields in _file("map.json")["territories"].items()}


@cache
def default_blocks() -> dict[str, dict[str, JSON]]:
    return {name: _values(fields) for name, fields in _file("blocks.json")["blocks"].items()}


@cache
def default_nations() -> dict[str, dict[str, JSON]]:
    return {name: _values(fields) for name, fields in _file("nations.json")["nations"].items()}


@cache
def map_constants() -> dict[str, JSON]:
    raw = _file("map.json")
    return {
        "regions": _values(raw["regions"]),
        "st_petersburg_garrison": raw["st_petersburg_garrison"]["value"],
        "nyen_turns": raw["nyen_turns"]["value"],
    }


def scenario(key: str) -> dict[str, JSON]:
    """A scenario of section 12; its set-up lists each block's place with its own source."""
    raw = _file("scenarios.json")["scenarios"][key]
    return {**_values({k: e for k, e in raw.items() if k != "blocks"}), "blocks": _values(raw["blocks"])}


def _overlay(defaults: dict[str, dict[str, JSON]], overrides: dict[str, dict[str, JSON]]) -> dict[str, dict[str, JSON]]:
    """The defaults with the play's own entries laid over; the cached defaults themselves
    are shared, never changed (states are never mutated)."""
    if not overrides:
        return defaults
    merged = {name: dict(fields) for name, fields in defaults.items()}
    for name, fields in overrides.items():
        merged.setdefault(name, {}).update(fields)
    return merged


def tables(options: dict[str, JSON]) -> dict[str, JSON]:
    """The component data a play uses: the files, with the play's edition data laid over."""
    edition_map = options.get("map", {})
    return {
        "territories": _overlay(default_territories(), edition_map.get("territories", {})),
        "borders": list(edition_map.get("borders", [])),
        "impassable": [{"a": pair["a"], "b": pair["b"]} for pair in _file("map.json")["impassable"]],
        "blocks": _overlay(default_blocks(), options.get("blocks", {})),
        "nations": _overlay(default_nations(), options.get("nations", {})),
        **map_constants(),
    }
