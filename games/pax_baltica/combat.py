"""The battle phase: battles (6.x, 8.2) and sieges (3.43, 6.7)."""

from __future__ import annotations

from games.contract import JSON, Move, Violation
from games.pax_baltica import board, turn
from games.pax_baltica.board import Draft
from games.pax_baltica.losses import call_truce, eliminate
from games.pax_baltica.movement import BORDER_LIMITS, load_of
from games.pax_baltica.upkeep import activate

MAX_ROUNDS = 3


def hits_of(dice: list[int], number: int) -> int:
    """6.31: a hit for each roll equal to or lower than the rating number."""
    return sum(1 for die in dice if die <= number)


# --- starting a battle ------------------------------------------------------------------


def check_start_battle(state: JSON, move: Move) -> list[Violation]:
    place = move.data["territory"]
    if move.seat != state["player1"]:
        return [Violation("6.1 Battle sequence", "Player 1 determines which battle is fought next.")]
    if place not in board.battle_territories(state):
        return [Violation("6.1 Battle sequence", f"There is no battle to fight in {place}.")]
    main = move.data.get("main_attack_from")
    attacker = _attacker(state, place)
    borders = _entry_borders(state, place, attacker)
    if main is not None and main not in borders:
        return [Violation("6.22 Combat reserves", f"No attacking blocks entered {place} from {main} this turn.")]
    return []


def _attacker(state: JSON, place: str) -> int:
    """6.2: the attacker is the player who moved into the territory held by the enemy."""
    if place in state["attacks"]:
        return state["attacks"][place]
    entries = state["entered"].get(place, [])
    return entries[-1]["seat"] if entries else state["player1"]


def _entry_borders(state: JSON, place: str, seat: int) -> list[str]:
    return [e["from"] for e in state["entered"].get(place, []) if e["seat"] == seat]


def _reserves(state: JSON, place: str, attacker: int, main: str | None) -> list[str]:
    """6.22: attacking blocks that crossed another border than the main attack, and blocks
    the defender moved in after the attack, join the battle in round 2."""
    entries = state["entered"].get(place, [])
    attacking = [e for e in entries if e["seat"] == attacker]
    if not attacking:
        return []
    main = main if main is not None else attacking[0]["from"]
    first_attack = entries.index(attacking[0])
    reserves = [n for e in attacking if e["from"] != main for n in e["blocks"]]
    reserves += [n for e in entries[first_attack + 1 :] if e["seat"] != attacker for n in e["blocks"]]
    reserves = [n for n in reserves if state["blocks"][n]["at"] == place]
    return reserves + _forced_supporters(state, place, reserves)


def _forced_supporters(state: JSON, place: str, reserves: list[str]) -> list[str]:
    """4.5: "No force-marching blocks are available on Combat Round 1 when supporting a
    block": they join in round 2 when their side has other blocks engaged."""
    supporters = []
    for seat in (0, 1):
        engaged = [n for n in board.blocks_at(state, place, seat) if n not in reserves]
        forced = [n for n in engaged if state["blocks"][n]["forced"]]
        if forced and len(forced) < len(engaged):
            supporters += forced
    return supporters


def apply_start_battle(draft: Draft, move: Move) -> None:
    state = draft.state
    place = move.data["territory"]
    attacker = _attacker(state, place)
    reserves = _reserves(state, place, attacker, move.data.get("main_attack_from"))
    draft.set(
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
    for name in board.blocks_at(state, place):
        if name not in reserves:
            draft.block(name)["revealed"] = True
    draft.at("sieges").pop(place, None)
    draft.at("declared_sieges").pop(place, None)


# --- combat turns -------------------------------------------------------------------------


def _turn_problem(state: JSON, move: Move) -> Violation | None:
    name = move.data["block"]
    if not board.is_known_block(state, name) or board.owner(state, name) != move.seat:
        return Violation("6.21 Combat rounds", f"{name} is not one of your blocks.")
    if name not in turn.next_combatants(state):
        waiting = ", ".join(turn.next_combatants(state))
        return Violation("6.21 Combat rounds", f"It is not {name}'s combat turn: next is {waiting}.")
    return None


def check_combat_fire(state: JSON, move: Move) -> list[Violation]:
    problem = _turn_problem(state, move)
    if problem:
        return [problem]
    if state["battle"]["retreat_due"]:
        return [Violation("6.5 Retreats", f"{move.data['block']} must retreat now.")]
    name, dice = move.data["block"], move.data["dice"]
    steps = state["blocks"][name]["steps"]
    if len(dice) != steps:
        return [Violation("6.31 Combat", f"{name} has strength {steps} and rolls {steps} dice, not {len(dice)}.")]
    enemies = turn.combatants(state, turn.other(move.seat))
    problem = _allocation_problem(state, enemies, hits_of(dice, board.rating(state, name)[1]), move.data.get("targets"))
    if problem is None:
        problem = keep_problem(state, move.data.get("keep"))
    return [problem] if problem else []


def keep_problem(state: JSON, keep: str | None) -> Violation | None:
    """6.9: "If the victor of the truce has conquered any garrisons, 1 may be kept ... Capitols are excluded." """
    if keep is not None and (not board.is_known_territory(state, keep) or board.territory(state, keep)["capital"]):
        return Violation("6.9 Truce", f"The victor may keep one conquered garrison, never a capital, and not {keep}.")
    return None


def _allocation_problem(state: JSON, enemies: list[str], hits: int, targets: list[str] | None) -> Violation | None:
    """6.32: each hit goes to the currently strongest enemy block; the owner picks among equals."""
    if targets is None:
        return None
    steps = {n: state["blocks"][n]["steps"] for n in enemies}
    applied = min(hits, sum(steps.values()))
    if len(targets) != applied:
        return Violation(
            "6.32 Hit allocation", f"The roll scores {applied} hit(s): name {applied} target(s), not {len(targets)}."
        )
    for target in targets:
        alive = [n for n in steps if steps[n] > 0]
        top = max((steps[n] for n in alive), default=0)
        if target not in alive or steps[target] != top:
            return Violation(
                "6.32 Hit allocation", f"Each hit goes to the currently strongest enemy block, not {target}."
            )
        steps[target] -= 1
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
        steps[target] -= 1
        landed.append(target)
    return landed


def apply_combat_fire(draft: Draft, move: Move) -> None:
    state = draft.state
    name = move.data["block"]
    enemies = turn.combatants(state, turn.other(move.seat))
    hits = hits_of(move.data["dice"], board.rating(state, name)[1])
    for target in allocate_hits(state, enemies, hits, move.data.get("targets")):
        if draft.state["blocks"][target]["at"] not in board.OFF_MAP:
            take_hit(draft, target, move.data.get("keep"))
    draft.at("battle", "acted").append(name)
    after_combat_turn(draft)


def take_hit(draft: Draft, name: str, kept: str | None = None) -> None:
    block = draft.block(name)
    block["steps"] -= 1
    if block["steps"] <= 0:
        eliminate(draft, name, kept)


def check_combat_retreat(state: JSON, move: Move) -> list[Violation]:
    problem = _turn_problem(state, move)
    if problem:
        return [problem]
    name, path = move.data["block"], move.data["path"]
    battle = state["battle"]
    if not path:
        if name in battle["retreat_due"]:
            return []
        return [Violation("6.5 Retreats", f"{name} must name where it retreats to, or stay and fight.")]
    if len(path) > board.info(state, name)["move"]:
        return [Violation("6.5 Retreats", f"{name} may retreat at most {board.info(state, name)['move']} territories.")]
    first = path[0]["to"]
    shared = first in battle["attack_borders"] and first in battle["defence_borders"]
    if shared and battle["last_entry"].get(first) != move.seat:
        return [
            Violation("6.5 Retreats", f"Both players entered from {first}: only the last to enter may retreat there.")
        ]
    if battle["attacker"] == move.seat and first not in battle["attack_borders"]:
        return [
            Violation("6.5 Retreats", f"The attacker may only retreat via the borders used to attack, not to {first}.")
        ]
    if battle["attacker"] != move.seat and first in battle["attack_borders"] and first not in battle["defence_borders"]:
        return [
            Violation(
                "6.5 Retreats", f"The defender may not retreat through the border the attacker used from {first}."
            )
        ]
    key = board.border_key(battle["territory"], first)
    if battle["retreats"].get(key, 0) + 1 > BORDER_LIMITS[path[0]["border"]]:
        return [
            Violation(
                "4.2 Border restrictions",
                f"No more blocks may retreat across that {path[0]['border']} border this round.",
            )
        ]
    if board.info(state, name)["type"] == "warship":
        return _warship_retreat_problems(state, move.seat, name, path)
    for index, step in enumerate(path):
        problem = _retreat_step_problem(state, move.seat, name, step, index == len(path) - 1)
        if problem:
            return [problem]
    return []


def _warship_retreat_problems(state: JSON, seat: int, name: str, path: list[JSON]) -> list[Violation]:
    """8.4: "A warship block retreating from combat are forced to go to a friendly harbour." """
    *seas, harbour = [step["to"] for step in path]
    if any(not board.is_known_territory(state, p) or not board.is_sea(state, p) for p in seas):
        return [Violation("8.1 Warship movement", f"{name} sails only through sea zones.")]
    if not board.is_known_territory(state, harbour) or board.port_of(state, harbour) != "harbour":
        return [Violation("8.4 Sea retreats", f"{name} must retreat to a friendly harbour.")]
    if board.controller_side(state, harbour) != seat or board.enemy_blocks_at(state, harbour, seat):
        return [Violation("8.4 Sea retreats", f"{name} must retreat to a friendly harbour, and {harbour} is not.")]
    return []


def _retreat_step_problem(state: JSON, seat: int, name: str, step: JSON, last: bool) -> Violation | None:
    place = step["to"]
    if not board.is_known_territory(state, place):
        return Violation("6.5 Retreats", f"{place} is not a territory of the map.")
    if board.is_sea(state, place):
        ships = [n for n in board.blocks_at(state, place, seat) if board.info(state, n)["type"] == "warship"]
        aboard = sum(load_of(state, n) for n in board.blocks_at(state, place, seat) if state["blocks"][n].get("aboard"))
        if not last or aboard + load_of(state, name) > 2 * len(ships):
            return Violation("8.4 Sea retreats", f"Your warships in {place} cannot take {name} aboard.")
        return None
    if board.is_enemy_territory(state, place, seat):
        return Violation("4.3 Territorial control", f"Retreat into the enemy territory {place} is prohibited.")
    if board.enemy_blocks_at(state, place, seat):
        return Violation("6.5 Retreats", f"{name} may not retreat into {place}, which holds enemy blocks.")
    if place in board.battle_territories(state):
        return Violation("6.5 Retreats", f"{name} may not retreat into the battle territory {place}.")
    if not last and step["border"] == "red":
        return Violation("4.2 Border restrictions", f"{name} crossed a red border into {place} and must stop there.")
    return None


def apply_combat_retreat(draft: Draft, move: Move) -> None:
    name, path = move.data["block"], move.data["path"]
    battle = draft.at("battle")
    if not path:
        eliminate(draft, name)
    else:
        key = board.border_key(battle["territory"], path[0]["to"])
        draft.at("battle", "retreats")[key] = battle["retreats"].get(key, 0) + 1
        destination = path[-1]["to"]
        draft.block(name).update(
            at=destination, moved=True, aboard=board.is_sea(draft.state, destination), revealed=False
        )
    if name in battle["retreat_due"]:
        draft.at("battle", "retreat_due").remove(name)
    else:
        draft.at("battle", "acted").append(name)
    after_combat_turn(draft)


def after_combat_turn(draft: Draft) -> None:
    """End the battle when a side has no engaged block left (6.22: its reserves then
    retreat), start the next round when every block has had its turn, and after round 3
    send the attacker back (6.2)."""
    state = draft.state
    battle = state["battle"]
    if battle["retreat_due"]:
        return
    place, attacker = battle["territory"], battle["attacker"]
    engaged = {seat: turn.combatants(state, seat) for seat in (0, 1)}
    if battle.get("ending"):
        _close_battle(draft)
        return
    beaten = [seat for seat in (0, 1) if not engaged[seat]]
    if beaten:
        due = [
            n for n in battle["reserves"] if board.owner(state, n) == beaten[0] and state["blocks"][n]["at"] == place
        ]
        _end_or_retreat(draft, due)
        return
    if turn.next_combatants(state):
        return
    if battle["round"] >= MAX_ROUNDS:
        _end_or_retreat(draft, board.blocks_at(state, place, attacker))
        return
    draft.at("battle").update(round=battle["round"] + 1, acted=[], reserves=[], retreats={})
    for name in battle["reserves"]:
        if state["blocks"][name]["at"] == place:
            draft.block(name)["revealed"] = True


def _end_or_retreat(draft: Draft, due: list[str]) -> None:
    if due:
        draft.at("battle").update(retreat_due=due, ending=True)
    else:
        _close_battle(draft)


def _close_battle(draft: Draft) -> None:
    state = draft.state
    place = state["battle"]["territory"]
    holders = {board.owner(state, n) for n in board.blocks_at(state, place)} - {None}
    for name in board.blocks_at(state, place):
        draft.block(name)["revealed"] = False
    draft.set("battle", None)
    if len(holders) == 1 and not state["weather"]:
        draft.set("regroup", {"territory": place, "seat": holders.pop()})
    turn.settle_battle_phase(draft)


# --- regroup (6.6) ------------------------------------------------------------------------


def check_regroup(state: JSON, move: Move) -> list[Violation]:
    regroup = state["regroup"]
    rule = "6.6 Regrouping"
    if regroup is None or regroup["seat"] != move.seat:
        return [Violation(rule, "Only the victor of the battle just ended may regroup.")]
    place = regroup["territory"]
    crossing: dict[str, int] = {}
    for entry in move.data["moves"]:
        name, step = entry["block"], entry["to"]
        if (
            not board.is_known_block(state, name)
            or state["blocks"][name]["at"] != place
            or board.owner(state, name) != move.seat
        ):
            return [Violation(rule, f"{name} is not one of your blocks in the victory territory {place}.")]
        target = step["to"]
        if not board.is_known_territory(state, target) or board.controller_side(state, target) != move.seat:
            return [Violation(rule, f"Blocks regroup only into friendly territories, and {target} is not.")]
        if board.enemy_blocks_at(state, target, move.seat):
            return [Violation(rule, f"Blocks regroup only into territories free of enemy blocks, and {target} is not.")]
        key = board.border_key(place, target)
        crossing[key] = crossing.get(key, 0) + 1
        used = state["border_use"].get(key, [0, 0])[move.seat]
        if used + crossing[key] > BORDER_LIMITS[step["border"]]:
            return [
                Violation(
                    "4.2 Border restrictions", f"Too many blocks would cross the {step['border']} border to {target}."
                )
            ]
    return []


def apply_regroup(draft: Draft, move: Move) -> None:
    """6.6: each block moves one territory on; in a record play a regroup the engine did not
    expect still moves the blocks from where they stand."""
    for entry in move.data["moves"]:
        place, target = draft.state["blocks"][entry["block"]]["at"], entry["to"]["to"]
        key = board.border_key(place, target)
        use = list(draft.state["border_use"].get(key, [0, 0]))
        use[move.seat] += 1
        draft.at("border_use")[key] = use
        draft.block(entry["block"]).update(at=target, moved=True, revealed=False)
    draft.set("regroup", None)
    turn.settle_battle_phase(draft)


# --- sieges (3.43, 6.7) -------------------------------------------------------------------


def check_forgo_siege(state: JSON, move: Move) -> list[Violation]:
    place = move.data["territory"]
    if state["sieges"].get(place) != move.seat:
        return [Violation("3.43 Siege", f"You have no siege of {place} to forgo.")]
    if place in state["declared_sieges"]:
        return [Violation("3.43 Siege", f"The siege of {place} was declared with an action and must be attempted.")]
    return []


def apply_forgo_siege(draft: Draft, move: Move) -> None:
    """3.43: a free siege after moving into an empty enemy territory "may be performed"."""
    draft.at("sieges").pop(move.data["territory"], None)
    turn.settle_battle_phase(draft)


def check_siege(state: JSON, move: Move) -> list[Violation]:
    place = move.data["territory"]
    if state["sieges"].get(place) != move.seat:
        return [Violation("3.43 Siege", f"You have no siege of {place} to conduct this turn.")]
    names = [r["block"] for r in move.data["rolls"]]
    problem = _besieger_problem(state, move.seat, place, names)
    if problem:
        return [problem]
    problem = _simulate_siege(state, move)[0]
    if problem:
        return [problem]
    problem = keep_problem(state, move.data.get("keep"))
    return [problem] if problem else []


def _besieger_problem(state: JSON, seat: int, place: str, names: list[str]) -> Violation | None:
    if not names or len(set(names)) != len(names):
        return Violation("3.43 Siege", "Name each besieging block once.")
    value = board.garrison_value(state, place)
    for name in names:
        if (
            not board.is_known_block(state, name)
            or state["blocks"][name]["at"] != place
            or board.owner(state, name) != seat
        ):
            return Violation("3.43 Siege", f"{name} is not one of your blocks in {place}.")
        data = board.info(state, name)
        if data["type"] == "warship":
            return Violation("3.43.b Siege restrictions", "Warships do not besiege garrisons.")
        if data["type"] == "regiment" and value > 1:
            return Violation(
                "3.43.b Siege restrictions",
                f"Regiments may only besiege garrisons of value 1, and {place} has {value}.",
            )
        if data["nation"] == "prussia" and place != "Pommern":
            return Violation("10.6 Prussia", "The Prussian block may only besiege in Pommern.")
        if state["blocks"][name]["sieged"]:
            return Violation("3.43.b Siege restrictions", f"{name} has already made a siege attempt this turn.")
    if len({board.info(state, n)["nation"] for n in names}) > 1:
        return Violation("6.4 Co-operation", "Different nations may not besiege the same garrison together.")
    return None


def siege_sequence(state: JSON, names: list[str]) -> list[str | None]:
    """6.21 and 6.7: A and B besiegers fire, then the garrison (a defending C1), then C besiegers."""
    order = sorted(names, key=lambda n: board.rating(state, n)[0])
    before = [n for n in order if board.rating(state, n)[0] != "C"]
    return [*before, None, *[n for n in order if board.rating(state, n)[0] == "C"]]


def _simulate_siege(state: JSON, move: Move) -> tuple[Violation | None, dict[str, int], int]:
    """Play the siege round; return a problem, the besiegers' steps after it, and the hits."""
    place = move.data["territory"]
    dice = {r["block"]: r["dice"] for r in move.data["rolls"]}
    steps = {n: state["blocks"][n]["steps"] for n in dice}
    value = board.garrison_value(state, place)
    hits = state["garrison_hits"].get(place, 0)
    targets = list(move.data.get("targets", []))
    garrison_dice = move.data["garrison_dice"]
    for name in siege_sequence(state, list(dice)):
        if name is None:
            strength = max(0, value - hits)
            if len(garrison_dice) != strength:
                return (
                    Violation(
                        "6.7 Garrisons fights back", f"The garrison rolls {strength} dice, not {len(garrison_dice)}."
                    ),
                    steps,
                    hits,
                )
            for _hit in range(hits_of(garrison_dice, 1)):
                alive = [n for n in steps if steps[n] > 0]
                if not alive:
                    break
                top = max(steps[n] for n in alive)
                choice = targets.pop(0) if targets else sorted(n for n in alive if steps[n] == top)[0]
                if choice not in alive or steps[choice] != top:
                    return (
                        Violation(
                            "6.32 Hit allocation", f"The garrison's hits go to the strongest besieger, not {choice}."
                        ),
                        steps,
                        hits,
                    )
                steps[choice] -= 1
            continue
        if len(dice[name]) != steps[name]:
            return (
                Violation(
                    "6.31 Combat",
                    f"{name} has strength {steps[name]} and rolls {steps[name]} dice, not {len(dice[name])}.",
                ),
                steps,
                hits,
            )
        hits += hits_of(dice[name], board.rating(state, name)[1])
    return None, steps, hits


def apply_siege(draft: Draft, move: Move) -> None:
    state = draft.state
    place = move.data["territory"]
    _problem, steps, hits = _simulate_siege(state, move)
    draft.at("garrison_hits")[place] = hits
    draft.at("sieges").pop(place, None)
    draft.at("declared_sieges").pop(place, None)
    for name, left in steps.items():
        draft.block(name)["sieged"] = True
        draft.block(name)["steps"] = left
        if left <= 0:
            eliminate(draft, name)
    if hits >= board.garrison_value(state, place):
        nation = board.info(state, move.data["rolls"][0]["block"])["nation"]
        conquer(draft, place, nation, move.data.get("keep"))
    draft.set("regroup", None)
    turn.settle_battle_phase(draft)


def conquer(draft: Draft, place: str, nation: str, keep: str | None) -> None:
    """3.43.a and 4.3: the garrison changes hands; its original owner loses 4 RP until it
    is re-conquered. 10.4: a side holding both Warszawa and Krakow wins Poland over (read
    before the truce of a fallen capital, 6.9, which then does not follow). Sweden, the war's
    one side, makes no truce: a fallen Swedish capital is a lost garrison (README)."""
    state = draft.state
    original = board.original_nation(state, place)
    side = board.side_of(state, nation)
    draft.at("control")[place] = nation
    if side == board.side_of(state, board.rightful_nation(state, place)):
        draft.at("lost").pop(place, None)
    else:
        draft.at("lost")[place] = original
    if nation == "turkey" and board.rightful_nation(state, place) == "russia" and state["turkish_conquest"] is None:
        draft.set("turkish_conquest", place)
    if board.original_nation(state, place) == "turkey" and _all_occupied(draft.state, "turkey"):
        call_truce(draft, "turkey", keep)
        return
    if original == "poland" and _holds_polish_capitals(draft.state, side):
        if state["sides"].get("poland") != side or not state["active"].get("poland"):
            activate(draft, "poland", side)
        return
    if (
        board.territory(state, place)["capital"]
        and original != "sweden"
        and board.side_of(state, board.rightful_nation(state, place)) != side
    ):
        call_truce(draft, original, keep)


def _all_occupied(state: JSON, nation: str) -> bool:
    """10.5: every garrison of the nation is held by the other side."""
    side = board.side_of(state, nation)
    places = [p for p in state["control"] if board.original_nation(state, p) == nation]
    return bool(places) and all(board.controller_side(state, p) not in (side, None) for p in places)


def _holds_polish_capitals(state: JSON, side: int | None) -> bool:
    return all(board.controller_side(state, p) == side for p in ("Mazowsze", "Krakow"))
