"""TURN SEQUENCE, phases 1 to 17: each phase is one move that refuses and applies its event.

Every move applies the event as the table played it and refuses, on the kit's Table, each rule
the event breaks. Chance arrives in the event: the cards drawn, in the order drawn, and the
dice rolled. Where the rules leave a choice the player's best one is taken (a Defense
building negates the strongest Raid card), and only real choices travel in the event (which
Action cards were played, which trades were made).
"""

from __future__ import annotations

from functools import cache

from games.contract import JSON, Move, obj
from games.first_settlement import choices, says
from games.first_settlement.cards import (
    ACTION_KINDS,
    DECK_OF,
    EFFECTS,
    FOOD,
    HARDSHIP_VALUES,
    colony_effects,
    food_yield,
)
from games.first_settlement.decks import discard, draw, draw_and_discard, draw_hardships, drawable, of_type
from games.first_settlement.sections import (
    BLIGHT_PHASE,
    BUILD_DECK_CARD_LIST,
    BUILD_PHASE,
    COLD_PHASE,
    DRAW_PHASE,
    EAT_PHASE,
    FOOD_PHASE,
    HARDSHIP_PHASE,
    HARVEST_PHASE,
    PHASE_SECTIONS,
    PLANT_PHASE,
    RAID_PHASE,
    REBEL_PHASE,
    SHIP_PHASE,
    SICK_PHASE,
    SPOIL_PHASE,
    STARVE_PHASE,
    TIME_PHASE,
    TRADE_PHASE,
    TWO_LEADER_OPTION,
)
from games.first_settlement.sequence import playing, report, season_of, year_of
from games.first_settlement.tokens import cards_of, check_die, colony, from_hand, lose, taken_from
from games.first_settlement.vocabulary import CARD, CARDS, COUNT, DIE, GAIN, NEW_LEADER, TEN, hardship_phase
from games.kit import Table, move
from games.secrets import MOVER, Secret

HAND_SIZE = 5
SHIP_ROLL = 7
BUILD_COSTS = (5, 20)
FOOD_PER_VP = 5


# 1. TIME PHASE


@move(
    "time",
    section=TIME_PHASE,
    description="TIME PHASE: the season and year move on; a new turn begins.",
    schema=obj({}),
    example={},
    choices=choices.nothing,
    says=says.time,
)
def time(table: Table, move: Move) -> None:
    """Keep track of the season and the year."""
    turn = playing(table, move)
    playing_colony = colony(table, move.seat)
    playing_colony["turn"] = turn
    playing_colony["shortage"] = False
    report(table, move.seat, "time", season=season_of(playing_colony, turn), year=year_of(playing_colony, turn))


# 2. DRAW PHASE


@move(
    "draw",
    section=DRAW_PHASE,
    description=(
        "DRAW PHASE: the 2 Action and 2 Build cards drawn, the Build card discarded (one of the two), each swap "
        "of 2 cards for 1 drawn from the 'action' or 'build' deck, and the excess cards discarded."
    ),
    schema=obj(
        {
            "actions": CARDS,
            "builds": CARDS,
            "build_discard": CARD,
            "swaps": {
                "type": "array",
                "items": obj({"discard": CARDS, "deck": {"enum": ["action", "build"]}, "card": CARD}),
            },
            "discards": CARDS,
        },
        required=["actions", "builds"],
    ),
    example={
        "actions": ["Cloth", "Medicines"],
        "builds": ["Stockade", "Taverns"],
        "build_discard": "Taverns",
        "discards": ["Cloth", "Granary"],
    },
    secrets=(
        Secret("actions", MOVER, "DRAW PHASE, ACTION DECK: the Action cards drawn go into the hand"),
        Secret("builds", MOVER, "DRAW PHASE, BUILD DECK: drawn Build cards are kept in a player's hand"),
        Secret("build_discard", MOVER, "DRAW PHASE: the Build card discarded leaves the hand unseen"),
        Secret("swaps.*.discard", MOVER, "DRAW PHASE: the 2 cards discarded to draw 1 leave the hand unseen"),
        Secret("swaps.*.card", MOVER, "DRAW PHASE: the card drawn for 2 discarded goes into the hand"),
        Secret("discards", MOVER, "DRAW PHASE: the cards discarded to the hand size leave the hand unseen"),
    ),
    choices=choices.draw_phase,
    says=says.draw_phase,
)
def draw_phase(table: Table, move: Move) -> None:
    """Draw 2 Action cards, 2 Build cards and discard 1; swap 2 cards for 1; max hand size is 5."""
    playing(table, move)
    seat, data = move.seat, move.data
    if len(data["actions"]) != drawable(table, "action", 2):
        table.refuse(DRAW_PHASE, "Draw 2 cards from the Action Deck (all that are left if fewer).")
    if len(data["builds"]) != drawable(table, "build", 2):
        table.refuse(DRAW_PHASE, "Draw 2 cards from the Build Deck (all that are left if fewer) and discard 1.")
    hand = cards_of(table, seat, "hand")
    hand.extend(draw(table, "action", data["actions"], DRAW_PHASE))
    new_builds = draw(table, "build", data["builds"], DRAW_PHASE)
    hand.extend(new_builds)
    build_discard = [data["build_discard"]] if "build_discard" in data else []
    if len(new_builds) == 2 and not set(build_discard) & set(new_builds):
        table.refuse(DRAW_PHASE, f"Discard 1 of the 2 Build cards just drawn ({' or '.join(new_builds)}).")
    if len(new_builds) < 2 and build_discard:
        table.refuse(DRAW_PHASE, "Only a player who drew 2 Build cards discards 1 of them.")
    discard(table, taken_from(table, hand, build_discard, DRAW_PHASE))
    for swap in data.get("swaps", []):
        if len(swap["discard"]) != 2:
            table.refuse(DRAW_PHASE, "You may discard 2 cards (any type) to draw 1 card (any type).")
        discard(table, taken_from(table, hand, swap["discard"], DRAW_PHASE))
        hand.extend(draw(table, swap["deck"], [swap["card"]], DRAW_PHASE))
    limit = HAND_SIZE + colony_effects(table.state["colonies"][seat])["hand_size"]
    excess = max(0, len(hand) - limit)
    # A table that cut its hand to the limit before swapping (each swap leaves one card less) had more excess.
    excess_before_swaps = max(0, len(hand) + len(data.get("swaps", [])) - limit)
    discards = data.get("discards", [])
    if len(discards) not in (excess, excess_before_swaps):
        table.refuse(DRAW_PHASE, f"Max hand size is {limit} cards: discard exactly the {excess} excess card(s).")
    discard(table, taken_from(table, hand, discards, DRAW_PHASE))
    report(table, seat, "draw", hand_size=len(hand))


# 3. PLANT PHASE


@move(
    "plant",
    section=PLANT_PHASE,
    description="PLANT PHASE (Spring): gain Plant Tokens equal to the CT.",
    schema=obj({}),
    example={},
    choices=choices.nothing,
    says=says.plant,
)
def plant(table: Table, move: Move) -> None:
    """Gain Plant Tokens equal to the number of CT you have."""
    playing(table, move)
    planting = colony(table, move.seat)
    planting["plant"] += planting["colonists"]
    report(table, move.seat, "plant", plant_tokens=planting["plant"])


# 4. SHIP PHASE


@move(
    "ship",
    section=SHIP_PHASE,
    description=(
        "SHIP PHASE: the 1D10 roll; on 7 or better (with +1 modifiers) the 1D10 'colonists' and 1D10 'food' it "
        "brings. A ship restores the Stock Token."
    ),
    schema=obj({"roll": DIE, "colonists": DIE, "food": DIE}, required=["roll"]),
    example={"roll": 8, "colonists": 3, "food": 6},
    choices=choices.ship,
    says=says.ship,
)
def ship(table: Table, move: Move) -> None:
    """Roll 1D10: on 7 or better a ship brings 1D10 CT and 1D10 FT and the Stock Token."""
    playing(table, move)
    data = move.data
    receiving = colony(table, move.seat)
    roll = data["roll"]
    check_die(table, roll, 10, "The ship roll", SHIP_PHASE)
    bonus = colony_effects(receiving)["ship_roll"]
    arrives = roll + bonus >= SHIP_ROLL
    cargo = {key: data[key] for key in ("colonists", "food") if key in data}
    if arrives and len(cargo) != 2:
        table.refuse(SHIP_PHASE, "The ship arrived: it brings 1D10 CT and 1D10 FT, both rolled.")
    if not arrives and cargo:
        table.refuse(SHIP_PHASE, f"A roll of {roll} (+{bonus}) is below {SHIP_ROLL}: no ship arrives.")
    for key, value in cargo.items():
        check_die(table, value, 10, f"The ship's {key}", SHIP_PHASE)
    receiving["colonists"] += cargo.get("colonists", 0)
    receiving["food"] += cargo.get("food", 0)
    if arrives or cargo:
        receiving["stock"] = True
    report(table, move.seat, "ship", arrived=arrives, **cargo)


# 5. BLIGHT PHASE


@move(
    "blight",
    section=BLIGHT_PHASE,
    **hardship_phase("BLIGHT PHASE", "10 cards; lose 1 Plant Token per Blight card."),
    choices=choices.hardships_of("blight"),
    says=says.hardships,
)
def blight(table: Table, move: Move) -> None:
    """Discard 1 Plant token for each Blight Hardship card you drew."""
    playing(table, move)
    drawn = draw_hardships(table, colony_effects(table.state["colonies"][move.seat]), "blight", move.data["cards"])
    blights = len(of_type(drawn, "Blight"))
    lose(table, move.seat, "plant", blights)
    report(table, move.seat, "blight", blights=blights, plant_tokens=table.state["colonies"][move.seat]["plant"])


# 6. FOOD PHASE


@move(
    "food",
    section=FOOD_PHASE,
    description="FOOD PHASE: the Food cards drawn, in order: 1 per CT (1 per 2 CT in Winter).",
    schema=obj({"cards": CARDS}),
    example={"cards": ["Cod", "Deer", "Corn", "Cows", "Clams", "Milk", "Fowl", "Eels", "Beans", "Geese"]},
    choices=choices.food,
    says=says.food,
)
def food(table: Table, move: Move) -> None:
    """Draw 1 Food card per CT (per 2 CT in Winter); Farm, Warm in Winter and Livestock & Victuals
    without a Stock token are discarded; each useable card provides its FT."""
    turn = playing(table, move)
    cards = move.data["cards"]
    feeding = colony(table, move.seat)
    winter = season_of(feeding, turn) == "Winter"
    count = drawable(table, "food", feeding["colonists"] // 2 if winter else feeding["colonists"])
    if len(cards) != count:
        per = "1 Food card for every 2 CT in Winter" if winter else "1 Food card for each CT"
        table.refuse(FOOD_PHASE, f"Draw {per}: {count} cards, not {len(cards)}.")
    drawn = draw_and_discard(table, "food", cards, FOOD_PHASE)
    effects = colony_effects(feeding)
    negations = effects["negate_first:Hunt"]
    gained = 0
    for name in drawn:
        value, usable, hunt = _in_food_phase(name, winter, feeding["stock"])
        if negations and hunt:
            negations -= 1
            continue
        gained += food_yield(value, usable, effects)
    feeding["food"] += gained
    report(table, move.seat, "food", cards=len(drawn), food_gained=gained)


@cache
def _in_food_phase(name: str, winter: bool, stock: bool) -> tuple[int, list[list[str]], bool]:
    """A Food card drawn in the Food phase: its value, the alternatives it may be used as (not Farm, not Warm
    in Winter, Livestock and Victuals only with the Stock Token) and whether one of them is Hunt."""
    value, alternatives = FOOD[name]
    usable = [alt for alt in alternatives if _usable_in_food_phase(alt, winter, stock)]
    return value, usable, any("Hunt" in alt for alt in usable)


def _usable_in_food_phase(alternative: list[str], winter: bool, stock: bool) -> bool:
    if "Farm" in alternative or (winter and "Warm" in alternative):
        return False
    return stock or not {"Livestock", "Victuals"} & set(alternative)


# 7. HARVEST PHASE


@move(
    "harvest",
    section=HARVEST_PHASE,
    description=(
        "HARVEST PHASE (Fall): the Food cards drawn, 1 per Plant Token, and for each Tobacco Plantation or Cash "
        "Crops built the 2D6 VP rolled ('crop_rolls': building -> dice)."
    ),
    schema=obj(
        {
            "cards": CARDS,
            "crop_rolls": {"type": "object", "additionalProperties": {"type": "array", "items": DIE}},
        },
        required=["cards"],
    ),
    example={"cards": ["Corn", "Wheat", "Deer"], "crop_rolls": {"Cash Crops": [3, 5]}},
    choices=choices.harvest,
    says=says.harvest,
)
def harvest(table: Table, move: Move) -> None:
    """Discard all Plant Tokens and draw 1 Food card for each: each Farm card produces its value in FT."""
    playing(table, move)
    cards = move.data["cards"]
    harvesting = colony(table, move.seat)
    count = drawable(table, "food", harvesting["plant"])
    if len(cards) != count:
        table.refuse(
            HARVEST_PHASE, f"Draw 1 Food card for each Plant Token discarded: {count} cards, not {len(cards)}."
        )
    harvesting["plant"] = 0
    drawn = draw_and_discard(table, "food", cards, HARVEST_PHASE)
    effects = colony_effects(harvesting)
    gained = 0
    for name in drawn:
        value, alternatives = FOOD[name]
        gained += food_yield(value, [alt for alt in alternatives if "Farm" in alt], effects)
    harvesting["food"] += gained
    crop_vp = _crop_vp(table, harvesting, move.data.get("crop_rolls", {}))
    harvesting["vp"] += crop_vp
    report(table, move.seat, "harvest", food_gained=gained, crop_vp=crop_vp)


def _crop_vp(table: Table, harvesting: JSON, rolls: dict[str, list[int]]) -> int:
    """BUILD DECK CARD LIST: Tobacco Plantation and Cash Crops, 2D6 VP each in the Fall harvest, rolled
    in the event."""
    crops = {name: EFFECTS[name]["harvest_vp_dice"] for name in harvesting["buildings"] if _is_crop(name)}
    if set(rolls) != set(crops):
        table.refuse(BUILD_DECK_CARD_LIST, f"Roll 2D6 VP for each of your VP crops ({', '.join(crops) or 'none'}).")
    total = 0
    for name, dice in rolls.items():
        if len(dice) != crops.get(name, len(dice)):
            table.refuse(BUILD_DECK_CARD_LIST, f"{name} gains {crops[name]}D6 VP: roll {crops[name]} dice.")
        for die in dice:
            check_die(table, die, 6, f"The {name} VP", BUILD_DECK_CARD_LIST)
        total += sum(dice)
    return total


def _is_crop(name: str) -> bool:
    return bool(EFFECTS.get(name, {}).get("harvest_vp_dice"))


# 8. SPOIL PHASE


@move(
    "spoil",
    section=SPOIL_PHASE,
    **hardship_phase("SPOIL PHASE", "10 cards; lose X FT per Spoilage card."),
    choices=choices.hardships_of("spoil"),
    says=says.hardships,
)
def spoil(table: Table, move: Move) -> None:
    """Discard X Food Tokens for each Spoilage Hardship card (Warehouses and Granary negate the strongest)."""
    playing(table, move)
    effects = colony_effects(table.state["colonies"][move.seat])
    drawn = draw_hardships(table, effects, "spoil", move.data["cards"])
    spoilage = sorted(of_type(drawn, "Spoilage"), reverse=True)
    lost = sum(spoilage[effects["negate_spoilage"] :])
    lose(table, move.seat, "food", lost)
    report(table, move.seat, "spoil", food_lost=lost)


# 9. TRADE PHASE


@move(
    "trade",
    section=TRADE_PHASE,
    description=(
        "TRADE PHASE: the Trade Action cards played and what each gains ('food' 1 FT or 'land' 1 Land Purchase "
        "Token), the colony's extra Trades taken without a card, and how many times 5 FT are converted to 1 VP."
    ),
    schema=obj(
        {
            "cards": {"type": "array", "items": obj({"card": CARD, "gain": GAIN})},
            "extra_trades": {"type": "array", "items": GAIN},
            "convert": COUNT,
        },
        required=[],
    ),
    example={"cards": [{"card": "Beads", "gain": "land"}], "extra_trades": ["food"], "convert": 1},
    choices=choices.trade,
    says=says.trade,
)
def trade(table: Table, move: Move) -> None:
    """Play Trade Action cards, each for 1 FT or 1 Land Purchase Token; convert 5 FT into 1 VP."""
    playing(table, move)
    seat, data = move.seat, move.data
    trading = colony(table, seat)
    effects = colony_effects(trading)
    plays = data.get("cards", [])
    for play in plays:
        if play["card"] in DECK_OF and ACTION_KINDS.get(play["card"]) != "Trade Good":
            table.refuse(TRADE_PHASE, f"{play['card']} is not a Trade Action card.")
    played = from_hand(table, seat, [play["card"] for play in plays], TRADE_PHASE)
    discard(table, played)
    gains = [play["gain"] for play in plays if play["card"] in played][effects["negate_first:Trade"] :]
    extra = data.get("extra_trades", [])
    if len(extra) > effects["extra_trades"]:
        table.refuse(TRADE_PHASE, f"This colony has {effects['extra_trades']} extra Trade(s), not {len(extra)}.")
    for gain in gains + extra:
        trading["food" if gain == "food" else "land"] += 1
    trading["vp"] += max(0, effects["trade_vp"] - 1) * gains.count("land")
    conversions = data.get("convert", 0)
    if trading["food"] < FOOD_PER_VP * conversions:
        table.refuse(
            TRADE_PHASE,
            f"Converting {conversions} VP takes {FOOD_PER_VP * conversions} FT; the colony has {trading['food']}.",
        )
    conversions = min(conversions, trading["food"] // FOOD_PER_VP)
    trading["food"] -= FOOD_PER_VP * conversions
    trading["vp"] += conversions
    report(table, seat, "trade", food=trading["food"], land=trading["land"], vp=trading["vp"])


# 10. EAT PHASE


@move(
    "eat",
    section=EAT_PHASE,
    description="EAT PHASE: each CT consumes 1 FT; too few FT is a Food Shortage.",
    schema=obj({}),
    example={},
    choices=choices.nothing,
    says=says.eat,
)
def eat(table: Table, move: Move) -> None:
    """Each CT consumes 1 FT. If you do not have enough FT, there is a Food Shortage."""
    playing(table, move)
    eating = colony(table, move.seat)
    eating["shortage"] = eating["food"] < eating["colonists"]
    eating["food"] = max(0, eating["food"] - eating["colonists"])
    report(table, move.seat, "eat", shortage=eating["shortage"])


# 11. STARVE PHASE


@move(
    "starve",
    section=STARVE_PHASE,
    **hardship_phase(
        "STARVE PHASE", "after a Food Shortage, 10 cards; lose the Stock Token, 1 CT and X CT per Hunger card."
    ),
    choices=choices.hardships_of("starve"),
    says=says.hardships,
)
def starve(table: Table, move: Move) -> None:
    """Lose your Stock Token and 1 CT; discard X CT for each Hunger Hardship card you drew."""
    playing(table, move)
    drawn = draw_hardships(table, colony_effects(table.state["colonies"][move.seat]), "starve", move.data["cards"])
    hunger = of_type(drawn, "Hunger")
    starving = colony(table, move.seat)
    starving["stock"] = False
    lost = 1 + sum(hunger)
    lose(table, move.seat, "colonists", lost)
    report(table, move.seat, "starve", colonists_lost=lost)


# 12. COLD PHASE


@move(
    "cold",
    section=COLD_PHASE,
    **hardship_phase("COLD PHASE", "(Winter) 10 cards; lose 1 CT per Cold card (2 in a shortage)."),
    choices=choices.hardships_of("cold"),
    says=says.hardships,
)
def cold(table: Table, move: Move) -> None:
    """Discard 1 CT for each Cold Hardship card you drew, an extra 1 CT each in a Food Shortage."""
    playing(table, move)
    freezing = table.state["colonies"][move.seat]
    effects = colony_effects(freezing)
    colds = len(of_type(draw_hardships(table, effects, "cold", move.data["cards"]), "Cold"))
    counted = max(0, colds - effects["negate_first:Cold"])
    lost = counted * (2 if freezing["shortage"] else 1)
    lose(table, move.seat, "colonists", lost)
    report(table, move.seat, "cold", colonists_lost=lost)


# 13. SICK PHASE


@move(
    "sick",
    section=SICK_PHASE,
    description="SICK PHASE: the 5 Hardship cards drawn (8 if Swampy) and the Medical Action cards played.",
    schema=obj({"cards": CARDS, "medical": CARDS}, required=["cards"]),
    example={"cards": ["Plague", "Snow", "Fire", "Drought", "Lice"], "medical": ["Surgeon"]},
    choices=choices.sick,
    says=says.sick,
)
def sick(table: Table, move: Move) -> None:
    """Discard 1 CT per Disease card (X CT in a Food Shortage); a Medical Action card negates 1."""
    playing(table, move)
    ailing = table.state["colonies"][move.seat]
    effects = colony_effects(ailing)
    diseases = of_type(draw_hardships(table, effects, "sick", move.data["cards"]), "Disease")
    remaining = sorted(diseases[effects["negate_first:Disease"] :], reverse=True)
    played = play_actions(table, move.seat, SICK_PHASE, move.data.get("medical", []), "Medical", len(remaining))
    remaining = remaining[played:]
    lost = sum(remaining) if ailing["shortage"] else len(remaining)
    lose(table, move.seat, "colonists", lost)
    report(table, move.seat, "sick", colonists_lost=lost)


def play_actions(table: Table, seat: int, rule: str, cards: list[str], kind: str, negatable: int) -> int:
    """Discard Action cards of ``kind`` from the hand, each to negate one card; how many were played."""
    for card in cards:
        if card in DECK_OF and ACTION_KINDS.get(card) != kind:
            table.refuse(rule, f"{card} is not a {kind} Action card.")
    if len(cards) > negatable:
        table.refuse(rule, f"Only {negatable} card(s) are left to negate: play at most {negatable} {kind} card(s).")
    played = from_hand(table, seat, cards, rule)
    discard(table, played)
    return len(played)


# 14. RAID PHASE


@move(
    "raid",
    section=RAID_PHASE,
    description=(
        "RAID PHASE: the 10 Hardship cards drawn (more with Many Indians, Indefensible) and the Defense Action "
        "cards played."
    ),
    schema=obj({"cards": CARDS, "defense": CARDS}, required=["cards"]),
    example={"cards": TEN, "defense": ["Diplomacy"]},
    choices=choices.raid,
    says=says.raid,
)
def raid(table: Table, move: Move) -> None:
    """Discard X CT per Indian Raid card; Defense Buildings, a Defense Leader and Defense Action cards
    negate 1 Raid card each."""
    playing(table, move)
    effects = colony_effects(table.state["colonies"][move.seat])
    raids = sorted(of_type(draw_hardships(table, effects, "raid", move.data["cards"]), "Raid"), reverse=True)
    remaining = raids[effects["defense"] :]
    played = play_actions(table, move.seat, RAID_PHASE, move.data.get("defense", []), "Defense", len(remaining))
    lost = sum(remaining[played:])
    lose(table, move.seat, "colonists", lost)
    report(table, move.seat, "raid", colonists_lost=lost)


# 15. REBEL PHASE


@move(
    "rebel",
    section=REBEL_PHASE,
    description=(
        "REBEL PHASE: after a Food Shortage, the 10 Hardship cards drawn, the Morale Action cards played, and "
        "with exactly 1 un-negated Mutiny card the New Leader drawn (and which leader it 'replaces' when the "
        "colony has two)."
    ),
    schema=obj({"cards": CARDS, "morale": CARDS, "new_leader": NEW_LEADER}, required=["cards"]),
    example={"cards": TEN, "morale": ["Compact"]},
    choices=choices.rebel,
    says=says.rebel,
)
def rebel(table: Table, move: Move) -> None:
    """Morale cards, buildings and leaders negate Mutiny cards; 1 un-negated: discard your hand and gain a
    New Leader; 2 or more: the Settlers give up and you lose the game."""
    playing(table, move)
    seat, data = move.seat, move.data
    effects = colony_effects(table.state["colonies"][seat])
    mutinies = len(of_type(draw_hardships(table, effects, "rebel", data["cards"]), "Mutiny"))
    rebelling = colony(table, seat)
    remaining = max(0, mutinies - effects["morale"])
    remaining -= play_actions(table, seat, REBEL_PHASE, data.get("morale", []), "Morale", remaining)
    new_leader = data.get("new_leader")
    if remaining == 1:
        discard(table, rebelling["hand"])
        rebelling["hand"] = []
        if new_leader is None:
            table.refuse(
                REBEL_PHASE,
                "One un-negated Mutiny card: discard your hand and gain a New Leader (name the card drawn).",
            )
    elif new_leader is not None:
        table.refuse(REBEL_PHASE, f"A New Leader comes only with exactly 1 un-negated Mutiny card, not {remaining}.")
    if new_leader is not None:
        replace_leader(table, seat, new_leader, REBEL_PHASE)
    if remaining >= 2:
        rebelling["gave_up"] = True
    report(table, seat, "rebel", mutinies=remaining, gave_up=rebelling["gave_up"])


def replace_leader(table: Table, seat: int, new_leader: JSON, rule: str) -> None:
    """LEADER DECK: "when a Leader is lost, a new card is drawn to replace them"; the lost one is discarded."""
    leaders = cards_of(table, seat, "leaders")
    replaced = new_leader.get("replaces") or (leaders[0] if len(leaders) == 1 else None)
    if replaced not in leaders:
        table.refuse(
            TWO_LEADER_OPTION if len(leaders) > 1 else rule, f"Name which leader is replaced: {', '.join(leaders)}."
        )
    else:
        leaders.remove(replaced)
        discard(table, [replaced])
    leaders.extend(draw(table, "leader", [new_leader["drawn"]], rule))


# 16. HARDSHIP PHASE


@move(
    "hardship",
    section=HARDSHIP_PHASE,
    description=(
        "HARDSHIP PHASE: the 10 Hardship cards drawn; for each Kicked Out card the seat the CT goes to, for each "
        "Lose Leader card the New Leader drawn, for each Fire card the building lost."
    ),
    schema=obj(
        {
            "cards": CARDS,
            "kicked_out_to": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "new_leaders": {"type": "array", "items": NEW_LEADER},
            "burned": CARDS,
        },
        required=["cards"],
    ),
    example={
        "cards": ["Kicked Out", "Lose Leader", "Drought", "Rodents", "Crisis"]
        + ["Skirmish", "Snow", "Fever", "Famine", "Illness"],
        "kicked_out_to": [1],
        "new_leaders": [{"drawn": "Merchant"}],
    },
    choices=choices.hardship,
    says=says.hardship,
)
def hardship(table: Table, move: Move) -> None:
    """Special Hardship cards take effect: Go Native, Return on next Ship, Kicked Out, Lose Leader, Storm, Fire."""
    turn = playing(table, move)
    seat, data = move.seat, move.data
    drawn = draw_hardships(table, colony_effects(table.state["colonies"][seat]), "hardship", data["cards"])
    specials = [name for name in drawn if name in HARDSHIP_VALUES["Special"]]
    suffering = colony(table, seat)
    targets = list(data.get("kicked_out_to", []))
    new_leaders = list(data.get("new_leaders", []))
    burned = list(data.get("burned", []))
    for card in specials:
        if card in ("Go Native", "Return on next Ship"):
            lose(table, seat, "colonists", 1)
        elif card == "Kicked Out":
            _kick_out(table, seat, targets.pop(0) if targets else None)
        elif card == "Lose Leader" and new_leaders:
            replace_leader(table, seat, new_leaders.pop(0), HARDSHIP_PHASE)
        elif card == "Lose Leader":
            table.refuse(HARDSHIP_PHASE, "Lose Leader: Gain a New Leader (name the card drawn).")
        elif card == "Storm":
            suffering["no_ship_turn"] = turn + 1
        elif card == "Fire" and suffering["buildings"]:
            _burn(table, seat, burned.pop(0) if burned else None)
    if targets or new_leaders or burned:
        table.refuse(
            HARDSHIP_PHASE,
            "Only the Kicked Out, Lose Leader and Fire cards drawn name a player, a leader or a building.",
        )
    report(table, seat, "hardship", specials=specials)


def _kick_out(table: Table, seat: int, target: int | None) -> None:
    """Kicked Out: Lose 1 CT, It goes to another random player (to nobody when no other colony still plays)."""
    kicked = colony(table, seat)
    if kicked["colonists"] == 0:
        return
    others = [other for other, c in enumerate(table.state["colonies"]) if other != seat and not c["gave_up"]]
    if target not in others and (others or target is not None):
        table.refuse(
            HARDSHIP_PHASE, f"Kicked Out: the CT goes to another player still in the game {others}, not {target}."
        )
    lose(table, seat, "colonists", 1)
    if target in others:
        colony(table, target)["colonists"] += 1


def _burn(table: Table, seat: int, building: str | None) -> None:
    """Fire: Lose 1 Random Building (the event names the one lost)."""
    buildings = cards_of(table, seat, "buildings")
    if building not in buildings:
        table.refuse(HARDSHIP_PHASE, f"Fire: name the building lost, one of {', '.join(buildings)}.")
        return
    buildings.remove(building)
    discard(table, [building])


# 17. BUILD PHASE


@move(
    "build",
    section=BUILD_PHASE,
    description="BUILD PHASE: the Buildings put into play from the hand: the first costs 5 FT, a second 20 FT.",
    schema=obj({"buildings": CARDS}),
    example={"buildings": ["Church"]},
    choices=choices.build,
    says=says.build,
)
def build(table: Table, move: Move) -> None:
    """You may put 1 Building into play at a cost of 5 FT, and a second for 20 FT."""
    playing(table, move)
    seat = move.seat
    building = colony(table, seat)
    wanted = move.data["buildings"]
    if len(wanted) > len(BUILD_COSTS):
        table.refuse(BUILD_PHASE, "You may put 1 Building into play, and a second: no more in one Build Phase.")
    for name in wanted:
        if name in DECK_OF and DECK_OF[name] != "build":
            table.refuse(BUILD_PHASE, f"{name} is not a Build card.")
    built = from_hand(table, seat, wanted, BUILD_PHASE)
    cost = sum(BUILD_COSTS[min(n, len(BUILD_COSTS) - 1)] for n in range(len(built)))
    if cost > building["food"]:
        table.refuse(
            BUILD_PHASE,
            f"Building {len(built)} costs {cost} FT (5, and 20 for a second); the colony has {building['food']}.",
        )
    building["food"] = max(0, building["food"] - cost)
    if built:
        cards_of(table, seat, "buildings").extend(built)
    report(table, seat, "build", built=built, food=building["food"])


#: The 17 phases of a turn, in TURN SEQUENCE order (one move each).
PHASE_MOVES = (
    time,
    draw_phase,
    plant,
    ship,
    blight,
    food,
    harvest,
    spoil,
    trade,
    eat,
    starve,
    cold,
    sick,
    raid,
    rebel,
    hardship,
    build,
)
assert tuple(rule.name for rule in PHASE_MOVES) == tuple(PHASE_SECTIONS)
