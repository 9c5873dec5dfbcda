"""Section 6: governor victory, Swedish victory, Dutch victory and the unprofitable colony."""

from games.nova_suecia.board import DISTRICT_IDS
from games.nova_suecia.ending import dutch_victory, swedish_victory


def _colonist(player):
    return {"player": player, "option": "basic", "upright": True}


def _seal(t, owners, districts=DISTRICT_IDS):
    """Seal districts N1, N2, ... in order for the given owners (each with an upright colonist)."""
    for district_id, owner in zip(districts, owners):
        t.edit_district(district_id, type="farm", open=True, seal=owner, left=_colonist(owner))
    return t


def _quiet_turn(t, action="day_work", swedish=1, **data):
    """Letter, a ship move (1 card each unless told; nothing left to open or close), an action, end."""
    seat = t.active
    letter = t.player(t.state["player"])["letter"]
    stock = t.view()["stock"]
    new = next(r for r in ("iron", "fur", "timber", "tobacco", "grain") if r not in letter and stock[r])
    bag = {**t.state["bag"], letter[0]: t.state["bag"].get(letter[0], 0) + 1}
    drawn = next(r for r in ("timber", "iron", "fur", "grain", "tobacco", "colonist") if bag.get(r))
    t.do("letter", seat, resource=new, draws=[{"resource": drawn}])
    t.do("sail", seat, swedish=swedish, open=None, dutch=1)
    t.do(action, seat, **data)
    t.do("end_turn", seat)


def test_governor_victory_two_more_provinces_and_positive_thaler_at_the_start_of_a_turn(table):
    """6: "Governor victory: A governor starts the turn with at least 2 more provinces than any
    other player AND has a positive amount of thaler." """
    t = _seal(table(3, letters=["grain", "fur", "iron"]), [1, 1, 1, 2]).at_step("end").edit_player(1, thaler=1)
    t.do("end_turn", 0)
    outcome = t.view()["outcome"]
    assert outcome["reason"] == "Governor victory" and outcome["winners"] == [1] and outcome["places"] == [2, 1, 2]
    assert t.rules("letter", 1, resource="iron", draws=[{"resource": "timber"}]) == ["6. End of Game"]


def test_no_governor_victory_without_thaler_or_with_only_one_more_province(table):
    """6: both conditions are needed ("AND")."""
    t = _seal(table(3, letters=["grain", "fur", "iron"]), [1, 1, 1, 2]).at_step("end").edit_player(1, thaler=0)
    assert t.do("end_turn", 0).view()["finished"] is False
    t = _seal(table(3, letters=["grain", "fur", "iron"]), [1, 1, 2]).at_step("end").edit_player(1, thaler=5)
    assert t.do("end_turn", 0).view()["finished"] is False


def test_governor_victory_counts_the_thaler_held_not_loans(table):
    """6 (reading): only the Swedish victory says "including loans and deposits"; a governor
    holding thaler wins even with a loan."""
    t = _seal(table(3, letters=["grain", "fur", "iron"]), [1, 1]).at_step("end").edit_player(1, thaler=1, loan=9)
    assert t.do("end_turn", 0).view()["outcome"]["reason"] == "Governor victory"


def _end_game_example(table):
    """6 example: 23 of 24 districts sealed, 4 thaler on Fort Christina and 5 on Fort Nassau, "the
    ships will pass each other next turn" (on river cards 5 and 6, facing each other); player 1
    (seat 0) holds 5 seals and is about to invest."""
    t = table(4, letters=["grain", "fur", "iron", "tobacco"])
    _seal(t, [0] * 5 + [1] * 4 + [2] * 7 + [3] * 7, [d for d in DISTRICT_IDS if d != "S5"])
    t.edit_district("S5", type="farm", open=True).ships(5, 6)
    t.edit(forts={"christina": 4, "nassau": 5}).at_step("colonist")
    for seat, (thaler, loan, deposit) in enumerate([(14, 15, 10), (20, 0, 0), (5, 0, 0), (3, 0, 0)]):
        t.edit_player(seat, thaler=thaler, loan=loan, deposit=deposit)
    return t


def test_end_game_example_swedish_victory_after_one_more_turn_each(table):
    """6 example: "Player 1 invests in the 24th district and places her 6th seal there. All
    governors play one more turn so Player 1 gets to produce from the newly acquired district.
    Player 2 has only 4 seals and cannot win. Player 1 ends up with 12 thaler, a loan of -15
    thaler and a deposit of 10 thaler. This is more than Player 2 and 3 so she wins." The ships
    pass in player 2's turn ("next turn") and put a 5th thaler on Fort Christina (5 x 5 > 24),
    yet player 1 wins: the Dutch victory is not checked in the last turns (README, reading 14).
    Nobody starts a last turn 2 provinces ahead (6, 4, 7 and 7 seals)."""
    t = _end_game_example(table)
    t.do("invest", 0, district="S5", triangle="left", option="basic")
    assert t.view()["seals"] == [6, 4, 7, 7] and t.view()["seals_on_districts"] == 24
    t.do("end_turn", 0)
    assert t.active == 1
    _quiet_turn(t, swedish=2)
    assert t.view()["forts"] == {"christina": 5, "nassau": 5} and not t.view()["finished"]
    for seat in (2, 3):
        assert t.active == seat
        _quiet_turn(t)
    assert t.active == 0 and not t.view()["finished"]
    _quiet_turn(t, "produce", district="S5", triangle="left")
    outcome = t.view()["outcome"]
    assert t.view()["thaler"][0] == 12 and t.view()["net_thaler"][0] == 7
    assert outcome["reason"] == "Swedish victory" and outcome["winners"] == [0]


def test_end_game_example_another_round_would_have_been_a_dutch_victory(table):
    """6 example: "If the game had continued another round, a 5th thaler would have been placed on
    fort Christina (bringing the multiplier to 25) and the Dutch would have won." Dutch victory:
    "The number of Fort Christina thaler times the number of Fort Nassau thaler exceeds the
    total number of seals on the districts." """
    t = _end_game_example(table)
    t.do("invest", 0, district="S5", triangle="left", option="basic")
    assert dutch_victory(t.state) is None
    outcome = dutch_victory({**t.state, "forts": {"christina": 5, "nassau": 5}})
    assert outcome["reason"] == "Dutch victory" and outcome["winners"] == []


def test_dutch_victory_has_no_winner_and_blames_the_fewest_seals(table):
    """6: "There is no winner in the game but the governor or governors with the fewest seals on
    districts is blamed by the Queen and loses." """
    t = _seal(table(3, letters=["grain", "fur", "iron"]), [0, 0, 1]).edit(forts={"christina": 1, "nassau": 3})
    t.at_step("ship").ships(3, 4)
    t.do("sail", swedish=2, open="S5", revealed="forge", dutch=1)
    outcome = t.view()["outcome"]
    assert t.view()["forts"] == {"christina": 2, "nassau": 3}
    assert outcome["reason"] == "Dutch victory" and outcome["winners"] == []
    assert outcome["blamed"] == [2] and outcome["places"] == [1, 1, 3]


def test_unprofitable_colony_when_no_governor_ends_with_positive_thaler(table):
    """6: "This also happens if no governor ends with a positive amount of thaler, in which case
    the colony is deemed unprofitable and is abandoned." (Loans and deposits netted.)"""
    t = _end_game_example(table)
    for seat in range(4):
        t.edit_player(seat, loan=40)
    t.do("invest", 0, district="S5", triangle="left", option="basic").do("end_turn", 0)
    for steps in (2, 1, 1):
        _quiet_turn(t, swedish=steps)
    _quiet_turn(t, "produce", district="S5", triangle="left")
    outcome = t.view()["outcome"]
    assert outcome["reason"] == "Unprofitable colony" and outcome["winners"] == []
    assert outcome["blamed"] == [1]


def test_a_governor_victory_at_the_start_of_the_sealers_last_turn(table):
    """6: "Governor victory: A governor starts the turn with at least 2 more provinces than any
    other player AND has a positive amount of thaler. The governor has won the Queen's favor and
    the game." Nothing in section 6 suspends it after the 24th seal: player 1 (seat 0) seals the
    24th district (8 provinces against 6, 6 and 4), the others play their last turns, and she
    starts her own last turn 2 provinces ahead with 14 - 7 (5.3.1: "pay 1 thaler for each
    district with your seal") - 4 (1 grain, square 6) = 3 thaler: she has won, before the Swedish
    victory is decided."""
    t = table(4, letters=["grain", "fur", "iron", "tobacco"])
    _seal(t, [0] * 7 + [1] * 6 + [2] * 6 + [3] * 4, [d for d in DISTRICT_IDS if d != "S5"])
    t.edit_district("S5", type="farm", open=True).ships(3, 10, swedish_heading=-1, dutch_heading=1)
    t.at_step("colonist").edit_player(0, thaler=14)
    t.do("invest", 0, district="S5", triangle="left", option="basic").do("end_turn", 0)
    assert t.view()["seals"] == [8, 6, 6, 4] and not t.view()["finished"]
    for _ in range(3):
        _quiet_turn(t)
    outcome = t.view()["outcome"]
    assert t.state["player"] == 0 and t.view()["thaler"][0] == 3
    assert outcome["reason"] == "Governor victory" and outcome["winners"] == [0]
    assert outcome["places"] == [1, 2, 2, 2] and outcome["scores"] == [8, 6, 6, 4]


def test_a_governor_victory_at_the_start_of_the_first_last_turn(table):
    """6: the governor victory is checked when each governor starts a turn, a last turn after
    the 24th seal as well. Player 1 (seat 0) seals the 24th district (6 seals); player 2 (seat 1,
    10 provinces, 3 thaler) starts his last turn 2 provinces ahead of player 3's 8 and wins."""
    t = table(3, letters=["grain", "fur", "iron"])
    _seal(t, [0] * 5 + [1] * 10 + [2] * 8, [d for d in DISTRICT_IDS if d != "S5"])
    t.edit_district("S5", type="farm", open=True).ships(3, 10, swedish_heading=-1, dutch_heading=1)
    t.at_step("colonist").edit_player(0, thaler=14).edit_player(1, thaler=3)
    t.do("invest", 0, district="S5", triangle="left", option="basic").do("end_turn", 0)
    outcome = t.view()["outcome"]
    assert outcome["reason"] == "Governor victory" and outcome["winners"] == [1]
    assert outcome["places"] == [2, 1, 2] and outcome["scores"] == [6, 10, 8]


def test_dutch_victory_when_an_assemble_gives_up_sealed_districts(table):
    """6: "The number of Fort Christina thaler times the number of Fort Nassau thaler exceeds the
    total number of seals on the districts"; 5.3.4: "Seals on districts without any colonists are
    returned to the letter": fewer seals can hand the colony to the Dutch."""
    t = _seal(table(3, letters=["grain", "fur", "iron"]), [0, 0, 1, 2, 2]).edit(forts={"christina": 2, "nassau": 2})
    t.edit_district("N1", left=t.colonist(0, upright=False)).at_step("colonist")
    t.do("assemble", 0)
    assert t.view()["seals_on_districts"] == 4 and t.view()["finished"] is False, "4 x 4 does not exceed 4"
    t.at_step("colonist").edit_district("N2", left=t.colonist(0, upright=False))
    t.do("assemble", 0)
    outcome = t.view()["outcome"]
    assert t.view()["seals_on_districts"] == 3 and outcome["reason"] == "Dutch victory"
    assert outcome["blamed"] == [0] and outcome["winners"] == []


def test_swedish_victory_eligibility_by_seals_then_the_highest_positive_net_thaler(table):
    """6: "the governors with the most seals or 1 less than the most seals are eligible for the
    victory. Among them, the governor with the highest positive amount of thaler including loans
    and deposits wins." Equal thaler share the win; an eligible governor without positive thaler
    cannot win, even when only an ineligible one has it (reading 13)."""
    t = _seal(table(4, letters=["grain", "fur", "iron", "tobacco"]), [0] * 7 + [1] * 6 + [2] * 6 + [3] * 5)
    for seat, (thaler, loan, deposit) in enumerate([(3, 0, 0), (9, 4, 0), (1, 0, 4), (30, 0, 0)]):
        t.edit_player(seat, thaler=thaler, loan=loan, deposit=deposit)
    outcome = swedish_victory(t.state)
    assert outcome["reason"] == "Swedish victory" and outcome["winners"] == [1, 2]
    assert outcome["places"] == [3, 1, 1, 3] and outcome["scores"] == [7, 6, 6, 5]
    for seat in (0, 1, 2):
        t.edit_player(seat, thaler=0, loan=0, deposit=0)
    outcome = swedish_victory(t.state)
    assert outcome["reason"] == "Swedish victory" and outcome["winners"] == [] and outcome["blamed"] == []


def test_swedish_victory_by_the_middle_player_ends_after_the_sealers_last_turn(table):
    """6: "Each governor plays one more turn, ending with the governor who placed the 24th seal,
    after which the governors with the most seals or 1 less than the most seals are eligible for
    the victory. Among them, the governor with the highest positive amount of thaler including
    loans and deposits wins." Three players; player 2 (seat 1, 7 seals, 14 thaler) seals the 24th
    district, S5, in the Governor's round: 7 thaler for the seal (5.3.1) + 4 for 1 grain (square
    6) leaves 3; S5 (card 5) lies within Swedish influence (ships on 3 and 10), so no raid. Last
    turns: seat 2, seat 0, then seat 1. Seats 2 and 0 take Day Work (+1 thaler each); seat 1
    produces 2 grain at S5, sold to squares 6 and 7 for 4 + 3 = 7: 10 thaler. Seals 9, 8, 7: seats
    0 and 1 are eligible, seat 2 (7 < 9 - 1) is not, whatever its 31 thaler. Seat 0 holds 8 + 1 =
    9 thaler with a deposit of +3 (net 12), seat 1 net 10: seat 0 wins, though holding fewer."""
    t = table(3, letters=["grain", "fur", "iron"])
    _seal(t, [0] * 9 + [1] * 7 + [2] * 7, [d for d in DISTRICT_IDS if d != "S5"])
    t.edit_district("S5", type="farm", open=True).ships(3, 10, swedish_heading=-1, dutch_heading=1)
    t.at_step("colonist", 1).edit_player(0, thaler=8, deposit=3).edit_player(1, thaler=14).edit_player(2, thaler=30)
    t.do("invest", 1, district="S5", triangle="left", option="basic")
    assert t.view()["thaler"][1] == 3 and t.view()["seals"] == [9, 8, 7]
    t.do("end_turn", 1)
    for seat in (2, 0):
        assert t.active == seat and not t.view()["finished"]
        _quiet_turn(t)
    assert t.active == 1 and t.view()["governor"] == 0 and not t.view()["finished"]
    _quiet_turn(t, "produce", district="S5", triangle="left")
    assert t.view()["thaler"] == [9, 10, 31] and t.view()["net_thaler"] == [12, 10, 31]
    outcome = t.view()["outcome"]
    assert outcome["reason"] == "Swedish victory" and outcome["winners"] == [0]
    assert outcome["places"] == [1, 2, 2] and outcome["scores"] == [9, 8, 7]


def test_6_a_dutch_victory_before_any_seal_blames_every_governor(table):
    """6: "Dutch victory: The number of Fort Christina thaler times the number of Fort Nassau
    thaler exceeds the total number of seals on the districts ... the governor or governors with
    the fewest seals on districts is blamed by the Queen and loses." With no seal placed yet and
    1 thaler on Fort Christina, the Swedish ship passing the Dutch one on card 9 (closest to Fort
    Nassau, 5.2) makes 1 x 1 = 1 > 0: the Dutch win, and all three governors, with 0 seals each,
    have the fewest."""
    t = table(3, letters=["grain", "fur", "iron"]).at_step("ship").ships(8, 9).edit(forts={"christina": 1, "nassau": 0})
    t.do("sail", swedish=2, open="N10", revealed="farm", dutch=1)
    outcome = t.view()["outcome"]
    assert t.view()["forts"] == {"christina": 1, "nassau": 1}
    assert outcome["reason"] == "Dutch victory" and outcome["winners"] == []
    assert outcome["blamed"] == [0, 1, 2] and outcome["places"] == [1, 1, 1]
