"""The sequence of play: the year (activation and replacements, four seasons, "Never mind
the weather") and each game turn's phases (action roll, events, actions, battles, supply)."""

from __future__ import annotations

from games.contract import JSON
from games.pax_baltica import board
from games.pax_baltica.board import Draft
from games.pax_baltica.data import SEASONS

ACTION_ORDER = ("spy", "group_move", "declare_siege", "national_event", "rebuild")
YEAR_START_TYPES = ["activation_roll", "draw_block", "reinforce", "end_replacements"]

PHASE_RULES = {
    "year_start": "The game: Activation and replacements",
    "action_roll": "The game: Action-roll Phase",
    "events": "3.1 Action table",
    "action": "3.3 Action sequence",
    "battle": "6.1 Battle sequence",
    "supply": "The game: Supply Phase",
    "weather": "Special end year turn: Never mind the weather",
    "weather_move": "Special end year turn: Never mind the weather",
    "finished": "12.0 Scenarios",
}


def phase_rule(state: JSON) -> str:
    """The rule a move out of turn or out of phase breaks."""
    battle = state.get("battle")
    if state["phase"] == "battle" and battle is not None:
        return "6.2 Battle turns" if battle["retreat_due"] else "6.21 Combat rounds"
    return PHASE_RULES[state["phase"]]


#: 3.1: 6 an event (no actions), 4-5 three actions, 2-3 two, 1 one.
ACTIONS_FOR_ROLL = {6: 0, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}


def actions_for_roll(roll: int) -> int:
    return ACTIONS_FOR_ROLL[roll]


def other(seat: int) -> int:
    return 1 - seat


def is_last_turn(state: JSON) -> bool:
    end = state["end"]
    return state["year"] == end["year"] and state["season"] == end["season"]


def season_name(state: JSON) -> str:
    return SEASONS[state["season"]]


# --- whose move, which events ---------------------------------------------------------


def active_seats(state: JSON) -> list[int]:
    phase = state["phase"]
    if phase == "year_start":
        return [seat for seat in (0, 1) if seat not in state["done"]]
    if phase == "action_roll":
        return [seat for seat in (0, 1) if state["rolls"][seat] is None or (seat == 0 and night_rider_due(state))]
    if phase == "events":
        return state["event_due"][:1]
    if phase == "action":
        return [state["acting"]]
    if phase == "battle":
        return battle_seats(state)
    if phase == "supply":
        return [seat for seat in supply_order(state) if seat not in state["done"]][:1]
    if phase in ("weather", "weather_move"):
        return [0]
    return []


def supply_order(state: JSON) -> list[int]:
    """7.0 / The game: Player 1 begins the supply checks."""
    first = state["player1"] if state["player1"] is not None else 0
    return [first, other(first)]


def battle_seats(state: JSON) -> list[int]:
    battle = state["battle"]
    if battle is not None:
        return sorted({board.owner(state, name) for name in next_combatants(state)})
    seats = set()
    if state["regroup"] is not None:
        seats.add(state["regroup"]["seat"])
    if board.battle_territories(state):
        seats.add(state["player1"])
        return sorted(seats)
    seats.update(state["sieges"].values())
    if not state["declared_sieges"]:
        seats.add(state["player1"])
    return sorted(seats)


def legal_event_types(state: JSON) -> list[str]:
    phase = state["phase"]
    if phase == "year_start":
        return YEAR_START_TYPES
    if phase == "action_roll":
        types = ["action_roll"] if None in state["rolls"] else []
        return [*types, "night_rider_roll"] if night_rider_due(state) else types
    if phase == "events":
        return ["general_event"]
    if phase == "action":
        if state["pending_force_march"]:
            return ["group_move", "force_march"] if state["actions"][state["acting"]] else ["force_march"]
        return [*ACTION_ORDER, "end_actions", *(["cede_territory"] if state["acting"] == 0 else [])]
    if phase == "battle":
        return battle_event_types(state)
    if phase == "supply":
        return ["supply_check"]
    if phase == "weather":
        return ["weather_roll"]
    if phase == "weather_move":
        return ["force_march"] if state["pending_force_march"] else ["group_move", "end_actions"]
    return []


def battle_event_types(state: JSON) -> list[str]:
    battle = state["battle"]
    if battle is not None:
        return ["combat_retreat"] if battle["retreat_due"] else ["combat_fire", "combat_retreat"]
    types = ["regroup"] if state["regroup"] is not None else []
    if board.battle_territories(state):
        return [*types, "start_battle"]
    types += ["siege", "forgo_siege"] if state["sieges"] else []
    return types if state["declared_sieges"] else [*types, "supply_check"]


def next_combatants(state: JSON) -> list[str]:
    """The blocks whose combat turn comes next (6.21): all A before all B before all C,
    defending blocks before attacking blocks of the same letter; retreats due come first."""
    battle = state["battle"]
    if battle["retreat_due"]:
        return list(battle["retreat_due"])
    defender = other(battle["attacker"])
    waiting = {
        seat: [n for n in combatants(state, seat) if n not in battle["acted"]]
        for seat in (defender, battle["attacker"])
    }
    for letter in "ABC":
        for seat in (defender, battle["attacker"]):
            group = [name for name in waiting[seat] if board.rating(state, name)[0] == letter]
            if group:
                return group
    return []


def combatants(state: JSON, seat: int) -> list[str]:
    """A side's blocks engaged in the current battle (reserves join from round 2, 6.22)."""
    battle = state["battle"]
    return [
        name
        for name in board.blocks_at(state, battle["territory"], seat)
        if name not in battle["reserves"] and not state["blocks"][name].get("aboard")
    ]


def night_rider_due(state: JSON) -> bool:
    """11.1: from game turn 2 Sweden rolls for Karl XII until he arrives, once a turn."""
    return state["karl_waiting"] and state["turn"] >= 2 and state["night_rider_rolled"] != state["turn"]


# --- transitions ----------------------------------------------------------------------


def begin_turn(draft: Draft) -> None:
    state = draft.state
    draft.update(
        phase="action_roll",
        rolls=[None, None],
        actions=[0, 0],
        acting=None,
        stage=[0, 0],
        event_due=[],
        border_use={},
        entered={},
        attacks={},
        sieges={},
        declared_sieges={},
        garrison_hits={},
        pending_force_march={},
        regroup=None,
        done=[],
    )
    for name, block in state["blocks"].items():
        if block["moved"] or block["sieged"] or block["loaded"] or block["revealed"] or block["forced"]:
            draft.block(name).update(moved=False, sieged=False, loaded=False, revealed=False, forced=False)
    if state["turn"] == 1 and state["swedish_first_actions"]:
        draft.at("rolls")[0] = 0
        draft.at("actions")[0] = state["swedish_first_actions"]


def after_roll(draft: Draft) -> None:
    """The action-roll phase ends once both action dice and, when due, the night ride are in
    (11.1 gives the night ride no place in the phase: it may come before or after the dice)."""
    state = draft.state
    if state["phase"] == "action_roll" and None not in state["rolls"] and not night_rider_due(state):
        after_action_rolls(draft)


def after_action_rolls(draft: Draft) -> None:
    """Decide Player 1 once both dice are in (The game: Action-roll Phase). On a first turn
    with Sweden's three fixed actions Sweden is Player 1, unless the Allied die is an event:
    "If an event is rolled (a roll of a 6), that player is Player 1"."""
    state = draft.state
    rolls = state["rolls"]
    first_turn_fixed = state["turn"] == 1 and state["swedish_first_actions"]
    if first_turn_fixed:
        player1 = 1 if rolls[1] == 6 else 0
        draft.at("actions")[1] = actions_for_roll(rolls[1])
    elif rolls[0] == rolls[1] and state["turn"] == 1 and state["player1"] is None:
        draft.set("rolls", [None, None])
        return
    else:
        if rolls[0] == rolls[1]:
            player1 = other(state["player1"])
        else:
            player1 = 0 if rolls[0] > rolls[1] else 1
        draft.set("actions", [actions_for_roll(r) for r in rolls])
    due = [seat for seat in (player1, other(player1)) if rolls[seat] == 6]
    draft.update(player1=player1, last_event=[r == 6 for r in rolls], event_due=due, both_events=len(due) == 2)
    if due:
        draft.set("phase", "events")
    else:
        begin_actions(draft)


def after_general_event(draft: Draft) -> None:
    draft.set("event_due", draft.state["event_due"][1:])
    if draft.state["event_due"]:
        return
    if draft.state["both_events"]:
        end_turn(draft)
    else:
        begin_actions(draft)


def begin_actions(draft: Draft) -> None:
    draft.set("phase", "action")
    draft.set("acting", draft.state["player1"])
    skip_idle_player(draft)


def skip_idle_player(draft: Draft) -> None:
    """Pass the turn on when the acting player has no action left and no roll owed."""
    state = draft.state
    if state["phase"] != "action" or state["pending_force_march"]:
        return
    if state["actions"][state["acting"]] == 0:
        end_actions(draft)


def end_actions(draft: Draft) -> None:
    state = draft.state
    if state["acting"] == state["player1"]:
        draft.set("acting", other(state["player1"]))
        skip_idle_player(draft)
    else:
        begin_battle_phase(draft)


def begin_battle_phase(draft: Draft) -> None:
    draft.update(phase="battle", battle=None, acting=None)
    settle_battle_phase(draft)


def settle_battle_phase(draft: Draft) -> None:
    """Leave the battle phase once every battle is fought and every siege is resolved (a
    siege or regroup a record play logs in another phase leaves that phase alone)."""
    state = draft.state
    if (
        state["phase"] != "battle"
        or state["battle"] is not None
        or board.battle_territories(state)
        or state["regroup"] is not None
    ):
        return
    if state["sieges"]:
        return
    if state["weather"]:
        end_year(draft)
    else:
        begin_supply(draft)


def begin_supply(draft: Draft) -> None:
    draft.update(phase="supply", regroup=None, sieges={}, declared_sieges={}, done=[])


def end_turn(draft: Draft) -> None:
    """After the supply phase: the Nyen track moves, then the next turn, the weather turn or
    the next year begins; the last turn of the scenario ends the game."""
    advance_nyen(draft)
    british_triggers(draft)
    state = draft.state
    if is_last_turn(state):
        from games.pax_baltica.victory import finish

        finish(draft)
        return
    if SEASONS[state["season"]] == "winter":
        if karl_on_map(state):
            draft.update(phase="weather", weather=True, acting=0)
            return
        end_year(draft)
        return
    draft.update(season=state["season"] + 1, turn=state["turn"] + 1)
    begin_turn(draft)


def karl_on_map(state: JSON) -> bool:
    return "Karl XII" in state["blocks"] and board.on_map(state, "Karl XII") and not state["karl_waiting"]


def end_year(draft: Draft) -> None:
    from games.pax_baltica.upkeep import begin_year

    state = draft.state
    draft.update(weather=False, year=state["year"] + 1, season=0, turn=state["turn"] + 1)
    begin_turn(draft)
    begin_year(draft)


def sea_power_and_invasion(state: JSON) -> tuple[list[int], bool]:
    """Warships at sea per side, and whether Allied blocks stand in the Swedish homeland
    (one pass over the blocks: this runs after every game turn)."""
    at_sea, invaded = [0, 0], False
    printed, territories = state["tables"]["blocks"], state["tables"]["territories"]
    seats = board.commanders(state)
    for name, block in state["blocks"].items():
        place = block["at"]
        if place in board.OFF_MAP:
            continue
        data = printed[name]
        seat = seats.get(data["nation"])
        if seat is None:
            continue
        if data["type"] == "warship" and territories[place]["kind"] == "sea":
            at_sea[seat] += 1
        elif seat == 1 and place in board.SWEDISH_HOMELAND:
            invaded = True
    return at_sea, invaded


def british_triggers(draft: Draft) -> None:
    """10.8, checked after each game turn: the British warship enters (in Portsmouth, 9.10)
    when Hanover holds Bremen-Verden, the Allies have more warships at sea, or the Allies
    invade the Swedish homeland; it leaves when Sweden has more warships at sea (the British
    one counted) or holds Nyen/S:t Petersburg. It never enters in scenario 12.5."""
    state = draft.state
    if "British Warship" not in state["blocks"] or state["playable_nations"] is not None:
        return
    (swedish, allied), invaded = sea_power_and_invasion(state)
    if state["active"].get("britain"):
        british = state["blocks"]["British Warship"]["at"]
        if british not in board.OFF_MAP and not board.is_sea(state, british):
            swedish += 1  # "Count the British block ... if in play", in Portsmouth too
        if swedish > allied or state["control"].get("Nyen") == "sweden" and state["st_petersburg"]:
            draft.at("active")["britain"] = False
            draft.block("British Warship")["at"] = "out"
        return
    hanover_holds = state["control"].get("Bremen-Verden") == "hanover" and state["sides"].get("hanover") == 1
    if hanover_holds or allied > swedish or invaded:
        steps = state["blocks"]["British Warship"]["steps"] or board.info(state, "British Warship")["steps"]
        draft.at("active")["britain"] = True
        draft.at("truces").pop("britain", None)
        draft.block("British Warship").update(at="Portsmouth", steps=steps)


def advance_nyen(draft: Draft) -> None:
    """11.2: Nyen held by Russia for 8 consecutive turns becomes S:t Petersburg, a harbour 4."""
    state = draft.state
    if "11.2" not in state["special_rules"] or state["st_petersburg"]:
        return
    if state["control"].get("Nyen") == "russia":
        count = state["nyen_track"] + 1
        draft.set("nyen_track", count)
        if count >= state["tables"]["nyen_turns"]:
            draft.set("st_petersburg", True)
            for name in ("Russian Galley I", "Russian Galley II"):
                if name in state["blocks"] and state["blocks"][name]["at"] == "out":
                    draft.block(name)["at"] = "pool"
    elif state["nyen_track"]:
        draft.set("nyen_track", 0)
