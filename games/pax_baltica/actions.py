"""The action phase (3.x): action points, their order, and the simple actions (spy, siege
declaration, rebuild); plus the die rolls around it (action roll, night rider, weather)."""

from __future__ import annotations

from games.contract import JSON, Move, Violation
from games.pax_baltica import board, turn
from games.pax_baltica.board import Draft
from games.pax_baltica.supply import in_supply

ALLIED_MAJORS = ("russia", "saxony", "denmark")


# --- the action roll (3.1, 13.1 to 13.3) -----------------------------------------------


def check_action_roll(state: JSON, move: Move) -> list[Violation]:
    if state["rolls"][move.seat] is not None:
        return [Violation("3.1 Action table", "You have already rolled on the Action table this game turn.")]
    problem, _spent = _rerolls(state, move.seat, move.data.get("rerolled_from", []))
    return [problem] if problem else []


def _rerolls(state: JSON, seat: int, rerolled: list[int]) -> tuple[Violation | None, int]:
    """Check the re-rolls that led to the final action roll; return the 13.3 re-rolls spent.
    13.1: a second event in a row may be re-rolled until it is an action number; 13.2: the
    Allied player's one re-roll a turn, never of a 6, and final; 13.3: five re-rolls each for
    the game, a die-roll re-rolled only once."""
    optional = state["optional_rules"]
    spent, final, previous_was_13_3 = 0, False, False
    for value in rerolled:
        if "13.1" in optional and value == 6 and state["last_event"][seat]:
            continue
        if final:
            return Violation("13.2 Allied player re-roll", "The result of the Allied re-roll is non-negotiable."), spent
        if "13.2" in optional and seat == 1 and _all_allies_active(state) and not previous_was_13_3:
            if value == 6:
                return Violation("13.2 Allied player re-roll", "A 6 may never be re-rolled."), spent
            final = True
            continue
        if "13.3" in optional and spent < state["rerolls"][seat]:
            if previous_was_13_3:
                return Violation("13.3 Re-rolls", "A die-roll may only be re-rolled once."), spent
            spent, previous_was_13_3 = spent + 1, True
            continue
        return Violation(
            "13.0 Optional play balance", f"A roll of {value} may not be re-rolled under the rules in force."
        ), spent
    return None, spent


def _all_allies_active(state: JSON) -> bool:
    return all(state["active"].get(n) for n in ALLIED_MAJORS)


def apply_action_roll(draft: Draft, move: Move) -> None:
    _problem, spent = _rerolls(draft.state, move.seat, move.data.get("rerolled_from", []))
    if spent:
        draft.at("rerolls")[move.seat] = max(0, draft.state["rerolls"][move.seat] - spent)
    draft.at("rolls")[move.seat] = move.data["roll"]
    turn.after_roll(draft)


# --- spending actions (3.2, 3.3) ------------------------------------------------------


def action_cost_problems(state: JSON, move: Move) -> list[Violation]:
    """3.2: each action costs one action point; 3.3: spying, moves, sieges, national events
    and rebuilding come in that order."""
    if state["phase"] == "weather_move":
        return []
    if state["actions"][move.seat] < 1:
        return [Violation("3.2 Action choices", "You have no action points left this game turn.")]
    order = turn.ACTION_ORDER.index(move.type)
    if order < state["stage"][move.seat]:
        done = turn.ACTION_ORDER[state["stage"][move.seat]].replace("_", " ")
        return [
            Violation(
                "3.3 Action sequence", f"A {move.type.replace('_', ' ')} may not follow a {done} in the same turn."
            )
        ]
    return []


def spend_action(draft: Draft, move: Move) -> None:
    if draft.state["phase"] == "weather_move":
        return
    draft.at("actions")[move.seat] -= 1
    draft.at("stage")[move.seat] = turn.ACTION_ORDER.index(move.type)


def check_spy(state: JSON, move: Move) -> list[Violation]:
    name, target = move.data["block"], move.data["target"]
    rule = "3.41 Spying"
    if not board.is_known_block(state, name) or board.owner(state, name) != move.seat or not board.on_map(state, name):
        return [Violation(rule, f"{name} is not one of your blocks on the map.")]
    if board.info(state, name)["type"] == "warship":
        return [Violation(rule, "Only army or regimental blocks may spy.")]
    if not board.is_known_territory(state, target):
        return [Violation(rule, f"{target} is not a territory of the map.")]
    here = state["blocks"][name]["at"]
    if board.map_has_borders(state) and board.known_border(state, here, target) is None:
        return [Violation(rule, f"{name} may only spy into a neighbouring territory, and {target} is not.")]
    if not board.enemy_blocks_at(state, target, move.seat):
        return [Violation(rule, f"There are no enemy blocks in {target} to spy on.")]
    return []


def apply_spy(draft: Draft, move: Move) -> None:
    for name in board.enemy_blocks_at(draft.state, move.data["target"], move.seat):
        draft.block(name)["revealed"] = True


def check_declare_siege(state: JSON, move: Move) -> list[Violation]:
    place = move.data["territory"]
    rule = "3.43 Siege"
    if not board.is_known_territory(state, place):
        return [Violation(rule, f"{place} is not a territory of the map.")]
    if not board.blocks_at(state, place, move.seat):
        return [Violation(rule, f"To declare a siege you must already have a block in {place}.")]
    if not board.is_enemy_territory(state, place, move.seat) or board.garrison_value(state, place) == 0:
        return [Violation(rule, f"{place} has no enemy garrison to besiege.")]
    if board.enemy_blocks_at(state, place, move.seat):
        return [Violation(rule, f"Enemy blocks in {place} must be fought in battle, not besieged.")]
    if place in state["declared_sieges"]:
        return [Violation(rule, f"A siege of {place} is already declared this turn.")]
    return []


def apply_declare_siege(draft: Draft, move: Move) -> None:
    draft.at("sieges")[move.data["territory"]] = move.seat
    draft.at("declared_sieges")[move.data["territory"]] = move.seat


def check_rebuild(state: JSON, move: Move) -> list[Violation]:
    name = move.data["block"]
    rule = "3.45 Rebuilding steps"
    if not board.is_known_block(state, name) or board.owner(state, name) != move.seat or not board.on_map(state, name):
        return [Violation(rule, f"{name} is not one of your blocks on the map.")]
    if board.info(state, name)["type"] == "warship":
        return [Violation(rule, "Warships may not rebuild steps with an action.")]
    if state["blocks"][name]["steps"] >= board.info(state, name)["steps"]:
        return [Violation("2.11 Strength", f"{name} is already at full strength.")]
    if not in_supply(state, name):
        return [Violation("7.2 Out of supply", f"{name} is out of supply and may not rebuild.")]
    return []


def apply_rebuild(draft: Draft, move: Move) -> None:
    draft.block(move.data["block"])["steps"] += 1


def apply_end_actions(draft: Draft, move: Move) -> None:
    if draft.state["phase"] == "weather_move":
        turn.end_year(draft)
    else:
        turn.end_actions(draft)


# --- 10.1 cessions ------------------------------------------------------------------------

CESSIONS = {"Bremen-Verden": "hanover", "Pommern": "prussia"}
CESSION_RP = 4


def check_cede_territory(state: JSON, move: Move) -> list[Violation]:
    place = move.data["territory"]
    if place not in CESSIONS:
        return [Violation("10.1 Sweden", "Sweden may only cede Bremen-Verden to Hanover or Pommern to Prussia.")]
    if state["control"].get(place) != "sweden":
        return [Violation("10.1 Sweden", f"Sweden does not hold {place} to cede it.")]
    return []


def apply_cede_territory(draft: Draft, move: Move) -> None:
    """10.1: -4 RP for good, and the nation is out of the game for good."""
    place = move.data["territory"]
    nation = CESSIONS[place]
    state = draft.state
    draft.at("control")[place] = nation
    draft.at("rp_adjust")["sweden"] = state["rp_adjust"].get("sweden", 0) - CESSION_RP
    draft.at("active")[nation] = False
    draft.at("entries").pop(nation, None)
    draft.at("truces").pop(nation, None)
    draft.at("returns").pop(nation, None)
    for name, block in state["blocks"].items():
        if board.info(state, name)["nation"] == nation and block["at"] != "dead":
            draft.block(name).update(at="out", revealed=False)


# --- 11.1 the night rider, and the weather turn ------------------------------------------


def night_rider_needs(state: JSON) -> int:
    """11.1: a 6 on game turn 2, a 5 or 6 on turn 3, and so on."""
    return max(1, 6 - (state["turn"] - 2))


def check_night_rider_roll(state: JSON, move: Move) -> list[Violation]:
    rule = "11.1 Karl XII - The night rider"
    if move.seat != 0:
        return [Violation(rule, "Only the Swedish player rolls for Karl XII.")]
    target = move.data.get("territory")
    if move.data["roll"] < night_rider_needs(state):
        return [Violation(rule, "Karl XII did not arrive: name no territory.")] if target else []
    if target is None:
        return [Violation(rule, "Karl XII arrives: name the Swedish territory he enters.")]
    if target not in board.SWEDISH_HOMELAND or state["control"].get(target) != "sweden":
        return [Violation(rule, f"Karl XII enters a Swedish territory, and {target} is not one.")]
    if board.blocks_at(state, target):
        return [Violation(rule, f"Karl XII enters a non-occupied territory, and {target} is occupied.")]
    return []


def apply_night_rider_roll(draft: Draft, move: Move) -> None:
    draft.set("night_rider_rolled", draft.state["turn"])
    if move.data["roll"] >= night_rider_needs(draft.state) and move.data.get("territory"):
        draft.block("Karl XII")["at"] = move.data["territory"]
        draft.set("karl_waiting", False)
    turn.after_roll(draft)


def apply_weather_roll(draft: Draft, move: Move) -> None:
    """Never mind the weather: on 5 or 6 Sweden may make one group move containing Karl XII."""
    if move.data["roll"] >= 5:
        draft.set("phase", "weather_move")
        draft.set("pending_force_march", {})
    else:
        turn.end_year(draft)


def finish_weather_move(draft: Draft) -> None:
    """After the weather move (and its force-march rolls) any battle it starts is fought."""
    state = draft.state
    if state["phase"] == "weather_move" and not state["pending_force_march"]:
        if board.battle_territories(state):
            turn.begin_battle_phase(draft)
        else:
            turn.end_year(draft)
