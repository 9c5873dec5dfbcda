"""The sequence of play: the year (activation and replacements, four seasons, "Never mind
the weather") and each game turn's phases (action roll, events, actions, battles, supply)."""

from __future__ import annotations

from games.contract import JSON, Move, Violation
from games.kit import Table, last_answer
from games.pax_baltica import board, sections
from games.pax_baltica.data import SEASONS
from games.pax_baltica.losses import lose_passengers
from games.pax_baltica.upkeep import begin_year, rolls_owed
from games.pax_baltica.victory import finish

ACTION_ORDER = ("spy", "group_move", "declare_siege", "national_event", "rebuild")

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


# --- whose move, which moves: each phase's ``turn`` and ``now`` ----------------------------


def year_start_seats(state: JSON) -> list[int]:
    """The game: both players roll for activation, "After that" they place replacements."""
    rolling = [seat for seat in (0, 1) if rolls_owed(state, seat)]
    return rolling or [seat for seat in (0, 1) if seat not in state["done"]]


def action_roll_seats(state: JSON) -> list[int]:
    return [seat for seat in (0, 1) if state["rolls"][seat] is None or (seat == 0 and night_rider_due(state))]


def action_roll_moves(state: JSON) -> list[str]:
    types = ["action_roll"] if None in state["rolls"] else []
    return [*types, "night_rider_roll"] if night_rider_due(state) else types


def event_seats(state: JSON) -> list[int]:
    return state["event_due"][:1]


def acting_seat(state: JSON) -> list[int]:
    return [state["acting"]]


def action_moves(state: JSON) -> list[str]:
    """3.3: the actions in their order, then the end of the actions (and 10.1 for Sweden, which
    is also hers at any time, ``anytime``);
    4.5: once a block force-marched, its roll comes before anything but another move, and
    once a roll is made no move follows (``movement_over``)."""
    if state["pending_force_march"]:
        moving = state["actions"][state["acting"]] and not movement_over(state)
        return ["group_move", "force_march"] if moving else ["force_march"]
    actions = [a for a in ACTION_ORDER if a != "group_move"] if movement_over(state) else ACTION_ORDER
    return [*actions, "end_actions", *(["cede_territory"] if state["acting"] == 0 else [])]


def movement_over(state: JSON) -> bool:
    """4.5: "Force-march rolls should not be made until a player has completed all movement":
    once the acting player has rolled for a force-marched block (marked ``forced``, its roll
    no longer owed), his movement is over for the game turn; also when the roll put the block's
    nation out of the war (Pjotr I dying of his, 6.8, 6.9), hence its side, not its owner."""
    owed, acting = state["pending_force_march"], state["acting"]
    return any(
        name not in owed and board.side_of(state, board.info(state, name)["nation"]) == acting
        for name in _forced(state["blocks"])
    )


@last_answer  # asked of each action-phase state; a move that leaves the blocks as they were asks again of them
def _forced(blocks: JSON) -> list[str]:
    """The blocks force-marched this game turn (usually none)."""
    return [name for name, block in blocks.items() if block["forced"]]


def supply_seats(state: JSON) -> list[int]:
    """7.0: the first player of the supply order yet to check."""
    for seat in supply_order(state):
        if seat not in state["done"]:
            return [seat]
    return []


def sweden(state: JSON) -> list[int]:
    return [0]


def weather_move_moves(state: JSON) -> list[str]:
    return ["force_march"] if state["pending_force_march"] else ["group_move", "end_actions"]


def supply_order(state: JSON) -> list[int]:
    """7.0 / The game: Player 1 begins the supply checks."""
    first = state["player1"] if state["player1"] is not None else 0
    return [first, other(first)]


#: ``board.battle_territories``, kept while the blocks stand where they stood (``board.standing``)
#: and the sides as they are (most moves leave them so): the gate asks twice of one table (whose
#: move it is, which moves), the end of the battle phase asks again of the same blocks. Asked only
#: of parts that never change: a state a move is given, or a table's parts ``Table.share``.
_battles_kept = last_answer(board.battles_among)


def battles_pending(state: JSON) -> list[str]:
    """``board.battle_territories`` of a state a move is given, or of a table's parts
    ``Table.share``, kept (``_battles_kept``)."""
    return _battles_kept(board.standing(state["blocks"]), state["active"], state["sides"], state["tables"]["blocks"])


def battle_seats(state: JSON) -> list[int]:
    battle = state["battle"]
    if battle is not None:
        return sorted({board.owner(state, name) for name in next_combatants(state, engaged_as_given(state))})
    seats = set()
    if state["regroup"] is not None:
        seats.add(state["regroup"]["seat"])
    if battles_pending(state):
        seats.add(state["player1"])
        return sorted(seats)
    seats.update(state["sieges"].values())
    if _supply_may_begin(state):
        seats.add(state["player1"])
    return sorted(seats)


def battle_event_types(state: JSON) -> list[str]:
    battle = state["battle"]
    if battle is not None:
        return ["combat_retreat"] if battle["retreat_due"] else ["combat_fire", "combat_retreat"]
    types = ["regroup"] if state["regroup"] is not None else []
    if battles_pending(state):
        return [*types, "start_battle"]
    types += ["siege", "forgo_siege"] if state["sieges"] else []
    return [*types, "supply_check"] if _supply_may_begin(state) else types


def _supply_may_begin(state: JSON) -> bool:
    """Player 1 begins the supply checks (7.0 "After all combat is done") once no siege is
    declared and the other player's siege attempts are made or forgone (3.43); his own may
    still wait."""
    player1 = state["player1"]
    return not state["declared_sieges"] and all(seat == player1 for seat in state["sieges"].values())


def next_combatants(state: JSON, sides: dict[int, list[str]] | None = None) -> list[str]:
    """The blocks whose combat turn comes next (6.21): all A before all B before all C,
    defending blocks before attacking blocks of the same letter; retreats due come first.
    ``sides``: ``engaged(state)`` when the caller has it."""
    battle = state["battle"]
    if battle["retreat_due"]:
        return list(battle["retreat_due"])
    attacker = battle["attacker"]
    if sides is None:
        sides = engaged(state)
    acted = battle["acted"]
    waiting = {
        seat: [(board.rating(state, n)[0], n) for n in sides[seat] if n not in acted]
        for seat in (other(attacker), attacker)
    }
    for letter in "ABC":
        for seat in waiting:
            group = [name for rated, name in waiting[seat] if rated == letter]
            if group:
                return group
    return []


def engaged(state: JSON) -> dict[int, list[str]]:
    """Each side's blocks engaged in the current battle (reserves join from round 2, 6.22;
    blocks aboard warships do not fight)."""
    return _engaged_among(state["battle"], state["blocks"], state["active"], state["sides"], state["tables"]["blocks"])


def _engaged_among(battle: JSON, blocks: JSON, active: JSON, sides: JSON, printed: JSON) -> dict[int, list[str]]:
    """``engaged`` of a state's battle, blocks, nations at war, sides and printed blocks."""
    engaged: dict[int, list[str]] = {0: [], 1: []}
    place, reserves, seats = battle["territory"], battle["reserves"], board.seats_at_war(active, sides)
    for name, block in blocks.items():
        if block["at"] != place or name in reserves or block.get("aboard"):
            continue
        seat = seats.get(printed[name]["nation"])
        if seat is not None:
            engaged[seat].append(name)
    return engaged


#: ``engaged``, kept for the state a combat move is given: the gate asks whose combat turn it
#: is, the combat fire asks again. Asked only of parts that never change.
_engaged_kept = last_answer(_engaged_among)


def engaged_as_given(state: JSON) -> dict[int, list[str]]:
    """``engaged`` of a state a move is given (never changed), kept (``_engaged_kept``)."""
    return _engaged_kept(state["battle"], state["blocks"], state["active"], state["sides"], state["tables"]["blocks"])


def combatants(state: JSON, seat: int) -> list[str]:
    """A side's blocks engaged in the current battle."""
    return engaged(state)[seat]


def night_rider_due(state: JSON) -> bool:
    """11.1: from game turn 2 Sweden rolls for Karl XII until he arrives, once a turn."""
    return night_rider_closed(state) is None


def night_rider_closed(state: JSON) -> Violation | None:
    """11.1: why no roll for Karl XII is due in this action-roll phase, if none is."""
    if "11.1" not in state["special_rules"]:
        return Violation(sections.NIGHT_RIDER, "This scenario does not apply 11.1: Karl XII has no night ride.")
    if not state["karl_waiting"]:
        return Violation(sections.NIGHT_RIDER, "Karl XII has arrived or is dead: no more rolls for his night ride.")
    if state["turn"] < 2:
        return Violation(sections.NIGHT_RIDER, "The rolls for Karl XII start on game turn 2.")
    if state["night_rider_rolled"] == state["turn"]:
        return Violation(sections.NIGHT_RIDER, "Karl XII's roll for this game turn is made.")
    return None


# --- the action phase (3.2, 3.3) and the regroup (6.6) ------------------------------------


def course_parts(state: JSON, origin: str, path: list[JSON]) -> list[str]:
    """8.1: "Warships (or groups of warships) move up to six sea zones ... at a cost of 1 AP.
    Leaving or entering a harbour also cost 1 AP": what a warship's course from ``origin`` pays
    for, 1 AP each, on top of one another within the one move (README reading): leaving its
    harbour (the origin a territory), sailing from a sea zone into the next, entering a harbour
    (its last step a territory). Places the map does not know count for nothing."""
    places = [origin, *(step["to"] for step in path)]
    sea = [board.is_known_territory(state, p) and board.is_sea(state, p) for p in places]
    land = [board.is_known_territory(state, p) and not board.is_sea(state, p) for p in places]
    parts = []
    if path and land[0]:
        parts.append("leaving its harbour")
    if any(here and there for here, there in zip(sea, sea[1:])):
        parts.append("sailing from sea zone to sea zone")
    if path and land[-1]:
        parts.append("entering a harbour")
    return parts


def _costliest_course(state: JSON, origin: str, moves: list[JSON]) -> tuple[str | None, list[str]]:
    """The warship of a group move whose course costs the most (``course_parts``), with its parts."""
    costliest: tuple[str | None, list[str]] = (None, [])
    for entry in moves:
        name = entry["block"]
        if board.is_known_block(state, name) and board.info(state, name)["type"] == "warship":
            parts = course_parts(state, origin, entry["path"])
            if len(parts) > len(costliest[1]):
                costliest = (name, parts)
    return costliest


def action_cost(state: JSON, move: Move) -> int:
    """3.2: "For each Action Point (AP) a player can" take one action; 8.1: a group move of
    warships costs what the costliest of their courses does (``course_parts``), at least 1."""
    if move.type != "group_move":
        return 1
    return max(1, len(_costliest_course(state, move.data["from"], move.data["moves"])[1]))


def refuse_action_cost(table: Table, move: Move) -> bool:
    """3.2: each action costs action points (``action_cost``: one, more for a warship's course,
    8.1); 3.3: spying, moves, sieges, national events and rebuilding come in that order (the
    weather move costs none). True when refused."""
    state = table.state
    if state["phase"] == "weather_move":
        return False
    left = state["actions"][move.seat]
    if left < 1:
        table.refuse(sections.ACTION_CHOICES, "You have no action points left this game turn.")
        return True
    if ACTION_ORDER.index(move.type) < state["stage"][move.seat]:
        done = ACTION_ORDER[state["stage"][move.seat]].replace("_", " ")
        table.refuse(
            sections.ACTION_SEQUENCE, f"A {move.type.replace('_', ' ')} may not follow a {done} in the same turn."
        )
        return True
    cost = action_cost(state, move)
    if cost > left:
        name, parts = _costliest_course(state, move.data["from"], move.data["moves"])
        table.refuse(
            sections.WARSHIP_MOVEMENT,
            f"{name}'s move costs {cost} action points, 1 each for {' and '.join(parts)}; you have {left} left.",
        )
        return True
    return False


def spend_action(table: Table, move: Move) -> None:
    if table.state["phase"] == "weather_move":
        return
    table.at("actions")[move.seat] -= action_cost(table.state, move)
    table.at("stage")[move.seat] = ACTION_ORDER.index(move.type)


# --- transitions ----------------------------------------------------------------------


def turn_start() -> JSON:
    """What a game turn starts with: no rolls, actions, moves, battles or sieges yet (new
    containers each time, the new state's own)."""
    return {
        "phase": "action_roll",
        "rolls": [None, None],
        "allied_reroll_used": False,
        "actions": [0, 0],
        "acting": None,
        "stage": [0, 0],
        "event_due": [],
        "border_use": {},
        "entered": {},
        "attacks": {},
        "sieges": {},
        "declared_sieges": {},
        "garrison_hits": {},
        "pending_force_march": {},
        "regroup": None,
        "done": [],
    }


#: The blocks the last game turn began with, every mark cleared (shared, so never changed): a
#: block that is still the one they hold has nothing to clear, so only the others are read (a
#: quiet game turn ends with all of them as they were).
_unmarked: JSON = {}


def begin_turn(table: Table) -> None:
    """A new game turn: the table of ``turn_start``, every block standing unmoved and hidden."""
    state = table.state
    table.update(**turn_start())
    clear_block_marks(table)
    if state["turn"] == 1 and state["swedish_first_actions"]:
        table.at("rolls")[0] = 0
        table.at("actions")[0] = state["swedish_first_actions"]


def clear_block_marks(table: Table) -> None:
    """Every block stands unmoved, not besieging, not loaded, not force-marched and hidden."""
    global _unmarked
    for name in _used_blocks(table.state["blocks"], _unmarked):
        table.at("blocks", name).update(moved=False, sieged=False, loaded=False, revealed=False, forced=False)
    _unmarked = table.share("blocks")["blocks"]


def begin_weather_move(table: Table) -> None:
    """Never mind the weather: "the Swedish player rolls 1D6 for a special Winter Turn", a
    game turn of its own, so the winter turn's marks are cleared: 3.42 "Blocks move once per
    Game Turn" (Karl XII may move again), and its entries, attacks and sieges are the winter
    battles' (6.2 "The attacker (the player who moved into the territory)", 6.22 reserves).
    The winter's dice, actions and Player 1 stay (the weather move spends no action)."""
    start = turn_start()
    for kept in ("phase", "rolls", "actions", "acting", "event_due"):
        del start[kept]
    table.update(phase="weather_move", **start)
    clear_block_marks(table)


def _used_blocks(blocks: JSON, unmarked: JSON) -> list[str]:
    """The blocks marked as moved, besieging, loaded, revealed or force-marched this turn: of
    those not in ``unmarked`` (blocks with every mark cleared), as they were there. After a
    quiet game turn the blocks are still ``unmarked`` itself, and none is read."""
    if blocks is unmarked:
        return []
    return [
        name
        for name, block in blocks.items()
        if block is not unmarked.get(name)
        and (block["moved"] or block["sieged"] or block["loaded"] or block["revealed"] or block["forced"])
    ]


def after_roll(table: Table) -> None:
    """The action-roll phase ends once both action dice and, when due, the night ride are in
    (11.1 gives the night ride no place in the phase: it may come before or after the dice)."""
    state = table.state
    if state["phase"] == "action_roll" and None not in state["rolls"] and not night_rider_due(state):
        after_action_rolls(table)


def after_action_rolls(table: Table) -> None:
    """Decide Player 1 once both dice are in (The game: Action-roll Phase). On a first turn
    with Sweden's three fixed actions Sweden is Player 1, unless the Allied die is an event:
    "If an event is rolled (a roll of a 6), that player is Player 1"."""
    state = table.state
    rolls = state["rolls"]
    first_turn_fixed = state["turn"] == 1 and state["swedish_first_actions"]
    if first_turn_fixed:
        player1 = 1 if rolls[1] == 6 else 0
        table.at("actions")[1] = actions_for_roll(rolls[1])
    elif rolls[0] == rolls[1] and state["turn"] == 1 and state["player1"] is None:
        table.set("rolls", [None, None])
        return
    else:
        if rolls[0] == rolls[1]:
            player1 = other(state["player1"])
        else:
            player1 = 0 if rolls[0] > rolls[1] else 1
        table.set("actions", [actions_for_roll(r) for r in rolls])
    due = [seat for seat in (player1, other(player1)) if rolls[seat] == 6]
    table.update(player1=player1, last_event=[r == 6 for r in rolls], event_due=due, both_events=len(due) == 2)
    if due:
        table.set("phase", "events")
    else:
        begin_actions(table)


def after_general_event(table: Table) -> None:
    table.set("event_due", table.state["event_due"][1:])
    if table.state["event_due"]:
        return
    if table.state["both_events"]:
        end_turn(table)
    else:
        begin_actions(table)


def begin_actions(table: Table) -> None:
    table.set("phase", "action")
    table.set("acting", table.state["player1"])
    skip_idle_player(table)


def skip_idle_player(table: Table) -> None:
    """Pass the turn on when the acting player has no action left and no roll owed."""
    state = table.state
    if state["phase"] != "action" or state["pending_force_march"]:
        return
    if state["actions"][state["acting"]] <= 0:  # below 0 only by a refused move a record play applied
        end_actions(table)


def end_actions(table: Table) -> None:
    state = table.state
    if state["acting"] == state["player1"]:
        table.set("acting", other(state["player1"]))
        skip_idle_player(table)
    else:
        begin_battle_phase(table)


def begin_battle_phase(table: Table) -> None:
    table.update(phase="battle", battle=None, acting=None)
    settle_battle_phase(table)


def settle_battle_phase(table: Table) -> None:
    """Leave the battle phase once every battle is fought and every siege is resolved (a
    siege or regroup a record play logs in another phase leaves that phase alone)."""
    state = table.state
    if state["phase"] != "battle" or state["battle"] is not None or state["regroup"] is not None or state["sieges"]:
        return
    if battles_pending(table.share("blocks", "active", "sides")):
        return
    if state["weather"]:
        end_year(table)
    else:
        begin_supply(table)


def begin_supply(table: Table) -> None:
    table.update(phase="supply", regroup=None, sieges={}, declared_sieges={}, done=[])


def end_turn(table: Table) -> None:
    """After the supply phase: the Nyen track moves, then the next turn, the weather turn or
    the next year begins; the last turn of the scenario ends the game."""
    advance_nyen(table)
    british_triggers(table)
    state = table.state
    if is_last_turn(state):
        finish(table)
        return
    if SEASONS[state["season"]] == "winter":
        if karl_on_map(state):
            table.update(phase="weather", weather=True, acting=0)
            return
        end_year(table)
        return
    table.update(season=state["season"] + 1, turn=state["turn"] + 1)
    begin_turn(table)


def karl_on_map(state: JSON) -> bool:
    return "Karl XII" in state["blocks"] and board.on_map(state, "Karl XII") and not state["karl_waiting"]


def end_year(table: Table) -> None:
    state = table.state
    table.update(weather=False, year=state["year"] + 1, season=0, turn=state["turn"] + 1)
    begin_turn(table)
    begin_year(table)


@last_answer  # the printed data never changes during a play
def _fleet_and_army(printed: JSON) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    """(block, nation) of the warships, and nation -> its other blocks, in printed order."""
    fleet: list[tuple[str, str]] = []
    army: dict[str, list[str]] = {}
    for name, data in printed.items():
        if data["type"] == "warship":
            fleet.append((name, data["nation"]))
        else:
            army.setdefault(data["nation"], []).append(name)
    return fleet, army


@last_answer  # the printed map never changes during a play
def _sea_zones(territories: JSON) -> frozenset[str]:
    return frozenset(name for name, data in territories.items() if data["kind"] == "sea")


_HOMELAND = frozenset(board.SWEDISH_HOMELAND)


def sea_power_and_invasion(state: JSON) -> tuple[list[int], bool]:
    """Warships at sea per side, and whether Allied blocks stand in the Swedish homeland.
    Asked after every game turn of a table's parts ``Table.share``: kept while the blocks
    stand where they stood (``board.standing``; most game turns end with the blocks where the
    last one left them)."""
    return _sea_power_kept(board.standing(state["blocks"]), state["active"], state["sides"], state["tables"])


@last_answer
def _sea_power_kept(blocks: JSON, active: JSON, sides: JSON, tables: JSON) -> tuple[list[int], bool]:
    """``sea_power_and_invasion`` of a state's parts (one pass over the blocks)."""
    at_sea, invaded = [0, 0], False
    fleet, army = _fleet_and_army(tables["blocks"])
    seas, seats = _sea_zones(tables["territories"]), board.seats_at_war(active, sides)
    for name, nation in fleet:  # a warship in a port of the homeland invades it too
        seat = seats.get(nation)
        block = blocks.get(name)
        if seat is None or block is None:
            continue
        if block["at"] in seas:
            at_sea[seat] += 1
        elif seat == 1 and block["at"] in _HOMELAND:
            invaded = True
    if not invaded:
        invaded = any(_in_homeland(blocks, army.get(nation, ())) for nation, seat in seats.items() if seat == 1)
    return at_sea, invaded


def _in_homeland(blocks: JSON, names: list[str]) -> bool:
    """Whether one of these blocks stands in the Swedish homeland."""
    for name in names:
        block = blocks.get(name)
        if block is not None and block["at"] in _HOMELAND:
            return True
    return False


def _british_enter(state: JSON) -> bool:
    """10.8: Hanover holds Bremen-Verden, the Allies have more warships at sea or they invade
    the Swedish homeland (the blocks counted only when Hanover does not hold it). A Hanover
    ceded Bremen-Verden is "out of the game for good" (10.1), on no side: it calls no one."""
    if (
        state["control"].get("Bremen-Verden") == "hanover"
        and state["sides"].get("hanover") == 1
        and "hanover" in state["entries"]  # struck by 10.1's cession
    ):
        return True
    (swedish, allied), invaded = sea_power_and_invasion(state)
    return allied > swedish or invaded


def british_triggers(table: Table) -> None:
    """10.8, checked after each game turn: the British warship enters (in Portsmouth, 9.10)
    when Hanover holds Bremen-Verden, the Allies have more warships at sea, or the Allies
    invade the Swedish homeland; it leaves when Sweden has more warships at sea (the British
    one counted) or holds Nyen/S:t Petersburg, the blocks aboard it lost (8.2, README). It
    never enters in scenario 12.5."""
    state = table.state
    if "British Warship" not in state["blocks"] or state["playable_nations"] is not None:
        return
    table.share("blocks", "active", "sides")  # for sea_power_and_invasion
    if state["active"].get("britain"):
        (swedish, allied), _invaded = sea_power_and_invasion(state)
        british = state["blocks"]["British Warship"]["at"]
        if british not in board.OFF_MAP and not board.is_sea(state, british):
            swedish += 1  # "Count the British block ... if in play", in Portsmouth too
        if swedish > allied or state["control"].get("Nyen") == "sweden" and state["st_petersburg"]:
            table.at("active")["britain"] = False
            table.at("blocks", "British Warship")["at"] = "out"
            if board.is_sea(state, british):
                lose_passengers(table, british, board.side_of(state, "britain"))
        return
    if _british_enter(state):
        steps = state["blocks"]["British Warship"]["steps"] or board.info(state, "British Warship")["steps"]
        table.at("active")["britain"] = True
        table.at("truces").pop("britain", None)
        table.at("blocks", "British Warship").update(at="Portsmouth", steps=steps)


def advance_nyen(table: Table) -> None:
    """11.2: Nyen held by Russia for 8 consecutive turns becomes S:t Petersburg, a harbour 4."""
    state = table.state
    if "11.2" not in state["special_rules"] or state["st_petersburg"]:
        return
    if state["control"].get("Nyen") == "russia":
        count = state["nyen_track"] + 1
        table.set("nyen_track", count)
        if count >= state["tables"]["nyen_turns"]:
            table.set("st_petersburg", True)
            for name in ("Russian Galley I", "Russian Galley II"):
                if name in state["blocks"] and state["blocks"][name]["at"] == "out":
                    table.at("blocks", name)["at"] = "pool"
    elif state["nyen_track"]:
        table.set("nyen_track", 0)
