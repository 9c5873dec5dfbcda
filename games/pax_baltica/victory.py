"""The end of the game (12.x victory conditions, 11.3 to 11.5)."""

from __future__ import annotations

from games.contract import JSON, Outcome
from games.kit import Table
from games.pax_baltica import board
from games.pax_baltica.upkeep import rp_track

HOMELAND_LOSS = 8  # 11.3
#: 11.4: "Holstein, Bremen-Verden, Wismar or Skane"; Holstein is Holstein-Gottorp (README).
DANISH_CONQUESTS = ("Bremen-Verden", "Wismar", "Skane")
HOLSTEIN = "Holstein-Gottorp"
DANISH_PENALTY = 4
SAXON_LIVLAND_PENALTY = 4  # 11.5


def victory_rp(state: JSON) -> int:
    """Sweden's RP for the victory table: the Replacement Table (event changes do not count,
    5.8) less the special scenario rules in force."""
    points = rp_track(state, "sweden")
    rules = state["special_rules"]
    if "11.3" in rules:
        lost = [p for p in board.SWEDISH_HOMELAND if board.controller_side(state, p) not in (0, None)]
        points -= HOMELAND_LOSS * len(lost)
    if "11.4" in rules and _danish_occupations(state) >= 3:
        points -= DANISH_PENALTY
    if "11.5" in rules and state["control"].get("Livland") == "saxony":
        points -= SAXON_LIVLAND_PENALTY
    return points


def _danish_occupations(state: JSON) -> int:
    """11.4: the Swedish garrisons Denmark holds, and Holstein-Gottorp when Danish blocks
    occupy it (map.json gives it no garrison to take, 4.7) or, with the garrison an edition
    gives it, when Denmark holds that garrison."""
    held = sum(1 for p in DANISH_CONQUESTS if state["control"].get(p) == "denmark")
    occupied = state["control"].get(HOLSTEIN) == "denmark" or any(
        board.info(state, n)["nation"] == "denmark" for n in board.blocks_at(state, HOLSTEIN)
    )
    return held + occupied


def victory_level(state: JSON) -> str:
    victory = state["victory"]
    if isinstance(victory, dict):
        return _territorial_level(state, victory)
    points = victory_rp(state)
    for row in victory:
        if row["min"] is None or points >= row["min"]:
            return row["level"]
    return victory[-1]["level"]


def _territorial_level(state: JSON, victory: JSON) -> str:
    """12.5: what Sweden occupies at the end (Christiania, Trondheim), and Karl XII's fate."""
    held = [goal for goal, place in victory["targets"].items() if state["control"].get(place) == "sweden"]
    levels = victory["levels"]
    if len(held) == len(victory["targets"]):
        return levels["both"]
    if held:
        return levels[held[0]]
    if state["blocks"].get("Karl XII", {}).get("at") == "dead":
        return levels["nothing and lost Karl XII"]
    return levels["nothing"]


def decide(state: JSON) -> Outcome:
    level = victory_level(state)
    winner = 0 if level.startswith("Swedish") else 1
    places = [1 if seat == winner else 2 for seat in (0, 1)]
    return Outcome(places=places, winners=[winner], reason=level, scores=None)


def finish(table: Table) -> None:
    table.set("phase", "finished")
    table.set("outcome", decide(table.state).as_dict())
