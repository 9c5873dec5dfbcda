"""The dates summary, deployment exceptions and the remaining special rules."""

from games.kit import Table
from games.pax_baltica import board, upkeep, victory
from games.pax_baltica.siege import conquer


def year_start(pb, scenario, year, **fields):
    state = pb.edit(pb.setup(scenario), season=3, year=year - 1, phase="weather", **fields)
    return pb.play(state, ("weather_roll", 0, {"roll": 1}))


def test_russian_c_armies_fight_as_b_from_1711(pb):
    """10.2 / dates summary: "1711 - All Russian Army blocks rated C becomes B." """
    state = pb.setup("12.4")
    assert board.rating(state, "Sjeremetev") == ("C", 2)
    assert board.rating(pb.edit(state, year=1711), "Sjeremetev") == ("B", 2)
    assert board.rating(pb.edit(state, year=1711), "Cossacks") == ("B", 1)


def test_hanover_leaves_sweden_in_1711(pb):
    """9.9: "From spring turn 1711 Hanover is out of the game, but the allied player may start rolling for the
    Hanoverians. They join the allies on a roll of 6." """
    state = pb.setup("12.1")
    state = pb.edit(state, active={**state["active"], "hanover": True}, sides={**state["sides"], "hanover": 0})
    state = pb.place(state, "Hanoverian Army", "Hanover")
    state = year_start(pb, "12.1", 1711, active=state["active"], sides=state["sides"], blocks=state["blocks"])
    assert state["active"]["hanover"] is False and state["sides"]["hanover"] == 1
    assert pb.at(state, "Hanoverian Army") == "out" and "hanover" in pb.engine.view(state)["activation_rolls_due"]["1"]


def test_prussia_and_hanover_join_the_allies_in_1715(pb):
    """9.7, 9.9: "From 1715 the Prussians starts automatically"; "From 1715 the Hanoverians automatically joins the
    Allies." """
    state = year_start(pb, "12.4", 1715)
    assert state["active"]["prussia"] and state["active"]["hanover"] and state["sides"]["hanover"] == 1
    assert pb.at(state, "Prussian Army") == "pool" and pb.at(state, "Hanoverian Army") == "Hanover"


def test_a_diplomacy_truce_after_1715_is_not_undone_by_the_automatic_entry(pb):
    """9.7: "From 1715 the Prussians starts automatically"; 14.2 Sweden 4 forms a TRUCE with Prussia in 1716, and
    6.9: "A truce is valid for 3 years before you may start rolling for activation" (6.10: out in 1716, the first
    roll before spring 1720, on a 6). The next spring does not bring Prussia back."""
    state = pb.setup("12.4")
    out = {**state["active"], "prussia": False}
    state = year_start(pb, "12.4", 1717, active=out, sides={**state["sides"], "prussia": 1}, truces={"prussia": 1716})
    assert state["active"]["prussia"] is False and state["truces"] == {"prussia": 1716}
    assert "prussia" not in pb.engine.view(state)["activation_rolls_due"].get("1", [])
    assert upkeep.activation_need(pb.edit(state, year=1719), "prussia") is None
    assert upkeep.activation_need(pb.edit(state, year=1720), "prussia") == 6


def test_9_x_an_entry_roll_not_due_is_refused_under_the_nations_entry_rule(pb):
    """9.7: "From 1711 the allied player may start rolling for a Prussian entry"; 9.9: Hanover the same "From spring
    turn 1711"; 9.4: "From 1701 the allied player starts rolling for a Danish entry"; 9.6: "From 1701 the Swedish
    player may start rolling for a Turkish entry". At the start of 1701 (12.2), a roll for Prussia or Hanover, the
    Swedish player's roll for Denmark and the Allied player's for Turkey are refused under those sections, not under
    6.10 (which is the re-activation after a truce)."""
    state = year_start(pb, "12.2", 1701)
    assert pb.rules(state, "activation_roll", 1, {"nation": "prussia", "roll": 6}) == ["9.7 Prussia"]
    assert pb.rules(state, "activation_roll", 1, {"nation": "hanover", "roll": 6}) == ["9.9 Hanover"]
    assert pb.rules(state, "activation_roll", 0, {"nation": "denmark", "roll": 6}) == ["9.4 Denmark"]
    assert pb.rules(state, "activation_roll", 1, {"nation": "turkey", "roll": 6}) == ["9.6 Turkey"]
    assert pb.rules(state, "activation_roll", 1, {"nation": "denmark", "roll": 6}) == []


def test_entry_rolls_by_nation_and_year(pb):
    """9.6: the Turks start on a 6 from 1701, "From 1711 the Turks are activated on a 5 and 6"; 9.8: Ukraine "activates
    on a roll of 5 or 6" from 1701; 9.7, 9.9: Prussia and Hanover "From 1711" on a 6, no roll before. In 1710 the
    Turks' 5 fails and Ukraine's 4; in 1711 the Turks' 5 and Ukraine's 5 bring them in, Prussia's 5 fails and Hanover's 6
    brings it in for the Allies, its block placed in Hanover."""
    before = year_start(pb, "12.1", 1710)
    assert pb.engine.view(before)["activation_rolls_due"] == {"0": ["turkey", "ukraine"], "1": ["denmark"]}
    before = pb.play(
        before,
        ("activation_roll", 0, {"nation": "turkey", "roll": 5}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 4}),
    )
    assert not before["active"]["turkey"] and not before["active"]["ukraine"]
    after = year_start(pb, "12.1", 1711)
    assert pb.engine.view(after)["activation_rolls_due"]["1"] == ["denmark", "hanover", "prussia"]
    after = pb.play(
        after,
        ("activation_roll", 0, {"nation": "turkey", "roll": 5}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 5}),
        ("activation_roll", 1, {"nation": "prussia", "roll": 5}),
        ("activation_roll", 1, {"nation": "hanover", "roll": 6}),
    )
    assert after["active"]["turkey"] and after["active"]["ukraine"] and not after["active"]["prussia"]
    assert (
        after["active"]["hanover"] and after["sides"]["hanover"] == 1 and pb.at(after, "Hanoverian Army") == "Hanover"
    )


def test_the_turks_leave_in_1716_and_may_return_from_1718(pb):
    """10.5: "Remove all Turks from spring turn 1716. From spring turn 1718, roll for activation as per (9.6)." """
    state = pb.setup("12.4")
    state = pb.place(state, "Turkish Army", "Besarabya")
    state = year_start(pb, "12.4", 1716, active={**state["active"], "turkey": True}, blocks=state["blocks"])
    assert state["active"]["turkey"] is False and pb.at(state, "Turkish Army") == "out"
    assert "turkey" not in pb.engine.view(state)["activation_rolls_due"].get("0", [])
    later = year_start(pb, "12.4", 1718)
    assert "turkey" in pb.engine.view(later)["activation_rolls_due"]["0"]


def test_a_turkish_truce_does_not_bring_the_turks_back_before_1718(pb):
    """10.5: "Remove all Turks from spring turn 1716. From spring turn 1718, roll for activation as per (9.6).
    Turkey counts as a prohibited territory (4.8) during this period." A truce of 1712 would let the Turks roll
    from 1716 (6.10); the removal comes first, and from 1718 they roll as 9.6 says: "From 1711 the Turks are
    activated on a 5 and 6"."""
    state = year_start(pb, "12.4", 1716, truces={"turkey": 1712})
    assert "turkey" not in state["truces"] and board.is_prohibited(state, "Besarabya")
    assert "turkey" not in pb.engine.view(state)["activation_rolls_due"].get("0", [])
    assert upkeep.activation_need(pb.edit(state, year=1717), "turkey") is None
    assert upkeep.activation_need(pb.edit(state, year=1718), "turkey") == 5


def test_turks_attacking_poland_bring_russia_back(pb):
    """10.2: "If Russia is out of the game due to a truce, it is automatically activated if Poland is attacked by
    Turkey." """
    state = pb.setup("12.4")
    state = pb.edit(state, active={**state["active"], "turkey": True, "russia": False}, truces={"russia": 1710})
    state = pb.place(state, "Turkish Army", "Besarabya")
    state = pb.edit(state, karl_waiting=False, rolls=[None, None])
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Besarabya", ("Turkish Army", ["Krakow"]))))
    assert state["active"]["russia"] and "russia" not in state["truces"]


def test_turks_attacking_poland_bring_back_a_saxony_out_by_its_event(pb):
    """10.3: "If Saxony is out of the game due to a truce, it is automatically activated if Poland is attacked by
    Turkey"; 14.2 Saxony 5 is a TRUCE "for one year from next coming spring" (6.9). Out by it in 1710, Saxony is
    back when the Turks march into Krakow, and its return in 1712 is spent: a truce after that one counts its 3
    years (6.10)."""
    state = pb.setup("12.4")
    state = pb.edit(
        state,
        active={**state["active"], "turkey": True, "saxony": False},
        truces={"saxony": 1710},
        returns={"saxony": 1712},
        karl_waiting=False,
        rolls=[None, None],
    )
    state = pb.place(state, "Turkish Army", "Besarabya")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Besarabya", ("Turkish Army", ["Krakow"]))))
    assert state["active"]["saxony"] and state["truces"] == {} and state["returns"] == {}


def test_turks_entering_a_poland_on_their_side_bring_no_one_back(pb):
    """10.3: "If Saxony is out of the game due to a truce, it is automatically activated if Poland is attacked by
    Turkey." In 12.3 Poland fights for Sweden and Saxony is out by a truce: Turks marching into Krakow, held by their
    Polish allies, attack no one, and Saxony stays out."""
    state = pb.setup("12.3")
    state = pb.place(pb.edit(state, active={**state["active"], "turkey": True}), "Turkish Army", "Besarabya")
    state = pb.play(pb.actions(state), ("group_move", 0, pb.move("Besarabya", ("Turkish Army", ["Krakow"]))))
    assert state["active"]["saxony"] is False and state["truces"]["saxony"] == 1706


def test_a_saxony_brought_back_by_the_turks_has_its_pool_and_its_rp(pb):
    """10.3: "If Saxony is out of the game due to a truce, it is automatically activated if Poland is attacked by
    Turkey"; 12: "With each nation entering the war, these blocks forms their own national Replacement Pools". In
    12.3 Saxony is out by a truce, its blocks set aside; Poland won over by the Allies (10.4), the Turks marching
    into Trakai bring Saxony back with August II, Flemming and Schulenburg in its pool, and at the next replacement
    phase it has its 8 RP (5.1: no Saxon garrison lost) to draw them with."""
    state = pb.setup("12.3")
    state = pb.edit(state, active={**state["active"], "turkey": True}, sides={**state["sides"], "poland": 1})
    state = pb.place(state, "Turkish Army", "Besarabya")
    state = pb.play(pb.actions(state), ("group_move", 0, pb.move("Besarabya", ("Turkish Army", ["Trakai"]))))
    assert state["active"]["saxony"] and "saxony" not in state["truces"]
    assert {pb.at(state, name) for name in ("August II", "Flemming", "Schulenburg")} == {"pool"}
    state = pb.play(pb.edit(state, season=3, phase="weather", rolls=[None, None]), ("weather_roll", 0, {"roll": 1}))
    assert state["year"] == 1708 and state["rp"]["saxony"] == 8


def test_bergenhus_deploys_in_norway(pb):
    """9.4: "Danish blocks may only be deployed in Denmark. Exception is the Bergenhus block that must deploy in
    Norway. If all Norwegian territories are occupied it may deploy in any Danish territory." """
    state = year_start(pb, "12.5", 1719)
    assert pb.refused(state, "draw_block", 1, {"block": "Fynske", "steps": 1, "territory": "Bergen"}, "9.4")
    assert pb.rules(state, "draw_block", 1, {"block": "Fynske", "steps": 1, "territory": "Fyn"}) == []
    state = pb.place(state, "Bergenhus", "pool", 0)
    assert pb.refused(state, "draw_block", 1, {"block": "Bergenhus", "steps": 3, "territory": "Jylland"}, "9.4")
    assert pb.rules(state, "draw_block", 1, {"block": "Bergenhus", "steps": 3, "territory": "Bergen"}) == []
    occupied = pb.edit(
        state, control={**state["control"], "Akershus": "sweden", "Trondheim": "sweden", "Bergen": "sweden"}
    )
    assert pb.rules(occupied, "draw_block", 1, {"block": "Bergenhus", "steps": 3, "territory": "Jylland"}) == []


def test_lubomirski_starts_in_mazowsze_or_krakow(pb):
    """9.5: "Polish blocks may deploy anywhere in Poland. Exception is the Lubomirski Army block that has to start in
    either Mazowsze or Krakow." """
    state = year_start(pb, "12.4", 1711)
    state = pb.play(
        state,
        ("activation_roll", 1, {"nation": "prussia", "roll": 1}),
        ("activation_roll", 1, {"nation": "hanover", "roll": 1}),
        ("activation_roll", 0, {"nation": "turkey", "roll": 1}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 1}),
    )
    state = pb.place(state, "Lubomirski", "pool", 0)
    assert pb.refused(state, "draw_block", 1, {"block": "Lubomirski", "steps": 1, "territory": "Plock"}, "9.5")
    assert pb.rules(state, "draw_block", 1, {"block": "Lubomirski", "steps": 1, "territory": "Krakow"}) == []


def test_we_are_red_we_are_white(pb):
    """11.4: "If the Danes occupy three of the following territories (Holstein, Bremen-Verden, Wismar or Skane) by the
    end of the game, this results in a further 4 RP loss to Sweden." """
    state = pb.setup("12.4")
    two = pb.edit(state, control={**state["control"], "Wismar": "denmark", "Bremen-Verden": "denmark"})
    three = pb.edit(two, control={**two["control"], "Skane": "denmark"})
    assert victory.victory_rp(two) - victory.victory_rp(three) == 8 + 4, "11.3 takes 8 for Skane, 11.4 4 more"
    assert victory.victory_rp(two) == victory.victory_rp(state)


def test_we_are_red_we_are_white_holstein_is_holstein_gottorp(pb):
    """11.4 (reading): Holstein is Holstein-Gottorp, occupied when Danish blocks stand there (it has no garrison,
    4.7); the Danes' own territories never count."""
    state = pb.setup("12.4")
    two = pb.edit(state, control={**state["control"], "Wismar": "denmark", "Bremen-Verden": "denmark"})
    assert victory.victory_rp(pb.place(two, "Rantzau", "Holstein")) == victory.victory_rp(state)
    assert victory.victory_rp(state) - victory.victory_rp(pb.place(two, "Rantzau", "Holstein-Gottorp")) == 4


def test_11_4_a_holstein_gottorp_garrison_the_danes_hold_is_occupied(pb):
    """11.4: "If the Danes occupy three of the following territories (Holstein, Bremen-Verden, Wismar or Skane) by the
    end of the game, this results in a further 4 RP loss to Sweden"; occupied is held, as for the other three. With the
    edition giving Holstein-Gottorp a garrison (map.territories; map.json assumes none), a garrison Denmark conquered
    is occupied (4.7 "occupied or conquered by any allied force") though no Danish block stands there: with
    Bremen-Verden and Wismar, Sweden loses 4 RP more."""
    state = pb.setup("12.4", map={"territories": {"Holstein-Gottorp": {"garrison": 1}}})
    two = pb.edit(state, control={**state["control"], "Wismar": "denmark", "Bremen-Verden": "denmark"})
    three = pb.edit(two, control={**two["control"], "Holstein-Gottorp": "denmark"})
    assert not board.blocks_at(three, "Holstein-Gottorp")
    assert victory.victory_rp(two) - victory.victory_rp(three) == 4


def test_a_capital_is_never_kept(pb):
    """6.9: "If the victor of the truce has conquered any garrisons, 1 may be kept. Loser's choice. Capitols are
    excluded." """
    state = pb.place(pb.setup("12.1"), "Karl XII", "Sachsen")
    state = pb.edit(state, phase="battle", player1=0, sieges={"Sachsen": 0})
    data = {
        "territory": "Sachsen",
        "rolls": [{"block": "Karl XII", "dice": [1, 1, 1, 1]}],
        "garrison_dice": [],
        "keep": "Sachsen",
    }
    assert pb.refused(state, "siege", 0, data, "6.9")


def test_a_warship_retreats_to_a_friendly_harbour(pb):
    """8.4: "A warship block retreating from combat are forced to go to a friendly harbour." """
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Kattegat"})
    )
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    seas = [pb.step("Southern Baltic Sea")]
    assert pb.refused(state, "combat_retreat", 0, {"block": "Wattrang", "path": seas}, "8.4")
    assert pb.refused(state, "combat_retreat", 0, {"block": "Wattrang", "path": [*seas, pb.step("Sjaelland")]}, "8.4")
    assert pb.rules(state, "combat_retreat", 0, {"block": "Wattrang", "path": [*seas, pb.step("Skane")]}) == []


def test_enemy_ships_prohibit_sea_movement(pb):
    """4.6 Sea movement: "Enemy ships prohibit sea movement." """
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.place(state, "Elfsborg", "Vastergotland")
    assert pb.refused(state, "group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Kattegat"])), "4.6")


def test_the_main_attack_came_from_a_border_used(pb):
    """6.22: "One border edge is declared the Main Attack." It must be a border the attackers crossed."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    assert pb.refused(state, "start_battle", 0, {"territory": "Ingermanland", "main_attack_from": "Nyen"}, "6.22")


def test_6_22_the_attacker_declares_the_main_attack_though_player_1_starts_the_battle(pb):
    """6.22: "One border edge is declared the Main Attack"; its example: "The Attacker declares the Estland group as
    being the Main Attack". Player 1 picks the battle (6.1); an attacker who is Player 2 still declares his main
    attack, which Player 1's `start_battle` logs: Elfsborg from Nyen, Vellinck from Estland a reserve. Undeclared,
    the main attack is his first group (Vellinck), Elfsborg the reserve."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.edit(state, player1=1)
    declared = pb.play(state, ("start_battle", 1, {"territory": "Ingermanland", "main_attack_from": "Nyen"}))
    assert declared["battle"]["reserves"] == ["Vellinck"]
    offered = [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "start_battle"]
    assert {"territory": "Ingermanland", "main_attack_from": "Nyen"} in offered
    undeclared = pb.play(state, ("start_battle", 1, {"territory": "Ingermanland"}))
    assert undeclared["battle"]["reserves"] == ["Elfsborg"]


def test_exclusion_only_from_1703_to_1714(pb):
    """14.2 Denmark 4: "Austrian loan of troops. From 1703-1714 Denmark must exclude 1 block"; earlier it is void."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    state = pb.play(state, ("national_event", 1, {"nation": "denmark", "roll": 4, "choice": "Juel"}))
    assert pb.at(state, "Juel") == "pool", "1718 is after 1714: nothing happens"


def test_exclusion_from_an_empty_pool_names_no_block(pb):
    """14.2 Denmark 4: "From 1703-1714 Denmark must exclude 1 block free of choice from the replacement pool."
    In 1710 (12.4) Denmark's pool is empty: a block named anyway is refused, and the event passes without one."""
    state = pb.play(pb.setup("12.4"), ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    assert pb.refused(state, "national_event", 1, {"nation": "denmark", "roll": 4, "choice": "Juel"}, "14.2")
    after = pb.play(state, ("national_event", 1, {"nation": "denmark", "roll": 4}))
    assert after["excluded"] == state["excluded"]


def test_a_result_rolled_again_in_a_later_year_applies_again(pb):
    """14.2: "A result on the National Event table can only be applied once within the same year. Disregard any roll
    that already applies" (README reading: within the year). Juel excluded by a Denmark 4 of 1704; another in 1705
    excludes Fynske too."""
    state = pb.actions(pb.setup("12.1"), allied_roll=2)
    state = pb.edit(state, active={**state["active"], "denmark": True}, year=1705, excluded=["Juel"])
    state = pb.place(pb.place(state, "Juel", "out", 0), "Fynske", "pool", 0)
    state = pb.play(state, ("end_actions", 0, {}))
    state = pb.play(state, ("national_event", 1, {"nation": "denmark", "roll": 4, "choice": "Fynske"}))
    assert state["excluded"] == ["Juel", "Fynske"] and pb.at(state, "Fynske") == "out"


def test_excluded_blocks_return_after_1714(pb):
    """14.2 Denmark 4 and Saxony 2: "From 1703-1714 ... must exclude 1 block"; from 1715 it is back in the pool."""
    state = pb.place(pb.setup("12.4"), "Juel", "out")
    state = year_start(pb, "12.4", 1714, excluded=["Juel"], blocks=state["blocks"])
    assert pb.at(state, "Juel") == "out"
    state = year_start(pb, "12.4", 1715, excluded=["Juel"], blocks=state["blocks"])
    assert pb.at(state, "Juel") == "pool" and state["excluded"] == []


def turkish_siege(pb, place):
    state = pb.setup("12.4")
    state = pb.edit(state, active={**state["active"], "turkey": True}, phase="battle", player1=0, sieges={place: 0})
    for name in board.blocks_at(state, place):
        state = pb.place(state, name, "Moskva")
    return pb.place(state, "Turkish Army", place)


def test_russia_loses_8_rp_for_its_first_territory_lost_to_the_turk(pb):
    """10.2: "Russia loses 8 RP's for the first Russian (or Ukraine if they are not activated) territory lost to the Turk
    due to a siege. Russia regains the lost RP's when they have besieged and re-conquered the territory." """
    state = turkish_siege(pb, "Poltava")
    before = upkeep.rp_track(state, "russia")
    data = {"territory": "Poltava", "rolls": [{"block": "Turkish Army", "dice": [1, 6, 6, 6]}], "garrison_dice": [6]}
    state = pb.play(state, ("siege", 0, data))
    assert upkeep.rp_track(state, "russia") == before - 4 - 8
    retaken = Table(state)
    conquer(retaken, "Poltava", "russia", None)
    assert upkeep.rp_track(retaken.state, "russia") == before


def test_only_the_first_territory_lost_to_the_turk_costs_russia_8_rp(pb):
    """10.2: "Russia loses 8 RP's for the first Russian (or Ukraine if they are not activated) territory lost to the
    Turk due to a siege": the Turks take Poltava (4 + 8), then Kremenchuk, which costs its 4 only (4.3; the B1
    Sipahis break its garrison 1 before it fires, 6.7)."""
    state = turkish_siege(pb, "Poltava")
    before = upkeep.rp_track(state, "russia")
    data = {"territory": "Poltava", "rolls": [{"block": "Turkish Army", "dice": [1, 6, 6, 6]}], "garrison_dice": [6]}
    state = pb.play(state, ("siege", 0, data))
    for name in board.blocks_at(state, "Kremenchuk"):
        state = pb.place(state, name, "Moskva")
    state = pb.edit(pb.place(state, "Sipahis", "Kremenchuk"), phase="battle", sieges={"Kremenchuk": 0})
    dice = [1] + [6] * (pb.steps(state, "Sipahis") - 1)
    data = {"territory": "Kremenchuk", "rolls": [{"block": "Sipahis", "dice": dice}], "garrison_dice": []}
    state = pb.play(state, ("siege", 0, data))
    assert state["control"]["Kremenchuk"] == "turkey"
    assert upkeep.rp_track(state, "russia") == before - 4 - 8 - 4


def test_ukraines_entry_gives_russia_back_no_rp_for_a_garrison_the_turks_took(pb):
    """5.1: "The only way of losing or winning RP's are by events or when conquering enemy garrisons"; 4.3: the loss
    stands until "the territory is re-conquered"; 10.2: Russia loses 8 RP "for the first Russian (or Ukraine if they
    are not activated) territory lost to the Turk". In 12.4 the Turks take Poltava, Russia's while Ukraine is out
    (4.8): Russia has 16 - 4 - 8 = 4 RP. Ukraine entering in 1711 re-conquers nothing: Russia keeps its 4, and
    Ukraine, whose ally holds Poltava, loses nothing of its printed RP."""
    state = turkish_siege(pb, "Poltava")
    data = {"territory": "Poltava", "rolls": [{"block": "Turkish Army", "dice": [1, 6, 6, 6]}], "garrison_dice": [6]}
    state = pb.play(state, ("siege", 0, data))
    assert upkeep.rp_track(state, "russia") == 16 - 4 - 8
    state = pb.play(pb.edit(state, season=3, phase="weather"), ("weather_roll", 0, {"roll": 1}))
    state = pb.play(state, ("activation_roll", 0, {"nation": "ukraine", "roll": 5}))
    assert state["active"]["ukraine"] and state["control"]["Poltava"] == "turkey"
    assert upkeep.rp_track(state, "russia") == 16 - 4 - 8 and state["rp"]["russia"] == 4
    assert upkeep.rp_track(state, "ukraine") == state["tables"]["nations"]["ukraine"]["rp"]


def test_russia_retaking_its_first_loss_to_the_turk_keeps_its_8_rp_when_ukraine_enters(pb):
    """10.2: "Russia regains the lost RP's when they have besieged and re-conquered the territory"; 5.1: "The only way
    of losing or winning RP's are by events or when conquering enemy garrisons". The Turks take Poltava (16 - 4 - 8 =
    4 RP), the Cossacks besiege it back (16); Ukraine entering in 1711 takes Poltava over (4.8: Ukraine belonged to
    Russia until activated), which no one conquered: Russia keeps its 16."""
    state = turkish_siege(pb, "Poltava")
    data = {"territory": "Poltava", "rolls": [{"block": "Turkish Army", "dice": [1, 6, 6, 6]}], "garrison_dice": [6]}
    state = pb.play(state, ("siege", 0, data))
    state = pb.place(pb.place(state, "Turkish Army", "Besarabya"), "Cossacks", "Poltava")
    state = pb.edit(state, phase="battle", player1=1, sieges={"Poltava": 1})
    data = {"territory": "Poltava", "rolls": [{"block": "Cossacks", "dice": [1, 6, 6]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 1, data))
    assert state["control"]["Poltava"] == "russia" and upkeep.rp_track(state, "russia") == 16
    state = pb.play(pb.edit(state, season=3, phase="weather"), ("weather_roll", 0, {"roll": 1}))
    state = pb.play(state, ("activation_roll", 0, {"nation": "ukraine", "roll": 5}))
    assert state["control"]["Poltava"] == "ukraine" and upkeep.rp_track(state, "russia") == 16


def test_the_turks_make_truce_when_all_their_territories_are_occupied(pb):
    """10.5: "If all blocks are lost due to combat or all Turkish territories are occupied, the Turks are forced to a
    TRUCE (see 6.9)." """
    state = pb.setup("12.4")
    state = pb.edit(
        state, active={**state["active"], "turkey": True}, phase="battle", player1=1, sieges={"Besarabya": 1}
    )
    state = pb.place(pb.place(state, "Karl XII", "Svealand"), "Turkish Army", "Krakow")
    state = pb.place(state, "Mensjikov", "Besarabya")
    data = {"territory": "Besarabya", "rolls": [{"block": "Mensjikov", "dice": [1, 2, 6, 6]}], "garrison_dice": [6, 6]}
    state = pb.play(state, ("siege", 1, data))
    assert state["active"]["turkey"] is False and pb.at(state, "Turkish Army") == "pool"


def test_the_turkish_truce_hands_back_their_territory_unless_the_victor_keeps_it(pb):
    """10.5: "... all Turkish territories are occupied, the Turks are forced to a TRUCE (see 6.9)"; 6.9: "Any
    conquered garrisons are returned to its previous owners. If the victor of the truce has conquered any garrisons, 1
    may be kept." Mensjikov takes Besarabya, the Turks' one territory: without a keep it goes back to Turkey with the
    truce, and Kremenchuk, which the Turks took (14.2 Russia 2), to Russia; the Allies may keep Besarabya, and that
    siege is among the legal moves."""
    state = pb.setup("12.4")
    state = pb.edit(
        state,
        active={**state["active"], "turkey": True},
        phase="battle",
        player1=1,
        sieges={"Besarabya": 1},
        control={**state["control"], "Kremenchuk": "turkey"},
    )
    state = pb.place(pb.place(state, "Karl XII", "Svealand"), "Turkish Army", "Krakow")
    state = pb.place(state, "Mensjikov", "Besarabya")
    data = {"territory": "Besarabya", "rolls": [{"block": "Mensjikov", "dice": [1, 2, 6, 6]}], "garrison_dice": [6, 6]}
    handed_back = pb.play(state, ("siege", 1, data))
    assert handed_back["active"]["turkey"] is False
    assert (handed_back["control"]["Besarabya"], handed_back["control"]["Kremenchuk"]) == ("turkey", "russia")
    kept = {**data, "keep": "Besarabya"}
    assert kept in [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "siege"]
    kept = pb.play(state, ("siege", 1, kept))
    assert kept["active"]["turkey"] is False
    assert (kept["control"]["Besarabya"], kept["control"]["Kremenchuk"]) == ("russia", "russia")


def test_force_marched_blocks_support_only_from_round_2(pb):
    """4.5: "No force-marching blocks are available on Combat Round 1 when supporting a block." """
    state = pb.actions(pb.setup("12.1"))
    state = pb.place(state, "Elfsborg", "Estland")
    data = pb.move("Estland", ("Vellinck", ["Ingermanland"]), ("Elfsborg", ["Nyen", "Karelen", "Ingermanland"]))
    state = pb.play(state, ("group_move", 0, data), ("force_march", 0, {"block": "Elfsborg", "roll": 6}))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    assert state["battle"]["reserves"] == ["Elfsborg"]


def test_a_hanoverian_block_aboard_leaves_the_ship_when_hanover_leaves_the_war_in_1711(pb):
    """9.9: "From spring turn 1711 Hanover is out of the game ... They join the allies on a roll of 6", and "instantly
    place the Hanoverian block in Hanover". The Hanoverian block, aboard Wattrang in the North Sea when 1710 ends,
    leaves the map (Wattrang sails on empty) and, placed in Hanover on the Allied roll of 6, stands in the territory:
    Swedish blocks there fight it."""
    state = pb.setup("12.1")
    state = pb.edit(state, active={**state["active"], "hanover": True}, sides={**state["sides"], "hanover": 0})
    state = pb.place(state, "Wattrang", "North Sea")
    state = pb.place(state, "Hanoverian Army", "North Sea", aboard=True)
    state = year_start(pb, "12.1", 1711, active=state["active"], sides=state["sides"], blocks=state["blocks"])
    assert pb.at(state, "Hanoverian Army") == "out" and pb.at(state, "Wattrang") == "North Sea"
    for seat in (0, 1):
        for nation in upkeep.rolls_owed(state, seat):
            state = pb.play(
                state, ("activation_roll", seat, {"nation": nation, "roll": 6 if nation == "hanover" else 1})
            )
    assert state["active"]["hanover"] and pb.at(state, "Hanoverian Army") == "Hanover"
    assert "Hanover" in board.battle_territories(pb.place(state, "Ostgota", "Hanover"))
