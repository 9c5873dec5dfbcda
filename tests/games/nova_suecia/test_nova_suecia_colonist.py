"""5.3 Colonist (Invest, Produce, Day Work, Assemble, Treasury) and 5.4 Raid, each test citing its rule."""

from games.nova_suecia.produce import production
from games.nova_suecia.queries import net_thaler


def _colonist(player, option="basic", upright=True):
    return {"player": player, "option": option, "upright": upright}


def _colonist_step(table, seats=4, thaler=20, **districts):
    """Seat 0 to act in the Colonist step, with the given districts open (id -> type)."""
    t = table(seats, letters=["grain", "grain", "fur", "fur", "iron"][:seats]).at_step("colonist").ships(1, 12)
    t.edit_player(0, thaler=thaler)
    for district_id, kind in districts.items():
        t.edit_district(district_id, type=kind, open=True)
    return t


def test_invest_seals_the_district_paying_one_thaler_per_district_already_sealed(table):
    """5.3.1: "pay 1 thaler for each district with your seal to place a seal there (0 for the
    1st, 1 for the 2nd etc.)" and "To buy a resource, pay the market price"."""
    t = _colonist_step(table, thaler=10, N3="farm", N4="forge")
    t.do("invest", district="N3", triangle="left", option="basic")
    assert t.view()["thaler"][0] == 10 - 0 - 4 and t.district("N3")["seal"] == 0
    assert t.view()["markets"]["grain"] == 5
    t.at_step("colonist").edit_player(0, standing=1)
    t.do("invest", district="N4", triangle="left", option="basic")
    assert t.view()["thaler"][0] == 6 - 1 - 5
    t.at_step("colonist").edit_player(0, standing=1, thaler=10)
    t.do("invest", district="N3", triangle="right", option="basic")
    assert t.view()["thaler"][0] == 10 - 0 - 6, "no seal to pay in a district already sealed"


def test_invest_only_in_an_open_district_with_no_opponent_seal(table):
    """5.3.1: "choose 1 open district with no opponent seal for your action." """
    t = _colonist_step(table, N3="farm")
    t.edit_district("N5", type="farm", open=False)
    assert t.rules("invest", district="N5", triangle="left", option="basic") == ["5.3.1 Invest"]
    t.edit_district("N3", seal=1, left=t.colonist(1))
    assert t.rules("invest", district="N3", triangle="right", option="basic") == ["5.3.1 Invest"]
    t.edit_district("N3", seal=0, left=t.colonist(0))
    assert t.rules("invest", district="N3", triangle="right", option="basic") == []


def test_one_colonist_in_the_left_and_one_in_the_right_hand_triangle(table):
    """5.3.1: "There may be 1 colonist in a left-hand triangle and 1 in a right-hand." """
    t = _colonist_step(table, N3="farm")
    t.edit_district("N3", seal=0, left=t.colonist(0))
    assert t.rules("invest", district="N3", triangle="left", option="basic") == ["5.3.1 Invest"]
    assert t.rules("invest", district="N3", triangle="right", option="basic") == []


def test_invest_example_finland_farm_three_choices(table):
    """5.3.1 example: "1. Buy 1 grain to produce 2 (1) grain. 2. Buy 1 grain + 1 iron to produce
    4 (3) grain. 3. Acquire 1 timber to produce 1 log cabin." (Parentheses: the right-hand
    triangle, which produces 1 less.)"""
    t = _colonist_step(table, N3="farm")
    expected = {"basic": ({"grain": 2}, {"grain": 1}), "tools": ({"grain": 4}, {"grain": 3})}
    expected["log_cabin"] = ({"log_cabin": 1}, {"log_cabin": 1})
    for option, (left, right) in expected.items():
        t.edit_district("N3", left=t.colonist(0, option), right=t.colonist(0, option))
        district = t.district("N3")
        assert production(t.state, district, "left", []) == left
        assert production(t.state, district, "right", []) == right
    before = t.view()["markets"]
    t.edit_district("N3", left=None, right=None)
    t.do("invest", district="N3", triangle="left", option="tools")
    after = t.view()["markets"]
    assert (before["grain"] - after["grain"], before["iron"] - after["iron"]) == (1, 1)
    assert t.view()["thaler"][0] == 20 - 4 - 5


def test_invest_in_a_log_cabin_buys_timber_instead_of_grain(table):
    """5.3.1: "You buy 1 timber instead of 1 grain in the turn you invest in them." """
    t = _colonist_step(table, N3="spin")
    t.do("invest", district="N3", triangle="left", option="log_cabin")
    assert t.view()["markets"]["timber"] == 5 and t.view()["markets"]["grain"] == 6
    assert t.view()["thaler"][0] == 20 - 3


def test_right_hand_spin_invests_one_less_plant(table):
    """5.3.1: "If you move a colonist to a right-hand investment triangle, produce 1 less of each
    resource shown. (Note that spins invest 1 less plant in that case.)" """
    t = _colonist_step(table, N3="spin")
    t.do("invest", district="N3", triangle="right", option="basic")
    assert t.view()["markets"]["plant"] == 6 - 1
    t.edit_district("N3", right=None, left=None).at_step("colonist").edit_player(0, standing=1, thaler=20)
    t.edit(markets={**t.state["markets"], "plant": 6})
    t.do("invest", district="N3", triangle="left", option="basic")
    assert t.view()["markets"]["plant"] == 6 - 2


def test_a_district_offers_only_the_investments_on_its_card(table):
    """5.3.1: "The investment triangle shows which resources you need to buy"."""
    t = _colonist_step(table, N3="farm")
    assert t.rules("invest", district="N3", triangle="left", option="fur") == ["5.3.1 Invest"]


def test_with_no_colonist_on_the_letter_buy_one_and_only_then(table):
    """5.3.1: "If you have no colonist on your letter, you must first buy one from the market
    ... You may only buy colonists from the market if you have none on your letter." (Section 8:
    "It costs 1+3+3 thaler for the seal, colonist and grain.")"""
    t = _colonist_step(table, N3="farm")
    assert t.rules("invest", district="N3", triangle="left", option="basic", buy_colonist=True) == ["5.3.1 Invest"]
    t.edit_player(0, standing=0)
    assert t.rules("invest", district="N3", triangle="left", option="basic") == ["5.3.1 Invest"]
    t.edit(markets={**t.state["markets"], "colonist": 7, "grain": 7})
    t.do("invest", district="N3", triangle="left", option="basic", buy_colonist=True)
    assert t.view()["thaler"][0] == 20 - 3 - 3
    assert t.view()["markets"]["colonist"] == 6 and t.view()["colonists_on_letter"][0]["standing"] == 0


def test_laid_down_colonists_on_the_letter_block_buying_and_investing(table):
    """5.3.1 / 5.3.4 (reading): a colonist laid down by Day Work is on the letter but not
    available until Assemble, so the player can neither move it nor buy another."""
    t = _colonist_step(table, N3="farm").edit_player(0, standing=0, resting=1)
    assert t.rules("invest", district="N3", triangle="left", option="basic") == ["5.3.1 Invest"]
    assert t.rules("invest", district="N3", triangle="left", option="basic", buy_colonist=True) == ["5.3.1 Invest"]


def test_an_investment_must_be_paid_for(table):
    """5.3.1: "pay the market price": nobody pays with thaler they do not hold."""
    t = _colonist_step(table, thaler=3, N3="farm")
    assert t.rules("invest", district="N3", triangle="left", option="basic") == ["5.3.1 Invest"]
    t.edit_player(0, thaler=4)
    assert t.rules("invest", district="N3", triangle="left", option="basic") == []


def test_a_log_cabin_feeds_a_colonist_instead_of_grain_until_assemble(table):
    """5.3.1: "Once produced, you may flip it instead of buying 1 grain to a colonist in the
    district. Unflip it in the Assemble action." """
    t = _colonist_step(table, N3="farm")
    assert t.rules("invest", district="N3", triangle="left", option="basic", flip_log_cabin=True) == ["5.3.1 Invest"]
    t.edit_district("N3", cabins=1, seal=0)
    assert t.rules("invest", district="N3", triangle="left", option="log_cabin", flip_log_cabin=True) == [
        "5.3.1 Invest"
    ]
    t.do("invest", district="N3", triangle="left", option="basic", flip_log_cabin=True)
    assert t.view()["thaler"][0] == 20 and t.view()["markets"]["grain"] == 6
    assert t.district("N3")["flipped"] == 1
    t.at_step("colonist").edit_player(0, standing=1)
    assert t.rules("invest", district="N3", triangle="right", option="basic", flip_log_cabin=True) == ["5.3.1 Invest"]
    t.do("day_work").do("end_turn", 0)
    t.at_step("colonist", player=0).do("assemble", 0)
    assert t.district("N3")["flipped"] == 0


def test_produce_example_trefaldighet_earns_eight_thaler(table):
    """5.3.2 example: "There are currently 3 colonists at trade posts (1 at this province and 2 at
    another trade post owned by player 4). Player 3 takes 3 fur from stock and places them on the
    fur market, earning 3+3+2=8 thaler. She then lays down the colonist at the trade post." """
    t = table(4, letters=["grain", "grain", "fur", "iron"]).at_step("colonist", player=2).ships(1, 12)
    t.edit_district("N4", type="trade_post", open=True, seal=2, left=t.colonist(2, "fur"))
    t.edit_district(
        "S9",
        type="trade_post",
        open=True,
        seal=3,
        left=t.colonist(3, "fur", upright=False),
        right=t.colonist(3, "wildcard"),
    )
    thaler = t.view()["thaler"][2]
    t.do("produce", 2, district="N4", triangle="left")
    assert t.view()["thaler"][2] == thaler + 8
    assert t.view()["markets"]["fur"] == 9
    assert t.district("N4")["left"]["upright"] is False


def test_wildcard_square_produces_half_the_trade_post_colonists_rounded_up(table):
    """5.3.2: "Trade posts' gray wildcard production square produce half as many other resources
    of your choice as there are trade posts with colonists (rounded up). Gold, colonists and
    tobacco cannot be produced." """
    t = _colonist_step(table)
    t.edit_district("N4", type="trade_post", open=True, seal=0, left=t.colonist(0, "wildcard"))
    t.edit_district("N5", type="trade_post", open=True, seal=1, left=t.colonist(1, "fur"), right=t.colonist(1, "fur"))
    assert t.rules("produce", district="N4", triangle="left", resources=["grain"]) == ["5.3.2 Produce"]
    assert t.rules("produce", district="N4", triangle="left", resources=["grain", "tobacco"]) == ["5.3.2 Produce"]
    assert t.rules("produce", district="N4", triangle="left", resources=["gold", "iron"]) == ["5.3.2 Produce"]
    t.do("produce", district="N4", triangle="left", resources=["iron", "plant"])
    assert t.view()["markets"]["iron"] == 7 and t.view()["markets"]["plant"] == 7


def test_only_a_wildcard_square_lets_the_player_choose(table):
    """5.3.2: "sell the resources ... shown in the production square"."""
    t = _colonist_step(table).edit_district("N3", type="farm", open=True, seal=0, left=_colonist(0))
    assert t.rules("produce", district="N3", triangle="left", resources=["iron"]) == ["5.3.2 Produce"]


def test_produce_needs_your_own_upright_colonist(table):
    """5.3.2: "choose 1 upright colonist in an investment triangle and lay it down"."""
    t = _colonist_step(table).edit_district("N3", type="farm", open=True, seal=0, left=_colonist(0, upright=False))
    assert t.rules("produce", district="N3", triangle="left") == ["5.3.2 Produce"]
    assert t.rules("produce", district="N3", triangle="right") == ["5.3.2 Produce"]
    t.edit_district("N3", left=_colonist(1))
    assert t.rules("produce", district="N3", triangle="left") == ["5.3.2 Produce"]
    t.edit_district("N3", left=_colonist(0))
    assert t.rules("produce", district="N3", triangle="left") == []


def test_produce_right_hand_one_less_but_never_less_than_one(table):
    """5.3.2: "(1 less if the right-hand investment triangle was used but never less than 1)";
    a log cabin moves from stock to the district."""
    t = _colonist_step(table).edit_district("N3", type="trade_post", open=True, seal=0, right=_colonist(0, "fur"))
    t.do("produce", district="N3", triangle="right")
    assert t.view()["markets"]["fur"] == 7
    t = _colonist_step(table).edit_district("N3", type="farm", open=True, seal=0, right=_colonist(0, "log_cabin"))
    t.do("produce", district="N3", triangle="right")
    assert t.district("N3")["cabins"] == 1 and t.view()["log_cabins"][0] == 1


def test_day_work_lays_down_a_colonist_on_the_letter_for_one_thaler(table):
    """5.3.3: "Lay down 1 colonist on the letter and take 1 thaler." """
    t = _colonist_step(table, thaler=2)
    t.do("day_work")
    assert t.view()["thaler"][0] == 3
    assert t.view()["colonists_on_letter"][0] == {"standing": 0, "laid_down": 1}
    t.at_step("colonist")
    assert t.rules("day_work") == ["5.3.3 Day Work"]


def test_assemble_takes_back_laid_down_colonists_and_gives_up_empty_districts(table):
    """5.3.4: "Return all laid down colonists ... Take 1 thaler for each assembled colonist.
    Colonists who remain standing on the letter are returned to the stock. Seals on districts
    without any colonists are returned to the letter and the district is closed." """
    t = _colonist_step(table, thaler=0).edit_player(0, standing=1, resting=1)
    t.edit_district("N3", type="farm", open=True, seal=0, left=_colonist(0, upright=False), right=_colonist(0))
    t.edit_district("N4", type="forge", open=True, seal=0, left=_colonist(0, upright=False))
    t.edit_district("N5", type="forge", open=True, seal=1, left=_colonist(1, upright=False))
    t.do("assemble")
    view = t.view()
    assert view["thaler"][0] == 3
    assert view["colonists_on_letter"][0] == {"standing": 3, "laid_down": 0}
    assert view["districts"]["N3"]["seal"] == 0 and view["districts"]["N3"]["right"] is not None
    assert view["districts"]["N4"]["seal"] is None and not view["districts"]["N4"]["open"]
    assert view["districts"]["N5"]["seal"] == 1 and view["districts"]["N5"]["left"] is not None


def test_treasury_example_a_loan_at_gold_price_four(table):
    """5.3.5 example: "The current gold price is 4 (+6/-8). She returns 1 gold to the stock, takes
    4 thaler and places a seal on the -8 space on the treasury." """
    t = _colonist_step(table, thaler=0).edit(markets={**table(2).state["markets"], "gold": 4})
    assert t.view()["gold"]["loan"] == {"thaler": 4, "deposit": 6, "loan": 8}
    t.do("treasury", kind="loan")
    assert t.view()["thaler"][0] == 4 and t.view()["loans"][0] == 8 and t.view()["markets"]["gold"] == 3


def test_treasury_deposit_pays_the_thaler_amount_and_adds_gold(table):
    """5.3.5: "Deposit: Add 1 gold from stock, pay the thaler amount and increase your deposit
    amount (+)." """
    t = _colonist_step(table, thaler=3).edit(markets={**table(2).state["markets"], "gold": 3})
    assert t.rules("treasury", kind="deposit") == ["5.3.5 Treasury"]
    t = _colonist_step(table, thaler=4).edit(markets={**table(2).state["markets"], "gold": 3})
    t.do("treasury", kind="deposit")
    assert (t.view()["thaler"][0], t.view()["deposits"][0], t.view()["markets"]["gold"]) == (0, 6, 4)


def test_treasury_once_a_turn_at_any_step(table):
    """5.3.5: "The action may be taken once at any time during a turn"."""
    t = table(2, letters=["grain", "fur"])
    t.do("treasury", kind="loan")
    assert t.rules("treasury", kind="loan") == ["5.3.5 Treasury"]
    t.do("letter", resource="iron", draws=[{"resource": "timber"}]).do(
        "sail", swedish=1, open="N1", revealed="farm", dutch=1
    )
    t.do("day_work").do("end_turn")
    assert t.rules("treasury", kind="loan") == []


def test_loans_and_deposits_are_netted_against_each_other():
    """5.3.5: "a loan amount of -8 and a deposit amount of +7 counts as -1." """
    assert net_thaler({"thaler": 0, "loan": 8, "deposit": 7}) == -1


def _raid_table(table, district_id, thaler=5, cabins=0):
    """5.4 example board: Swedish ship at the 10th card, Dutch at the 5th, 1 thaler on Fort
    Christina and 2 on Fort Nassau; seat 0 has a colonist ready to produce in the district."""
    t = _colonist_step(table, thaler=thaler).ships(10, 5).edit(forts={"christina": 1, "nassau": 2})
    t.edit_district(district_id, type="farm", open=True, seal=0, left=_colonist(0), cabins=cabins)
    return t.edit_district("N12", type="forge", open=True, seal=1, left=_colonist(1))


def test_raid_example_swedish_influence_is_safe_dutch_influence_pays_the_closest_fort(table):
    """5.4 example: "The Swedish ship is positioned at the 10th district and the Dutch ship at the
    5th district. There is 1 thaler at Fort Christina and 2 thaler at Fort Nassau. Invest and
    Produce actions at district 6-12 are safe from raids while Invest and Produce actions cost
    1 thaler, unless the player has at least 1 log cabin." """
    earned = 3 + 2
    for card in range(1, 13):
        t = _raid_table(table, f"S{card}")
        t.do("produce", district=f"S{card}", triangle="left")
        raided = 0 if card >= 6 else 1
        assert t.view()["thaler"][0] == 5 + earned - raided, card
    t = _raid_table(table, "S3", cabins=1)
    t.do("produce", district="S3", triangle="left")
    assert t.view()["thaler"][0] == 5 + earned


def test_raid_follows_invest_too_and_never_takes_more_than_held(table):
    """5.4: "Pay an amount of thaler to the stock equal to the closest fort less the number of
    log cabins in your districts (but never more than the available amount of thaler)." """
    t = _colonist_step(table, thaler=4, S2="farm").ships(10, 5).edit(forts={"christina": 3, "nassau": 0})
    t.do("invest", district="S2", triangle="left", option="basic")
    assert t.view()["thaler"][0] == 0
    t = _colonist_step(table, thaler=9, S2="farm").ships(10, 5).edit(forts={"christina": 3, "nassau": 0})
    t.do("invest", district="S2", triangle="left", option="basic")
    assert t.view()["thaler"][0] == 9 - 4 - 3


def test_no_deposit_before_the_dutch_raid_the_district(table):
    """5.4: "Note that the Treasury action cannot be used to make a deposit before the Dutch raid
    the district." """
    t = _raid_table(table, "S3", thaler=20).edit(markets={**table(2).state["markets"], "gold": 3})
    t.do("treasury", kind="deposit")
    assert t.rules("produce", district="S3", triangle="left") == ["5.4 Raid"]
    t = _raid_table(table, "S8", thaler=20).edit(markets={**table(2).state["markets"], "gold": 3})
    t.do("treasury", kind="deposit")
    assert t.rules("produce", district="S8", triangle="left") == []


def test_no_deposit_before_the_dutch_raid_an_investment_either(table):
    """5.4: "If an invest or produce action was taken ... Note that the Treasury action cannot be
    used to make a deposit before the Dutch raid the district": an Invest within Dutch influence
    (S3, with the Swedish ship at card 10 and the Dutch at 5) after a deposit is refused, one
    within Swedish influence (S8) is not."""
    for district_id, rules in (("S3", ["5.4 Raid"]), ("S8", [])):
        t = _colonist_step(table, **{district_id: "farm"}).ships(10, 5).edit(forts={"christina": 1, "nassau": 2})
        t.edit(markets={**t.state["markets"], "gold": 3}).do("treasury", kind="deposit")
        assert t.rules("invest", district=district_id, triangle="left", option="basic") == rules, district_id


def test_raid_within_dutch_influence_near_fort_nassau_pays_its_thaler(table):
    """5.4: "The districts on both sides of the Swedish ship up to, but not including, the Dutch
    ship are within Swedish influence while the rest are within Dutch influence ... Pay an amount
    of thaler to the stock equal to the closest fort"."""
    for card, raided in ((7, 0), (8, 2), (12, 2)):
        t = _colonist_step(table, thaler=5).ships(3, 8).edit(forts={"christina": 1, "nassau": 2})
        t.edit_district(f"N{card}", type="farm", open=True, seal=0, left=_colonist(0))
        t.do("produce", district=f"N{card}", triangle="left")
        assert t.view()["thaler"][0] == 5 + 3 + 2 - raided, card


def test_the_raid_counts_the_log_cabins_the_action_itself_brought(table):
    """5.3 "End with the Raid action" and 5.4 "less the number of log cabins in your districts"
    (README, reading 11): the raid comes after the action, so a log cabin it built, or one
    standing in the district it sealed, counts. On the 5.4 example board (Fort Christina 1, Fort
    Nassau 2, Dutch influence at cards 1-5), building the first log cabin at S3 is raided
    1 - 1 = 0, and with Fort Christina at 2, 2 - 1 = 1; sealing S2, where a log cabin was
    left, for 4 thaler (1 grain, square 6) is raided 1 - 1 = 0."""
    for christina, raided in ((1, 0), (2, 1)):
        t = _raid_table(table, "S3").edit(forts={"christina": christina, "nassau": 2})
        t.edit_district("S3", left=_colonist(0, "log_cabin")).do("produce", district="S3", triangle="left")
        assert t.view()["log_cabins"][0] == 1 and t.view()["thaler"][0] == 5 - raided, christina
    t = _colonist_step(table, thaler=5, S2="farm").ships(10, 5).edit(forts={"christina": 1, "nassau": 2})
    t.edit_district("S2", cabins=1).do("invest", district="S2", triangle="left", option="basic")
    assert t.view()["log_cabins"][0] == 1 and t.view()["thaler"][0] == 5 - 4


def test_5_3_2_a_right_hand_trade_post_makes_one_less_than_the_colonists_at_trade_posts(table):
    """5.3.2: "sell the resources ... shown in the production square (1 less if the right-hand
    investment triangle was used but never less than 1)"; "Trade posts' red fur production
    squares produce as many fur as there are trade posts with colonists", the "wildcard
    production square ... half as many ... (rounded up)". With 3 colonists at trade posts (one
    laid down: "It does not matter who owns the colonists or whether they are upright or laid
    down"), the right-hand fur square makes 3 - 1 = 2 fur, sold onto squares 7 and 8 of the fur
    market (6 cubes) for 3 + 3 = 6 thaler; the right-hand wildcard square makes 2 - 1 = 1. N4 lies
    within Swedish influence (ships on cards 1 and 12): no raid."""
    for option, sold in (("fur", 2), ("wildcard", 1)):
        t = _colonist_step(table, thaler=5)
        t.edit_district("N4", type="trade_post", open=True, seal=0, right=_colonist(0, option))
        t.edit_district(
            "N5", type="trade_post", open=True, seal=1, left=_colonist(1, "fur"), right=_colonist(1, "fur", False)
        )
        if option == "fur":
            t.do("produce", district="N4", triangle="right")
            assert t.view()["thaler"][0] == 5 + 3 + 3 and t.view()["markets"]["fur"] == 6 + sold
        else:
            assert t.rules("produce", district="N4", triangle="right", resources=["iron", "iron"]) == ["5.3.2 Produce"]
            t.do("produce", district="N4", triangle="right", resources=["iron"])
            assert t.view()["markets"]["iron"] == 6 + sold
