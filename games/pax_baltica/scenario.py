"""Prepare for Play and the scenarios (12.1 to 12.5): the table a play starts with."""

from __future__ import annotations

from games.contract import JSON
from games.kit import Table
from games.pax_baltica import board, data, turn


def prepare(options: dict[str, JSON]) -> JSON:
    """12: the scenario's set-up, special rules, victory table and first game turn."""
    key = options.get("scenario", "12.1")
    scenario = data.scenario(key)
    tables = data.tables(options)
    state = {
        "scenario": key,
        "title": scenario["title"],
        "tables": tables,
        "special_rules": scenario["special_rules"],
        "optional_rules": sorted(options.get("optional_rules", [])),
        "year": scenario["start"]["year"],
        "season": data.SEASONS.index(scenario["start"]["season"]),
        "end": {"year": scenario["end"]["year"], "season": data.SEASONS.index(scenario["end"]["season"])},
        "turn": 1,
        "phase": "action_roll",
        "player1": None,
        "last_event": [False, False],
        "both_events": False,
        "rerolls": [5, 5] if "13.3" in options.get("optional_rules", []) else [0, 0],
        "swedish_first_actions": scenario["swedish_first_actions"],
        "blocks": _initial_blocks(tables, scenario),
        "setup_blocks": sorted(scenario["blocks"]),
        "control": _initial_control(tables, scenario),
        "lost": {},
        "rp_adjust": {},
        "rp_year": {},
        "rp_next": {},
        "rp": {},
        "active": {n: n in scenario["active"] for n in tables["nations"] if n not in ("none", "norway")},
        "sides": {n: scenario["sides"].get(n, v["side"]) for n, v in tables["nations"].items()},
        "entries": scenario["entries"],
        "truces": dict(scenario["truces"]),
        "returns": {},
        "rolled": [],
        "excluded": [],
        "national_results": {},
        "st_petersburg": scenario["st_petersburg"],
        "nyen_track": 0,
        "turkish_conquest": None,
        "sweden_rp_halved": scenario["sweden_rp_halved"],
        "sweden_pool_only_setup": scenario["sweden_pool_only_setup"],
        "playable_nations": scenario["playable_nations"],
        "playable_swedish_territories": scenario.get("playable_swedish_territories"),
        "victory": scenario["victory"],
        "karl_waiting": "11.1" in scenario["special_rules"]
        and scenario["blocks"].get("Karl XII", {}).get("at") == "Besarabya",
        "night_rider_rolled": 0,
        "weather": False,
        "attacks": {},
        "battle": None,
        "outcome": None,
    }
    state["active"]["holstein-gottorp"] = True
    table = Table(state)
    turn.begin_turn(table)
    return table.state


def _initial_blocks(tables: JSON, scenario: JSON) -> dict[str, JSON]:
    """12: set-up blocks at full strength unless stated; the rest form the replacement pools
    of the nations at war (12.5: Sweden only the set-up blocks); the others wait off map."""
    blocks = {}
    for name, info in tables["blocks"].items():
        placed = scenario["blocks"].get(name)
        if placed is not None:
            at, steps = placed["at"], placed["steps"] or info["steps"]
        else:
            in_pool = info["nation"] in scenario["pool_nations"] and not (
                info["nation"] == "sweden" and scenario["sweden_pool_only_setup"]
            )
            if info["nation"] == "russia" and info["type"] == "warship" and not scenario["st_petersburg"]:
                in_pool = False
            at, steps = ("pool" if in_pool else "out"), 0
        blocks[name] = {
            "at": at,
            "steps": steps,
            "moved": False,
            "forced": False,
            "sieged": False,
            "loaded": False,
            "revealed": False,
            "aboard": at in tables["territories"]
            and tables["territories"][at]["kind"] == "sea"
            and info["type"] != "warship",
        }
    return blocks


def _initial_control(tables: JSON, scenario: JSON) -> dict[str, str]:
    """12: each country controls its national territories unless the scenario says otherwise."""
    control = {}
    for name, territory in tables["territories"].items():
        if territory["garrison"] > 0 or (name == "Nyen" and scenario["st_petersburg"]):
            nation = board.GARRISON_NATION.get(territory["nation"], territory["nation"])
            control[name] = "russia" if nation == "ukraine" and "ukraine" not in scenario["active"] else nation
    control.update(scenario["control"])
    return control
