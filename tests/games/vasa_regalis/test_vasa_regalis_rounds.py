"""Setup and the course of a round: the leader card, role choice, procurers and exchanges
(sections 1-3 and the role cards), each test citing the rule it proves."""

from games.vasa_regalis.table import open_steps

GOODS = ("wood", "cloth", "iron", "sculpture")


def test_goods_are_limited_by_player_count(new_table):
    """2 / 1: "for 3 and 4 players, remove ... (thus keeping 6 ... 3 ... 3)" / "(thus keeping 8 ...
    4 ... 4)"; five players use all 10 / 5 / 5. Each player's starting goods come from those."""
    for players, kept in ((3, [6, 3, 3]), (4, [8, 4, 4]), (5, [10, 5, 5])):
        view = new_table(players).view()
        for good in GOODS:
            held = sum(p["hand"][good][0] for p in view["players"])
            assert view["supply"][good][0] + held == kept[0]
            assert view["supply"][good][1:] == kept[1:]


def test_each_player_starts_with_one_good_of_each_type_of_value_1(new_table):
    """2: "Each player takes 1 ship card, 1 wood value 1, 1 cloth value 1, 1 sculpture value 1
    and 1 iron value 1." """
    for player in new_table(3).view()["players"]:
        assert player["hand"] == {good: [1, 0, 0] for good in GOODS}
        assert player["ship_placed"] == []


def test_a_play_may_supply_its_own_edition_data(new_table):
    """Component data may be overridden by the play's options (goods in the game, threshold)."""
    view = new_table(3, goods_in_game={"1": 9, "2": 2, "3": 1}, operational_total=8).view()
    assert view["supply"]["iron"] == [9 - 3, 2, 1]
    assert view["operational_total"] == 8


def test_the_player_who_last_built_takes_the_leader_card_first(new_table):
    """3: "The player who last built something takes the shipyard leader card and starts the
    first round." Nothing else may happen before."""
    table = new_table(3)
    assert table.rules("choose_role", 0, role="king") == ["3. Course of the game"]
    assert table.rules("choose_leader", seat=3) == ["3. Course of the game"]
    table.play("choose_leader", seat=2)
    assert table.view()["active_seats"] == [2]
    assert table.rules("choose_leader", seat=1) == ["3. Course of the game"]


def test_roles_are_chosen_from_the_leader_clockwise(new_table):
    """3: the shipyard leader "starts the first round"; the players follow in turn order."""
    table = new_table(4).play("choose_leader", seat=1)
    assert table.rules("choose_role", 2, role="king") == ["3. Course of the game"]
    table.play("choose_role", 1, role="king").play("procure", 1, goods=[])
    assert table.view()["active_seats"] == [2]


def test_a_role_may_be_chosen_once_per_round(new_table):
    """3: "Choose a role card"; a chosen card is taken until "the roles cards are returned"."""
    table = new_table(3).play("choose_leader", seat=0)
    table.play("choose_role", 0, role="king").play("procure", 0, goods=[])
    assert table.rules("choose_role", 1, role="king") == ["3. Course of the game"]
    table.play("choose_role", 1, role="admiral")


def test_after_the_round_roles_return_and_the_leader_card_passes_left(new_table):
    """3: "After the round, the roles cards are returned and the player to the left of the
    shipyard leader takes the shipyard leader card and starts the next game round." """
    table = new_table(3).play("choose_leader", seat=2).roles_done()
    view = table.view()
    assert (view["round"], view["shipyard_leader"], view["roles"], view["active_seats"]) == (2, 0, {}, [0])
    table.play("choose_role", 0, role="king")


def test_procurer_chooser_takes_two_others_one_and_the_last_none(new_table):
    """Wood Procurer: "The player choosing the role may procure 2 wood of value 1 in his or her
    turn and the last player in turn none." """
    table = new_table(4).play("choose_leader", seat=0).play("choose_role", 0, role="wood_procurer")
    table.play("procure", 0, goods=["wood", "wood"])
    assert table.rules("procure", 1, goods=["wood", "wood"]) == ["Wood Procurer"]
    table.play("procure", 1, goods=["wood"]).play("procure", 2, goods=["wood"])
    assert [step["type"] for step in open_steps(table.state)] == ["choose_role"]
    assert table.view()["active_seats"] == [1], "the last in turn (seat 3) procures nothing"
    assert [sum(table.hand(seat)["wood"]) for seat in range(4)] == [3, 2, 2, 1]


def test_procurer_procures_only_its_good(new_table):
    """Cloth Procurer: "Take turns to procure 1 cloth of value 1." """
    table = new_table(3).play("choose_leader", seat=0).play("choose_role", 0, role="cloth_procurer")
    assert table.rules("procure", 0, goods=["cloth", "iron"]) == ["Cloth Procurer"]
    table.play("procure", 0, goods=["cloth"])


def test_what_is_not_in_the_supply_cannot_be_procured(new_table):
    """1: "Goods are limited": with 3 players only 3 iron of value 1 are left after the start."""
    table = new_table(3).play("choose_leader", seat=0).deal(2, "iron", 1, count=2)
    table.play("choose_role", 0, role="iron_procurer")
    assert table.rules("procure", 0, goods=["iron", "iron"]) == ["1. Game components"]
    table.play("procure", 0, goods=["iron"])
    assert table.rules("procure", 1, goods=["iron"]) == ["1. Game components"]
    table.play("procure", 1, goods=[])


def test_section_3_example_round_for_player_4(new_table):
    """3, example: player 1 wood procurer, player 2 cloth procurer, player 3 iron procurer,
    player 4 tailor/blacksmith; player 4 ends with wood and sculpture of value 1, cloth and
    iron of value 2."""
    table = new_table(4).play("choose_leader", seat=0)
    table.play("choose_role", 0, role="wood_procurer")
    table.play("procure", 0, goods=["wood", "wood"]).play("procure", 1, goods=["wood"]).play(
        "procure", 2, goods=["wood"]
    )
    assert table.hand(3)["wood"] == [1, 0, 0], "Player 1 action: may not procure"
    table.play("choose_role", 1, role="cloth_procurer")
    table.play("procure", 1, goods=["cloth", "cloth"]).play("procure", 2, goods=["cloth"])
    table.play("procure", 3, goods=["cloth"])
    table.play("choose_role", 2, role="iron_procurer")
    table.play("procure", 2, goods=["iron", "iron"]).play("procure", 3, goods=["iron"]).play(
        "procure", 0, goods=["iron"]
    )
    table.play("choose_role", 3, role="tailor_blacksmith")
    table.play("exchange", 3, pairs=[{"good": "cloth", "make": 2}, {"good": "iron", "make": 2}])
    assert table.hand(3) == {"wood": [1, 0, 0], "cloth": [0, 1, 0], "iron": [0, 1, 0], "sculpture": [1, 0, 0]}


def test_exchange_rates_are_one_plus_one_for_two_and_one_plus_two_for_three(new_table):
    """Craftsman: "1 good of value 1 + 1 good of value 1 = 1 good of value 2; 1 good of value 1
    + 1 good of value 2 = 1 good of value 3"; a second pair may use the first one's product."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "wood", 1, count=2)
    table.play("choose_role", 0, role="craftsman")
    table.play("exchange", 0, pairs=[{"good": "wood", "make": 2}, {"good": "wood", "make": 3}])
    assert table.hand(0)["wood"] == [0, 0, 1]
    # 3 left after the start, 2 dealt, the 3 spent of value 1 and the value 2 come back.
    assert table.view()["supply"]["wood"] == [3 - 2 + 3, 3, 2], "spent goods return to the supply"


def test_an_exchange_needs_the_pair(new_table):
    """Tailor/Blacksmith: a value 3 needs "1 good of value 1 + 1 good of value 2"."""
    table = new_table(3).play("choose_leader", seat=0).play("choose_role", 0, role="tailor_blacksmith")
    assert table.rules("exchange", 0, pairs=[{"good": "iron", "make": 3}]) == ["Tailor/Blacksmith"]
    assert table.rules("exchange", 0, pairs=[{"good": "iron", "make": 2}]) == ["Tailor/Blacksmith"]
    table.deal(0, "iron", 1)
    table.play("exchange", 0, pairs=[{"good": "iron", "make": 2}])


def test_craftsman_exchanges_only_wood_or_sculpture(new_table):
    """Craftsman: "exchange 1 pair of wood or 1 pair of sculpture"."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "cloth", 1).deal(0, "sculpture", 1)
    table.play("choose_role", 0, role="craftsman")
    assert table.rules("exchange", 0, pairs=[{"good": "cloth", "make": 2}]) == ["Craftsman"]
    table.play("exchange", 0, pairs=[{"good": "sculpture", "make": 2}])


def test_exchange_chooser_two_pairs_others_one_last_none(new_table):
    """Tailor/Blacksmith: "The player choosing the role may exchange 2 pairs ... and the last
    player none." """
    table = new_table(3).play("choose_leader", seat=0)
    for seat in range(3):
        table.deal(seat, "cloth", 1, count=1).deal(seat, "iron", 1, count=1)
    table.play("choose_role", 0, role="tailor_blacksmith")
    table.play("exchange", 0, pairs=[{"good": "cloth", "make": 2}, {"good": "iron", "make": 2}])
    two = [{"good": "cloth", "make": 2}, {"good": "iron", "make": 2}]
    assert table.rules("exchange", 1, pairs=two) == ["Tailor/Blacksmith"]
    table.play("exchange", 1, pairs=two[:1])
    assert table.view()["active_seats"] == [1], "seat 2, last in turn, exchanges nothing"


def test_an_exchange_needs_the_higher_good_in_the_supply(new_table):
    """1: "Goods are limited": no cloth of value 2 left, no exchange into one."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "cloth", 1).deal(1, "cloth", 2, count=3)
    table.play("choose_role", 0, role="tailor_blacksmith")
    assert table.rules("exchange", 0, pairs=[{"good": "cloth", "make": 2}]) == ["1. Game components"]


def test_exchanges_are_shown_to_every_player(new_table):
    """3: goods "are only shown to the other players when exchanged for higher values"."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "wood", 1)
    table.play("choose_role", 0, role="craftsman").play("exchange", 0, pairs=[{"good": "wood", "make": 2}])
    shown = table.view(2)["shown"]
    assert [(entry["seat"], entry["how"], entry["pairs"]) for entry in shown] == [
        (0, "exchange", [{"good": "wood", "make": 2}])
    ]


def test_a_player_may_not_pass_the_role_choice(new_table):
    """3: "A player may not pass." Only a role may be chosen when it is one's turn."""
    table = new_table(3).play("choose_leader", seat=0)
    assert table.view()["legal_event_types"] == ["choose_role"]
    assert table.rules("pass_building", 0) == ["3. Course of the game"]


def test_five_players_procurer_the_last_in_turn_is_the_choosers_right(new_table):
    """Sculpture Procurer: "The player choosing the role may procure 2 sculpture of value 1 in his
    or her turn and the last player in turn none"; with five players the chooser (seat 1, not the
    leader) takes 2, seats 2, 3 and 4 take 1 each, seat 0 none. The supply of 10 - 5 = 5 is empty
    after (sections 1, 2: five players keep every marker, each holds one sculpture)."""
    table = new_table(5).play("choose_leader", seat=0).play("choose_role", 0, role="king").play("procure", 0, goods=[])
    table.play("choose_role", 1, role="sculpture_procurer").play("procure", 1, goods=["sculpture", "sculpture"])
    for seat in (2, 3, 4):
        table.play("procure", seat, goods=["sculpture"])
    assert [step["type"] for step in open_steps(table.state)] == ["choose_role"]
    assert table.view()["active_seats"] == [2]
    assert table.view()["supply"]["sculpture"] == [0, 5, 5]
    assert [table.hand(seat)["sculpture"][0] for seat in range(5)] == [1, 3, 2, 2, 2]
