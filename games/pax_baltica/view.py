"""What a person at the table sees (the contract's ``view``), and what of it is whose.

The table is built once as the arbiter sees it, then hidden for the viewer by the engine's
declarations (``VIEW_SECRETS`` here, each move's ``secrets`` beside it; see :mod:`games.secrets`). Blocks stand
upright facing their owner: the other side sees a block's colour, where it stands and which
way it faces, and its label and strength only once it is revealed (tipped forward, face
up) by spying or in battle. Every block the view names carries ``facing``: the seat that
sees its face, or None while it is revealed to both.
"""

from __future__ import annotations

from games.contract import JSON
from games.pax_baltica import board, turn, upkeep, victory
from games.pax_baltica.vocabulary import MOVED_BLOCK
from games.secrets import EACH, NOBODY, Secret, Sibling

#: Prepare for Play: the wood each nation's labels go on. The back of a block standing
#: upright shows only this colour (grey and blue are shared by several nations).
BLOCK_COLOURS = {
    "denmark": "red",
    "saxony": "grey",
    "poland": "grey",
    "prussia": "grey",
    "russia": "green",
    "sweden": "blue",
    "turkey": "blue",
    "hanover": "blue",
    "britain": "blue",
    "ukraine": "blue",
}

_FACE = (
    "Prepare for Play, 2.11, 3.41, 6.1: a block stands upright facing its owner; its label and strength are "
    "seen by the enemy only once spying or a battle reveals it"
)
_IN_BATTLE = "6.1, 6.22: blocks are revealed in battle, reserves not until Combat Round 2"

VIEW_SECRETS = (
    Secret("blocks.*.name", Sibling("facing"), _FACE),
    Secret("blocks.*.nation", Sibling("facing"), f"{_FACE}; the colour of its wood is all its back shows"),
    Secret("blocks.*.steps", Sibling("facing"), "2.11: strength is the number on the top edge, facing the owner"),
    Secret("blocks.*.aboard", Sibling("facing"), f"{_FACE}; 4.6: whether it is a warship or carried by one"),
    Secret("battle.acted.*.block", Sibling("facing"), _IN_BATTLE),
    Secret("battle.reserves.*.block", Sibling("facing"), _IN_BATTLE),
    Secret("battle.retreat_due.*.block", Sibling("facing"), f"{_IN_BATTLE}; reserves retreat unrevealed (6.22)"),
    Secret("battle.next.*.block", Sibling("facing"), _IN_BATTLE),
    Secret("force_march_rolls_due.*.block", Sibling("facing"), f"4.5: {MOVED_BLOCK}"),
    Secret("pools.*.*", EACH, "5.3: the replacement pools are always kept face-down; the enemy sees how many"),
    Secret(
        "replacement_points.*.*",
        EACH,
        "5.2, 5.3: the RP a player has left tell which blocks he drew and with how many steps; they are his",
    ),
)


def table_view(state: JSON) -> dict[str, JSON]:
    """The table as the arbiter sees it (the kit adds whose move it is and hides the secrets
    of ``VIEW_SECRETS`` for a seat or a spectator)."""
    pools = _pools(state)
    return {
        "phase": state["phase"],
        "scores": None,
        "scenario": state["scenario"],
        "title": state["title"],
        "year": state["year"],
        "season": turn.season_name(state),
        "game_turn": state["turn"],
        "player1": state["player1"],
        "action_rolls": [roll or None for roll in state["rolls"]],
        "actions_left": state["actions"],
        "acting": state["acting"],
        "replacement_points": _by_side(state, state["rp"]),
        "replacement_table": {n: upkeep.rp_track(state, n) for n in board.nations_at_war(state)},
        "sweden_victory_rp": victory.victory_rp(state),
        "victory_level": victory.victory_level(state),
        "nations_at_war": board.nations_at_war(state),
        "activation_rolls_due": _rolls_due(state),
        "sides": {n: s for n, s in state["sides"].items() if s is not None and n in state["active"]},
        "truces": dict(state["truces"]),
        "control": dict(state["control"]),
        "conquered": dict(state["lost"]),
        "blocks": _blocks(state),
        "pools": _by_side(state, pools),
        "pool_sizes": {nation: len(names) for nation, names in pools.items()},
        "battle": _battle(state),
        "battles_pending": board.battle_territories(state) if state["phase"] == "battle" else [],
        "sieges_pending": dict(state["sieges"]),
        "garrison_hits": dict(state["garrison_hits"]),
        "force_march_rolls_due": [
            {"block": name, "at": state["blocks"][name]["at"], "facing": _facing(state, name)}
            for name in state["pending_force_march"]
        ],
        "nyen_track": state["nyen_track"],
        "st_petersburg": state["st_petersburg"],
        "karl_xii_waiting": state["karl_waiting"],
        "rerolls_left": state["rerolls"],
        "outcome": state["outcome"],
    }


def _facing(state: JSON, name: str) -> int | None:
    """The seat that sees the block's face: its nation's side while it stands upright (NOBODY
    for a nation of no side), None once revealed, tipped forward for both to see."""
    if state["blocks"][name]["revealed"]:
        return None
    side = board.side_of(state, board.info(state, name)["nation"])
    return NOBODY if side is None else side


def _blocks(state: JSON) -> list[JSON]:
    """The blocks on the map, ordered by what the enemy sees of them (place, side, face-down,
    colour), so that the place of a block standing face-down in the list tells nothing."""
    shown = []
    for name, block in state["blocks"].items():
        if block["at"] in board.OFF_MAP:
            continue
        nation = board.info(state, name)["nation"]
        entry = {
            "name": name,
            "nation": nation,
            "colour": BLOCK_COLOURS.get(nation),
            "at": block["at"],
            "steps": block["steps"],
            "aboard": block["aboard"],
            "facing": _facing(state, name),
        }
        side = board.side_of(state, nation)
        seen_as = (block["at"], NOBODY if side is None else side, not block["revealed"], entry["colour"] or "")
        shown.append(((*seen_as, name), entry))
    return [entry for _order, entry in sorted(shown, key=lambda item: item[0])]


def _pools(state: JSON) -> dict[str, list[str]]:
    """Nation -> the blocks in its replacement pool (5.3)."""
    pools: dict[str, list[str]] = {}
    for name, block in state["blocks"].items():
        if block["at"] == "pool" and name not in state["excluded"]:
            pools.setdefault(board.info(state, name)["nation"], []).append(name)
    return pools


def _by_side(state: JSON, by_nation: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Nation -> value, split into one dict per seat (the seat commanding the nation), so
    that each seat's part can be declared its own (``EACH``)."""
    sides: list[dict[str, JSON]] = [{}, {}]
    for nation, value in by_nation.items():
        side = board.side_of(state, nation)
        if side is not None:
            sides[side][nation] = value
    return sides


def _battle(state: JSON) -> JSON:
    battle = state["battle"]
    if battle is None:
        return None
    return {
        **battle,
        **{key: _named(state, battle[key]) for key in ("acted", "reserves", "retreat_due")},
        "next": _named(state, turn.next_combatants(state)),
    }


def _named(state: JSON, names: list[str]) -> list[JSON]:
    return [{"block": name, "facing": _facing(state, name)} for name in names]


def _rolls_due(state: JSON) -> dict[str, list[str]]:
    """The activation rolls each side still owes this year (seat number as a string key)."""
    if state["phase"] != "year_start":
        return {}
    return {str(seat): list(upkeep.rolls_owed(state, seat)) for seat in (0, 1) if upkeep.rolls_owed(state, seat)}
