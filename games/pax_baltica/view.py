"""What a person at the table sees (the contract's ``view``): with a seat, the other side's
blocks stand face down, showing only their nation and where they stand."""

from __future__ import annotations

from games.contract import JSON
from games.pax_baltica import board, turn, upkeep, victory


def table_view(state: JSON, seat: int | None = None) -> dict[str, JSON]:
    finished = state["phase"] == "finished"
    visible, face_down = _blocks(state, seat)
    return {
        "phase": state["phase"],
        "active_seats": turn.active_seats(state),
        "legal_event_types": turn.legal_event_types(state),
        "scores": None,
        "finished": finished,
        "scenario": state["scenario"],
        "title": state["title"],
        "year": state["year"],
        "season": turn.season_name(state),
        "game_turn": state["turn"],
        "player1": state["player1"],
        "action_rolls": [roll or None for roll in state["rolls"]],
        "actions_left": state["actions"],
        "acting": state["acting"],
        "replacement_points": dict(state["rp"]),
        "replacement_table": {n: upkeep.rp_track(state, n) for n in board.nations_at_war(state)},
        "sweden_victory_rp": victory.victory_rp(state),
        "victory_level": victory.victory_level(state),
        "nations_at_war": board.nations_at_war(state),
        "activation_rolls_due": _rolls_due(state),
        "sides": {n: s for n, s in state["sides"].items() if s is not None and n in state["active"]},
        "truces": dict(state["truces"]),
        "control": dict(state["control"]),
        "conquered": dict(state["lost"]),
        "blocks": visible,
        "face_down_blocks": face_down,
        "pools": _pools(state, seat),
        "pool_sizes": {nation: len(names) for nation, names in _pools(state, None).items()},
        "battle": _battle(state, seat),
        "battles_pending": board.battle_territories(state) if state["phase"] == "battle" else [],
        "sieges_pending": dict(state["sieges"]),
        "garrison_hits": dict(state["garrison_hits"]),
        "force_march_rolls_due": [
            n for n in state["pending_force_march"] if seat is None or board.owner(state, n) == seat
        ],
        "nyen_track": state["nyen_track"],
        "st_petersburg": state["st_petersburg"],
        "karl_xii_waiting": state["karl_waiting"],
        "rerolls_left": state["rerolls"],
        "outcome": state["outcome"],
    }


def _blocks(state: JSON, seat: int | None) -> tuple[dict[str, JSON], list[JSON]]:
    visible, face_down = {}, []
    for name, block in state["blocks"].items():
        if block["at"] in board.OFF_MAP:
            continue
        nation = board.info(state, name)["nation"]
        if seat is None or board.owner(state, name) == seat or block["revealed"]:
            visible[name] = {"nation": nation, "at": block["at"], "steps": block["steps"], "aboard": block["aboard"]}
        else:
            face_down.append({"nation": nation, "at": block["at"]})
    face_down.sort(key=lambda b: (b["at"], b["nation"]))
    return visible, face_down


def _pools(state: JSON, seat: int | None) -> dict[str, list[str]]:
    """5.3: the pools stand face down; a seat sees the names in its own nations' pools only
    (the other side's are counted in ``pool_sizes``)."""
    pools: dict[str, list[str]] = {}
    for name, block in state["blocks"].items():
        if block["at"] != "pool" or name in state["excluded"]:
            continue
        nation = board.info(state, name)["nation"]
        if seat is None or board.side_of(state, nation) == seat:
            pools.setdefault(nation, []).append(name)
    return pools


def _battle(state: JSON, seat: int | None) -> JSON:
    battle = state["battle"]
    if battle is None:
        return None
    shown = {**battle, "next": turn.next_combatants(state)}
    if seat is not None:
        visible = {n for n in state["blocks"] if board.owner(state, n) == seat or state["blocks"][n]["revealed"]}
        for key in ("reserves", "retreat_due", "next"):
            shown[key] = [n for n in shown[key] if n in visible]
    return shown


def _rolls_due(state: JSON) -> dict[str, list[str]]:
    """The activation rolls each side still owes this year (seat number as a string key)."""
    if state["phase"] != "year_start":
        return {}
    return {str(seat): upkeep.rolls_owed(state, seat) for seat in (0, 1) if upkeep.rolls_owed(state, seat)}
