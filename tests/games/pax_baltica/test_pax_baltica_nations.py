"""Entries and national special rules (9.x, 10.x, 11.2) and more national events (14.2)."""

import pytest

from games.pax_baltica import ENGINE, board, upkeep


def allied_actions(pb, scenario="12.1"):
    """The first turn: the Allied player acts (12.1: after Sweden passes; 12.4: as Player 1)."""
    state = pb.setup(scenario)
    if state["swedish_first_actions"]:
        return pb.play(state, ("action_roll", 1, {"roll": 5}), ("end_actions", 0, {}))
    return pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))


def test_danes_in_holstein_gottorp_bring_hanover_in(pb):
    """9.9: "Hanover automatically becomes an Ally of Sweden IF Denmark enters Holstein-Gottorp during 1700-1710 ...
    instantly place the Hanoverian block in Hanover." """
    state = allied_actions(pb)
    state = pb.edit(state, active={**state["active"], "denmark": True})
    state = pb.place(state, "Rantzau", "Holstein")
    state = pb.play(state, ("group_move", 1, pb.move("Holstein", ("Rantzau", ["Holstein-Gottorp"]))))
    assert state["active"]["hanover"] and state["sides"]["hanover"] == 0
    assert pb.at(state, "Hanoverian Army") == "Hanover"


def test_swedes_entering_poland_bring_poland_to_the_allies(pb):
    """9.5: "The Polish blocks automatically join the allies as soon as the Sweden or Turkey enters Poland." """
    state = pb.actions(pb.setup("12.1"))
    assert state["active"]["poland"] is False
    state = pb.play(state, ("group_move", 0, pb.move("Pommern", ("Ostgota", ["Pomorskie"]))))
    assert state["active"]["poland"] and state["sides"]["poland"] == 1
    assert state["sieges"] == {"Pomorskie": 0}, "Pomorskie is now an enemy territory: a free siege"
    assert pb.engine.view(state)["pools"][1]["poland"] == ["Lubomirski", "Sobieski", "Oginski"], (
        "12: a nation entering the war forms its own replacement pool"
    )


def test_danes_in_holstein_gottorp_from_1711_bring_no_hanover_in(pb):
    """9.9: "Hanover automatically becomes an Ally of Sweden IF Denmark enters Holstein-Gottorp during 1700-1710": in
    1711 Rantzau's entry brings no one in."""
    state = allied_actions(pb)
    state = pb.edit(state, year=1711, active={**state["active"], "denmark": True})
    state = pb.place(state, "Rantzau", "Holstein")
    state = pb.play(state, ("group_move", 1, pb.move("Holstein", ("Rantzau", ["Holstein-Gottorp"]))))
    assert not state["active"]["hanover"] and pb.at(state, "Hanoverian Army") == "out"


def test_swedes_entering_a_poland_out_by_a_truce_do_not_bring_it_back(pb):
    """9.5: "The Polish blocks automatically join the allies as soon as the Sweden or Turkey enters Poland" is Poland's
    entry; a Poland out by a truce comes back by 6.10 alone: "A truce is valid for 3 years before you may start rolling
    for activation". Poland out by a truce of 1700: Ostgota marches into Pomorskie, and Poland stays out."""
    state = pb.actions(pb.edit(pb.setup("12.1"), truces={"poland": 1700}))
    state = pb.play(state, ("group_move", 0, pb.move("Pommern", ("Ostgota", ["Pomorskie"]))))
    assert state["active"]["poland"] is False and state["truces"] == {"poland": 1700}


def test_swedes_passing_through_poland_bring_poland_to_the_allies(pb):
    """9.5: "The Polish blocks automatically join the allies as soon as the Sweden or Turkey enters Poland": a
    Swedish regiment marching from Pommern through Pomorskie into Mecklenburg has entered Poland."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Pommern", ("Ostgota", ["Pomorskie", "Mecklenburg"]))))
    assert pb.at(state, "Ostgota") == "Mecklenburg"
    assert state["active"]["poland"] and state["sides"]["poland"] == 1


def test_danes_passing_through_holstein_gottorp_bring_hanover_in(pb):
    """9.9: "Hanover automatically becomes an Ally of Sweden IF Denmark enters Holstein-Gottorp during 1700-1710":
    Rantzau marching from Holstein through Holstein-Gottorp into Bremen-Verden has entered it."""
    state = allied_actions(pb)
    state = pb.edit(state, active={**state["active"], "denmark": True})
    state = pb.place(state, "Rantzau", "Holstein")
    state = pb.play(state, ("group_move", 1, pb.move("Holstein", ("Rantzau", ["Holstein-Gottorp", "Bremen-Verden"]))))
    assert state["active"]["hanover"] and state["sides"]["hanover"] == 0
    assert pb.at(state, "Hanoverian Army") == "Hanover"


def test_swedes_retreating_into_poland_bring_poland_to_the_allies(pb):
    """9.5: "... as soon as the Sweden or Turkey enters Poland"; 6.5: blocks retreat "into/through Friendly or Neutral
    territories", and Poland not at war is neutral: Vellinck, defending Estland against Repnin, retreats into
    Kurlandia, and Poland joins the Allies."""
    state = pb.play(pb.setup("12.1"), ("action_roll", 1, {"roll": 5}), ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Novgorod", ("Repnin", ["Estland"]))), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Estland"}))
    assert state["active"]["poland"] is False
    state = pb.play(state, ("combat_retreat", 0, {"block": "Vellinck", "path": [pb.step("Kurlandia")]}))
    assert state["active"]["poland"] and state["sides"]["poland"] == 1


def test_prussians_attack_only_in_pommern(pb):
    """10.6: "The Prussian block may move through any German and Polish territories. The only territory where the
    Prussian block may perform any attack, siege or combat is Pommern." """
    state = allied_actions(pb)
    state = pb.edit(state, active={**state["active"], "prussia": True})
    state = pb.place(state, "Prussian Army", "Pomorskie")
    assert pb.refused(state, "group_move", 1, pb.move("Pomorskie", ("Prussian Army", ["Estland"])), "10.6")
    assert pb.rules(state, "group_move", 1, pb.move("Pomorskie", ("Prussian Army", ["Pommern"]))) == []
    assert pb.refused(state, "group_move", 1, pb.move("Pomorskie", ("Prussian Army", ["Smolensk"])), "10.6")


def test_prussians_besiege_only_in_pommern(pb):
    """10.6: "The only territory where the Prussian block may perform any attack, siege or combat is Pommern": it may
    march into Wismar (a German territory), but not besiege its garrison: its march there makes no free siege (3.43),
    nor may it declare one."""
    state = allied_actions(pb)
    state = pb.place(pb.edit(state, active={**state["active"], "prussia": True}), "Prussian Army", "Mecklenburg")
    state = pb.play(state, ("group_move", 1, pb.move("Mecklenburg", ("Prussian Army", ["Wismar"]))))
    assert state["sieges"] == {}
    assert pb.refused(state, "declare_siege", 1, {"territory": "Wismar"}, "3.43.b")
    state = pb.play(state, ("end_actions", 1, {}))
    rolls = [{"block": "Prussian Army", "dice": [1, 2, 5, 6]}]
    assert pb.rules(state, "siege", 1, {"territory": "Wismar", "rolls": rolls, "garrison_dice": []}) != []


def test_10_6_the_prussian_block_carried_by_sea_lands_only_in_german_and_polish_territories(pb):
    """10.6: "The Prussian block may move through any German and Polish territories"; 4.6: "Sea movement is loading
    or unloading of ground blocks into warships and works as regular movement"; 8.3: warships in harbour are anchored
    inside the territory. The Prussian Army aboard Tordenskiold in the Kattegat may not land in Sjaelland (Danish, not
    German), neither on its own nor carried by Tordenskiold entering Sjaelland's harbour; Tordenskiold with no one
    aboard may enter it."""
    state = allied_actions(pb)
    state = pb.edit(state, active={**state["active"], "prussia": True, "denmark": True})
    state = pb.place(state, "Tordenskiold", "Kattegat")
    anchor = pb.move("Kattegat", ("Tordenskiold", ["Sjaelland"]))
    assert pb.rules(state, "group_move", 1, anchor) == []
    state = pb.place(state, "Prussian Army", "Kattegat", aboard=True)
    assert pb.refused(state, "group_move", 1, pb.move("Kattegat", ("Prussian Army", ["Sjaelland"])), "10.6")
    assert pb.refused(state, "group_move", 1, anchor, "10.6")


def test_nyen_becomes_st_petersburg_after_eight_russian_turns(pb):
    """11.2: "Nyen have to stay Russian for 8 consecutive turns to transform in to St Petersburg ... Even if lost due to
    a siege, Nyen/St.Petersburg stay a Harbour 4." """
    state = pb.setup("12.1")
    state = pb.edit(
        state, control={**state["control"], "Nyen": "russia"}, nyen_track=7, phase="supply", player1=0, done=[]
    )
    assert board.garrison_value(state, "Nyen") == 1
    state = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert state["st_petersburg"] and board.garrison_value(state, "Nyen") == 4
    assert board.port_of(state, "Nyen") == "harbour" and pb.at(state, "Russian Galley I") == "pool"


def test_the_nyen_track_counts_the_turn_of_the_conquest(pb):
    """11.2: "If Nyen is conquered by the Russians, a marker is placed on the Nyen track": the turn Russia takes Nyen
    is the first of the 8 (README reading); Sweden holding Nyen moves no marker ("Sweden may never use the Nyen
    track")."""
    state = pb.edit(pb.setup("12.1"), phase="supply", player1=0, done=[])
    held = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert held["nyen_track"] == 0
    taken = pb.edit(state, control={**state["control"], "Nyen": "russia"}, lost={"Nyen": "sweden"})
    taken = pb.play(taken, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert taken["nyen_track"] == 1 and not taken["st_petersburg"]


def test_the_nyen_track_restarts_when_nyen_is_lost(pb):
    """11.2: "otherwise they have to re-start the process of construction all over again." """
    state = pb.edit(pb.setup("12.1"), nyen_track=5, phase="supply", player1=0, done=[])
    state = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert state["nyen_track"] == 0 and not state["st_petersburg"]


def _sweden_besieges_warszawa_holding_krakow(pb):
    """12.4, Krakow Swedish from before: Rehnskiold's siege takes Mazowsze (Warszawa)."""
    state = pb.setup("12.4")
    state = pb.place(pb.place(state, "Lubomirski", "Plock"), "Rehnskiold", "Mazowsze")
    state = pb.edit(
        state, control={**state["control"], "Krakow": "sweden"}, phase="battle", player1=0, sieges={"Mazowsze": 0}
    )
    data = {"territory": "Mazowsze", "rolls": [{"block": "Rehnskiold", "dice": [1, 2, 1, 6]}], "garrison_dice": []}
    return pb.play(state, ("siege", 0, data))


def test_poland_joins_whoever_holds_warszawa_and_krakow(pb):
    """10.4: "Poland automatically allies itself with any nation that has besieged both Warszawa and Krakow." """
    assert _sweden_besieges_warszawa_holding_krakow(pb)["sides"]["poland"] == 0


def test_poland_won_over_keeps_the_loss_of_the_garrison_its_new_ally_took(pb):
    """10.4 with 4.3 and 5.1 (README reading): Poland, allied to whoever has besieged Warszawa and Krakow, still loses
    the 4 RP of Mazowsze, conquered by Sweden, its new ally; a change of side is no re-conquest: Poland's 4 printed
    RP fall to 0."""
    state = _sweden_besieges_warszawa_holding_krakow(pb)
    assert state["sides"]["poland"] == 0 and state["lost"] == {"Mazowsze": "poland"}
    assert upkeep.rp_track(state, "poland") == 4 - 4


def test_bad_harvest_halves_next_years_rp(pb):
    """14.2 Sweden 1: "Bad harvest. Replacement Points are halved during the next year. Shift marker instantly." """
    state = pb.play(pb.actions(pb.setup("12.1")), ("national_event", 0, {"nation": "sweden", "roll": 1}))
    state = pb.edit(state, rp_year=state["rp_next"])
    assert upkeep.rp_this_year(state, "sweden") == 20


@pytest.mark.parametrize(
    ("nation", "roll", "change"),
    [
        ("sweden", 2, -8),
        ("sweden", 6, 8),
        ("denmark", 1, "halved"),
        ("denmark", 2, -4),
        ("denmark", 3, -4),
        ("denmark", 5, 4),
        ("denmark", 6, 8),
        ("russia", 1, "halved"),
        ("russia", 6, 8),
        ("saxony", 1, "halved"),
        ("saxony", 6, 4),
    ],
)
def test_national_results_shift_next_years_rp(pb, nation, roll, change):
    """14.2: each result that shifts RP "during the next year": Sweden 2 "a 8 RP loss", 6 "Increase RP's with 8";
    Denmark 1 halved, 2 and 3 "4 lost RP's", 5 "Increase RP's with 4", 6 with 8; Russia 1 halved, 6 with 8; Saxony
    1 halved, 6 with 4."""
    state = pb.actions(pb.setup("12.1"), allied_roll=2)
    seat = 0 if nation == "sweden" else 1
    if seat == 1:
        state = pb.play(pb.edit(state, active={**state["active"], "denmark": True}), ("end_actions", 0, {}))
    state = pb.play(state, ("national_event", seat, {"nation": nation, "roll": roll}))
    state = pb.edit(state, rp_year=state["rp_next"])
    printed = state["tables"]["nations"][nation]["rp"]
    assert upkeep.rp_this_year(state, nation) == (printed // 2 if change == "halved" else printed + change)


def test_the_cossacks_leave_for_their_kin(pb):
    """14.2 Russia 3: "The Cossacks joins their kin in Ukraine or Turkey. Exclude the Cossack block from play. If
    Ukraine and Turkey is out of the game it returns to the replacement pool." """
    state = pb.play(allied_actions(pb, "12.4"), ("national_event", 1, {"nation": "russia", "roll": 3}))
    assert pb.at(state, "Cossacks") == "pool"


def test_the_cossacks_return_once_ukraine_and_turkey_are_out(pb):
    """14.2 Russia 3: "The Cossacks joins their kin in Ukraine or Turkey. Exclude the Cossack block from play. If
    Ukraine and Turkey is out of the game it returns to the replacement pool." With the Turks at war the block is
    excluded; when Russia's diplomacy (14.2 Russia 4) puts Turkey out, neither kin is in the game and it returns."""
    state = allied_actions(pb, "12.4")
    state = pb.edit(state, active={**state["active"], "turkey": True})
    state = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 3}))
    assert pb.at(state, "Cossacks") == "out"
    state = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 4, "choice": "turkey"}))
    assert state["active"]["turkey"] is False
    assert pb.at(state, "Cossacks") == "pool"


def test_russian_nature_strikes_back(pb):
    """14.2 Russia 5: "All hostile blocks in Russia suffer a 2 step loss." (never eliminated by an event, 6.8)"""
    state = pb.place(pb.place(allied_actions(pb), "Vellinck", "Novgorod"), "Elfsborg", "Velikaya", 2)
    state = pb.place(state, "Kronoberg", "Poltava")
    state = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 5}))
    assert (pb.steps(state, "Vellinck"), pb.steps(state, "Elfsborg"), pb.steps(state, "Repnin")) == (2, 1, 4)
    assert pb.steps(state, "Kronoberg") == 3, "Ukraine is not Russia here, even before it enters (README)"


def test_polish_parliament_changes_side_on_a_6(pb):
    """14.2 Saxony 3: "The Polish Parliament assembles. Roll 1D6. On a 6 they change side." """
    state = allied_actions(pb, "12.4")
    assert pb.refused(state, "national_event", 1, {"nation": "saxony", "roll": 3}, "14.2")
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 3, "roll2": 6}))
    assert state["sides"]["poland"] == 0 and board.owner(state, "Lubomirski") == 0


def test_14_2_a_polish_block_aboard_its_former_allys_warships_is_lost_when_poland_changes_side(pb):
    """14.2 Saxony 3: "On a 6 they change side and all polish blocks joins their new allies"; 4.6: a warship carries
    its own side's blocks ("Each warship can carry one army or two regimental blocks"), and blocks aboard with no
    ship of their side left at sea are eliminated (8.2, README: as an ally's blocks aboard a warship gone to a truce's
    pool). In 12.4 Oginski (Poland, for the Allies) is aboard the Danish warships in the Kattegat when the Parliament
    turns Poland to Sweden: no Swedish warship is there to carry him, so he is lost to the Polish pool, and is no
    Swedish block riding the Danish fleet (left "aboard" in the Kattegat with no ship once the fleet sails on)."""
    state = pb.place(allied_actions(pb, "12.4"), "Oginski", "Kattegat", aboard=True)
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 3, "roll2": 6}))
    assert state["sides"]["poland"] == 0
    assert pb.at(state, "Oginski") == "pool" and state["blocks"]["Oginski"]["aboard"] is False


def test_the_polish_parliament_brings_a_poland_not_yet_at_war_to_sweden(pb):
    """14.2 Saxony 3: "On a 6 they change side and all polish blocks joins their new allies": Poland, the Allies'
    non-activated ally (9.5), enters the war for Sweden with its pool (12), its garrisons Swedish-held."""
    state = pb.play(allied_actions(pb), ("national_event", 1, {"nation": "saxony", "roll": 3, "roll2": 6}))
    assert state["active"]["poland"] and state["sides"]["poland"] == 0
    assert pb.engine.view(state)["pools"][0]["poland"] == ["Lubomirski", "Sobieski", "Oginski"]
    assert board.controller_side(state, "Krakow") == 0


def test_14_2_the_polish_parliament_takes_a_poland_out_by_a_truce_to_its_victor(pb):
    """14.2 Saxony 3: "On a 6 they change side and all polish blocks joins their new allies"; 6.9: a truce "just ends
    all hostilities between the nations involved". In 12.4 a Poland forced out by a truce of 1709 (its blocks in the
    pool) changes side: it joins Sweden, the truce's victor, at once, at war with its pool, the truce over (README)."""
    state = pb.place(pb.setup("12.4"), "Lubomirski", "pool")
    state = pb.edit(state, active={**state["active"], "poland": False}, truces={"poland": 1709})
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 3, "roll2": 6}))
    assert state["active"]["poland"] and state["sides"]["poland"] == 0 and "poland" not in state["truces"]
    assert pb.engine.view(state)["pools"][0]["poland"] == ["Lubomirski", "Sobieski", "Oginski"]


def test_the_emperor_demands_a_saxon_block(pb):
    """14.2 Saxony 2: "From 1703-1714 Saxony must exclude 1 block free of choice from the replacement pool." """
    state = pb.edit(allied_actions(pb), year=1703)
    assert pb.refused(state, "national_event", 1, {"nation": "saxony", "roll": 2, "choice": "Flemming"}, "14.2")
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 2, "choice": "Schulenburg"}))
    assert pb.at(state, "Schulenburg") == "out" and "Schulenburg" not in pb.engine.view(state)["pools"][1].get(
        "saxony", []
    )


def test_aurora_koenigsmarck_truce(pb):
    """14.2 Saxony 5: "All Saxon blocks is out of the war and placed in the replacement pool." """
    state = pb.play(allied_actions(pb), ("national_event", 1, {"nation": "saxony", "roll": 5}))
    assert state["active"]["saxony"] is False and pb.at(state, "Flemming") == "pool"
    assert state["returns"] == {"saxony": 1702}


def test_retreat_border_limit_applies_each_round(pb):
    """6.5: "Border restrictions for Retreats apply to each Combat Round. If 3 blocks is forced to retreat over a red
    border, one of them is eliminated." """
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", [pb.step("Ingermanland", "red")]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    red = [pb.step("Novgorod", "red")]
    state = pb.play(
        state,
        ("combat_retreat", 1, {"block": "Pjotr I", "path": red}),
        ("combat_retreat", 1, {"block": "Schnwentz", "path": red}),
    )
    assert pb.refused(state, "combat_retreat", 1, {"block": "Kazanski", "path": red}, "4.2")


def test_nations_not_yet_at_war_are_prohibited(pb):
    """4.8 Prohibited territories: "Inactivated territories, such as Hanover and Prussia, prohibit movement until they
    are activated"; Denmark before its entry (9.4) too, but not Poland (9.5) nor Ukraine (Russian until activated)."""
    state = pb.actions(pb.setup("12.1"))
    assert pb.refused(state, "group_move", 0, pb.move("Skane", ("Karl XII", ["Sjaelland"])), "4.8")
    assert pb.rules(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Kurlandia"]))) == []
    assert pb.rules(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Poltava"]))) == []


def test_ukraine_belongs_to_russia_until_it_enters(pb):
    """4.8: "Ukraine is an exception since it belongs to Russia until activated"; 9.8: Ukraine joins Sweden."""
    state = pb.setup("12.1")
    assert board.controller_side(state, "Sivershchyna") == 1
    state = pb.edit(state, season=3, year=1700, phase="weather")
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}), ("activation_roll", 0, {"nation": "ukraine", "roll": 5}))
    assert board.controller_side(state, "Sivershchyna") == 0 and pb.at(state, "Mazepa") == "pool"


def killed_at_poltava(pb, state, block: str):
    """``block`` (Sweden's side) is killed at Poltava by Repnin's attack in round 1."""
    state = pb.place(pb.place(state, block, "Poltava", 1), "Repnin", "Poltava")
    state = pb.edit(state, phase="battle", player1=1, attacks={"Poltava": 1})
    state = pb.play(
        state, ("start_battle", 1, {"territory": "Poltava"}), ("combat_fire", 0, {"block": block, "dice": [6]})
    )
    return pb.play(state, ("combat_fire", 1, {"block": "Repnin", "dice": [1, 6, 6, 6]}))


def test_ukraine_rejoins_russia_when_mazepa_dies(pb):
    """10.7: "Ukraine rejoins Russia as soon as the Mazepa block is killed." """
    state = pb.setup("12.1")
    state = pb.edit(
        state, active={**state["active"], "ukraine": True}, control={**state["control"], "Poltava": "ukraine"}
    )
    state = killed_at_poltava(pb, state, "Mazepa")
    assert state["active"]["ukraine"] is False and state["control"]["Poltava"] == "russia"


def test_ukraine_rejoining_russia_adjusts_russian_rp(pb):
    """10.7: "Ukraine rejoins Russia as soon as the Mazepa block is killed. Adjust Russian RP's thereafter"; 4.3: a
    garrison costs its owner 4 RP while the enemy holds it. Ukraine at war for Sweden, Repnin takes Poltava from it
    (Ukraine's loss, not Russia's); Mazepa dies there and Ukraine's garrisons are Russia's again: Poltava, held by
    Russia itself, costs Russia nothing (16 RP), while Mala Rus, held by Sweden, costs it 4 (12 RP)."""
    state = pb.setup("12.1")
    ukrainian = {p: "ukraine" for p in ("Ukraiyina", "Mala Rus", "Sivershchyna", "Poltava", "Kremenchuk")}
    state = pb.edit(state, active={**state["active"], "ukraine": True}, control={**state["control"], **ukrainian})
    state = pb.edit(pb.place(state, "Repnin", "Poltava"), phase="battle", player1=1, sieges={"Poltava": 1})
    data = {"territory": "Poltava", "rolls": [{"block": "Repnin", "dice": [1, 6, 6, 6]}], "garrison_dice": [6]}
    state = pb.play(state, ("siege", 1, data))
    assert state["control"]["Poltava"] == "russia" and upkeep.rp_track(state, "russia") == 16
    state = pb.place(pb.edit(state, sieges={}), "Repnin", "Novgorod")
    rejoined = killed_at_poltava(pb, state, "Mazepa")
    assert rejoined["active"]["ukraine"] is False and upkeep.rp_track(rejoined, "russia") == 16
    state = pb.edit(state, control={**state["control"], "Mala Rus": "sweden"})
    rejoined = killed_at_poltava(pb, state, "Mazepa")
    assert upkeep.rp_track(rejoined, "russia") == 16 - 4


def test_10_7_a_russian_garrison_mazepa_conquered_is_russias_again_when_ukraine_rejoins_russia(pb):
    """10.7: "Ukraine rejoins Russia as soon as the Mazepa block is killed. Adjust Russian RP's thereafter"; 5.1: "If
    an enemy have besieged and conquered a territory's garrison, the original territorial owner loses 4 RP. If or
    when the territory is re-conquered the RP table is adjusted accordingly." Ukraine at war for Sweden, Mazepa
    takes Smolensk (garrison 2) from Russia: 16 - 4 = 12 RP. Mazepa dies at Poltava and Ukraine rejoins Russia, with
    what it holds: Smolensk is Russia's again, no longer lost (16 RP), not left to a Ukraine out of the war, a
    garrison no one may besiege, costing Russia its 4 RP for good."""
    state = pb.setup("12.1")
    ukrainian = {p: "ukraine" for p in ("Ukraiyina", "Mala Rus", "Sivershchyna", "Poltava", "Kremenchuk")}
    state = pb.edit(state, active={**state["active"], "ukraine": True}, control={**state["control"], **ukrainian})
    state = pb.edit(pb.place(state, "Mazepa", "Smolensk"), phase="battle", player1=0, sieges={"Smolensk": 0})
    data = {"territory": "Smolensk", "rolls": [{"block": "Mazepa", "dice": [1, 1, 6, 6]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 0, data))
    assert state["control"]["Smolensk"] == "ukraine" and upkeep.rp_track(state, "russia") == 16 - 4
    rejoined = killed_at_poltava(pb, pb.edit(state, sieges={}), "Mazepa")
    assert rejoined["active"]["ukraine"] is False and rejoined["control"]["Smolensk"] == "russia"
    assert upkeep.rp_track(rejoined, "russia") == 16


def test_ukraine_back_from_a_truce_takes_its_garrison_back_from_russia_at_no_loss(pb):
    """4.3: a conquered garrison costs its owner 4 RP "If or when the territory is re-conquered the RP table is
    adjusted accordingly"; 4.8, 6.10. With an edition's 4 RP for Ukraine: Repnin takes Poltava from Ukraine (4 - 4 =
    0), Russia's diplomacy (14.2 Russia 4) puts Ukraine out by a truce of 1700 while Poltava stays Russian, and
    Ukraine, back on a 6 in 1704, holds Poltava again: its 4 RP whole."""
    state = pb.setup("12.1", nations={"ukraine": {"rp": 4}})
    ukrainian = {p: "ukraine" for p in ("Ukraiyina", "Mala Rus", "Sivershchyna", "Poltava", "Kremenchuk")}
    state = pb.edit(state, active={**state["active"], "ukraine": True}, control={**state["control"], **ukrainian})
    state = pb.edit(pb.place(state, "Repnin", "Poltava"), phase="battle", player1=1, sieges={"Poltava": 1})
    data = {"territory": "Poltava", "rolls": [{"block": "Repnin", "dice": [1, 6, 6, 6]}], "garrison_dice": [6]}
    state = pb.play(state, ("siege", 1, data))
    assert upkeep.rp_track(state, "ukraine") == 0
    state = pb.play(state, ("supply_check", 1, {"losses": []}), ("supply_check", 0, {"losses": []}))
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 5}))
    state = pb.play(state, ("national_event", 1, {"nation": "russia", "roll": 4, "choice": "ukraine"}))
    assert state["truces"] == {"ukraine": 1700} and state["control"]["Poltava"] == "russia"
    state = pb.edit(state, year=1703, season=3, phase="weather", rolls=[None, None])
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}), ("activation_roll", 0, {"nation": "ukraine", "roll": 6}))
    assert state["control"]["Poltava"] == "ukraine" and upkeep.rp_track(state, "ukraine") == 4
    assert state["rp"]["ukraine"] == 4


def test_the_turks_make_truce_when_all_their_blocks_are_lost(pb):
    """10.5: "If all blocks are lost due to combat or all Turkish territories are occupied, the Turks are forced to a
    TRUCE." """
    state = pb.setup("12.1")
    state = pb.edit(state, active={**state["active"], "turkey": True})
    state = killed_at_poltava(pb, state, "Turkish Army")
    assert state["active"]["turkey"] is False and state["truces"]["turkey"] == 1700


def test_the_turkish_truce_of_their_last_block_lets_the_victor_keep_a_conquest(pb):
    """10.5: "If all blocks are lost due to combat ..., the Turks are forced to a TRUCE (see 6.9)"; 6.9: "If the victor
    of the truce has conquered any garrisons, 1 may be kept." On an edition's map with a second Turkish territory,
    Silistra, held by Russia, Mensjikov kills the Turkish Army, the Turks' last block on the map: Silistra goes back to
    the Turks, unless the fire keeps it, which the legal moves offer."""
    silistra = {
        "nation": "turkey",
        "garrison": 2,
        "forage": 2,
        "port": None,
        "capital": False,
        "region": "poland-ukraine",
        "kind": "land",
    }
    state = pb.setup("12.4", map={"territories": {"Silistra": silistra}})
    control = {**state["control"], "Silistra": "russia"}
    state = pb.edit(state, active={**state["active"], "turkey": True}, control=control, turn=5, karl_waiting=False)
    state = pb.place(pb.place(state, "Karl XII", "Svealand"), "Turkish Army", "Besarabya", 1)
    state = pb.place(state, "Mensjikov", "Silistra")
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    state = pb.play(state, ("group_move", 1, pb.move("Silistra", ("Mensjikov", ["Besarabya"]))))
    state = pb.play(state, ("end_actions", 1, {}), ("end_actions", 0, {}))
    state = pb.play(state, ("start_battle", 1, {"territory": "Besarabya"}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Turkish Army", "dice": [6]}))
    fire = {"block": "Mensjikov", "dice": [1, 6, 6, 6]}
    handed_back = pb.play(state, ("combat_fire", 1, fire))
    assert handed_back["active"]["turkey"] is False and handed_back["control"]["Silistra"] == "turkey"
    assert {**fire, "keep": "Silistra"} in [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "combat_fire"]
    kept = pb.play(state, ("combat_fire", 1, {**fire, "keep": "Silistra"}))
    assert kept["active"]["turkey"] is False and kept["control"]["Silistra"] == "russia"


def test_view_lists_the_activation_rolls_due(pb):
    """The game, Activation and replacements: each side rolls for its allies before replacements."""
    state = pb.edit(pb.setup("12.1"), season=3, phase="weather")
    state = pb.play(state, ("weather_roll", 0, {"roll": 2}))
    assert pb.engine.view(state)["activation_rolls_due"] == {"0": ["turkey", "ukraine"], "1": ["denmark"]}


def test_the_turks_make_no_truce_when_their_last_block_is_lost_force_marching(pb):
    """10.5: "If all blocks are lost due to combat ..., the Turks are forced to a TRUCE"; 4.5: a force-march roll of 1
    to 3 costs a step, and 6.8: blocks are eliminated "due to Combat or Force-Marching". The Turkish Army, the Turks'
    one block on the map with one step, is lost force-marching: not due to combat, so no truce."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.edit(state, active={**state["active"], "turkey": True}, pending_force_march={"Turkish Army": 1})
    state = pb.play(
        pb.place(state, "Turkish Army", "Besarabya", 1), ("force_march", 0, {"block": "Turkish Army", "roll": 3})
    )
    assert pb.at(state, "Turkish Army") == "pool"
    assert state["active"]["turkey"] and "turkey" not in state["truces"]


def test_sweden_may_cede_bremen_verden_to_hanover(pb):
    """10.1: "The Swedish player may at any time during the game cede the territories of Bremen-Verden to Hanover or
    Pommern to Prussia. This is done at a cost of -4 RP per territory but will put those nations out of the game for
    good. Those lost RP's can never be regained." (no action spent; the Allies never cede)"""
    state = pb.actions(pb.setup("12.1"))
    assert pb.rules(state, "cede_territory", 0, {"territory": "Bremen-Verden"}) == []
    state = pb.play(state, ("cede_territory", 0, {"territory": "Bremen-Verden"}))
    assert state["control"]["Bremen-Verden"] == "hanover" and "hanover" not in state["entries"]
    assert upkeep.rp_track(state, "sweden") == 36 and state["actions"][0] == 3
    assert pb.refused(state, "cede_territory", 0, {"territory": "Bremen-Verden"}, "10.1")
    assert pb.refused(state, "cede_territory", 1, {"territory": "Pommern"}, "10.1")


def test_10_1_sweden_may_cede_at_any_time_during_the_game(pb):
    """10.1: "The Swedish player may at any time during the game cede the territories of Bremen-Verden to Hanover or
    Pommern to Prussia. This is done at a cost of -4 RP per territory": in the Allied action phase, in the action-roll
    phase and while the year's replacements are placed (that year's 40 RP then 36), as well as in his own action
    phase; the Allied player never."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("end_actions", 0, {}))
    assert state["acting"] == 1
    moves = [m for m in ENGINE.legal_moves(state, 0) if m.type == "cede_territory"]
    assert {m.data["territory"] for m in moves} == {"Bremen-Verden", "Pommern"}
    actions = list(state["actions"])
    state = pb.play(state, ("cede_territory", 0, {"territory": "Pommern"}))
    assert state["control"]["Pommern"] == "prussia" and state["actions"] == actions and state["acting"] == 1
    assert upkeep.rp_track(state, "sweden") == 36

    rolling = pb.setup("12.1")
    assert pb.rules(rolling, "cede_territory", 0, {"territory": "Bremen-Verden"}) == []
    assert pb.refused(rolling, "cede_territory", 1, {"territory": "Bremen-Verden"}, "10.1")

    year = pb.play(pb.edit(pb.setup("12.1"), season=3, year=1700, phase="weather"), ("weather_roll", 0, {"roll": 1}))
    assert year["phase"] == "year_start" and year["rp"]["sweden"] == 40
    year = pb.play(year, ("cede_territory", 0, {"territory": "Bremen-Verden"}))
    assert year["rp"]["sweden"] == 36 and year["control"]["Bremen-Verden"] == "hanover"


def test_10_1_a_cession_in_the_middle_of_a_battle_ends_it_when_one_side_is_gone(pb):
    """10.1: "The Swedish player may at any time during the game cede the territories of Bremen-Verden to Hanover or
    Pommern to Prussia ... [this] will put those nations out of the game for good"; 6.2: a battle goes on while both
    sides have blocks in it. The Prussian Army attacks Pommern (10.6) and Sweden cedes Pommern in the battle: the
    Prussian Army leaves the game, so the battle is over (Pommerska fires at no one); ceded while the Prussian Army
    must retreat (6.5), the battle ends too, and the game goes on (a move is offered)."""
    state = allied_actions(pb)
    state = pb.edit(state, active={**state["active"], "prussia": True}, sides={**state["sides"], "prussia": 1})
    state = pb.place(pb.place(state, "Prussian Army", "Pomorskie"), "Pommerska", "Pommern")
    state = pb.play(
        state, ("group_move", 1, pb.move("Pomorskie", ("Prussian Army", ["Pommern"]))), ("end_actions", 1, {})
    )
    state = pb.play(state, ("start_battle", state["player1"], {"territory": "Pommern"}))
    ceded = pb.play(state, ("cede_territory", 0, {"territory": "Pommern"}))
    assert pb.at(ceded, "Prussian Army") == "out" and ceded["battle"] is None
    assert pb.at(ceded, "Pommerska") == "Pommern"
    retreating = pb.edit(state, battle={**state["battle"], "retreat_due": ["Prussian Army"], "ending": True})
    ceded = pb.play(retreating, ("cede_territory", 0, {"territory": "Pommern"}))
    assert ceded["battle"] is None
    assert any(ENGINE.check(ceded, m) == [] for m in ENGINE.legal_moves(ceded))


def test_10_1_a_block_of_a_nation_ceded_out_of_the_game_owes_no_force_march_roll(pb):
    """10.1: ceding "will put those nations out of the game for good"; 4.5: "Force-march rolls should not be made
    until a player has completed all movement", the roll taking steps from a block in the game. The Hanoverian Army
    (on the Allied side from 1711, 9.9) force-marched one territory; Sweden cedes Bremen-Verden before the roll: the
    Hanoverian Army is out of the game and owes no roll, the Allied player's other roll still owed."""
    state = allied_actions(pb)
    state = pb.edit(
        state,
        year=1711,
        active={**state["active"], "hanover": True},
        sides={**state["sides"], "hanover": 1},
        pending_force_march={"Hanoverian Army": 1, "Repnin": 1},
    )
    state = pb.place(state, "Hanoverian Army", "Mecklenburg")
    state = pb.play(state, ("cede_territory", 0, {"territory": "Bremen-Verden"}))
    assert pb.at(state, "Hanoverian Army") == "out"
    assert state["pending_force_march"] == {"Repnin": 1}


def test_a_hanover_ceded_bremen_verden_never_enters_the_war(pb):
    """10.1: ceding Bremen-Verden "will put those nations out of the game for good": Danes entering Holstein-Gottorp
    in 1700 no longer bring Hanover in (9.9)."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("cede_territory", 0, {"territory": "Bremen-Verden"}), ("end_actions", 0, {}))
    state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Rantzau", "Holstein")
    state = pb.play(state, ("group_move", 1, pb.move("Holstein", ("Rantzau", ["Holstein-Gottorp"]))))
    assert not state["active"]["hanover"] and pb.at(state, "Hanoverian Army") == "out"


def test_a_garrison_of_a_nation_out_of_the_war_befriends_no_one(pb):
    """1.4, 8.1: warships enter only friendly harbours, and 4.6: blocks board only from a friendly port; 4.3 has
    "friendly or neutral" territories, and a nation out of the war is neutral: 10.1 puts a nation ceded a
    territory "out of the game for good", and a truce "ends all hostilities" (6.9). Pommern, ceded to Prussia, is
    no Allied harbour for Tordenskiold (Sjaelland, Danish and at war, is); in a Danish truce Sjaelland is no
    Allied harbour for a Russian galley, and Jylland no Allied port for Russians to board from."""
    state = pb.setup("12.4")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.place(pb.place(state, "Pommerska", "Smaland"), "Ostgota", "Smaland")
    state = pb.play(state, ("cede_territory", 0, {"territory": "Pommern"}), ("end_actions", 0, {}))
    assert pb.refused(state, "group_move", 1, pb.move("Kattegat", ("Tordenskiold", ["Pommern"])), "1.4")
    assert pb.rules(state, "group_move", 1, pb.move("Kattegat", ("Tordenskiold", ["Sjaelland"]))) == []
    danes = [name for name, data in state["tables"]["blocks"].items() if data["nation"] == "denmark"]
    for name in danes:
        state = pb.place(state, name, "pool", 0)
    state = pb.edit(state, active={**state["active"], "denmark": False}, truces={**state["truces"], "denmark": 1710})
    state = pb.place(pb.place(state, "Russian Galley I", "Kattegat"), "Kazanski", "Jylland")
    assert pb.refused(state, "group_move", 1, pb.move("Kattegat", ("Russian Galley I", ["Sjaelland"])), "1.4")
    assert pb.refused(state, "group_move", 1, pb.move("Jylland", ("Kazanski", ["Kattegat"])), "4.6")


def test_mazepa_never_returns_while_the_allies_hold_sivershchyna(pb):
    """10.7: "If the territory of Sivershchyna is garrisoned by an allied player or the Turks, the Mazepa block may NOT
    return to the Swedish replacement pool." """
    state = pb.setup("12.1")
    state = pb.edit(
        state, active={**state["active"], "ukraine": True}, control={**state["control"], "Poltava": "ukraine"}
    )
    state = killed_at_poltava(pb, state, "Mazepa")
    assert state["control"]["Sivershchyna"] == "russia" and pb.at(state, "Mazepa") == "out"


def test_10_7_an_allied_block_in_a_sivershchyna_ukraine_holds_does_not_keep_mazepa_out(pb):
    """10.7: "An allied block in the territory does not prohibit Mazepa from entering however. The territory has to be
    owned by the allied player." Kazanski, a Russian block, stands in a Sivershchyna whose garrison Ukraine holds when
    Mazepa dies at Poltava: he returns to the pool (Ukraine rejoining Russia, 10.7)."""
    state = pb.setup("12.1")
    control = {**state["control"], "Poltava": "ukraine", "Sivershchyna": "ukraine"}
    state = pb.edit(state, active={**state["active"], "ukraine": True}, control=control)
    state = killed_at_poltava(pb, pb.place(state, "Kazanski", "Sivershchyna"), "Mazepa")
    assert pb.at(state, "Kazanski") == "Sivershchyna"
    assert pb.at(state, "Mazepa") == "pool" and state["active"]["ukraine"] is False


def test_mazepa_kept_out_stays_out_when_ukraine_enters_again(pb):
    """10.7: "If the territory of Sivershchyna is garrisoned by an allied player or the Turks, the Mazepa block may NOT
    return to the Swedish replacement pool"; 9.8: Sweden rolls for Ukraine's entry (5 or 6). Mazepa dies at Poltava
    while the Poles hold Sivershchyna: he is out, not in the pool, and Ukraine rejoins Russia. When Ukraine enters
    again, its other garrisons are its own once more, but Sivershchyna is still Polish: Mazepa stays out."""
    state = pb.setup("12.1")
    control = {**state["control"], "Poltava": "ukraine", "Sivershchyna": "poland"}
    state = pb.edit(state, active={**state["active"], "ukraine": True}, control=control)
    state = killed_at_poltava(pb, state, "Mazepa")
    assert pb.at(state, "Mazepa") == "out" and state["active"]["ukraine"] is False
    state = pb.edit(state, phase="weather", season=3, battle=None, regroup=None)
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}), ("activation_roll", 0, {"nation": "ukraine", "roll": 5}))
    assert state["active"]["ukraine"] and state["control"]["Poltava"] == "ukraine"
    assert state["control"]["Sivershchyna"] == "poland" and pb.at(state, "Mazepa") == "out"


def test_an_excluded_danish_block_returns_when_sweden_invades(pb):
    """14.2 Denmark 4: "Denmark must exclude 1 block free of choice from the replacement pool. It returns if Denmark is
    invaded by Sweden." """
    state = pb.edit(pb.setup("12.5"), excluded=["Juel"])
    state = pb.place(state, "Juel", "out", 0)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Akershus"]))))
    assert state["excluded"] == [] and pb.at(state, "Juel") == "pool"


def test_14_2_an_excluded_danish_block_returns_when_sweden_regroups_into_denmark(pb):
    """14.2 Denmark 4: "Denmark must exclude 1 block free of choice from the replacement pool. It returns if Denmark is
    invaded by Sweden"; 6.6: "A regroup is a move for any/all blocks in the victory territory ... to any friendly
    territories". Juel excluded, Trondheim (Norway's, Denmark's) conquered by Sweden before; Elfsborg, victor in
    Jamtland, regroups into Trondheim: a Swedish block entering Denmark-Norway, as a move or a retreat into it does,
    and Juel returns to the Danish pool."""
    state = pb.edit(pb.setup("12.5"), excluded=["Juel"])
    state = pb.place(state, "Juel", "out", 0)
    state = pb.edit(
        state,
        control={**state["control"], "Trondheim": "sweden"},
        phase="battle",
        player1=0,
        regroup={"territory": "Jamtland", "seat": 0},
    )
    state = pb.play(state, ("regroup", 0, {"moves": [{"block": "Elfsborg", "to": pb.step("Trondheim")}]}))
    assert pb.at(state, "Elfsborg") == "Trondheim"
    assert state["excluded"] == [] and pb.at(state, "Juel") == "pool"


def test_14_2_an_excluded_danish_block_returns_when_a_british_warship_lands_swedes_in_denmark(pb):
    """14.2 Denmark 4: the excluded block "returns if Denmark is invaded by Sweden"; 4.6: unloading "works as regular
    movement". The British warship, Elfsborg aboard, anchors in Sjaelland (a Danish harbour Sweden holds): Elfsborg
    lands there, a Swedish block entering Denmark, and Juel returns to the Danish pool, as when a Swedish warship
    lands it."""
    state = pb.setup("12.4")
    state = pb.edit(
        state,
        excluded=["Juel"],
        control={**state["control"], "Sjaelland": "sweden"},
        active={**state["active"], "britain": True},
    )
    state = pb.place(pb.place(state, "Juel", "out", 0), "Frederik IV", "Jylland")
    state = pb.place(pb.place(state, "British Warship", "Baltic Sea"), "Elfsborg", "Baltic Sea", aboard=True)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("British Warship", ["Sjaelland"]))))
    assert pb.at(state, "Elfsborg") == "Sjaelland"
    assert state["excluded"] == [] and pb.at(state, "Juel") == "pool"


def test_the_british_warship_enters_when_the_allies_rule_the_sea(pb):
    """10.8: the British warship "activates if ... The allied player has more warship blocks at sea than Sweden"; 9.10:
    it "always starts in Portsmouth when activated"; it deactivates when "The Swedish player has more warship blocks at
    sea than the Allies"."""
    state = pb.setup("12.4")
    state = pb.place(pb.place(state, "Wachtmeister", "Svealand"), "Wattrang", "Svealand")
    state = pb.edit(state, phase="supply", player1=0, done=[])
    state = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert state["active"]["britain"] and pb.at(state, "British Warship") == "Portsmouth"
    state = pb.place(pb.place(state, "Wachtmeister", "Baltic Sea"), "Wattrang", "Baltic Sea")
    state = pb.place(state, "British Warship", "North Sea")
    state = pb.edit(state, phase="supply", player1=0, done=[])
    state = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert state["active"]["britain"] is False and pb.at(state, "British Warship") == "out"


def test_the_british_warship_in_portsmouth_counts_for_sweden(pb):
    """10.8: it deactivates if "The Swedish player has more warship blocks at sea than the Allies. Count the British
    block when determining total strength of the Swedish warship blocks if in play." """
    state = pb.place(pb.setup("12.4"), "British Warship", "Portsmouth")
    state = pb.edit(state, active={**state["active"], "britain": True}, phase="supply", player1=0, done=[])
    stays = pb.place(state, "Wattrang", "Svealand")
    stays = pb.play(stays, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert stays["active"]["britain"] and pb.at(stays, "British Warship") == "Portsmouth", "1 + 1 against 2"
    leaves = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert leaves["active"]["britain"] is False and pb.at(leaves, "British Warship") == "out", "2 + 1 against 2"


def end_of_game_turn(pb, state):
    """The supply checks that end a game turn, after which the 10.8 triggers are checked."""
    state = pb.edit(state, phase="supply", player1=0, done=[])
    return pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))


def test_the_british_warship_enters_on_an_invasion_or_hanover_in_bremen_verden(pb):
    """10.8: the British warship "activates if: Hanover occupies Bremen-Verden ... The allied player invades the
    Swedish homeland." (12.1 at its start: no Allied block in Sweden, no Allied warship at sea.)"""
    state = pb.setup("12.1")
    assert end_of_game_turn(pb, state)["active"]["britain"] is False
    invaded = end_of_game_turn(pb, pb.place(state, "Repnin", "Smaland"))
    assert invaded["active"]["britain"] and pb.at(invaded, "British Warship") == "Portsmouth"
    hanover = pb.edit(
        state,
        year=1712,
        active={**state["active"], "hanover": True},
        sides={**state["sides"], "hanover": 1},
        control={**state["control"], "Bremen-Verden": "hanover"},
    )
    assert end_of_game_turn(pb, hanover)["active"]["britain"]


def test_10_8_a_bremen_verden_ceded_to_hanover_calls_no_british_warship(pb):
    """10.8: the British warship "activates if: Hanover occupies Bremen-Verden"; 10.1: ceding Bremen-Verden to Hanover
    "will put those nations out of the game for good". A Hanover out of the game for good occupies nothing for the
    Allies: with Bremen-Verden ceded in 1712 (no Allied block in Sweden, no Allied warship at sea) the British
    warship stays out, as it does for a cession made before 1711."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("cede_territory", 0, {"territory": "Bremen-Verden"}))
    assert end_of_game_turn(pb, state)["active"]["britain"] is False
    later = pb.edit(state, year=1712, sides={**state["sides"], "hanover": 1})
    assert end_of_game_turn(pb, later)["active"]["britain"] is False


def test_the_british_warship_leaves_when_sweden_holds_st_petersburg(pb):
    """10.8: "The British warship deactivates if: ... Sweden captures Nyen/S:t Peterburg." In 12.4 (S:t Petersburg
    built) with Sweden's warships in harbour, the British one (1) against the two Danish ones at sea in the Kattegat
    does not send it away; Sweden holding S:t Petersburg does."""
    state = pb.place(pb.setup("12.4"), "British Warship", "Portsmouth")
    state = pb.place(pb.place(state, "Wachtmeister", "Svealand"), "Wattrang", "Svealand")
    state = pb.edit(state, active={**state["active"], "britain": True})
    assert end_of_game_turn(pb, state)["active"]["britain"]
    state = end_of_game_turn(pb, pb.edit(state, control={**state["control"], "Nyen": "sweden"}))
    assert state["active"]["britain"] is False and pb.at(state, "British Warship") == "out"


def test_blocks_aboard_the_british_warship_are_lost_when_it_leaves(pb):
    """10.8: the British warship deactivates when "The Swedish player has more warship blocks at sea than the Allies";
    9.10: "When deactivated, remove the block from map"; 8.2: "Ground blocks aboard destroyed warship are likewise
    destroyed and placed in the replacement pool", and 8.4: "Any over stacked blocks are eliminated". In 12.4 the
    two Swedish warships and the British one at sea outnumber the two Danish ones: Elfsborg, aboard the British ship
    alone in the North Sea, goes to the pool; with Wattrang there too, Wattrang carries it (4.6: 2 regiments a ship)."""
    state = pb.place(pb.setup("12.4"), "British Warship", "North Sea")
    state = pb.place(state, "Elfsborg", "North Sea", aboard=True)
    state = pb.edit(state, active={**state["active"], "britain": True})
    alone = end_of_game_turn(pb, state)
    assert alone["active"]["britain"] is False and pb.at(alone, "British Warship") == "out"
    assert pb.at(alone, "Elfsborg") == "pool" and pb.steps(alone, "Elfsborg") == 0
    escorted = end_of_game_turn(pb, pb.place(state, "Wattrang", "North Sea"))
    assert escorted["active"]["britain"] is False
    assert pb.at(escorted, "Elfsborg") == "North Sea" and escorted["blocks"]["Elfsborg"]["aboard"]


def test_losing_the_british_warship_is_a_british_truce(pb):
    """10.8: "If the British warship block is lost in combat, Great Britain is forced to a TRUCE." """
    state = pb.setup("12.4")
    state = pb.edit(
        state, active={**state["active"], "britain": True}, phase="battle", player1=1, attacks={"Kattegat": 1}
    )
    state = pb.place(state, "British Warship", "Kattegat", 1)
    state = pb.play(
        state,
        ("start_battle", 1, {"territory": "Kattegat"}),
        ("combat_fire", 0, {"block": "British Warship", "dice": [6]}),
    )
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 6, 6]}))
    assert pb.at(state, "British Warship") == "out" and state["truces"]["britain"] == 1710


def test_a_siege_whose_besiegers_a_truce_took_away_lapses(pb):
    """3.43: a declared siege is attempted by the besieger's blocks in the territory; 14.2 Saxony 5 (6.9): "All Saxon
    blocks is out of the war and placed in the replacement pool", so the Saxon siege of Livland declared before it is
    attempted by nobody: it lapses, and the battle phase does not wait for it."""
    state = pb.place(allied_actions(pb), "Flemming", "Livland")
    state = pb.play(state, ("declare_siege", 1, {"territory": "Livland"}))
    assert state["declared_sieges"] == {"Livland": 1}
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 5}))
    assert pb.at(state, "Flemming") == "pool"
    assert state["sieges"] == {} and state["declared_sieges"] == {}
    state = pb.play(state, ("end_actions", 1, {}))
    assert state["phase"] == "supply", "no siege is left to attempt, nor battle to fight"


def test_a_siege_whose_besiegers_changed_sides_lapses(pb):
    """3.43 and 14.2 Saxony 3: "On a 6 they change side and all polish blocks joins their new allies". In 12.4 Poland
    fights for the Allies; Lubomirski's siege of Estland, declared before the Parliament assembles, is then nobody's to
    attempt: the Allies have no block left there. It lapses, and the battle phase does not wait for it."""
    state = pb.place(allied_actions(pb, "12.4"), "Lubomirski", "Estland")
    state = pb.play(state, ("declare_siege", 1, {"territory": "Estland"}))
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 3, "roll2": 6}))
    assert board.owner(state, "Lubomirski") == 0
    assert state["sieges"] == {} and state["declared_sieges"] == {}
    state = pb.play(state, ("end_actions", 1, {}), ("end_actions", 0, {}))  # 12.4: the Allies act first
    assert state["phase"] == "supply", "no siege is left to attempt, nor battle to fight"


def test_an_event_truce_takes_the_nations_blocks_off_the_ships_into_the_pool(pb):
    """6.9: "A truce set due to a national event ... Any Allied, Turkish or Ukraine block returns to their respective
    replacement pools"; 14.2 Saxony 5: "All Saxon blocks is out of the war and placed in the replacement pool".
    Flemming, aboard Russian Galley I in the Baltic Sea, goes to the pool, off the ship: drawn again in a later year
    into Sachsen, it stands in the territory and fights the Swede who comes there (a block aboard takes no part)."""
    state = pb.place(allied_actions(pb), "Russian Galley I", "Baltic Sea")
    state = pb.place(state, "Flemming", "Baltic Sea", aboard=True)
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 5}))
    assert pb.at(state, "Flemming") == "pool"
    later = pb.edit(pb.setup("12.1"), season=3, phase="weather")
    later = pb.play(pb.edit(later, blocks=state["blocks"]), ("weather_roll", 0, {"roll": 1}))
    for seat in (0, 1):
        for nation in upkeep.rolls_owed(later, seat):
            later = pb.play(later, ("activation_roll", seat, {"nation": nation, "roll": 1}))
    later = pb.play(later, ("draw_block", 1, {"block": "Flemming", "steps": 1, "territory": "Sachsen"}))
    later = pb.place(later, "Rehnskiold", "Sachsen")
    assert "Sachsen" in board.battle_territories(later)


def test_a_ceded_harbour_is_no_ones_and_the_ships_anchored_there_may_only_leave(pb):
    """10.1: ceding Pommern to Prussia "will put those nations out of the game for good"; 1.4: "Harbours ... are capable
    of having warships entering or starting from them", 8.1 warships enter friendly harbours. Pommern, held by a Prussia
    out of the war, is no one's friendly harbour: Wattrang, anchored there, may leave to the Southern Baltic Sea (6.9
    has hostile blocks evacuate a nation out of the war, README), but neither it nor the Russian galley may enter it."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Wattrang", "Pommern")
    state = pb.play(state, ("cede_territory", 0, {"territory": "Pommern"}))
    assert state["control"]["Pommern"] == "prussia" and pb.at(state, "Wattrang") == "Pommern"
    assert pb.rules(state, "group_move", 0, pb.move("Pommern", ("Wattrang", ["Southern Baltic Sea"]))) == []
    state = pb.place(state, "Wattrang", "Southern Baltic Sea")
    assert pb.refused(state, "group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Pommern"])), "1.4")
    state = pb.place(state, "Russian Galley I", "Baltic Sea")
    state = pb.play(pb.place(state, "Wattrang", "Gulf of Bothnia"), ("end_actions", 0, {}))
    assert pb.refused(state, "group_move", 1, pb.move("Baltic Sea", ("Russian Galley I", ["Pommern"])), "1.4")
