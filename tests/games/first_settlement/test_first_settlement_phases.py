"""The phases of a First Settlement turn, one rule per test, each citing its rulebook section."""

import pytest

from games.first_settlement import ENGINE

NEUTRAL_SITE = ["Quality Timber", "Safe Harbor", "Good Pastures"]
PLAIN = {"leaders": ["Nobleman"], "sites": ["Quality Timber", "River Mouth", "Hill Top"], "buildings": []}


@pytest.fixture
def founded(table):
    return table.founded()


def colony_after(table, state, phase, data, seat=0):
    return table.play(state, phase, seat, data)["colonies"][seat]


# DRAW PHASE


def _draw_data(table, state, discards):
    builds = table.take(state, "build", 2)
    return {
        "actions": table.take(state, "action", 2),
        "builds": builds,
        "build_discard": builds[1],
        "discards": discards,
    }


def test_draw_2_action_and_2_build_cards_and_discard_1_of_the_builds(table, founded):
    """DRAW PHASE: "Draw 2 cards from the Action Deck. Draw 2 cards from the Build Deck and discard 1." """
    state = table.at(founded, "draw", leaders=["Farmer"])
    hand = state["colonies"][0]["hand"]
    data = _draw_data(table, state, hand[:3])
    colony = colony_after(table, state, "draw", data)
    assert sorted(colony["hand"]) == sorted(hand[3:] + data["actions"] + data["builds"][:1])
    assert table.rules(state, "draw", 0, {**data, "build_discard": hand[3]}) == ["DRAW PHASE"]
    assert table.rules(state, "draw", 0, {**data, "actions": data["actions"][:1], "discards": hand[:2]}) == [
        "DRAW PHASE"
    ]
    one_build = {**data, "builds": data["builds"][:1], "discards": hand[:3]}
    del one_build["build_discard"]
    assert table.rules(state, "draw", 0, one_build) == ["DRAW PHASE"]


def test_max_hand_size_is_5_cards_and_the_excess_is_discarded(table, founded):
    """DRAW PHASE: "Max hand size is 5 cards. Discard excess cards." """
    state = table.at(founded, "draw", leaders=["Farmer"])
    hand = state["colonies"][0]["hand"]
    assert table.rules(state, "draw", 0, _draw_data(table, state, hand[:2])) == ["DRAW PHASE"]
    assert table.rules(state, "draw", 0, _draw_data(table, state, hand[:4])) == ["DRAW PHASE"]
    assert len(colony_after(table, state, "draw", _draw_data(table, state, hand[:3]))["hand"]) == 5


def test_a_gift_may_leave_a_hand_over_5_cards_until_the_next_draw_phase(table):
    """DRAW PHASE: "Max hand size is 5 cards. Discard excess cards." is a step of the Draw Phase; TRADE
    OPTION: "Players may at any time freely trade cards from their hands" sets no limit. Seat 1 gives seat 0
    (a Farmer, 5 cards) one card: 6 cards, accepted. In its Draw Phase seat 0 holds 6 + 2 Action + 1 Build
    = 9 cards and discards 4, not 3."""
    state = table.at(table.founded(options={"trade_between_players": True}), "time", seat=0, turn=2)
    gift = {"to": 0, "cards": state["colonies"][1]["hand"][:1]}
    assert table.rules(state, "give", 1, gift) == []
    state = table.play(state, "give", 1, gift)
    assert len(state["colonies"][0]["hand"]) == 6
    state = table.at(state, "draw", seat=0, turn=2)
    hand = state["colonies"][0]["hand"]
    assert table.rules(state, "draw", 0, _draw_data(table, state, hand[:3])) == ["DRAW PHASE"]
    assert len(colony_after(table, state, "draw", _draw_data(table, state, hand[:4]))["hand"]) == 5


def test_the_nobleman_holds_one_card_more(table, founded):
    """LEADER DECK CARD LIST: "Nobleman Hand Size +1" """
    state = table.at(founded, "draw", leaders=["Nobleman"])
    hand = state["colonies"][0]["hand"]
    assert len(colony_after(table, state, "draw", _draw_data(table, state, hand[:2]))["hand"]) == 6
    assert table.rules(state, "draw", 0, _draw_data(table, state, hand[:3])) == ["DRAW PHASE"]


def test_two_cards_may_be_discarded_to_draw_one(table, founded):
    """DRAW PHASE: "You may discard 2 cards (any type) to draw 1 card (any type)." """
    state = table.at(founded, "draw", leaders=["Farmer"])
    hand = state["colonies"][0]["hand"]
    card = table.take(state, "build", 3)[2]
    swap = {"discard": hand[:2], "deck": "build", "card": card}
    data = {**_draw_data(table, state, hand[2:4]), "swaps": [swap]}
    assert card in colony_after(table, state, "draw", data)["hand"]
    bad = {**data, "swaps": [{**swap, "discard": hand[:1]}], "discards": hand[2:5]}
    assert "DRAW PHASE" in table.rules(state, "draw", 0, bad)


def test_a_hand_cut_to_the_limit_before_a_swap_is_accepted(table, founded):
    """DRAW PHASE: "You may discard 2 cards (any type) to draw 1 card (any type). Max hand size is 5 cards.
    Discard excess cards." A table that discards the 3 excess cards first and then swaps ends with 4 cards;
    discarding more than that is refused."""
    state = table.at(founded, "draw", leaders=["Farmer"])
    hand = state["colonies"][0]["hand"]
    card = table.take(state, "build", 3)[2]
    data = {**_draw_data(table, state, hand[2:5]), "swaps": [{"discard": hand[:2], "deck": "build", "card": card}]}
    assert len(colony_after(table, state, "draw", data)["hand"]) == 4
    more = {**data, "discards": [*hand[2:5], data["actions"][0]]}
    assert table.rules(state, "draw", 0, more) == ["DRAW PHASE"]


# PLANT PHASE and SHIP PHASE


def test_spring_gives_plant_tokens_equal_to_the_colonists(table, founded):
    """PLANT PHASE: "Gain Plant Tokens equal to the number of CT you have." """
    state = table.at(founded, "plant", turn=6, colonists=12)
    assert colony_after(table, state, "plant", {})["plant"] == 12


def test_a_ship_arrives_on_7_or_better_with_1d10_ct_and_1d10_ft_and_the_stock_token(table, founded):
    """SHIP PHASE: "On a roll of 7 or better, a ship (from England) arrives. The ship will contain 1D10 CT and
    1D10 FT. The ship replenishes your Stock Token if you lost it." """
    state = table.at(founded, "ship", colonists=5, food=2, stock=False, **PLAIN)
    colony = colony_after(table, state, "ship", {"roll": 7, "colonists": 3, "food": 4})
    assert (colony["colonists"], colony["food"], colony["stock"]) == (8, 6, True)
    assert table.rules(state, "ship", 0, {"roll": 7}) == ["SHIP PHASE"]
    assert table.rules(state, "ship", 0, {"roll": 6, "colonists": 3, "food": 4}) == ["SHIP PHASE"]
    assert table.rules(state, "ship", 0, {"roll": 7, "colonists": 11, "food": 4}) == ["SHIP PHASE", "DICE"]
    assert table.rules(state, "ship", 0, {"roll": 11, "colonists": 3, "food": 4}) == ["SHIP PHASE", "DICE"]
    colony = colony_after(table, state, "ship", {"roll": 6})
    assert (colony["colonists"], colony["stock"]) == (5, False)


@pytest.mark.parametrize(
    "cards",
    [{"leaders": ["Merchant"]}, {"sites": ["Safe Harbor"]}, {"buildings": ["Lighthouse"]}, {"buildings": ["Docks"]}],
)
def test_ship_roll_bonuses_bring_a_ship_on_6(table, founded, cards):
    """Merchant, Safe Harbor, Lighthouse, Docks: "Get +1 to Roll in Ship Phase" """
    state = table.at(founded, "ship", **{**PLAIN, **cards})
    assert table.rules(state, "ship", 0, {"roll": 6}) == ["SHIP PHASE"]
    assert colony_after(table, state, "ship", {"roll": 6, "colonists": 1, "food": 1})["colonists"] == 11


# BLIGHT PHASE, FOOD PHASE, HARVEST PHASE, SPOIL PHASE


def test_blight_cards_destroy_plant_tokens(table, founded):
    """BLIGHT PHASE: "Draw and discard 10 Hardship cards. Discard 1 Plant token for each Blight card." """
    state = table.at(founded, "blight", plant=5)
    cards = table.hardships(10, "Drought", "Insects", avoid=("Blight",))
    assert colony_after(table, state, "blight", {"cards": cards})["plant"] == 3
    assert table.rules(state, "blight", 0, {"cards": cards[:9]}) == ["BLIGHT PHASE"]
    assert sum(table.play(state, "blight", 0, {"cards": cards})["decks"]["hardship"]["discard"].values()) == 10


def test_a_hardship_card_drawn_must_be_left_in_the_deck(table, founded):
    """BLIGHT PHASE: "Draw and discard 10 Hardship cards" from the Hardships deck (one copy of each)."""
    state = table.at(founded, "blight")
    cards = table.hardships(10, "Drought", "Drought", avoid=("Blight",))
    assert table.rules(state, "blight", 0, {"cards": cards}) == ["BLIGHT PHASE"]
    assert table.rules(state, "blight", 0, {"cards": [*cards[1:], "Blizzard"]}) == ["HARDSHIP DECK CARDS"]


FOOD_SAMPLE = ["Corn", "Melons", "Chickens", "Deer", "Dried Peas", "Shellfish"]


def test_food_cards_feed_the_colony_except_farm_cards(table, founded):
    """FOOD PHASE: "Draw 1 Food card for each CT ... Discard all Farm cards. Each useable Food card provides
    1 or more FT." Corn is discarded; Melons count as Wild (1), Dried Peas as Victuals (3), Shellfish 2."""
    state = table.at(founded, "food", colonists=6, food=0, **PLAIN)
    assert colony_after(table, state, "food", {"cards": FOOD_SAMPLE})["food"] == 0 + 1 + 1 + 2 + 3 + 2
    assert table.rules(state, "food", 0, {"cards": FOOD_SAMPLE[:5]}) == ["FOOD PHASE"]


def test_without_a_stock_token_livestock_and_victuals_are_discarded(table, founded):
    """FOOD PHASE: "Discard Livestock & Victual cards if you do not have a Stock token." """
    state = table.at(founded, "food", colonists=6, food=0, stock=False, **PLAIN)
    assert colony_after(table, state, "food", {"cards": FOOD_SAMPLE})["food"] == 1 + 2 + 2


def test_winter_draws_half_and_discards_warm_cards(table, founded):
    """FOOD PHASE: "If it is Winter, only draw 1 Food card for every 2 CT you have ... If it is Winter discard
    all Warm cards." 7 CT draw 3 cards (rounded down)."""
    state = table.at(founded, "food", turn=5, colonists=7, food=0, **PLAIN)
    assert colony_after(table, state, "food", {"cards": ["Melons", "Cranberries", "Cod"]})["food"] == 2
    assert table.rules(state, "food", 0, {"cards": ["Melons", "Cranberries", "Cod", "Eels"]}) == ["FOOD PHASE"]


@pytest.mark.parametrize(
    "cards, food",
    [
        ({"leaders": ["Farmer"]}, 9 + 1),  # Chickens +1
        ({"leaders": ["Sea Captain"]}, 9 + 1),  # Shellfish as Fish +1
        ({"leaders": ["Explorer"]}, 9 + 2),  # Melons and Shellfish as Wild +1
        ({"sites": ["Good Hunting"]}, 9 + 1),  # Deer +1
        ({"sites": ["Fishing Grounds"]}, 9 + 1),  # Shellfish as Fish +1
        ({"sites": ["Tidal Flats"]}, 9 + 2),  # Melons and Shellfish as Wild +1
        ({"sites": ["Salt Marsh"]}, 9 + 2),  # Wild +1; Farm -1 matters only in the harvest
        ({"sites": ["Good Pastures"]}, 9 + 1),  # Chickens +1
        ({"buildings": ["Fences", "Clear Land for Pasture"]}, 9 + 2),
        ({"buildings": ["Shipyard", "Fishing Fleet"]}, 9 + 2),
        ({"sites": ["Island"]}, 9 - 2),  # the first Hunt card (Deer) is negated
    ],
)
def test_leader_site_and_building_food_modifiers(table, founded, cards, food):
    """LEADER / SITE / BUILD DECK CARD LISTS: "All Fish Food cards earn +1 FT" and the like; Island "Negates the
    first Hunt card each turn". An "or" card counts as the better of its types."""
    state = table.at(founded, "food", colonists=6, food=0, **{**PLAIN, **cards})
    assert colony_after(table, state, "food", {"cards": FOOD_SAMPLE})["food"] == food


def test_the_fall_harvest_turns_plant_tokens_into_farm_food(table, founded):
    """HARVEST PHASE: "Discard all your Plant Tokens. Draw 1 Food card for each PT discarded. Each Farm card
    you drew produces FT equal to its value." Corn 5, Melons 1, Deer 0, Dried Peas 3."""
    state = table.at(founded, "harvest", turn=4, plant=4, food=0, **PLAIN)
    colony = colony_after(table, state, "harvest", {"cards": ["Corn", "Melons", "Deer", "Dried Peas"]})
    assert (colony["food"], colony["plant"]) == (9, 0)
    assert table.rules(state, "harvest", 0, {"cards": ["Corn", "Melons", "Deer"]}) == ["HARVEST PHASE"]
    rocky = table.at(state, "harvest", turn=4, sites=["Rocky Soil", "Cleared Land", "Salt Marsh"])
    assert (
        colony_after(table, rocky, "harvest", {"cards": ["Corn", "Melons", "Deer", "Dried Peas"]})["food"] == 4 + 0 + 2
    )


@pytest.mark.parametrize(
    "cards",
    [
        {"leaders": ["Farmer"]},
        {"sites": ["Cleared Land", "Hill Top", "Good Pastures"]},
        {"buildings": ["Clear Land for Crops"]},
        {"buildings": ["Irrigation Project"]},
    ],
)
def test_farm_food_bonuses_add_to_each_farm_card_of_the_harvest(table, founded, cards):
    """LEADER DECK CARD LIST: "Farmer All Farm & Livestock Food cards earn +1 FT"; SITE DECK CARD LIST:
    "Cleared Land All Farm Food cards earn +1 FT"; BUILD DECK CARD LIST: "Clear Land for Crops" and
    "Irrigation Project All Farm Food cards earn +1 FT". In the Fall harvest Corn (5), Melons (1, "Wild Warm
    or Farm") and Dried Peas (3, "Farm or Victuals") are Farm cards, Deer (Hunt) is not: (5 + 1) + (1 + 1)
    + (3 + 1) = 12 FT."""
    state = table.at(founded, "harvest", turn=4, plant=4, food=0, **{**PLAIN, **cards})
    colony = colony_after(table, state, "harvest", {"cards": ["Corn", "Melons", "Deer", "Dried Peas"]})
    assert colony["food"] == 12


def test_tobacco_plantation_gains_2d6_vp_in_the_fall_harvest(table, founded):
    """BUILD DECK CARD LIST: "Tobacco Plantation Gain 2D6 VP in Harvest Phase in Fall" """
    state = table.at(founded, "harvest", turn=4, plant=0, buildings=["Tobacco Plantation"])
    assert colony_after(table, state, "harvest", {"cards": [], "crop_rolls": {"Tobacco Plantation": [3, 5]}})["vp"] == 8
    assert table.rules(state, "harvest", 0, {"cards": []}) == ["BUILD DECK CARD LIST"]
    assert table.rules(state, "harvest", 0, {"cards": [], "crop_rolls": {"Tobacco Plantation": [3, 7]}}) == [
        "BUILD DECK CARD LIST",
        "DICE",
    ]
    one_die = {"cards": [], "crop_rolls": {"Tobacco Plantation": [3]}}
    assert table.rules(state, "harvest", 0, one_die) == ["BUILD DECK CARD LIST"]


def test_spoilage_cards_cost_their_value_in_food(table, founded):
    """SPOIL PHASE: "Discard X Food Tokens for each Spoilage Hardship card you drew." Warehouses and Granary:
    "Negate one Spoilage card in Spoil Phase" (the worst)."""
    state = table.at(founded, "spoil", food=10, **PLAIN)
    cards = table.hardships(10, "Rodents", "Rotten Food", avoid=("Spoilage",))
    assert colony_after(table, state, "spoil", {"cards": cards})["food"] == 6
    stored = table.at(state, "spoil", buildings=["Warehouses"])
    assert colony_after(table, stored, "spoil", {"cards": cards})["food"] == 9


# TRADE PHASE and EAT PHASE


def test_each_trade_card_played_gains_1_food_or_1_land_purchase_token(table, founded):
    """TRADE PHASE: "You may play (discard) Trade Action cards. For each such card, you may gain either 1 Food
    Token or 1 Land Purchase Token." """
    state = table.at(founded, "trade", food=0, hand=["Beads", "Cloth", "Surgeon"], **PLAIN)
    plays = [{"card": "Beads", "gain": "land"}, {"card": "Cloth", "gain": "food"}]
    colony = colony_after(table, state, "trade", {"cards": plays})
    assert (colony["land"], colony["food"], colony["hand"]) == (1, 1, ["Surgeon"])
    assert table.rules(state, "trade", 0, {"cards": [{"card": "Surgeon", "gain": "food"}]}) == ["TRADE PHASE"]
    assert table.rules(state, "trade", 0, {"cards": [{"card": "Guns", "gain": "food"}]}) == ["TRADE PHASE"]


def test_extra_trades_come_from_leaders_sites_and_buildings(table, founded):
    """River Mouth, Frontiersman, Many Indians, Taverns, Trading Posts: "Get 1 extra Trade in Trade phase" """
    state = table.at(founded, "trade", food=0, hand=[], **{**PLAIN, "leaders": ["Frontiersman"]})
    colony = colony_after(table, state, "trade", {"extra_trades": ["food", "land"]})
    assert (colony["food"], colony["land"]) == (1, 1)
    assert table.rules(state, "trade", 0, {"extra_trades": ["food", "land", "land"]}) == ["TRADE PHASE"]


def test_isolated_negates_the_first_trade_card_and_rich_in_furs_doubles_its_vp(table, founded):
    """SITE DECK CARD LIST: "Isolated Negate the first Trade card you play in Trade Phase"; "Rich in Furs Trade
    cards earn 2 VP each instead of 1." """
    hand = ["Beads", "Cloth"]
    plays = [{"card": "Beads", "gain": "land"}, {"card": "Cloth", "gain": "land"}]
    isolated = table.at(founded, "trade", hand=hand, sites=["Isolated"], leaders=["Nobleman"])
    assert colony_after(table, isolated, "trade", {"cards": plays})["land"] == 1
    furs = table.at(founded, "trade", hand=hand, sites=["Rich in Furs"], leaders=["Nobleman"])
    colony = colony_after(table, furs, "trade", {"cards": plays})
    assert ENGINE.view(table.play(furs, "trade", 0, {"cards": plays}))["scores"][0] - 20 == 2 * 2
    assert (colony["land"], colony["vp"]) == (2, 2)


def test_5_food_tokens_convert_into_1_vp(table, founded):
    """TRADE PHASE: "You may convert 5 FT into 1 VP." """
    state = table.at(founded, "trade", food=12, hand=[], **PLAIN)
    colony = colony_after(table, state, "trade", {"convert": 2})
    assert (colony["food"], colony["vp"]) == (2, 2)
    assert table.rules(state, "trade", 0, {"convert": 3}) == ["TRADE PHASE"]


def test_each_colonist_eats_one_food_token_or_there_is_a_shortage(table, founded):
    """EAT PHASE: "Each CT consumes 1 FT. If you do not have enough FT, there is a Food Shortage." """
    fed = colony_after(table, table.at(founded, "eat", colonists=8, food=10), "eat", {})
    assert (fed["food"], fed["shortage"]) == (2, False)
    hungry = colony_after(table, table.at(founded, "eat", colonists=8, food=5), "eat", {})
    assert (hungry["food"], hungry["shortage"]) == (0, True)


# STARVE, COLD, SICK, RAID, REBEL


def test_starving_loses_the_stock_token_1_ct_and_x_ct_per_hunger_card(table, founded):
    """STARVE PHASE: "Lose your Stock Token and 1 CT. Discard X CT for each Hunger Hardship card you drew." """
    state = table.at(founded, "starve", colonists=10, shortage=True)
    cards = table.hardships(10, "Famine", "Food Poisoning", avoid=("Hunger",))
    colony = colony_after(table, state, "starve", {"cards": cards})
    assert (colony["colonists"], colony["stock"]) == (10 - 1 - 2 - 1, False)


def test_cold_cards_cost_1_ct_each_and_2_in_a_food_shortage(table, founded):
    """COLD PHASE: "Discard 1 CT for each Cold Hardship card you drew. If there is a Food Shortage, discard an
    extra 1 CT for each Cold Hardship card you drew." SITE DECK CARD LIST: "Sheltered Cove Negates the first
    Cold card each turn": the negated card costs nothing, in a Food Shortage too: Bitter Cold alone costs 2, 8 CT left."""
    cards = table.hardships(10, "Snow", "Bitter Cold", avoid=("Cold",))
    state = table.at(founded, "cold", turn=5, colonists=10, **PLAIN)
    assert colony_after(table, state, "cold", {"cards": cards})["colonists"] == 8
    short = table.at(state, "cold", turn=5, shortage=True)
    assert colony_after(table, short, "cold", {"cards": cards})["colonists"] == 6
    cove = table.at(state, "cold", turn=5, sites=["Sheltered Cove"])
    assert colony_after(table, cove, "cold", {"cards": cards})["colonists"] == 9
    short_cove = table.at(short, "cold", turn=5, sites=["Sheltered Cove"])
    assert colony_after(table, short_cove, "cold", {"cards": cards})["colonists"] == 8


def test_windswept_draws_2_extra_cards_in_the_cold_phase(table, founded):
    """SITE DECK CARD LIST: "Windswept Draw 2 extra Hardship cards in Cold Phase" """
    state = table.at(founded, "cold", turn=5, sites=["Windswept"])
    assert table.rules(state, "cold", 0, {"cards": table.hardships(10)}) == ["COLD PHASE"]
    table.play(state, "cold", 0, {"cards": table.hardships(12)})


SICK = ["Plague", "Lice", "Fire", "Drought", "Snow"]
NO_SPRING = {"sites": NEUTRAL_SITE, "leaders": ["Farmer"]}


def test_disease_costs_1_ct_per_card_or_its_value_in_a_shortage(table, founded):
    """SICK PHASE: "Draw and discard 5 Hardship cards. Discard 1 CT for each Disease card. If there is a Food
    Shortage, instead discard X Colonist Tokens for each Disease Hardship card you drew." """
    state = table.at(founded, "sick", colonists=10, **PLAIN)
    assert colony_after(table, state, "sick", {"cards": SICK})["colonists"] == 8
    short = table.at(state, "sick", shortage=True)
    assert colony_after(table, short, "sick", {"cards": SICK})["colonists"] == 5
    assert table.rules(state, "sick", 0, {"cards": SICK[:4]}) == ["SICK PHASE"]


def test_a_medical_card_negates_one_disease_card(table, founded):
    """SICK PHASE: "You may discard a Medical Action card to negate 1 Disease card." """
    state = table.at(founded, "sick", colonists=10, shortage=True, hand=["Surgeon", "Quarantine", "Beads"], **PLAIN)
    colony = colony_after(table, state, "sick", {"cards": SICK, "medical": ["Surgeon"]})
    assert (colony["colonists"], colony["hand"]) == (9, ["Quarantine", "Beads"])
    assert table.rules(state, "sick", 0, {"cards": SICK, "medical": ["Beads"]}) == ["SICK PHASE"]
    too_many = {"cards": ["Lice", *SICK[2:], "Fungus"], "medical": ["Surgeon", "Quarantine"]}
    assert table.rules(state, "sick", 0, too_many) == ["SICK PHASE"]


def test_freshwater_spring_negates_the_first_disease_card_and_swampy_draws_3_more(table, founded):
    """SITE DECK CARD LIST: "Freshwater Spring Negates first Disease card each turn"; BUILD DECK CARD LIST:
    "Fill in Swamp Negates first Disease card each turn": in a Food Shortage the first Disease card, Plague
    (4), is negated and Lice (1) costs 1 CT. SITE DECK CARD LIST: "Swampy Draw 3 extra Hardship cards in
    Sick Phase"."""
    spring = table.at(founded, "sick", colonists=10, shortage=True, sites=["Freshwater Spring"])
    assert colony_after(table, spring, "sick", {"cards": SICK})["colonists"] == 9
    filled = table.at(founded, "sick", colonists=10, shortage=True, buildings=["Fill in Swamp"], **NO_SPRING)
    assert colony_after(table, filled, "sick", {"cards": SICK})["colonists"] == 9
    swamp = table.at(founded, "sick", colonists=10, sites=["Swampy"], buildings=["Fill in Swamp"])
    assert table.rules(swamp, "sick", 0, {"cards": SICK}) == ["SICK PHASE"]
    assert colony_after(table, swamp, "sick", {"cards": [*SICK, "Fungus", "Crisis", "Rodents"]})["colonists"] == 9


RAID = ["Indian War", "Skirmish", *["Drought", "Insects", "Fungus", "Snow", "Crisis", "Lice", "Famine", "Rodents"]]


def test_raids_cost_their_value_in_colonists(table, founded):
    """RAID PHASE: "Discard X CT for each Indian Raid Hardship card you drew." """
    state = table.at(founded, "raid", colonists=10, sites=NEUTRAL_SITE, leaders=["Farmer"])
    assert colony_after(table, state, "raid", {"cards": RAID})["colonists"] == 6


@pytest.mark.parametrize(
    "cards",
    [
        {"leaders": ["Soldier"]},
        {"sites": ["Hill Top"]},
        {"sites": ["Island"]},
        {"buildings": ["Stockade"]},
        {"buildings": ["Palisade"]},
        {"hand": ["Diplomacy"], "play": ["Diplomacy"]},
    ],
)
def test_defense_negates_one_raid_card(table, founded, cards):
    """RAID PHASE: "You may discard a Defense Action card to negate 1 Raid card. Each Defense Building ... A
    Defense Leader negates 1 Raid card each phase." (Hill Top, Island: Defense +1.) The worst raid goes."""
    play = cards.pop("play", [])
    state = table.at(founded, "raid", colonists=10, **{"sites": NEUTRAL_SITE, "leaders": ["Farmer"], **cards})
    assert colony_after(table, state, "raid", {"cards": RAID, "defense": play})["colonists"] == 9


@pytest.mark.parametrize(
    "cards",
    [
        {"buildings": ["Stockade", "Palisade"]},
        {"buildings": ["Stockade"], "leaders": ["Soldier"]},
        {"sites": ["Hill Top", "Island", "Safe Harbor"]},
    ],
)
def test_defenses_add_up(table, founded, cards):
    """RAID PHASE: "Each Defense Building you have negates 1 Raid card each phase. A "Defense" Leader negates 1
    Raid card each phase." (Hill Top, Island: Defense +1.) Two defenses negate both Indian War (3) and
    Skirmish (1): the colony keeps its 10 CT."""
    state = table.at(founded, "raid", colonists=10, **{"sites": NEUTRAL_SITE, "leaders": ["Farmer"], **cards})
    assert colony_after(table, state, "raid", {"cards": RAID, "defense": []})["colonists"] == 10


def test_defense_cards_must_be_defense_and_needed(table, founded):
    """RAID PHASE: "You may discard a Defense Action card to negate 1 Raid card." """
    state = table.at(founded, "raid", hand=["Diplomacy", "Emissary", "Surgeon"], sites=NEUTRAL_SITE)
    assert table.rules(state, "raid", 0, {"cards": RAID, "defense": ["Surgeon"]}) == ["RAID PHASE"]
    three = {"cards": RAID, "defense": ["Diplomacy", "Emissary", "Surgeon"]}
    assert "RAID PHASE" in table.rules(state, "raid", 0, three)


def test_many_indians_and_indefensible_draw_an_extra_raid_card(table, founded):
    """SITE DECK CARD LIST: "Many Indians ... Draw 1 extra card in Raid Phase"; "Indefensible Draw 1 extra
    Hardship card in Raid Phase"."""
    state = table.at(founded, "raid", sites=["Many Indians", "Indefensible"])
    assert table.rules(state, "raid", 0, {"cards": RAID}) == ["RAID PHASE"]
    table.play(state, "raid", 0, {"cards": [*RAID, "Despair", "Agitators"]})


REBEL = ["Crisis", *["Drought", "Insects", "Fungus", "Snow", "Lice", "Famine", "Rodents", "Fever", "Plague"]]


def test_one_mutiny_card_discards_the_hand_and_brings_a_new_leader(table, founded):
    """REBEL PHASE: "If there is 1 un-negated Mutiny card, discard your hand and gain a New Leader." """
    state = table.at(founded, "rebel", shortage=True, leaders=["Farmer"], sites=NEUTRAL_SITE, buildings=[])
    new_leader = table.take(state, "leader", 1, avoid=["Farmer"])[0]
    colony = colony_after(table, state, "rebel", {"cards": REBEL, "new_leader": {"drawn": new_leader}})
    assert (colony["hand"], colony["leaders"]) == ([], [new_leader])
    assert table.rules(state, "rebel", 0, {"cards": REBEL}) == ["REBEL PHASE"]


def test_morale_negates_a_mutiny_card(table, founded):
    """REBEL PHASE: "You may discard a Morale Action card to negate 1 Mutiny card. Each Morale Building ...
    A Morale Leader negates 1 Mutiny card each phase." """
    base = {"shortage": True, "leaders": ["Farmer"], "sites": NEUTRAL_SITE, "buildings": []}
    for cards in ({"leaders": ["Minister"]}, {"buildings": ["Church"]}, {"buildings": ["Town Hall"]}):
        state = table.at(founded, "rebel", **{**base, **cards})
        assert colony_after(table, state, "rebel", {"cards": REBEL})["hand"] == founded["colonies"][0]["hand"]
        assert table.rules(state, "rebel", 0, {"cards": REBEL, "new_leader": {"drawn": "Soldier"}}) == ["REBEL PHASE"]
    state = table.at(founded, "rebel", **base, hand=["Compact", "Beads"])
    assert colony_after(table, state, "rebel", {"cards": REBEL, "morale": ["Compact"]})["hand"] == ["Beads"]


def test_morale_buildings_and_leaders_add_up(table, founded):
    """REBEL PHASE: "Each "Morale" Building you have negates 1 Mutiny card each phase. A "Morale" Leader
    negates 1 Mutiny card each phase." Crisis and Despair (2 Mutiny cards) are both negated by Church and Town
    Hall, or by Church and the Minister: the hand stays and no new leader comes; with the Church alone one is
    left, so the hand is discarded and a new leader must be named."""
    mutinies = ["Crisis", "Despair", *REBEL[1:9]]
    base = {"shortage": True, "leaders": ["Farmer"], "sites": NEUTRAL_SITE}
    for cards in ({"buildings": ["Church", "Town Hall"]}, {"buildings": ["Church"], "leaders": ["Minister"]}):
        state = table.at(founded, "rebel", **{**base, **cards})
        assert colony_after(table, state, "rebel", {"cards": mutinies})["hand"] == founded["colonies"][0]["hand"]
    church = table.at(founded, "rebel", **base, buildings=["Church"])
    assert table.rules(church, "rebel", 0, {"cards": mutinies}) == ["REBEL PHASE"]


def test_two_mutiny_cards_and_the_settlers_give_up_and_lose(table, founded):
    """REBEL PHASE: "If there are 2 or more un-negated Mutiny cards the Settlers give up: The Survivors go back
    to England on the next ship and you lose the game." The game itself "runs for 20 turns" (TIME & GAME
    LENGTH): the other colony plays on to the end and wins, whatever the VP of the one that gave up."""
    state = table.at(founded, "rebel", shortage=True, leaders=["Farmer"], sites=NEUTRAL_SITE, colonists=30)
    state = table.play(state, "rebel", 0, {"cards": ["Despair", *REBEL[:9]]})
    assert ENGINE.outcome(state) is None and ENGINE.view(state)["active_seats"] == [1]
    state = table.play(table.at(state, "build", seat=1, turn=20), "build", 1, {"buildings": []})
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [1] and outcome.places == [2, 1] and not outcome.cooperative
    assert outcome.scores[0] > outcome.scores[1]


def test_when_every_colony_gives_up_the_game_ends_without_a_winner(table, founded):
    """REBEL PHASE: "... you lose the game": when the last colony still standing gives up, every player
    has lost and nothing is left to play: a result the whole table shares (the contract's
    ``cooperative``, which competitive ratings leave out), not a tie between colonies."""
    state = table.at(founded, "rebel", shortage=True, leaders=["Farmer"], sites=NEUTRAL_SITE, colonists=30)
    state["colonies"][1]["gave_up"] = True
    state = table.play(state, "rebel", 0, {"cards": ["Despair", *REBEL[:9]]})
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [] and outcome.places == [1, 1] and outcome.cooperative
    assert outcome.reason.startswith("If there are 2 or more un-negated Mutiny cards the Settlers give up")


def test_a_colony_that_gave_up_plays_no_more_and_places_last(table):
    """REBEL PHASE: "you lose the game": with three players the game goes on without that colony."""
    state = table.founded(3)
    state = table.at(state, "rebel", shortage=True, leaders=["Farmer"], sites=NEUTRAL_SITE, colonists=30)
    state = table.play(state, "rebel", 0, {"cards": ["Despair", *REBEL[:9]]})
    assert ENGINE.outcome(state) is None and ENGINE.view(state)["active_seats"] == [1]
    state = table.play(table.at(state, "build", seat=2, turn=20), "build", 2, {"buildings": []})
    assert ENGINE.outcome(state).places == [3, 1, 1]
    assert table.rules(state, "time", 0, {}) == ["TIME & GAME LENGTH"]


# HARDSHIP PHASE and BUILD PHASE


def test_special_hardships_take_effect(table, founded):
    """HARDSHIP PHASE: "Go Native: Lose 1 CT / Return on next Ship: Lose 1 CT / Kicked Out: Lose 1 CT, It goes to
    another random player. / Lose Leader: Gain a New Leader / Fire: Lose 1 Random Building" """
    state = table.at(founded, "hardship", colonists=10, leaders=["Farmer"], buildings=["Church", "Docks"])
    cards = table.hardships(10, "Go Native", "Return on next Ship", "Kicked Out", "Lose Leader", "Fire")
    data = {"cards": cards, "kicked_out_to": [1], "new_leaders": [{"drawn": "Soldier"}], "burned": ["Docks"]}
    after = table.play(state, "hardship", 0, data)
    colony = after["colonies"][0]
    assert (colony["colonists"], colony["leaders"], colony["buildings"]) == (7, ["Soldier"], ["Church"])
    assert after["colonies"][1]["colonists"] == 11
    assert table.rules(state, "hardship", 0, {**data, "kicked_out_to": [0]}) == ["HARDSHIP PHASE"]
    assert table.rules(state, "hardship", 0, {**data, "new_leaders": []}) == ["HARDSHIP PHASE"]
    assert table.rules(state, "hardship", 0, {**data, "burned": ["Taverns"]}) == ["HARDSHIP PHASE"]
    no_kick = {"cards": table.hardships(10), "kicked_out_to": [1]}
    assert table.rules(state, "hardship", 0, no_kick) == ["HARDSHIP PHASE"]


def test_with_two_leaders_the_lost_one_is_named(table, founded):
    """TWO LEADER OPTION: "Each colony has 2 Leaders": Lose Leader names which one goes."""
    state = table.at(founded, "hardship", leaders=["Farmer", "Merchant"])
    cards = table.hardships(10, "Lose Leader")
    assert table.rules(state, "hardship", 0, {"cards": cards, "new_leaders": [{"drawn": "Soldier"}]}) == [
        "TWO LEADER OPTION"
    ]
    new = {"cards": cards, "new_leaders": [{"drawn": "Soldier", "replaces": "Merchant"}]}
    assert colony_after(table, state, "hardship", new)["leaders"] == ["Farmer", "Soldier"]


def test_a_building_costs_5_food_and_a_second_20(table, founded):
    """BUILD PHASE: "You may put 1 Building into play at a cost of 5 FT. You may build a second Building for
    20 FT." """
    state = table.at(founded, "build", food=30, hand=["Church", "Docks", "Granary", "Beads"])
    colony = colony_after(table, state, "build", {"buildings": ["Church", "Docks"]})
    assert (colony["food"], colony["buildings"], colony["hand"]) == (5, ["Church", "Docks"], ["Granary", "Beads"])
    poor = table.at(state, "build", food=24)
    assert table.rules(poor, "build", 0, {"buildings": ["Church", "Docks"]}) == ["BUILD PHASE"]
    assert table.rules(poor, "build", 0, {"buildings": ["Taverns"]}) == ["BUILD PHASE"]
    assert table.rules(poor, "build", 0, {"buildings": ["Beads"]}) == ["BUILD PHASE"]
    rich = table.at(state, "build", food=99)
    assert table.rules(rich, "build", 0, {"buildings": ["Church", "Docks", "Granary"]}) == ["BUILD PHASE"]


def test_kicked_out_goes_to_a_colony_still_playing_and_needs_a_colonist(table):
    """HARDSHIP PHASE: "Kicked Out: Lose 1 CT, It goes to another random player." A colony that gave up is
    no longer a player; a colony without CT has nobody to kick out."""
    state = table.at(table.founded(3), "hardship", colonists=5)
    state["colonies"][2]["gave_up"] = True
    cards = table.hardships(10, "Kicked Out")
    assert table.rules(state, "hardship", 0, {"cards": cards, "kicked_out_to": [2]}) == ["HARDSHIP PHASE"]
    assert colony_after(table, state, "hardship", {"cards": cards, "kicked_out_to": [1]})["colonists"] == 4
    empty = table.at(state, "hardship", colonists=0)
    assert colony_after(table, empty, "hardship", {"cards": cards, "kicked_out_to": [1]})["colonists"] == 0
    assert table.play(empty, "hardship", 0, {"cards": cards, "kicked_out_to": [1]})["colonies"][1]["colonists"] == 10


def test_kicked_out_when_no_other_colony_still_plays_loses_the_colonist(table):
    """HARDSHIP PHASE: "Kicked Out: Lose 1 CT, It goes to another random player." When every other colony
    gave up there is no player to receive it: the CT is lost all the same and no seat is named."""
    state = table.at(table.founded(3), "hardship", colonists=5)
    state["colonies"][1]["gave_up"] = True
    state["colonies"][2]["gave_up"] = True
    cards = table.hardships(10, "Kicked Out")
    assert table.rules(state, "hardship", 0, {"cards": cards}) == []
    assert colony_after(table, state, "hardship", {"cards": cards})["colonists"] == 4
    assert table.rules(state, "hardship", 0, {"cards": cards, "kicked_out_to": [1]}) == ["HARDSHIP PHASE"]


def test_a_wrong_leader_to_replace_is_refused(table, founded):
    """LEADER DECK: "when a Leader is lost, a new card is drawn to replace them": the leader replaced is the
    colony's own."""
    state = table.at(founded, "hardship", leaders=["Farmer"])
    new = {"cards": table.hardships(10, "Lose Leader"), "new_leaders": [{"drawn": "Soldier", "replaces": "Minister"}]}
    assert table.rules(state, "hardship", 0, new) == ["HARDSHIP PHASE"]


def test_a_lost_leader_is_discarded_before_the_new_one_is_drawn(table, founded):
    """LEADER DECK: "when a Leader is lost, a new card is drawn to replace them": the lost Farmer is on the
    discard pile when the empty draw pile is reshuffled, so it may be drawn again."""
    state = table.at(founded, "hardship", leaders=["Farmer"])
    state["decks"]["leader"] = {"draw": {}, "discard": {}}
    new = {"cards": table.hardships(10, "Lose Leader"), "new_leaders": [{"drawn": "Farmer"}]}
    assert table.rules(state, "hardship", 0, new) == []
    after = table.play(state, "hardship", 0, new)
    assert after["colonies"][0]["leaders"] == ["Farmer"]
    assert after["decks"]["leader"] == {"draw": {}, "discard": {}}


# Rules each card or phase states once, not covered above


def test_granary_negates_a_spoilage_card_and_food_never_goes_below_zero(table, founded):
    """BUILD DECK CARD LIST: "Granary Negate one Spoilage card in Spoil Phase"; SPOIL PHASE: "Discard X Food
    Tokens for each Spoilage Hardship card": Rodents (3) is negated, Rotten Food (1) costs the last token."""
    cards = table.hardships(10, "Rodents", "Rotten Food", avoid=("Spoilage",))
    granary = table.at(founded, "spoil", food=1, **{**PLAIN, "buildings": ["Granary"]})
    assert colony_after(table, granary, "spoil", {"cards": cards})["food"] == 0
    both = table.at(founded, "spoil", food=1, **{**PLAIN, "buildings": ["Granary", "Warehouses"]})
    assert colony_after(table, both, "spoil", {"cards": cards})["food"] == 1
    bare = table.at(founded, "spoil", food=2, **PLAIN)
    assert colony_after(table, bare, "spoil", {"cards": cards})["food"] == 0


def test_cash_crops_and_tobacco_plantation_each_gain_2d6_vp(table, founded):
    """BUILD DECK CARD LIST: "Cash Crops Gain 2D6 VP in Harvest Phase in Fall" (and Tobacco Plantation): only
    a colony that built them rolls, 2 dice each, and a die shows 1 to 6 (DICE: "6 sided dice ... (1D6)")."""
    state = table.at(founded, "harvest", turn=4, plant=0, vp=1, buildings=["Cash Crops", "Tobacco Plantation"])
    rolls = {"Cash Crops": [6, 6], "Tobacco Plantation": [1, 2]}
    assert colony_after(table, state, "harvest", {"cards": [], "crop_rolls": rolls})["vp"] == 1 + 12 + 3
    only_one = {"cards": [], "crop_rolls": {"Cash Crops": [6, 6]}}
    assert table.rules(state, "harvest", 0, only_one) == ["BUILD DECK CARD LIST"]
    seven = {"cards": [], "crop_rolls": {**rolls, "Cash Crops": [6, 7]}}
    assert table.rules(state, "harvest", 0, seven) == ["BUILD DECK CARD LIST", "DICE"]
    unbuilt = table.at(founded, "harvest", turn=4, plant=0, buildings=[])
    assert table.rules(unbuilt, "harvest", 0, {"cards": [], "crop_rolls": rolls}) == ["BUILD DECK CARD LIST"]


@pytest.mark.parametrize(
    "cards",
    [
        {"sites": ["River Mouth", "Quality Timber", "Hill Top"]},
        {"sites": ["Many Indians", "Quality Timber", "Hill Top"]},
        {"buildings": ["Taverns"]},
        {"buildings": ["Trading Posts"]},
    ],
)
def test_each_extra_trade_card_gives_one_trade_without_a_trade_card(table, founded, cards):
    """River Mouth, Many Indians, Taverns, Trading Posts: "Get 1 extra Trade in Trade phase"; without one of
    them no trade is made without a Trade card (TRADE PHASE)."""
    base = {"leaders": ["Nobleman"], "sites": NEUTRAL_SITE, "buildings": [], "hand": []}
    state = table.at(founded, "trade", food=0, land=0, **{**base, **cards})
    assert colony_after(table, state, "trade", {"extra_trades": ["land"]})["land"] == 1
    assert table.rules(state, "trade", 0, {"extra_trades": ["land", "food"]}) == ["TRADE PHASE"]
    plain = table.at(founded, "trade", food=0, **base)
    assert table.rules(plain, "trade", 0, {"extra_trades": ["food"]}) == ["TRADE PHASE"]


def test_special_hardships_take_effect_only_in_the_hardship_phase(table, founded):
    """HARDSHIP PHASE: "Special Hardship cards take effect in this Phase": a Storm, Lose Leader or Go Native
    drawn in the Blight Phase does nothing."""
    state = table.at(founded, "blight", plant=0, colonists=10, leaders=["Farmer"])
    cards = table.hardships(10, "Storm", "Lose Leader", "Go Native", "Kicked Out", "Fire", avoid=("Blight",))
    after = table.play(state, "blight", 0, {"cards": cards})
    colony = after["colonies"][0]
    assert (colony["colonists"], colony["leaders"]) == (10, ["Farmer"])
    assert ENGINE.view(after)["colonies"][0]["no_ship_next_turn"] is False


def test_fire_without_a_building_burns_nothing(table, founded):
    """HARDSHIP PHASE: "Fire: Lose 1 Random Building": with no building there is nothing to name."""
    state = table.at(founded, "hardship", buildings=[])
    cards = table.hardships(10, "Fire")
    assert colony_after(table, state, "hardship", {"cards": cards})["buildings"] == []
    assert table.rules(state, "hardship", 0, {"cards": cards, "burned": ["Church"]}) == ["HARDSHIP PHASE"]


def test_with_two_leaders_a_mutiny_names_the_leader_replaced(table, founded):
    """REBEL PHASE: "If there is 1 un-negated Mutiny card, discard your hand and gain a New Leader";
    TWO LEADER OPTION: the colony has 2 Leaders, so the one replaced is named."""
    state = table.at(founded, "rebel", shortage=True, leaders=["Farmer", "Merchant"], sites=NEUTRAL_SITE)
    assert table.rules(state, "rebel", 0, {"cards": REBEL, "new_leader": {"drawn": "Soldier"}}) == ["TWO LEADER OPTION"]
    new = {"cards": REBEL, "new_leader": {"drawn": "Soldier", "replaces": "Farmer"}}
    colony = colony_after(table, state, "rebel", new)
    assert (colony["leaders"], colony["hand"]) == (["Merchant", "Soldier"], [])


def test_a_colony_that_gave_up_logs_no_more_phases(table):
    """REBEL PHASE: the Settlers gave up, so that colony plays no more phases."""
    state = table.founded(3)
    state = table.at(state, "rebel", shortage=True, leaders=["Farmer"], sites=NEUTRAL_SITE)
    state = table.play(state, "rebel", 0, {"cards": ["Despair", *REBEL[:9]]})
    assert table.rules(state, "hardship", 0, {"cards": table.hardships(10)}) == ["REBEL PHASE"]
    assert table.rules(state, "time", 0, {}) == ["REBEL PHASE"]


def test_kicked_out_may_be_named_as_printed_with_its_colon(table, founded):
    """HARDSHIP DECK CARDS lists "Kicked Out: - Special": the card named with the printed colon is the same
    card."""
    state = table.at(founded, "hardship", colonists=10)
    cards = table.hardships(10, "Kicked Out:")
    after = table.play(state, "hardship", 0, {"cards": cards, "kicked_out_to": [1]})
    assert [c["colonists"] for c in after["colonies"]] == [9, 11]
    assert after["decks"]["hardship"]["discard"]["Kicked Out"] == 1
