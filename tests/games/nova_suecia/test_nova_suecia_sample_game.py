"""Section 8, the sample game: the turns the rulebook narrates, folded from the playthrough file
and checked against the numbers the text gives."""

from pathlib import Path

from games.nova_suecia import ENGINE
from games.playthrough import load

SAMPLE = load(Path(__file__).parents[3] / "games/nova_suecia/playthroughs/sample_game_four_players.json")


def _after(type_, seat, nth=1):
    """The view right after the nth event of this type by this seat (and the one before it)."""
    state = ENGINE.setup(SAMPLE.seats, SAMPLE.options)
    for move in SAMPLE.moves():
        before = state
        state = ENGINE.apply(state, move)
        if (move.type, move.seat) == (type_, seat):
            nth -= 1
            if nth == 0:
                return ENGINE.view(before), ENGINE.view(state)
    raise AssertionError(f"no {type_} by seat {seat}")


def test_players_start_with_one_one_two_and_two_thaler():
    """8: "They start with 1, 1, 2 and 2 thaler respectively. Player 1 has the Governor card and starts." """
    view = ENGINE.view(ENGINE.setup(SAMPLE.seats, SAMPLE.options))
    assert view["thaler"] == [1, 1, 2, 2] and view["governor"] == 0


def test_player_one_borrows_five_against_nine_and_pays_four_for_grain():
    """8: "takes a loan of 5 thaler against an interest of -9 thaler. She then opens a farm (1) and
    pays 4 thaler for 1 grain to place her seal and colonist there and raises the grain price to 5." """
    before, after = _after("treasury", 0)
    assert after["thaler"][0] - before["thaler"][0] == 5 and after["loans"][0] == 9
    before, after = _after("invest", 0)
    assert before["thaler"][0] - after["thaler"][0] == 4 and after["buy_prices"]["grain"] == 5


def test_player_two_draws_grain_and_the_price_returns_to_four():
    """8: "Player 2 draws 1 grain so the grain price returns to 4. She also takes a loan of 5
    thaler against an interest of -9 thaler." """
    assert _after("letter", 1)[1]["buy_prices"]["grain"] == 4
    before, after = _after("treasury", 1)
    assert after["thaler"][1] - before["thaler"][1] == 5 and after["loans"][1] == 9


def test_player_three_adds_gold_to_borrow_five_and_buys_timber_for_three():
    """8: "Player 3 draws 1 gold and chooses to add it to the market so that she may also borrow 5
    thaler against an interest of -9 thaler. She opens a tobacco spin (3) but buys 1 timber for 3
    thaler instead of grain" """
    before, after = _after("treasury", 2)
    assert after["thaler"][2] - before["thaler"][2] == 5 and after["loans"][2] == 9
    before, after = _after("invest", 2)
    assert before["thaler"][2] - after["thaler"][2] == 3


def test_player_four_may_only_borrow_four_against_eight():
    """8: "Player 4 draws 1 grain and opens a trade post (4). She may only borrow 4 thaler against
    an interest of -8 thaler and buys 1 timber for 3 thaler to build a log cabin." """
    before, after = _after("treasury", 3)
    assert after["thaler"][3] - before["thaler"][3] == 4 and after["loans"][3] == 8
    before, after = _after("invest", 3)
    assert before["thaler"][3] - after["thaler"][3] == 3


def test_player_four_second_governor_turn_costs_one_three_three_and_ships_pass():
    """8: "For her 2nd Governor turn, player 4 draws another 1 grain and since she can now buy
    grain for 3 thaler, she decides to borrow 4 more thaler against an interest of -8 ... It costs
    1+3+3 thaler for the seal, colonist and grain. During her turn, the ships pass each other and
    1 thaler is placed on the closest fort (Christina)." """
    before, after = _after("letter", 3, nth=2)
    assert after["buy_prices"]["grain"] == 3 and before["governor"] == 3
    before, after = _after("treasury", 3, nth=2)
    assert after["thaler"][3] - before["thaler"][3] == 4 and after["loans"][3] == 16
    assert _after("sail", 3, nth=2)[1]["forts"] == {"christina": 1, "nassau": 0}
    before, after = _after("invest", 3, nth=2)
    assert before["thaler"][3] - after["thaler"][3] == 1 + 3 + 3


def test_player_one_produces_two_grain_for_three_plus_two_and_is_raided():
    """8: "takes the Produce action to produce 2 grain, earning her 3+2 thaler and decreasing the
    grain price to 2. This is within the Dutch influence so the Dutch raid 1 thaler from her." """
    before, after = _after("produce", 0)
    assert after["thaler"][0] - before["thaler"][0] == 3 + 2 - 1
    assert after["buy_prices"]["grain"] == 2


def test_player_two_sells_two_plant_for_three_plus_three_and_loses_one():
    """8: "taking the Produce action, earning her 3+3 thaler for 2 plant and making plant cheaper
    for player 3. Like player 1, she loses 1 thaler to the Dutch." """
    before, after = _after("produce", 1)
    assert after["thaler"][1] - before["thaler"][1] == 3 + 3 - 1
    assert after["buy_prices"]["plant"] < before["buy_prices"]["plant"]


def test_player_three_places_a_log_cabin_in_her_spin():
    """8: "she hurries to make her tobacco spin productive by taking the Produce action to place a
    log cabin in her spin district." """
    before, after = _after("produce", 2)
    assert after["log_cabins"][2] == before["log_cabins"][2] + 1
    assert after["districts"]["N3"]["type"] == "spin" and after["districts"]["N3"]["log_cabins"] == 1
