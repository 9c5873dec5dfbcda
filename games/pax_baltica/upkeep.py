"""The year's activation and replacements phase (The game): Replacement Points (5.1, 5.8),
the nations' entries (9.4 to 9.9, 6.10, the dates summary), drawing and deploying blocks
(5.2, 5.3, 9.x, 5.6), on-map replacements (5.4) and the end of the phase (5.7)."""

from __future__ import annotations

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, counted, last_answer, move
from games.pax_baltica import board, sections
from games.pax_baltica.losses import lose_passengers, sivershchyna_held_against_sweden
from games.pax_baltica.supply import in_supply
from games.pax_baltica.telling import FACES, named, sentence, titled, who
from games.pax_baltica.vocabulary import DIE, NAME, NATION
from games.secrets import MOVER, Secret

STEP_COST = {"regiment": 1, "army": 2, "warship": 2}
DRAW_EXTRA = {"regiment": 0, "army": 2, "warship": 2}
GARRISON_RP = 4
TURKISH_CONQUEST_RP = 8
TRUCE_YEARS = 3


# --- Replacement Points ---------------------------------------------------------------------


def rp_track(state: JSON, nation: str) -> int:
    """5.1: the Replacement Table: the printed RP, less 4 for each national garrison the
    enemy conquered during the play (4.3), plus permanent changes (10.1). A garrison of
    Ukraine's conquered before Ukraine is activated is a loss of Russia's (4.8), which
    Ukraine's entry does not undo (5.1: RP change by events and conquests only); 10.7
    adjusts Russia's when Ukraine rejoins it (``ukraine_rejoins_russia``)."""
    lost = sum(1 for loser in state["lost"].values() if loser == nation)
    points = state["tables"]["nations"][nation]["rp"] + state["rp_adjust"].get(nation, 0) - GARRISON_RP * lost
    if nation == "russia" and _first_turkish_conquest_held(state):
        points -= TURKISH_CONQUEST_RP
    return points


def _first_turkish_conquest_held(state: JSON) -> bool:
    """10.2: Russia loses 8 RP for the first territory lost to the Turk by a siege, and
    "regains the lost RP's when they have besieged and re-conquered the territory": until a
    Russian siege takes it back, not when an ally retakes it nor when a truce hands it back
    (6.9), and not by Ukraine's entry, re-conquering nothing (5.1)."""
    conquest = state["turkish_conquest"]
    return conquest is not None and not conquest["regained"]


def rp_this_year(state: JSON, nation: str) -> int:
    """5.8: event gains and losses count for the next year only; 12.5 halves Sweden's RP."""
    modifier = state["rp_year"].get(nation, {})
    points = rp_track(state, nation) + modifier.get("add", 0)
    if modifier.get("halve"):
        points //= 2
    if nation == "sweden" and state["sweden_rp_halved"]:
        points //= 2
    return max(0, points)


def step_cost(state: JSON, name: str) -> int:
    return STEP_COST[board.info(state, name)["type"]]


def draw_cost(state: JSON, name: str, steps: int) -> int:
    """5.2: 1 RP a regiment step, 2 an army or warship step, 2 extra to draw an army or warship."""
    return DRAW_EXTRA[board.info(state, name)["type"]] + steps * step_cost(state, name)


# --- the year begins ------------------------------------------------------------------------


def begin_year(table: Table) -> None:
    state = table.state
    table.update(phase="year_start", done=[], rolled=[], national_results={}, rp_year=state["rp_next"], rp_next={})
    _dated_entries(table)
    table.set("rp", {n: rp_this_year(table.state, n) for n in board.nations_at_war(table.state)})


def _dated_entries(table: Table) -> None:
    """The dates summary: Hanover leaves Sweden in 1711; Prussia and Hanover join the Allies
    in 1715; the Turks are removed in 1716; a national event truce ends after its year;
    the blocks excluded "From 1703-1714" (14.2 Denmark 4, Saxony 2) return in 1715."""
    state = table.state
    year = state["year"]
    if year == 1711 and state["sides"].get("hanover") == 0:
        withdraw(table, "hanover", "out")
        table.at("sides")["hanover"] = 1
    for nation, entry in state["entries"].items():
        if _enters_automatically(state, nation, entry):
            activate(table, nation, entry["side"])
    if year == 1716 and "turkey" in state["entries"]:
        withdraw(table, "turkey", "out")
        if "turkey" in state["truces"]:
            table.at("truces").pop("turkey")  # 10.5: the removal, not the truce, sets the return
    if year == 1715 and state["excluded"]:
        for name in state["excluded"]:
            table.at("blocks", name)["at"] = "pool"
        table.set("excluded", [])
    for nation, until in list(state["returns"].items()):
        if year >= until:
            activate(table, nation, board.side_of(state, nation))
            table.at("returns").pop(nation)


def _enters_automatically(state: JSON, nation: str, entry: JSON) -> bool:
    """9.7, 9.9: "From 1715 the Prussians starts automatically", "From 1715 the Hanoverians
    automatically joins the Allies": a nation not yet in the war enters that year or after. A
    truce made from that year on (14.2 Sweden 4) is not undone by it: "A truce is valid for 3
    years before you may start rolling for activation" (6.9, 6.10)."""
    automatic = entry.get("automatic")
    if automatic is None or state["year"] < automatic or state["active"].get(nation):
        return False
    truce = state["truces"].get(nation)
    return truce is None or truce < automatic


def withdraw(table: Table, nation: str, where: str) -> None:
    """A nation leaving the war by the dates (9.9 Hanover in 1711, 10.5 the Turks in 1716) or
    out of the game for good (10.1's cessions): its blocks leave the map, those aboard an
    ally's warships too (off the ship), owing no force-march roll (4.5)."""
    state = table.state
    for name in state["blocks"]:
        if board.info(state, name)["nation"] == nation and state["blocks"][name]["at"] != "dead":
            table.at("blocks", name).update(at=where, revealed=False, aboard=False)
            if name in state["pending_force_march"]:
                table.at("pending_force_march").pop(name)
    table.at("active")[nation] = False


def activate(table: Table, nation: str, side: int) -> None:
    """A nation enters the war: its blocks form its replacement pool (12: applies to all
    scenarios); the Hanoverian block is placed in Hanover at once (9.9). A nation changing
    side (Poland, 10.4, 14.2 Saxony 3) takes its blocks with it: those aboard the warships of
    its former allies at sea have no ship of their side there, and are lost (4.6, 8.2:
    ``lose_passengers``)."""
    state = table.state
    table.at("active")[nation] = True
    table.at("sides")[nation] = side
    table.at("truces").pop(nation, None)
    printed = state["tables"]["blocks"]
    for sea in sorted({b["at"] for n, b in state["blocks"].items() if b["aboard"] and printed[n]["nation"] == nation}):
        lose_passengers(table, sea, side)
    if nation == "ukraine":
        for place, holder in state["control"].items():
            if holder == "russia" and board.original_nation(state, place) == "ukraine":
                table.at("control")[place] = "ukraine"
                table.at("lost").pop(place, None)  # Ukraine's own again: no loss of its (4.3)
    for name, block in table.state["blocks"].items():
        if block["at"] == "out" and printed[name]["nation"] == nation and not _set_aside(table.state, name):
            table.at("blocks", name)["at"] = "pool"
    if nation == "hanover" and "Hanoverian Army" in state["blocks"]:
        table.at("blocks", "Hanoverian Army").update(at="Hanover", steps=board.info(state, "Hanoverian Army")["steps"])
    if state["phase"] == "year_start":
        table.at("rp")[nation] = rp_this_year(table.state, nation)


def cossacks_with_kin(state: JSON) -> bool:
    """14.2 Russia 3: "The Cossacks joins their kin in Ukraine or Turkey. Exclude the Cossack
    block from play. If Ukraine and Turkey is out of the game it returns to the replacement
    pool": while either is at war, an excluded Cossack block stays out."""
    return bool(state["active"].get("ukraine") or state["active"].get("turkey"))


def _set_aside(state: JSON, name: str) -> bool:
    """The blocks a nation entering the war leaves out of its pool: those excluded by 14.2
    (Denmark 4, Saxony 2; Russia 3 while the Cossacks' kin are in the game: a truce sends a
    nation's combat blocks to the pool, 6.9, not a block excluded from play), Mazepa while
    the Allies or the Turks hold Sivershchyna (10.7) and Russia's warships until S:t
    Petersburg is built (5.3 "place warships aside until a harbour is built", 11.2)."""
    data = board.info(state, name)
    if name in state["excluded"] or (name == "Cossacks" and cossacks_with_kin(state)):
        return True
    if name == "Mazepa" and sivershchyna_held_against_sweden(state):
        return True
    return data["nation"] == "russia" and data["type"] == "warship" and not state["st_petersburg"]


def activation_need(state: JSON, nation: str) -> int | None:
    """The roll a nation needs to enter the war this year, None when it may not roll.
    Entries (9.4 to 9.9) need a fixed roll; after a truce (6.10) the nation rolls from the
    third year on, first needing a 6, then a 5 or 6, and so on. 10.5: "Remove all Turks from
    spring turn 1716. From spring turn 1718, roll for activation as per (9.6)": no roll in
    1716 and 1717; a truce made before is cleared by the year 1716 (``_dated_entries``)."""
    if state["active"].get(nation) or nation in state["returns"]:
        return None
    year = state["year"]
    if nation == "turkey" and 1716 <= year < 1718:
        return None
    truce = state["truces"].get(nation)
    if truce is not None:
        first = truce + TRUCE_YEARS + 1
        return None if year < first else max(1, 6 - (year - first))
    entry = state["entries"].get(nation)
    if entry is None or year < entry["from"]:
        return None
    if year >= 1711 and "need_from_1711" in entry:
        return entry["need_from_1711"]
    return entry["need"]


def rolls_owed(state: JSON, seat: int) -> list[str]:
    """The nations ``seat`` still rolls for this year (``activation_need``): read of the parts
    of the state they depend on, once while those parts stand (the turn order and every
    year-start move ask it)."""
    owed = _rolls_owed(
        state["rolled"],
        state["entries"],
        state["truces"],
        state["sides"],
        state["active"],
        state["returns"],
        state["year"],
    )
    return owed[seat]


@last_answer  # a part of the state is never changed, so the same parts owe the same rolls
def _rolls_owed(
    rolled: JSON, entries: JSON, truces: JSON, sides: JSON, active: JSON, returns: JSON, year: int
) -> tuple[list[str], list[str]]:
    """Each seat's ``rolls_owed``, from the parts of the state ``activation_need`` and
    ``_entry_side`` read."""
    state = {"entries": entries, "truces": truces, "sides": sides, "active": active, "returns": returns, "year": year}
    owed = sorted(
        n
        for n in {*state["entries"], *state["truces"]}
        if n != "britain"  # 10.8: Britain enters by triggers
        and n not in rolled
        and activation_need(state, n) is not None
    )
    return [n for n in owed if _entry_side(state, n) == 0], [n for n in owed if _entry_side(state, n) == 1]


def activation_first(state: JSON) -> Violation | None:
    """The game: "Both players roll for activation of respective allies. After that it is time
    to place replacements": no replacement while either player still owes a roll this year."""
    owed = sorted(rolls_owed(state, 0) + rolls_owed(state, 1))
    if owed:
        return Violation(
            sections.YEAR_START, f"Both players roll for activation first: {', '.join(map(titled, owed))}."
        )
    return None


def _entry_side(state: JSON, nation: str) -> int | None:
    if nation in state["truces"]:
        return board.side_of(state, nation)
    return state["entries"][nation]["side"]


@move(
    "activation_roll",
    section=sections.TRUCE_ACTIVATION,
    description="Activation phase (6.10, 9.4-9.9): a die rolled for a nation's entry into the war.",
    schema=obj({"nation": NATION, "roll": DIE}),
    example={"nation": "denmark", "roll": 6},
    choices=lambda state, seat: [{"nation": n, "roll": r} for n in rolls_owed(state, seat) for r in FACES],
    says=lambda state, move, names: _said_activation(state, move, names),
)
def activation_roll(table: Table, move: Move) -> None:
    """9.4 to 9.9, 6.10: the nation enters the war on the roll it needs this year."""
    nation = move.data["nation"]
    if nation not in rolls_owed(table.state, move.seat):
        # 9.4 to 9.9 say who rolls for a nation's entry and from when; 6.10 a truce's
        # re-activation, and "Activation rolls are made once per year"
        again = nation in table.state["truces"] or nation in table.state["rolled"]
        entry = nation in table.state["entries"] and not again
        table.refuse(
            DEPLOYMENT[nation][1] if entry else sections.TRUCE_ACTIVATION,
            f"You may not roll for the activation of {nation.title()} this year.",
        )
    need = activation_need(table.state, nation)
    table.set("rolled", [*table.state["rolled"], nation])
    if need is not None and move.data["roll"] >= need:
        activate(table, nation, _entry_side(table.state, nation))


def _said_activation(state: JSON, move: Move, names) -> str:
    name, roll = move.data["nation"], move.data["roll"]
    need = activation_need(state, name)
    said = f"{who(names, move.seat)} rolls a {roll} for the entry of {titled(name)} into the war"
    if need is not None:
        said += f": {titled(name)} {'enters' if roll >= need else 'stays out'}"
    return sentence(said)


# --- replacements ----------------------------------------------------------------------------


def _replacement_problem(state: JSON, seat: int, nation: str) -> Violation | None:
    problem = activation_first(state)
    if problem:
        return problem
    if not state["active"].get(nation) or board.side_of(state, nation) != seat:
        return Violation(sections.PROHIBITED_RP, f"{nation.title()} is not one of your nations at war.")
    return None


@move(
    "draw_block",
    section=sections.REPLACEMENT_POOL,
    description=(
        "Replacements (5.2, 5.3): the block drawn from a nation's pool, the steps bought and where it is "
        "deployed; steps 0 when the RP cannot pay for it (they are spent)."
    ),
    schema=obj(
        {"block": NAME, "steps": {"type": "integer", "minimum": 0, "maximum": 4}, "territory": NAME},
        required=["block", "steps"],
    ),
    example={"block": "Flemming", "steps": 3, "territory": "Sachsen"},
    choices=lambda state, seat: _draws(state, seat),
    says=lambda state, move, names: _said_draw(move, names),
    secrets=(
        Secret("block", MOVER, "5.3: the pool is face-down and the block drawn is deployed standing, facing its owner"),
        Secret("steps", MOVER, "2.11, 5.2: the strength a new block is built to stands on its hidden face"),
    ),
)
def draw_block(table: Table, move: Move) -> None:
    """5.2, 5.3: a block drawn from the pool, built to the steps its nation's RP pay for and
    deployed (9.x, 5.6); a block the RP cannot pay for spends them and builds nothing."""
    state = table.state
    name, steps = move.data["block"], move.data["steps"]
    if not board.is_known_block(state, name):
        table.refuse(sections.REPLACEMENT_POOL, f"There is no block called {name}.")
        raise EngineError(f"There is no block called {name} to draw.")
    board.refuse(table, _draw_problem(state, move))
    nation = board.info(state, name)["nation"]
    points = state["rp"].get(nation, 0)
    if steps == 0:
        table.at("rp")[nation] = 0
        return
    table.at("rp")[nation] = max(0, points - draw_cost(state, name, steps))
    table.at("blocks", name).update(at=move.data.get("territory") or "pool", steps=steps, revealed=False)


def _pool_blocks(state: JSON, seat: int) -> list[str]:
    """5.3: the blocks in the replacement pools of the seat's nations at war."""
    return [
        name
        for name in sorted(state["blocks"])
        if state["blocks"][name]["at"] == "pool"
        and name not in state["excluded"]
        and state["active"].get(board.info(state, name)["nation"])
        and board.side_of(state, board.info(state, name)["nation"]) == seat
    ]


def _draws(state: JSON, seat: int) -> list[JSON]:
    """5.2, 5.3: each pool block, built to each number of steps its nation's RP pay for, in
    each territory of its deployment (9.x); a block the RP cannot pay for, with 0 steps."""
    choices = []
    for name in _pool_blocks(state, seat):
        points = state["rp"].get(board.info(state, name)["nation"], 0)
        if draw_cost(state, name, 1) > points:
            choices.append({"block": name, "steps": 0})
            continue
        places = deployment_area(state, name)[0]
        for steps in range(1, board.info(state, name)["steps"] + 1):
            if draw_cost(state, name, steps) <= points:
                choices += [{"block": name, "steps": steps, "territory": place} for place in places]
    return choices


def _said_draw(move: Move, names) -> str:
    data = move.data
    said = f"{who(names, move.seat)} draws {named(data['block'])} from the replacement pool"
    if data.get("steps") == 0:
        said += " but cannot pay for it: its RP are spent"
    elif isinstance(data.get("steps"), int):
        said += f" and builds it to {counted(data['steps'], 'step')}"
    if data.get("territory"):
        said += f" in {data['territory']}"
    return sentence(said)


def _draw_problem(state: JSON, move: Move) -> Violation | None:
    name, steps = move.data["block"], move.data["steps"]
    nation = board.info(state, name)["nation"]
    problem = _replacement_problem(state, move.seat, nation)
    if problem:
        return problem
    if state["blocks"][name]["at"] != "pool" or name in state["excluded"]:
        return Violation(sections.REPLACEMENT_POOL, f"{name} is not in the {nation.title()} replacement pool.")
    if state["sweden_pool_only_setup"] and nation == "sweden" and name not in state["setup_blocks"]:
        return Violation(sections.LAST_ARMY, f"Sweden may only use the blocks of the scenario set-up, not {name}.")
    points = state["rp"].get(nation, 0)
    if draw_cost(state, name, 1) > points:
        if steps:
            return Violation(
                sections.STEP_BUILDING_COST,
                f"{nation.title()} cannot afford {name}: the RP are spent and no step is built.",
            )
        if "territory" in move.data:
            return Violation(sections.REPLACEMENT_POOL, f"{name} is not built, so it is deployed nowhere.")
        return None
    if not 1 <= steps <= board.info(state, name)["steps"]:
        return Violation(sections.STRENGTH, f"{name} may be built with 1 to {board.info(state, name)['steps']} steps.")
    if draw_cost(state, name, steps) > points:
        return Violation(
            sections.STEP_BUILDING_COST,
            f"{steps} steps of {name} cost {draw_cost(state, name, steps)} RP; {nation.title()} has {points}.",
        )
    place = move.data.get("territory")
    if place is None:
        return Violation(sections.REPLACEMENT_POOL, f"Name the territory where {name} is placed.")
    return deployment_problem(state, name, place, move.seat)


def deployment_problem(state: JSON, name: str, place: str, seat: int) -> Violation | None:
    """9.x national deployment, 5.6: never into a battle territory or an enemy-held garrison."""
    if not board.is_known_territory(state, place):
        return Violation(sections.REPLACEMENT_POOL, f"{place} is not a territory of the map.")
    data = board.info(state, name)
    allowed, rule = deployment_area(state, name)
    if data["type"] == "warship":
        allowed = [p for p in allowed if board.port_of(state, p) == "harbour"]
        rule = sections.NAVAL_BATTLES
    if place not in allowed:
        if data["type"] == "warship" and not board.is_playable(state, place):  # 12.5: a harbour it holds off the map
            return Violation(sections.LAST_ARMY, f"{place} is outside the playable map area of this scenario.")
        return Violation(rule, f"{name} may not be deployed in {place}.")
    if state["control"].get(place) != data["nation"] and board.controller_side(state, place) != seat:
        return Violation(sections.INCORRECT_DEPLOYMENT, f"The enemy holds the garrison of {place}.")
    if board.enemy_blocks_at(state, place, seat):
        return Violation(sections.INCORRECT_DEPLOYMENT, f"{place} is a battle territory.")
    return None


#: 9.1 to 9.9: where each nation's blocks deploy: its own territories (9.3 to 9.9), the
#: Swedish homeland (9.1), three Russian territories (9.2).
DEPLOYMENT = {
    "sweden": (board.SWEDISH_HOMELAND, sections.DEPLOY_SWEDEN),
    "russia": (board.RUSSIAN_DEPLOYMENT, sections.DEPLOY_RUSSIA),
    "saxony": (None, sections.DEPLOY_SAXONY),
    "denmark": (None, sections.DEPLOY_DENMARK),
    "poland": (None, sections.DEPLOY_POLAND),
    "turkey": (None, sections.DEPLOY_TURKEY),
    "prussia": (None, sections.DEPLOY_PRUSSIA),
    "ukraine": (None, sections.DEPLOY_UKRAINE),
    "hanover": (None, sections.DEPLOY_HANOVER),
}
#: 9.1: Swedish regiments raised in their own province deploy there while Sweden holds it.
OWN_HOME = {"Estlandska": "Estland", "Savolax": "Savolax", "Pommerska": "Pommern"}
#: 9.2, 9.5, 9.8: blocks with a deployment of their own.
SPECIAL_DEPLOYMENT = {
    "Cossacks": (("russia", "ukraine"), sections.DEPLOY_RUSSIA),
    "Lubomirski": (None, sections.DEPLOY_POLAND),
    "Mazepa": (None, sections.DEPLOY_UKRAINE),
}
SPECIAL_PLACES = {"Lubomirski": ["Mazowsze", "Krakow"], "Mazepa": ["Sivershchyna"]}


def _territories_of(state: JSON, *nations: str) -> list[str]:
    return [p for p, t in state["tables"]["territories"].items() if t["nation"] in nations]


def deployment_area(state: JSON, name: str) -> tuple[list[str], str]:
    """9.x: where a drawn block may be deployed, and the section that says so."""
    nation = board.info(state, name)["nation"]
    home = OWN_HOME.get(name)
    if home is not None and state["control"].get(home) == "sweden" and board.is_playable(state, home):
        return [home], sections.DEPLOY_SWEDEN
    if name in SPECIAL_DEPLOYMENT:
        nations, rule = SPECIAL_DEPLOYMENT[name]
        return (_territories_of(state, *nations) if nations else SPECIAL_PLACES[name]), rule
    if name == "Bergenhus":
        norway = [p for p in _territories_of(state, "norway") if state["control"].get(p) == "denmark"]
        return (norway or _territories_of(state, "denmark")), sections.DEPLOY_DENMARK
    if board.info(state, name)["type"] == "warship":
        harbours = [p for p in state["tables"]["territories"] if state["control"].get(p) == nation]
        return [p for p in harbours if board.is_playable(state, p)], sections.NAVAL_BATTLES
    if nation not in DEPLOYMENT:
        return [], sections.REPLACEMENT_POOL
    places, rule = DEPLOYMENT[nation]
    return (list(places) if places is not None else _territories_of(state, nation)), rule


@move(
    "reinforce",
    section=sections.ON_MAP_REPLACEMENTS,
    description="On-map replacements (5.4): steps bought with RP for a block in supply.",
    schema=obj({"block": NAME, "steps": {"type": "integer", "minimum": 1, "maximum": 3}}),
    example={"block": "Pjotr I", "steps": 1},
    choices=lambda state, seat: _reinforcements(state, seat),
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} adds "
        + (counted(move.data["steps"], "replacement step") if move.data["steps"] else "replacement steps")
        + f" to {named(move.data['block'])}"
    ),
    secrets=(
        Secret("block", MOVER, "5.4: the block receiving replacements stands face-down to the enemy"),
        Secret("steps", MOVER, "2.11: its strength is on its hidden face"),
    ),
)
def reinforce(table: Table, move: Move) -> None:
    """5.4, 7.2: steps bought for a block on the map in supply (a warship also anchored in a harbour)."""
    state = table.state
    name, steps = move.data["block"], move.data["steps"]
    board.refuse(table, _reinforce_problem(state, move))
    if not board.is_known_block(state, name):
        raise EngineError(f"There is no block called {name} to reinforce.")
    nation = board.info(state, name)["nation"]
    table.at("rp")[nation] = state["rp"].get(nation, 0) - steps * step_cost(state, name)
    table.at("blocks", name)["steps"] += steps


def _reinforcements(state: JSON, seat: int) -> list[JSON]:
    """5.4: each of the seat's blocks on the map below full strength, each number of steps."""
    choices = []
    for name in sorted(state["blocks"]):
        if board.on_map(state, name) and board.owner(state, name) == seat:
            room = board.info(state, name)["steps"] - state["blocks"][name]["steps"]
            choices += [{"block": name, "steps": steps} for steps in range(1, min(room, 3) + 1)]
    return choices


def _reinforce_problem(state: JSON, move: Move) -> Violation | None:
    name, steps = move.data["block"], move.data["steps"]
    if not board.is_known_block(state, name) or not board.on_map(state, name):
        return Violation(sections.ON_MAP_REPLACEMENTS, f"{name} is not a block on the map.")
    nation = board.info(state, name)["nation"]
    problem = _replacement_problem(state, move.seat, nation)
    if problem:
        return problem
    if state["blocks"][name]["steps"] + steps > board.info(state, name)["steps"]:
        return Violation(
            sections.STRENGTH, f"{name} cannot exceed its maximum strength of {board.info(state, name)['steps']}."
        )
    cost = steps * step_cost(state, name)
    if cost > state["rp"].get(nation, 0):
        return Violation(
            sections.STEP_BUILDING_COST,
            f"{steps} step(s) for {name} cost {cost} RP; {nation.title()} has {state['rp'].get(nation, 0)}.",
        )
    place = state["blocks"][name]["at"]
    if board.info(state, name)["type"] == "warship" and (
        board.is_sea(state, place) or board.port_of(state, place) != "harbour"
    ):
        return Violation(
            sections.ON_MAP_REPLACEMENTS, f"The warship {name} receives replacements only anchored in a harbour."
        )
    if not in_supply(state, name):
        return Violation(sections.OUT_OF_SUPPLY, f"{name} is out of supply and may not receive replacements.")
    return None


@move(
    "end_replacements",
    section=sections.YEAR_START,
    description="A player has placed all replacements for the year; unused RP are lost (5.7).",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [{}],
    says=lambda state, move, names: sentence(f"{who(names, move.seat)} ends the replacements of the year"),
)
def end_replacements(table: Table, move: Move) -> None:
    """5.7: RP not used in this phase are lost; the year's first game turn follows."""
    board.refuse(table, activation_first(table.state))
    table.set("done", [*table.state["done"], move.seat])
    if len(table.state["done"]) == 2:
        table.set("rp", {})
        table.set("phase", "action_roll")
