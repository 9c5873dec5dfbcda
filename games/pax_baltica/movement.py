"""Group movement (3.42, 4.x), sea movement (4.6) and warship movement (8.1)."""

from __future__ import annotations

from collections.abc import Iterator

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, move
from games.pax_baltica import board, sections, turn
from games.pax_baltica.losses import lose_steps
from games.pax_baltica.telling import FACES, named, named_blocks, sentence, who
from games.pax_baltica.upkeep import activate
from games.pax_baltica.vocabulary import DIE, MOVED_BLOCK, NAME, PATH
from games.secrets import MOVER, Secret

FORCE_MARCH_EXTRA = 2
BORDER_LIMITS = {"black": 6, "red": 2}
WARSHIP_CAPACITY = 2  # 4.6: one army (2) or two regiments (1 each) per warship


def load_of(state: JSON, name: str) -> int:
    return 2 if board.info(state, name)["type"] == "army" else 1


@move(
    "group_move",
    section=sections.GROUP_MOVEMENT,
    description=(
        "3.42 / 4.x / 8.1: one action moving blocks of one group; each block's path lists the territories or "
        "sea zones entered, with the colour of each border crossed. Also the weather move (Karl XII)."
    ),
    schema=obj({"from": NAME, "moves": {"type": "array", "items": obj({"block": NAME, "path": PATH}), "minItems": 1}}),
    example={
        "from": "Estland",
        "moves": [{"block": "Vellinck", "path": [{"to": "Ingermanland", "border": "black"}]}],
    },
    choices=lambda state, seat: _group_moves(state, seat),
    says=lambda state, move, names: _said_group_move(state, move, names),
    exact=True,
    secrets=(Secret("moves.*.block", MOVER, MOVED_BLOCK),),
)
def group_move(table: Table, move: Move) -> None:
    """3.42: blocks of one group move along their paths (4.x on land, 4.6 by sea, 8.1 warships);
    the weather move is one group containing Karl XII, each block moving in it losing a step."""
    state = table.state
    origin, seat = move.data["from"], move.seat
    carried = passenger_routes(state, seat, origin, _departures(state, move.data["moves"]))
    if not turn.refuse_action_cost(table, move):
        for problem in _group_move_problems(state, move, carried):
            table.refuse(problem.rule, problem.message)
    _raise_if_unplayable(state, move)
    for key, (_colour, count) in crossings(state, origin, move.data["moves"], carried).items():
        use = table.at("border_use").setdefault(key, [0, 0])
        table.at("border_use")[key] = [u + (count if s == seat else 0) for s, u in enumerate(use)]
    arrivals: dict[tuple[str, str], list[str]] = {}
    for entry in move.data["moves"]:
        if entry["path"]:
            _move_block(table, seat, origin, entry["block"], entry["path"])
            via = entry["path"][-2]["to"] if len(entry["path"]) > 1 else origin
            arrivals.setdefault((entry["path"][-1]["to"], via), []).append(entry["block"])
    carry_passengers(table, carried)
    for name, (place, via, _step) in landings(state, origin, move.data["moves"], carried).items():
        arrivals[(place, via)].append(name)  # 8.3: the blocks landed in a harbour enter it with their warship
    for entry in move.data["moves"]:
        for step in entry["path"]:  # 9.5, 9.9: each territory entered, passed through or stopped in
            if board.is_known_territory(table.state, step["to"]):
                entry_triggers(table, seat, step["to"], [entry["block"]])
    for (place, via), names in arrivals.items():
        _arrive(table, seat, place, via, names)
    if state["phase"] == "weather_move":
        for entry in move.data["moves"]:
            if entry["path"]:
                lose_steps(table, entry["block"], 1, may_eliminate=True)


#: Groups of up to this many blocks are offered in every combination; a larger group moves
#: each block alone or all together (README "Legal moves").
WHOLE_SUBSETS = 4


def neighbours(state: JSON, place: str) -> list[tuple[str, str]]:
    """(territory, border colour) across each border the edition's map prints from ``place``."""
    found = []
    for border in state["tables"]["borders"]:
        if border["a"] == place:
            found.append((border["b"], border["colour"]))
        elif border["b"] == place:
            found.append((border["a"], border["colour"]))
    return sorted(found)


def reachable(state: JSON, seat: int, origin: str, limit: int, afloat: bool = False) -> list[list[JSON]]:
    """Every path of at most ``limit`` steps, never back into a place it passed: along the
    printed borders where the map prints them (stopping after a red border, 4.2, where
    ``seat``'s enemy stands, 3.42: "may pass freely through friendly blocks", and, ``afloat``
    for a warship, in any territory, 8.1; the move's check judges the rest), with the last
    step to or from the sea the map leaves unprinted when its borders are the land's only
    (``unprinted_coast``), else one step into any territory or sea zone (the map prints no
    border, so any territory may be the next: README)."""
    if not board.map_has_borders(state):
        return [[{"to": place, "border": "black"}] for place in state["tables"]["territories"] if place != origin]
    paths: list[list[JSON]] = []

    def walk(path: list[JSON], here: str) -> None:
        if len(path) == limit:
            return
        for place, colour in neighbours(state, here):
            if place == origin or any(step["to"] == place for step in path):
                continue
            longer = [*path, {"to": place, "border": colour}]
            paths.append(longer)
            if (
                colour == "black"
                and not board.enemy_blocks_at(state, place, seat)
                and (not afloat or board.is_sea(state, place))
            ):
                walk(longer, place)
        if not path or path[-1]["border"] == "black" and not board.enemy_blocks_at(state, here, seat):
            paths.extend(
                [*path, {"to": place, "border": "black"}] for place in unprinted_coast(state, seat, here, path)
            )

    walk([], origin)
    return paths


def unprinted_coast(state: JSON, seat: int, here: str, path: list[JSON]) -> list[str]:
    """The places across the sea's borders a map of the land's borders only leaves unprinted
    (README "Legal moves"), as a path's last step from ``here``: from a sea zone every other sea
    zone and every port or harbour (8.1 warships entering, 4.6 blocks landing); from the land,
    at the path's start every sea zone (8.1 a warship leaving its harbour, 4.6 boarding, 8.4 a
    sea retreat), further on from a port the sea zones holding the seat's warships, the only
    ones a block may board (4.6: it may move over land before boarding)."""
    if board.map_has_sea_borders(state):
        return []
    places = [p for p in state["tables"]["territories"] if p != here and not any(s["to"] == p for s in path)]
    if board.is_sea(state, here):
        return [p for p in places if board.is_sea(state, p) or board.port_of(state, p) is not None]
    seas = [p for p in places if board.is_sea(state, p)]
    if not path:
        return seas
    if board.port_of(state, here) is None:
        return []
    return [
        sea for sea in seas if any(board.info(state, n)["type"] == "warship" for n in board.blocks_at(state, sea, seat))
    ]


def _movable(state: JSON, seat: int) -> dict[str, list[str]]:
    """Origin -> the seat's blocks there that may still move this game turn, in name order."""
    groups: dict[str, list[str]] = {}
    for name in sorted(state["blocks"]):
        block_state = state["blocks"][name]
        if block_state["moved"] or not board.on_map(state, name) or board.owner(state, name) != seat:
            continue
        if night_rider_waits(state, name):
            continue
        groups.setdefault(block_state["at"], []).append(name)
    return groups


def subsets(names: list[str]) -> list[list[str]]:
    """Every group of ``names`` (in their order) up to WHOLE_SUBSETS blocks, else each one
    alone and all together."""
    if len(names) <= WHOLE_SUBSETS:
        return [[n for i, n in enumerate(names) if mask >> i & 1] for mask in range(1, 1 << len(names))]
    return [[n] for n in names] + [list(names)]


def _group_moves(state: JSON, seat: int) -> Iterator[JSON]:
    """3.42: from each territory or sea zone, each group of the seat's blocks (warships apart)
    along each path every block of the group may take (README "Legal moves"); the weather
    move, groups with Karl XII. Exact: each is legal whenever the seat may move at all (an
    action left, 3.2, and its order, 3.3): each block's path is one it may take, a warship's
    course one its player's AP pay for (8.1, 1 AP a part: ``turn.course_parts``), and the
    group crosses its borders, leaves its pinned blocks and boards as 4.2, 4.4 and 4.6 allow."""
    weather = state["phase"] == "weather_move"
    left = max(1, state["actions"][seat]) if state["phase"] == "action" else None
    movable = _movable(state, seat)
    for origin in sorted(movable):
        names = movable[origin]
        paths = {}
        for name in names:
            data = board.info(state, name)
            warship = data["type"] == "warship"
            # 8.1: a warship's sea zones, and a harbour entered after them
            limit = data["move"] + (1 if warship else FORCE_MARCH_EXTRA)
            paths[name] = [
                p
                for p in reachable(state, seat, origin, limit, afloat=warship)
                if not _path_problems(state, seat, origin, name, p)
                and (left is None or not warship or len(turn.course_parts(state, origin, p)) <= left)
            ]
        for kind in (True, False):
            group = [n for n in names if (board.info(state, n)["type"] == "warship") == kind]
            for subset in subsets(group):
                if weather and "Karl XII" not in subset:
                    continue
                for path in paths[subset[0]]:
                    moves = [{"block": n, "path": path} for n in subset]
                    if all(path in paths[n] for n in subset[1:]) and not _together_problems(
                        state, seat, origin, moves, passenger_routes(state, seat, origin, _departures(state, moves))
                    ):
                        yield {"from": origin, "moves": moves}


def _said_group_move(state: JSON, move: Move, names) -> str:
    origin = move.data["from"]
    going: dict[str, list] = {}
    for entry in move.data["moves"]:
        going.setdefault(entry["path"][-1]["to"] if entry["path"] else origin, []).append(entry["block"])
    parts = []
    for place, movers in going.items():
        if place == origin:
            parts.append(f"keeps {named_blocks(movers)} in {origin}")
        elif board.enemy_blocks_at(state, place, move.seat):
            parts.append(f"attacks {place} with {named_blocks(movers)}")
        else:
            parts.append(f"moves {named_blocks(movers)} to {place}")
    return sentence(f"{who(names, move.seat)} {', '.join(parts)} from {origin}")


def _raise_if_unplayable(state: JSON, move: Move) -> None:
    """A block or a destination the game does not know cannot be moved or entered."""
    for entry in move.data["moves"]:
        if entry["path"] and not board.is_known_block(state, entry["block"]):
            raise EngineError(f"There is no block called {entry['block']} to move.")
        if entry["path"] and not board.is_known_territory(state, entry["path"][-1]["to"]):
            raise EngineError(f"{entry['path'][-1]['to']} is not a territory or sea zone of the map.")


def _group_move_problems(state: JSON, move: Move, carried: dict[str, str]) -> list[Violation]:
    """``carried``: the ``passenger_routes`` of the move, which its application uses too."""
    origin, moves = move.data["from"], move.data["moves"]
    if not board.is_known_territory(state, origin):
        return [Violation(sections.GROUP_MOVEMENT, f"{origin} is not a territory or sea zone of the map.")]
    names = [m["block"] for m in moves]
    problems = _block_problems(state, move.seat, origin, names)
    if problems:
        return problems
    kinds = {board.info(state, n)["type"] == "warship" for n in names}
    if len(kinds) > 1:
        return [Violation(sections.GROUP_MOVEMENT, "Warships and army or regiment blocks may never move as one group.")]
    if state["phase"] == "weather_move" and not any(m["block"] == "Karl XII" and m["path"] for m in moves):
        return [Violation(sections.WEATHER, "The weather move must be a group move in which Karl XII moves.")]
    violations = []
    for entry in moves:
        violations += _path_problems(state, move.seat, origin, entry["block"], entry["path"])
    return violations + _together_problems(state, move.seat, origin, moves, carried)


def _together_problems(
    state: JSON, seat: int, origin: str, moves: list[JSON], carried: dict[str, str]
) -> list[Violation]:
    """What the blocks of a group break together, each on its path: the border limits (4.2),
    pinning (4.4), the room aboard and the landings of the blocks aboard (4.6); ``carried``: the
    blocks aboard its warships carry (``passenger_routes``)."""
    return [
        *_border_limit_problems(state, seat, origin, moves, carried),
        *_pinning_problems(state, seat, origin, moves),
        *_capacity_problems(state, seat, moves),
        *passenger_problems(state, seat, carried),
        *_enemy_ship_problems(state, seat, origin, moves, carried),
    ]


def _block_problems(state: JSON, seat: int, origin: str, names: list[str]) -> list[Violation]:
    if len(set(names)) != len(names):
        return [Violation(sections.GROUP_MOVEMENT, "A block may appear only once in a group move.")]
    for name in names:
        if not board.is_known_block(state, name):
            return [Violation(sections.BLOCK_DATA, f"There is no block called {name}.")]
        if state["blocks"][name]["at"] != origin or board.owner(state, name) != seat:
            return [Violation(sections.GROUP_MOVEMENT, f"{name} is not one of your blocks in {origin}.")]
        if state["blocks"][name]["moved"]:
            return [Violation(sections.GROUP_MOVEMENT, f"{name} has already moved this game turn.")]
        waits = night_rider_waits(state, name)
        if waits:
            return [waits]
    return []


def _path_problems(state: JSON, seat: int, origin: str, name: str, path: list[JSON]) -> list[Violation]:
    """4.5: a block moves its rating and up to two force-marched territories; 8.1: a warship
    "up to six sea zones (galley's only three)", leaving its harbour before them and entering
    one after them (the harbours count no sea zone: their AP, ``turn.course_parts``)."""
    data = board.info(state, name)
    warship = data["type"] == "warship"
    if warship:
        seas = [s for s in path if board.is_known_territory(state, s["to"]) and board.is_sea(state, s["to"])]
        if len(seas) > data["move"]:
            return [
                Violation(
                    sections.WARSHIP_MOVEMENT, f"{name} may move at most {data['move']} sea zones, not {len(seas)}."
                )
            ]
    elif len(path) > data["move"] + FORCE_MARCH_EXTRA:
        limit = data["move"] + FORCE_MARCH_EXTRA
        return [
            Violation(
                sections.FORCE_MARCHING, f"{name} may move at most {limit} territories or sea zones, not {len(path)}."
            )
        ]
    previous = origin
    for index, step in enumerate(path):
        place, last = step["to"], index == len(path) - 1
        if not board.is_known_territory(state, place):
            return [Violation(sections.TERRITORIES, f"{place} is not a territory or sea zone of the map.")]
        problem = step_problem(state, seat, name, previous, step, last, warship)
        if problem:
            return [problem]
        previous = place
    return []


def border_problem(state: JSON, previous: str, step: JSON) -> Violation | None:
    """1.1, 1.5: a step from ``previous`` crosses a border the map has (on the edition's map,
    of the colour it prints), moving, retreating (6.5) or regrouping (6.6) alike, on land and,
    when the borders include the sea's, to, from and between sea zones (8.1: "move up to six
    sea zones", one bordering the next)."""
    place, colour = step["to"], step["border"]
    if board.is_impassable(state, previous, place):
        return Violation(sections.TERRITORIES, f"There is no land connection between {previous} and {place}.")
    if not board.map_has_borders(state) or not all(board.is_known_territory(state, p) for p in (previous, place)):
        return None
    if not (board.is_sea(state, place) or board.is_sea(state, previous)) or board.map_has_sea_borders(state):
        printed = board.known_border(state, previous, place)
        if printed is None:
            return Violation(sections.TERRITORIES, f"{previous} and {place} do not share a border.")
        if printed != colour:
            return Violation(sections.BORDERS, f"The border between {previous} and {place} is {printed}, not {colour}.")
    return None


def step_problem(
    state: JSON, seat: int, name: str, previous: str, step: JSON, last: bool, warship: bool
) -> Violation | None:
    """One step of a block's move (a regroup's one step too, 6.6)."""
    place = step["to"]
    problem = border_problem(state, previous, step)
    if problem:
        return problem
    prohibited = entry_prohibited(state, seat, name, place)
    if prohibited:
        return prohibited
    if warship:
        return _warship_step_problem(state, seat, name, previous, place, last) or red_stop(name, step, last)
    if board.is_sea(state, place) or board.is_sea(state, previous):
        return _sea_step_problem(state, seat, name, previous, place, last)
    red = red_stop(name, step, last)
    if red:
        return red
    if not last and board.enemy_blocks_at(state, place, seat):
        return Violation(sections.GROUP_MOVEMENT, f"{name} must stop in {place}, which holds enemy blocks.")
    return None


def red_stop(name: str, step: JSON, last: bool) -> Violation | None:
    """4.2: "Blocks crossing a red border are forced to stop in the recently entered territory",
    warships at sea too (3.42 "All blocks, including warships"), moving or retreating (6.5)."""
    if not last and step["border"] == "red":
        return Violation(
            sections.BORDER_RESTRICTIONS, f"{name} crossed a red border into {step['to']} and must stop there."
        )
    return None


def night_rider_waits(state: JSON, name: str) -> Violation | None:
    """11.1: Karl XII waiting in Turkey for his night ride moves nowhere until it succeeds
    (README): no group move, retreat (6.5) or regroup (6.6) takes him out of Besarabya."""
    if name == "Karl XII" and state["karl_waiting"]:
        return Violation(sections.NIGHT_RIDER, "Karl XII may not move until his night ride succeeds.")
    return None


def poland_closes(state: JSON, name: str, place: str) -> Violation | None:
    """10.4: "it ends the ability ... to freely move in to and through it": a Polish territory
    closed to the block's nation (``board.closed_by_poland``) is no friendly territory to it, to
    retreat into or through (6.5), regroup into (6.6), board from (4.6) or anchor in (8.1); a
    group move passes through it as through any territory free of enemy blocks (README)."""
    nation = board.info(state, name)["nation"]
    if board.closed_by_poland(state, place, nation):
        return Violation(
            sections.POLAND, f"Poland stands against {nation.title()}: {place} is no friendly territory to {name}."
        )
    return None


def entry_prohibited(state: JSON, seat: int, name: str, place: str) -> Violation | None:
    """Where a block may never go, moving, retreating (6.5) or regrouping (6.6) alike: the
    Portsmouth box (9.10), prohibited territories (4.8), the Prussian block outside German and
    Polish territories (10.6), Saxons in Russia or Ukraine (10.3), the playable area (12.5)."""
    nation = board.territory(state, place)["nation"]
    mover = board.info(state, name)["nation"]
    if place == "Portsmouth" and mover != "britain":
        return Violation(sections.GREAT_BRITAIN, "No one except the British warship may enter the Portsmouth box.")
    if board.is_prohibited(state, place):
        return Violation(
            sections.PROHIBITED_TERRITORIES, f"{place} may not be entered while {nation.title()} is out of the war."
        )
    if mover == "prussia" and not board.is_sea(state, place):
        german = board.territory(state, place)["region"] == "german" or nation in ("poland", "prussia")
        if not german:
            return Violation(
                sections.PRUSSIA, f"The Prussian block moves only through German and Polish territories, not {place}."
            )
    if mover == "prussia" and place != "Pommern" and board.enemy_blocks_at(state, place, seat):
        return Violation(sections.PRUSSIA, "The Prussian block may only attack in Pommern.")
    if mover == "saxony" and nation in ("russia", "ukraine"):
        return Violation(
            sections.SAXONY, f"Saxon blocks may never enter Russian or Ukrainian territory such as {place}."
        )
    if not board.is_playable(state, place):
        return Violation(sections.LAST_ARMY, f"{place} is outside the playable map area of this scenario.")
    return None


def _warship_step_problem(state: JSON, seat: int, name: str, previous: str, place: str, last: bool) -> Violation | None:
    """8.1: a warship sails through sea zones and into friendly harbours, stopping where enemy
    warships are and in the harbour it enters (anchored inside the territory, 8.3: its move
    pays for entering a harbour at its end, ``turn.course_parts``), never in a Polish one
    closed to its nation (10.4, ``poland_closes``); 1.1: it never crosses from one
    territory into another over land."""
    if not board.is_sea(state, previous) and not board.is_sea(state, place):
        return Violation(sections.TERRITORIES, f"{name} is a warship and may not cross the land from {previous}.")
    if not board.is_sea(state, place) and board.port_of(state, place) != "harbour":
        return Violation(sections.WARSHIP_MOVEMENT, f"{name} is a warship and may only enter sea zones and harbours.")
    if not board.is_sea(state, place) and board.friendly_harbour_side(state, place) != seat:
        return Violation(sections.PORTS, f"{name} may only enter a friendly harbour, and {place} is not.")
    if not last and not board.is_sea(state, place):
        return Violation(sections.WARSHIP_MOVEMENT, f"{name} enters the harbour of {place} and must stop there.")
    if not last and board.is_sea(state, place) and board.enemy_blocks_at(state, place, seat):
        return Violation(sections.WARSHIP_MOVEMENT, f"{name} must stop in {place}, which holds enemy warships.")
    return None if board.is_sea(state, place) else poland_closes(state, name, place)


def _sea_step_problem(state: JSON, seat: int, name: str, previous: str, place: str, last: bool) -> Violation | None:
    rule = sections.SEA_MOVEMENT
    if not last:
        return Violation(rule, f"{name} boarding or leaving warships must stop there.")
    if board.is_sea(state, place):
        if board.port_of(state, previous) is None or board.friendly_side(state, previous) != seat:
            return Violation(rule, f"{name} may only board warships from a friendly port or harbour.")
        if board.enemy_blocks_at(state, place, seat):
            return Violation(rule, f"Enemy warships in {place} prohibit sea movement.")
        return poland_closes(state, name, previous)
    if board.enemy_blocks_at(state, previous, seat):
        return Violation(rule, f"Enemy warships in {previous} prohibit sea movement.")
    if board.port_of(state, place) is None:
        return Violation(rule, f"{name} may only land in a port or harbour, and {place} has none.")
    if state["blocks"][name]["loaded"]:
        return Violation(rule, f"{name} boarded this turn and may not land in the same turn.")
    return None


def landings(state: JSON, origin: str, moves: list[JSON], carried: dict[str, str]) -> dict[str, tuple[str, str, JSON]]:
    """The carried blocks (``passenger_routes``) the warships of a move from ``origin`` land in a
    harbour (8.3), each with the harbour, the place its warship entered it from and that step:
    the first of the move's warships ending there, whose room the blocks aboard fill first (README,
    Blocks aboard)."""
    entries: dict[str, tuple[str, JSON]] = {}
    for entry in moves:
        if entry["path"] and entry["path"][-1]["to"] not in entries:
            via = entry["path"][-2]["to"] if len(entry["path"]) > 1 else origin
            entries[entry["path"][-1]["to"]] = (via, entry["path"][-1])
    return {
        name: (place, *entries[place])
        for name, place in carried.items()
        if place in entries and not board.is_sea(state, place)
    }


def crossings(state: JSON, origin: str, moves: list[JSON], carried: dict[str, str]) -> dict[str, tuple[str, int]]:
    """Border key -> (colour, blocks crossing it) for one move of blocks from ``origin`` (a group
    move, a retreat, a regroup): each block along its path, and each block its warships land in a harbour
    (``landings``) across the border they enter it by (4.2 "any border"; 4.6: unloading "works as
    regular movement"). Being carried at sea is the warships' move (README, Blocks aboard)."""
    crossed: dict[str, tuple[str, int]] = {}

    def cross(previous: str, step: JSON) -> None:
        key = board.border_key(previous, step["to"])
        colour = "red" if step["border"] == "red" or crossed.get(key, ("black", 0))[0] == "red" else "black"
        crossed[key] = (colour, crossed.get(key, (colour, 0))[1] + 1)

    for entry in moves:
        previous = origin
        for step in entry["path"]:
            cross(previous, step)
            previous = step["to"]
    for _place, via, step in landings(state, origin, moves, carried).values():
        cross(via, step)
    return crossed


def _border_limit_problems(
    state: JSON, seat: int, origin: str, moves: list[JSON], carried: dict[str, str]
) -> list[Violation]:
    for key, (colour, count) in crossings(state, origin, moves, carried).items():
        used = state["border_use"].get(key, [0, 0])[seat]
        limit = BORDER_LIMITS[colour]
        if used + count > limit:
            a, b = key.split("|")
            return [
                Violation(
                    sections.BORDER_RESTRICTIONS,
                    f"At most {limit} blocks may cross the {colour} border between {a} and {b} in one game turn.",
                )
            ]
    return []


def standing_entries(state: JSON, place: str, seat: int) -> list[JSON]:
    """The groups ``seat`` moved into ``place`` this game turn (``entered``), each with only its
    blocks still standing there, and those left with none left out: a block lost force-marching
    (4.5) neither pins (4.4) nor attacks (6.22)."""
    entries = []
    for entry in state["entered"].get(place, []):
        standing = [n for n in entry["blocks"] if state["blocks"][n]["at"] == place]
        if entry["seat"] == seat and standing:
            entries.append({**entry, "blocks": standing})
    return entries


def _pinning_problems(state: JSON, seat: int, origin: str, moves: list[JSON]) -> list[Violation]:
    """4.4: attacking blocks pin as many defenders; the rest may not use the attackers' borders.
    "Pinned blocks cannot be substituted for other blocks": only the defenders that have not
    moved count, not blocks that came in after the attack; only the attacking blocks still
    there pin, and only their borders are closed (``standing_entries``). At sea the warships
    pin and are pinned (8.2), the blocks aboard going with them (4.6)."""
    attackers = standing_entries(state, origin, 1 - seat)
    if not attackers:
        return []
    pinning = sum(len(e["blocks"]) for e in attackers)
    present = len(
        [
            n
            for n in board.blocks_at(state, origin, seat)
            if not state["blocks"][n]["moved"] and not state["blocks"][n].get("aboard")
        ]
    )
    leaving = len([e for e in moves if e["path"] and not state["blocks"][e["block"]].get("aboard")])
    if present - leaving < pinning:
        return [
            Violation(
                sections.PINNING,
                f"{pinning} attacking blocks pin as many of your blocks in {origin}; only {max(0, present - pinning)} may move.",
            )
        ]
    used = {e["from"] for e in attackers}
    for entry in moves:
        if entry["path"] and entry["path"][0]["to"] in used:
            return [
                Violation(
                    sections.PINNING,
                    f"Unpinned blocks may not cross the border the attackers used from {entry['path'][0]['to']}.",
                )
            ]
    return []


def _enemy_ship_problems(
    state: JSON, seat: int, origin: str, moves: list[JSON], carried: dict[str, str]
) -> list[Violation]:
    """4.6: "Enemy ships prohibit sea movement": the blocks a warship lands in a harbour (8.3)
    unload from the sea zone it enters the harbour from (``landings``), as a block landing on
    its own does, and enemy ships there prohibit it. Only the sea zone a move starts in may hold
    them (8.1: a warship entering theirs stops there); a retreat (8.4) is no sea movement."""
    for name, (place, via, _step) in landings(state, origin, moves, carried).items():
        if board.enemy_blocks_at(state, via, seat):
            return [Violation(sections.SEA_MOVEMENT, f"Enemy warships in {via} prohibit landing {name} in {place}.")]
    return []


def _capacity_problems(state: JSON, seat: int, moves: list[JSON]) -> list[Violation]:
    """4.6: a warship carries one army or two regiments."""
    boarding: dict[str, int] = {}
    for entry in moves:
        last = entry["path"][-1]["to"] if entry["path"] else None
        if (
            last
            and board.is_known_territory(state, last)
            and board.is_sea(state, last)
            and board.info(state, entry["block"])["type"] != "warship"
        ):
            boarding[last] = boarding.get(last, 0) + load_of(state, entry["block"])
    for sea, load in boarding.items():
        present = board.blocks_at(state, sea, seat)
        ships = [n for n in present if board.info(state, n)["type"] == "warship"]
        aboard = sum(load_of(state, n) for n in present if state["blocks"][n].get("aboard"))
        if aboard + load > WARSHIP_CAPACITY * len(ships):
            return [Violation(sections.SEA_MOVEMENT, f"Your warships in {sea} cannot carry that many blocks.")]
    return []


def _departures(state: JSON, moves: list[JSON]) -> list[tuple[str, str]]:
    """The warships of a group move that leave, each with where it ends."""
    return [
        (entry["block"], entry["path"][-1]["to"])
        for entry in moves
        if entry["path"]
        and board.is_known_block(state, entry["block"])
        and board.info(state, entry["block"])["type"] == "warship"
        and board.is_known_territory(state, entry["path"][-1]["to"])
    ]


def passenger_routes(state: JSON, seat: int, origin: str, departures: list[tuple[str, str]]) -> dict[str, str]:
    """4.6: "A warship is able to transport 1 Army or 2 regiment blocks per ship": the ground
    blocks aboard in a sea zone sail with its warships. The ships that stay keep as many as
    they can carry; the rest go with the ships that leave, armies first, filling each
    destination's ships in the order of the move (README: which ship carries which block is
    not logged). Returns each carried block's destination."""
    if not departures or not board.is_known_territory(state, origin) or not board.is_sea(state, origin):
        return {}
    present = board.blocks_at(state, origin, seat)
    leaving = {ship for ship, _ in departures}
    staying = [n for n in present if board.info(state, n)["type"] == "warship" and n not in leaving]
    room = {origin: WARSHIP_CAPACITY * len(staying)}
    for _ship, destination in departures:
        room[destination] = room.get(destination, 0) + WARSHIP_CAPACITY
    passengers = [n for n in present if state["blocks"][n].get("aboard")]
    passengers.sort(key=lambda n: -load_of(state, n))
    routes = {}
    for name in passengers:
        place = next((p for p, free in room.items() if free >= load_of(state, name)), origin)
        room[place] = room.get(place, 0) - load_of(state, name)
        if place != origin:
            routes[name] = place
    return routes


def landing_problems(state: JSON, seat: int, carried: dict[str, str]) -> list[Violation]:
    """The carried blocks a warship lands in a harbour (8.3) enter its territory as if they
    landed on their own (4.6), so only where they may enter (``entry_prohibited``): no one but
    the British warship in Portsmouth (9.10), the Prussian block in German and Polish
    territories only (10.6), and so on."""
    for name, place in carried.items():
        problem = None if board.is_sea(state, place) else entry_prohibited(state, seat, name, place)
        if problem:
            return [problem]
    return []


def passenger_problems(state: JSON, seat: int, carried: dict[str, str]) -> list[Violation]:
    """4.6: "You may not load and unload the same group of blocks during the same turn": blocks
    that boarded this turn may not be carried into a harbour, where they would land; nor may
    blocks be landed where they may not enter (``landing_problems``)."""
    problems = landing_problems(state, seat, carried)
    if problems:
        return problems
    for name, place in carried.items():
        if not board.is_sea(state, place) and state["blocks"][name]["loaded"]:
            return [
                Violation(sections.SEA_MOVEMENT, f"{name} boarded this turn and may not land in {place} this turn.")
            ]
    return []


def carry_passengers(table: Table, routes: dict[str, str]) -> None:
    """The carried blocks go with their warships: still aboard at sea, landed in a harbour
    (8.3: warships in harbour are anchored inside the territory). Being carried is the
    warships' move, not the blocks' (3.42); landing is the blocks' unloading, their move of
    the game turn (4.6 "works as regular movement"), as a block landing on its own stops, and
    an entry as any move's (``entry_triggers``: Swedes landed by the British warship invade
    Denmark as by a Swedish one)."""
    for name, place in routes.items():
        at_sea = board.is_sea(table.state, place)
        table.at("blocks", name).update(at=place, aboard=at_sea, revealed=False)
        if not at_sea:
            table.at("blocks", name)["moved"] = True
            entry_triggers(table, board.owner(table.state, name), place, [name])


def _move_block(table: Table, seat: int, origin: str, name: str, path: list[JSON]) -> None:
    state = table.state
    data = board.info(state, name)
    destination = path[-1]["to"]
    block = table.at("blocks", name)
    block.update(at=destination, moved=True, revealed=False)
    if data["type"] != "warship":
        if board.is_sea(state, destination):
            block.update(aboard=True, loaded=True)
        elif block.get("aboard"):
            block["aboard"] = False
        extra = len(path) - data["move"]
        if extra > 0:
            table.at("pending_force_march")[name] = extra
            block["forced"] = True


def _arrive(table: Table, seat: int, place: str, via: str, names: list[str]) -> None:
    """Record the entry (for reserves, retreats and pinning) and its consequences: a battle,
    or a free siege of an empty enemy territory (3.43); its entry triggers (9.5, 9.9) are set
    off already, by each block's path (``group_move``) or its landing (``carry_passengers``). The
    enemy's siege of a territory entered is "broken off and replaced by a regular battle"
    (3.42) when that battle begins (``start_battle``): blocks lost to their force-march rolls
    (4.5) before it break none, as they neither pin (4.4) nor attack (6.22)."""
    state = table.state
    table.at("entered").setdefault(place, [])
    table.at("entered")[place] = [*state["entered"][place], {"seat": seat, "from": via, "blocks": names}]
    state = table.state
    if (
        not state["weather"]
        and not board.enemy_blocks_at(state, place, seat)
        and board.is_enemy_territory(state, place, seat)
        and board.garrison_value(state, place) > 0
    ):
        table.at("sieges")[place] = seat


def entry_triggers(table: Table, seat: int, place: str, names: list[str]) -> None:
    """What a block entering ``place`` sets off, whether it stops there, passes through,
    retreats or regroups there, or is landed there by its warship (``carry_passengers``): 9.9 "Hanover automatically becomes an Ally of Sweden IF Denmark enters
    Holstein-Gottorp during 1700-1710"; 14.2 Denmark 4, Saxony 2: the excluded block "returns
    if Denmark (Saxony) is invaded by Sweden"; 9.5 "The Polish blocks automatically join the
    allies as soon as the Sweden or Turkey enters Poland" (its entry: a Poland out by a truce
    comes back by 6.10's rolls only); 10.2, 10.3: Russia and Saxony out
    by a truce come back "if Poland is attacked by Turkey", a Poland on the Allied side (a
    Poland fighting for Sweden, 12.3 or 14.2 Saxony 3, is the Turks' ally)."""
    state = table.state
    nation = board.territory(state, place)["nation"]
    movers = {board.info(state, n)["nation"] for n in names}
    if (
        place == "Holstein-Gottorp"
        and "denmark" in movers
        and state["year"] <= 1710
        and not state["active"]["hanover"]
        and "hanover" in state["entries"]  # struck by 10.1's cession: "out of the game for good"
    ):
        table.at("active")["hanover"] = True
        table.at("sides")["hanover"] = 0
        if "Hanoverian Army" in state["blocks"]:
            full = board.info(state, "Hanoverian Army")["steps"]
            table.at("blocks", "Hanoverian Army").update(at="Hanover", steps=full)
    invaded = board.original_nation(state, place)
    if "sweden" in movers and invaded in ("denmark", "saxony"):
        _return_excluded(table, invaded)
    if (
        nation == "poland"
        and not state["active"]["poland"]
        and "poland" not in state["truces"]
        and movers & {"sweden", "turkey"}
    ):
        activate(table, "poland", 1)
    if nation == "poland" and "turkey" in movers and board.side_of(table.state, "poland") == 1:
        for ally in ("russia", "saxony"):
            if not state["active"][ally] and state["truces"].get(ally) is not None:
                activate(table, ally, board.side_of(state, ally))  # its blocks form its pool again (12)
                table.at("returns").pop(ally, None)  # 14.2 Saxony 5's return is spent


def _return_excluded(table: Table, nation: str) -> None:
    """14.2 Denmark 4 and Saxony 2: the excluded block "returns if Denmark (Saxony) is
    invaded by Sweden"."""
    state = table.state
    back = [n for n in state["excluded"] if board.info(state, n)["nation"] == nation]
    if back:
        table.set("excluded", [n for n in state["excluded"] if n not in back])
        for name in back:
            table.at("blocks", name)["at"] = "pool"


@move(
    "force_march",
    section=sections.FORCE_MARCHING,
    description="4.5: the die for a block that force-marched, rolled after all of the player's movement.",
    schema=obj({"block": NAME, "roll": DIE}),
    example={"block": "Vellinck", "roll": 5},
    choices=lambda state, seat: [
        {"block": name, "roll": roll} for name in sorted(state["pending_force_march"]) for roll in FACES
    ],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} rolls a {move.data['roll']} for the force march of {named(move.data['block'])}: "
        + (
            "no loss"
            if move.data["roll"] > 3
            else f"it loses {state['pending_force_march'].get(move.data['block'], 1)} step(s)"
            if isinstance(move.data["block"], str)
            else "it loses steps"
        )
    ),
    secrets=(Secret("block", MOVER, f"4.5: {MOVED_BLOCK}"),),
)
def force_march(table: Table, move: Move) -> None:
    """4.5: 1-3 lose one step per extra territory (a block can be destroyed), 4-6 no loss.
    A roll the table made for a block the engine owes none (a record play) counts one."""
    name = move.data["block"]
    if name not in table.state["pending_force_march"]:
        table.refuse(sections.FORCE_MARCHING, f"{name} owes no force-march roll.")
    elif board.owner(table.state, name) != move.seat:
        table.refuse(sections.FORCE_MARCHING, f"{name} is not your block.")
    extra = table.at("pending_force_march").pop(name, 1)
    if move.data["roll"] > 3:
        return
    if not board.is_known_block(table.state, name):
        raise EngineError(f"There is no block called {name} to lose a step.")
    if table.state["blocks"][name]["at"] not in board.OFF_MAP:
        lose_steps(table, name, extra, may_eliminate=True)


def record_attack(table: Table, move: Move) -> None:
    """6.2: the first player to move into a territory holding enemy blocks is its attacker
    (after every group move, the weather move too)."""
    state = table.state
    for entry in move.data["moves"]:
        if not entry["path"]:
            continue
        place = entry["path"][-1]["to"]
        if place not in state["attacks"] and board.enemy_blocks_at(state, place, move.seat):
            table.at("attacks")[place] = move.seat
