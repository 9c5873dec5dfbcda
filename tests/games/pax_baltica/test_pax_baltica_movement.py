"""Movement: group moves (3.42), borders (1.5, 4.2), pinning (4.4), force-marching (4.5), sea
movement (4.6), prohibited territories (4.8), warships (8.1)."""

from games.contract import Move


def sweden_to_act(pb, scenario="12.1"):
    return pb.actions(pb.setup(scenario))


def test_blocks_move_once_per_game_turn(pb):
    """3.42 Group movement: "Blocks move once per Game Turn, except to RETREAT (6.5) or REGROUP (6.6)." """
    state = pb.play(sweden_to_act(pb), ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland"]))))
    assert pb.at(state, "Elfsborg") == "Smaland"
    assert pb.refused(state, "group_move", 0, pb.move("Smaland", ("Elfsborg", ["Skane"])), "3.42")


def test_a_group_may_split_up(pb):
    """3.42: "The Group does not have to move together or to the same territory or zone." """
    state = sweden_to_act(pb)
    data = pb.move("Skane", ("Karl XII", ["Smaland"]), ("Dalregementet", ["Smaland", "Ostergotland"]))
    state = pb.play(state, ("group_move", 0, data))
    assert (pb.at(state, "Karl XII"), pb.at(state, "Dalregementet")) == ("Smaland", "Ostergotland")
    assert state["actions"][0] == 2


def test_only_your_own_blocks_of_the_group_move(pb):
    """3.42: a group is "one or more blocks located in a single territory"; the player moves his own blocks."""
    state = sweden_to_act(pb)
    assert pb.refused(state, "group_move", 0, pb.move("Livland", ("Flemming", ["Estland"])), "3.42")
    assert pb.refused(state, "group_move", 0, pb.move("Skane", ("Elfsborg", ["Smaland"])), "3.42")


def test_force_march_up_to_two_extra_territories(pb):
    """4.5 Force-marching: "Any moving group may force-march up to two extra territories." Infantry move 2 (2.13)."""
    state = sweden_to_act(pb)
    four = pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Skane", "Smaland", "Ostergotland"]))
    five = pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Skane", "Smaland", "Ostergotland", "Svealand"]))
    assert pb.refused(state, "group_move", 0, five, "4.5")
    state = pb.play(state, ("group_move", 0, four))
    assert state["pending_force_march"] == {"Elfsborg": 2}


def test_cavalry_moves_three_and_force_marches_two_more(pb):
    """2.13: "Infantry move 2 and Cavalry 3 territories"; 4.5: "up to two extra territories": Sodra Skanska (cavalry)
    moves five territories, not six, and owes a force-march roll for the two beyond its three."""
    state = sweden_to_act(pb)
    path = ["Smaland", "Ostergotland", "Smaland", "Skane", "Smaland", "Ostergotland"]
    assert pb.refused(state, "group_move", 0, pb.move("Skane", ("Sodra Skanska", path)), "4.5")
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Sodra Skanska", path[:5]))))
    assert state["pending_force_march"] == {"Sodra Skanska": 2}


def test_blocks_pass_freely_through_friendly_blocks(pb):
    """3.42: "All blocks, including warships, may pass freely through friendly blocks": Elfsborg marches from
    Vastergotland through Skane, where Karl XII stands, on to Smaland."""
    state = sweden_to_act(pb)
    assert pb.at(state, "Karl XII") == "Skane"
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Skane", "Smaland"]))))
    assert pb.at(state, "Elfsborg") == "Smaland"


def test_no_force_march_through_a_red_border(pb):
    """4.5: "Blocks must still halt if they cross a red border and can therefore not force-march through a red border
    territory": Elfsborg crossing a red border into Smaland may not march on into Skane and beyond."""
    state = sweden_to_act(pb)
    data = pb.move("Vastergotland", ("Elfsborg", ["Smaland", pb.step("Skane", "red"), "Smaland"]))
    assert pb.refused(state, "group_move", 0, data, "4.2")


def test_the_actions_end_only_after_the_force_march_rolls(pb):
    """4.5: "After all movement is completed, roll one (1) die for each force-marching block": Sweden may not end
    her actions with Elfsborg's roll owed; once it is rolled she may."""
    state = sweden_to_act(pb)
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Skane", "Smaland"]))))
    assert pb.refused(state, "end_actions", 0, {}, "4.5")
    state = pb.play(state, ("force_march", 0, {"block": "Elfsborg", "roll": 5}), ("end_actions", 0, {}))
    assert state["acting"] == 1 and pb.steps(state, "Elfsborg") == 3


def test_force_march_roll_of_1_to_3_loses_a_step_per_extra_territory(pb):
    """4.5: "1-3: Lose 1 step per moved territory; 4-6: No Loss" (read: per extra territory)."""
    state = sweden_to_act(pb)
    data = pb.move(
        "Vastergotland",
        ("Elfsborg", ["Smaland", "Skane", "Smaland"]),
        ("Kronoberg", ["Smaland", "Skane", "Smaland", "Skane"]),
    )
    state = pb.play(state, ("group_move", 0, data))
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 6}, "4.5")
    state = pb.play(
        state,
        ("force_march", 0, {"block": "Elfsborg", "roll": 3}),
        ("force_march", 0, {"block": "Kronoberg", "roll": 4}),
    )
    assert (pb.steps(state, "Elfsborg"), pb.steps(state, "Kronoberg")) == (2, 3)


def test_no_move_follows_a_force_march_roll(pb):
    """4.5: "Force-march rolls should not be made until a player has completed all movement": Sweden, with three
    actions, force-marches Elfsborg and rolls a 1 for it (a step lost); her movement is then over: her third action
    may rebuild that step (3.45) but not move. Before the roll she may still move."""
    state = sweden_to_act(pb)
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Skane", "Smaland"]))))
    kronoberg = pb.move("Vastergotland", ("Kronoberg", ["Smaland"]))
    assert pb.rules(state, "group_move", 0, kronoberg) == []
    state = pb.play(state, ("force_march", 0, {"block": "Elfsborg", "roll": 1}))
    assert state["actions"][0] == 2
    assert pb.refused(state, "group_move", 0, kronoberg, "4.5")
    assert "group_move" not in {m.type for m in pb.engine.legal_moves(state, 0)}
    assert pb.rules(state, "rebuild", 0, {"block": "Elfsborg"}) == []


def test_strength_1_block_failing_force_march_is_destroyed(pb):
    """4.5: "If a Strength 1 block fails a force-march roll, it is destroyed and placed in the Replacement Pool." """
    state = pb.place(sweden_to_act(pb), "Elfsborg", "Vastergotland", 1)
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Skane", "Smaland"]))))
    state = pb.play(state, ("force_march", 0, {"block": "Elfsborg", "roll": 1}))
    assert pb.at(state, "Elfsborg") == "pool"


def test_pjotr_i_dying_of_his_force_march_takes_the_russian_rolls_owed_with_him(pb):
    """4.5, 6.8, 6.9: Pjotr I at strength 1 and Kazanski force-march one territory each; Pjotr I's roll of 1
    destroys him ("If a Strength 1 block fails a force-march roll, it is destroyed"), a royal whose death is a
    truce: "all of the losing nation's combat blocks are placed in the replacement pool", Kazanski too, who owes
    no roll there. The Allied player's game goes on (his roll for Kazanski was owed, and refused, for ever), and his
    movement is over ("Force-march rolls should not be made until a player has completed all movement")."""
    state = pb.place(sweden_to_act(pb), "Pjotr I", "Ingermanland", 1)
    state = pb.play(state, ("end_actions", 0, {}))
    data = pb.move("Ingermanland", *((name, ["Novgorod", "Velikaya", "Smolensk"]) for name in ("Kazanski", "Pjotr I")))
    state = pb.play(state, ("group_move", 1, data), ("force_march", 1, {"block": "Pjotr I", "roll": 1}))
    assert (pb.at(state, "Pjotr I"), pb.at(state, "Kazanski"), state["active"]["russia"]) == ("dead", "pool", False)
    assert state["pending_force_march"] == {}
    assert pb.refused(state, "group_move", 1, pb.move("Livland", ("Flemming", ["Estland"])), "4.5")
    assert pb.rules(state, "end_actions", 1, {}) == []


def test_red_border_stops_the_move(pb):
    """4.2 Border restrictions: "Blocks crossing a red border are forced to stop in the recently entered territory." """
    state = sweden_to_act(pb)
    data = pb.move("Vastergotland", ("Elfsborg", [pb.step("Smaland", "red"), "Skane"]))
    assert pb.refused(state, "group_move", 0, data, "4.2")
    assert pb.rules(state, "group_move", 0, pb.move("Vastergotland", ("Elfsborg", [pb.step("Smaland", "red")]))) == []


def test_two_blocks_may_cross_a_red_border_per_turn(pb):
    """4.2 Border restrictions: "BLACK: 6 RED: 2" blocks per player per game turn."""
    state = sweden_to_act(pb)
    red = pb.step("Smaland", "red")
    three = pb.move("Skane", ("Karl XII", [red]), ("Sodra Skanska", [red]), ("Dalregementet", [red]))
    assert pb.refused(state, "group_move", 0, three, "4.2")
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Karl XII", [red]), ("Sodra Skanska", [red]))))
    assert pb.refused(state, "group_move", 0, pb.move("Skane", ("Dalregementet", [red])), "4.2")


def test_six_blocks_may_cross_a_black_border_per_turn(pb):
    """4.2: "A maximum of six Russian blocks in Novgorod can move to Ingermanland." """
    state = pb.setup("12.1")
    for name in ("Ogilvy", "Golitsyn", "Woronjetski", "Stubinski", "Botsis", "Mensjikov"):
        state = pb.place(state, name, "Novgorod")
    state = pb.play(state, ("action_roll", 1, {"roll": 5}), ("end_actions", 0, {}))
    names = ["Repnin", "Ogilvy", "Golitsyn", "Woronjetski", "Stubinski", "Botsis", "Mensjikov"]
    seven = pb.move("Novgorod", *[(n, ["Ingermanland"]) for n in names])
    assert pb.refused(state, "group_move", 1, seven, "4.2")
    assert pb.rules(state, "group_move", 1, pb.move("Novgorod", *[(n, ["Ingermanland"]) for n in names[:6]])) == []


def test_both_players_may_move_six_blocks_into_ingermanland(pb):
    """4.2 example: "A maximum of six Russian blocks in Novgorod can move to Ingermanland. However, six Swedish blocks
    in Estland could also move to Ingermanland during that same game turn." """
    state = pb.setup("12.1")
    swedes = ["Vellinck", "Estlandska", "Elfsborg", "Kronoberg", "Dalregementet", "Sodra Skanska"]
    russians = ["Repnin", "Ogilvy", "Golitsyn", "Woronjetski", "Stubinski", "Botsis"]
    for name in swedes:
        state = pb.place(state, name, "Estland")
    for name in russians:
        state = pb.place(state, name, "Novgorod")
    state = pb.actions(state, allied_roll=5)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", *[(n, ["Ingermanland"]) for n in swedes])))
    state = pb.play(state, ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Novgorod", *[(n, ["Ingermanland"]) for n in russians])))
    assert all(pb.at(state, n) == "Ingermanland" for n in swedes + russians)


def test_blocks_stop_when_entering_enemy_blocks(pb):
    """3.42: blocks "must stop and (possibly) fight when they move into a territory ... containing enemy block(s)." """
    state = sweden_to_act(pb)
    assert pb.refused(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland", "Novgorod"])), "3.42")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    assert state["attacks"] == {"Ingermanland": 0}


def test_warships_and_ground_blocks_never_move_together(pb):
    """3.42: "Warships and Army/Regimental blocks may never be part of the same group movement." """
    state = pb.place(sweden_to_act(pb), "Estlandska", "Southern Baltic Sea", aboard=True)
    data = pb.move("Southern Baltic Sea", ("Wachtmeister", ["Baltic Sea"]), ("Estlandska", ["Baltic Sea"]))
    assert pb.refused(state, "group_move", 0, data, "3.42")


def test_inactive_hanover_is_prohibited(pb):
    """4.8 Prohibited territories: "Inactivated territories, such as Hanover and Prussia, prohibit movement." """
    state = sweden_to_act(pb)
    assert pb.refused(state, "group_move", 0, pb.move("Pommern", ("Ostgota", ["Hanover"])), "4.8")
    assert pb.rules(state, "group_move", 0, pb.move("Pommern", ("Ostgota", ["Mecklenburg"]))) == []


def test_saxons_never_enter_russia(pb):
    """10.3 Saxony: "Saxony may never enter Russian or Ukraine territory." """
    state = pb.play(pb.setup("12.1"), ("action_roll", 1, {"roll": 4}), ("end_actions", 0, {}))
    assert pb.refused(state, "group_move", 1, pb.move("Livland", ("Flemming", ["Novgorod"])), "10.3")
    assert pb.rules(state, "group_move", 1, pb.move("Livland", ("Flemming", ["Kurlandia"]))) == []


def test_only_the_british_warship_enters_portsmouth(pb):
    """9.10: "No one except the British warship block can enter the Portsmouth box." """
    state = sweden_to_act(pb)
    state = pb.place(state, "Wachtmeister", "North Sea")
    data = pb.move("North Sea", ("Wachtmeister", ["Portsmouth"]))
    assert pb.refused(state, "group_move", 0, data, "9.10")


def test_the_british_warship_sails_back_into_portsmouth_alone(pb):
    """9.10: "No one except the British warship block can enter the Portsmouth box": the British warship may, its own
    box, but not with Elfsborg aboard, who would land there (8.3); with Wachtmeister staying in the North Sea to
    carry Elfsborg (4.6), it may."""
    state = sweden_to_act(pb)
    state = pb.place(pb.edit(state, active={**state["active"], "britain": True}), "British Warship", "North Sea")
    data = pb.move("North Sea", ("British Warship", ["Portsmouth"]))
    assert pb.rules(state, "group_move", 0, data) == []
    aboard = pb.place(state, "Elfsborg", "North Sea", aboard=True)
    assert pb.refused(aboard, "group_move", 0, data, "9.10")
    assert pb.rules(pb.place(aboard, "Wachtmeister", "North Sea"), "group_move", 0, data) == []


def test_playable_area_of_the_last_army(pb):
    """12.5: "Playable map area: Denmark, Norway and Sweden." """
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 2}))
    assert pb.refused(state, "group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Holstein-Gottorp"])), "12.5")
    assert pb.rules(state, "group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Akershus"]))) == []
    for province in ("Savolax", "Livland", "Pommern"):
        assert pb.refused(state, "group_move", 0, pb.move("Jamtland", ("Elfsborg", [province])), "12.5"), (
            f"{province}: Sweden here is Sweden proper, not Finland nor the provinces"
        )


def test_pinned_blocks_stay_and_the_rest_avoid_the_attackers_border(pb):
    """4.4 Pinning: "If two blocks attack five, two defenders are pinned, but up to three may move"; the unpinned
    "cannot move across any border used by the pinning block(s)." """
    state = pb.play(sweden_to_act(pb), ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}))
    four = pb.move("Ingermanland", *[(n, ["Novgorod"]) for n in ("Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski")])
    assert pb.refused(state, "group_move", 1, four, "4.4")
    assert pb.refused(state, "group_move", 1, pb.move("Ingermanland", ("Kazanski", ["Estland"])), "4.4")
    three = pb.move("Ingermanland", *[(n, ["Novgorod"]) for n in ("Sjeremetev", "Schnwentz", "Kazanski")])
    assert pb.rules(state, "group_move", 1, three) == []


def test_4_4_example_the_unpinned_defenders_may_even_attack_elsewhere(pb):
    """4.4 example: "If two blocks attack five, two defenders are pinned, but up to three (defender choice) may move
    and even attack elsewhere". Vellinck and Estlandska attack the five Russians in Ingermanland (Repnin with the four
    of 12.1's set-up); Kazanski and Schnwentz attack Elfsborg in Nyen, Repnin goes to Novgorod, and neither Pjotr I
    nor Sjeremetev, the two pinned, may follow with the Allies' third action (a die of 4, 3.1)."""
    state = pb.place(
        pb.place(pb.actions(pb.setup("12.1"), allied_roll=4), "Repnin", "Ingermanland"), "Elfsborg", "Nyen"
    )
    attack = pb.move("Estland", ("Vellinck", ["Ingermanland"]), ("Estlandska", ["Ingermanland"]))
    state = pb.play(state, ("group_move", 0, attack), ("end_actions", 0, {}))
    elsewhere = pb.move("Ingermanland", ("Kazanski", ["Nyen"]), ("Schnwentz", ["Nyen"]))
    offered = [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "group_move"]
    assert pb.move("Ingermanland", ("Kazanski", ["Nyen"])) in offered  # a group of five: each block alone (README)
    state = pb.play(state, ("group_move", 1, elsewhere))
    assert state["attacks"]["Nyen"] == 1
    state = pb.play(state, ("group_move", 1, pb.move("Ingermanland", ("Repnin", ["Novgorod"]))))
    for pinned in ("Pjotr I", "Sjeremetev"):
        assert pb.refused(state, "group_move", 1, pb.move("Ingermanland", (pinned, ["Novgorod"])), "4.4")


def test_pinned_blocks_cannot_be_substituted_by_blocks_moving_in(pb):
    """4.4 Pinning: "Pinned blocks cannot be substituted for other blocks": one Swedish block attacks the four
    Russians in Ingermanland, so one of them is pinned; Repnin moving in from Novgorod afterwards does not free
    it, and at most three of the four may leave."""
    state = pb.play(sweden_to_act(pb), ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("group_move", 1, pb.move("Novgorod", ("Repnin", ["Ingermanland"]))))
    four = pb.move("Ingermanland", *[(n, ["Novgorod"]) for n in ("Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski")])
    assert pb.refused(state, "group_move", 1, four, "4.4")
    three = pb.move("Ingermanland", *[(n, ["Novgorod"]) for n in ("Sjeremetev", "Schnwentz", "Kazanski")])
    assert pb.rules(state, "group_move", 1, three) == []


def test_4_4_a_block_lost_force_marching_pins_no_one(pb):
    """4.4 Pinning: "Attacking blocks prevent an equal number of defending blocks from moving. [...] The "unpinned"
    blocks can (if desired) move normally, except they cannot move across any border used by the pinning block(s)";
    4.5: "If a Strength 1 block fails a force-march roll, it is destroyed". Vellinck (from Estland) and Elfsborg at
    strength 1 (force-marched in from Karelen) attack the four Russians in Ingermanland; Elfsborg's roll of 1
    destroys it before the Russians move. One attacking block is left, so one Russian is pinned: three may leave,
    and through Karelen too, a border no pinning block used; not into Estland, Vellinck's."""
    state = pb.place(sweden_to_act(pb), "Elfsborg", "Estland", 1)
    attack = pb.move("Estland", ("Vellinck", ["Ingermanland"]), ("Elfsborg", ["Nyland", "Karelen", "Ingermanland"]))
    state = pb.play(state, ("group_move", 0, attack), ("force_march", 0, {"block": "Elfsborg", "roll": 1}))
    state = pb.play(state, ("end_actions", 0, {}))
    assert pb.at(state, "Elfsborg") == "pool"
    three = pb.move("Ingermanland", *[(n, ["Novgorod"]) for n in ("Sjeremetev", "Schnwentz", "Kazanski")])
    assert pb.rules(state, "group_move", 1, three) == []
    assert pb.rules(state, "group_move", 1, pb.move("Ingermanland", ("Kazanski", ["Karelen"]))) == []
    assert pb.refused(state, "group_move", 1, pb.move("Ingermanland", ("Kazanski", ["Estland"])), "4.4")
    four = pb.move("Ingermanland", *[(n, ["Novgorod"]) for n in ("Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski")])
    assert pb.refused(state, "group_move", 1, four, "4.4")


def test_warships_pin_warships_at_sea(pb):
    """4.4: "Attacking blocks prevent an equal number of defending blocks from moving", warships too (8.2: they
    fight "as if they were ground blocks"): Wattrang, from the Southern Baltic Sea, attacks Tordenskiold and Juel in
    the Kattegat; one Danish ship is pinned, and the other may sail, but not into the Southern Baltic Sea."""
    state = sweden_to_act(pb)
    state = pb.edit(state, active={**state["active"], "denmark": True})
    state = pb.place(pb.place(state, "Tordenskiold", "Kattegat"), "Juel", "Kattegat")
    state = pb.play(state, ("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Kattegat"]))))
    state = pb.play(state, ("end_actions", 0, {}))
    both = pb.move("Kattegat", ("Juel", ["North Sea"]), ("Tordenskiold", ["North Sea"]))
    assert pb.refused(state, "group_move", 1, both, "4.4")
    assert pb.refused(state, "group_move", 1, pb.move("Kattegat", ("Juel", ["Southern Baltic Sea"])), "4.4")
    assert pb.rules(state, "group_move", 1, pb.move("Kattegat", ("Juel", ["North Sea"]))) == []


def test_sea_movement_loads_one_army_or_two_regiments_per_warship(pb):
    """4.6 Sea movement: "A warship is able to transport 1 Army or 2 regiment blocks per ship." """
    state = pb.place(sweden_to_act(pb), "Elfsborg", "Skane")
    too_many = pb.move(
        "Skane", *[(n, ["Southern Baltic Sea"]) for n in ("Karl XII", "Sodra Skanska", "Dalregementet", "Elfsborg")]
    )
    assert pb.refused(state, "group_move", 0, too_many, "4.6")
    full = pb.move("Skane", *[(n, ["Southern Baltic Sea"]) for n in ("Karl XII", "Sodra Skanska", "Dalregementet")])
    state = pb.play(state, ("group_move", 0, full))
    assert state["blocks"]["Karl XII"]["aboard"]
    land = pb.move("Southern Baltic Sea", ("Karl XII", ["Pommern"]))
    assert pb.refused(state, "group_move", 0, land, "3.42") or pb.refused(state, "group_move", 0, land, "4.6")


def aboard_in_the_southern_baltic(pb, loaded=False):
    """12.1, Sweden to act: Wattrang and Wachtmeister in the Southern Baltic Sea with Karl XII (an army) and
    Pommerska (a regiment) aboard."""
    state = sweden_to_act(pb)
    for name in ("Karl XII", "Pommerska"):
        state = pb.place(state, name, "Southern Baltic Sea", aboard=True, loaded=loaded)
    return state


def test_blocks_aboard_sail_with_their_warships(pb):
    """4.6: "A warship is able to transport 1 Army or 2 regiment blocks per ship": the blocks aboard go where the
    warships go, and stay aboard at sea; none is left in a sea zone without ships."""
    state = aboard_in_the_southern_baltic(pb)
    fleet = pb.move("Southern Baltic Sea", ("Wattrang", ["Baltic Sea"]), ("Wachtmeister", ["Baltic Sea"]))
    state = pb.play(state, ("group_move", 0, fleet))
    for name in ("Karl XII", "Pommerska"):
        assert pb.at(state, name) == "Baltic Sea" and state["blocks"][name]["aboard"]
    land = pb.move("Southern Baltic Sea", ("Pommerska", ["Pommern"]))
    assert pb.refused(state, "group_move", 0, land, "3.42")


def test_warships_parting_carry_no_more_than_they_can_each(pb):
    """4.6: one army or two regiments per warship: with one ship leaving and one staying, the army (2) and the
    regiment (1) cannot all stay with one ship; each sea zone keeps no more than its ships carry."""
    state = aboard_in_the_southern_baltic(pb)
    state = pb.play(state, ("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Baltic Sea"]))))
    places = {name: pb.at(state, name) for name in ("Karl XII", "Pommerska")}
    assert set(places.values()) == {"Southern Baltic Sea", "Baltic Sea"}
    assert all(state["blocks"][name]["aboard"] for name in places)


def test_warships_entering_a_harbour_land_their_blocks_but_not_the_same_turn(pb):
    """4.6: unloading is "conducted via a friendly port or harbour", and "You may not load and unload the same group
    of blocks during the same turn"; 8.3: "Warships in harbour are considered anchored and are therefore placed
    inside the territory"."""
    fleet = pb.move("Southern Baltic Sea", ("Wattrang", ["Pommern"]), ("Wachtmeister", ["Pommern"]))
    assert pb.refused(aboard_in_the_southern_baltic(pb, loaded=True), "group_move", 0, fleet, "4.6")
    state = pb.play(aboard_in_the_southern_baltic(pb), ("group_move", 0, fleet))
    for name in ("Karl XII", "Pommerska"):
        assert pb.at(state, name) == "Pommern" and not state["blocks"][name]["aboard"]


def test_4_6_blocks_landed_by_their_warships_in_a_harbour_march_no_further_this_turn(pb):
    """4.6: "Sea movement is loading or unloading of ground blocks into warships and works as regular movement";
    3.42: "Blocks move once per Game Turn". Karl XII and Pommerska, aboard since an earlier turn, land in Pommern
    with Wattrang and Wachtmeister entering its harbour: that is their unloading (README, Blocks aboard), their move
    of the turn, so they may not march on into Mecklenburg with another action; Sodra Skanska, which has not moved,
    may still march."""
    state = aboard_in_the_southern_baltic(pb)
    fleet = pb.move("Southern Baltic Sea", ("Wattrang", ["Pommern"]), ("Wachtmeister", ["Pommern"]))
    state = pb.play(state, ("group_move", 0, fleet))
    assert pb.at(state, "Karl XII") == "Pommern"
    march = pb.move("Pommern", ("Karl XII", ["Mecklenburg"]), ("Pommerska", ["Mecklenburg"]))
    assert pb.refused(state, "group_move", 0, march, "3.42")
    assert not any(
        entry["block"] in ("Karl XII", "Pommerska")
        for move in pb.engine.legal_moves(state, 0)
        if move.type == "group_move"
        for entry in move.data["moves"]
    )
    assert pb.rules(state, "group_move", 0, pb.move("Skane", ("Sodra Skanska", ["Smaland"]))) == []


def test_4_2_blocks_landed_by_their_warships_count_against_the_border_they_land_across(pb):
    """4.2: "The maximum number of blocks that each player can move across any border in one Game Turn depends on
    type of border: BLACK: 6"; 4.6: "Sea movement is loading or unloading of ground blocks into warships and works
    as regular movement"; 8.3: warships in harbour are "placed inside the territory" (README, Blocks aboard: the
    blocks land with them, across the border their ships crossed). Wattrang, Wachtmeister and the British warship,
    with six regiments aboard since an earlier turn (Great Britain at war, 10.8), may not all enter Pommern from the Southern Baltic Sea: that
    is 3 warships and 6 landed regiments, 9 blocks across one black border. Two of them may (2 + 4 = 6); the third,
    with its two regiments, may then not follow (6 + 3 > 6), and no legal move offers it."""
    state = sweden_to_act(pb)
    state = pb.place(
        pb.edit(state, active={**state["active"], "britain": True}), "British Warship", "Southern Baltic Sea"
    )
    regiments = ("Elfsborg", "Kronoberg", "Dalregementet", "Estlandska", "Sodra Skanska", "Pommerska")
    for name in regiments:
        state = pb.place(state, name, "Southern Baltic Sea", aboard=True, loaded=False)
    ships = ("Wattrang", "Wachtmeister", "British Warship")
    fleet = pb.move("Southern Baltic Sea", *[(ship, ["Pommern"]) for ship in ships])
    assert pb.refused(state, "group_move", 0, fleet, "4.2")
    state = pb.play(state, ("group_move", 0, pb.move("Southern Baltic Sea", *[(s, ["Pommern"]) for s in ships[:2]])))
    assert state["border_use"]["Pommern|Southern Baltic Sea"] == [6, 0]
    assert sum(pb.at(state, name) == "Pommern" for name in regiments) == 4
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("British Warship", ["Pommern"])), "4.2")
    assert not any(
        entry["path"][-1]["to"] == "Pommern"
        for move in pb.engine.legal_moves(state, 0)
        if move.type == "group_move" and move.data["from"] == "Southern Baltic Sea"
        for entry in move.data["moves"]
    )


def test_no_boarding_from_an_enemy_port(pb):
    """4.6: "you are also allowed to unload ground blocks into an enemy port or harbour but NOT load from them." """
    state = pb.place(sweden_to_act(pb), "Elfsborg", "Holstein")
    assert pb.refused(state, "group_move", 0, pb.move("Holstein", ("Elfsborg", ["Kattegat"])), "4.6")


def test_boarding_needs_a_friendly_port_and_lands_in_an_enemy_one(pb):
    """1.4: "Ports and Harbours are garrisons which allow SEA MOVEMENT"; 4.6: sea movement "is conducted via a
    friendly port or harbour. Notice that you are also allowed to unload ground blocks into an enemy port": with
    Wattrang in the Gulf of Bothnia, Elfsborg boards from Gavleborg (a port) but not from Kopparberg (none); aboard
    in the Gulf of Finland, Estlandska lands in Russian-held Nyen, an empty enemy territory to besiege (3.43)."""
    state = pb.place(sweden_to_act(pb), "Wattrang", "Gulf of Bothnia")
    for place, rules in (("Gavleborg", []), ("Kopparberg", ["4.6 Sea movement"])):
        boarding = pb.move(place, ("Elfsborg", ["Gulf of Bothnia"]))
        assert pb.rules(pb.place(state, "Elfsborg", place), "group_move", 0, boarding) == rules
    state = pb.place(pb.place(state, "Wattrang", "Gulf of Finland"), "Estlandska", "Gulf of Finland", aboard=True)
    state = pb.edit(state, control={**state["control"], "Nyen": "russia"})
    state = pb.play(state, ("group_move", 0, pb.move("Gulf of Finland", ("Estlandska", ["Nyen"]))))
    assert pb.at(state, "Estlandska") == "Nyen" and state["sieges"] == {"Nyen": 0}


def test_10_4_swedes_board_no_warship_from_a_polish_port_turkey_holds_once_poland_joins_the_allies(pb):
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to ... freely move in to and through it.
    Even if occupied by its allies Russia or Denmark. The same rule applies to Sweden and her ally Turkey"; 4.6: sea
    movement "is conducted via a friendly port or harbour". With Poland gone over to the Allies, Ostgota may not board
    Wattrang in the Baltic Sea from Pomorskie while the Turks hold its port, and the legal moves offer no such
    boarding; from a Pomorskie Sweden holds itself, it may (README)."""
    state = pb.place(pb.place(sweden_to_act(pb), "Wattrang", "Baltic Sea"), "Ostgota", "Pomorskie")
    state = pb.edit(
        state,
        active={**state["active"], "poland": True, "turkey": True},
        sides={**state["sides"], "poland": 1, "turkey": 0},
        control={**state["control"], "Pomorskie": "turkey"},
    )
    boarding = pb.move("Pomorskie", ("Ostgota", ["Baltic Sea"]))
    assert pb.refused(state, "group_move", 0, boarding, "10.4")
    assert boarding not in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "group_move"]
    swedish = pb.edit(state, control={**state["control"], "Pomorskie": "sweden"})
    assert pb.rules(swedish, "group_move", 0, boarding) == []
    assert boarding in [m.data for m in pb.engine.legal_moves(swedish, 0) if m.type == "group_move"]


def test_landing_needs_a_port_and_not_the_same_turn(pb):
    """4.6: "You may not load and unload the same group of blocks during the same turn." """
    state = pb.place(sweden_to_act(pb), "Estlandska", "Southern Baltic Sea", aboard=True, loaded=True)
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Estlandska", ["Pommern"])), "4.6")
    state = pb.place(state, "Estlandska", "Southern Baltic Sea", aboard=True, loaded=False)
    assert pb.rules(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Estlandska", ["Pomorskie"]))) == []
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Estlandska", ["Zemaitija"])), "4.6")


def test_enemy_ships_prohibit_landing_too(pb):
    """4.6: "Sea movement is loading or unloading of ground blocks into warships" and "Enemy ships prohibit sea
    movement": with a Danish warship come into the Southern Baltic Sea, Estlandska aboard there may not land in
    Pommern; with no enemy ship there it may."""
    state = pb.place(sweden_to_act(pb), "Estlandska", "Southern Baltic Sea", aboard=True)
    land = pb.move("Southern Baltic Sea", ("Estlandska", ["Pommern"]))
    assert pb.rules(state, "group_move", 0, land) == []
    state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Tordenskiold", "Southern Baltic Sea")
    assert pb.refused(state, "group_move", 0, land, "4.6")


def test_4_6_enemy_ships_prohibit_a_warship_landing_its_blocks_in_a_harbour(pb):
    """4.6: "Sea movement is loading or unloading of ground blocks into warships" and "Enemy ships prohibit sea
    movement"; the blocks a warship carries into a harbour land there (8.3), an unloading (README, Blocks aboard).
    Wattrang attacks Tordenskiold and Juel in the Kattegat, Reventlov and Rantzau aboard: Tordenskiold is pinned (4.4)
    and keeps one army, so Juel sailing into Sjaelland's harbour would land the other, which may no more land there
    than on its own. Juel may still sail to the North Sea with it, and into the harbour with no army aboard left to
    it."""
    state = sweden_to_act(pb)
    state = pb.edit(state, active={**state["active"], "denmark": True})
    state = pb.place(pb.place(state, "Tordenskiold", "Kattegat"), "Juel", "Kattegat")
    state = pb.place(pb.place(state, "Reventlov", "Kattegat", aboard=True), "Rantzau", "Kattegat", aboard=True)
    state = pb.play(state, ("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Kattegat"]))))
    state = pb.play(state, ("end_actions", 0, {}))
    assert pb.refused(state, "group_move", 1, pb.move("Kattegat", ("Rantzau", ["Sjaelland"])), "4.6")
    into_harbour = pb.move("Kattegat", ("Juel", ["Sjaelland"]))
    assert pb.refused(state, "group_move", 1, into_harbour, "4.6")
    offered = [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "group_move"]
    assert into_harbour not in offered
    to_sea = pb.move("Kattegat", ("Juel", ["North Sea"]))
    assert to_sea in offered
    state = pb.play(state, ("group_move", 1, to_sea))
    assert {pb.at(state, "Reventlov"), pb.at(state, "Rantzau")} == {"Kattegat", "North Sea"}
    alone = pb.place(pb.place(state, "Juel", "Kattegat", moved=False), "Rantzau", "Jylland", aboard=False)
    alone = pb.place(alone, "Reventlov", "Kattegat", aboard=True)
    assert pb.rules(alone, "group_move", 1, into_harbour) == []


def test_warships_sail_only_sea_zones_and_harbours(pb):
    """8.1 Warship movement: warships "move up to six sea zones"; 1.1: "Warship blocks cannot cross all-land territories." """
    state = sweden_to_act(pb)
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Gavleborg"])), "8.1")
    assert pb.rules(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Pommern"]))) == []
    seven = [
        "Baltic Sea",
        "Gulf of Finland",
        "Baltic Sea",
        "Gulf of Bothnia",
        "Baltic Sea",
        "Southern Baltic Sea",
        "Kattegat",
    ]
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", seven)), "8.1")


def test_a_warship_never_sails_from_harbour_to_harbour_over_land(pb):
    """1.1: "Warship blocks cannot cross all-land territories"; 8.1: "Leaving or entering a harbour also cost 1 AP".
    On a map where Skane borders Smaland, Wattrang anchored in Skane may not move straight into Smaland's harbour:
    it leaves for the Southern Baltic Sea first."""
    borders = [
        {"a": "Skane", "b": "Smaland", "colour": "black"},
        {"a": "Skane", "b": "Southern Baltic Sea", "colour": "black"},
    ]
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": borders})), "Wattrang", "Skane")
    assert pb.refused(state, "group_move", 0, pb.move("Skane", ("Wattrang", ["Smaland"])), "1.1")
    assert pb.rules(state, "group_move", 0, pb.move("Skane", ("Wattrang", ["Southern Baltic Sea"]))) == []


def test_the_offered_moves_pass_through_friendly_blocks(pb):
    """3.42: "All blocks, including warships, may pass freely through friendly blocks, but must stop ... when they
    move into a territory or sea zone containing enemy block(s)". On a map of Vastergotland - Smaland - Ostergotland,
    Elfsborg is offered the move through Dalregementet's Smaland into Ostergotland; through a Danish block there, not."""
    borders = [
        {"a": "Vastergotland", "b": "Smaland", "colour": "black"},
        {"a": "Smaland", "b": "Ostergotland", "colour": "black"},
    ]
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": borders})), "Dalregementet", "Smaland")
    through = pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Ostergotland"]))
    assert through in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "group_move"]
    state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Dalregementet", "Skane")
    state = pb.place(state, "Fynske", "Smaland")
    assert through not in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "group_move"]
    assert pb.refused(state, "group_move", 0, through, "3.42")


#: A map of the sea printed with the edition's borders (1.1, 1.5): Skane on the Southern Baltic Sea, which borders the
#: Kattegat and the Baltic Sea, and these two not each other.
SEA_BORDERS = [
    {"a": "Skane", "b": "Southern Baltic Sea", "colour": "black"},
    {"a": "Southern Baltic Sea", "b": "Kattegat", "colour": "black"},
    {"a": "Southern Baltic Sea", "b": "Baltic Sea", "colour": "black"},
]


def test_warships_sail_from_sea_zone_to_bordering_sea_zone(pb):
    """1.1: "The Sea is divided in sea zones"; 8.1: warships "move up to six sea zones", each into the next, across
    the borders the map prints as on land (1.5). On the map of SEA_BORDERS, Wattrang in the Baltic Sea may not sail
    straight into the Kattegat, only through the Southern Baltic Sea."""
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": SEA_BORDERS})), "Wattrang", "Baltic Sea")
    assert pb.refused(state, "group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Kattegat"])), "1.1")
    around = pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))
    assert pb.rules(state, "group_move", 0, around) == []
    offered = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "group_move"]
    assert pb.move("Baltic Sea", ("Wattrang", ["Kattegat"])) not in offered


def test_4_2_a_warship_crossing_a_red_border_stops_there(pb):
    """4.2: "Blocks crossing a red border are forced to stop in the recently entered territory", warships too (3.42
    "All blocks, including warships"; their crossings count against 4.2's limits). On a map whose Southern Baltic Sea
    and Kattegat share a red border, Wattrang sails from the Baltic Sea through the Southern Baltic Sea into the
    Kattegat, where it stops, and not from the Kattegat across the red border on into the Baltic Sea; nor is that
    course offered."""
    borders = [
        {"a": "Skane", "b": "Southern Baltic Sea", "colour": "black"},
        {"a": "Southern Baltic Sea", "b": "Kattegat", "colour": "red"},
        {"a": "Southern Baltic Sea", "b": "Baltic Sea", "colour": "black"},
    ]
    state = pb.actions(pb.setup("12.1", map={"borders": borders}))
    into = pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", pb.step("Kattegat", "red")]))
    assert pb.rules(pb.place(state, "Wattrang", "Baltic Sea"), "group_move", 0, into) == []
    state = pb.place(state, "Wattrang", "Kattegat")
    through = pb.move("Kattegat", ("Wattrang", [pb.step("Southern Baltic Sea", "red"), "Baltic Sea"]))
    assert pb.refused(state, "group_move", 0, through, "4.2")
    assert through not in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "group_move"]
    stop = pb.move("Kattegat", ("Wattrang", [pb.step("Southern Baltic Sea", "red")]))
    assert pb.rules(state, "group_move", 0, stop) == []


def test_ground_blocks_board_only_into_a_bordering_sea_zone(pb):
    """4.6: sea movement "works as regular movement", from a friendly port or harbour into a sea zone across its
    border (1.1, 1.5). On the map of SEA_BORDERS, Karl XII in Skane boards Wachtmeister in the Southern Baltic Sea,
    not Wattrang sent to the Kattegat, which Skane does not border."""
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": SEA_BORDERS})), "Wattrang", "Kattegat")
    assert pb.refused(state, "group_move", 0, pb.move("Skane", ("Karl XII", ["Kattegat"])), "1.1")
    assert pb.rules(state, "group_move", 0, pb.move("Skane", ("Karl XII", ["Southern Baltic Sea"]))) == []


def test_a_warship_leaving_harbour_sails_on_next_turn(pb):
    """8.1: "Leaving or entering a harbour also cost 1 AP"; 3.42: "Blocks move once per Game Turn": Wattrang, out of
    Skane into the Southern Baltic Sea for one action, sails no further this game turn with another (it might have
    sailed on in the same move, for 2 AP, README reading)."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Wattrang", "Skane")
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Wattrang", ["Southern Baltic Sea"]))))
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Baltic Sea"])), "3.42")


def test_a_block_landing_stops_in_the_port(pb):
    """4.6: "For one (1) Action, a player can load or unload a group of blocks" (README reading): Estlandska, landing
    from the Southern Baltic Sea in Pommern, stops there and may not march on into Mecklenburg in the same move."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Estlandska", "Southern Baltic Sea", aboard=True)
    on = pb.move("Southern Baltic Sea", ("Estlandska", ["Pommern", "Mecklenburg"]))
    assert pb.refused(state, "group_move", 0, on, "4.6")
    assert pb.rules(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Estlandska", ["Pommern"]))) == []


def test_galleys_sail_three_sea_zones(pb):
    """8.1: "Warships (or groups of warships) move up to six sea zones (galley's only three) on the map"."""
    state = pb.play(sweden_to_act(pb), ("end_actions", 0, {}))
    state = pb.place(state, "Russian Galley I", "Gulf of Finland")
    four = ["Baltic Sea", "Gulf of Bothnia", "Baltic Sea", "Southern Baltic Sea"]
    assert pb.refused(state, "group_move", 1, pb.move("Gulf of Finland", ("Russian Galley I", four)), "8.1")
    assert pb.rules(state, "group_move", 1, pb.move("Gulf of Finland", ("Russian Galley I", four[:3]))) == []


def test_enemy_warships_stop_a_warship(pb):
    """8.1: "Entering a sea zone occupied by enemy warships prohibits further movement": Wattrang, entering the
    Kattegat where a Danish warship lies, may not sail on into the North Sea."""
    state = sweden_to_act(pb)
    state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Tordenskiold", "Kattegat")
    onward = pb.move("Southern Baltic Sea", ("Wattrang", ["Kattegat", "North Sea"]))
    assert pb.refused(state, "group_move", 0, onward, "8.1")
    assert pb.rules(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Kattegat"]))) == []


def test_edition_borders_are_checked_when_supplied(pb):
    """1.5 Borders and 1.1: with the edition's borders in the options, paths follow them and their colours."""
    borders = [
        {"a": "Estland", "b": "Ingermanland", "colour": "black"},
        {"a": "Estland", "b": "Livland", "colour": "red"},
    ]
    state = pb.actions(pb.setup("12.1", map={"borders": borders}))
    assert pb.refused(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Novgorod"])), "1.1")
    assert pb.refused(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"])), "1.5")
    assert pb.rules(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))) == []


def test_8_1_leaving_or_entering_a_harbour_costs_1_ap_on_top_of_the_move(pb):
    """8.1: "Warships (or groups of warships) move up to six sea zones (galley's only three) on the map at a cost of
    1 AP. Leaving or entering a harbour also cost 1 AP. Entering a sea zone occupied by enemy warships prohibits
    further movement." "Also" is on top, within the one move (README reading): 1 AP to leave the harbour, 1 to sail
    from sea zone to sea zone, 1 to enter a harbour, at least 1. Sweden has 3 AP (12.1's first turn)."""
    state = pb.place(sweden_to_act(pb), "Wattrang", "Skane")
    courses = [  # (origin, path, AP by hand)
        ("Skane", ["Southern Baltic Sea"], 1),  # leaving only
        ("Skane", ["Southern Baltic Sea", "Baltic Sea"], 2),  # leaving 1 + sailing 1
        ("Skane", ["Southern Baltic Sea", "Pommern"], 2),  # leaving 1 + entering 1
        ("Skane", ["Southern Baltic Sea", "Baltic Sea", "Livland"], 3),  # leaving 1 + sailing 1 + entering 1
        ("Southern Baltic Sea", ["Pommern"], 1),  # entering only
        ("Southern Baltic Sea", ["Baltic Sea"], 1),  # sailing only
        ("Southern Baltic Sea", ["Baltic Sea", "Livland"], 2),  # sailing 1 + entering 1
    ]
    for origin, path, cost in courses:
        ship = "Wattrang" if origin == "Skane" else "Wachtmeister"
        data = pb.move(origin, (ship, path))
        assert pb.play(state, ("group_move", 0, data))["actions"][0] == 3 - cost, (origin, path)
        short = pb.edit(state, actions=[cost - 1, 2])
        if cost > 1:
            assert pb.rules(short, "group_move", 0, data) == ["8.1 Warship movement"], (origin, path)
            message = pb.engine.check(short, Move("group_move", 0, data))[0].message
            assert f"costs {cost} action points" in message and f"you have {cost - 1} left" in message
        assert pb.play(pb.edit(state, actions=[cost, 2]), ("group_move", 0, data))["actions"][0] == 0

    # A group move costs the most of its ships' courses: Wachtmeister's 2, not Wattrang's 1.
    state = sweden_to_act(pb)
    fleet = pb.move("Southern Baltic Sea", ("Wattrang", ["Pommern"]), ("Wachtmeister", ["Baltic Sea", "Livland"]))
    assert pb.play(state, ("group_move", 0, fleet))["actions"][0] == 1

    # Six sea zones count the sea zones only: out of Skane, six of them and into Livland is 8 steps but legal.
    six = ["Southern Baltic Sea", "Kattegat", "North Sea", "Gulf of Bothnia", "Baltic Sea", "Gulf of Finland"]
    state = pb.place(sweden_to_act(pb), "Wattrang", "Skane")
    assert pb.rules(state, "group_move", 0, pb.move("Skane", ("Wattrang", [*six, "Livland"]))) == []
    seven = pb.move("Skane", ("Wattrang", [*six[:5], "Southern Baltic Sea", "Gulf of Finland", "Livland"]))
    assert pb.rules(state, "group_move", 0, seven) == ["8.1 Warship movement"]
    # A harbour entered ends the move: it is not sailed through.
    through = pb.move("Skane", ("Wattrang", ["Southern Baltic Sea", "Pommern", "Baltic Sea"]))
    assert pb.rules(state, "group_move", 0, through) == ["8.1 Warship movement"]


def test_8_1_a_galley_sails_three_sea_zones_out_of_and_into_harbours(pb):
    """8.1: "move up to six sea zones (galley's only three) ... Leaving or entering a harbour also cost 1 AP": the
    Allies (2 AP) hold Livland's harbour. Russian Galley I leaves it and sails three sea zones for 2 AP (leaving 1 +
    sailing 1), not four; from the Gulf of Finland it sails three and enters Livland, 2 AP (sailing 1 + entering 1),
    the harbour no sea zone of its three."""
    state = pb.play(sweden_to_act(pb), ("end_actions", 0, {}))
    state = pb.place(pb.edit(state, control={**state["control"], "Livland": "russia"}), "Russian Galley I", "Livland")
    three = ["Gulf of Finland", "Baltic Sea", "Gulf of Bothnia"]
    four = pb.move("Livland", ("Russian Galley I", [*three, "Southern Baltic Sea"]))
    assert pb.rules(state, "group_move", 1, four) == ["8.1 Warship movement"]
    after = pb.play(state, ("group_move", 1, pb.move("Livland", ("Russian Galley I", three))))
    assert pb.at(after, "Russian Galley I") == "Gulf of Bothnia" and after["actions"][1] == 0
    state = pb.place(state, "Russian Galley I", "Gulf of Finland")
    into = pb.move("Gulf of Finland", ("Russian Galley I", ["Baltic Sea", "Gulf of Bothnia", "North Sea", "Livland"]))
    after = pb.play(state, ("group_move", 1, into))
    assert pb.at(after, "Russian Galley I") == "Livland" and after["actions"][1] == 0


def test_8_1_enemy_warships_stop_a_warship_leaving_its_harbour(pb):
    """8.1: "Entering a sea zone occupied by enemy warships prohibits further movement": Wattrang, leaving Skane and
    entering the Kattegat where a Danish warship lies (2 AP), may not sail on into the North Sea."""
    state = pb.place(sweden_to_act(pb), "Wattrang", "Skane")
    state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Tordenskiold", "Kattegat")
    onward = pb.move("Skane", ("Wattrang", ["Southern Baltic Sea", "Kattegat", "North Sea"]))
    assert pb.rules(state, "group_move", 0, onward) == ["8.1 Warship movement"]
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    assert pb.at(state, "Wattrang") == "Kattegat" and state["actions"][0] == 1


def test_8_1_warships_sailing_into_a_harbour_land_their_blocks(pb):
    """8.1: "Leaving or entering a harbour also cost 1 AP"; 4.6: the blocks aboard go with their warships and land
    with them in a harbour, not the same turn they boarded. Wattrang and Wachtmeister sail from the Southern Baltic
    Sea through the Baltic Sea into Livland (2 AP): Karl XII and Pommerska, aboard since an earlier turn, land there
    and have moved; loaded this turn, they may not."""
    fleet = pb.move(
        "Southern Baltic Sea", ("Wattrang", ["Baltic Sea", "Livland"]), ("Wachtmeister", ["Baltic Sea", "Livland"])
    )
    assert pb.rules(aboard_in_the_southern_baltic(pb, loaded=True), "group_move", 0, fleet) == ["4.6 Sea movement"]
    state = pb.play(aboard_in_the_southern_baltic(pb), ("group_move", 0, fleet))
    assert state["actions"][0] == 1
    for name in ("Wattrang", "Wachtmeister", "Karl XII", "Pommerska"):
        assert (
            pb.at(state, name) == "Livland" and not state["blocks"][name]["aboard"] and state["blocks"][name]["moved"]
        )


def test_8_1_the_combined_warship_moves_are_offered_as_the_ap_allow(pb):
    """8.1: "Leaving or entering a harbour also cost 1 AP", on top of the move (README "Legal moves"). On the map of
    SEA_BORDERS with Pommern's harbour on the Southern Baltic Sea, Wattrang anchored in Skane is offered the move out
    into the Baltic Sea (2 AP) and into Pommern (2 AP) with 2 AP left, not with 1; the move out alone (1 AP) always."""
    borders = [*SEA_BORDERS, {"a": "Pommern", "b": "Southern Baltic Sea", "colour": "black"}]
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": borders})), "Wattrang", "Skane")
    out = pb.move("Skane", ("Wattrang", ["Southern Baltic Sea"]))
    combined = [
        pb.move("Skane", ("Wattrang", ["Southern Baltic Sea", "Baltic Sea"])),
        pb.move("Skane", ("Wattrang", ["Southern Baltic Sea", "Pommern"])),
    ]
    for left, offered in ((2, True), (1, False)):
        moves = [m for m in pb.engine.legal_moves(pb.edit(state, actions=[left, 2]), 0) if m.type == "group_move"]
        data = [m.data for m in moves]
        assert out in data
        assert all((move in data) == offered for move in combined), left
        assert all(pb.engine.check(pb.edit(state, actions=[left, 2]), m) == [] for m in moves)


def test_no_move_across_a_lake(pb):
    """1.1 example: "It is NOT possible to move from Ostergotland to Vastergotland." """
    state = sweden_to_act(pb)
    assert pb.refused(state, "group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Ostergotland"])), "1.1")
    assert pb.rules(state, "group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland", "Ostergotland"]))) == []


def test_ukraiyina_and_mala_rus_are_connected(pb):
    """1.1 example: "It is possible to move from Ukraiyina to Mala Rus and vice verse." """
    state = pb.place(pb.place(pb.setup("12.4"), "Kazanski", "Ukraiyina"), "Cossacks", "Mala Rus")
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    there = pb.move("Ukraiyina", ("Kazanski", ["Mala Rus"]))
    back = pb.move("Mala Rus", ("Cossacks", ["Ukraiyina"]))
    state = pb.play(state, ("group_move", 1, there), ("group_move", 1, back))
    assert pb.at(state, "Kazanski") == "Mala Rus" and pb.at(state, "Cossacks") == "Ukraiyina"


def test_two_actions_two_moves_or_two_rebuilds_or_one_each(pb):
    """3.2 example: "2 AP's allows 2 group moves or rebuilding of 2 steps or one each." """
    state = pb.place(pb.place(pb.setup("12.5"), "Karl XII", "Vastergotland", 2), "Elfsborg", "Jamtland", 1)
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 1}))
    one_each = pb.play(
        state, ("group_move", 0, pb.move("Jamtland", ("Savolax", ["Trondheim"]))), ("rebuild", 0, {"block": "Karl XII"})
    )
    two_rebuilds = pb.play(state, ("rebuild", 0, {"block": "Karl XII"}), ("rebuild", 0, {"block": "Elfsborg"}))
    assert one_each["acting"] == 1 and two_rebuilds["acting"] == 1
    assert pb.steps(two_rebuilds, "Karl XII") == 3 and pb.steps(two_rebuilds, "Elfsborg") == 2
