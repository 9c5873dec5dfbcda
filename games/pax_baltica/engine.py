"""Pax Baltica: the Great Northern War 1700-1721 in blocks, for two players.

Seat 0 commands Sweden and her allies, seat 1 the Allies (Russia, Saxony, Denmark...).
Component data lives in the JSON files beside this module (see data.py and README.md).
"""

from __future__ import annotations

from collections.abc import Callable

from games.contract import JSON, Engine, EngineError, Move, Outcome, Seat, Violation, obj
from games.pax_baltica import actions, board, combat, data, events, movement, supply, turn, upkeep
from games.pax_baltica.board import Draft
from games.pax_baltica.view import MOVE_SECRETS, VIEW_SECRETS, table_view
from games.pax_baltica.vocabulary import EVENT_TYPES

Check = Callable[[JSON, Move], list[Violation]]
Apply = Callable[[Draft, Move], None]


def _always_legal(state: JSON, move: Move) -> list[Violation]:
    return []


HANDLERS: dict[str, tuple[Check, Apply]] = {
    "activation_roll": (upkeep.check_activation_roll, upkeep.apply_activation_roll),
    "draw_block": (upkeep.check_draw_block, upkeep.apply_draw_block),
    "reinforce": (upkeep.check_reinforce, upkeep.apply_reinforce),
    "end_replacements": (upkeep.check_end_replacements, upkeep.apply_end_replacements),
    "action_roll": (actions.check_action_roll, actions.apply_action_roll),
    "night_rider_roll": (actions.check_night_rider_roll, actions.apply_night_rider_roll),
    "general_event": (events.check_general_event, events.apply_general_event),
    "spy": (actions.check_spy, actions.apply_spy),
    "group_move": (movement.check_group_move, movement.apply_group_move),
    "force_march": (movement.check_force_march, movement.apply_force_march),
    "declare_siege": (actions.check_declare_siege, actions.apply_declare_siege),
    "national_event": (events.check_national_event, events.apply_national_event),
    "rebuild": (actions.check_rebuild, actions.apply_rebuild),
    "end_actions": (_always_legal, actions.apply_end_actions),
    "cede_territory": (actions.check_cede_territory, actions.apply_cede_territory),
    "start_battle": (combat.check_start_battle, combat.apply_start_battle),
    "combat_fire": (combat.check_combat_fire, combat.apply_combat_fire),
    "combat_retreat": (combat.check_combat_retreat, combat.apply_combat_retreat),
    "regroup": (combat.check_regroup, combat.apply_regroup),
    "siege": (combat.check_siege, combat.apply_siege),
    "forgo_siege": (combat.check_forgo_siege, combat.apply_forgo_siege),
    "supply_check": (supply.check_supply_check, supply.apply_supply_check),
    "weather_roll": (_always_legal, actions.apply_weather_roll),
}

_edition_entries = {"type": "object", "additionalProperties": {"type": "object"}}


class PaxBalticaEngine(Engine):
    slug = "pax_baltica"
    title = "Pax Baltica"
    min_players = 2
    max_players = 2
    options_schema = obj(
        {
            "scenario": {"enum": list(data.SCENARIOS), "default": "12.1"},
            "optional_rules": {"type": "array", "items": {"enum": ["13.1", "13.2", "13.3"]}, "uniqueItems": True},
            "map": obj(
                {
                    "territories": _edition_entries,
                    "borders": {
                        "type": "array",
                        "items": obj(
                            {"a": {"type": "string"}, "b": {"type": "string"}, "colour": {"enum": ["black", "red"]}}
                        ),
                    },
                },
                required=[],
            ),
            "blocks": _edition_entries,
            "nations": _edition_entries,
        },
        required=[],
    )
    event_types = EVENT_TYPES
    view_secrets = VIEW_SECRETS
    move_secrets = MOVE_SECRETS

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
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
        draft = Draft(state)
        turn.begin_turn(draft)
        return draft.state

    def check(self, state: JSON, move: Move) -> list[Violation]:
        phase = state["phase"]
        if phase == "finished":
            return [Violation(turn.PHASE_RULES[phase], "The scenario has ended; no move may follow.")]
        legal = turn.legal_event_types(state)
        if move.type not in legal and state["pending_force_march"]:
            due = ", ".join(state["pending_force_march"])
            return [
                Violation(
                    "4.5 Force-marching", f"Roll for the force-marching blocks ({due}) once all movement is done."
                )
            ]
        if move.type not in legal:
            allowed = ", ".join(legal)
            return [
                Violation(turn.phase_rule(state), f"A {move.type} is not possible now; the table expects: {allowed}.")
            ]
        seats = turn.active_seats(state)
        if move.seat is None or move.seat not in seats:
            waiting = " or ".join(f"the {board.SIDE_NAMES[s]} player" for s in seats)
            return [Violation(turn.phase_rule(state), f"It is not your move: waiting for {waiting}.")]
        if move.type in turn.ACTION_ORDER:
            problems = actions.action_cost_problems(state, move)
            if problems:
                return problems
        return HANDLERS[move.type][0](state, move)

    def apply(self, state: JSON, move: Move) -> JSON:
        if move.type not in HANDLERS or state["phase"] == "finished":
            raise EngineError(f"A {move.type} cannot be applied in the {state['phase']} phase.")
        draft = Draft(state)
        if move.type != "regroup" and state["regroup"] is not None and move.type != "supply_check":
            draft.set("regroup", None)
        try:
            HANDLERS[move.type][1](draft, move)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:
            raise EngineError(f"The {move.type} cannot be applied to this table: {error!r}") from error
        self._after(draft, move)
        return draft.state

    def _after(self, draft: Draft, move: Move) -> None:
        state = draft.state
        if state["phase"] == "action":
            if move.type in turn.ACTION_ORDER:
                actions.spend_action(draft, move)
            turn.skip_idle_player(draft)
        elif state["phase"] == "weather_move" and move.type in ("group_move", "force_march"):
            actions.finish_weather_move(draft)
        if move.type == "group_move":
            _record_attacks(draft, move)

    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        return table_view(state, seat)

    def outcome(self, state: JSON) -> Outcome | None:
        return None if state["outcome"] is None else Outcome.from_dict(state["outcome"])


def _record_attacks(draft: Draft, move: Move) -> None:
    """6.2: the first player to move into a territory holding enemy blocks is its attacker."""
    state = draft.state
    for entry in move.data["moves"]:
        if not entry["path"]:
            continue
        place = entry["path"][-1]["to"]
        if place not in state["attacks"] and board.enemy_blocks_at(state, place, move.seat):
            draft.at("attacks")[place] = move.seat


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
