"""Legal moves and sentences of Nova Suecia (#17): hand-built tables whose legal moves are worked
out by hand from the rulebook (each test cites its section), and the sentences a person at the
table says for several moves. Prices are those of components.json: with 6 cubes on a market a
cube is bought at square 6 and sold at square 7 (section 4); grain 4 and 3, timber 3, iron 5;
a loan on 6 gold cubes is 5 thaler (-9), a deposit 6 thaler (+8), as in the section 8 sample."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from games.contract import Move
from games.nova_suecia import ENGINE

NAMES = ["Anna", "Bo"]
#: Section 2's resources in the engine's order, plant left out: never on a letter nor in the bag.
LETTER_RESOURCES = ["grain", "timber", "iron", "tobacco", "fur", "colonist", "gold"]
DISTRICT_TYPES = ["farm", "forestry", "forge", "plantation", "spin", "trade_post"]
LOAN = Move("treasury", 0, {"kind": "loan"})


def legal(t, seat=None) -> list[Move]:
    moves = list(ENGINE.legal_moves(t.state, seat))
    assert len(set(map(repr, moves))) == len(moves), "a move is offered twice"
    return moves


def same(moves: list[Move], expected: list[Move]) -> bool:
    return Counter(map(repr, moves)) == Counter(map(repr, expected))


def said(t, type_, seat=0, viewer=None, **data) -> str:
    return ENGINE.narrate(t.state, Move(type_, seat, data), viewer, NAMES)


# Legal moves -------------------------------------------------------------------------------------


def test_section_3_step_7_each_resource_but_plant_may_start_on_the_letter(table):
    """3 step 7: in turn order each player takes 1 resource of their choice from stock for the
    letter, "except green plant"; the stock holds 12-18 cubes less 6 on the market and 1 in the
    bag of each, so all 7 others can be taken. Only seat 0 moves, and no Treasury before the
    first turn."""
    t = table(2)
    expected = [Move("choose_letter_resource", 0, {"resource": r}) for r in LETTER_RESOURCES]
    assert legal(t) == expected
    assert legal(t, 1) == []


def test_section_5_1_letter_one_move_per_new_resource_and_per_cube_the_bag_can_give(table):
    """5.1: seat 0's grain goes in the bag (now 2 grain and 1 each of timber, iron, tobacco, fur,
    colonist and gold); the new resource differs from grain and is not plant: 6 choices. One cube
    is drawn: 6 kinds, gold added or removed: 8 outcomes. 6 x 8 = 48 letters. 5.3.5: a loan
    (5 thaler) is possible, a deposit of 6 thaler is not with 1 thaler held."""
    t = table(2, letters=["grain", "iron"])
    draws = [[{"resource": r}] for r in LETTER_RESOURCES if r != "gold"]
    draws += [[{"resource": "gold", "gold": "add"}], [{"resource": "gold", "gold": "remove"}]]
    letters = [
        Move("letter", 0, {"resource": new, "draws": drawn})
        for new in LETTER_RESOURCES
        if new != "grain"
        for drawn in draws
    ]
    moves = legal(t)
    assert len(moves) == 49
    assert same(moves, [*letters, LOAN])


def test_section_5_1_a_draw_names_only_the_choice_its_cube_offers(table):
    """5.1: "If the resource is gold, choose whether to add or remove": a grain drawn offers no
    such choice, and only a drawn plant (7.1, 7.2) names another cube."""
    t = table(2, letters=["grain", "iron"])
    assert t.rules("letter", 0, resource="iron", draws=[{"resource": "grain", "gold": "add"}]) == ["5.1 Letter"]
    assert t.rules("letter", 0, resource="iron", draws=[{"resource": "fur", "picked": "gold"}]) == ["5.1 Letter"]
    assert t.rules("letter", 0, resource="iron", draws=[{"resource": "fur"}]) == []


def _ship_table(table):
    """Seat 0's Ship step: the Swedish ship at card 1 heading for Fort Nassau, the Dutch ship at
    card 12 heading for Fort Christina. N2 (farm) and S2 (forge) are open; S3 is a spin the Dutch
    closed again, N3 was never turned up; N10 is an open farm without a seal."""
    t = table(2, letters=["grain", "iron"]).at_step("ship").ships(1, 12)
    t.edit_district("N2", type="farm", open=True).edit_district("S2", type="forge", open=True)
    t.edit_district("S3", type="spin", open=False).edit_district("N10", type="farm", open=True)
    return t


def test_section_5_2_the_ships_must_move_so_that_a_district_can_be_opened_and_closed(table):
    """5.2: "You must move so that a district can be opened if possible": 1 card ends beside the
    open N2 and S2, so the Swedish ship moves 2, to card 3, and opens N3 (turned up as any of the
    6 kinds, none all turned up) or S3 (the spin, named or not: left out, null or "spin"). The
    Dutch ship "must move so that a district can be closed": 1 card (11) closes nothing, 2 cards
    (10) close N10, so it moves 2. 6 + 3 sails, and a loan (5.3.5)."""
    t = _ship_table(table)
    sails = [{"swedish": 2, "open": "N3", "revealed": kind, "dutch": 2} for kind in DISTRICT_TYPES]
    sails += [
        {"swedish": 2, "open": "S3", "dutch": 2},
        {"swedish": 2, "open": "S3", "revealed": None, "dutch": 2},
        {"swedish": 2, "open": "S3", "revealed": "spin", "dutch": 2},
    ]
    assert same(legal(t), [*(Move("sail", 0, data) for data in sails), LOAN])


def _colonist_table(table, **options):
    """Seat 0's Colonist step with 5 thaler, 1 standing colonist and no seal; N3 an open farm.
    The Swedish ship at card 1, the Dutch at 12: card 3 lies within Swedish influence (5.4)."""
    t = table(2, letters=["grain", "iron"], **options).at_step("colonist").ships(1, 12)
    return t.edit_player(0, thaler=5).edit_district("N3", type="farm", open=True)


def test_section_5_3_the_work_actions_a_player_can_pay_for(table):
    """5.3.1 Invest in N3, left or right triangle: the seal costs 0 (the 1st); basic buys 1 grain
    (4 thaler) and log_cabin 1 timber (3) within 5 thaler, tools 1 grain + 1 iron (4 + 5) not.
    A colonist stands on the letter, so none is bought ("buy_colonist" left out or false), and no
    log cabin stands in N3 to flip (left out or false): 2 x 2 x 2 x 2 = 16 investments.
    5.3.2: no colonist to produce. 5.3.3 Day Work with the standing colonist. 5.3.4 Assemble
    (the audience left out or empty). 5.3.5: a loan, no deposit (6 thaler)."""
    t = _colonist_table(table)
    invests = [
        Move("invest", 0, {"district": "N3", "triangle": triangle, "option": option, **bought, **flip})
        for triangle in ("left", "right")
        for option in ("basic", "log_cabin")
        for bought in ({}, {"buy_colonist": False})
        for flip in ({}, {"flip_log_cabin": False})
    ]
    others = [Move("day_work", 0, {}), Move("assemble", 0, {}), Move("assemble", 0, {"audience": []}), LOAN]
    assert same(legal(t), [*invests, *others])


def test_section_5_3_2_the_wildcard_square_makes_half_the_colonists_at_trade_posts(table):
    """5.3.2: the trade post's wildcard square produces "half as many other resources of your
    choice as there are trade posts with colonists (rounded up)": 3 colonists at trade posts
    (seat 0's 2 in N4, seat 1's in S5, upright or not) make 2, each grain, timber, iron or plant
    ("Gold, colonists and tobacco cannot be produced"): 4 x 4 = 16 lists. No colonist on the
    letter and no district to invest in (N4 full, S5 sealed by seat 1), no Day Work; Assemble;
    a loan only, with 0 thaler."""
    t = table(2, letters=["grain", "iron"]).at_step("colonist").ships(1, 12)
    t.edit_player(0, thaler=0, standing=0)
    wildcard, fur = t.colonist(0, "wildcard"), t.colonist(0, "fur", upright=False)
    t.edit_district("N4", type="trade_post", open=True, seal=0, left=wildcard, right=fur)
    t.edit_district("S5", type="trade_post", open=True, seal=1, left=t.colonist(1, "fur"))
    other = ["grain", "timber", "iron", "plant"]
    produced = [
        Move("produce", 0, {"district": "N4", "triangle": "left", "resources": [first, second]})
        for first in other
        for second in other
    ]
    others = [Move("assemble", 0, {}), Move("assemble", 0, {"audience": []}), LOAN]
    assert same(legal(t), [*produced, *others])


def test_section_7_4_each_set_of_favours_once_in_the_order_of_the_resources(table):
    """7.4: 2 colonists assembled, so at most 2 favours of 1 thaler (the 2 thaler taken pay
    them): 1 cube of a new type (6: not tobacco, already on the letter, nor plant), 2 of new
    types (15 pairs), or the favour "ignore the requirement of a different type" for 1 more
    tobacco (2 thaler). 22 audiences, plus none; README "Legal moves": each set once, in the
    order of the resources. The same favours in another order are accepted, not listed."""
    t = table(2, letters=["tobacco", "iron"], royal_audience=True).at_step("colonist").ships(1, 12)
    t.edit_player(0, thaler=0, standing=0, resting=2)
    new = [r for r in LETTER_RESOURCES if r != "tobacco"]
    audiences = [[{"resource": r}] for r in new] + [[{"resource": "tobacco", "repeat": True}]]
    audiences += [[{"resource": a}, {"resource": b}] for a, b in combinations(new, 2)]
    assembles = [Move("assemble", 0, {}), Move("assemble", 0, {"audience": []})]
    assembles += [Move("assemble", 0, {"audience": audience}) for audience in audiences]
    moves = legal(t)
    assert len(moves) == 25
    assert same(moves, [*assembles, LOAN])
    assert t.rules("assemble", 0, audience=[{"resource": "gold"}, {"resource": "grain"}]) == []
    assert Move("assemble", 0, {"audience": [{"resource": "gold"}, {"resource": "grain"}]}) not in moves


def test_section_5_legal_moves_are_the_seat_in_turns_and_come_in_one_order(table):
    """5: only the player whose turn it is moves; the list is the same each time it is asked."""
    t = _colonist_table(table)
    assert legal(t, 1) == []
    assert legal(t, 0) == legal(t) == legal(t)


# Sentences ---------------------------------------------------------------------------------------


def test_sentences_of_preparation_letter_and_treasury(table):
    """3 step 7, 5.1 ("Player 3 draws 1 tobacco and the tobacco price rises"), 5.3.5 (the sample
    game's "loan of 5 thaler against an interest of -9 thaler")."""
    t = table(2)
    assert said(t, "choose_letter_resource", resource="iron") == "Anna places 1 iron from the stock on the letter."
    t = table(2, letters=["grain", "iron"])
    assert said(t, "letter", resource="timber", draws=[{"resource": "gold", "gold": "remove"}]) == (
        "Anna places 1 grain in the ship bag and 1 timber on the letter, then draws 1 gold "
        "(1 removed from the gold market)."
    )
    assert said(t, "letter", resource="fur", draws=[{"resource": "colonist"}]) == (
        "Anna places 1 grain in the ship bag and 1 fur on the letter, then draws 1 colonist "
        "(1 added to the colonist market)."
    )
    assert said(t, "treasury", kind="loan") == (
        "Anna takes a loan: returns 1 gold to the stock, takes 5 thaler and places a seal on the -9 space "
        "on the treasury."
    )


def test_sentences_of_the_ship_action(table):
    """5.2: the Swedish ship opens N3, the Dutch ship closes N10; ships passing at card 6 put 1
    thaler on Fort Christina, the closest fort ("Since the ships met closest to Fort Christina")."""
    t = _ship_table(table)
    assert said(t, "sail", swedish=2, open="N3", revealed="farm", dutch=2) == (
        "Anna moves the Swedish ship 2 river cards and opens the farm at N3, then the Dutch ship "
        "2 river cards, closing N10."
    )
    t.ships(5, 7)
    assert said(t, "sail", swedish=1, open="N6", revealed="forge", dutch=2) == (
        "Anna moves the Swedish ship 1 river card and opens the forge at N6, then the Dutch ship "
        "2 river cards, closing no district; the ships pass and 1 thaler is placed on Fort Christina."
    )
    t.do("sail", 0, swedish=1, open="N6", revealed="forge", dutch=2)
    assert t.state["forts"] == {"christina": 1, "nassau": 0}


def test_sentences_of_the_colonist_actions(table):
    """5.3.1 (the Finland example's "Buy 1 grain to produce 2 grain"), 5.3.3, 5.3.4 and 5.3.2
    with the raid of 5.4 (section 8: "produce 2 grain, earning her 3+2 thaler ... the Dutch raid
    1 thaler from her")."""
    t = _colonist_table(table)
    assert said(t, "invest", district="N3", triangle="left", option="basic") == (
        "Anna invests in the farm at N3, places a seal there at no cost, moves a colonist to the left-hand "
        "investment triangle (basic) and buys 1 grain, paying 4 thaler in all."
    )
    assert said(t, "day_work") == "Anna lays down 1 colonist on the letter and takes 1 thaler."
    t.edit_district("N1", type="farm", open=True, seal=0, left=t.colonist(0))
    t.ships(5, 3).edit(forts={"christina": 1, "nassau": 0})
    t.edit_player(0, thaler=0)
    assert said(t, "produce", district="N1", triangle="left") == (
        "Anna lays down the colonist in the left-hand investment triangle of the farm at N1 and sells 2 grain "
        "for 5 thaler; the Dutch raid 1 thaler."
    )
    t.do("produce", 0, district="N1", triangle="left")
    assert t.player(0)["thaler"] == 5 - 1


def test_sentence_of_assemble_and_of_the_neutral_player(table):
    """5.3.4: the laid down colonists come back (1 thaler each), a standing one goes to stock, the
    seal of a district left without colonists comes back. 7.5: the governor plays the neutral
    player's turn. Nothing is hidden (README "Hidden information"): another seat reads the same."""
    t = _colonist_table(table)
    t.edit_district("N3", seal=0, left=t.colonist(0, upright=False)).edit_player(0, standing=1, resting=1)
    expected = (
        "Anna assembles 2 colonists and takes 2 thaler; 1 colonist standing on the letter returns to the stock; "
        "the seal on N3 returns to the letter and the district closes."
    )
    assert said(t, "assemble") == expected
    assert said(t, "assemble", viewer=1) == expected
    assert said(t, "end_turn") == "Anna ends the turn."
    neutral = table(2, neutral_player=True).at_step("end", player=2)
    assert said(neutral, "end_turn") == "Anna, for the neutral player, ends the turn."
