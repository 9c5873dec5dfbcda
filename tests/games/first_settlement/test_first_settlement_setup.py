"""SETUP and SITE SELECTION PROCESS of First Settlement, rule by rule."""

from games.contract import Move
from games.first_settlement import ENGINE


def test_players_roll_high_on_1d10_to_see_who_goes_first(table):
    """SETUP: "Players roll high on 1D10 to see who goes first." Turn order follows the seats. DICE: "10
    sided dice are needed (1D10)": a roll of 11 is refused."""
    state = ENGINE.setup(table.seats(3), {})
    state = table.play(state, "roll_for_first", None, {"rolls": [4, 9, 2]})
    assert state["order"] == [1, 2, 0]
    assert ENGINE.view(state)["active_seats"] == [1, 2, 0]  # every colony to prepare, in turn order
    assert table.rules(ENGINE.setup(table.seats(3), {}), "roll_for_first", None, {"rolls": [4, 11, 2]}) == [
        "SETUP",
        "DICE",
    ]


def test_tied_high_rolls_roll_again(table):
    """SETUP: players roll high; the players tied for the highest roll again."""
    state = ENGINE.setup(table.seats(3), {})
    state = table.play(state, "roll_for_first", None, {"rolls": [8, 8, 2]})
    assert state["order"] is None and ENGINE.view(state)["active_seats"] == [0, 1]
    assert table.rules(state, "roll_for_first", None, {"rolls": [3, None, 6]}) == ["SETUP"]
    state = table.play(state, "roll_for_first", None, {"rolls": [3, 5, None]})
    assert state["order"] == [1, 2, 0]


def test_after_a_tie_all_players_may_roll_again(table):
    """SETUP: "Players roll high on 1D10 to see who goes first." The rulebook does not say who rolls again
    after a tie: when every player rolls again, every roll counts."""
    state = table.play(ENGINE.setup(table.seats(3), {}), "roll_for_first", None, {"rolls": [8, 8, 2]})
    state = table.play(state, "roll_for_first", None, {"rolls": [3, 5, 6]})
    assert state["order"] == [2, 0, 1]


def test_each_player_starts_with_10_colonists_1d6_food_and_a_stock_token(table):
    """SETUP: "Each Player starts with 10 Colonist Tokens ... 1D6 Food Tokens ... a Stock Token." DICE: "6
    sided dice are needed. (1D6)": a food roll of 7 is refused."""
    state = table.founded()
    view = ENGINE.view(state)
    assert view["colonists"] == [10, 10]
    assert view["food_tokens"] == [3, 3]
    assert view["stock_tokens"] == [True, True]
    fresh = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    assert table.rules(fresh, "prepare_colony", 0, table.prepare(fresh, 0, food_roll=7)) == ["SETUP", "DICE"]


def test_each_player_keeps_1_of_3_leaders_3_of_4_action_and_2_of_4_build_cards(table):
    """SETUP: draws 3 Leader cards, selects 1; dealt 4 Action cards, discards 1; 4 Build cards, discards 2."""
    state = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    good = table.prepare(state, 0, "Soldier")
    after = table.play(state, "prepare_colony", 0, good)
    assert after["colonies"][0]["leaders"] == ["Soldier"]
    assert len(after["colonies"][0]["hand"]) == 5
    assert sum(after["decks"]["leader"]["discard"].values()) == 2
    two_leaders = {**good, "leaders_kept": good["leaders_drawn"][:2]}
    assert table.rules(state, "prepare_colony", 0, two_leaders) == ["SETUP"]
    keep_two_builds = {**good, "builds_discarded": good["builds_dealt"][3:]}
    assert table.rules(state, "prepare_colony", 0, keep_two_builds) == ["SETUP"]
    discard_undealt = {**good, "action_discarded": "Guns"}
    assert "SETUP" in table.rules(state, "prepare_colony", 0, discard_undealt)
    five_actions = {**good, "actions_dealt": [*good["actions_dealt"], "Guns"]}
    assert "SETUP" in table.rules(state, "prepare_colony", 0, five_actions)


def test_colonies_are_prepared_in_any_order_and_sites_selected_in_turn_order(table):
    """SETUP: "Each player draws 3 Leader cards ... is dealt 4 Action cards ... 4 Build cards" gives the
    preparations no order; SITE SELECTION PROCESS: "Each player in turn gets to select 1 of 3 possible
    sites". Seat 1 rolls highest, so the turn order is 1, 0; seat 0 may still prepare first, not twice."""
    state = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [2, 6]})
    assert state["order"] == [1, 0] and ENGINE.view(state)["active_seats"] == [1, 0]
    first = table.prepare(state, 0)
    state = table.play(state, "prepare_colony", 0, first)
    assert ENGINE.view(state)["phase"] == "prepare_colony" and ENGINE.view(state)["active_seats"] == [1]
    hand = [*first["actions_dealt"][:3], *first["builds_dealt"][:2]]
    assert ENGINE.seen_view(state, 0)["colonies"][0]["hand"] == hand
    assert ENGINE.seen_view(state, 1)["colonies"][0].get("hand") in (None, [None] * 5)
    assert ENGINE.seen_data(Move("prepare_colony", 0, first), 1)["actions_dealt"] == [None] * 4
    assert table.rules(state, "prepare_colony", 0, table.prepare(state, 0)) == ["SETUP"]
    assert table.rules(state, "select_site", 0, table.offer(state, table.take(state, "site", 3))) == ["SETUP"]
    state = table.play(state, "prepare_colony", 1, table.prepare(state, 1))
    assert ENGINE.view(state)["phase"] == "select_site" and ENGINE.view(state)["active_seats"] == [1]
    assert table.rules(state, "select_site", 0, table.offer(state, table.take(state, "site", 3))) == ["SETUP"]


def test_every_colony_still_to_be_prepared_is_offered_its_preparation(table):
    """SETUP gives the preparations no order: with 3 seats and seat 2 prepared, the legal moves offer a
    prepare_colony to seats 0 and 1 (the turn order 1, 2, 0 lists seat 1 first), none to seat 2."""
    state = table.play(ENGINE.setup(table.seats(3), {}), "roll_for_first", None, {"rolls": [2, 6, 1]})
    assert {move.seat for move in ENGINE.legal_moves(state)} == {0, 1, 2}
    state = table.play(state, "prepare_colony", 2, table.prepare(state, 2))
    moves = list(ENGINE.legal_moves(state))
    assert {move.type for move in moves} == {"prepare_colony"} and {move.seat for move in moves} == {0, 1}
    assert ENGINE.view(state)["active_seats"] == [1, 0]
    assert all(not ENGINE.check(state, move) for move in moves[:20])


def test_a_card_already_dealt_cannot_be_drawn_again(table):
    """THE DECKS: a card drawn is no longer in its deck (2 copies of each Leader)."""
    state = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    first = table.prepare(state, 0)
    state = table.play(state, "prepare_colony", 0, first)
    second = table.prepare(state, 1)
    second["actions_dealt"][0] = first["actions_dealt"][0]
    assert table.rules(state, "prepare_colony", 1, second) == ["SETUP"]
    second = table.prepare(state, 1)
    second["builds_dealt"][0] = "Cathedral"
    assert "BUILD DECK CARD LIST" in table.rules(state, "prepare_colony", 1, second)


def test_a_card_not_in_a_deck_list_cannot_be_drawn_from_that_deck(table):
    """LEADER DECK CARD LIST, ACTION DECK CARD LIST, FOOD DECK CARD LIST, HARDSHIP DECK CARDS: a deck holds
    the cards its list prints. Corn is a Food card, Church a Build card (BUILD DECK CARD LIST): neither is
    dealt as a Leader or an Action card; Pizza and Blizzard are in no list, so no Food or Hardship draw
    gives them."""
    state = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    leaders = table.prepare(state, 0)
    leaders["leaders_drawn"][1] = "Corn"
    assert "LEADER DECK CARD LIST" in table.rules(state, "prepare_colony", 0, leaders)
    actions = table.prepare(state, 0)
    actions["actions_dealt"][0] = "Church"
    assert "ACTION DECK CARD LIST" in table.rules(state, "prepare_colony", 0, actions)
    founded = table.founded()
    food = table.at(founded, "food", colonists=1)
    assert table.rules(food, "food", 0, {"cards": ["Pizza"]}) == ["FOOD DECK CARD LIST"]
    blight = table.at(founded, "blight")
    assert table.rules(blight, "blight", 0, {"cards": table.hardships(10, "Blizzard")}) == ["HARDSHIP DECK CARDS"]


def _prepared(table, leader="Farmer"):
    state = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    state = table.play(state, "prepare_colony", 0, table.prepare(state, 0, leader))
    return table.play(state, "prepare_colony", 1, table.prepare(state, 1))


def test_a_player_selects_1_of_3_sites_of_3_cards_and_the_others_go_back(table):
    """SITE SELECTION PROCESS: "For each site draw 3 site cards ... The cards from the other 2 sites are
    shuffled back into the deck"."""
    state = _prepared(table)
    offer = table.offer(state, ["Island", "Swampy", "Good Hunting"])
    after = table.play(state, "select_site", 0, offer)
    assert after["colonies"][0]["sites"] == ["Island", "Swampy", "Good Hunting"]
    assert sum(after["decks"]["site"]["draw"].values()) == 17
    assert table.rules(state, "select_site", 0, {**offer, "offered": offer["offered"][:2]}) == [
        "SITE SELECTION PROCESS"
    ]
    four_cards = [[*offer["offered"][0], "Hill Top"], *offer["offered"][1:]]
    assert "SITE SELECTION PROCESS" in table.rules(state, "select_site", 0, {**offer, "offered": four_cards})
    assert table.rules(state, "select_site", 0, {**offer, "chosen": 3}) == ["SITE SELECTION PROCESS"]


def test_the_explorer_selects_from_4_sites(table):
    """LEADER DECK CARD LIST: "If you start the game with the Explorer, you get to select from 4 sites instead of 3." """
    state = _prepared(table, "Explorer")
    assert table.rules(state, "select_site", 0, table.offer(state, ["Island", "Swampy", "Hill Top"])) == [
        "SITE SELECTION PROCESS"
    ]
    table.play(state, "select_site", 0, table.offer(state, ["Island", "Swampy", "Hill Top"], count=4))


def test_the_game_starts_in_winter_of_the_first_year(table):
    """SETUP: "The game starts in Winter of the first year." The first turn skips Draw and Ship; without the
    RANDOM SEASON START OPTION no colony starts in another season."""
    state = table.founded()
    view = ENGINE.view(state)
    assert view["phase"] == "time" and view["active_seats"] == [0]
    state = table.play(state, "time", 0, {})
    assert ENGINE.view(state)["colonies"][0]["season"] == "Winter"
    assert ENGINE.view(state)["colonies"][0]["year"] == 1
    assert ENGINE.view(state)["phase"] == "blight"
    fresh = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    spring = table.prepare(fresh, 0, start_season="Spring")
    assert table.rules(fresh, "prepare_colony", 0, spring) == ["SETUP"]


def test_random_season_start_names_each_players_season(table):
    """RANDOM SEASON START OPTION: "players each Start in a random Season"."""
    options = {"random_season_start": True}
    state = table.play(ENGINE.setup(table.seats(2), options), "roll_for_first", None, {"rolls": [6, 2]})
    assert table.rules(state, "prepare_colony", 0, table.prepare(state, 0)) == ["RANDOM SEASON START OPTION"]
    plain = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    assert table.rules(plain, "prepare_colony", 0, table.prepare(plain, 0, start_season="Fall")) == ["SETUP"]
    state = table.play(state, "prepare_colony", 0, table.prepare(state, 0, start_season="Fall"))
    state = table.play(state, "prepare_colony", 1, table.prepare(state, 1, start_season="Spring"))
    for seat in (0, 1):
        state = table.play(state, "select_site", seat, table.offer(state, table.take(state, "site", 3)))
    assert [c["season"] for c in ENGINE.view(state)["colonies"]] == ["Fall", "Spring"]


def test_two_leader_option_keeps_two_of_the_three_leaders(table):
    """TWO LEADER OPTION: "Each colony has 2 Leaders." """
    state = table.play(ENGINE.setup(table.seats(2), {"two_leaders": True}), "roll_for_first", None, {"rolls": [6, 2]})
    data = table.prepare(state, 0, "Soldier")
    assert table.rules(state, "prepare_colony", 0, data) == ["TWO LEADER OPTION"]
    state = table.play(state, "prepare_colony", 0, {**data, "leaders_kept": data["leaders_drawn"][:2]})
    assert len(state["colonies"][0]["leaders"]) == 2


def test_the_roll_for_first_player_gives_one_roll_per_seat(table):
    """SETUP: "Players roll high on 1D10": every player rolls."""
    state = ENGINE.setup(table.seats(3), {})
    assert table.rules(state, "roll_for_first", None, {"rolls": [4, 9]}) == ["SETUP", "SETUP"]


def test_players_trade_only_once_the_colonies_are_founded(table):
    """TRADE OPTION: players trade cards, CT and FT, which they have once their colonies are founded."""
    state = table.play(
        ENGINE.setup(table.seats(2), {"trade_between_players": True}), "roll_for_first", None, {"rolls": [6, 2]}
    )
    assert table.rules(state, "give", 0, {"to": 1}) == ["TRADE OPTION"]


def _two_leader_table(table):
    return table.play(ENGINE.setup(table.seats(2), {"two_leaders": True}), "roll_for_first", None, {"rolls": [6, 2]})


def test_two_leader_option_may_keep_one_of_two_copies_drawn(table):
    """TWO LEADER OPTION with LEADER DECK CARD LIST ("The deck contains 2 copies of each card"): of Sea Captain,
    Sea Captain and Explorer drawn, a player may keep one Sea Captain and the Explorer."""
    state = _two_leader_table(table)
    data = {
        **table.prepare(state, 0),
        "leaders_drawn": ["Sea Captain", "Sea Captain", "Explorer"],
        "leaders_kept": ["Sea Captain", "Explorer"],
    }
    after = table.play(state, "prepare_colony", 0, data)
    assert after["colonies"][0]["leaders"] == ["Sea Captain", "Explorer"]
    assert after["decks"]["leader"]["discard"] == {"Sea Captain": 1}
    twice = {**data, "leaders_kept": ["Explorer", "Explorer"]}
    assert table.rules(state, "prepare_colony", 0, twice) == ["TWO LEADER OPTION"]


def test_two_explorers_still_select_from_4_sites(table):
    """LEADER DECK CARD LIST: "you get to select from 4 sites instead of 3": two Explorers kept with the
    TWO LEADER OPTION do not make it 8."""
    state = _two_leader_table(table)
    data = {
        **table.prepare(state, 0),
        "leaders_drawn": ["Explorer", "Explorer", "Soldier"],
        "leaders_kept": ["Explorer", "Explorer"],
    }
    state = table.play(state, "prepare_colony", 0, data)
    second = table.prepare(state, 1)
    state = table.play(state, "prepare_colony", 1, {**second, "leaders_kept": second["leaders_drawn"][:2]})
    site = ["Island", "Swampy", "Hill Top"]
    assert table.rules(state, "select_site", 0, table.offer(state, site, count=5)) == ["SITE SELECTION PROCESS"]
    table.play(state, "select_site", 0, table.offer(state, site, count=4))


def test_a_colony_may_select_its_site_before_the_next_colony_is_prepared(table):
    """SETUP / SITE SELECTION PROCESS: "Each player in turn gets to select 1 of 3 possible sites": the rulebook
    does not order one colony's site selection against the next colony's preparation, so a table may take
    each colony through both in turn. The sites are still selected in turn order, by prepared colonies."""
    state = table.play(ENGINE.setup(table.seats(3), {}), "roll_for_first", None, {"rolls": [2, 6, 1]})
    state = table.play(state, "prepare_colony", 1, table.prepare(state, 1))
    assert ENGINE.view(state)["active_seats"] == [2, 0, 1]  # the preparations, then the early selection
    assert table.rules(state, "select_site", 2, table.offer(state, table.take(state, "site", 3))) == ["SETUP"]
    state = table.play(state, "select_site", 1, table.offer(state, table.take(state, "site", 3)))
    state = table.play(state, "prepare_colony", 2, table.prepare(state, 2, "Soldier"))
    state = table.play(state, "prepare_colony", 0, table.prepare(state, 0, "Minister"))
    assert table.rules(state, "select_site", 0, table.offer(state, table.take(state, "site", 3))) == ["SETUP"]
    for seat in (2, 0):
        state = table.play(state, "select_site", seat, table.offer(state, table.take(state, "site", 3)))
    view = ENGINE.view(state)
    assert (view["phase"], view["active_seats"], view["turn_order"]) == ("time", [1], [1, 2, 0])


def test_a_deck_too_small_for_the_table_cannot_start_it(table):
    """SETUP: "Each player draws 3 Leader cards, selects 1 and discards the other 2" (TWO LEADER
    OPTION: keeps 2); what is not kept is drawn again. With a Leader deck of the edition data
    (``copies``) holding 10 cards, 5 colonies keeping 2 each: the 5th draws from 10 - 4 x 2 = 2
    cards, 1 short of its 3, so the table cannot start; 4 colonies leave the 4th 10 - 3 x 2 = 4.
    The rulebook's decks (16 Leaders, 2 of each) start 6 colonies keeping 2: 16 - 5 x 2 = 6."""
    six = {name: 0 for name in ("Explorer", "Farmer", "Merchant")}  # 16 - 6 = 10 Leaders left
    options = {"two_leaders": True, "copies": {"leader": six}}
    assert [(v.rule, v.message) for v in ENGINE.refuse_setup(table.seats(5), options)] == [
        ("SETUP", "The leader deck holds 10 cards: 5 colonies drawing 3 and keeping 2 each need 11.")
    ]
    assert ENGINE.refuse_setup(table.seats(4), options) == []
    assert ENGINE.refuse_setup(table.seats(6), {"two_leaders": True}) == []
