"""The yearly activation and replacements phase (5.x, 6.10, 9.x) and Replacement Points."""

from __future__ import annotations

from games.contract import JSON, Move, Violation
from games.pax_baltica import board
from games.pax_baltica.board import Draft
from games.pax_baltica.supply import in_supply

STEP_COST = {"regiment": 1, "army": 2, "warship": 2}
DRAW_EXTRA = {"regiment": 0, "army": 2, "warship": 2}
GARRISON_RP = 4
TURKISH_CONQUEST_RP = 8
TRUCE_YEARS = 3


# --- Replacement Points ---------------------------------------------------------------------


def rp_track(state: JSON, nation: str) -> int:
    """5.1: the Replacement Table: the printed RP, less 4 for each national garrison the
    enemy conquered during the play (4.3), plus permanent changes (10.1). Ukraine's
    territories count for Russia until Ukraine is activated (4.8)."""
    owners = {nation}
    if nation == "russia" and not state["active"].get("ukraine"):
        owners.add("ukraine")
    lost = sum(1 for original in state["lost"].values() if original in owners)
    points = state["tables"]["nations"][nation]["rp"] + state["rp_adjust"].get(nation, 0) - GARRISON_RP * lost
    if nation == "russia" and _first_turkish_conquest_held(state):
        points -= TURKISH_CONQUEST_RP
    return points


def _first_turkish_conquest_held(state: JSON) -> bool:
    """10.2: Russia loses 8 RP for the first territory lost to the Turk by a siege, and
    regains them when it re-conquers it."""
    place = state["turkish_conquest"]
    return place is not None and board.controller_side(state, place) != board.side_of(state, "russia")


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


def begin_year(draft: Draft) -> None:
    state = draft.state
    draft.update(phase="year_start", done=[], rolled=[], national_results={}, rp_year=state["rp_next"], rp_next={})
    _dated_entries(draft)
    draft.set("rp", {n: rp_this_year(draft.state, n) for n in board.nations_at_war(draft.state)})


def _dated_entries(draft: Draft) -> None:
    """The dates summary: Hanover leaves Sweden in 1711; Prussia and Hanover join the Allies
    in 1715; the Turks are removed in 1716; a national event truce ends after its year;
    the blocks excluded "From 1703-1714" (14.2 Denmark 4, Saxony 2) return in 1715."""
    state = draft.state
    year = state["year"]
    if year == 1711 and state["sides"].get("hanover") == 0:
        _withdraw(draft, "hanover", "out")
        draft.at("sides")["hanover"] = 1
    for nation, entry in state["entries"].items():
        automatic = entry.get("automatic")
        if automatic is not None and year >= automatic and not state["active"].get(nation):
            activate(draft, nation, entry["side"])
    if year == 1716 and "turkey" in state["entries"]:
        _withdraw(draft, "turkey", "out")
    if year == 1715 and state["excluded"]:
        for name in state["excluded"]:
            draft.block(name)["at"] = "pool"
        draft.set("excluded", [])
    for nation, until in list(state["returns"].items()):
        if year >= until:
            activate(draft, nation, board.side_of(state, nation))
            draft.at("returns").pop(nation)


def _withdraw(draft: Draft, nation: str, where: str) -> None:
    state = draft.state
    for name in state["blocks"]:
        if board.info(state, name)["nation"] == nation and state["blocks"][name]["at"] not in ("dead",):
            draft.block(name).update(at=where, revealed=False)
    draft.at("active")[nation] = False


def activate(draft: Draft, nation: str, side: int) -> None:
    """A nation enters the war: its blocks form its replacement pool (12: applies to all
    scenarios); the Hanoverian block is placed in Hanover at once (9.9)."""
    state = draft.state
    draft.at("active")[nation] = True
    draft.at("sides")[nation] = side
    draft.at("truces").pop(nation, None)
    for name, block in state["blocks"].items():
        if board.info(state, name)["nation"] == nation and block["at"] == "out" and name not in state["excluded"]:
            draft.block(name)["at"] = "pool"
    if nation == "ukraine":
        for place, holder in state["control"].items():
            if holder == "russia" and board.original_nation(state, place) == "ukraine":
                draft.at("control")[place] = "ukraine"
    if nation == "hanover" and "Hanoverian Army" in state["blocks"]:
        draft.block("Hanoverian Army").update(at="Hanover", steps=board.info(state, "Hanoverian Army")["steps"])
    if state["phase"] == "year_start":
        draft.at("rp")[nation] = rp_this_year(draft.state, nation)


def activation_need(state: JSON, nation: str) -> int | None:
    """The roll a nation needs to enter the war this year, None when it may not roll.
    Entries (9.4 to 9.9) need a fixed roll; after a truce (6.10) the nation rolls from the
    third year on, first needing a 6, then a 5 or 6, and so on."""
    if state["active"].get(nation) or nation in state["returns"]:
        return None
    year = state["year"]
    truce = state["truces"].get(nation)
    if truce is not None:
        first = truce + TRUCE_YEARS + 1
        return None if year < first else max(1, 6 - (year - first))
    entry = state["entries"].get(nation)
    if entry is None or year < entry["from"]:
        return None
    if nation == "turkey" and 1716 <= year < 1718:
        return None
    if year >= 1711 and "need_from_1711" in entry:
        return entry["need_from_1711"]
    return entry["need"]


def rolls_owed(state: JSON, seat: int) -> list[str]:
    nations = (set(state["entries"]) | set(state["truces"])) - {"britain"}  # 10.8: Britain enters by triggers
    return sorted(
        n
        for n in nations
        if n not in state["rolled"] and activation_need(state, n) is not None and _entry_side(state, n) == seat
    )


def _entry_side(state: JSON, nation: str) -> int | None:
    if nation in state["truces"]:
        return board.side_of(state, nation)
    return state["entries"][nation]["side"]


def check_activation_roll(state: JSON, move: Move) -> list[Violation]:
    nation = move.data["nation"]
    if nation not in rolls_owed(state, move.seat):
        return [
            Violation("6.10 Truce activation", f"You may not roll for the activation of {nation.title()} this year.")
        ]
    return []


def apply_activation_roll(draft: Draft, move: Move) -> None:
    nation = move.data["nation"]
    need = activation_need(draft.state, nation)
    draft.set("rolled", [*draft.state["rolled"], nation])
    if need is not None and move.data["roll"] >= need:
        activate(draft, nation, _entry_side(draft.state, nation))


# --- replacements ----------------------------------------------------------------------------


def _replacement_problems(state: JSON, seat: int, nation: str) -> list[Violation]:
    if rolls_owed(state, seat):
        owed = ", ".join(n.title() for n in rolls_owed(state, seat))
        return [Violation("The game: Activation and replacements", f"Roll for activation first: {owed}.")]
    if not state["active"].get(nation) or board.side_of(state, nation) != seat:
        return [Violation("5.7 Prohibited handling of RP's", f"{nation.title()} is not one of your nations at war.")]
    return []


def check_draw_block(state: JSON, move: Move) -> list[Violation]:
    name, steps = move.data["block"], move.data["steps"]
    if not board.is_known_block(state, name):
        return [Violation("5.3 Replacement pool and deploying", f"There is no block called {name}.")]
    nation = board.info(state, name)["nation"]
    problems = _replacement_problems(state, move.seat, nation)
    if problems:
        return problems
    if state["blocks"][name]["at"] != "pool" or name in state["excluded"]:
        return [
            Violation("5.3 Replacement pool and deploying", f"{name} is not in the {nation.title()} replacement pool.")
        ]
    if state["sweden_pool_only_setup"] and nation == "sweden" and name not in state["setup_blocks"]:
        return [Violation("12.5 The last army", f"Sweden may only use the blocks of the scenario set-up, not {name}.")]
    points = state["rp"].get(nation, 0)
    if draw_cost(state, name, 1) > points:
        if steps:
            return [
                Violation(
                    "5.2 Step building cost",
                    f"{nation.title()} cannot afford {name}: the RP are spent and no step is built.",
                )
            ]
        return []
    if not 1 <= steps <= board.info(state, name)["steps"]:
        return [Violation("2.11 Strength", f"{name} may be built with 1 to {board.info(state, name)['steps']} steps.")]
    if draw_cost(state, name, steps) > points:
        return [
            Violation(
                "5.2 Step building cost",
                f"{steps} steps of {name} cost {draw_cost(state, name, steps)} RP; {nation.title()} has {points}.",
            )
        ]
    place = move.data.get("territory")
    if place is None:
        return [Violation("5.3 Replacement pool and deploying", f"Name the territory where {name} is placed.")]
    problem = deployment_problem(state, name, place, move.seat)
    return [problem] if problem else []


def apply_draw_block(draft: Draft, move: Move) -> None:
    state = draft.state
    name, steps = move.data["block"], move.data["steps"]
    nation = board.info(state, name)["nation"]
    points = state["rp"].get(nation, 0)
    if steps == 0:
        draft.at("rp")[nation] = 0
        return
    draft.at("rp")[nation] = max(0, points - draw_cost(state, name, steps))
    draft.block(name).update(at=move.data.get("territory") or "pool", steps=steps, revealed=False)


def deployment_problem(state: JSON, name: str, place: str, seat: int) -> Violation | None:
    """9.x national deployment, 5.6: never into a battle territory or an enemy-held garrison."""
    if not board.is_known_territory(state, place):
        return Violation("5.3 Replacement pool and deploying", f"{place} is not a territory of the map.")
    data = board.info(state, name)
    allowed, rule = deployment_area(state, name)
    if data["type"] == "warship":
        allowed = [p for p in allowed if board.port_of(state, p) == "harbour"]
        rule = "8.2 Naval battles"
    if place not in allowed:
        return Violation(rule, f"{name} may not be deployed in {place}.")
    if state["control"].get(place) != data["nation"] and board.controller_side(state, place) != seat:
        return Violation("5.6 Incorrect deployment", f"The enemy holds the garrison of {place}.")
    if board.enemy_blocks_at(state, place, seat):
        return Violation("5.6 Incorrect deployment", f"{place} is a battle territory.")
    return None


def deployment_area(state: JSON, name: str) -> tuple[list[str], str]:
    nation = board.info(state, name)["nation"]
    territories = state["tables"]["territories"]

    def of(*nations: str) -> list[str]:
        return [p for p, t in territories.items() if t["nation"] in nations]

    own_home = {"Estlandska": "Estland", "Savolax": "Savolax", "Pommerska": "Pommern"}
    if (
        name in own_home
        and state["control"].get(own_home[name]) == "sweden"
        and board.is_playable(state, own_home[name])
    ):
        return [own_home[name]], "9.1 Sweden"
    special = {
        "Cossacks": (of("russia", "ukraine"), "9.2 Russia"),
        "Lubomirski": (["Mazowsze", "Krakow"], "9.5 Poland"),
        "Mazepa": (["Sivershchyna"], "9.8 Ukraine"),
    }
    if name in special:
        return special[name]
    if name == "Bergenhus":
        norway = [p for p in of("norway") if state["control"].get(p) == "denmark"]
        return (norway or of("denmark")), "9.4 Denmark"
    by_nation = {
        "sweden": (list(board.SWEDISH_HOMELAND), "9.1 Sweden"),
        "russia": (list(board.RUSSIAN_DEPLOYMENT), "9.2 Russia"),
        "saxony": (of("saxony"), "9.3 Saxony"),
        "denmark": (of("denmark"), "9.4 Denmark"),
        "poland": (of("poland"), "9.5 Poland"),
        "turkey": (of("turkey"), "9.6 Turkey"),
        "prussia": (of("prussia"), "9.7 Prussia"),
        "ukraine": (of("ukraine"), "9.8 Ukraine"),
        "hanover": (of("hanover"), "9.9 Hanover"),
    }
    if board.info(state, name)["type"] == "warship":
        harbours = [p for p in territories if state["control"].get(p) == nation]
        return harbours, "8.2 Naval battles"
    return by_nation.get(nation, ([], "5.3 Replacement pool and deploying"))


def check_reinforce(state: JSON, move: Move) -> list[Violation]:
    name, steps = move.data["block"], move.data["steps"]
    if not board.is_known_block(state, name) or not board.on_map(state, name):
        return [Violation("5.4 On-map replacements", f"{name} is not a block on the map.")]
    nation = board.info(state, name)["nation"]
    problems = _replacement_problems(state, move.seat, nation)
    if problems:
        return problems
    if state["blocks"][name]["steps"] + steps > board.info(state, name)["steps"]:
        return [
            Violation(
                "2.11 Strength", f"{name} cannot exceed its maximum strength of {board.info(state, name)['steps']}."
            )
        ]
    cost = steps * step_cost(state, name)
    if cost > state["rp"].get(nation, 0):
        return [
            Violation(
                "5.2 Step building cost",
                f"{steps} step(s) for {name} cost {cost} RP; {nation.title()} has {state['rp'].get(nation, 0)}.",
            )
        ]
    place = state["blocks"][name]["at"]
    if board.info(state, name)["type"] == "warship":
        if board.is_sea(state, place) or board.port_of(state, place) != "harbour":
            return [
                Violation(
                    "5.4 On-map replacements", f"The warship {name} receives replacements only anchored in a harbour."
                )
            ]
    elif not in_supply(state, name):
        return [Violation("7.2 Out of supply", f"{name} is out of supply and may not receive replacements.")]
    return []


def apply_reinforce(draft: Draft, move: Move) -> None:
    name, steps = move.data["block"], move.data["steps"]
    nation = board.info(draft.state, name)["nation"]
    draft.at("rp")[nation] = draft.state["rp"].get(nation, 0) - steps * step_cost(draft.state, name)
    draft.block(name)["steps"] += steps


def check_end_replacements(state: JSON, move: Move) -> list[Violation]:
    owed = rolls_owed(state, move.seat)
    if owed:
        return [
            Violation(
                "The game: Activation and replacements",
                f"Roll for the activation of {', '.join(n.title() for n in owed)} before the year begins.",
            )
        ]
    return []


def apply_end_replacements(draft: Draft, move: Move) -> None:
    """5.7: RP not used in this phase are lost."""
    draft.set("done", [*draft.state["done"], move.seat])
    if len(draft.state["done"]) == 2:
        draft.set("rp", {})
        draft.set("phase", "action_roll")
