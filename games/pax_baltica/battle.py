"""Battles (6.1 to 6.6, 8.2, 8.4): Player 1 picks each battle (6.1), the combat turns of the
rounds, A before B before C, defenders first (6.21, 6.22), fire and hits (6.31, 6.32),
retreats (6.5, 8.4) and the victor's regroup (6.6). Eliminations and truces (6.8, 6.9) are
in losses.py, sieges (3.43, 6.7) in siege.py."""

from __future__ import annotations

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, move
from games.pax_baltica import board, sections, turn
from games.pax_baltica.losses import eliminate
from games.pax_baltica.movement import (
    BORDER_LIMITS,
    border_problem,
    carry_passengers,
    crossings,
    entry_prohibited,
    entry_triggers,
    landing_problems,
    load_of,
    neighbours,
    night_rider_waits,
    passenger_problems,
    passenger_routes,
    poland_closes,
    reachable,
    red_stop,
    standing_entries,
    step_problem,
    subsets,
    unprinted_coast,
)
from games.pax_baltica.telling import dice, named, named_blocks, rolls, sentence, to, who
from games.pax_baltica.vocabulary import DICE, MOVED_BLOCK, NAME, NAMES, PATH, STEP
from games.secrets import MOVER, Secret

MAX_ROUNDS = 3


def hits_of(dice: list[int], number: int) -> int:
    """6.31: a hit for each roll equal to or lower than the rating number."""
    return sum(1 for die in dice if die <= number)


# --- 6.1 starting a battle -------------------------------------------------------------


@move(
    "start_battle",
    section=sections.BATTLE_SEQUENCE,
    description="6.1: Player 1 picks the next battle; 6.22: the border (territory) of the main attack.",
    schema=obj({"territory": NAME, "main_attack_from": NAME}, required=["territory"]),
    example={"territory": "Ingermanland", "main_attack_from": "Estland"},
    choices=lambda state, seat: [
        choice
        for place in board.battle_territories(state)
        for choice in (
            {"territory": place},
            *(
                {"territory": place, "main_attack_from": border}
                for border in sorted(set(_main_borders(state, place, _attacker(state, place))))
            ),
        )
    ],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} starts the battle of {move.data['territory']}"
        + (f", the main attack from {move.data['main_attack_from']}" if move.data.get("main_attack_from") else "")
    ),
)
def start_battle(table: Table, move: Move) -> None:
    """6.1: the battle's blocks are revealed, its reserves (6.22) not yet, nor the blocks aboard
    warships, which take no part (8.2); a battle ends the siege there. A side with only
    reserves there (its other blocks gone to the pool by a truce, 6.9) has lost the battle
    before it begins: its reserves retreat (``after_combat_turn``)."""
    state = table.state
    place = move.data["territory"]
    attacker = _attacker(state, place)
    board.refuse(table, _start_problem(state, move, attacker))
    here = board.blocks_at(state, place)
    reserves = _reserves(state, place, here, attacker, move.data.get("main_attack_from"))
    table.set(
        "battle",
        {
            "territory": place,
            "attacker": attacker,
            "round": 1,
            "acted": [],
            "reserves": reserves,
            "retreat_due": [],
            "retreats": {},
            "attack_borders": _entry_borders(state, place, attacker),
            "defence_borders": _entry_borders(state, place, turn.other(attacker)),
            "last_entry": {e["from"]: e["seat"] for e in state["entered"].get(place, [])},
        },
    )
    reveal_engaged(table)
    table.at("sieges").pop(place, None)
    table.at("declared_sieges").pop(place, None)
    after_combat_turn(table)


def _start_problem(state: JSON, move: Move, attacker: int) -> Violation | None:
    place = move.data["territory"]
    if move.seat != state["player1"]:
        return Violation(sections.BATTLE_SEQUENCE, "Player 1 determines which battle is fought next.")
    if place not in turn.battles_pending(state):
        return Violation(sections.BATTLE_SEQUENCE, f"There is no battle to fight in {place}.")
    main = move.data.get("main_attack_from")
    if main is not None and main not in _main_borders(state, place, attacker):
        return Violation(
            sections.COMBAT_RESERVES, f"No attacking blocks that entered {place} from {main} this turn stand there."
        )
    return None


def _attacker(state: JSON, place: str) -> int:
    """6.2: the attacker is the player who moved into the territory held by the enemy. With
    nobody moved in (blocks turned enemies where they stand: Poland changing side, 10.4, 14.2;
    a nation placed or entering where the enemy stands), the player holding the garrison
    defends it (4.3 "The defender holds its ground") and the other attacks; where the garrison
    is no side's (a transit territory, a sea zone, a nation out of the war), Player 1 attacks."""
    if place in state["attacks"]:
        return state["attacks"][place]
    entries = state["entered"].get(place, [])
    if entries:
        return entries[-1]["seat"]
    holder = board.friendly_side(state, place)
    return state["player1"] if holder is None else turn.other(holder)


def _entry_borders(state: JSON, place: str, seat: int) -> list[str]:
    return [e["from"] for e in state["entered"].get(place, []) if e["seat"] == seat]


def _main_borders(state: JSON, place: str, seat: int) -> list[str]:
    """6.22: the borders the attacker may declare the main attack, those his blocks crossed
    and still stand behind (a group lost force-marching, 4.5, leaves nothing to attack with)."""
    return [e["from"] for e in standing_entries(state, place, seat)]


def _reserves(state: JSON, place: str, here: list[str], attacker: int, main: str | None) -> list[str]:
    """6.22: attacking blocks that crossed another border than the main attack, and blocks
    the defender moved in after the attack, join the battle in round 2 (``here``: the blocks
    in the battle's territory). "The Attacker declares" the main attack (6.22 example): the
    border Player 1's ``start_battle`` names for him, else the first attacking group, which the
    attacker moved first, still standing there (``_main_borders``)."""
    entries = state["entered"].get(place, [])
    attacking = [e for e in entries if e["seat"] == attacker]
    standing = _main_borders(state, place, attacker)
    if not attacking or not standing:
        return []
    main = main if main is not None else standing[0]
    first_attack = entries.index(attacking[0])
    reserves = [n for e in attacking if e["from"] != main for n in e["blocks"]]
    reserves += [n for e in entries[first_attack + 1 :] if e["seat"] != attacker for n in e["blocks"]]
    reserves = [n for n in reserves if state["blocks"][n]["at"] == place]
    return reserves + _forced_supporters(state, here, reserves)


def _forced_supporters(state: JSON, here: list[str], reserves: list[str]) -> list[str]:
    """4.5: "No force-marching blocks are available on Combat Round 1 when supporting a
    block": they join in round 2 when their side has other blocks engaged (``here``: the
    blocks in the battle's territory; those aboard warships fight in no battle, 8.2)."""
    supporters: list[str] = []
    for seat in (0, 1):
        engaged = [
            n for n in here if n not in reserves and not state["blocks"][n]["aboard"] and board.owner(state, n) == seat
        ]
        forced = [n for n in engaged if state["blocks"][n]["forced"]]
        if forced and len(forced) < len(engaged):
            supporters += forced
    return supporters


# --- 6.21, 6.31, 6.32: combat turns and fire ---------------------------------------------


def _turn_problem(state: JSON, move: Move, sides: dict[int, list[str]] | None = None) -> Violation | None:
    name = move.data["block"]
    if not board.is_known_block(state, name) or board.owner(state, name) != move.seat:
        return Violation(sections.COMBAT_ROUNDS, f"{name} is not one of your blocks.")
    battle = state["battle"]
    if name in battle["reserves"] and name not in battle["retreat_due"]:  # 6.22: those due retreat at once
        if state["blocks"][name]["forced"]:
            return Violation(
                sections.FORCE_MARCHING, f"{name} force-marched in support and joins the battle in round 2."
            )
        return Violation(sections.COMBAT_RESERVES, f"{name} is a reserve and may not attack or retreat before round 2.")
    waiting = turn.next_combatants(state, sides)
    if name not in waiting:
        return Violation(sections.COMBAT_ROUNDS, f"It is not {name}'s combat turn: next is {', '.join(waiting)}.")
    return None


@move(
    "combat_fire",
    section=sections.COMBAT,
    description=(
        "6.31: a block's combat turn: its dice (one per step); 'targets' names the block each hit lands on where "
        "the owner chose between equally strong blocks (6.32); 'keep' the conquest the victor keeps when the "
        "roll kills Frederik IV, August II or Pjotr I (6.9)."
    ),
    schema=obj({"block": NAME, "dice": DICE, "targets": NAMES, "keep": NAME}, required=["block", "dice"]),
    example={"block": "Pjotr I", "dice": [1, 2, 4, 5]},
    choices=lambda state, seat: _fires(state, seat),
    says=lambda state, move, names: _said_fire(state, move, names),
    exact=True,
)
def combat_fire(table: Table, move: Move) -> None:
    """6.31: a die per step, a hit on each roll at or under the rating; 6.32: each hit on the
    currently strongest enemy block."""
    state = table.state
    name = move.data["block"]
    battle = state["battle"]
    sides = turn.engaged_as_given(state) if battle is not None and not battle["retreat_due"] else None  # as the gate
    board.refuse(table, _fire_problem(state, move, sides))
    targets = move.data.get("targets")
    if not board.is_known_block(state, name) or not board.known_blocks(state, targets or []):
        raise EngineError(f"{name} or a block it hits is not a block of the game.")
    enemies = (turn.engaged(state) if sides is None else sides)[turn.other(move.seat)]
    hits = hits_of(move.data["dice"], board.rating(state, name)[1])
    for target in allocate_hits(state, enemies, hits, targets):
        if table.state["blocks"][target]["at"] not in board.OFF_MAP:
            take_hit(table, target, move.data.get("keep"))
    table.at("battle", "acted").append(name)
    after_combat_turn(table)


def _own_combatants(state: JSON, seat: int) -> list[str]:
    return [n for n in turn.next_combatants(state) if board.is_known_block(state, n) and board.owner(state, n) == seat]


def land_hit(state: JSON, steps: dict[str, int], name: str) -> dict[str, int]:
    """6.32: the steps left once a hit lands on ``name`` ("All hits are applied immediately");
    6.8, 6.9: Frederik IV, August II or Pjotr I falling puts his nation's blocks in the pool at
    once, out of reach of the hits still to land."""
    left = {**steps, name: steps[name] - 1}
    if left[name] <= 0 and name in board.TRUCE_ROYALS:
        nation = board.TRUCE_ROYALS[name]
        left = {n: 0 if board.info(state, n)["nation"] == nation else s for n, s in left.items()}
    return left


def target_orders(state: JSON, enemies: list[str], hits: int) -> list[list[str]]:
    """6.32: every order the owner may give the hits, each on a currently strongest block."""
    orders: list[list[str]] = []

    def extend(order: list[str], left: dict[str, int]) -> None:
        alive = sorted(n for n in left if left[n] > 0)
        if len(order) == hits or not alive:
            orders.append(order)
            return
        top = max(left[n] for n in alive)
        for name in alive:
            if left[name] == top:
                extend([*order, name], land_hit(state, left, name))

    extend([], {n: state["blocks"][n]["steps"] for n in enemies})
    return orders


def keeps(state: JSON, landed: list[str]) -> list[str]:
    """6.9: the conquests the victor may keep when the hits kill Frederik IV, August II or
    Pjotr I, or the Turks' last block (10.5: "forced to a TRUCE (see 6.9)"): the garrisons of
    that nation the enemy holds, never a capital."""
    steps: dict[str, int] = {}
    for name in landed:
        steps[name] = steps.get(name, state["blocks"][name]["steps"]) - 1
    fallen = [board.TRUCE_ROYALS[n] for n, left in steps.items() if left <= 0 and n in board.TRUCE_ROYALS]
    turks = [n for n in state["blocks"] if board.info(state, n)["nation"] == "turkey" and board.on_map(state, n)]
    if turks and all(steps.get(n, 1) <= 0 for n in turks):
        fallen.append("turkey")
    return board.conquests(state, fallen)


def _fires(state: JSON, seat: int) -> list[JSON]:
    """6.31: each outcome of the block's dice (one per step), with each allocation of its
    hits the owner of equally strong blocks may choose (6.32) and each conquest a truce lets
    the victor keep (6.9). Exact: each is legal whenever the seat fires at all (the blocks
    whose combat turn it is, 6.21, each rolling its steps; the targets the strongest, 6.32; a
    kept conquest no capital, 6.9)."""
    choices = []
    enemies = turn.combatants(state, turn.other(seat)) if state["battle"] else []
    for name in _own_combatants(state, seat):
        number = board.rating(state, name)[1]
        orders_by_hits: dict[int, list[list[str]]] = {}
        for faces in rolls(state["blocks"][name]["steps"]):
            hits = hits_of(faces, number)
            if hits not in orders_by_hits:
                orders_by_hits[hits] = target_orders(state, enemies, hits)
            auto = allocate_hits(state, enemies, hits, None)
            for order in [None, *orders_by_hits[hits]]:
                base = (
                    {"block": name, "dice": faces}
                    if order is None
                    else {"block": name, "dice": faces, "targets": order}
                )
                choices.append(base)
                choices += [{**base, "keep": place} for place in keeps(state, auto if order is None else order)]
    return choices


def _said_fire(state: JSON, move: Move, names) -> str:
    name, faces = move.data["block"], move.data["dice"]
    said = f"{who(names, move.seat)} fires with {named(name)}, rolling {dice(faces)}"
    if board.is_known_block(state, name):
        hits = hits_of(faces, board.rating(state, name)[1])
        said += f": {hits} hit{'' if hits == 1 else 's'}"
        if move.data.get("targets"):
            said += f" on {named_blocks(move.data['targets'])}"
    if move.data.get("keep"):
        said += f", the victor keeping {move.data['keep']}"
    return sentence(said)


def _fire_problem(state: JSON, move: Move, sides: dict[int, list[str]] | None = None) -> Violation | None:
    """``sides``: ``turn.engaged(state)`` when the caller has it."""
    problem = _turn_problem(state, move, sides)
    if problem:
        return problem
    if state["battle"]["retreat_due"]:
        return Violation(sections.RETREATS, f"{move.data['block']} must retreat now.")
    name, dice = move.data["block"], move.data["dice"]
    steps = state["blocks"][name]["steps"]
    if len(dice) != steps:
        return Violation(sections.COMBAT, f"{name} has strength {steps} and rolls {steps} dice, not {len(dice)}.")
    enemies = (turn.engaged(state) if sides is None else sides)[turn.other(move.seat)]
    hits = hits_of(dice, board.rating(state, name)[1])
    return _allocation_problem(state, enemies, hits, move.data.get("targets")) or keep_problem(
        state, move.data.get("keep")
    )


def keep_problem(state: JSON, keep: str | None) -> Violation | None:
    """6.9: "If the victor of the truce has conquered any garrisons, 1 may be kept ... Capitols are excluded." """
    if keep is not None and (not board.is_known_territory(state, keep) or board.territory(state, keep)["capital"]):
        return Violation(
            sections.TRUCE, f"The victor may keep one conquered garrison, never a capital, and not {keep}."
        )
    return None


def _allocation_problem(state: JSON, enemies: list[str], hits: int, targets: list[str] | None) -> Violation | None:
    """6.32: each hit goes to the currently strongest enemy block; the owner picks among equals.
    The hits that land are counted along the order named (a royal's truce may take blocks out
    of reach, ``land_hit``), a wrong target counted as the strongest."""
    if targets is None:
        return None
    steps = {n: state["blocks"][n]["steps"] for n in enemies}
    wrong = None
    landed = 0
    for index in range(hits):
        alive = sorted(n for n in steps if steps[n] > 0)
        if not alive:
            break
        target = targets[index] if index < len(targets) else None
        if target not in alive or steps[target] != max(steps[n] for n in alive):
            wrong = wrong or target
            target = max(alive, key=lambda n: steps[n])
        steps = land_hit(state, steps, target)
        landed += 1
    if len(targets) != landed:
        return Violation(
            sections.HIT_ALLOCATION, f"The roll scores {landed} hit(s): name {landed} target(s), not {len(targets)}."
        )
    if wrong is not None:
        return Violation(sections.HIT_ALLOCATION, f"Each hit goes to the currently strongest enemy block, not {wrong}.")
    return None


def allocate_hits(state: JSON, enemies: list[str], hits: int, targets: list[str] | None) -> list[str]:
    """The block each hit lands on: the given targets, else the strongest (first by name)."""
    if targets is not None:
        return list(targets)
    steps = {n: state["blocks"][n]["steps"] for n in enemies}
    landed = []
    for _hit in range(hits):
        alive = sorted(n for n in steps if steps[n] > 0)
        if not alive:
            break
        target = max(alive, key=lambda n: steps[n])
        steps = land_hit(state, steps, target)
        landed.append(target)
    return landed


def take_hit(table: Table, name: str, kept: str | None = None) -> None:
    block = table.at("blocks", name)
    block["steps"] -= 1
    if block["steps"] <= 0:
        eliminate(table, name, kept)


# --- 6.5, 8.4: retreats -------------------------------------------------------------------


@move(
    "combat_retreat",
    section=sections.RETREATS,
    description="6.5: a block retreats in its combat turn (or must, after round 3); an empty path when it cannot.",
    schema=obj({"block": NAME, "path": PATH}),
    example={"block": "Repnin", "path": [{"to": "Novgorod", "border": "black"}]},
    choices=lambda state, seat: _retreats(state, seat),
    exact=True,
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} retreats {named(move.data['block'])} to {to(move.data['path'][-1])}"
        if move.data["path"]
        else f"{who(names, move.seat)}'s {named(move.data['block'])} cannot retreat and is eliminated"
    ),
    secrets=(
        Secret(
            "block",
            MOVER,
            "6.22: reserves retreating when the battle ends in Combat Round 1 were never revealed "
            "(blocks that fought were seen in battle anyway)",
        ),
    ),
)
def combat_retreat(table: Table, move: Move) -> None:
    """6.5: a block retreats as its combat turn (or must); one that cannot is eliminated."""
    name, path = move.data["block"], move.data["path"]
    board.refuse(table, _retreat_problem(table.state, move))
    if not board.is_known_block(table.state, name) or not all(
        board.is_known_territory(table.state, step["to"]) for step in path
    ):
        raise EngineError(f"{name} or a place it retreats through is not on the map of the game.")
    battle = table.at("battle")
    if not path:
        eliminate(table, name)
    else:
        for key, (_colour, count) in _retreat_crossings(table.state, move.seat, name, path).items():
            use = list(table.state["battle"]["retreats"].get(key, [0, 0]))
            use[move.seat] += count
            table.at("battle", "retreats")[key] = use
        destination = path[-1]["to"]
        carried = _retreat_carried(table.state, move.seat, name, path)
        table.at("blocks", name).update(
            at=destination, moved=True, aboard=board.is_sea(table.state, destination), revealed=False
        )
        carry_passengers(table, carried)  # 8.4: a retreating warship takes its passengers along
        for step in path:  # 9.5, 9.9: a retreat enters the territories it passes
            entry_triggers(table, move.seat, step["to"], [name])
    if name in battle["retreat_due"]:
        table.at("battle", "retreat_due").remove(name)
    else:
        table.at("battle", "acted").append(name)
    after_combat_turn(table)


def _retreats(state: JSON, seat: int) -> list[JSON]:
    """6.5, 8.4: each block whose combat turn it is, along each path it may retreat (README
    "Legal moves"); an empty path for a block that must retreat and cannot. Exact: the
    retreats 6.5 and 8.4 allow, judged as the move judges them (``_retreat_problem``)."""
    choices = []
    for name in _own_combatants(state, seat):
        paths = _retreat_paths(state, seat, name)
        choices += [{"block": name, "path": path} for path in paths]
        if not paths and name in state["battle"]["retreat_due"]:
            choices.append({"block": name, "path": []})
    return choices


def _retreat_paths(state: JSON, seat: int, name: str) -> list[list[JSON]]:
    """6.5, 8.4: the paths ``name`` may retreat along now (README "Legal moves"): a warship to
    a harbour (``_harbour_courses``), another block as far as its move."""
    data = board.info(state, name)
    if data["type"] == "warship":
        paths = _harbour_courses(state, state["battle"]["territory"], data["move"])
    else:
        paths = reachable(state, seat, state["battle"]["territory"], data["move"])
    return [
        p for p in paths if _retreat_problem(state, Move(combat_retreat.name, seat, {"block": name, "path": p})) is None
    ]


def _harbour_courses(state: JSON, origin: str, limit: int) -> list[list[JSON]]:
    """8.4: the courses to a harbour a warship may retreat along, through at most ``limit`` sea
    zones (8.1: the harbour entered after them counts none): along the printed borders of the
    sea; where the map prints none, to a harbour directly or through one sea zone (README
    "Legal moves")."""
    harbours = [p for p in state["tables"]["territories"] if board.port_of(state, p) == "harbour"]
    if not board.map_has_sea_borders(state):
        seas = [p for p in state["tables"]["territories"] if board.is_sea(state, p)]
        paths = [[{"to": h, "border": "black"}] for h in harbours]
        return paths + [[{"to": s, "border": "black"}, {"to": h, "border": "black"}] for s in seas for h in harbours]
    courses: list[list[JSON]] = []

    def sail(path: list[JSON], here: str) -> None:
        for place, colour in neighbours(state, here):
            if place == origin or any(step["to"] == place for step in path):
                continue
            longer = [*path, {"to": place, "border": colour}]
            if place in harbours:
                courses.append(longer)
            elif board.is_sea(state, place) and colour == "black" and len(longer) <= limit:
                sail(longer, place)  # 8.1: the sea zones count, not the harbour; 4.2: a red border stops it

    sail([], origin)
    return courses


def _retreat_problem(state: JSON, move: Move) -> Violation | None:
    problem = _turn_problem(state, move)
    if problem:
        return problem
    name, path = move.data["block"], move.data["path"]
    waits = night_rider_waits(state, name)
    if path and waits:  # 11.1: a waiting Karl XII fights where he waits
        return waits
    if not path:
        if name not in state["battle"]["retreat_due"]:
            return Violation(sections.RETREATS, f"{name} must name where it retreats to, or stay and fight.")
        if _retreat_paths(state, move.seat, name):
            return Violation(
                sections.RETREATS, f"{name} must retreat and can: it is eliminated only when no retreat is possible."
            )
        return None
    data = board.info(state, name)
    if data["type"] == "warship":  # 8.1: its move counts the sea zones, the harbour entered on top
        counted = [s for s in path if board.is_known_territory(state, s["to"]) and board.is_sea(state, s["to"])]
    else:
        counted = path
    if len(counted) > data["move"]:
        where = "sea zones" if data["type"] == "warship" else "territories"
        return Violation(sections.RETREATS, f"{name} may retreat at most {data['move']} {where}.")
    problem = _retreat_border_problem(state, move.seat, name, path)
    if problem:
        return problem
    previous = state["battle"]["territory"]
    if any(step["to"] == previous for step in path):  # 6.22: a reserve retreating as the battle ends too
        return Violation(
            sections.RETREATS, f"{name} retreats out of the battle territory {previous}, not back into it."
        )
    for step in path:
        problem = border_problem(state, previous, step)
        if problem:
            return problem
        previous = step["to"]
    if board.info(state, name)["type"] == "warship":
        return _warship_retreat_problem(state, move.seat, name, path)
    for index, step in enumerate(path):
        problem = _retreat_step_problem(state, move.seat, name, step, index == len(path) - 1)
        if problem:
            return problem
    return None


def _retreat_border_problem(state: JSON, seat: int, name: str, path: list[JSON]) -> Violation | None:
    """6.5: the borders a side may retreat across, and 4.2's limits per round on every border
    the retreat crosses (``_retreat_crossings``). An attacker who crossed no border (a battle
    nobody moved into, ``_attacker``) retreats as a defender does."""
    battle, first = state["battle"], path[0]["to"]
    shared = first in battle["attack_borders"] and first in battle["defence_borders"]
    if shared and battle["last_entry"].get(first) != seat:
        return Violation(
            sections.RETREATS, f"Both players entered from {first}: only the last to enter may retreat there."
        )
    if battle["attacker"] == seat and battle["attack_borders"] and first not in battle["attack_borders"]:
        return Violation(
            sections.RETREATS, f"The attacker may only retreat via the borders used to attack, not to {first}."
        )
    if battle["attacker"] != seat and first in battle["attack_borders"] and first not in battle["defence_borders"]:
        return Violation(
            sections.RETREATS, f"The defender may not retreat through the border the attacker used from {first}."
        )
    for key, (colour, count) in _retreat_crossings(state, seat, name, path).items():
        if battle["retreats"].get(key, [0, 0])[seat] + count > BORDER_LIMITS[colour]:
            return Violation(
                sections.BORDER_RESTRICTIONS,
                f"No more blocks may retreat across the {colour} border {key.replace('|', ' - ')} this round.",
            )
    return None


def _retreat_crossings(state: JSON, seat: int, name: str, path: list[JSON]) -> dict[str, tuple[str, int]]:
    """The borders a retreat of ``name`` from the battle territory crosses, each with its colour
    and the blocks crossing it (4.2, ``crossings``): the block on each, and the blocks a warship
    lands in its harbour (8.4, ``_retreat_carried``) with it on the last."""
    moves = [{"block": name, "path": path}]
    return crossings(state, state["battle"]["territory"], moves, _retreat_carried(state, seat, name, path))


def _retreat_carried(state: JSON, seat: int, name: str, path: list[JSON]) -> dict[str, str]:
    """8.4: the blocks aboard that a warship retreating along ``path`` takes along (``passenger_routes``)."""
    if not path or board.info(state, name)["type"] != "warship" or not board.is_known_territory(state, path[-1]["to"]):
        return {}
    return passenger_routes(state, seat, state["battle"]["territory"], [(name, path[-1]["to"])])


def _warship_retreat_problem(state: JSON, seat: int, name: str, path: list[JSON]) -> Violation | None:
    """8.4: "A warship block retreating from combat are forced to go to a friendly harbour"
    (10.4: not a Polish one closed to its nation, ``poland_closes``); 6.5: only "through ...
    territories free of enemy blocks"; 1.1: never over land; the blocks aboard landing only
    where they may enter (``landing_problems``: 9.10, the British warship into Portsmouth only
    with no block aboard left to land there; 10.6)."""
    *seas, harbour = [step["to"] for step in path]
    if any(not board.is_known_territory(state, p) or not board.is_sea(state, p) for p in seas):
        return Violation(sections.WARSHIP_MOVEMENT, f"{name} sails only through sea zones.")
    for step in path[:-1]:
        red = red_stop(name, step, False)
        if red:
            return red
    if not board.is_sea(state, seas[-1] if seas else state["battle"]["territory"]):
        return Violation(sections.TERRITORIES, f"{name} is a warship and may not cross the land to {harbour}.")
    for sea in seas:
        if board.enemy_blocks_at(state, sea, seat):
            return Violation(sections.RETREATS, f"{name} may not retreat through {sea}, which holds enemy blocks.")
    if not board.is_known_territory(state, harbour) or board.port_of(state, harbour) != "harbour":
        return Violation(sections.SEA_RETREATS, f"{name} must retreat to a friendly harbour.")
    if board.friendly_harbour_side(state, harbour) != seat or board.enemy_blocks_at(state, harbour, seat):
        return Violation(sections.SEA_RETREATS, f"{name} must retreat to a friendly harbour, and {harbour} is not.")
    for place in [*seas, harbour]:
        prohibited = poland_closes(state, name, place) or entry_prohibited(state, seat, name, place)
        if prohibited:
            return prohibited
    carried = _retreat_carried(state, seat, name, path)
    return _closed_landing(state, carried) or next(iter(landing_problems(state, seat, carried)), None)


def _closed_landing(state: JSON, carried: dict[str, str]) -> Violation | None:
    """10.4: the blocks a retreating (8.4) or regrouping (6.6) warship lands retreat or regroup
    there with it, so never into a Polish territory closed to their nation (``poland_closes``),
    whatever the warship's nation (the British warship with Swedes aboard)."""
    return next(filter(None, (poland_closes(state, n, place) for n, place in carried.items())), None)


def _retreat_step_problem(state: JSON, seat: int, name: str, step: JSON, last: bool) -> Violation | None:
    place = step["to"]
    if not board.is_known_territory(state, place):
        return Violation(sections.RETREATS, f"{place} is not a territory of the map.")
    if board.is_sea(state, place):
        ships = [n for n in board.blocks_at(state, place, seat) if board.info(state, n)["type"] == "warship"]
        aboard = sum(load_of(state, n) for n in board.blocks_at(state, place, seat) if state["blocks"][n].get("aboard"))
        if not last or aboard + load_of(state, name) > 2 * len(ships):
            return Violation(sections.SEA_RETREATS, f"Your warships in {place} cannot take {name} aboard.")
        if board.enemy_blocks_at(state, place, seat):
            return Violation(sections.RETREATS, f"{name} may not retreat into {place}, which holds enemy blocks.")
        return None
    if board.is_enemy_territory(state, place, seat):
        return Violation(sections.TERRITORIAL_CONTROL, f"Retreat into the enemy territory {place} is prohibited.")
    prohibited = poland_closes(state, name, place) or entry_prohibited(state, seat, name, place)
    if prohibited:
        return prohibited
    if board.enemy_blocks_at(state, place, seat):
        return Violation(sections.RETREATS, f"{name} may not retreat into {place}, which holds enemy blocks.")
    if place in board.battle_territories(state):
        return Violation(sections.RETREATS, f"{name} may not retreat into the battle territory {place}.")
    return red_stop(name, step, last)


def after_combat_turn(table: Table) -> None:
    """End the battle when a side has no engaged block left (6.22: in round 1 every reserve
    then retreats, the victor's too), start the next round when every block has had its turn,
    and after round 3 send the attacker back (6.2)."""
    state = table.state
    battle = state["battle"]
    place, attacker = battle["territory"], battle["attacker"]
    if battle["retreat_due"]:
        # A retreat with no way open eliminates its block (6.5); Pjotr I so eliminated forces a
        # truce that puts every Russian block in the pool (6.8, 6.9): they retreat no more.
        due = [
            n for n in battle["retreat_due"] if state["blocks"][n]["at"] == place and board.owner(state, n) is not None
        ]
        if due != battle["retreat_due"]:
            table.at("battle")["retreat_due"] = due
        if due:
            return
    engaged = turn.engaged(state)
    if battle.get("ending"):
        _close_battle(table)
        return
    if not engaged[0] or not engaged[1]:
        # 6.22: "Reserve blocks must retreat ... if the battle ends in Combat Round 1": both sides'
        due = [n for n in battle["reserves"] if state["blocks"][n]["at"] == place]
        _end_or_retreat(table, due)
        return
    if turn.next_combatants(state, engaged):
        return
    if battle["round"] >= MAX_ROUNDS:
        # 6.2: the attacker's engaged blocks retreat; blocks aboard go with their warships (8.4)
        _end_or_retreat(table, engaged[attacker])
        return
    table.at("battle").update(round=battle["round"] + 1, acted=[], reserves=[], retreats={})
    reveal_engaged(table)  # 6.22: reserves are "not revealed until the beginning of Combat Round 2"


def reveal_engaged(table: Table) -> None:
    """6.1: "Reveal blocks in battles": the blocks engaged in the battle (``turn.engaged``: not
    its reserves before round 2, 6.22, nor the blocks aboard warships, which do not fight, 8.2)."""
    for names in turn.engaged(table.state).values():
        for name in names:
            if not table.state["blocks"][name]["revealed"]:
                table.at("blocks", name)["revealed"] = True


def _end_or_retreat(table: Table, due: list[str]) -> None:
    if due:
        table.at("battle").update(retreat_due=due, ending=True)
    else:
        _close_battle(table)


def _close_battle(table: Table) -> None:
    state = table.state
    place = state["battle"]["territory"]
    here = board.blocks_at(state, place)
    holders = {board.owner(state, n) for n in here} - {None}
    for name in here:
        table.at("blocks", name)["revealed"] = False
    table.set("battle", None)
    if len(holders) == 1 and not state["weather"]:
        table.set("regroup", {"territory": place, "seat": holders.pop()})
    turn.settle_battle_phase(table)


# --- regroup (6.6) ------------------------------------------------------------------------


@move(
    "regroup",
    section=sections.REGROUPING,
    description="6.6: the victor moves blocks of the battle territory one territory to friendly ones.",
    schema=obj({"moves": {"type": "array", "items": obj({"block": NAME, "to": STEP}), "minItems": 1}}),
    example={"moves": [{"block": "Karl XII", "to": {"to": "Estland", "border": "black"}}]},
    choices=lambda state, seat: _regroups(state, seat),
    says=lambda state, move, names: _said_regroup(move, names),
    secrets=(Secret("moves.*.block", MOVER, f"6.6, 6.1: blocks stand up again as the battle ends; {MOVED_BLOCK}"),),
)
def regroup(table: Table, move: Move) -> None:
    """6.6: each block moves one territory on, the blocks aboard with their warships (4.6),
    setting off what an entry sets off (``entry_triggers``: 14.2's invasion); in a record play a
    regroup the engine did not expect still moves the blocks from where they stand."""
    board.refuse(table, _regroup_problem(table.state, move))
    if not board.known_blocks(table.state, [entry["block"] for entry in move.data["moves"]]) or not all(
        board.is_known_territory(table.state, entry["to"]["to"]) for entry in move.data["moves"]
    ):
        raise EngineError("A regrouping block, or where it regroups, is not on the map of the game.")
    carried = _regroup_carried(table.state, move)
    for key, (_colour, count) in _regroup_crossings(table.state, move).items():
        use = list(table.state["border_use"].get(key, [0, 0]))
        use[move.seat] += count
        table.at("border_use")[key] = use
    for entry in move.data["moves"]:
        target = entry["to"]["to"]
        # 6.6: into territories: a block aboard regrouping lands (4.6)
        table.at("blocks", entry["block"]).update(at=target, moved=True, aboard=False, revealed=False)
        entry_triggers(table, move.seat, target, [entry["block"]])  # 14.2: a regroup enters as a move does
    carry_passengers(table, carried)
    table.set("regroup", None)
    turn.settle_battle_phase(table)


def _regroup_carried(state: JSON, move: Move) -> dict[str, str]:
    """4.6: the blocks aboard sail with the regrouping warships (``passenger_routes``); those
    the regroup names go their own way."""
    entries = [e for e in move.data["moves"] if board.is_known_block(state, e["block"])]
    ships = [
        (e["block"], e["to"]["to"])
        for e in entries
        if board.info(state, e["block"])["type"] == "warship" and board.is_known_territory(state, e["to"]["to"])
    ]
    if not ships:
        return {}
    named = {e["block"] for e in entries} - {ship for ship, _ in ships}
    left = {**state, "blocks": {n: b for n, b in state["blocks"].items() if n not in named}}
    return passenger_routes(left, move.seat, state["blocks"][ships[0][0]]["at"], ships)


def _regroup_crossings(state: JSON, move: Move) -> dict[str, tuple[str, int]]:
    """The borders a regroup crosses (6.6 "Border restrictions do apply for a Regroup"), each
    with its colour and the blocks crossing it (``crossings``): each block named, and those its
    warships land in a harbour (8.3, ``_regroup_carried``)."""
    entries = move.data["moves"]
    moves = [{"block": entry["block"], "path": [entry["to"]]} for entry in entries]
    return crossings(state, state["blocks"][entries[0]["block"]]["at"], moves, _regroup_carried(state, move))


def _regroups(state: JSON, seat: int) -> list[JSON]:
    """6.6: each group of the victor's blocks in the battle territory, into each friendly
    territory free of enemy blocks one border on (README "Legal moves")."""
    regrouping = state["regroup"]
    if regrouping is None or regrouping["seat"] != seat:
        return []
    place = regrouping["territory"]
    if board.map_has_borders(state):
        steps = [{"to": p, "border": colour} for p, colour in neighbours(state, place)]
        steps += [{"to": p, "border": "black"} for p in unprinted_coast(state, seat, place, [])]
    else:
        steps = [{"to": p, "border": "black"} for p in state["tables"]["territories"] if p != place]
    steps = [
        s
        for s in steps
        if board.friendly_harbour_side(state, s["to"]) == seat and not board.enemy_blocks_at(state, s["to"], seat)
    ]
    names = sorted(board.blocks_at(state, place, seat))
    return [{"moves": [{"block": n, "to": step} for n in group]} for group in subsets(names) for step in steps]


def _said_regroup(move: Move, names) -> str:
    going: dict[str, list] = {}
    for entry in move.data["moves"]:
        going.setdefault(to(entry["to"]), []).append(entry["block"])
    parts = [f"{named_blocks(movers)} to {place}" for place, movers in going.items()]
    return sentence(f"{who(names, move.seat)} regroups {', '.join(parts)}")


def _regroup_problem(state: JSON, move: Move) -> Violation | None:
    regroup = state["regroup"]
    rule = sections.REGROUPING
    if regroup is None or regroup["seat"] != move.seat:
        return Violation(rule, "Only the victor of the battle just ended may regroup.")
    place = regroup["territory"]
    names = [entry["block"] for entry in move.data["moves"]]
    if len(set(names)) != len(names):
        return Violation(rule, "A regroup moves each block once, one territory away.")
    for entry in move.data["moves"]:
        name, step = entry["block"], entry["to"]
        if (
            not board.is_known_block(state, name)
            or state["blocks"][name]["at"] != place
            or board.owner(state, name) != move.seat
        ):
            return Violation(rule, f"{name} is not one of your blocks in the victory territory {place}.")
        waits = night_rider_waits(state, name)
        if waits:
            return waits
        target = step["to"]
        if not board.is_known_territory(state, target) or board.friendly_harbour_side(state, target) != move.seat:
            return Violation(rule, f"Blocks regroup only into friendly territories, and {target} is not.")
        closed = poland_closes(state, name, target)
        if closed:
            return closed
        if board.enemy_blocks_at(state, target, move.seat):
            return Violation(rule, f"Blocks regroup only into territories free of enemy blocks, and {target} is not.")
        warship = board.info(state, name)["type"] == "warship"
        problem = step_problem(state, move.seat, name, place, step, True, warship)  # 6.6: "a move"
        if problem:
            return problem
    for key, (colour, count) in _regroup_crossings(state, move).items():
        if state["border_use"].get(key, [0, 0])[move.seat] + count > BORDER_LIMITS[colour]:
            return Violation(
                sections.BORDER_RESTRICTIONS,
                f"Too many blocks would cross the {colour} border {key.replace('|', ' - ')} this game turn.",
            )
    carried = _regroup_carried(state, move)
    return _closed_landing(state, carried) or next(iter(passenger_problems(state, move.seat, carried)), None)
