"""Each action of a turn: what the rules refuse (``check_*``) and what it does (``apply_*``).

``check_*(state, player, data)`` returns violations; ``apply_*(draft, player, data)`` changes
a :class:`~games.nova_suecia.table.Draft`. Both take the player index acting (the neutral
player of 7.5 is an index too). Apply also handles moves check refused, as the table did.
"""

from __future__ import annotations

from math import ceil

from games.contract import JSON, Violation
from games.nova_suecia import rules
from games.nova_suecia.board import (
    DISTRICT_INDEX,
    buy,
    buy_square,
    closest_fort,
    districts_beside,
    river_card,
    sail,
    sell,
    sell_square,
    swedish_influence,
)
from games.nova_suecia.components import (
    CARDS_PER_DISTRICT_TYPE,
    DEMANDED,
    LOG_CABINS,
    MEEPLES,
    PRICE_SQUARES,
    SEALS_PER_PLAYER,
    SUPPLIED,
    WILDCARD_RESOURCES,
)
from games.nova_suecia.table import (
    Draft,
    colonists_at_trade_posts,
    colonists_in_play,
    log_cabins_built,
    log_cabins_of,
    seals_of,
    stock,
)

SIDES = ("left", "right")

# --- 3 Game Preparation -----------------------------------------------------------------


def check_choose_letter_resource(state: JSON, player: int, data: JSON) -> list[Violation]:
    return _letter_resource_violations(state, data["resource"], [], rules.PREPARATION)


def apply_choose_letter_resource(draft: Draft, player: int, data: JSON) -> None:
    draft.player(player)["letter"] = [data["resource"]]


def _letter_resource_violations(
    state: JSON, resource: str, on_letter: list[str], rule: str, placed: int = 0
) -> list[Violation]:
    """What is wrong with placing ``resource`` from stock on a letter holding ``on_letter``
    (``placed``: cubes of it this move already took from stock)."""
    if resource == "plant":
        return [Violation(rule, "Plant is never placed on a letter.")]
    if resource in on_letter:
        return [
            Violation(rule, f"The new resource must be of a different type than {resource}, already on the letter.")
        ]
    if stock(state, resource) - placed < 1:
        return [Violation(rule, f"There is no {resource} left in stock to place on the letter.")]
    return []


# --- 5.1 Letter ---------------------------------------------------------------------------


def check_letter(state: JSON, player: int, data: JSON) -> list[Violation]:
    old = state["players"][player]["letter"]
    violations = _letter_resource_violations(state, data["resource"], old, rules.LETTER)
    if state["options"]["letters_answered"]:
        return violations + _check_answered_letter(old, data["draws"])
    if len(data["draws"]) != len(old):
        return violations + [
            Violation(rules.LETTER, f"Draw as many resources from the ship bag as you placed in it ({len(old)}).")
        ]
    bag = dict(state["bag"])
    for resource in old:
        bag[resource] = bag.get(resource, 0) + 1
    for draw in data["draws"]:
        violations += _check_draw(state, bag, draw)
    return violations


def _check_answered_letter(old: list[str], draws: list[JSON]) -> list[Violation]:
    violations = []
    if sorted(draw["resource"] for draw in draws) != sorted(old):
        violations.append(
            Violation(
                rules.LETTERS_ANSWERED, f"The resources on your letter ({', '.join(old)}) affect the markets directly."
            )
        )
    return violations + [v for draw in draws for v in _gold_choice(draw["resource"], draw)]


def _check_draw(state: JSON, bag: dict[str, int], draw: JSON) -> list[Violation]:
    """Take one drawn cube out of ``bag`` (a working copy) and say what is wrong with it."""
    resource = draw["resource"]
    if not _take(bag, resource):
        return [Violation(rules.LETTER, f"There is no {resource} in the ship bag to draw.")]
    if resource != "plant":
        return _gold_choice(resource, draw)
    bag["plant"] += 1  # 7.1 / 7.2: the plant cube goes back into the bag
    sea = state["options"]["sea"]
    rule, key = (rules.STORMY_SEAS, "discarded") if sea == "stormy" else (rules.PIRATE_SEAS, "picked")
    other = draw.get(key)
    if other is None or other == "plant":
        verb = "drawn and returned to stock" if key == "discarded" else "picked to affect a market"
        return [Violation(rule, f"After the plant cube, name the cube from the ship bag {verb}.")]
    if not _take(bag, other):
        return [Violation(rule, f"There is no {other} in the ship bag.")]
    return _gold_choice(other, draw) if key == "picked" else []


def _gold_choice(resource: str, draw: JSON) -> list[Violation]:
    if resource == "gold" and "gold" not in draw:
        return [
            Violation(
                rules.LETTER, "The player drawing gold chooses whether to add it to or remove it from the market."
            )
        ]
    return []


def _take(bag: dict[str, int], resource: str) -> bool:
    if bag.get(resource, 0) < 1:
        return False
    bag[resource] -= 1
    return True


def apply_letter(draft: Draft, player: int, data: JSON) -> None:
    state = draft.state
    old = state["players"][player]["letter"]
    draft.player(player)["letter"] = [data["resource"]]
    if state["options"]["letters_answered"]:
        for draw in data["draws"]:
            _affect_market(draft, draw["resource"], draw.get("gold"))
        return
    bag = draft.part("bag")
    for resource in old:
        bag[resource] = bag.get(resource, 0) + 1
    for draw in data["draws"]:
        resource = draw["resource"]
        _take(bag, resource)
        if resource != "plant":
            _affect_market(draft, resource, draw.get("gold"))
            continue
        bag["plant"] = bag.get("plant", 0) + 1
        if state["options"]["sea"] == "stormy" and draw.get("discarded"):
            _take(bag, draw["discarded"])
        elif state["options"]["sea"] == "pirate" and draw.get("picked"):
            _take(bag, draw["picked"])
            _affect_market(draft, draw["picked"], draw.get("gold"))


def _affect_market(draft: Draft, resource: str, gold: str | None) -> None:
    """Section 5.1: supplied resources add a cube to their market, demanded ones remove one;
    gold does as the drawer chose."""
    if resource in SUPPLIED or (resource == "gold" and gold == "add"):
        change = 1
    elif resource in DEMANDED or resource == "gold":
        change = -1
    else:
        return
    markets = draft.part("markets")
    markets[resource] = min(max(markets[resource] + change, 0), PRICE_SQUARES)


# --- 5.2 Ship -----------------------------------------------------------------------------


def _can_open(state: JSON, card: int) -> bool:
    return any(not state["districts"][index]["open"] for index in districts_beside(card))


def _can_close(state: JSON, card: int) -> bool:
    return any(_closable(state["districts"][index]) for index in districts_beside(card))


def _closable(district: JSON) -> bool:
    return district["open"] and district["seal"] is None


def _ship_move_violations(
    ship: JSON, steps: int, other: int, can_act, name: str, other_name: str, act: str
) -> list[Violation]:
    ends = {n: sail(ship["at"], ship["heading"], n, other)[0] for n in (1, 2)}
    end = ends[steps]
    if end == other:
        return [Violation(rules.SHIP, f"The {name} ship may not end its move on the {other_name} ship.")]
    if not can_act(end) and any(can_act(e) for e in ends.values() if e != other):
        better = 3 - steps
        return [
            Violation(
                rules.SHIP, f"The {name} ship must move so that a district can be {act}: move it {better} card(s)."
            )
        ]
    return []


def check_sail(state: JSON, player: int, data: JSON) -> list[Violation]:
    swedish, dutch = state["ships"]["swedish"], state["ships"]["dutch"]
    violations = _ship_move_violations(
        swedish, data["swedish"], dutch["at"], lambda c: _can_open(state, c), "Swedish", "Dutch", "opened"
    )
    swedish_end = sail(swedish["at"], swedish["heading"], data["swedish"], dutch["at"])[0]
    violations += _check_opening(state, swedish_end, data)
    violations += _ship_move_violations(
        dutch, data["dutch"], swedish_end, lambda c: _can_close(_opened(state, data), c), "Dutch", "Swedish", "closed"
    )
    return violations


def _opened(state: JSON, data: JSON) -> JSON:
    """The state with the district the Swedish ship opened face up (for the Dutch ship's check)."""
    if not data["open"]:
        return state
    draft = Draft(state)
    draft.district(DISTRICT_INDEX[data["open"]])["open"] = True
    return draft.state


def _check_opening(state: JSON, card: int, data: JSON) -> list[Violation]:
    district_id, revealed = data["open"], data.get("revealed")
    beside = districts_beside(card)
    if district_id is None:
        if _can_open(state, card):
            return [Violation(rules.SHIP, f"Open one of the face down districts beside river card {card}.")]
        return []
    index = DISTRICT_INDEX[district_id]
    district = state["districts"][index]
    if index not in beside:
        return [Violation(rules.SHIP, f"District {district_id} is not beside the Swedish ship (river card {card}).")]
    if district["open"]:
        return [Violation(rules.SHIP, f"District {district_id} is already open.")]
    if district["type"] is not None:
        if revealed not in (None, district["type"]):
            return [Violation(rules.SHIP, f"District {district_id} is a {district['type']}, not a {revealed}.")]
        return []
    if revealed is None:
        return [Violation(rules.SHIP, f"Name the district card turned up at {district_id}.")]
    known = sum(1 for d in state["districts"] if d["type"] == revealed)
    if known >= CARDS_PER_DISTRICT_TYPE:
        return [
            Violation(rules.COMPONENTS, f"All {CARDS_PER_DISTRICT_TYPE} {revealed} districts are already turned up.")
        ]
    return []


def apply_sail(draft: Draft, player: int, data: JSON) -> None:
    ships = draft.part("ships")
    swedish = _move_ship(draft, "swedish", data["swedish"], ships["dutch"]["at"])
    if data["open"]:
        index = DISTRICT_INDEX[data["open"]]
        district = draft.district(index)
        district["open"] = True
        district["type"] = district["type"] or data.get("revealed")
    dutch = _move_ship(draft, "dutch", data["dutch"], swedish)
    for index in districts_beside(dutch):
        if _closable(draft.state["districts"][index]):
            draft.district(index)["open"] = False


def _move_ship(draft: Draft, name: str, steps: int, other: int) -> int:
    """Move a ship; each time it passes the other, 1 thaler goes on the fort closest to where they met."""
    ships = draft.part("ships")
    at, heading, passed_at = sail(ships[name]["at"], ships[name]["heading"], steps, other)
    ships[name] = {"at": at, "heading": heading}
    if passed_at:
        forts = draft.part("forts")
        for card in passed_at:
            forts[closest_fort(card)] += 1
    return at


# --- 5.3.1 Invest ---------------------------------------------------------------------------


def _recipe(state: JSON, district: JSON, option: str) -> JSON | None:
    return state["components"]["districts"].get(district["type"] or "", {}).get(option)


def investment(state: JSON, player: int, data: JSON) -> tuple[int, JSON, dict[str, int]]:
    """(thaler the investment costs, the markets after it, the inputs bought)."""
    district = state["districts"][DISTRICT_INDEX[data["district"]]]
    recipe = _recipe(state, district, data["option"]) or {"buy": {}}
    inputs = dict(recipe["buy"])
    if data["triangle"] == "right":
        for resource in recipe.get("right_hand_buys_less", []):
            inputs[resource] = max(inputs.get(resource, 0) - 1, 0)
    if data.get("flip_log_cabin") and inputs.get("grain"):
        inputs["grain"] -= 1
    cost = seals_of(state, player) if district["seal"] is None else 0
    markets = dict(state["markets"])
    if data.get("buy_colonist"):
        inputs = {"colonist": 1, **inputs}
    for resource, count in inputs.items():
        paid, markets[resource] = buy(state["components"]["prices"][resource], markets[resource], count)
        cost += paid
    return cost, markets, inputs


def check_invest(state: JSON, player: int, data: JSON) -> list[Violation]:
    index = DISTRICT_INDEX[data["district"]]
    district = state["districts"][index]
    if not district["open"]:
        return [Violation(rules.INVEST, f"District {data['district']} is not open.")]
    if district["type"] is None:
        return [Violation(rules.INVEST, f"District {data['district']} has never been turned up.")]
    if district["seal"] not in (None, player):
        return [Violation(rules.INVEST, f"District {data['district']} carries another player's seal.")]
    if district[data["triangle"]]:
        return [
            Violation(rules.INVEST, f"The {data['triangle']}-hand investment triangle of {data['district']} is taken.")
        ]
    recipe = _recipe(state, district, data["option"])
    if recipe is None:
        choices = ", ".join(state["components"]["districts"][district["type"]])
        return [
            Violation(rules.INVEST, f"A {district['type']} has no '{data['option']}' investment: one of {choices}.")
        ]
    violations = _colonist_violations(state, player, data) + _log_cabin_violations(district, recipe, data)
    if district["seal"] is None and seals_of(state, player) >= SEALS_PER_PLAYER:
        violations.append(Violation(rules.COMPONENTS, f"You have placed all {SEALS_PER_PLAYER} of your seals."))
    cost = investment(state, player, data)[0]
    thaler = state["players"][player]["thaler"]
    if cost > thaler:
        violations.append(Violation(rules.INVEST, f"This investment costs {cost} thaler but you hold {thaler}."))
    return violations + _deposit_before_raid(state, river_card(index))


def _colonist_violations(state: JSON, player: int, data: JSON) -> list[Violation]:
    holder = state["players"][player]
    on_letter = holder["standing"] + holder["resting"]
    if data.get("buy_colonist"):
        if on_letter:
            return [
                Violation(rules.INVEST, "You may only buy colonists from the market if you have none on your letter.")
            ]
        if colonists_in_play(state) >= MEEPLES:
            return [Violation(rules.COMPONENTS, f"All {MEEPLES} colonists are already in play.")]
        return []
    if holder["standing"]:
        return []
    if holder["resting"]:
        return [
            Violation(rules.INVEST, "Your colonists on the letter are laid down: only Assemble stands them up again.")
        ]
    return [Violation(rules.INVEST, "You have no colonist on your letter: you must first buy one from the market.")]


def _log_cabin_violations(district: JSON, recipe: JSON, data: JSON) -> list[Violation]:
    if not data.get("flip_log_cabin"):
        return []
    if district["cabins"] - district["flipped"] < 1:
        return [Violation(rules.INVEST, "There is no unflipped log cabin in this district to feed the colonist.")]
    if not recipe["buy"].get("grain"):
        return [Violation(rules.INVEST, "A log cabin replaces 1 grain, and this investment buys none.")]
    return []


def apply_invest(draft: Draft, player: int, data: JSON) -> None:
    state = draft.state
    index = DISTRICT_INDEX[data["district"]]
    cost, markets, _ = investment(state, player, data)
    holder = draft.player(player)
    holder["thaler"] -= cost
    holder["standing"] = max(holder["standing"] + (1 if data.get("buy_colonist") else 0) - 1, 0)
    draft.set("markets", markets)
    district = draft.district(index)
    district["seal"] = player if district["seal"] is None else district["seal"]
    district[data["triangle"]] = {"player": player, "option": data["option"], "upright": True}
    if data.get("flip_log_cabin"):
        district["flipped"] += 1
    raid(draft, player, river_card(index))


# --- 5.3.2 Produce --------------------------------------------------------------------------


def production(state: JSON, district: JSON, triangle: str, chosen: list[str]) -> dict[str, int]:
    """What a colonist produces: the production square, 1 less in the right-hand triangle
    but never less than 1; trade posts count the colonists at trade posts."""
    recipe = _recipe(state, district, district[triangle]["option"]) or {"produce": {}}
    less = 1 if triangle == "right" else 0
    trade = recipe.get("trade")
    if trade == "fur":
        return {"fur": max(colonists_at_trade_posts(state) - less, 1)}
    if trade == "wildcard":
        made: dict[str, int] = {}
        for resource in chosen:
            made[resource] = made.get(resource, 0) + 1
        return made
    return {resource: max(count - less, 1) for resource, count in recipe["produce"].items()}


def wildcard_amount(state: JSON, triangle: str) -> int:
    """Section 5.3.2: half as many resources as colonists at trade posts, rounded up."""
    return max(ceil(colonists_at_trade_posts(state) / 2) - (1 if triangle == "right" else 0), 1)


def check_produce(state: JSON, player: int, data: JSON) -> list[Violation]:
    index = DISTRICT_INDEX[data["district"]]
    district = state["districts"][index]
    colonist = district[data["triangle"]]
    where = f"the {data['triangle']}-hand triangle of {data['district']}"
    if not colonist or colonist["player"] != player:
        return [Violation(rules.PRODUCE, f"You have no colonist in {where}.")]
    if not colonist["upright"]:
        return [Violation(rules.PRODUCE, f"The colonist in {where} is laid down: it has already produced.")]
    recipe = _recipe(state, district, colonist["option"]) or {}
    chosen = data.get("resources", [])
    violations = []
    if recipe.get("trade") == "wildcard":
        amount = wildcard_amount(state, data["triangle"])
        if len(chosen) != amount or any(r not in WILDCARD_RESOURCES for r in chosen):
            violations.append(
                Violation(
                    rules.PRODUCE,
                    f"The wildcard square produces {amount} resource(s) of your choice: "
                    f"not gold, colonists, tobacco or fur.",
                )
            )
    elif chosen:
        violations.append(Violation(rules.PRODUCE, "Only a trade post's wildcard square lets you choose resources."))
    if "log_cabin" in recipe.get("produce", {}) and log_cabins_built(state) >= LOG_CABINS:
        violations.append(Violation(rules.COMPONENTS, f"All {LOG_CABINS} log cabins are already built."))
    return violations + _deposit_before_raid(state, river_card(index))


def apply_produce(draft: Draft, player: int, data: JSON) -> None:
    state = draft.state
    index = DISTRICT_INDEX[data["district"]]
    if not state["districts"][index][data["triangle"]]:
        return
    made = production(state, state["districts"][index], data["triangle"], data.get("resources", []))
    district = draft.district(index)
    district[data["triangle"]] = {**district[data["triangle"]], "upright": False}
    markets = draft.part("markets")
    holder = draft.player(player)
    for resource, count in made.items():
        if resource == "log_cabin":
            district["cabins"] += min(count, LOG_CABINS - log_cabins_built(draft.state))
            continue
        if resource not in state["components"]["prices"]:
            continue
        received, markets[resource] = sell(state["components"]["prices"][resource], markets[resource], count)
        holder["thaler"] += received
    raid(draft, player, river_card(index))


# --- 5.3.3 Day Work and 5.3.4 Assemble ------------------------------------------------------


def check_day_work(state: JSON, player: int, data: JSON) -> list[Violation]:
    if state["players"][player]["standing"] < 1:
        return [Violation(rules.DAY_WORK, "You have no standing colonist on your letter to lay down.")]
    return []


def apply_day_work(draft: Draft, player: int, data: JSON) -> None:
    holder = draft.player(player)
    moved = min(holder["standing"], 1)
    holder["standing"] -= moved
    holder["resting"] += moved
    holder["thaler"] += 1


def colonists_to_assemble(state: JSON, player: int) -> int:
    """Laid down colonists: on the letter (Day Work) and in the districts."""
    in_districts = sum(1 for district in state["districts"] for side in SIDES if _laid_down_by(district[side], player))
    return state["players"][player]["resting"] + in_districts


def check_assemble(state: JSON, player: int, data: JSON) -> list[Violation]:
    audience = data.get("audience", [])
    if not audience:
        return []
    if not state["options"]["royal_audience"]:
        return [Violation(rules.ROYAL_AUDIENCE, "This play does not use the Royal Audience rule.")]
    assembled = colonists_to_assemble(state, player)
    favours = len(audience) + sum(1 for wish in audience if wish.get("repeat"))
    violations = []
    if favours > assembled:
        violations.append(
            Violation(
                rules.ROYAL_AUDIENCE,
                f"You assemble {assembled} colonist(s), so you may pay for at most {assembled} favour(s).",
            )
        )
    thaler = state["players"][player]["thaler"] + assembled
    if favours > thaler:
        violations.append(
            Violation(rules.ROYAL_AUDIENCE, f"The audience costs {favours} thaler but you hold {thaler}.")
        )
    letter = list(state["players"][player]["letter"])
    added: list[str] = []
    for wish in audience:
        if wish.get("repeat") and wish["resource"] not in letter:
            violations.append(
                Violation(rules.ROYAL_AUDIENCE, "Pay to repeat a type only for a type already on the letter.")
            )
        allowed = [] if wish.get("repeat") else letter
        violations += _letter_resource_violations(
            state, wish["resource"], allowed, rules.ROYAL_AUDIENCE, added.count(wish["resource"])
        )
        letter.append(wish["resource"])
        added.append(wish["resource"])
    return violations


def apply_assemble(draft: Draft, player: int, data: JSON) -> None:
    assembled = draft.state["players"][player]["resting"]
    for index, district in enumerate(draft.state["districts"]):
        laid_down = [side for side in SIDES if _laid_down_by(district[side], player)]
        if not laid_down and district["seal"] != player:
            continue
        changed = draft.district(index)
        for side in laid_down:
            changed[side] = None
        assembled += len(laid_down)
        if changed["seal"] == player:
            changed["flipped"] = 0
            if not changed["left"] and not changed["right"]:
                changed["seal"] = None
                changed["open"] = False
    audience = data.get("audience", [])
    holder = draft.player(player)
    holder["standing"] = assembled
    holder["resting"] = 0
    holder["thaler"] += assembled - len(audience) - sum(1 for wish in audience if wish.get("repeat"))
    holder["letter"] = holder["letter"] + [wish["resource"] for wish in audience]


def _laid_down_by(colonist: JSON | None, player: int) -> bool:
    return bool(colonist) and colonist["player"] == player and not colonist["upright"]


# --- 5.3.5 Treasury -------------------------------------------------------------------------


def gold_step(state: JSON, kind: str) -> JSON:
    """The gold step a loan (last full square) or a deposit (first empty square) uses."""
    cubes = state["markets"]["gold"]
    square = buy_square(cubes) if kind == "loan" else sell_square(cubes)
    return state["components"]["gold"][square]


def check_treasury(state: JSON, player: int, data: JSON) -> list[Violation]:
    if state["treasury_taken"]:
        return [Violation(rules.TREASURY, "The Treasury action may be taken only once a turn.")]
    thaler = state["players"][player]["thaler"]
    price = gold_step(state, "deposit")["thaler"]
    if data["kind"] == "deposit" and price > thaler:
        return [Violation(rules.TREASURY, f"A deposit costs {price} thaler but you hold {thaler}.")]
    return []


def apply_treasury(draft: Draft, player: int, data: JSON) -> None:
    step = gold_step(draft.state, data["kind"])
    holder = draft.player(player)
    markets = draft.part("markets")
    if data["kind"] == "loan":
        holder["thaler"] += step["thaler"]
        holder["loan"] += step["loan"]
        markets["gold"] = max(markets["gold"] - 1, 0)
    else:
        holder["thaler"] -= step["thaler"]
        holder["deposit"] += step["deposit"]
        markets["gold"] = min(markets["gold"] + 1, PRICE_SQUARES)
        draft.set("deposited", True)
    draft.set("treasury_taken", True)


# --- 5.4 Raid -------------------------------------------------------------------------------


def raid_amount(state: JSON, player: int, card: int) -> int:
    """Section 5.4: nothing within Swedish influence; else the closest fort's thaler less the
    player's log cabins, never more than the player holds."""
    ships = state["ships"]
    if swedish_influence(card, ships["swedish"]["at"], ships["dutch"]["at"]):
        return 0
    demand = state["forts"][closest_fort(card)] - log_cabins_of(state, player)
    return min(max(demand, 0), max(state["players"][player]["thaler"], 0))


def raid(draft: Draft, player: int, card: int) -> None:
    amount = raid_amount(draft.state, player, card)
    if amount:
        draft.player(player)["thaler"] -= amount


def _deposit_before_raid(state: JSON, card: int) -> list[Violation]:
    ships = state["ships"]
    if state["deposited"] and not swedish_influence(card, ships["swedish"]["at"], ships["dutch"]["at"]):
        return [
            Violation(
                rules.RAID, "The Treasury action cannot be used to make a deposit before the Dutch raid the district."
            )
        ]
    return []
