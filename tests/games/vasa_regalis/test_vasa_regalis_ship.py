"""Admiral and king, building, inspection, inventory (sections 4-6 and the role cards)."""

import pytest

from games.contract import Move
from games.vasa_regalis import ENGINE


def wood_built_with_value_1(new_table, players=4):
    """Arrange the admiral example's start: wood was built in the first round, every player
    placing a wood of value 1; seat 0 also holds a wood of value 2. Round 2 starts at seat 0."""
    table = new_table(players).play("choose_leader", seat=players - 1)
    table.deal(1, "wood", 3).deal(0, "wood", 2).roles_done()
    table.play("choose_building", players - 1, good="wood")
    for seat in (players - 1, *range(players - 1)):
        table.play("place", seat, value=1)
    for seat in (*reversed(range(players - 1)), players - 1):
        table.play("inspect", seat, target=None, good=None)
    return table


def test_admiral_example_replaces_wood_1_with_wood_2_and_procures(new_table):
    """Admiral, example: "She replaces the wood of value 1 with a wood of value 2. In addition, she
    procures 1 wood of value 1. The other players have no actions during her role." """
    table = wood_built_with_value_1(new_table)
    assert table.view()["shipyard_leader"] == 0
    table.play("choose_role", 0, role="admiral").play("replace", 0, good="wood", value=2)
    table.play("procure", 0, goods=["wood"])
    assert table.state["ships"][0]["wood"] == 2
    assert table.hand(0)["wood"] == [2, 0, 0], "the replaced wood of value 1 and the procured one"
    assert table.view()["legal_event_types"] == ["choose_role"] and table.view()["active_seats"] == [1]


def test_admiral_may_fake_a_replacement(new_table):
    """Admiral: "The player may fake a replacement and return the same good to the ship." """
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="admiral")
    table.play("procure", 0, goods=[]).play("replace", 0, good="wood", value=1)
    assert table.state["ships"][0]["wood"] == 1 and table.hand(0)["wood"] == [0, 1, 0]


def test_admiral_replaces_only_a_good_placed_with_one_held(new_table):
    """Admiral: "replace 1 good that he or she previously placed on the ship"."""
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="admiral")
    assert table.rules("replace", 0, good="cloth", value=1) == ["Admiral"]
    assert table.rules("replace", 0, good="wood", value=3) == ["Admiral"]


def test_admiral_procures_at_most_one_good(new_table):
    """Admiral: "may procure 1 good of any type"."""
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="admiral")
    assert table.rules("procure", 0, goods=["iron", "iron"]) == ["Admiral"]
    table.play("procure", 0, goods=["iron"])


def test_king_example_forces_wood_2_back_to_wood_1(new_table):
    """King, example: "She chooses the king role and forces player 1 to remove her wood of value 2
    from the ship and replace it with a wood of value 1. In addition, she procures 1 sculpture
    of value 1." """
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="admiral")
    table.play("replace", 0, good="wood", value=2).play("procure", 0, goods=["wood"])
    table.play("choose_role", 1, role="king").play("order_replacement", 1, target=0, good="wood")
    assert table.view()["active_seats"] == [0], "the ordered player replaces"
    table.play("replace", 0, good="wood", value=1).play("procure", 1, goods=["sculpture"])
    assert table.state["ships"][0]["wood"] == 1
    assert table.hand(0)["wood"] == [1, 1, 0]
    assert table.hand(1)["sculpture"] == [2, 0, 0]


def test_king_ordered_player_may_not_return_the_same_good(new_table):
    """King: "The player may not return the same good to the ship." Unlike the admiral's, whose
    card says "may fake a replacement and return the same good", the ordered replacement changes
    the ship: another wood of value 2 from the hand is the same good as the wood 2 on the ship
    (README, reading 9)."""
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="admiral")
    table.play("replace", 0, good="wood", value=2).play("procure", 0, goods=[])
    table.deal(0, "wood", 2).play("choose_role", 1, role="king").play("procure", 1, goods=[])
    table.play("order_replacement", 1, target=0, good="wood")
    assert table.hand(0)["wood"] == [1, 1, 0], "a wood 1 and a wood 2 in hand, the wood 2 on the ship"
    assert table.rules("replace", 0, good="wood", value=2) == ["King"]
    assert table.rules("replace", 0, good="cloth", value=1) == ["King"]
    table.play("replace", 0, good="wood", value=1)
    assert table.state["ships"][0]["wood"] == 1 and table.hand(0)["wood"] == [0, 2, 0]


def test_king_ordered_player_replaces_with_a_good_held(new_table):
    """King: "order another player to replace 1 good that he or she previously placed on the ship":
    she replaces it with a good of her own. Seat 0 holds a wood 1 and a wood 2 (a wood 2 on the
    ship), so a wood 3 cannot replace it and the wood 1 can."""
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="admiral")
    table.play("replace", 0, good="wood", value=2).play("procure", 0, goods=[])
    table.deal(0, "wood", 2).play("choose_role", 1, role="king").play("procure", 1, goods=[])
    table.play("order_replacement", 1, target=0, good="wood")
    assert table.hand(0)["wood"] == [1, 1, 0]
    assert table.rules("replace", 0, good="wood", value=3) == ["King"]
    table.play("replace", 0, good="wood", value=1)
    assert table.state["ships"][0]["wood"] == 1


@pytest.mark.parametrize("held", [[], [1]], ids=["no other wood", "only wood of the value on the ship"])
def test_king_order_without_a_replacement_at_hand_has_no_effect(new_table, held):
    """King: "order another player to replace 1 good ... (if possible)". Seat 2 has a wood 1 on
    the ship and no wood of another value in hand: it cannot return the same good, so the order
    changes nothing and the king's turn goes on."""
    table = wood_built_with_value_1(new_table)
    for value in held:
        table.deal(2, "wood", value)
    table.play("choose_role", 0, role="king").play("order_replacement", 0, target=2, good="wood")
    table.play("procure", 0, goods=[])
    assert table.view()["active_seats"] == [1] and table.state["ships"][2]["wood"] == 1


def test_king_orders_a_placed_good_on_another_ship(new_table):
    """King: "order another player to replace 1 good that he or she previously placed"."""
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="king")
    assert table.rules("order_replacement", 0, target=0, good="wood") == ["King"]
    assert table.rules("order_replacement", 0, target=1, good="iron") == ["King"]
    table.play("order_replacement", 0, target=None, good=None)


def test_building_needs_a_good_type_with_value_3_in_play(new_table):
    """4: "Only a good type where at least 1 good of value 3 is in play may be chosen"."""
    table = new_table(3).play("choose_leader", seat=0).deal(2, "iron", 3).roles_done()
    assert table.view()["building_choices"] == ["iron"]
    assert table.rules("choose_building", 0, good="wood") == ["4. Building"]
    table.play("choose_building", 0, good="iron")


def test_without_value_3_in_play_there_is_no_building(new_table):
    """4: "If there is no such good type, the building action may not take place." """
    table = new_table(3).play("choose_leader", seat=0).roles_done()
    assert (table.view()["phase"], table.view()["round"]) == ("roles", 2)


def test_the_leader_may_pass_and_the_choice_goes_clockwise(new_table):
    """4: "If the shipyard leader passes, the next player in clockwise order is given the choice." """
    table = new_table(3).play("choose_leader", seat=1).deal(0, "cloth", 3).roles_done()
    assert table.view()["active_seats"] == [1]
    assert table.rules("choose_building", 2, good="cloth") == ["4. Building"]
    table.play("pass_building", 1).play("pass_building", 2).play("choose_building", 0, good="cloth")
    assert table.view()["active_seats"] == [0, 1, 2], "now everybody places"


def test_when_everyone_passes_nothing_is_built_and_nobody_inspects(new_table):
    """4 and 5: no building when all pass; inspection happens "if, and only if" a building does."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "cloth", 3).roles_done()
    table.play("pass_building", 0).play("pass_building", 1).play("pass_building", 2)
    view = table.view()
    assert (view["phase"], view["round"], view["built"]) == ("roles", 2, [])
    assert table.rules("inspect", 1, target=0, good="cloth") == ["3. Course of the game"]


def test_section_4_example_all_value_3_wood_in_play_forces_wood(new_table):
    """4, example: "In a 4 player game, there is no wood of value 3 left. In the building action,
    the players must place wood." """
    table = new_table(4).play("choose_leader", seat=0).deal(3, "cloth", 3)
    for seat in range(4):
        table.deal(seat, "wood", 3)
    table.roles_done()
    assert table.view()["forced_building"] == ["wood"]
    assert "pass_building" not in table.view()["legal_event_types"]
    assert table.rules("pass_building", 0) == ["4. Building"]
    assert table.rules("choose_building", 0, good="cloth") == ["4. Building"]
    table.play("choose_building", 0, good="wood")


def test_all_players_must_place_a_good_of_the_chosen_type(new_table):
    """4: "If a player chooses to place a good, all players must place a good of the same type";
    the good comes from the hand, face down."""
    table = new_table(3).play("choose_leader", seat=0).deal(1, "sculpture", 3).roles_done()
    table.play("choose_building", 0, good="sculpture").play("place", 0, value=1)
    assert table.rules("place", 1, value=2) == ["4. Building"]
    assert table.rules("inspect", 1, target=0, good="sculpture") == ["4. Building"]
    table.play("place", 1, value=3).play("place", 2, value=1)
    assert table.view()["built"] == ["sculpture"]
    assert table.view(2)["players"][1]["ship"] is None, "placed face down"
    assert table.view(2)["players"][1]["ship_placed"] == ["sculpture"]


def test_each_good_type_may_only_be_built_once(new_table):
    """4: "Each good type may only be built once." """
    table = new_table(3).play("choose_leader", seat=0).deal(1, "sculpture", 3).deal(2, "sculpture", 3)
    table.roles_done().play("choose_building", 0, good="sculpture")
    for seat in range(3):
        table.play("place", seat, value=1)
    for seat in (2, 1, 0):
        table.play("inspect", seat, target=None, good=None)
    table.deal(0, "iron", 3).roles_done()
    assert table.rules("choose_building", 1, good="sculpture") == ["4. Building"]


def test_inspection_starts_with_the_last_builder_counter_clockwise(new_table):
    """5: "starting with the last player to build and continuing in counter-clockwise order"."""
    table = new_table(4).play("choose_leader", seat=0).deal(0, "iron", 3).roles_done()
    table.play("pass_building", 0).play("choose_building", 1, good="iron")
    for seat in (1, 2, 3, 0):
        table.play("place", seat, value=1)
    order = []
    while table.view()["phase"] == "inspection":
        seat = table.view()["active_seats"][0]
        order.append(seat)
        table.play("inspect", seat, target=None, good=None)
    assert order == [0, 3, 2, 1]


def test_goods_are_placed_in_any_order_and_the_last_to_place_inspects_first(new_table):
    """4 and 5: all players place face down, in no set order; inspection starts "with the last
    player to build and continuing in counter-clockwise order"."""
    table = new_table(4).play("choose_leader", seat=0).deal(0, "iron", 3).roles_done()
    table.play("choose_building", 0, good="iron")
    for seat in (2, 0, 3):
        table.play("place", seat, value=1)
    assert table.rules("place", 3, value=1) == ["4. Building"], "one good per square"
    table.play("place", 1, value=1)
    assert table.view()["active_seats"] == [1]
    table.play("inspect", 1, target=None, good=None)
    assert table.view()["active_seats"] == [0]


def test_inspection_looks_at_one_placed_good_on_another_ship_privately(new_table):
    """5: "each player may look at 1, and only 1, placed good on another player's ship"."""
    table = new_table(3).play("choose_leader", seat=0).deal(1, "iron", 3).roles_done()
    table.play("choose_building", 0, good="iron").play("place", 0, value=1).play("place", 1, value=3)
    table.play("place", 2, value=1)
    assert table.rules("inspect", 2, target=2, good="iron") == ["5. Inspection"]
    assert table.rules("inspect", 2, target=1, good="wood") == ["5. Inspection"]
    table.play("inspect", 2, target=1, good="iron")
    seen = [(e["seat"], e["good"], e["value"]) for e in table.view(2)["shown"] if e["how"] == "inspection"]
    assert seen == [(1, "iron", 3)]
    assert [(e["seat"], e["good"], e["value"]) for e in table.view(0)["shown"] if e["how"] == "inspection"] == [
        (1, "iron", None)
    ], "the others see which good was looked at, not its value"


def test_section_6_example_wood_3_for_two_iron_2(new_table):
    """6, example: "Player 1 has 2 wood of value 3 but only iron of value 1. She agrees to give
    player 2 1 wood of value 3 in exchange for 2 iron of value 2." """
    table = new_table(4, inventory=True).play("choose_leader", seat=0)
    table.deal(0, "wood", 3, count=2).deal(1, "iron", 2, count=2).roles_done()
    assert table.view()["phase"] == "inventory" and table.view()["active_seats"] == [0, 1, 2, 3]
    iron_2 = {"good": "iron", "value": 2}
    table.play("trade", 0, **{"with": 1, "give": [{"good": "wood", "value": 3}], "receive": [iron_2, iron_2]})
    assert table.hand(0)["wood"] == [1, 0, 1] and table.hand(0)["iron"] == [1, 2, 0]
    assert table.hand(1)["wood"] == [1, 0, 1] and table.hand(1)["iron"] == [1, 0, 0]
    assert table.view(3)["shown"][-1]["how"] == "inventory", "inventory exchanges are shown"
    table.play("end_inventory")
    assert table.view()["phase"] == "building"


def test_inventory_keeps_enough_goods_to_build(new_table):
    """6: "she cannot exchange her last wood if she has not placed wood on her ship yet"."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0).deal(1, "iron", 1).roles_done()
    wood = {"good": "wood", "value": 1}
    iron = {"good": "iron", "value": 1}
    assert table.rules("trade", 0, **{"with": 1, "give": [wood], "receive": [iron]}) == [
        "6. Inventory (advanced rules)"
    ]
    table.play("trade", 0, **{"with": 1, "give": [wood], "receive": [wood]})


def test_inventory_hands_over_only_goods_held(new_table):
    """6: players "may not hand over other goods than agreed" and only what they hold."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0).roles_done()
    trade = {"with": 1, "give": [{"good": "iron", "value": 3}], "receive": []}
    assert table.rules("trade", 0, **trade) == ["6. Inventory (advanced rules)"]


def test_inventory_only_with_the_advanced_rules(new_table):
    """6: "Inventory (advanced rules)": without the option there is no inventory action."""
    table = new_table(3).play("choose_leader", seat=0).roles_done()
    trade = {"with": 1, "give": [{"good": "wood", "value": 1}], "receive": [{"good": "wood", "value": 1}]}
    assert table.rules("trade", 0, **trade) == ["6. Inventory (advanced rules)"]
    assert table.rules("end_inventory") == ["6. Inventory (advanced rules)"]


def test_king_names_both_the_player_and_the_good(new_table):
    """King: "order another player to replace 1 good": a player without a good, or the reverse, is no order."""
    table = wood_built_with_value_1(new_table).play("choose_role", 0, role="king")
    assert table.rules("order_replacement", 0, target=2, good=None) == ["King"]
    assert table.rules("order_replacement", 0, target=None, good="wood") == ["King"]
    assert table.rules("order_replacement", 0, target=7, good="wood") == ["King"]


def test_inspection_names_both_the_ship_and_the_good(new_table):
    """5: "look at 1, and only 1, placed good on another player's ship"."""
    table = new_table(3).play("choose_leader", seat=0).deal(1, "iron", 3).roles_done()
    table.play("choose_building", 0, good="iron")
    for seat in range(3):
        table.play("place", seat, value=1)
    assert table.rules("inspect", 2, target=1, good=None) == ["5. Inspection"]
    assert table.rules("inspect", 2, target=None, good="iron") == ["5. Inspection"]


def test_inventory_comes_before_the_building(new_table):
    """6: "Before the building action, there is an inventory action." """
    table = new_table(3, inventory=True).play("choose_leader", seat=0).deal(0, "iron", 3).roles_done()
    assert table.view()["legal_event_types"] == ["trade", "end_inventory"]
    assert table.rules("choose_building", 0, good="iron") == ["6. Inventory (advanced rules)"]
    table.play("end_inventory").play("choose_building", 0, good="iron")
    wood = {"good": "wood", "value": 1}
    trade = {"with": 1, "give": [wood], "receive": [wood]}
    assert table.rules("trade", 0, **trade) == ["6. Inventory (advanced rules)"], "no exchange once building"


def test_inventory_exchanges_goods_between_two_players(new_table):
    """6: "all players may simultaneously exchange goods with each other": with another player,
    and at least one good changes hands."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0).roles_done()
    wood = {"good": "wood", "value": 1}
    assert table.rules("trade", 0, **{"with": 0, "give": [wood], "receive": [wood]}) == [
        "6. Inventory (advanced rules)"
    ]
    assert table.rules("trade", 0, **{"with": 1, "give": [], "receive": []}) == ["6. Inventory (advanced rules)"]


def test_the_view_names_each_move_that_may_come_next_once(new_table):
    """4: while the players place, each of them may "place"; the view lists the type once."""
    table = new_table(4).play("choose_leader", seat=0).deal(0, "iron", 3).roles_done()
    table.play("choose_building", 0, good="iron").play("place", 2, value=1)
    assert (table.view()["active_seats"], table.view()["legal_event_types"]) == ([0, 1, 3], ["place"])


def test_admiral_with_nothing_placed_only_procures(new_table):
    """Admiral: "replace 1 good that he or she previously placed on the ship": with nothing
    placed there is nothing to replace, and the procurement ends the role."""
    table = new_table(3).play("choose_leader", seat=0).play("choose_role", 0, role="admiral")
    assert table.view()["legal_event_types"] == ["procure"]
    assert table.rules("replace", 0, good="wood", value=1) == ["3. Course of the game"]
    table.play("procure", 0, goods=["sculpture"])
    assert (table.view()["active_seats"], table.hand(0)["sculpture"]) == ([1], [2, 0, 0])


def test_king_with_nothing_placed_by_others_only_procures(new_table):
    """King: "order another player to replace 1 good that he or she previously placed on the
    ship (if possible)": with no good on another ship there is no order to give."""
    table = new_table(3).play("choose_leader", seat=0).play("choose_role", 0, role="king")
    assert table.view()["legal_event_types"] == ["procure"]
    assert table.rules("order_replacement", 0, target=1, good="wood") == ["3. Course of the game"]
    assert table.rules("procure", 0, goods=["wood", "iron"]) == ["King"], "1 good of any type"
    table.play("procure", 0, goods=["iron"])
    assert table.view()["active_seats"] == [1]


def test_tailor_blacksmith_exchanges_only_cloth_or_iron(new_table):
    """Tailor/Blacksmith: "exchange 1 pair of cloth or 1 pair of iron"."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "wood", 1).deal(0, "iron", 1)
    table.play("choose_role", 0, role="tailor_blacksmith")
    assert table.rules("exchange", 0, pairs=[{"good": "wood", "make": 2}]) == ["Tailor/Blacksmith"]
    table.play("exchange", 0, pairs=[{"good": "iron", "make": 2}])


def test_inventory_comes_every_round_even_without_a_building(new_table):
    """3 and 6: the inventory is step 2 of every round ("Before the building action, there is an
    inventory action"); with no value 3 in play, no building follows it (section 4)."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0).roles_done()
    assert (table.view()["phase"], table.view()["building_choices"]) == ("inventory", [])
    table.play("end_inventory")
    assert (table.view()["phase"], table.view()["round"], table.view()["shipyard_leader"]) == ("roles", 2, 1)


def test_with_two_types_forced_either_may_be_built(new_table):
    """4: "If all goods of value 3 are in play, the building action must take place for that
    good type": with all wood and all iron of value 3 in play, wood or iron, not cloth."""
    table = new_table(3).play("choose_leader", seat=0).deal(2, "cloth", 3)
    for seat in range(3):
        table.deal(seat, "wood", 3).deal(seat, "iron", 3)
    table.roles_done()
    assert table.view()["forced_building"] == ["wood", "iron"]
    assert table.rules("choose_building", 0, good="cloth") == ["4. Building"]
    table.play("choose_building", 0, good="iron")


def test_inventory_trades_are_checked_one_at_a_time(new_table):
    """6: a player "cannot exchange her last wood if she has not placed wood on her ship yet";
    the simultaneous exchanges are logged one trade at a time, so a wood received from a third
    player lets her give her old one away."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0)
    table.deal(0, "cloth", 1).deal(1, "iron", 1).deal(2, "wood", 1).roles_done()
    wood, cloth, iron = ({"good": good, "value": 1} for good in ("wood", "cloth", "iron"))
    give_wood = {"with": 1, "give": [wood], "receive": [iron]}
    assert table.rules("trade", 0, **give_wood) == ["6. Inventory (advanced rules)"]
    table.play("trade", 2, **{"with": 0, "give": [wood], "receive": [cloth]}).play("trade", 0, **give_wood)
    assert (table.hand(0)["wood"], table.hand(1)["wood"], table.hand(2)["wood"]) == ([1, 0, 0], [2, 0, 0], [1, 0, 0])


def test_6_a_ring_of_last_woods_cannot_be_exchanged(new_table):
    """6: a player "cannot exchange her last wood if she has not placed wood on her ship yet":
    three players each handing their last wood to the next (for an iron) all do so, whichever
    exchange is logged first (README, reading 13). A player handing over all her iron is told
    to keep "an iron"."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0)
    table.deal(0, "iron", 1).deal(1, "iron", 1).deal(2, "iron", 1).roles_done()
    wood, iron = {"good": "wood", "value": 1}, {"good": "iron", "value": 1}
    for seat in range(3):
        ring = {"with": (seat + 1) % 3, "give": [wood], "receive": [iron]}
        assert table.rules("trade", seat, **ring) == ["6. Inventory (advanced rules)"]
    irons = [{"good": "iron", "value": v + 1} for v, n in enumerate(table.state["hands"][0]["iron"]) for _ in range(n)]
    last_iron = Move("trade", 0, {"with": 1, "give": irons, "receive": []})
    assert "must keep an iron" in ENGINE.check(table.state, last_iron)[0].message


def test_five_players_the_new_leader_is_asked_first_and_inspection_runs_counter_clockwise(new_table):
    """3: "the player to the left of the shipyard leader takes the shipyard leader card and starts
    the next game round"; 4: the shipyard leader is asked first, then clockwise; 5: inspection
    starts "with the last player to build and continuing in counter-clockwise order". Round 2 of
    five: leader seat 4 (after seat 3), asked 4, 0, 1; placed by 3, 1, 0, 4, 2: 2 looks first,
    then 1, 0, 4, 3."""
    table = new_table(5).play("choose_leader", seat=3).roles_done().deal(1, "iron", 3).roles_done()
    assert (table.view()["round"], table.view()["shipyard_leader"], table.view()["active_seats"]) == (2, 4, [4])
    table.play("pass_building", 4).play("pass_building", 0).play("choose_building", 1, good="iron")
    for seat in (3, 1, 0, 4, 2):
        table.play("place", seat, value=3 if seat == 1 else 1)
    order = []
    while table.view()["phase"] == "inspection":
        seat = table.view()["active_seats"][0]
        order.append(seat)
        table.play("inspect", seat, target=None, good=None)
    assert order == [2, 1, 0, 4, 3]
    assert (table.view()["round"], table.view()["shipyard_leader"]) == (3, 0)


def test_4_all_value_3_goods_of_a_built_type_force_no_building(new_table):
    """4: "If all goods of value 3 are in play, the building action must take place for that good
    type. Each good type may only be built once." Three players keep 3 sculptures of value 3;
    once sculpture is built, all three in hands force nothing: with a cloth of value 3 in play the
    new leader (seat 1) may pass, and without it there is no building at all."""
    for cloth in (True, False):
        table = new_table(3).play("choose_leader", seat=0).deal(1, "sculpture", 3).roles_done()
        table.play("choose_building", 0, good="sculpture")
        for seat in range(3):
            table.play("place", seat, value=1)
        for seat in (2, 1, 0):
            table.play("inspect", seat, target=None, good=None)
        table.deal(0, "sculpture", 3).deal(2, "sculpture", 3)
        if cloth:
            table.deal(2, "cloth", 3)
        table.roles_done()
        view = table.view()
        if cloth:
            assert (view["phase"], view["forced_building"], view["building_choices"]) == ("building", [], ["cloth"])
            table.play("pass_building", 1)
        else:
            assert (view["phase"], view["round"], view["shipyard_leader"]) == ("roles", 3, 2)
