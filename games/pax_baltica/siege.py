"""Sieges (3.43, 6.7): the free siege after moving into an empty enemy territory or the one
declared for an action, the besiegers' fire and the garrison's (a defending C1), and the
garrison changing hands (4.3, 6.9, 10.2, 10.4, 10.5)."""

from __future__ import annotations

from math import comb

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, move
from games.pax_baltica import board, sections, turn
from games.pax_baltica.battle import hits_of, keep_problem, land_hit, target_orders
from games.pax_baltica.losses import call_truce, change_hands, eliminate
from games.pax_baltica.movement import subsets
from games.pax_baltica.telling import dice, named_blocks, rolls, sentence, who
from games.pax_baltica.upkeep import activate
from games.pax_baltica.vocabulary import DICE, NAME, NAMES
from games.secrets import MOVER, Secret


@move(
    "forgo_siege",
    section=sections.SIEGE,
    description="3.43: the player lets a free siege (after moving into an empty enemy territory) go.",
    schema=obj({"territory": NAME}),
    example={"territory": "Novgorod"},
    choices=lambda state, seat: [
        {"territory": place}
        for place, besieger in sorted(state["sieges"].items())
        if besieger == seat and place not in state["declared_sieges"]
    ],
    says=lambda state, move, names: sentence(
        f"{who(names, move.seat)} lets the free siege of {move.data['territory']} go"
    ),
)
def forgo_siege(table: Table, move: Move) -> None:
    """3.43: a free siege after moving into an empty enemy territory "may be performed"."""
    place = move.data["territory"]
    if table.state["sieges"].get(place) != move.seat:
        table.refuse(sections.SIEGE, f"You have no siege of {place} to forgo.")
    elif place in table.state["declared_sieges"]:
        table.refuse(sections.SIEGE, f"The siege of {place} was declared with an action and must be attempted.")
    table.at("sieges").pop(place, None)
    turn.settle_battle_phase(table)


@move(
    "siege",
    section=sections.SIEGE,
    description=(
        "3.43 / 6.7: a siege attempt: each besieger's dice, the garrison's dice (fired back as C1), 'targets' "
        "for the garrison's hits where the owner chose, 'keep' the conquest a truce lets the victor keep."
    ),
    schema=obj(
        {
            "territory": NAME,
            "rolls": {"type": "array", "items": obj({"block": NAME, "dice": DICE}), "minItems": 1},
            "garrison_dice": DICE,
            "targets": NAMES,
            "keep": NAME,
        },
        required=["territory", "rolls", "garrison_dice"],
    ),
    example={"territory": "Nyen", "rolls": [{"block": "Pjotr I", "dice": [1, 3, 5, 6]}], "garrison_dice": []},
    choices=lambda state, seat: _sieges(state, seat),
    says=lambda state, move, names: _said_siege(move, names),
    exact=True,
    secrets=(
        Secret("rolls.*.block", MOVER, "3.43: a siege attempt is no battle and reveals no block; the dice are open"),
        Secret("targets", MOVER, "6.7, 6.32: the besieger's own blocks the garrison's hits land on"),
    ),
)
def siege(table: Table, move: Move) -> None:
    """3.43.a, 6.7: the hits of the game turn break the garrison at its value; the garrison
    fires back; each besieger makes one attempt a turn."""
    state = table.state
    place = move.data["territory"]
    names = [r["block"] for r in move.data["rolls"]]
    simulated: list[tuple[Violation | None, dict[str, int], int]] = []
    board.refuse(table, _siege_problem(state, move, names, simulated))
    if (
        not board.is_known_territory(state, place)
        or not names
        or not board.known_blocks(state, [*names, *move.data.get("targets", [])])
        or not all(board.on_map(state, name) for name in names)
    ):
        raise EngineError(
            f"The siege of {place} names no besieger on the map, or a block or territory not in the game."
        )
    _problem, steps, hits = simulated[0] if simulated else _simulate_siege(state, move)
    table.at("garrison_hits")[place] = hits
    table.at("sieges").pop(place, None)
    table.at("declared_sieges").pop(place, None)
    for name, left in steps.items():
        table.at("blocks", name)["sieged"] = True
        table.at("blocks", name)["steps"] = left
        if left <= 0:
            eliminate(table, name)
    if hits >= board.garrison_value(state, place):
        nation = board.info(state, names[0])["nation"]
        conquer(table, place, nation, move.data.get("keep"))
    table.set("regroup", None)
    turn.settle_battle_phase(table)


def lapse_sieges(table: Table) -> None:
    """3.43: a siege, free or declared with an action, is attempted by the besieger's blocks in
    the territory against an enemy garrison. One whose blocks all left it or changed sides (a
    truce sends a nation's blocks to its pool, 6.9; the Polish Parliament takes Poland's over to
    the other side, 14.2), or whose garrison is no longer an enemy's (a truce "ends all
    hostilities" with its nation, 6.9; Poland allied by 10.4), is attempted by nobody and
    lapses, and a battle phase waiting for nothing else ends. So does a siege none of whose
    blocks there may make it (3.43.b: a regiment alone before a garrison of 2, free siege or
    declared, the army gone to a truce's pool; 10.6: the Prussian block outside Pommern): a
    declared one must be attempted and cannot be, a free one is no attempt to make or forgo."""
    state = table.state
    lapsed = [
        place
        for place, seat in state["sieges"].items()
        if not board.blocks_at(state, place, seat)
        or not board.is_enemy_territory(state, place, seat)
        or nobody_may_besiege(state, seat, place)
    ]
    for place in lapsed:
        table.at("sieges").pop(place)
        table.at("declared_sieges").pop(place, None)
    if lapsed:
        turn.settle_battle_phase(table)


def _siege_problem(state: JSON, move: Move, names: list[str], simulated: list | None = None) -> Violation | None:
    """``simulated`` receives the siege round played, when the check gets that far."""
    place = move.data["territory"]
    if state["sieges"].get(place) != move.seat:
        return Violation(sections.SIEGE, f"You have no siege of {place} to conduct this turn.")
    problem = _besieger_problem(state, move.seat, place, names)
    if problem:
        return problem
    played = _simulate_siege(state, move)
    if simulated is not None:
        simulated.append(played)
    return played[0] or keep_problem(state, move.data.get("keep"))


def _besiegers(state: JSON, seat: int, place: str) -> list[list[str]]:
    """3.43.b, 6.4: each group of one nation's blocks that may besiege ``place`` this turn."""
    value = board.garrison_value(state, place)
    able = [
        n for n in sorted(board.blocks_at(state, place, seat)) if besieger_rule_problem(state, n, place, value) is None
    ]
    nations = sorted({board.info(state, n)["nation"] for n in able})
    return [group for n in nations for group in subsets([b for b in able if board.info(state, b)["nation"] == n])]


def _sieges(state: JSON, seat: int) -> list[JSON]:
    """3.43, 6.7: each siege of the seat, by each group that may make it, with each outcome of
    every besieger's dice and of the garrison's (as many as it has left when it fires), each
    order of the garrison's hits among equally strong besiegers and each conquest a truce
    lets the victor keep. Exact: each is legal whenever the seat may besiege at all (the
    groups are those 3.43.b and 6.4 allow, each besieger rolls its steps, the garrison its
    value less the hits before it, 6.7, its hits on the strongest, 6.32, and a kept conquest
    is no capital, 6.9)."""
    choices = []
    for place in sorted(p for p, s in state["sieges"].items() if s == seat):
        for group in _besiegers(state, seat, place):
            choices += _siege_outcomes(state, place, group)
    return choices


def _siege_outcomes(state: JSON, place: str, group: list[str]) -> list[JSON]:
    """The A and B besiegers' dice, the garrison's (as many as it has left), each order of
    its hits, then the C besiegers' dice (one per step they have left), 6.21 and 6.7."""
    order = siege_sequence(state, group)
    first, last = order[: order.index(None)], order[order.index(None) + 1 :]
    in_group = [[*first, *last].index(name) for name in group]
    value = max(0, board.garrison_value(state, place) - state["garrison_hits"].get(place, 0))
    keep = _keeps(state, place)
    whole = _outcome_count([state["blocks"][n]["steps"] for n in group]) <= SIEGE_LIMIT
    fires = [_garrison_fires(state, group, last, count, whole) for count in range(value + 1)]
    numbers = {name: board.rating(state, name)[1] for name in group}
    choices = []
    for rolled in _dice_of(state, first, {n: state["blocks"][n]["steps"] for n in first}, whole):
        before = sum(hits_of(r["dice"], numbers[r["block"]]) for r in rolled)
        alone = None if last else _in_order(rolled, in_group)
        for garrison, targets, outcomes in fires[max(0, value - before)]:
            for later in outcomes:
                fired = alone or _in_order(rolled + later, in_group)
                data = {"territory": place, "garrison_dice": garrison, "rolls": fired}
                if targets is not None:
                    data["targets"] = targets
                choices.append(data)
                if keep and before + sum(hits_of(r["dice"], numbers[r["block"]]) for r in later) >= value:
                    choices += [{**data, "keep": k} for k in keep]  # 6.9: only when the garrison falls
    return choices


def _in_order(fired: list[JSON], in_group: list[int]) -> list[JSON]:
    """The besiegers' rolls in the group's order (a siege without C besiegers rolls the same
    whatever the garrison does: one list for all its outcomes)."""
    return [fired[i] for i in in_group]


def _garrison_fires(
    state: JSON, group: list[str], last: list[str], count: int, whole: bool
) -> list[tuple[list[int], list[str] | None, list[list[JSON]]]]:
    """Each outcome of the garrison's ``count`` dice, with each order the owner may give its
    hits (None: on the strongest by name) and every outcome of the C besiegers' dice once
    they land (6.7, 6.32)."""
    fires = []
    for garrison in rolls(count):
        hits = hits_of(garrison, 1)
        for aim in [None, *(target_orders(state, group, hits) if hits else [])]:
            fires.append((garrison, aim, _dice_of(state, last, _after_garrison(state, group, hits, aim), whole)))
    return fires


#: The most outcomes of a group's dice offered in full; beyond, each besieger's dice are
#: offered by their number of hits (README "Legal moves").
SIEGE_LIMIT = 4000


def _outcome_count(steps: list[int]) -> int:
    total = 1
    for count in steps:
        total *= comb(count + 5, 5)
    return total


def _dice_of(state: JSON, names: list[str], steps: dict[str, int], whole: bool = True) -> list[list[JSON]]:
    """Every outcome of the named besiegers' dice, one die per step each has; for a group
    too large to offer whole, one roll for each number of hits a besieger may score."""
    outcomes: list[list[JSON]] = [[]]
    for name in names:
        if whole:
            faces_of = list(rolls(steps[name]))
        else:
            number = board.rating(state, name)[1]
            faces_of = [[number] * hits + [6] * (steps[name] - hits) for hits in range(steps[name] + 1)]
        outcomes = [[*done, {"block": name, "dice": faces}] for done in outcomes for faces in faces_of]
    return outcomes


def _after_garrison(state: JSON, group: list[str], hits: int, targets: list[str] | None) -> dict[str, int]:
    """The besiegers' steps once the garrison's hits land (the strongest first by name)."""
    steps = {n: state["blocks"][n]["steps"] for n in group}
    for index in range(hits):
        alive = [n for n in steps if steps[n] > 0]
        if not alive:
            break
        top = max(steps[n] for n in alive)
        choice = targets[index] if targets else sorted(n for n in alive if steps[n] == top)[0]
        steps = land_hit(state, steps, choice)
    return steps


def _keeps(state: JSON, place: str) -> list[str]:
    """6.9: a fallen capital's truce lets the victor keep one conquest of that nation; so does
    the Turks' truce when their last territory falls (10.5, "see 6.9"), that one too."""
    original = board.original_nation(state, place)
    if original == "turkey":
        turkish = [p for p in state["control"] if board.original_nation(state, p) == "turkey"]
        side = board.side_of(state, "turkey")
        held = [p for p in turkish if p == place or board.controller_side(state, p) not in (side, None)]
        return sorted(p for p in held if not board.territory(state, p)["capital"]) if held == turkish else []
    if not board.territory(state, place)["capital"] or original == "sweden":
        return []
    return board.conquests(state, [original])  # the capital itself is none


def _said_siege(move: Move, names) -> str:
    data = move.data
    rolled = "; ".join(dice(r["dice"]) for r in data["rolls"])
    said = (
        f"{who(names, move.seat)} besieges {data['territory']} with {named_blocks([r['block'] for r in data['rolls']])}, "
        f"rolling {rolled}, and the garrison rolls {dice(data['garrison_dice'])}"
    )
    if data.get("targets"):
        said += f", hitting {named_blocks(data['targets'])}"
    if data.get("keep"):
        said += f"; the victor keeps {data['keep']}"
    return sentence(said)


def _besieger_problem(state: JSON, seat: int, place: str, names: list[str]) -> Violation | None:
    if not names or len(set(names)) != len(names):
        return Violation(sections.SIEGE, "Name each besieging block once.")
    value = board.garrison_value(state, place)
    for name in names:
        if (
            not board.is_known_block(state, name)
            or state["blocks"][name]["at"] != place
            or board.owner(state, name) != seat
        ):
            return Violation(sections.SIEGE, f"{name} is not one of your blocks in {place}.")
        problem = besieger_rule_problem(state, name, place, value)
        if problem:
            return problem
    if len({board.info(state, n)["nation"] for n in names}) > 1:
        return Violation(sections.CO_OPERATION, "Different nations may not besiege the same garrison together.")
    return None


def nobody_may_besiege(state: JSON, seat: int, place: str) -> bool:
    """3.43.b: none of the seat's blocks in ``place`` may make a siege attempt there now."""
    value = board.garrison_value(state, place)
    return all(besieger_rule_problem(state, name, place, value) for name in board.blocks_at(state, place, seat))


def besieger_rule_problem(state: JSON, name: str, place: str, value: int) -> Violation | None:
    """3.43.b: no warships, regiments only against value 1, one attempt a turn; 10.6: the
    Prussian block only in Pommern."""
    data = board.info(state, name)
    if data["type"] == "warship":
        return Violation(sections.SIEGE_RESTRICTIONS, "Warships do not besiege garrisons.")
    if data["type"] == "regiment" and value > 1:
        return Violation(
            sections.SIEGE_RESTRICTIONS,
            f"Regiments may only besiege garrisons of value 1, and {place} has {value}.",
        )
    if data["nation"] == "prussia" and place != "Pommern":
        return Violation(sections.PRUSSIA, "The Prussian block may only besiege in Pommern.")
    if state["blocks"][name]["sieged"]:
        return Violation(sections.SIEGE_RESTRICTIONS, f"{name} has already made a siege attempt this turn.")
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
    named = move.data.get("targets")
    targets = list(named or [])
    garrison_dice = move.data["garrison_dice"]
    for name in siege_sequence(state, list(dice)):
        if name is None:
            strength = max(0, value - hits)
            if len(garrison_dice) != strength:
                return (
                    Violation(
                        sections.GARRISONS_FIGHT_BACK, f"The garrison rolls {strength} dice, not {len(garrison_dice)}."
                    ),
                    steps,
                    hits,
                )
            landed = 0
            for _hit in range(hits_of(garrison_dice, 1)):
                alive = [n for n in steps if steps[n] > 0]
                if not alive:
                    break
                top = max(steps[n] for n in alive)
                choice = targets.pop(0) if targets else sorted(n for n in alive if steps[n] == top)[0]
                if choice not in alive or steps[choice] != top:
                    return (
                        Violation(
                            sections.HIT_ALLOCATION, f"The garrison's hits go to the strongest besieger, not {choice}."
                        ),
                        steps,
                        hits,
                    )
                steps = land_hit(state, steps, choice)  # 6.9: a truce leaves the C besiegers no dice
                landed += 1
            if named is not None and len(named) != landed:
                return (
                    Violation(
                        sections.HIT_ALLOCATION,
                        f"The garrison scores {landed} hit(s): name {landed} target(s), not {len(named)}.",
                    ),
                    steps,
                    hits,
                )
            continue
        if len(dice[name]) != steps[name]:
            return (
                Violation(
                    sections.COMBAT,
                    f"{name} has strength {steps[name]} and rolls {steps[name]} dice, not {len(dice[name])}.",
                ),
                steps,
                hits,
            )
        hits += hits_of(dice[name], board.rating(state, name)[1])
    return None, steps, hits


def conquer(table: Table, place: str, nation: str, keep: str | None) -> None:
    """3.43.a and 4.3: the garrison changes hands; its original owner loses 4 RP until it
    is re-conquered. 10.2: the first Russian garrison the Turks take costs Russia 8 RP more,
    until Russia itself takes it back by a siege. 10.4: a side holding both Warszawa and
    Krakow wins Poland over (read before the truce of a fallen capital, 6.9, which then does
    not follow). Sweden, the war's one side, makes no truce: a fallen Swedish capital is a lost
    garrison (README); nor does a nation already out of the war (a truce's 3 years, 6.10, run
    from the truce that put it out)."""
    state = table.state
    original = board.original_nation(state, place)
    side = board.side_of(state, nation)
    change_hands(table, place, nation)
    conquest = state["turkish_conquest"]
    if nation == "turkey" and board.rightful_nation(state, place) == "russia" and conquest is None:
        table.set("turkish_conquest", {"place": place, "regained": False})
    elif nation == "russia" and conquest is not None and conquest["place"] == place:
        table.at("turkish_conquest")["regained"] = True  # 10.2: besieged and re-conquered by Russia
    if board.original_nation(state, place) == "turkey" and _all_occupied(table.state, "turkey"):
        call_truce(table, "turkey", keep)
        return
    if original == "poland" and _holds_polish_capitals(table.state, side):
        if state["sides"].get("poland") != side or not state["active"].get("poland"):
            activate(table, "poland", side)
        return
    if (
        board.territory(state, place)["capital"]
        and original != "sweden"
        and state["active"].get(original)  # 6.10: a nation already out is not forced out again
        and board.side_of(state, board.rightful_nation(state, place)) != side
    ):
        call_truce(table, original, keep)


def _all_occupied(state: JSON, nation: str) -> bool:
    """10.5: every garrison of the nation is held by the other side."""
    side = board.side_of(state, nation)
    places = [p for p in state["control"] if board.original_nation(state, p) == nation]
    return bool(places) and all(board.controller_side(state, p) not in (side, None) for p in places)


def _holds_polish_capitals(state: JSON, side: int | None) -> bool:
    return all(board.controller_side(state, p) == side for p in ("Mazowsze", "Krakow"))
