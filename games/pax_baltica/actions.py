"""The action phase (3.x): the action roll (3.1, with the optional re-rolls of 13.1 to 13.3),
the simple actions (3.41 spy, 3.43 siege declaration, 3.45 rebuild), the end of the actions,
Sweden's cessions (10.1), and the die rolls around the turn (11.1 night rider, the weather).
Group moves are in movement.py, national events in events.py."""

from __future__ import annotations

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, move
from games.pax_baltica import board, sections, turn, upkeep
from games.pax_baltica.siege import nobody_may_besiege
from games.pax_baltica.supply import in_supply
from games.pax_baltica.telling import FACES, dice, named, sentence, who
from games.pax_baltica.vocabulary import DIE, NAME
from games.secrets import MOVER, Secret

ALLIED_MAJORS = ("russia", "saxony", "denmark")


# --- the action roll (3.1, 13.1 to 13.3) -----------------------------------------------


@move(
    "action_roll",
    section=sections.ACTION_TABLE,
    description=(
        "Action-roll phase (3.1): the player's final die; 'rerolled_from' lists earlier dice re-rolled "
        "under the optional rules 13.1 to 13.3."
    ),
    schema=obj({"roll": DIE, "rerolled_from": {"type": "array", "items": DIE, "maxItems": 12}}, required=["roll"]),
    example={"roll": 4},
    choices=lambda state, seat: _action_rolls(state, seat),
    says=lambda state, move, names: _said_action_roll(move, names),
)
def action_roll(table: Table, move: Move) -> None:
    """3.1: each player rolls once a game turn; the re-rolls spent under 13.3 are counted, and
    13.2's one Allied re-roll a turn is spent for the turn (a first-turn tie rolled again
    within it does not give it back)."""
    state = table.state
    problem, spent, allied = _rerolls(state, move.seat, move.data.get("rerolled_from", []))
    if state["rolls"][move.seat] is not None:
        table.refuse(sections.ACTION_TABLE, "You have already rolled on the Action table this game turn.")
    else:
        board.refuse(table, problem)
    if spent:
        table.at("rerolls")[move.seat] = max(0, state["rerolls"][move.seat] - spent)
    if allied:
        table.set("allied_reroll_used", True)
    table.at("rolls")[move.seat] = move.data["roll"]
    turn.after_roll(table)


def _rerolls(state: JSON, seat: int, rerolled: list[int]) -> tuple[Violation | None, int, bool]:
    """Check the re-rolls that led to the final action roll; return the 13.3 re-rolls spent
    and whether 13.2's was used. 13.1: a second event in a row may be re-rolled until it is
    an action number; 13.2: the Allied player's one re-roll a turn (once in the turn, a
    first-turn tie rolled again included), never of a 6 (a 13.3 re-roll may be), and final;
    13.3: five re-rolls each for the game, a die-roll re-rolled only once."""
    optional = state["optional_rules"]
    spent, final, previous_was_13_3, problem = 0, False, False, None
    allied = "13.2" in optional and seat == 1 and _all_allies_active(state)
    for value in rerolled:
        if "13.1" in optional and value == 6 and state["last_event"][seat]:
            continue
        if final:
            problem = Violation(sections.ALLIED_REROLL, "The result of the Allied re-roll is non-negotiable.")
            break
        free_rerolls = "13.3" in optional and spent < state["rerolls"][seat]
        if allied and not previous_was_13_3 and not state["allied_reroll_used"]:
            if value != 6:
                final = True
                continue
            if not free_rerolls:  # 13.2's "A 6 may never be re-rolled" is its own re-roll's: 13.3's are free
                problem = Violation(sections.ALLIED_REROLL, "A 6 may never be re-rolled.")
                break
        if free_rerolls:
            if previous_was_13_3:
                problem = Violation(sections.REROLLS, "A die-roll may only be re-rolled once.")
                break
            spent, previous_was_13_3 = spent + 1, True
            continue
        if allied and state["allied_reroll_used"]:
            problem = Violation(sections.ALLIED_REROLL, "The Allied re-roll of this turn is already used.")
        else:
            problem = Violation(
                sections.OPTIONAL_RULES, f"A roll of {value} may not be re-rolled under the rules in force."
            )
        break
    return problem, spent, final


#: The re-rolls offered before the final die (README "Legal moves"): at most 3 earlier dice.
REROLLS_OFFERED = 3


def _action_rolls(state: JSON, seat: int) -> list[JSON]:
    """3.1: each face of the die; with 13.1 to 13.3 in force, each face after every run of
    earlier dice the optional rules let the player re-roll (up to REROLLS_OFFERED of them)."""
    choices = [{"roll": roll} for roll in FACES] + [{"roll": roll, "rerolled_from": []} for roll in FACES]
    if not state["optional_rules"]:
        return choices
    earlier: list[list[int]] = [[]]
    runs = [[]]
    for _length in range(REROLLS_OFFERED):
        runs = [[*run, face] for run in runs for face in FACES if _rerolls(state, seat, [*run, face])[0] is None]
        earlier += runs
    return choices + [{"roll": roll, "rerolled_from": run} for run in earlier[1:] for roll in FACES]


def _said_action_roll(move: Move, names) -> str:
    roll, earlier = move.data["roll"], move.data.get("rerolled_from") or []
    result = "an event" if roll == 6 else f"{turn.actions_for_roll(roll)} actions" if roll > 1 else "1 action"
    said = f"{who(names, move.seat)} rolls a {roll} on the Action table: {result}"
    if earlier:
        said += f" (re-rolled from {dice(earlier)})"
    return sentence(said)


def _all_allies_active(state: JSON) -> bool:
    return all(state["active"].get(n) for n in ALLIED_MAJORS)


# --- the simple actions (3.41, 3.43, 3.45) and the end of the actions ---------------------


@move(
    "spy",
    section=sections.SPYING,
    description="3.41: an army or regiment spies into a neighbouring territory; its enemy blocks are revealed.",
    schema=obj({"block": NAME, "target": NAME}),
    example={"block": "Vellinck", "target": "Ingermanland"},
    choices=lambda state, seat: _spies(state, seat),
    exact=True,
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} spies into {move.data['target']} with {named(move.data['block'])}"
    ),
    secrets=(Secret("block", MOVER, "3.41: only the spied-on blocks are flipped and revealed, not the spy"),),
)
def spy(table: Table, move: Move) -> None:
    """3.41: the enemy blocks in the spied-on territory are revealed."""
    if not turn.refuse_action_cost(table, move):
        board.refuse(table, _spy_problem(table.state, move))
    for name in board.enemy_blocks_at(table.state, move.data["target"], move.seat):
        table.at("blocks", name)["revealed"] = True


def _own_blocks_on_map(state: JSON, seat: int) -> list[str]:
    return [n for n in sorted(state["blocks"]) if board.on_map(state, n) and board.owner(state, n) == seat]


def _spies(state: JSON, seat: int) -> list[JSON]:
    """3.41: each of the seat's blocks on the map into each territory holding enemy blocks,
    where the spying rule (``_spy_problem``) lets it look. Exact: each is legal whenever the
    seat may spy at all (an action left, 3.2, and its order, 3.3)."""
    targets = sorted({state["blocks"][n]["at"] for n in state["blocks"] if board.on_map(state, n)})
    targets = [t for t in targets if board.enemy_blocks_at(state, t, seat)]
    return [
        {"block": name, "target": target}
        for name in _own_blocks_on_map(state, seat)
        for target in targets
        if _spy_problem(state, Move("spy", seat, {"block": name, "target": target})) is None
    ]


def _spy_problem(state: JSON, move: Move) -> Violation | None:
    name, target = move.data["block"], move.data["target"]
    rule = sections.SPYING
    if not board.is_known_block(state, name) or board.owner(state, name) != move.seat or not board.on_map(state, name):
        return Violation(rule, f"{name} is not one of your blocks on the map.")
    if board.info(state, name)["type"] == "warship":
        return Violation(rule, "Only army or regimental blocks may spy.")
    if not board.is_known_territory(state, target):
        return Violation(rule, f"{target} is not a territory of the map.")
    if board.is_sea(state, target):
        return Violation(rule, f"Spying goes into a neighbouring territory, and {target} is a sea zone.")
    here = state["blocks"][name]["at"]
    if target == here or board.map_has_borders(state) and board.known_border(state, here, target) is None:
        return Violation(rule, f"{name} may only spy into a neighbouring territory, and {target} is not.")
    if not board.enemy_blocks_at(state, target, move.seat):
        return Violation(rule, f"There are no enemy blocks in {target} to spy on.")
    return None


@move(
    "declare_siege",
    section=sections.SIEGE,
    description="3.43: an action declaring a siege attempt where the player already has a block.",
    schema=obj({"territory": NAME}),
    example={"territory": "Nyen"},
    choices=lambda state, seat: [
        {"territory": place}
        for place in sorted({state["blocks"][n]["at"] for n in _own_blocks_on_map(state, seat)})
        if board.is_known_territory(state, place)
    ],
    says=lambda state, move, names: sentence(f"{who(names, move.seat)} declares a siege of {move.data['territory']}"),
)
def declare_siege(table: Table, move: Move) -> None:
    """3.43: a siege attempt declared for an action, resolved in the battle phase."""
    if not turn.refuse_action_cost(table, move):
        board.refuse(table, _declare_siege_problem(table.state, move))
    table.at("sieges")[move.data["territory"]] = move.seat
    table.at("declared_sieges")[move.data["territory"]] = move.seat


def _declare_siege_problem(state: JSON, move: Move) -> Violation | None:
    place = move.data["territory"]
    rule = sections.SIEGE
    if not board.is_known_territory(state, place):
        return Violation(rule, f"{place} is not a territory of the map.")
    mine = board.blocks_at(state, place, move.seat)
    if not mine:
        return Violation(rule, f"To declare a siege you must already have a block in {place}.")
    if not board.is_enemy_territory(state, place, move.seat) or board.garrison_value(state, place) == 0:
        return Violation(rule, f"{place} has no enemy garrison to besiege.")
    if nobody_may_besiege(state, move.seat, place):
        return Violation(
            sections.SIEGE_RESTRICTIONS, f"None of your blocks in {place} may make a siege attempt there this turn."
        )
    if board.enemy_blocks_at(state, place, move.seat):
        return Violation(rule, f"Enemy blocks in {place} must be fought in battle, not besieged.")
    if place in state["declared_sieges"]:
        return Violation(rule, f"A siege of {place} is already declared this turn.")
    return None


@move(
    "rebuild",
    section=sections.REBUILDING,
    description="3.45: an action adding one step to an on-map block in supply (not a warship).",
    schema=obj({"block": NAME}),
    example={"block": "Karl XII"},
    choices=lambda state, seat: [
        {"block": name}
        for name in _own_blocks_on_map(state, seat)
        if state["blocks"][name]["steps"] < board.info(state, name)["steps"]
    ],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} rebuilds one step of {named(move.data['block'])}"
    ),
    secrets=(Secret("block", MOVER, "3.45, 2.11: the step goes onto a block standing face-down to the enemy"),),
)
def rebuild(table: Table, move: Move) -> None:
    """3.45: one step for an on-map block in supply (7.2), never beyond full strength (2.11)."""
    name = move.data["block"]
    if not turn.refuse_action_cost(table, move):
        board.refuse(table, _rebuild_problem(table.state, move))
    if not board.is_known_block(table.state, name):
        raise EngineError(f"There is no block called {name} to rebuild.")
    table.at("blocks", name)["steps"] += 1


def _rebuild_problem(state: JSON, move: Move) -> Violation | None:
    name = move.data["block"]
    rule = sections.REBUILDING
    if not board.is_known_block(state, name) or board.owner(state, name) != move.seat or not board.on_map(state, name):
        return Violation(rule, f"{name} is not one of your blocks on the map.")
    if board.info(state, name)["type"] == "warship":
        return Violation(rule, "Warships may not rebuild steps with an action.")
    if state["blocks"][name]["steps"] >= board.info(state, name)["steps"]:
        return Violation(sections.STRENGTH, f"{name} is already at full strength.")
    if not in_supply(state, name):
        return Violation(sections.OUT_OF_SUPPLY, f"{name} is out of supply and may not rebuild.")
    return None


@move(
    "end_actions",
    section=sections.ACTION_SEQUENCE,
    description="The acting player ends the actions (unused actions are lost, 3.0), or forgoes the weather move.",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [{}],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} "
        + ("forgoes the weather move" if state["phase"] == "weather_move" else "ends the actions")
    ),
)
def end_actions(table: Table, move: Move) -> None:
    """3.0: unused actions are lost; after the weather roll, the weather move is forgone."""
    if table.state["phase"] == "weather_move":
        turn.end_year(table)
    else:
        turn.end_actions(table)


# --- 10.1 cessions ------------------------------------------------------------------------

CESSIONS = {"Bremen-Verden": "hanover", "Pommern": "prussia"}
CESSION_RP = 4


@move(
    "cede_territory",
    section=sections.SWEDEN,
    description="10.1: Sweden cedes Bremen-Verden to Hanover or Pommern to Prussia (no action; -4 RP for good).",
    schema=obj({"territory": {"enum": ["Bremen-Verden", "Pommern"]}}),
    example={"territory": "Bremen-Verden"},
    choices=lambda state, seat: [{"territory": place} for place in CESSIONS],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} cedes {move.data['territory']} to "
        f"{CESSIONS.get(move.data['territory'], 'its neighbour').title()} for good"
    ),
)
def cede_territory(table: Table, move: Move) -> None:
    """10.1: -4 RP for good, and the nation is out of the game for good (its blocks owing no
    force-march roll, 4.5); "at any time during the game", while the year's replacements are
    placed too (that year's RP then 4 fewer)."""
    state = table.state
    place = move.data["territory"]
    if move.seat != 0:
        table.refuse(sections.SWEDEN, "Only the Swedish player may cede a territory.")
    if place not in CESSIONS:
        table.refuse(sections.SWEDEN, "Sweden may only cede Bremen-Verden to Hanover or Pommern to Prussia.")
        raise EngineError(f"{place} is not a territory Sweden may cede.")
    if state["control"].get(place) != "sweden":
        table.refuse(sections.SWEDEN, f"Sweden does not hold {place} to cede it.")
    nation = CESSIONS[place]
    table.at("control")[place] = nation
    before = upkeep.rp_this_year(state, "sweden")
    table.at("rp_adjust")["sweden"] = state["rp_adjust"].get("sweden", 0) - CESSION_RP
    if state["phase"] == "year_start" and "sweden" in state["rp"]:
        fewer = before - upkeep.rp_this_year(table.state, "sweden")
        table.at("rp")["sweden"] = max(0, state["rp"]["sweden"] - fewer)
    table.at("entries").pop(nation, None)
    table.at("truces").pop(nation, None)
    table.at("returns").pop(nation, None)
    upkeep.withdraw(table, nation, "out")


# --- 11.1 the night rider, and the weather turn ------------------------------------------


#: 11.1 "the most southern": 9.1 names the homeland from Skåne in the south to Gävleborg in
#: the north; Östergötland and Västergötland lie side by side round the lake (1.1), as do
#: Kopparberg and Gävleborg (assumed): either of a pair is the most southern.
SOUTH_TO_NORTH = (
    ("Skane",),
    ("Smaland",),
    ("Ostergotland", "Vastergotland"),
    ("Svealand",),
    ("Kopparberg", "Gavleborg"),
)
#: 11.1 "Swedish territory" read as 1.1's (every territory shaded blue): Sweden's German
#: provinces lie south of the whole homeland; no printed map orders the three, so any of them.
GERMAN_PROVINCES = ("Bremen-Verden", "Pommern", "Wismar")


def night_rider_needs(state: JSON) -> int:
    """11.1: a 6 on game turn 2, a 5 or 6 on turn 3, and so on."""
    return max(1, 6 - (state["turn"] - 2))


@move(
    "night_rider_roll",
    section=sections.NIGHT_RIDER,
    description="11.1: the Swedish roll for Karl XII's return, with the territory he enters when it succeeds.",
    schema=obj({"roll": DIE, "territory": NAME}, required=["roll"]),
    example={"roll": 6, "territory": "Skane"},
    choices=lambda state, seat: [
        choice
        for roll in FACES
        for choice in (
            [{"roll": roll, "territory": place} for place in _night_ride_targets(state)]
            if roll >= night_rider_needs(state) and _night_ride_targets(state)
            else [{"roll": roll}]
        )
    ],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} rolls a {move.data['roll']} for the night rider: {_night_ride_said(state, move)}"
    ),
)
def night_rider_roll(table: Table, move: Move) -> None:
    """11.1: Karl XII enters the most southern non-occupied Swedish territory when the roll
    succeeds; with none free he stays away and rolls again next turn (README)."""
    board.refuse(table, _night_rider_problem(table.state, move))
    table.set("night_rider_rolled", table.state["turn"])
    if move.data["roll"] >= night_rider_needs(table.state) and move.data.get("territory"):
        table.at("blocks", "Karl XII")["at"] = move.data["territory"]
        table.set("karl_waiting", False)
    turn.after_roll(table)


def _night_ride_said(state: JSON, move: Move) -> str:
    if move.data["roll"] < night_rider_needs(state):
        return "Karl XII does not arrive"
    if move.data.get("territory"):
        return f"Karl XII arrives in {move.data['territory']}"
    return "Karl XII has no free Swedish territory to enter"


def _night_rider_problem(state: JSON, move: Move) -> Violation | None:
    rule = sections.NIGHT_RIDER
    if move.seat != 0:
        return Violation(rule, "Only the Swedish player rolls for Karl XII.")
    target = move.data.get("territory")
    if move.data["roll"] < night_rider_needs(state):
        return Violation(rule, "Karl XII did not arrive: name no territory.") if target else None
    southern = _night_ride_targets(state)
    if target is None:
        return Violation(rule, "Karl XII arrives: name the Swedish territory he enters.") if southern else None
    if target not in (*GERMAN_PROVINCES, *board.SWEDISH_HOMELAND) or state["control"].get(target) != "sweden":
        return Violation(rule, f"Karl XII enters a Swedish territory, and {target} is not one.")
    if board.blocks_at(state, target):
        return Violation(rule, f"Karl XII enters a non-occupied territory, and {target} is occupied.")
    if target not in southern:
        return Violation(rule, f"Karl XII enters the most southern non-occupied territory: {' or '.join(southern)}.")
    return None


def _night_ride_targets(state: JSON) -> list[str]:
    """11.1: the most southern non-occupied Swedish territories, read both ways the rulebook
    allows (README): any free German province (1.1's blue territories, all south of Sweden)
    and the most southern free territory of the homeland (9.1's "Sweden"; a pair side by side);
    none when every one is occupied or lost."""

    def free(row: tuple[str, ...]) -> list[str]:
        return [p for p in row if state["control"].get(p) == "sweden" and not board.blocks_at(state, p)]

    return [*free(GERMAN_PROVINCES), *next((row for row in map(free, SOUTH_TO_NORTH) if row), [])]


@move(
    "weather_roll",
    section=sections.WEATHER,
    description="Never mind the weather: the Swedish die after winter; 5 or 6 allows a move with Karl XII.",
    schema=obj({"roll": DIE}),
    example={"roll": 5},
    choices=lambda state, seat: [{"roll": roll} for roll in FACES],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} rolls a {move.data['roll']} for the weather: "
        + ("Karl XII may make one more move" if move.data["roll"] >= 5 else "the year ends")
    ),
)
def weather_roll(table: Table, move: Move) -> None:
    """Never mind the weather: on 5 or 6 Sweden may make one group move containing Karl XII."""
    if move.data["roll"] >= 5:
        turn.begin_weather_move(table)
    else:
        turn.end_year(table)


def finish_weather_move(table: Table) -> None:
    """After the weather move (and its force-march rolls) any battle it starts is fought."""
    state = table.state
    if state["phase"] == "weather_move" and not state["pending_force_march"]:
        if turn.battles_pending(table.share("blocks", "active", "sides")):
            turn.begin_battle_phase(table)
        else:
            turn.end_year(table)
