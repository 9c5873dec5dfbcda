"""The 17 phases of a colony's turn: each runs one phase event on a :class:`Draft`.

Every handler applies the event as the table played it and refuses, on the draft, each rule
the event breaks. Chance arrives in the event: the cards drawn, in the order drawn, and the
dice rolled. Where the rules leave a choice the player's best one is taken (a Defense
building negates the strongest Raid card), and only real choices travel in the event (which
Action cards were played, which trades were made).
"""

from __future__ import annotations

from collections.abc import Callable

from games.contract import JSON
from games.first_settlement.cards import (
    ACTION_KINDS,
    DECK_OF,
    EFFECTS,
    FOOD,
    HARDSHIP_VALUES,
    colony_effects,
    food_yield,
)
from games.first_settlement.draft import Draft

PHASES = (
    "time",
    "draw",
    "plant",
    "ship",
    "blight",
    "food",
    "harvest",
    "spoil",
    "trade",
    "eat",
    "starve",
    "cold",
    "sick",
    "raid",
    "rebel",
    "hardship",
    "build",
)
SEASONS = ("Winter", "Spring", "Summer", "Fall")
TURNS = 20
#: Hardship cards each phase draws and discards, before site cards add to it.
HARDSHIP_DRAWS = {
    "blight": 10,
    "spoil": 10,
    "starve": 10,
    "cold": 10,
    "sick": 5,
    "raid": 10,
    "rebel": 10,
    "hardship": 10,
}
#: phase -> its rulebook heading, as printed: "DRAW PHASE"
SECTIONS = {phase: f"{phase.upper()} PHASE" for phase in PHASES}
HAND_SIZE = 5
SHIP_ROLL = 7
BUILD_COSTS = (5, 20)
FOOD_PER_VP = 5
TWO_LEADERS = "TWO LEADER OPTION"
DICE = "DICE"
BUILD_LIST = "BUILD DECK CARD LIST"


def season_of(colony: JSON, turn: int) -> str:
    return SEASONS[(colony["start_season"] + turn - 1) % 4]


def year_of(colony: JSON, turn: int) -> int:
    return (colony["start_season"] + turn - 1) // 4 + 1


def check_die(d: Draft, value: int, sides: int, what: str, rule: str) -> None:
    """A die shows 1 to its number of sides: refused under DICE and under the rule that rolls it."""
    if not 1 <= value <= sides:
        d.refuse(rule, f"{what}: 1D{sides} shows 1 to {sides}, not {value}.")
        d.refuse(DICE, f"A {sides} sided die (1D{sides}) shows 1 to {sides}, not {value}.")


def lose_colonists(colony: JSON, count: int) -> None:
    colony["colonists"] = max(0, colony["colonists"] - count)


def report(d: Draft, seat: int, phase: str, **numbers: JSON) -> None:
    """What the last phase did, for the view: the table checks its counters against it."""
    d.state["last"] = {"seat": seat, "phase": phase, **numbers}


def draw_hardships(d: Draft, seat: int, phase: str, cards: list[str]) -> list[str]:
    """Draw and discard a phase's Hardship cards; the cards of the deck drawn, in order."""
    count = d.drawable("hardship", HARDSHIP_DRAWS[phase] + colony_effects(d.colony(seat))[f"extra_hardships:{phase}"])
    if len(cards) != count:
        d.refuse(SECTIONS[phase], f"The {phase.title()} Phase draws {count} Hardship cards, not {len(cards)}.")
    drawn = d.draw("hardship", cards, SECTIONS[phase])
    d.discard(drawn)
    return drawn


def of_type(drawn: list[str], kind: str) -> list[int]:
    """The values of the drawn cards of one Hardship type, in the order drawn."""
    values = HARDSHIP_VALUES[kind]
    return [values[name] for name in drawn if name in values]


def play_actions(d: Draft, seat: int, phase: str, cards: list[str], kind: str, negatable: int) -> int:
    """Discard Action cards of ``kind`` from the hand, each to negate one card; how many were played."""
    rule = SECTIONS[phase]
    for card in cards:
        if card in DECK_OF and ACTION_KINDS.get(card) != kind:
            d.refuse(rule, f"{card} is not a {kind} Action card.")
    if len(cards) > negatable:
        d.refuse(rule, f"Only {negatable} card(s) are left to negate: play at most {negatable} {kind} card(s).")
    played = d.from_hand(seat, cards, rule)
    d.discard(played)
    return len(played)


def replace_leader(d: Draft, seat: int, new_leader: JSON, rule: str) -> None:
    """Gain a New Leader: the drawn card replaces the lost one, which is discarded."""
    leaders = d.colony(seat)["leaders"]
    replaced = new_leader.get("replaces") or (leaders[0] if len(leaders) == 1 else None)
    if replaced not in leaders:
        d.refuse(TWO_LEADERS if len(leaders) > 1 else rule, f"Name which leader is replaced: {', '.join(leaders)}.")
    else:
        leaders.remove(replaced)
        d.discard([replaced])
    leaders.extend(d.draw("leader", [new_leader["drawn"]], rule))


def time(d: Draft, seat: int, data: JSON, turn: int) -> None:
    colony = d.colony(seat)
    colony["turn"] = turn
    colony["shortage"] = False
    report(d, seat, "time", season=season_of(colony, turn), year=year_of(colony, turn))


def draw(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["draw"]
    colony = d.colony(seat)
    if len(data["actions"]) != d.drawable("action", 2):
        d.refuse(rule, "Draw 2 cards from the Action Deck (all that are left if fewer).")
    if len(data["builds"]) != d.drawable("build", 2):
        d.refuse(rule, "Draw 2 cards from the Build Deck (all that are left if fewer) and discard 1.")
    colony["hand"].extend(d.draw("action", data["actions"], rule))
    new_builds = d.draw("build", data["builds"], rule)
    colony["hand"].extend(new_builds)
    build_discard = [data["build_discard"]] if "build_discard" in data else []
    if len(new_builds) == 2 and not set(build_discard) & set(new_builds):
        d.refuse(rule, f"Discard 1 of the 2 Build cards just drawn ({' or '.join(new_builds)}).")
    if len(new_builds) < 2 and build_discard:
        d.refuse(rule, "Only a player who drew 2 Build cards discards 1 of them.")
    d.discard(d.from_hand(seat, build_discard, rule))
    for swap in data.get("swaps", []):
        if len(swap["discard"]) != 2:
            d.refuse(rule, "You may discard 2 cards (any type) to draw 1 card (any type).")
        d.discard(d.from_hand(seat, swap["discard"], rule))
        colony["hand"].extend(d.draw(swap["deck"], [swap["card"]], rule))
    limit = HAND_SIZE + colony_effects(colony)["hand_size"]
    excess = max(0, len(colony["hand"]) - limit)
    # A table that cut its hand to the limit before swapping (each swap leaves one card less) had more excess.
    excess_before_swaps = max(0, len(colony["hand"]) + len(data.get("swaps", [])) - limit)
    discards = data.get("discards", [])
    if len(discards) not in (excess, excess_before_swaps):
        d.refuse(rule, f"Max hand size is {limit} cards: discard exactly the {excess} excess card(s).")
    d.discard(d.from_hand(seat, discards, rule))
    report(d, seat, "draw", hand_size=len(colony["hand"]))


def plant(d: Draft, seat: int, data: JSON, turn: int) -> None:
    colony = d.colony(seat)
    colony["plant"] += colony["colonists"]
    report(d, seat, "plant", plant_tokens=colony["plant"])


def ship(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["ship"]
    colony = d.colony(seat)
    roll = data["roll"]
    check_die(d, roll, 10, "The ship roll", rule)
    bonus = colony_effects(colony)["ship_roll"]
    arrives = roll + bonus >= SHIP_ROLL
    cargo = {key: data[key] for key in ("colonists", "food") if key in data}
    if arrives and len(cargo) != 2:
        d.refuse(rule, "The ship arrived: it brings 1D10 CT and 1D10 FT, both rolled.")
    if not arrives and cargo:
        d.refuse(rule, f"A roll of {roll} (+{bonus}) is below {SHIP_ROLL}: no ship arrives.")
    for key, value in cargo.items():
        check_die(d, value, 10, f"The ship's {key}", rule)
    colony["colonists"] += cargo.get("colonists", 0)
    colony["food"] += cargo.get("food", 0)
    if arrives or cargo:
        colony["stock"] = True
    report(d, seat, "ship", arrived=arrives, **cargo)


def blight(d: Draft, seat: int, data: JSON, turn: int) -> None:
    blights = len(of_type(draw_hardships(d, seat, "blight", data["cards"]), "Blight"))
    colony = d.colony(seat)
    colony["plant"] = max(0, colony["plant"] - blights)
    report(d, seat, "blight", blights=blights, plant_tokens=colony["plant"])


def _usable_in_food_phase(alternative: list[str], winter: bool, stock: bool) -> bool:
    if "Farm" in alternative or (winter and "Warm" in alternative):
        return False
    return stock or not {"Livestock", "Victuals"} & set(alternative)


def food(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["food"]
    colony = d.colony(seat)
    winter = season_of(colony, turn) == "Winter"
    count = d.drawable("food", colony["colonists"] // 2 if winter else colony["colonists"])
    if len(data["cards"]) != count:
        per = "1 Food card for every 2 CT in Winter" if winter else "1 Food card for each CT"
        d.refuse(rule, f"Draw {per}: {count} cards, not {len(data['cards'])}.")
    drawn = d.draw("food", data["cards"], rule)
    d.discard(drawn)
    effects = colony_effects(colony)
    negations = effects["negate_first:Hunt"]
    gained = 0
    for name in drawn:
        value, alternatives = FOOD[name]
        usable = [alt for alt in alternatives if _usable_in_food_phase(alt, winter, colony["stock"])]
        if negations and any("Hunt" in alt for alt in usable):
            negations -= 1
            continue
        gained += max((food_yield(value, alt, effects) for alt in usable), default=0)
    colony["food"] += gained
    report(d, seat, "food", cards=len(drawn), food_gained=gained)


def harvest(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["harvest"]
    colony = d.colony(seat)
    count = d.drawable("food", colony["plant"])
    if len(data["cards"]) != count:
        d.refuse(rule, f"Draw 1 Food card for each Plant Token discarded: {count} cards, not {len(data['cards'])}.")
    colony["plant"] = 0
    drawn = d.draw("food", data["cards"], rule)
    d.discard(drawn)
    effects = colony_effects(colony)
    gained = 0
    for name in drawn:
        value, alternatives = FOOD[name]
        gained += max((food_yield(value, alt, effects) for alt in alternatives if "Farm" in alt), default=0)
    colony["food"] += gained
    crop_vp = _crop_vp(d, colony, data.get("crop_rolls", {}))
    colony["vp"] += crop_vp
    report(d, seat, "harvest", food_gained=gained, crop_vp=crop_vp)


def _crop_vp(d: Draft, colony: JSON, rolls: dict[str, list[int]]) -> int:
    """Tobacco Plantation and Cash Crops: 2D6 VP each in the Fall harvest, rolled in the event."""
    crops = {name: EFFECTS[name]["harvest_vp_dice"] for name in colony["buildings"] if _is_crop(name)}
    if set(rolls) != set(crops):
        d.refuse(BUILD_LIST, f"Roll 2D6 VP for each of your VP crops ({', '.join(crops) or 'none'}).")
    total = 0
    for name, dice in rolls.items():
        if len(dice) != crops.get(name, len(dice)):
            d.refuse(BUILD_LIST, f"{name} gains {crops[name]}D6 VP: roll {crops[name]} dice.")
        for die in dice:
            check_die(d, die, 6, f"The {name} VP", BUILD_LIST)
        total += sum(dice)
    return total


def _is_crop(name: str) -> bool:
    return bool(EFFECTS.get(name, {}).get("harvest_vp_dice"))


def spoil(d: Draft, seat: int, data: JSON, turn: int) -> None:
    colony = d.colony(seat)
    spoilage = sorted(of_type(draw_hardships(d, seat, "spoil", data["cards"]), "Spoilage"), reverse=True)
    lost = sum(spoilage[colony_effects(colony)["negate_spoilage"] :])
    colony["food"] = max(0, colony["food"] - lost)
    report(d, seat, "spoil", food_lost=lost)


def trade(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["trade"]
    colony = d.colony(seat)
    effects = colony_effects(colony)
    plays = data.get("cards", [])
    for play in plays:
        if play["card"] in DECK_OF and ACTION_KINDS.get(play["card"]) != "Trade Good":
            d.refuse(rule, f"{play['card']} is not a Trade Action card.")
    played = d.from_hand(seat, [play["card"] for play in plays], rule)
    d.discard(played)
    gains = [play["gain"] for play in plays if play["card"] in played][effects["negate_first:Trade"] :]
    extra = data.get("extra_trades", [])
    if len(extra) > effects["extra_trades"]:
        d.refuse(rule, f"This colony has {effects['extra_trades']} extra Trade(s), not {len(extra)}.")
    for gain in gains + extra:
        colony["food" if gain == "food" else "land"] += 1
    colony["vp"] += max(0, effects["trade_vp"] - 1) * gains.count("land")
    conversions = data.get("convert", 0)
    if colony["food"] < FOOD_PER_VP * conversions:
        d.refuse(
            rule, f"Converting {conversions} VP takes {FOOD_PER_VP * conversions} FT; the colony has {colony['food']}."
        )
    conversions = min(conversions, colony["food"] // FOOD_PER_VP)
    colony["food"] -= FOOD_PER_VP * conversions
    colony["vp"] += conversions
    report(d, seat, "trade", food=colony["food"], land=colony["land"], vp=colony["vp"])


def eat(d: Draft, seat: int, data: JSON, turn: int) -> None:
    colony = d.colony(seat)
    colony["shortage"] = colony["food"] < colony["colonists"]
    colony["food"] = max(0, colony["food"] - colony["colonists"])
    report(d, seat, "eat", shortage=colony["shortage"])


def starve(d: Draft, seat: int, data: JSON, turn: int) -> None:
    hunger = of_type(draw_hardships(d, seat, "starve", data["cards"]), "Hunger")
    colony = d.colony(seat)
    colony["stock"] = False
    lost = 1 + sum(hunger)
    lose_colonists(colony, lost)
    report(d, seat, "starve", colonists_lost=lost)


def cold(d: Draft, seat: int, data: JSON, turn: int) -> None:
    colds = len(of_type(draw_hardships(d, seat, "cold", data["cards"]), "Cold"))
    colony = d.colony(seat)
    counted = max(0, colds - colony_effects(colony)["negate_first:Cold"])
    lost = counted * (2 if colony["shortage"] else 1)
    lose_colonists(colony, lost)
    report(d, seat, "cold", colonists_lost=lost)


def sick(d: Draft, seat: int, data: JSON, turn: int) -> None:
    diseases = of_type(draw_hardships(d, seat, "sick", data["cards"]), "Disease")
    colony = d.colony(seat)
    remaining = sorted(diseases[colony_effects(colony)["negate_first:Disease"] :], reverse=True)
    played = play_actions(d, seat, "sick", data.get("medical", []), "Medical", len(remaining))
    remaining = remaining[played:]
    lost = sum(remaining) if colony["shortage"] else len(remaining)
    lose_colonists(colony, lost)
    report(d, seat, "sick", colonists_lost=lost)


def raid(d: Draft, seat: int, data: JSON, turn: int) -> None:
    raids = sorted(of_type(draw_hardships(d, seat, "raid", data["cards"]), "Raid"), reverse=True)
    colony = d.colony(seat)
    remaining = raids[colony_effects(colony)["defense"] :]
    played = play_actions(d, seat, "raid", data.get("defense", []), "Defense", len(remaining))
    lost = sum(remaining[played:])
    lose_colonists(colony, lost)
    report(d, seat, "raid", colonists_lost=lost)


def rebel(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["rebel"]
    mutinies = len(of_type(draw_hardships(d, seat, "rebel", data["cards"]), "Mutiny"))
    colony = d.colony(seat)
    remaining = max(0, mutinies - colony_effects(colony)["morale"])
    remaining -= play_actions(d, seat, "rebel", data.get("morale", []), "Morale", remaining)
    new_leader = data.get("new_leader")
    if remaining == 1:
        d.discard(colony["hand"])
        colony["hand"] = []
        if new_leader is None:
            d.refuse(rule, "One un-negated Mutiny card: discard your hand and gain a New Leader (name the card drawn).")
    elif new_leader is not None:
        d.refuse(rule, f"A New Leader comes only with exactly 1 un-negated Mutiny card, not {remaining}.")
    if new_leader is not None:
        replace_leader(d, seat, new_leader, rule)
    if remaining >= 2:
        colony["gave_up"] = True
    report(d, seat, "rebel", mutinies=remaining, gave_up=colony["gave_up"])


def hardship(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["hardship"]
    specials = [
        name for name in draw_hardships(d, seat, "hardship", data["cards"]) if name in HARDSHIP_VALUES["Special"]
    ]
    colony = d.colony(seat)
    targets = list(data.get("kicked_out_to", []))
    new_leaders = list(data.get("new_leaders", []))
    burned = list(data.get("burned", []))
    for card in specials:
        if card in ("Go Native", "Return on next Ship"):
            lose_colonists(colony, 1)
        elif card == "Kicked Out":
            _kick_out(d, seat, targets.pop(0) if targets else None)
        elif card == "Lose Leader" and new_leaders:
            replace_leader(d, seat, new_leaders.pop(0), rule)
        elif card == "Lose Leader":
            d.refuse(rule, "Lose Leader: Gain a New Leader (name the card drawn).")
        elif card == "Storm":
            colony["no_ship_turn"] = turn + 1
        elif card == "Fire" and colony["buildings"]:
            _burn(d, seat, burned.pop(0) if burned else None)
    if targets or new_leaders or burned:
        d.refuse(rule, "Only the Kicked Out, Lose Leader and Fire cards drawn name a player, a leader or a building.")
    report(d, seat, "hardship", specials=specials)


def _kick_out(d: Draft, seat: int, target: int | None) -> None:
    """Kicked Out: Lose 1 CT, It goes to another random player (to nobody when no other colony still plays)."""
    colony = d.colony(seat)
    if colony["colonists"] == 0:
        return
    others = [other for other, c in enumerate(d.state["colonies"]) if other != seat and not c["gave_up"]]
    if target not in others and (others or target is not None):
        d.refuse(
            SECTIONS["hardship"], f"Kicked Out: the CT goes to another player still in the game {others}, not {target}."
        )
    lose_colonists(colony, 1)
    if target in others:
        d.colony(target)["colonists"] += 1


def _burn(d: Draft, seat: int, building: str | None) -> None:
    """Fire: Lose 1 Random Building (the event names the one lost)."""
    buildings = d.colony(seat)["buildings"]
    if building not in buildings:
        d.refuse(SECTIONS["hardship"], f"Fire: name the building lost, one of {', '.join(buildings)}.")
        return
    buildings.remove(building)
    d.discard([building])


def build(d: Draft, seat: int, data: JSON, turn: int) -> None:
    rule = SECTIONS["build"]
    colony = d.colony(seat)
    wanted = data["buildings"]
    if len(wanted) > len(BUILD_COSTS):
        d.refuse(rule, "You may put 1 Building into play, and a second: no more in one Build Phase.")
    for name in wanted:
        if name in DECK_OF and DECK_OF[name] != "build":
            d.refuse(rule, f"{name} is not a Build card.")
    built = d.from_hand(seat, wanted, rule)
    cost = sum(BUILD_COSTS[min(n, len(BUILD_COSTS) - 1)] for n in range(len(built)))
    if cost > colony["food"]:
        d.refuse(
            rule, f"Building {len(built)} costs {cost} FT (5, and 20 for a second); the colony has {colony['food']}."
        )
    colony["food"] = max(0, colony["food"] - cost)
    colony["buildings"].extend(built)
    report(d, seat, "build", built=built, food=colony["food"])


HANDLERS: dict[str, Callable[[Draft, int, JSON, int], None]] = {
    "time": time,
    "draw": draw,
    "plant": plant,
    "ship": ship,
    "blight": blight,
    "food": food,
    "harvest": harvest,
    "spoil": spoil,
    "trade": trade,
    "eat": eat,
    "starve": starve,
    "cold": cold,
    "sick": sick,
    "raid": raid,
    "rebel": rebel,
    "hardship": hardship,
    "build": build,
}
