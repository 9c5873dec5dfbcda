"""The event tables (14.1 general, 14.2 national) and the national event action (3.44)."""

from __future__ import annotations

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, move
from games.pax_baltica import board, sections, turn
from games.pax_baltica.losses import change_hands, lose_steps, to_pool
from games.pax_baltica.telling import FACES, allocations, named_blocks, sentence, titled, who
from games.pax_baltica.upkeep import activate, cossacks_with_kin
from games.pax_baltica.vocabulary import DIE, NAMES, NATION, NATIONAL_RESULT
from games.secrets import MOVER, NOBODY, Secret

NATIONAL_TABLES = ("sweden", "denmark", "russia", "saxony")
#: 14.2: RP for the next year: (nation, roll) -> ("add", points) or ("halve", None).
RP_RESULTS = {
    ("sweden", 1): ("halve", None),
    ("sweden", 2): ("add", -8),
    ("sweden", 6): ("add", 8),
    ("denmark", 1): ("halve", None),
    ("denmark", 2): ("add", -4),
    ("denmark", 3): ("add", -4),
    ("denmark", 5): ("add", 4),
    ("denmark", 6): ("add", 8),
    ("russia", 1): ("halve", None),
    ("russia", 6): ("add", 8),
    ("saxony", 1): ("halve", None),
    ("saxony", 6): ("add", 4),
}
DESERTION = {("sweden", 3), ("saxony", 4)}  # 2 steps desert from any blocks
FORCED_RECRUITMENT = ("sweden", 5)  # 4 new steps at no cost, not warships
DIPLOMACY = {("sweden", 4): ("hanover", "prussia"), ("russia", 4): ("turkey", "ukraine")}
EXCLUSION = {("denmark", 4), ("saxony", 2)}  # 1703-1714: one block out of the pool


def _spare_steps(state: JSON, names: list[str]) -> int:
    return sum(state["blocks"][n]["steps"] - 1 for n in names)


def _room(state: JSON, names: list[str]) -> int:
    return sum(board.info(state, n)["steps"] - state["blocks"][n]["steps"] for n in names)


def _on_map_of(state: JSON, nation: str, *, warships: bool = True) -> list[str]:
    printed = state["tables"]["blocks"]
    return [
        n
        for n, block in state["blocks"].items()
        if printed[n]["nation"] == nation
        and block["at"] not in board.OFF_MAP
        and (warships or printed[n]["type"] != "warship")
    ]


def is_repeat(state: JSON, nation: str, roll: int) -> bool:
    """14.2: a result applies only once within the same year; a repeat is disregarded."""
    return roll in state["national_results"].get(nation, [])


def truce_partners(state: JSON, key: tuple[str, int]) -> list[str]:
    """14.2 Diplomacy (Sweden 4, Russia 4): the nations of the result a truce may be formed
    with. 6.9: "A truce set due to a national event, just ends all hostilities between the
    nations involved": only a nation at war against the table's nation has any to end (a
    nation not yet in the war keeps its entry, 9.7, 9.9, and its territories stay
    prohibited, 4.8)."""
    enemy = 1 - board.side_of(state, key[0])
    return [n for n in DIPLOMACY[key] if state["active"].get(n) and board.side_of(state, n) == enemy]


def asked_for(state: JSON, result: JSON) -> set[str]:
    """14.2: what a result asks for besides its nation and roll (a repeat asks for nothing,
    nor a diplomacy with no nation at war to form a truce with)."""
    key = (result["nation"], result["roll"])
    if is_repeat(state, *key):
        return set()
    if key in DESERTION or key == FORCED_RECRUITMENT:
        return {"blocks"}
    if key in DIPLOMACY:
        return {"choice"} if truce_partners(state, key) else set()
    if key in EXCLUSION:
        return {"choice"}
    return {"roll2"} if key == ("saxony", 3) else set()


def national_result_problem(state: JSON, result: JSON) -> Violation | None:
    nation, roll = result["nation"], result["roll"]
    if nation not in NATIONAL_TABLES:
        return Violation(sections.NATIONAL_EVENTS, f"{nation.title()} has no national event table.")
    diplomacy = (nation, roll) in DIPLOMACY and not is_repeat(state, nation, roll)
    extra = sorted(set(result) - {"nation", "roll", *(["choice"] if diplomacy else [])} - asked_for(state, result))
    if extra:
        return Violation(sections.NATIONAL_EVENTS, f"This result asks for no {' or '.join(extra)}.")
    if diplomacy:
        return _diplomacy_problem(state, (nation, roll), result.get("choice"))
    if is_repeat(state, nation, roll):
        return None
    key = (nation, roll)
    names = result.get("blocks", [])
    if key in DESERTION or key == FORCED_RECRUITMENT:
        return _steps_problem(state, nation, names, desertion=key in DESERTION)
    if key in EXCLUSION:
        choice = result.get("choice")
        in_pool = [
            n
            for n in state["blocks"]
            if board.info(state, n)["nation"] == nation and state["blocks"][n]["at"] == "pool"
        ]
        if not 1703 <= state["year"] <= 1714:  # void outside the dates: a pool block named is disregarded
            if choice is not None and choice not in in_pool:
                return Violation(
                    sections.NATIONAL_EVENTS, f"Outside 1703-1714 the result is void: {choice} is not in the pool."
                )
            return None
        if in_pool and choice not in in_pool:
            return Violation(
                sections.NATIONAL_EVENTS, f"Choose a block of the {nation.title()} replacement pool to exclude."
            )
        if not in_pool and choice is not None:
            return Violation(
                sections.NATIONAL_EVENTS, f"The {nation.title()} replacement pool is empty: no block to exclude."
            )
    if key == ("saxony", 3) and result.get("roll2") is None:
        return Violation(sections.NATIONAL_EVENTS, "The Polish Parliament assembles: give the second die (roll2).")
    return None


def _diplomacy_problem(state: JSON, key: tuple[str, int], choice: JSON) -> Violation | None:
    """14.2 Diplomacy: a truce with one of the result's nations at war against the table's
    nation; with none at war there is no truce to form, and the result names none."""
    partners = truce_partners(state, key)
    if choice in partners or (choice is None and not partners):
        return None
    if partners:
        options = " or ".join(n.title() for n in partners)
        return Violation(sections.NATIONAL_EVENTS, f"Diplomacy forms a truce with {options}: choose one at war.")
    options = " nor ".join(n.title() for n in DIPLOMACY[key])
    return Violation(
        sections.NATIONAL_EVENTS,
        f"Neither {options} is at war against {key[0].title()}: there is no truce to form; name none.",
    )


def _steps_problem(state: JSON, nation: str, names: list[str], *, desertion: bool) -> Violation | None:
    candidates = _on_map_of(state, nation, warships=desertion)
    if any(n not in candidates for n in names):
        kind = "blocks" if desertion else "non-warship blocks"
        return Violation(sections.NATIONAL_EVENTS, f"Name {nation.title()} {kind} on the map, one per step.")
    wanted = 2 if desertion else 4
    steps = {n: state["blocks"][n]["steps"] for n in candidates}
    for name in names:
        steps[name] += -1 if desertion else 1
        if steps[name] < 1 or steps[name] > board.info(state, name)["steps"]:
            return Violation(
                sections.NATIONAL_EVENTS,
                f"{name} cannot take that many steps (never eliminated, never over full strength).",
            )
    possible = _spare_steps(state, candidates) if desertion else _room(state, candidates)
    if len(names) != min(wanted, possible):
        return Violation(
            sections.NATIONAL_EVENTS, f"This result moves {min(wanted, possible)} step(s), not {len(names)}."
        )
    return None


def play_national_result(table: Table, result: JSON) -> None:
    """14.2: the result of a national table (a repeat within the year is disregarded)."""
    state = table.state
    nation, roll = result["nation"], result["roll"]
    if is_repeat(state, nation, roll) or nation not in NATIONAL_TABLES:
        return
    _raise_if_unplayable(state, (nation, roll), result)
    table.at("national_results")[nation] = [*state["national_results"].get(nation, []), roll]
    key = (nation, roll)
    if key in RP_RESULTS:
        effect, points = RP_RESULTS[key]
        modifier = dict(table.state["rp_next"].get(nation, {}))
        if effect == "halve":
            modifier["halve"] = True
        else:
            modifier["add"] = modifier.get("add", 0) + points
        table.at("rp_next")[nation] = modifier
    elif key in DESERTION:
        for name in result.get("blocks", []):
            lose_steps(table, name, 1, may_eliminate=False)
    elif key == FORCED_RECRUITMENT:
        for name in result.get("blocks", []):
            table.at("blocks", name)["steps"] += 1
    elif key in DIPLOMACY:
        if result.get("choice") in truce_partners(state, key):
            event_truce(table, result["choice"])
    elif key in EXCLUSION and 1703 <= state["year"] <= 1714 and result.get("choice"):
        table.set("excluded", [*state["excluded"], result["choice"]])
        table.at("blocks", result["choice"])["at"] = "out"
    else:
        _special_result(table, key, result)


def _raise_if_unplayable(state: JSON, key: tuple[str, int], result: JSON) -> None:
    """A result naming blocks the game does not have, or a truce without its nation."""
    if key in DESERTION or key == FORCED_RECRUITMENT:
        if not board.known_blocks(state, result.get("blocks", [])):
            raise EngineError("A block the national result names is not a block of the game.")
    elif key in DIPLOMACY and "choice" not in result and truce_partners(state, key):
        raise EngineError("A diplomacy truce needs its nation.")
    elif key in EXCLUSION and 1703 <= state["year"] <= 1714 and result.get("choice"):
        if not board.is_known_block(state, result["choice"]):
            raise EngineError(f"There is no block called {result['choice']} to exclude.")


def _special_result(table: Table, key: tuple[str, int], result: JSON) -> None:
    state = table.state
    if key == ("russia", 2):
        if state["control"].get("Kremenchuk") == "russia":  # the garrison that betrays is Russia's
            change_hands(table, "Kremenchuk", "turkey")
    elif key == ("russia", 3) and "Cossacks" in state["blocks"]:
        # out of play; back in the pool at once when neither kin is at war (``cossacks_return``)
        table.at("blocks", "Cossacks").update(at="out", revealed=False, aboard=False)
    elif key == ("russia", 5):
        for name, block in state["blocks"].items():
            place = block["at"]
            if place in state["tables"]["territories"] and board.territory(state, place)["nation"] == "russia":
                if board.owner(state, name) not in (None, board.side_of(state, "russia")):
                    lose_steps(table, name, 2, may_eliminate=False)
    elif key == ("saxony", 3) and result.get("roll2") == 6:
        activate(table, "poland", 1 - state["sides"]["poland"])
    elif key == ("saxony", 5):
        event_truce(table, "saxony")
        table.at("returns")["saxony"] = state["year"] + 2


def cossacks_return(table: Table) -> None:
    """14.2 Russia 3: "Exclude the Cossack block from play. If Ukraine and Turkey is out of the
    game it returns to the replacement pool": at once when neither is at war, else as soon as
    both are out (a truce, 10.5's removal, Mazepa's death, 10.7). Checked after every move.
    The block excluded is "out" while Russia is at war (Russia's blocks are "out" otherwise
    only while it is not)."""
    state = table.state
    cossacks = state["blocks"].get("Cossacks")
    if (
        cossacks is not None
        and cossacks["at"] == "out"
        and state["active"].get("russia")
        and not cossacks_with_kin(state)
    ):
        table.at("blocks", "Cossacks")["at"] = "pool"


def event_truce(table: Table, nation: str) -> None:
    """6.9: a truce set by a national event ends hostilities: the nation's blocks go back to
    their pool and it is out of the war (6.10 activation rolls apply)."""
    state = table.state
    to_pool(table, nation)
    table.at("active")[nation] = False
    table.at("truces")[nation] = state["year"]


# --- the legal results, and how they are said -----------------------------------------------

#: The most combinations of sub-rolls a general event offers in full (README "Legal moves").
GENERAL_EVENT_LIMIT = 2000


def national_results(state: JSON, nation_name: str) -> list[JSON]:
    """14.2: each face of the nation's table with what its result asks for: the blocks (one
    per step), the truce partner or excluded block, the Polish Parliament's second die."""
    results = []
    for roll in FACES:
        base = {"nation": nation_name, "roll": roll}
        key = (nation_name, roll)
        if is_repeat(state, nation_name, roll):
            results.append(base)
        elif key in DESERTION or key == FORCED_RECRUITMENT:
            desertion = key in DESERTION
            candidates = sorted(_on_map_of(state, nation_name, warships=desertion))
            possible = _spare_steps(state, candidates) if desertion else _room(state, candidates)
            count = min(2 if desertion else 4, possible)
            change = -1 if desertion else 1
            results += [{**base, "blocks": names} for names in allocations(state, candidates, count, change)]
            results += [base] if count == 0 else []
        elif key in DIPLOMACY:
            partners = truce_partners(state, key)
            results += [{**base, "choice": partner} for partner in partners] if partners else [base]
        elif key in EXCLUSION:
            pool = sorted(
                n
                for n in state["blocks"]
                if board.info(state, n)["nation"] == nation_name and state["blocks"][n]["at"] == "pool"
            )
            void = not 1703 <= state["year"] <= 1714
            results += ([base] if void or not pool else []) + [{**base, "choice": name} for name in pool]
        elif key == ("saxony", 3):
            results += [{**base, "roll2": second} for second in FACES]
        else:
            results.append(base)
    return results


def _national_events(state: JSON, seat: int) -> list[JSON]:
    """3.44: each result of the tables of the nations the seat controls. Exact: each is legal
    whenever the seat may roll at all (an action left, 3.2, and its order, 3.3): each result
    asks for what 14.2 asks for, as ``national_results`` builds it."""
    return [
        result
        for name in NATIONAL_TABLES
        if state["active"].get(name) and board.side_of(state, name) == seat
        for result in national_results(state, name)
    ]


def _product(options: list[list[JSON]]) -> list[list[JSON]]:
    combined: list[list[JSON]] = [[]]
    for option in options:
        combined = [[*done, one] for done in combined for one in option]
    return combined


def _recruitments(state: JSON, name: str, *, first_only: bool) -> list[JSON]:
    """14.1 (4): the nation's die and, for each face, the steps it gains on its blocks in
    its native homeland: as many as the die shows, or as many as they can take."""
    candidates = sorted(n for n in state["blocks"] if _recruitable(state, n, name))
    room = _room(state, candidates)
    entries = []
    for roll in FACES:
        ways = allocations(state, candidates, min(roll, room), 1)
        entries += [{"nation": name, "roll": roll, "blocks": way} for way in (ways[:1] if first_only else ways)]
    return entries


def _recruitment_rolls(state: JSON, nations: list[str]) -> list[list[JSON]]:
    """14.1 (4): every country's die and steps, combined in full up to GENERAL_EVENT_LIMIT;
    beyond, each country's every face (one way to place its steps) with every other country
    rolling the same face, and every country rolling each face alike (README)."""
    recruits = [_recruitments(state, n, first_only=False) for n in nations]
    if _count(recruits) <= GENERAL_EVENT_LIMIT:
        return _product(recruits)
    firsts = [_recruitments(state, n, first_only=True) for n in nations]
    combined = [[entries[face - 1] for entries in firsts] for face in FACES]
    for index, entries in enumerate(firsts):
        for entry in entries:
            others = [options[entry["roll"] - 1] for options in firsts]
            ways = [e for e in recruits[index] if e["roll"] == entry["roll"]]
            combined += [[*others[:index], way, *others[index + 1 :]] for way in ways if way != entry]
    return combined


def _general_events(state: JSON, seat: int) -> list[JSON]:
    """14.1: each face, with its sub-rolls: the region (2, 3), every country's recruitment (4),
    the national tables of the roller's nations (5, 6), in the order the rules list them."""
    choices: list[JSON] = [{"roll": 1}]
    choices += [{"roll": roll, "region_roll": region} for roll in (2, 3) for region in FACES]
    nations = [n for n in board.nations_at_war(state) if n != "britain"]
    choices += [{"roll": 4, "recruitment": entries} for entries in _recruitment_rolls(state, nations)]
    tables = [national_results(state, n) for n in event_nations(state, seat)]
    if _count(tables) > GENERAL_EVENT_LIMIT:
        tables = [[r for r in results if "blocks" not in r] or results[:1] for results in tables]
    for roll in (5, 6):
        choices += [{"roll": roll, "national": results} for results in _product(tables)]
    return choices


def _count(options: list[list[JSON]]) -> int:
    total = 1
    for option in options:
        total *= len(option)
    return total


def said_result(result: JSON) -> str:
    """A national result as it is read out: "Denmark rolls a 4 (excluding a block)"."""
    said = f"{titled(result['nation'])} rolls a {result['roll']}"
    if "blocks" in result and result["blocks"]:
        said += f" ({named_blocks(result['blocks'])})"
    if "choice" in result:
        said += f" ({result['choice'] if isinstance(result['choice'], str) else 'a secret choice'})"
    if result.get("roll2") is not None:
        said += f" and a {result['roll2']} for the Polish Parliament"
    return said


def _said_general_event(move: Move, names) -> str:
    data = move.data
    said = f"{who(names, move.seat)} rolls a {data['roll']} on the General Events table: "
    roll = data["roll"]
    if roll == 1:
        said += "plague"
    elif roll in (2, 3):
        said += f"{'epidemics' if roll == 2 else 'attrition'} in region {data.get('region_roll')}"
    elif roll == 4:
        entries = data.get("recruitment", [])
        said += "excellent recruitment times"
        if entries:
            said += ", " + ", ".join(
                f"{titled(e['nation'])} rolls a {e['roll']} and gains {len(e['blocks'])} step(s)" for e in entries
            )
    else:
        results = data.get("national", [])
        said += "the national events table"
        if results:
            said += ", " + ", ".join(said_result(r) for r in results)
    return sentence(said)


# --- 3.44: the national event action ----------------------------------------------------------


@move(
    "national_event",
    section=sections.NATIONAL_EVENT_ROLL,
    description=(
        "3.44 / 14.2: an action rolling on a nation's table, with the blocks (one per step) or choice "
        "(truce partner, excluded block) the result asks for, and roll2 for the Polish Parliament."
    ),
    schema=NATIONAL_RESULT,
    example={"nation": "sweden", "roll": 6},
    choices=lambda state, seat: _national_events(state, seat),
    exact=True,
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} spends an action on the national events table: {said_result(move.data)}"
    ),
    secrets=(
        Secret("blocks", MOVER, "14.2: the roller's own blocks that lose or gain steps (2.11)"),
        Secret(
            "choice",
            MOVER,
            "14.2 Denmark 4, Saxony 2: the block excluded from the face-down pool (5.3); a diplomacy truce's "
            "nation, masked with it, shows in the truces",
        ),
    ),
)
def national_event(table: Table, move: Move) -> None:
    """3.44: an action rolling on the table of a nation the player controls (14.2)."""
    if not turn.refuse_action_cost(table, move):
        board.refuse(table, _national_event_problem(table.state, move))
    play_national_result(table, move.data)


def _national_event_problem(state: JSON, move: Move) -> Violation | None:
    nation = move.data["nation"]
    if not state["active"].get(nation) or board.side_of(state, nation) != move.seat:
        return Violation(sections.NATIONAL_EVENT_ROLL, f"You must control {nation.title()} to roll on its table.")
    return national_result_problem(state, move.data)


# --- 14.1: the general event (an action roll of 6) ------------------------------------------


def event_nations(state: JSON, seat: int) -> list[str]:
    """14.1 results 5 and 6: the roller's nations with a national table (the Allies roll for each)."""
    return [n for n in NATIONAL_TABLES if state["active"].get(n) and board.side_of(state, n) == seat]


@move(
    "general_event",
    section=sections.GENERAL_EVENTS,
    description=(
        "14.1: the general event of a player who rolled a 6, with the sub-rolls: region_roll (results 2 and 3), "
        "recruitment per country at war (4: its die and the blocks gaining a step each), national results (5, 6)."
    ),
    schema=obj(
        {
            "roll": DIE,
            "region_roll": DIE,
            "recruitment": {
                "type": "array",
                "items": obj({"nation": NATION, "roll": DIE, "blocks": NAMES}),
                "maxItems": 10,
            },
            "national": {"type": "array", "items": NATIONAL_RESULT, "maxItems": 4},
        },
        required=["roll"],
    ),
    example={"roll": 2, "region_roll": 4},
    choices=lambda state, seat: _general_events(state, seat),
    says=lambda state, move, names: _said_general_event(move, names),
    secrets=(
        Secret(
            "recruitment.*.blocks",
            NOBODY,
            "14.1 (4): each country puts its steps on its own blocks; the list holds both sides' blocks",
        ),
        Secret("national.*.blocks", MOVER, "14.2: the roller's own blocks that lose or gain steps (2.11)"),
        Secret(
            "national.*.choice",
            MOVER,
            "14.2 Denmark 4, Saxony 2: the block excluded from the face-down pool (5.3); a diplomacy truce's "
            "nation, masked with it, shows in the truces",
        ),
    ),
)
def general_event(table: Table, move: Move) -> None:
    """14.1: 1 plague, 2 epidemics, 3 attrition, 4 recruitment, 5-6 the national tables."""
    state = table.state
    roll = move.data["roll"]
    board.refuse(table, _general_event_problem(state, move))
    if roll == 1:
        _region_loss(table, None, None)
    elif roll in (2, 3):
        if move.data.get("region_roll") is None:
            raise EngineError("An epidemic or attrition needs the region's die.")
        region = state["tables"]["regions"][str(move.data["region_roll"])]
        _region_loss(table, region, move.seat if roll == 3 else None)
    elif roll == 4:
        recruits = [name for entry in move.data.get("recruitment", []) for name in entry["blocks"]]
        if not board.known_blocks(state, recruits):
            raise EngineError("A recruit is not a block of the game.")
        for name in recruits:
            table.at("blocks", name)["steps"] += 1
    else:
        for result in move.data.get("national", []):
            play_national_result(table, result)
    turn.after_general_event(table)


#: 14.1: the sub-rolls each general event asks for.
GENERAL_EVENT_DATA = {2: "region_roll", 3: "region_roll", 4: "recruitment", 5: "national", 6: "national"}


def _general_event_problem(state: JSON, move: Move) -> Violation | None:
    roll = move.data["roll"]
    extra = sorted(set(move.data) - {"roll", GENERAL_EVENT_DATA.get(roll, "roll")})
    if extra:
        return Violation(sections.GENERAL_EVENTS, f"A general event {roll} asks for no {' or '.join(extra)}.")
    if roll in (2, 3) and move.data.get("region_roll") is None:
        return Violation(sections.GENERAL_EVENTS, "Roll 1D6 for the region (region_roll).")
    if roll == 4:
        return _recruitment_problem(state, move.data.get("recruitment", []))
    if roll in (5, 6):
        results = move.data.get("national", [])
        expected = event_nations(state, move.seat)
        if sorted(r["nation"] for r in results) != sorted(expected):
            names = ", ".join(n.title() for n in expected)
            return Violation(sections.GENERAL_EVENTS, f"Roll on the national events table for each of: {names}.")
        for result in results:
            problem = national_result_problem(state, result)
            if problem:
                return problem
    return None


def _recruitment_problem(state: JSON, recruitment: list[JSON]) -> Violation | None:
    """14.1 result 4: every country at war rolls and gains that many steps in its homeland."""
    expected = [n for n in board.nations_at_war(state) if n != "britain"]
    if sorted(r["nation"] for r in recruitment) != expected:
        return Violation(sections.GENERAL_EVENTS, f"Every country at war rolls for recruitment: {', '.join(expected)}.")
    for entry in recruitment:
        nation = entry["nation"]
        steps: dict[str, int] = {}
        for name in entry["blocks"]:
            if not _recruitable(state, name, nation):
                return Violation(
                    sections.GENERAL_EVENTS, f"{name} is not a {nation.title()} block in its native homeland."
                )
            steps[name] = steps.get(name, state["blocks"][name]["steps"]) + 1
            if steps[name] > board.info(state, name)["steps"]:
                return Violation(sections.GENERAL_EVENTS, f"{name} cannot exceed its full strength.")
        if len(entry["blocks"]) > entry["roll"]:
            return Violation(
                sections.GENERAL_EVENTS, f"{nation.title()} rolled {entry['roll']} and gains at most that many steps."
            )
        room = _room(state, [n for n in state["blocks"] if _recruitable(state, n, nation)])
        if len(entry["blocks"]) < min(entry["roll"], room):
            return Violation(
                sections.GENERAL_EVENTS,
                f"{nation.title()} rolled {entry['roll']} and gains {min(entry['roll'], room)} step(s) in its "
                f"homeland, not {len(entry['blocks'])}.",
            )
    return None


def _recruitable(state: JSON, name: str, nation: str) -> bool:
    """14.1 (4): "Steps must be applied in the native homeland and do not include warships
    (unless they are anchored in a harbour (8.3))"."""
    if not board.is_known_block(state, name) or not board.on_map(state, name):
        return False
    place = state["blocks"][name]["at"]
    if board.info(state, name)["nation"] != nation or board.is_sea(state, place):
        return False
    return _in_native_homeland(state, place, nation)


def _in_native_homeland(state: JSON, place: str, nation: str) -> bool:
    """Sweden's is "Sweden (the territories of Skåne, Småland, Östergötland, Västergötland,
    Svealand, Kopparberg and Gävleborg)", "the Swedish homeland" (9.1, 10.8, 11.3), not
    Finland nor the Baltic and German provinces; another nation's, its own territories
    (Norway's for Denmark)."""
    if nation == "sweden":
        return place in board.SWEDISH_HOMELAND
    return board.original_nation(state, place) == nation


def _region_loss(table: Table, region: str | None, roller: int | None) -> None:
    """14.1 Plague (everywhere), Epidemics (a region), Attrition (the roller's enemies in a
    region): one step each, never eliminating a block."""
    state = table.state
    for name, block in state["blocks"].items():
        place = block["at"]
        if place in board.OFF_MAP:
            continue
        if region is not None and board.territory(state, place)["region"] != region:
            continue
        if roller is not None and board.owner(state, name) in (roller, None):
            continue
        lose_steps(table, name, 1, may_eliminate=False)
