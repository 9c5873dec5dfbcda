"""Section 5 (the course of a turn), 5.1 Letter and 5.2 Ship, each test citing its rule."""

import pytest

from games.contract import EngineError
from games.nova_suecia import ENGINE

FOUR_LETTERS = ["grain", "grain", "colonist", "gold"]


def _play_turn(t, seat):
    """A legal turn: letter, ship (any legal move), day work or assemble, end."""
    letter = t.player(t.state["player"])["letter"]
    stock = t.view()["stock"]
    new = next(r for r in ("iron", "fur", "timber", "tobacco", "gold", "grain") if r not in letter and stock[r])
    bag = dict(t.state["bag"])
    bag[letter[0]] = bag.get(letter[0], 0) + 1
    drawn = next(r for r in ("timber", "iron", "fur", "grain", "tobacco", "colonist") if bag.get(r))
    t.do("letter", seat, resource=new, draws=[{"resource": drawn}])
    ships = t.state["ships"]["swedish"]
    candidates = [
        {"swedish": swedish, "open": opened, "revealed": _unseen_type(t, opened), "dutch": dutch}
        for swedish in (1, 2)
        for opened in (
            f"N{_end(ships['at'], ships['heading'], swedish)}",
            f"S{_end(ships['at'], ships['heading'], swedish)}",
            None,
        )
        for dutch in (1, 2)
    ]
    t.do("sail", seat, **next(data for data in candidates if t.rules("sail", seat, **data) == []))
    holder = t.player(t.state["player"])
    t.do("day_work" if holder["standing"] else "assemble", seat)
    t.do("end_turn", seat)


def _unseen_type(t, district_id):
    if district_id is None or t.district(district_id)["type"]:
        return None
    seen = [d["type"] for d in t.state["districts"]]
    return next(
        kind for kind in ("farm", "forge", "spin", "forestry", "plantation", "trade_post") if seen.count(kind) < 4
    )


def _end(at, heading, steps):
    """Where a ship ends (5.2): a step onto a fort goes on, turned, to the card it came from."""
    for _ in range(steps):
        at += heading
        if at in (0, 13):
            heading = -heading
            at += heading
    return at


def test_the_governor_card_passes_to_the_right_hand_player_who_plays_two_consecutive_turns(table):
    """5: "When the player to the right of the Governor has completed his or her turn, the
    Governor card is passed to that player. The new Governor starts the next round and gets
    two consecutive turns." (Section 8: player 1 starts; player 4 plays her 2nd Governor turn.)"""
    t = table(4, letters=FOUR_LETTERS)
    order = []
    for _ in range(10):
        seat = t.active
        order.append((seat, t.view()["governor"]))
        _play_turn(t, seat)
    assert [seat for seat, _ in order] == [0, 1, 2, 3, 3, 0, 1, 2, 2, 3]
    assert [gov for _, gov in order] == [0, 0, 0, 0, 3, 3, 3, 3, 2, 2]


def test_only_the_player_whose_turn_it_is_moves(table):
    """5: "take turns to perform the actions below in order"."""
    t = table(3, letters=["grain", "fur", "iron"])
    assert t.rules("letter", 1, resource="iron", draws=[{"resource": "timber"}]) == ["5. Course of the Game"]
    assert t.rules("letter", 0, resource="iron", draws=[{"resource": "timber"}]) == []


def test_the_actions_come_in_order_letter_ship_colonist(table):
    """5: "1. Letter 2. Ship 3. Colonist 4. Raid" in order."""
    t = table(2, letters=["grain", "fur"])
    assert t.rules("day_work") == ["5.1 Letter"]
    t.do("letter", resource="iron", draws=[{"resource": "timber"}])
    assert t.rules("day_work") == ["5.2 Ship"]
    t.do("sail", swedish=1, open="N1", revealed="farm", dutch=1)
    assert t.rules("end_turn") == ["5.3 Colonist"]
    assert t.rules("letter", resource="fur", draws=[{"resource": "fur"}]) == ["5.3 Colonist"]
    t.do("day_work")
    assert t.rules("assemble") == ["5. Course of the Game"]
    assert t.view()["legal_event_types"] == ["end_turn", "treasury"]


def test_letter_example_the_letter_resource_goes_into_the_bag_and_another_replaces_it(table):
    """5.1 example: "Player 1 started with a colonist cube on the letter and places it in the bag.
    Then she places an iron cube from stock on the letter." """
    t = table(2, letters=["colonist", "fur"])
    t.do("letter", resource="iron", draws=[{"resource": "timber"}])
    assert t.view()["letters"][0] == ["iron"]
    assert t.view()["ship_bag"]["colonist"] == 2 and t.view()["ship_bag"]["timber"] == 0


def test_the_new_letter_resource_must_be_of_a_different_type(table):
    """5.1: "The new resource must be of a different type than the previous one." """
    t = table(2, letters=["colonist", "fur"])
    assert t.rules("letter", resource="colonist", draws=[{"resource": "timber"}]) == ["5.1 Letter"]
    assert t.rules("letter", resource="plant", draws=[{"resource": "timber"}]) == ["5.1 Letter"]


def test_letter_example_supplied_resources_lower_the_price_demanded_ones_raise_it(table):
    """5.1 example: "Player 2 draws 1 grain and the grain price falls 1 step. 1 grain can now be
    bought for 3 thaler. Player 3 draws 1 tobacco and the tobacco price rises 1 step. 1 tobacco
    can now be sold for 8 thaler." """
    t = table(3, letters=["iron", "grain", "tobacco"])
    _play_turn(t, 0)
    t.do("letter", 1, resource="fur", draws=[{"resource": "grain"}])
    assert t.view()["buy_prices"]["grain"] == 3
    t.do("sail", 1, swedish=1, open="S2", revealed="farm", dutch=1).do("day_work", 1).do("end_turn", 1)
    t.do("letter", 2, resource="fur", draws=[{"resource": "tobacco"}])
    assert t.view()["sell_prices"]["tobacco"] == 8
    assert t.view()["markets"]["tobacco"] == 5


def test_the_drawn_resource_must_be_in_the_ship_bag(table):
    """5.1: "draw 1 resource from the ship bag"; plant is never drawn from it."""
    t = table(2, letters=["colonist", "fur"])
    assert t.rules("letter", resource="iron", draws=[{"resource": "plant"}]) == ["5.1 Letter"]
    assert t.rules("letter", resource="iron", draws=[{"resource": "colonist"}, {"resource": "colonist"}]) == [
        "5.1 Letter"
    ]
    assert t.rules("letter", resource="iron", draws=[]) == ["5.1 Letter"]
    t.edit(bag={**t.state["bag"], "timber": 0})
    assert t.rules("letter", resource="iron", draws=[{"resource": "timber"}]) == ["5.1 Letter"]


def test_the_player_drawing_gold_chooses_to_add_or_remove(table):
    """5.1: "If the resource is gold, choose whether to add or remove." """
    t = table(2, letters=["colonist", "fur"])
    assert t.rules("letter", resource="iron", draws=[{"resource": "gold"}]) == ["5.1 Letter"]
    t.do("letter", resource="iron", draws=[{"resource": "gold", "gold": "remove"}])
    assert t.view()["markets"]["gold"] == 5


def test_swedish_ship_opens_one_adjacent_district(table):
    """5.2: "Move the Swedish ship 1 or 2 river cards ... and open (flip face up) any 1 of the 2
    adjacent district cards." """
    t = table(2, letters=["colonist", "fur"]).at_step("ship")
    assert t.rules("sail", swedish=2, open="N3", revealed="farm", dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=2, open=None, dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=2, open="N2", revealed=None, dutch=1) == ["5.2 Ship"]
    t.do("sail", swedish=2, open="S2", revealed="spin", dutch=1)
    assert t.view()["districts"]["S2"]["open"] and t.view()["districts"]["S2"]["type"] == "spin"
    assert t.view()["ships"]["swedish"]["river_card"] == 2 and t.view()["ships"]["dutch"]["river_card"] == 12


def test_the_swedish_ship_opens_a_face_down_district_only(table):
    """5.2: "open (flip face up) any 1 of the 2 adjacent district cards": a district already
    face up cannot be opened again; its face-down neighbour can."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship")
    t.edit_district("N1", type="farm", open=True)
    assert t.rules("sail", swedish=1, open="N1", dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=1, open="S1", revealed="forge", dutch=1) == []


def test_a_turned_up_district_keeps_its_type_and_only_four_of_each_exist(table):
    """2: "24 Nova Suecia district cards; 4 farms, 4 forestries, 4 forges, 4 plantations, 4 spins
    and 4 trade posts": a card once seen keeps its type; a fifth farm cannot turn up."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship")
    for district_id in ("N5", "N6", "N7", "N8"):
        t.edit_district(district_id, type="farm", open=True)
    assert t.rules("sail", swedish=1, open="N1", revealed="farm", dutch=1) == ["2. Game Components"]
    t.edit_district("N1", type="forge")
    assert t.rules("sail", swedish=1, open="N1", revealed="spin", dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=1, open="N1", revealed=None, dutch=1) == []


def test_ships_may_never_end_on_the_same_river_space(table):
    """5.2: "The ships may never end on the same river space." """
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(4, 6)
    assert t.rules("sail", swedish=2, open="N6", revealed="farm", dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=1, open="N5", revealed="farm", dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=1, open="N5", revealed="farm", dutch=2) == []


def test_the_swedish_ship_must_move_so_that_a_district_can_be_opened(table):
    """5.2: "You must move so that a district can be opened if possible." """
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(3, 10)
    t.edit_district("N4", type="farm", open=True).edit_district("S4", type="forge", open=True)
    assert t.rules("sail", swedish=1, open=None, dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=2, open="N5", revealed="spin", dutch=1) == []
    t.edit_district("N5", type="farm", open=True).edit_district("S5", type="forge", open=True)
    assert t.rules("sail", swedish=1, open=None, dutch=1) == []


def test_the_dutch_ship_closes_both_adjacent_districts_unless_sealed(table):
    """5.2: "it closes (flips face down) both adjacent districts if they are empty (no player
    seal). Districts with seals are never closed." """
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(2, 9)
    t.edit_district("N8", type="farm", open=True).edit_district("S8", type="forge", open=True)
    t.edit_district("N7", type="spin", open=True, seal=1, left=t.colonist(1)).edit_district(
        "S7", type="farm", open=True
    )
    t.do("sail", swedish=1, open="N3", revealed="spin", dutch=1)
    districts = t.view()["districts"]
    assert not districts["N8"]["open"] and not districts["S8"]["open"] and districts["N8"]["type"] == "farm"
    assert districts["N7"]["open"] and districts["S7"]["open"]


def test_the_dutch_ship_must_move_so_that_a_district_can_be_closed(table):
    """5.2: "You must move so that a district can be closed if possible." """
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(2, 9)
    t.edit_district("S7", type="farm", open=True)
    assert t.rules("sail", swedish=1, open="N3", revealed="spin", dutch=1) == ["5.2 Ship"]
    assert t.rules("sail", swedish=1, open="N3", revealed="spin", dutch=2) == []


def test_5_2_a_ship_reaching_a_fort_turns_and_the_fort_never_counts_as_a_step(table):
    """5.2: "When it reaches a fort card, immediately turn the ship and continue in the other
    direction. A fort card does not count towards the movement limit, i.e. a ship never can
    never stop at a fort card." By hand: from card 11 towards Fort Nassau, 2 cards are card 12,
    then (Fort Nassau, not counted, turned) card 12 again; from card 2 towards Fort Christina,
    card 1, then (Fort Christina) card 1 again."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(11, 2, dutch_heading=-1)
    assert "5.2 Ship" in t.rules("sail", swedish=2, open="N11", revealed="farm", dutch=2)
    t.do("sail", swedish=2, open="N12", revealed="farm", dutch=2)
    ships = t.view()["ships"]
    assert ships["swedish"] == {"river_card": 12, "heading": "Fort Christina"}
    assert ships["dutch"] == {"river_card": 1, "heading": "Fort Nassau"}


def test_5_2_one_card_from_beside_a_fort_ends_on_the_same_card_turned(table):
    """5.2, as above: from card 12 towards Fort Nassau, 1 card is (Fort Nassau, not counted,
    turned) card 12; 2 cards end on card 11."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(12, 5)
    t.do("sail", swedish=1, open="S12", revealed="farm", dutch=1)
    assert t.view()["ships"]["swedish"] == {"river_card": 12, "heading": "Fort Christina"}
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(12, 5)
    t.do("sail", swedish=2, open="S11", revealed="farm", dutch=1)
    assert t.view()["ships"]["swedish"] == {"river_card": 11, "heading": "Fort Christina"}


def test_5_2_a_ship_whose_moves_both_end_on_the_other_ship_stays(table):
    """5.2: "The ships may never end on the same river space." From card 11 towards Fort Nassau with
    the Dutch ship on card 12, 1 card ends on card 12 and 2 cards (Fort Nassau not counted, turned)
    on card 12 again: the rules leave the Swedish ship no move, so it stays (0, reading 5) and the
    action goes on; a ship that can move must."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(11, 12)
    assert "5.2 Ship" in t.rules("sail", swedish=1, open="N12", revealed="farm", dutch=2)
    assert "5.2 Ship" in t.rules("sail", swedish=2, open="N12", revealed="farm", dutch=2)
    offered = {(m.data["swedish"], m.data["dutch"]) for m in ENGINE.legal_moves(t.state, t.active) if m.type == "sail"}
    assert offered == {(0, 2)}, "the Dutch ship from 12: 1 card would end on the Swedish ship on 11"
    t.do("sail", swedish=0, open="N11", revealed="farm", dutch=2)
    ships = t.view()["ships"]
    assert ships["swedish"] == {"river_card": 11, "heading": "Fort Nassau"}
    assert ships["dutch"] == {"river_card": 10, "heading": "Fort Christina"}
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(5, 9)
    assert "5.2 Ship" in t.rules("sail", swedish=0, open="N5", revealed="farm", dutch=1)
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(4, 2)
    assert "5.2 Ship" in t.rules("sail", swedish=1, open="N5", revealed="farm", dutch=0)
    t = table(2, letters=["colonist", "fur"]).at_step("ship")  # both ships on their forts (section 3)
    assert "5.2 Ship" in t.rules("sail", swedish=0, open=None, dutch=1)
    with pytest.raises(EngineError):  # a ship staying on a fort card: nothing to apply (never a stop, 5.2)
        t.force("sail", swedish=0, open=None, dutch=1)


def test_ship_example_passing_ships_put_a_thaler_on_the_closest_fort(table):
    """5.2 example: "she moves the Dutch ship 1 river card ... Since the ships met closest to Fort
    Christina, 1 thaler is placed there." Each pass counts."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(3, 4)
    t.edit_district("N3", type="spin", open=True).edit_district("S3", type="forestry", open=True)
    t.do("sail", swedish=2, open="N5", revealed="plantation", dutch=1)
    assert t.view()["forts"] == {"christina": 1, "nassau": 0}
    assert not t.district("N3")["open"] and not t.district("S3")["open"]
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(8, 9)
    t.do("sail", swedish=2, open="N10", revealed="plantation", dutch=2)
    assert t.view()["forts"] == {"christina": 0, "nassau": 1}


def test_a_drawn_cube_changes_a_market_only_within_its_twelve_squares(table):
    """5.1 with 4: a supplied cube adds to its market ("add 1 resource"), a demanded one removes
    ("remove 1 resource"); a full market (12 squares) takes no more, an empty one gives none."""
    t = table(2, letters=["colonist", "fur"])
    t.edit(markets={**t.state["markets"], "iron": 12, "tobacco": 0})
    t.do("letter", resource="gold", draws=[{"resource": "iron"}])
    assert t.view()["markets"]["iron"] == 12
    t.at_step("letter").do("letter", resource="timber", draws=[{"resource": "tobacco"}])
    assert t.view()["markets"]["tobacco"] == 0
    t.at_step("letter").do("letter", resource="gold", draws=[{"resource": "grain"}])
    assert t.view()["markets"]["grain"] == 7


def test_five_players_the_governor_card_passes_to_the_fifth_player_then_the_fourth(table):
    """5 with five players: "Starting with the player with the Governor card, take turns"; the
    player to the Governor's right is the fifth, who then holds the card and plays two turns in a
    row, and so on: players 1-5, 5, 1-4, 4, 5 (seats 0-4, 4, 0-3, 3, 4)."""
    t = table(5, letters=[*FOUR_LETTERS, "fur"])
    order = []
    for _ in range(12):
        seat = t.active
        order.append((seat, t.view()["governor"]))
        _play_turn(t, seat)
    assert [seat for seat, _ in order] == [0, 1, 2, 3, 4, 4, 0, 1, 2, 3, 3, 4]
    assert [gov for _, gov in order] == [0] * 5 + [4] * 5 + [3] * 2


@pytest.mark.parametrize(
    ("seats", "letters", "turns", "governors"),
    [
        (2, ["grain", "fur"], [0, 1, 1, 0, 0, 1, 1, 0], [0, 0, 1, 1, 0, 0, 1, 1]),
        (3, ["grain", "fur", "iron"], [0, 1, 2, 2, 0, 1, 1, 2, 0, 0], [0, 0, 0, 2, 2, 2, 1, 1, 1, 0]),
    ],
)
def test_5_two_and_three_players_the_governor_card_passes_to_the_right_hand_player(
    table, seats, letters, turns, governors
):
    """5: "When the player to the right of the Governor has completed his or her turn, the
    Governor card is passed to that player. The new Governor starts the next round and gets two
    consecutive turns." With the fewest players (no 7.5 variant): two players pass the card every
    round, each playing two in a row; three players: 1-3, 3, 1, 2, 2, 3, 1, 1 (seats from 0)."""
    t = table(seats, letters=letters)
    order = []
    for _ in turns:
        order.append((t.active, t.view()["governor"]))
        _play_turn(t, t.active)
    assert [seat for seat, _ in order] == turns
    assert [governor for _, governor in order] == governors
