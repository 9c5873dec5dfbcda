"""The event tables: general events (14.1) and national events (14.2, 3.44)."""

from games.pax_baltica import board, upkeep


def event_due(pb, scenario="12.1"):
    """Sweden rolled a 6 (after the first turn): its general event is due."""
    state = pb.edit(pb.setup(scenario), turn=2, swedish_first_actions=None, player1=1, rolls=[None, None])
    return pb.play(state, ("action_roll", 0, {"roll": 6}), ("action_roll", 1, {"roll": 2}))


def test_plague_costs_every_block_a_step_but_never_eliminates(pb):
    """14.1 1: "Plague. All blocks lose 1 step. No blocks may be eliminated." """
    state = pb.place(event_due(pb), "Repnin", "Novgorod", 1)
    state = pb.play(state, ("general_event", 0, {"roll": 1}))
    assert (pb.steps(state, "Pjotr I"), pb.steps(state, "Karl XII"), pb.steps(state, "Repnin")) == (3, 3, 1)


def test_epidemics_strike_the_rolled_region(pb):
    """14.1 2: "Epidemics. Roll 1D6 for region. All blocks in that area lose 1 step ... 4. Sweden-Finland." """
    state = event_due(pb)
    assert pb.refused(state, "general_event", 0, {"roll": 2}, "14.1")
    state = pb.play(state, ("general_event", 0, {"roll": 2, "region_roll": 4}))
    assert pb.steps(state, "Karl XII") == 3 and pb.steps(state, "Pjotr I") == 4


def test_14_1_epidemics_in_poland_ukraine_spare_turkish_besarabya(pb):
    """14.1 2: "Epidemics ... 2. Poland-Ukraine." Besarabya is Turkish (1.1: Turkey dark green), neither Polish nor
    Ukrainian, so an epidemic in region 2 strikes Flemming in Mazowsze and not Karl XII in Besarabya; no region of
    the six holds it."""
    state = pb.place(pb.place(event_due(pb), "Karl XII", "Besarabya"), "Flemming", "Mazowsze")
    state = pb.play(state, ("general_event", 0, {"roll": 2, "region_roll": 2}))
    assert (pb.steps(state, "Karl XII"), pb.steps(state, "Flemming")) == (4, 3)


def test_attrition_event_strikes_only_enemy_blocks(pb):
    """14.1 3: "Attrition. Roll 1D6 for region. All enemy blocks in that area lose 1 step. 1. Baltic (Estland, Livland,
    Ingermanland and Nyen)." """
    state = pb.play(event_due(pb), ("general_event", 0, {"roll": 3, "region_roll": 1}))
    assert pb.steps(state, "Pjotr I") == 3 and pb.steps(state, "Flemming") == 3 and pb.steps(state, "Vellinck") == 4


def test_recruitment_steps_go_to_blocks_in_the_homeland(pb):
    """14.1 4: "All countries roll 1D6 and gain as many steps as the die shows. Steps must be applied in the native
    homeland." """
    state = pb.place(event_due(pb), "Karl XII", "Skane", 2)
    recruitment = [
        {"nation": "sweden", "roll": 2, "blocks": ["Karl XII", "Karl XII"]},
        {"nation": "russia", "roll": 1, "blocks": []},
        {"nation": "saxony", "roll": 3, "blocks": []},
    ]
    abroad = [*recruitment[:2], {"nation": "saxony", "roll": 3, "blocks": ["Flemming"]}]
    assert pb.refused(state, "general_event", 0, {"roll": 4, "recruitment": abroad}, "14.1")
    assert pb.refused(state, "general_event", 0, {"roll": 4, "recruitment": recruitment[:1]}, "14.1")
    state = pb.play(state, ("general_event", 0, {"roll": 4, "recruitment": recruitment}))
    assert pb.steps(state, "Karl XII") == 4


def test_recruitment_gains_as_many_steps_as_the_die_shows(pb):
    """14.1 4: "All countries roll 1D6 and gain as many steps as the die shows": Sweden rolls a 3 with Karl XII at 1
    step in Skane, so three steps go on him (no fewer); with a 6, the three he can take (4 is his full strength)."""
    state = pb.place(event_due(pb), "Karl XII", "Skane", 1)
    others = [{"nation": "russia", "roll": 1, "blocks": []}, {"nation": "saxony", "roll": 1, "blocks": []}]
    for fewer in ([], ["Karl XII"], ["Karl XII", "Karl XII"]):
        recruitment = [{"nation": "sweden", "roll": 3, "blocks": fewer}, *others]
        assert pb.refused(state, "general_event", 0, {"roll": 4, "recruitment": recruitment}, "14.1")
    full = [{"nation": "sweden", "roll": 6, "blocks": ["Karl XII"] * 3}, *others]
    assert pb.steps(pb.play(state, ("general_event", 0, {"roll": 4, "recruitment": full})), "Karl XII") == 4
    three = [{"nation": "sweden", "roll": 3, "blocks": ["Karl XII"] * 3}, *others]
    assert pb.steps(pb.play(state, ("general_event", 0, {"roll": 4, "recruitment": three})), "Karl XII") == 4


def test_swedish_recruitment_steps_go_to_the_swedish_homeland_only(pb):
    """14.1 4: "Steps must be applied in the native homeland"; 9.1 names Sweden's: "Sweden (the territories of
    Skåne, Småland, Östergötland, Västergötland, Svealand, Kopparberg and Gävleborg)", "the Swedish homeland".
    Pommern and Estland are Swedish provinces, not the homeland: Pommerska and Vellinck there gain nothing."""
    state = pb.place(pb.place(event_due(pb), "Karl XII", "Skane", 2), "Pommerska", "Pommern", 1)
    state = pb.place(state, "Vellinck", "Estland", 2)
    others = [{"nation": "russia", "roll": 1, "blocks": []}, {"nation": "saxony", "roll": 1, "blocks": []}]
    for abroad in (["Pommerska"], ["Vellinck"], ["Karl XII", "Pommerska"]):
        recruitment = [{"nation": "sweden", "roll": 2, "blocks": abroad}, *others]
        assert pb.refused(state, "general_event", 0, {"roll": 4, "recruitment": recruitment}, "14.1")
    offered = {
        name
        for m in pb.engine.legal_moves(state, 0)
        if m.type == "general_event" and m.data["roll"] == 4
        for entry in m.data["recruitment"]
        for name in entry["blocks"]
    }
    assert "Karl XII" in offered and not {"Pommerska", "Vellinck"} & offered
    recruitment = [{"nation": "sweden", "roll": 2, "blocks": ["Karl XII", "Karl XII"]}, *others]
    state = pb.play(state, ("general_event", 0, {"roll": 4, "recruitment": recruitment}))
    assert pb.steps(state, "Karl XII") == 4 and pb.steps(state, "Pommerska") == 1 and pb.steps(state, "Vellinck") == 2


def test_recruitment_reaches_warships_only_anchored_in_a_harbour(pb):
    """14.1 4: recruitment steps "do not include warships (unless they are anchored in a harbour (8.3))": Wattrang in
    Svealand's harbour gains a step, Wachtmeister at sea does not."""
    state = pb.place(pb.place(event_due(pb), "Wattrang", "Svealand", 2), "Wachtmeister", "Southern Baltic Sea", 2)
    others = [{"nation": "russia", "roll": 1, "blocks": []}, {"nation": "saxony", "roll": 1, "blocks": []}]
    at_sea = [{"nation": "sweden", "roll": 1, "blocks": ["Wachtmeister"]}, *others]
    assert pb.refused(state, "general_event", 0, {"roll": 4, "recruitment": at_sea}, "14.1")
    anchored = [{"nation": "sweden", "roll": 1, "blocks": ["Wattrang"]}, *others]
    state = pb.play(state, ("general_event", 0, {"roll": 4, "recruitment": anchored}))
    assert pb.steps(state, "Wattrang") == 3 and pb.steps(state, "Wachtmeister") == 2


def test_great_britain_recruits_nothing(pb):
    """10.8: "Since Great Britain does not have any Replacement Points (RP), any combat losses are permanent and can't
    be replaced": the British warship anchored in Portsmouth takes no recruitment (14.1 4; README reading)."""
    state = event_due(pb)
    state = pb.place(pb.edit(state, active={**state["active"], "britain": True}), "British Warship", "Portsmouth", 2)
    others = [{"nation": n, "roll": 1, "blocks": []} for n in ("russia", "saxony", "sweden")]
    british = [{"nation": "britain", "roll": 1, "blocks": ["British Warship"]}, *others]
    assert pb.refused(state, "general_event", 0, {"roll": 4, "recruitment": british}, "14.1")
    state = pb.play(state, ("general_event", 0, {"roll": 4, "recruitment": others}))
    assert pb.steps(state, "British Warship") == 2


def test_allied_event_rolls_for_each_country(pb):
    """14.1 5/6: "Roll on National Events Table. (If allied, roll for each country)." """
    state = pb.edit(pb.setup("12.1"), turn=2, swedish_first_actions=None, player1=0, rolls=[None, None])
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 6}))
    assert pb.refused(state, "general_event", 1, {"roll": 5, "national": [{"nation": "russia", "roll": 6}]}, "14.1")
    national = [{"nation": "russia", "roll": 6}, {"nation": "saxony", "roll": 6}]
    state = pb.play(state, ("general_event", 1, {"roll": 5, "national": national}))
    assert state["rp_next"] == {"russia": {"add": 8}, "saxony": {"add": 4}}


def test_a_national_result_applies_once_a_year(pb):
    """14.2: "A result on the National Event table can only be applied once within the same year. Disregard any roll
    that already applies." """
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(
        state,
        ("national_event", 0, {"nation": "sweden", "roll": 6}),
        ("national_event", 0, {"nation": "sweden", "roll": 6}),
    )
    assert state["rp_next"] == {"sweden": {"add": 8}}


def test_national_event_only_for_your_nations(pb):
    """3.44: "The player must of course control the nation in question." """
    state = pb.actions(pb.setup("12.1"))
    assert pb.refused(state, "national_event", 0, {"nation": "russia", "roll": 6}, "3.44")


def test_no_national_event_for_a_nation_not_yet_at_war(pb):
    """3.44 (reading): "The player must of course control the nation in question": a nation at war on his side.
    Denmark, the Allies' until it enters the war on an activation roll (9.4), is not yet theirs to roll for in 1700;
    Russia is."""
    state = pb.play(pb.actions(pb.setup("12.1")), ("end_actions", 0, {}))
    assert pb.refused(state, "national_event", 1, {"nation": "denmark", "roll": 1}, "3.44")
    assert pb.rules(state, "national_event", 1, {"nation": "russia", "roll": 1}) == []


def test_the_allied_player_boosts_the_saxon_army(pb):
    """3.44 example: "The Allied player uses 1 AP in a desperate attempt to boost the Saxon Army. This grants a roll on
    the Saxon National Event table." (6: "Increase RP's with 4 during next year.")"""
    state = pb.play(pb.actions(pb.setup("12.1"), allied_roll=2), ("end_actions", 0, {}))
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 6}))
    assert state["actions"][1] == 1 and state["rp_next"] == {"saxony": {"add": 4}}


def test_desertion_takes_two_steps_but_never_a_whole_block(pb):
    """14.2 Sweden 3: "Discontent with the King and the war. 2 steps deserts from any blocks." """
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Vastergotland", 1)
    assert pb.refused(
        state, "national_event", 0, {"nation": "sweden", "roll": 3, "blocks": ["Elfsborg", "Karl XII"]}, "14.2"
    )
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 3, "blocks": ["Karl XII"]}, "14.2")
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 3, "blocks": ["Karl XII", "Vellinck"]}))
    assert pb.steps(state, "Karl XII") == 3 and pb.steps(state, "Vellinck") == 3


def test_forced_recruitment_adds_four_steps_not_to_warships(pb):
    """14.2 Sweden 5: "Forced recruitment. Results in 4 new steps at no cost to be placed instantly. Do not apply to
    Warships." """
    state = pb.place(
        pb.place(pb.actions(pb.setup("12.1")), "Karl XII", "Skane", 1), "Wattrang", "Southern Baltic Sea", 1
    )
    assert pb.refused(
        state, "national_event", 0, {"nation": "sweden", "roll": 5, "blocks": ["Wattrang"] + ["Karl XII"] * 3}, "14.2"
    )
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 5, "blocks": ["Karl XII"] * 3}))
    assert pb.steps(state, "Karl XII") == 4


def test_diplomacy_forms_no_truce_with_a_nation_not_at_war(pb):
    """14.2 Sweden 4: "A high ranked diplomat may form a TRUCE (See 6.9) with Hanover or Prussia"; 6.9: "A truce set
    due to a national event, just ends all hostilities between the nations involved". In 1700 Prussia is not yet
    in the war (9.7: "From 1711 the allied player may start rolling for a Prussian entry") and Hanover stands with
    Sweden (9.9): there are no hostilities to end, so the result names no nation, and Prussia stays prohibited
    (4.8 "Inactivated territories, such as Hanover and Prussia, prohibit movement until they are activated")."""
    state = pb.actions(pb.setup("12.1"), allied_roll=1)
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 4, "choice": "prussia"}, "14.2")
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 4, "choice": "hanover"}, "14.2")
    legal = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "national_event" and m.data["roll"] == 4]
    assert legal == [{"nation": "sweden", "roll": 4}]
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 4}))
    assert state["truces"] == {} and board.is_prohibited(state, "Prussia")
    assert upkeep.activation_need(pb.edit(state, year=1704), "prussia") is None


def test_diplomacy_chooses_among_the_nations_at_war(pb):
    """14.2 Sweden 4 "with Hanover or Prussia, free of choice", 6.9 "ends all hostilities": with Prussia at war for
    the Allies and Hanover not, the truce is with Prussia."""
    state = pb.actions(pb.setup("12.1"), allied_roll=1)
    state = pb.edit(state, active={**state["active"], "prussia": True})
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 4, "choice": "hanover"}, "14.2")
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 4}, "14.2")
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 4, "choice": "prussia"}))
    assert state["active"]["prussia"] is False and state["truces"] == {"prussia": 1700}


def test_russian_diplomacy_truce_with_turkey_or_ukraine(pb):
    """14.2 Russia 4: "Diplomacy. A high ranked diplomat may form a TRUCE (See 6.9) with Turkey or Ukraine, free of
    choice. Chosen Nation will return to its Replacement Pool." """
    state = pb.play(pb.setup("12.1"), ("action_roll", 1, {"roll": 4}), ("end_actions", 0, {}))
    state = pb.edit(state, active={**state["active"], "turkey": True})
    state = pb.place(state, "Turkish Army", "Besarabya")
    assert pb.refused(state, "national_event", 1, {"nation": "russia", "roll": 4, "choice": "sweden"}, "14.2")
    state = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 4, "choice": "turkey"}))
    assert pb.at(state, "Turkish Army") == "pool" and state["active"]["turkey"] is False


def test_14_2_russia_2_treason_is_the_russian_garrisons_only(pb):
    """14.2 Russia 2: "Treason. The Garrison of Kremenchuk joins the Turks without bloodshed" (README: a lost
    garrison, 4 RP). On Russia's table the garrison that betrays is Russia's: held by Russia (Ukraine not at war,
    4.8), it turns Turkish and Russia loses 4 RP of its 16 (12 left); held by Ukraine at war for Sweden, the
    Turks' ally, the Russian result takes nothing from it: Kremenchuk stays Ukrainian and Ukraine loses no RP."""
    state = pb.play(pb.actions(pb.setup("12.1")), ("end_actions", 0, {}))
    russian = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 2}))
    assert russian["control"]["Kremenchuk"] == "turkey" and upkeep.rp_track(russian, "russia") == 12
    state = pb.edit(state, active={**state["active"], "ukraine": True, "turkey": True})
    state = pb.edit(state, control={**state["control"], "Kremenchuk": "ukraine"})
    ukrainian = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 2}))
    assert ukrainian["control"]["Kremenchuk"] == "ukraine" and ukrainian["lost"] == {}
    assert upkeep.rp_track(ukrainian, "ukraine") == upkeep.rp_track(state, "ukraine")
    assert upkeep.rp_track(ukrainian, "russia") == 16


def test_14_2_russia_3_the_cossacks_excluded_from_a_ship_are_aboard_no_more(pb):
    """14.2 Russia 3: "Exclude the Cossack block from play. If Ukraine and Turkey is out of the game it returns to the
    replacement pool." The Cossacks aboard the Danish warships in the Kattegat (4.6) leave the ship with the play: in
    12.4, Ukraine and Turkey out, they go to the pool, and drawn in 1711 they stand on land in Moskva (9.2), not
    aboard a ship there (aboard, a block takes no part in a battle, 8.2)."""
    state = pb.play(pb.setup("12.4"), ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 5}))
    state = pb.place(state, "Cossacks", "Kattegat", aboard=True)
    state = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 3}))
    assert pb.at(state, "Cossacks") == "pool" and not state["blocks"]["Cossacks"]["aboard"]
    state = pb.play(pb.edit(state, phase="weather", season=3), ("weather_roll", 0, {"roll": 1}))
    for seat in (0, 1):
        for nation in upkeep.rolls_owed(state, seat):
            state = pb.play(state, ("activation_roll", seat, {"nation": nation, "roll": 1}))
    state = pb.play(state, ("draw_block", 1, {"block": "Cossacks", "steps": 3, "territory": "Moskva"}))
    assert pb.at(state, "Cossacks") == "Moskva" and not state["blocks"]["Cossacks"]["aboard"]
