"""Section 7, the advanced rules, each a play option."""

import pytest

from games.contract import Seat
from games.nova_suecia import ENGINE
from games.nova_suecia.board import DISTRICT_IDS
from games.nova_suecia.ending import dutch_victory, swedish_victory


def test_stormy_seas_a_drawn_plant_loses_another_cube_without_market_change(table):
    """7.1: "placing 1 green plant cube in the ship bag ... If drawn, draw a new resource from the
    ship bag and return it to the stock without affecting any market. Then return the green
    plant cube to the ship bag." """
    t = table(2, letters=["colonist", "fur"], sea="stormy")
    assert t.view()["ship_bag"]["plant"] == 1
    assert t.rules("letter", resource="iron", draws=[{"resource": "plant"}]) == ["7.1 Stormy Seas"]
    markets = t.view()["markets"]
    t.do("letter", resource="iron", draws=[{"resource": "plant", "discarded": "grain"}])
    assert t.view()["markets"] == markets
    assert t.view()["ship_bag"]["plant"] == 1 and t.view()["ship_bag"]["grain"] == 0


def test_stormy_seas_the_cube_drawn_after_the_plant_must_be_in_the_ship_bag(table):
    """7.1: "If drawn, draw a new resource from the ship bag": with no grain left in the bag, the
    plant cannot be followed by a grain."""
    t = table(2, letters=["colonist", "fur"], sea="stormy")
    t.edit(bag={**t.state["bag"], "grain": 0})
    assert t.rules("letter", resource="iron", draws=[{"resource": "plant", "discarded": "grain"}]) == [
        "7.1 Stormy Seas"
    ]
    assert t.rules("letter", resource="iron", draws=[{"resource": "plant", "discarded": "fur"}]) == []


def test_pirate_seas_a_drawn_plant_lets_the_player_pick_the_cube(table):
    """7.2: "If drawn, choose any cube in the ship bag to affect a market. Then return the green
    plant cube to the ship bag." """
    t = table(2, letters=["colonist", "fur"], sea="pirate")
    assert t.rules("letter", resource="iron", draws=[{"resource": "plant", "picked": "gold"}]) == ["5.1 Letter"]
    t.do("letter", resource="iron", draws=[{"resource": "plant", "picked": "tobacco"}])
    assert t.view()["markets"]["tobacco"] == 5 and t.view()["ship_bag"]["plant"] == 1


def test_plant_never_enters_the_bag_in_the_basic_game(table):
    """5.1: "Plant (green) ... is never placed in or drawn from the ship bag." """
    assert "plant" not in table(2).view()["ship_bag"]


def test_letters_answered_the_letter_resource_affects_the_market_directly(table):
    """7.3: "play without the ship bag and let the resource on your letter affect the markets
    directly." """
    t = table(2, letters=["colonist", "fur"], letters_answered=True)
    assert t.view()["ship_bag"] == {}
    assert t.rules("letter", resource="iron", draws=[{"resource": "timber"}]) == ["7.3 Letters Answered"]
    t.do("letter", resource="iron", draws=[{"resource": "colonist"}])
    assert t.view()["markets"]["colonist"] == 7 and t.view()["letters"][0] == ["iron"]


def test_letters_answered_a_gold_on_the_letter_still_chooses_to_add_or_remove(table):
    """7.3: "let the resource on your letter affect the markets directly", and 5.1: "If the
    resource is gold, choose whether to add or remove." """
    t = table(2, letters=["gold", "fur"], letters_answered=True)
    assert t.rules("letter", resource="iron", draws=[{"resource": "gold"}]) == ["5.1 Letter"]
    t.do("letter", resource="iron", draws=[{"resource": "gold", "gold": "remove"}])
    assert t.view()["markets"]["gold"] == 5


def test_royal_audience_example(table):
    """7.4 example: "Player 2 assembles 3 of her 4 colonists and has 1 tobacco on the letter ...
    She pays 1 thaler to place 1 additional resource on the letter and 1 thaler to have this
    resource being a tobacco. ... In her next turn, she will place 2 tobacco in the ship bag and
    draw 2 resources." """
    t = table(2, letters=["grain", "tobacco"], royal_audience=True).at_step("colonist", player=1).edit(round_turn=1)
    t.edit_player(1, thaler=0, standing=0, resting=1)
    t.edit_district("N3", type="farm", open=True, seal=1, left={"player": 1, "option": "basic", "upright": False})
    t.edit_district("N4", type="farm", open=True, seal=1, left={"player": 1, "option": "basic", "upright": False})
    t.edit_district("N5", type="spin", open=True, seal=1, left={"player": 1, "option": "basic", "upright": True})
    assert t.rules("assemble", 1, audience=[{"resource": "tobacco"}]) == ["7.4 Royal Audience"]
    t.do("assemble", 1, audience=[{"resource": "tobacco", "repeat": True}])
    assert t.view()["thaler"][1] == 3 - 2 and t.view()["letters"][1] == ["tobacco", "tobacco"]
    t.do("end_turn", 1)
    assert t.active == 1 and t.view()["governor"] == 1
    assert t.rules("letter", 1, resource="iron", draws=[{"resource": "timber"}]) == ["5.1 Letter"]
    two_draws = [{"resource": "timber"}, {"resource": "tobacco"}]
    assert t.rules("letter", 1, resource="tobacco", draws=two_draws) == ["5.1 Letter"]
    t.do("letter", 1, resource="iron", draws=two_draws)
    assert t.view()["ship_bag"]["tobacco"] == 1 + 2 - 1 and t.view()["letters"][1] == ["iron"]


def test_royal_audience_favours_are_limited_by_colonists_assembled(table):
    """7.4: "For each colonist assembled, you may pay 1 thaler"; not without the rule."""
    t = (
        table(2, letters=["grain", "tobacco"], royal_audience=True)
        .at_step("colonist")
        .edit_player(0, resting=1, standing=0, thaler=5)
    )
    assert t.rules("assemble", audience=[{"resource": "iron"}, {"resource": "fur"}]) == ["7.4 Royal Audience"]
    assert t.rules("assemble", audience=[{"resource": "iron"}]) == []
    plain = table(2, letters=["grain", "tobacco"]).at_step("colonist").edit_player(0, resting=1, standing=0)
    assert plain.rules("assemble", audience=[{"resource": "iron"}]) == ["7.4 Royal Audience"]


def test_royal_audience_favours_are_paid_from_thaler_held_after_assembling(table):
    """7.4: "For each colonist assembled, you may pay 1 thaler": a player in debt by 2 thaler (a
    record play paid below 0) who assembles 1 colonist holds -2 + 1 = -1 thaler and cannot pay
    for a favour; with 0 thaler she holds 1 after assembling and can."""
    t = (
        table(2, letters=["grain", "tobacco"], royal_audience=True)
        .at_step("colonist")
        .edit_player(0, resting=1, standing=0, thaler=-2)
    )
    assert t.rules("assemble", audience=[{"resource": "iron"}]) == ["7.4 Royal Audience"]
    t.edit_player(0, thaler=0)
    assert t.rules("assemble", audience=[{"resource": "iron"}]) == []


def test_two_player_variant_the_new_governor_plays_the_neutral_player(table):
    """7.5: "When the player to the right of the Governor has completed his or her turn and the
    Governor card has been passed, the new Governor plays with the neutral player instead of
    getting two consecutive turns." The neutral player is the 3rd player (2 thaler)."""
    t = table(2, neutral_player=True)
    assert t.view()["thaler"] == [1, 1, 2] and t.view()["neutral_player"] == 2
    for seat, resource in ((0, "grain"), (1, "fur"), (0, "iron")):
        t.do("choose_letter_resource", seat, resource=resource)
    order = []
    for _ in range(7):
        order.append((t.state["player"], t.active))
        t.at_step("end").do("end_turn")
    assert order == [(0, 0), (1, 1), (2, 1), (1, 1), (0, 0), (2, 0), (0, 0)]


def _neutral_table(table, owners):
    """7.5 after the letters (the governor chooses the neutral player's), districts N1, N2, ...
    sealed for ``owners`` (player 2 is the neutral player), each with an upright colonist."""
    t = table(2, neutral_player=True)
    for seat, resource in ((0, "grain"), (1, "fur"), (0, "iron")):
        t.do("choose_letter_resource", seat, resource=resource)
    for district_id, owner in zip(DISTRICT_IDS, owners):
        t.edit_district(district_id, type="farm", open=True, seal=owner, left=t.colonist(owner))
    return t


def test_two_player_variant_the_neutral_player_is_another_player_for_a_governor_victory(table):
    """6 with 7.5 (README, reading 19): "at least 2 more provinces than any other player" counts
    the neutral player's. Player 2 (seat 1) starts her turn with 4 provinces and 1 thaler against
    player 1's 1 and the neutral player's 3: only 1 more, no victory; against the neutral
    player's 2 she has won."""
    t = _neutral_table(table, [1] * 4 + [0] + [2] * 3).at_step("end")
    assert t.do("end_turn", 0).view()["finished"] is False
    t = _neutral_table(table, [1] * 4 + [0] + [2] * 2).at_step("end")
    outcome = t.do("end_turn", 0).view()["outcome"]
    assert outcome["reason"] == "Governor victory" and outcome["winners"] == [1]
    assert outcome["places"] == [2, 1] and outcome["scores"] == [1, 4]


def test_two_player_variant_the_neutral_player_neither_wins_nor_is_blamed(table):
    """6 with 7.5 (README, reading 19): the neutral player is no governor. Swedish victory: with
    the neutral player's 12 seals against 6 and 6, both players are eligible ("the most seals or
    1 less" among the governors) and the higher net thaler, seat 1's 4 against 3, wins. Dutch
    victory: the neutral player's 1 seal is the fewest, yet the governor with the fewest, seat 0
    with 2, is blamed."""
    t = _neutral_table(table, [0] * 6 + [1] * 6 + [2] * 12)
    t.edit_player(0, thaler=3).edit_player(1, thaler=4).edit_player(2, thaler=50)
    outcome = swedish_victory(t.state)
    assert outcome["reason"] == "Swedish victory" and outcome["winners"] == [1]
    assert outcome["places"] == [2, 1] and outcome["scores"] == [6, 6]
    t = _neutral_table(table, [0] * 2 + [1] * 3 + [2]).edit(forts={"christina": 2, "nassau": 4})
    outcome = dutch_victory(t.state)
    assert outcome["reason"] == "Dutch victory" and outcome["winners"] == []
    assert outcome["blamed"] == [0] and outcome["places"] == [2, 1] and outcome["scores"] == [2, 3]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_two_player_variant_needs_two_players(seats):
    """7.5 "Two Player Variant": the neutral player is the variant's third player, so a table of
    more seats cannot start with it: refuse_setup names the rule (the play is never created)."""
    violations = ENGINE.refuse_setup([Seat() for _ in range(seats)], {"neutral_player": True})
    assert [v.rule for v in violations] == ["7.5 Two Player Variant"]
    assert f"not one of {seats}" in violations[0].message


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {"neutral_player": True}), (2, {}), (4, {"neutral_player": False}), (5, {"sea": "pirate"})],
)
def test_every_other_table_may_start(seats, options):
    """The rulebook starts 2 to 5 players with any of the variants 7.1-7.4, and 2 with 7.5."""
    assert ENGINE.refuse_setup([Seat() for _ in range(seats)], options) == []


def test_a_started_play_has_no_option_check_left_in_its_moves(table):
    """Setup is refused, not the moves: a table that starts plays its first move."""
    t = table(2, neutral_player=True)
    assert "misfit_option" not in t.state and "option_problem" not in t.view()
    assert t.rules("choose_letter_resource", 0, resource="grain") == []


def test_royal_audience_may_repeat_a_type_added_in_the_same_audience_while_stock_lasts(table):
    """7.4: "Place 1 additional resource from the stock on your letter ... OR Ignore the
    requirement of a different type for one resource": a type placed earlier in the audience
    may be repeated, a type on no letter may not, and each cube comes from the stock."""
    t = (
        table(2, letters=["grain", "tobacco"], royal_audience=True)
        .at_step("colonist")
        .edit_player(0, resting=3, standing=0, thaler=5)
    )
    assert t.rules("assemble", audience=[{"resource": "iron", "repeat": True}]) == ["7.4 Royal Audience"]
    iron_twice = [{"resource": "iron"}, {"resource": "iron", "repeat": True}]
    assert t.rules("assemble", audience=iron_twice) == []
    t.edit(markets={**t.state["markets"], "iron": 10}, bag={**t.state["bag"], "iron": 0})
    assert t.view()["stock"]["iron"] == 2
    assert t.rules("assemble", audience=iron_twice) == []
    t.edit(bag={**t.state["bag"], "iron": 1})
    assert t.rules("assemble", audience=iron_twice) == ["7.4 Royal Audience"]
    t.do("assemble", audience=[{"resource": "iron"}])
    assert t.view()["letters"][0] == ["grain", "iron"] and t.view()["thaler"][0] == 5 + 3 - 1
