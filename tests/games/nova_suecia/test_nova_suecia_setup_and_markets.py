"""Sections 3 (Game Preparation) and 4 (the markets), each test citing its rule."""

import json

from games.nova_suecia import ENGINE
from games.nova_suecia.board import buy, sell
from games.nova_suecia.components import DEFAULTS

GRAIN = DEFAULTS["prices"]["grain"]


def test_preparation_ships_on_their_forts_districts_face_down_markets_with_six_cubes(table):
    """3 steps 1-4: Swedish ship on Fort Christina, Dutch on Fort Nassau, 24 districts face down,
    6 cubes on each market, 1 cube of each resource but plant in the ship bag."""
    view = table(3).view()
    assert view["ships"]["swedish"]["river_card"] == 0 and view["ships"]["dutch"]["river_card"] == 13
    assert len(view["districts"]) == 24 and not any(d["open"] or d["type"] for d in view["districts"].values())
    assert set(view["markets"].values()) == {6}
    assert view["ship_bag"] == {r: 1 for r in ("grain", "timber", "iron", "tobacco", "fur", "colonist", "gold")}
    assert view["stock"]["timber"] == 18 - 6 - 1 and view["stock"]["plant"] == 12 - 6


def test_starting_thaler_players_three_and_four_one_extra_player_five_two(table):
    """3 step 6: "Each player takes 1 letter card, 1 colonist, 1 thaler ... Player 3-4 take 1 extra
    thaler each and player 5 takes 2 extra thaler." (Section 8: "1, 1, 2 and 2 thaler".)"""
    view = table(5).view()
    assert view["thaler"] == [1, 1, 2, 2, 3]
    assert view["colonists_on_letter"] == [{"standing": 1, "laid_down": 0}] * 5
    assert table(4).view()["thaler"] == [1, 1, 2, 2]


def test_letter_resources_are_chosen_in_turn_order_before_the_first_turn(table):
    """3 step 7: "In turn order, each player takes 1 resource cube ... and places on their letter."
    The first player holds the Governor card (step 5) and starts."""
    t = table(3)
    assert t.view()["phase"] == "setup" and t.view()["active_seats"] == [0]
    assert t.rules("choose_letter_resource", 1, resource="grain") == ["3. Game Preparation"]
    assert t.rules("letter", 0, resource="iron", draws=[]) == ["3. Game Preparation"]
    t.do("choose_letter_resource", 0, resource="grain").do("choose_letter_resource", 1, resource="grain")
    t.do("choose_letter_resource", 2, resource="fur")
    assert t.view()["phase"] == "letter" and t.view()["active_seats"] == [0] and t.view()["governor"] == 0
    assert t.view()["letters"] == [["grain"], ["grain"], ["fur"]]


def test_plant_is_never_placed_on_a_letter(table):
    """3 step 7: "(except green plant that are never placed there)"."""
    t = table(2)
    assert t.rules("choose_letter_resource", 0, resource="plant") == ["3. Game Preparation"]
    assert t.rules("choose_letter_resource", 0, resource="gold") == []


def test_a_letter_resource_must_be_available_in_stock(table):
    """4: "never place more resources on your letter than available (see 5.1 Letter)"."""
    t = table(2)
    t.edit(markets={**t.state["markets"], "iron": 10})
    assert t.rules("choose_letter_resource", 0, resource="iron") == []
    t.edit(markets={**t.state["markets"], "iron": 11})
    assert t.rules("choose_letter_resource", 0, resource="iron") == ["3. Game Preparation"]


def test_buy_from_the_last_full_square_and_sell_to_the_first_empty_one():
    """4: "Resources are always bought from the last full price square and sold to the first
    empty price square". Section 8: with 6 grain a grain costs 4 and the price rises to 5; two
    grain sold onto 6 earn 3+2 and the price falls to 2."""
    assert buy(GRAIN, 6, 1) == (4, 5)
    assert GRAIN[5 - 1] == 5
    assert sell(GRAIN, 6, 2) == (3 + 2, 8)
    assert GRAIN[8 - 1] == 2


def test_empty_market_sells_from_stock_at_the_highest_price_full_market_buys_at_the_lowest():
    """4: "If you buy and all 12 price squares are empty, take a resource from stock and pay the
    highest price. If you sell and all 12 price squares are full, place the resource in stock
    and get paid the lowest price." """
    assert buy(GRAIN, 0, 2) == (2 * max(GRAIN), 0)
    assert sell(GRAIN, 12, 2) == (2 * min(GRAIN), 12)


def test_a_play_may_supply_its_own_edition_data(table):
    """Component data the rulebook does not print may be overridden by the play's options."""
    t = table(
        2,
        components={
            "prices": {"grain": [9] * 12},
            "districts": {"farm": {"basic": {"buy": {"grain": 1}, "produce": {"grain": 3}}}},
        },
    )
    assert t.view()["buy_prices"]["grain"] == 9
    assert t.state["components"]["districts"]["farm"]["basic"]["produce"] == {"grain": 3}
    assert t.state["components"]["districts"]["farm"]["tools"] == DEFAULTS["districts"]["farm"]["tools"]


def test_state_is_plain_json_and_every_seat_sees_the_open_table(table):
    """Nothing in Nova Suecia is hidden: letters, bag and markets lie open."""
    t = table(3, letters=["grain", "iron", "fur"])
    assert json.loads(json.dumps(t.state)) == t.state
    assert ENGINE.view(t.state, 1) == ENGINE.view(t.state)
