"""The yearly activation and replacements phase: RP (5.x), deployment (9.x), activation (6.10, 9.x)."""

from games.kit import Table
from games.pax_baltica import upkeep
from games.pax_baltica.siege import conquer


def year_start(pb, scenario="12.1", year=1701, **fields):
    """The table at the start of a year (after the winter turn and the weather roll)."""
    state = pb.edit(pb.setup(scenario), season=3, year=year - 1, phase="weather", **fields)
    return pb.play(state, ("weather_roll", 0, {"roll": 1}))


def replacements(pb, scenario="12.1", year=1701):
    """The replacements at the start of a year, once every entry roll of both players failed (a 1 each: in 12.1 the
    Turkish and Ukrainian for Sweden, the Danish for the Allies). The game: "Both players roll for activation of
    respective allies. After that it is time to place replacements." """
    state = year_start(pb, scenario, year=year)
    for seat in (0, 1):
        for nation in upkeep.rolls_owed(state, seat):
            state = pb.play(state, ("activation_roll", seat, {"nation": nation, "roll": 1}))
    return state


def test_flemming_example_three_steps_for_8_rp(pb):
    """5.2 Example 1: "You are Saxony and have 8 RP's ... You draw Flemming ... costs 4 RP's just to draw ... Then you
    replace 2 of Flemming's steps (2+2) since you cannot afford the 4:th." """
    state = pb.place(replacements(pb), "Flemming", "pool", 0)
    assert state["rp"]["saxony"] == 8
    assert pb.refused(state, "draw_block", 1, {"block": "Flemming", "steps": 4, "territory": "Sachsen"}, "5.2")
    state = pb.play(state, ("draw_block", 1, {"block": "Flemming", "steps": 3, "territory": "Sachsen"}))
    assert pb.steps(state, "Flemming") == 3 and state["rp"]["saxony"] == 0


def test_schulenburg_example_rp_spent_on_a_block_you_cannot_afford(pb):
    """5.2 Example 2: "You ... have already spent 5 of your 8 RP's. You draw an Army block, Schulenburg, which you
    can't afford ... But likewise you have spent your 3 RP's since you draw the block." """
    state = replacements(pb)
    state = pb.edit(state, rp={**state["rp"], "saxony": 3})
    assert pb.refused(state, "draw_block", 1, {"block": "Schulenburg", "steps": 1, "territory": "Sachsen"}, "5.2")
    state = pb.play(state, ("draw_block", 1, {"block": "Schulenburg", "steps": 0}))
    assert state["rp"]["saxony"] == 0 and pb.at(state, "Schulenburg") == "pool"


def test_a_regiment_costs_1_rp_a_step_and_a_warship_2_more_to_draw(pb):
    """5.2: "The general cost is 1 RP per regimental step and 2 RP's per Army and Warship step"; "Army and Warship
    blocks cost 2 extra RP to rebuild from the replacement pool": Elfsborg drawn at 3 steps costs 3 RP of Sweden's
    40, Wattrang at 1 step 2 + 2 = 4 more (40 - 3 - 4 = 33)."""
    state = pb.place(pb.place(replacements(pb), "Elfsborg", "pool", 0), "Wattrang", "pool", 0)
    assert state["rp"]["sweden"] == 40
    state = pb.play(state, ("draw_block", 0, {"block": "Elfsborg", "steps": 3, "territory": "Vastergotland"}))
    assert state["rp"]["sweden"] == 37
    state = pb.play(state, ("draw_block", 0, {"block": "Wattrang", "steps": 1, "territory": "Svealand"}))
    assert state["rp"]["sweden"] == 33


def test_scenario_occupations_leave_the_replacement_table_alone(pb):
    """5.7: "IMPORTANT: Do not adjust the Replacement Table due to occupied territories in the scenarios": 12.4 sets
    up Nyen and Ingermanland as Russian garrisons, and Sweden still has the 40 RP of the table in 1711."""
    state = replacements(pb, "12.4", year=1711)
    assert state["control"]["Nyen"] == "russia" and state["rp"]["sweden"] == 40


def test_a_set_up_occupation_retaken_gains_nothing_and_lost_again_costs_4_rp(pb):
    """5.7 and 5.1 (README reading): Ingermanland, Russian in 12.3's set-up, costs Sweden nothing; retaken by Sweden it
    gains nothing ("A player never gains RP's by conquering a territory"); conquered again by Russia it costs the 4 RP
    of any conquest ("the original territorial owner loses 4 RP")."""
    state = pb.setup("12.3")
    assert upkeep.rp_track(state, "sweden") == 40
    table = Table(state)
    conquer(table, "Ingermanland", "sweden", None)
    assert upkeep.rp_track(table.state, "sweden") == 40
    conquer(table, "Ingermanland", "russia", None)
    assert upkeep.rp_track(table.state, "sweden") == 36


def test_rp_are_never_lent_to_another_nation(pb):
    """5.7: "A nation can never lend or give RP's to another nation": with Russia's RP spent, Saxony's 8 do not buy
    Pjotr I a step."""
    state = replacements(pb)
    state = pb.edit(pb.place(state, "Pjotr I", "Moskva", 2), rp={**state["rp"], "russia": 0})
    assert state["rp"]["saxony"] == 8
    assert pb.refused(state, "reinforce", 1, {"block": "Pjotr I", "steps": 1}, "5.2")
    assert pb.rules(pb.place(state, "Flemming", "Sachsen", 2), "reinforce", 1, {"block": "Flemming", "steps": 1}) == []


def test_on_map_replacements_cost_1_or_2_rp_a_step(pb):
    """5.4: "The 1 RP per regimental step and 2 RP's per Army cost applies for receiving replacements to on-map
    blocks also." """
    state = pb.place(pb.place(replacements(pb), "Karl XII", "Skane", 2), "Elfsborg", "Vastergotland", 1)
    rp = state["rp"]["sweden"]
    state = pb.play(
        state, ("reinforce", 0, {"block": "Karl XII", "steps": 2}), ("reinforce", 0, {"block": "Elfsborg", "steps": 2})
    )
    assert state["rp"]["sweden"] == rp - 6
    assert pb.refused(state, "reinforce", 0, {"block": "Karl XII", "steps": 1}, "2.11")


def test_warships_take_replacements_only_in_harbour(pb):
    """5.4: "Warships may never receive on-map replacements unless it is anchored in a harbour." """
    state = pb.place(replacements(pb), "Wattrang", "Southern Baltic Sea", 2)
    assert pb.refused(state, "reinforce", 0, {"block": "Wattrang", "steps": 1}, "5.4")
    assert pb.rules(pb.place(state, "Wattrang", "Svealand", 2), "reinforce", 0, {"block": "Wattrang", "steps": 1}) == []


def test_5_4_a_warship_anchored_out_of_supply_takes_no_replacements(pb):
    """5.4: "For an on-map block to be eligible to receive replacements, it needs to be in supply (7.1). Warships may
    never receive on-map replacements unless it is anchored in a harbour"; 7.2: blocks out of supply "may not use any
    type of reinforcements". Wattrang anchored in Sjaelland, a Danish harbour Sweden conquered that borders only
    Danish Fyn, is out of supply as Rehnskiold would be there: no step for it; in Svealand it takes one."""
    state = replacements(pb)
    borders = [{"a": "Sjaelland", "b": "Fyn", "colour": "black"}]
    state = pb.edit(
        state, tables={**state["tables"], "borders": borders}, control={**state["control"], "Sjaelland": "sweden"}
    )
    assert pb.refused(
        pb.place(state, "Rehnskiold", "Sjaelland", 2), "reinforce", 0, {"block": "Rehnskiold", "steps": 1}, "7.2"
    )
    assert pb.refused(
        pb.place(state, "Wattrang", "Sjaelland", 2), "reinforce", 0, {"block": "Wattrang", "steps": 1}, "7.2"
    )
    assert pb.rules(pb.place(state, "Wattrang", "Svealand", 2), "reinforce", 0, {"block": "Wattrang", "steps": 1}) == []


def test_7_2_a_block_aboard_at_sea_is_out_of_supply(pb):
    """7.1 defines a "Supply capable territory", and carries supply "ACROSS a sea zone to any other territory" with a
    port or harbour, not into the sea zone; 7.2: blocks out of supply "may not use any type of reinforcements, either by
    replacement points or by using actions" (README reading). Elfsborg (2 of 3 steps) aboard the Swedish warships in
    the Southern Baltic Sea takes no RP step and rebuilds no step; landed in Skane it may do both."""
    state = pb.place(replacements(pb), "Elfsborg", "Southern Baltic Sea", 2, aboard=True)
    assert pb.refused(state, "reinforce", 0, {"block": "Elfsborg", "steps": 1}, "7.2")
    assert (
        pb.rules(
            pb.place(state, "Elfsborg", "Skane", 2, aboard=False), "reinforce", 0, {"block": "Elfsborg", "steps": 1}
        )
        == []
    )
    acting = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Southern Baltic Sea", 2, aboard=True)
    assert pb.refused(acting, "rebuild", 0, {"block": "Elfsborg"}, "7.2")
    assert pb.rules(pb.place(acting, "Elfsborg", "Skane", 2, aboard=False), "rebuild", 0, {"block": "Elfsborg"}) == []


def test_swedish_blocks_deploy_in_the_homeland(pb):
    """9.1: "Swedish blocks may only be deployed in Sweden"; Estlandska, Savolax and Pommerska rebuild at home."""
    state = replacements(pb)
    assert pb.refused(state, "draw_block", 0, {"block": "Rehnskiold", "steps": 4, "territory": "Estland"}, "9.1")
    assert pb.rules(state, "draw_block", 0, {"block": "Rehnskiold", "steps": 4, "territory": "Svealand"}) == []
    state = pb.place(state, "Savolax", "pool", 0)
    assert pb.refused(state, "draw_block", 0, {"block": "Savolax", "steps": 3, "territory": "Svealand"}, "9.1")


def test_a_drawn_warship_starts_in_a_harbour_its_nation_holds(pb):
    """8.2: destroyed warships "may be rebuilt to start in any friendly harbour" (README reading: any harbour their
    nation holds, beyond 9.1's homeland): Wattrang may start in Pommern's harbour, not in Vastergotland, a port only,
    nor in Danish Sjaelland."""
    state = pb.place(replacements(pb), "Wattrang", "pool", 0)
    assert pb.rules(state, "draw_block", 0, {"block": "Wattrang", "steps": 3, "territory": "Pommern"}) == []
    for place in ("Vastergotland", "Sjaelland"):
        assert pb.refused(state, "draw_block", 0, {"block": "Wattrang", "steps": 3, "territory": place}, "8.2")


def test_savolax_rebuilds_in_sweden_when_its_home_is_off_the_last_armys_map(pb):
    """9.1: Savolax rebuilds in Savolax, "If those territories are lost ... in the Swedish homeland"; 12.5 plays on
    "Denmark, Norway and Sweden", so Savolax is out of reach and the block deploys in the homeland."""
    state = pb.place(year_start(pb, "12.5", year=1719), "Savolax", "pool", 0)
    assert pb.rules(state, "draw_block", 0, {"block": "Savolax", "steps": 3, "territory": "Svealand"}) == []
    assert pb.refused(state, "draw_block", 0, {"block": "Savolax", "steps": 3, "territory": "Savolax"}, "9.1")


def test_a_warship_of_the_last_army_is_rebuilt_only_on_its_map(pb):
    """12.5: "Playable map area: Denmark, Norway and Sweden": Wattrang, sunk and drawn again, may start in a Swedish
    harbour of that area (Skane), not in Pommern's or Livland's, which Sweden still holds off the map (8.2 "any
    friendly harbour" within the scenario's area)."""
    state = pb.place(year_start(pb, "12.5", year=1719), "Wattrang", "pool", 0)
    assert pb.rules(state, "draw_block", 0, {"block": "Wattrang", "steps": 2, "territory": "Skane"}) == []
    for place in ("Pommern", "Livland"):
        assert pb.refused(state, "draw_block", 0, {"block": "Wattrang", "steps": 2, "territory": place}, "12.5")
    offered = {m.data.get("territory") for m in pb.engine.legal_moves(state, 0) if m.type == "draw_block"}
    assert "Skane" in offered and not {"Pommern", "Livland"} & offered


def test_russians_deploy_in_moskva_jaroslav_or_tula(pb):
    """9.2: "Russian blocks may only be deployed in the territories of Moskva, Jaroslav and Tula." """
    state = replacements(pb)
    assert pb.refused(state, "draw_block", 1, {"block": "Golitsyn", "steps": 2, "territory": "Novgorod"}, "9.2")
    assert pb.rules(state, "draw_block", 1, {"block": "Golitsyn", "steps": 2, "territory": "Tula"}) == []


def test_a_step_paid_with_an_action_costs_no_rp_and_goes_on_the_map(pb):
    """5.5: "Only on-map block may receive a step paid with an action. These replacements are placed in the action
    phase ... In these cases no RP's is necessary": Karl XII gains a step in Skane and Sweden's Replacement Table
    stays at 40; Elfsborg, in the pool, gets none."""
    state = pb.place(pb.place(pb.actions(pb.setup("12.1")), "Karl XII", "Skane", 2), "Elfsborg", "pool", 0)
    assert pb.refused(state, "rebuild", 0, {"block": "Elfsborg"}, "3.45")
    state = pb.play(state, ("rebuild", 0, {"block": "Karl XII"}))
    assert pb.steps(state, "Karl XII") == 3 and upkeep.rp_track(state, "sweden") == 40


def test_a_swedish_provincial_regiment_rebuilds_in_the_homeland_once_its_province_is_lost(pb):
    """9.1: "Estlandska, Savolax and Pommerska blocks who always rebuild in their own territories ... If those
    territories are lost they are rebuilt in the Swedish homeland mentioned above." """
    state = replacements(pb)
    state = pb.place(state, "Estlandska", "pool", 0)
    assert pb.rules(state, "draw_block", 0, {"block": "Estlandska", "steps": 3, "territory": "Estland"}) == []
    lost = pb.edit(state, control={**state["control"], "Estland": "russia"}, lost={"Estland": "sweden"})
    assert pb.refused(lost, "draw_block", 0, {"block": "Estlandska", "steps": 3, "territory": "Estland"}, "9.1")
    assert pb.rules(lost, "draw_block", 0, {"block": "Estlandska", "steps": 3, "territory": "Svealand"}) == []


def test_the_cossacks_deploy_anywhere_in_russia_and_ukraine(pb):
    """9.2: "The Cossack block may deploy anywhere within Russia and Ukraine" (other Russian blocks only in Moskva,
    Jaroslav and Tula); Livland is not Russian."""
    state = replacements(pb)
    for place in ("Novgorod", "Poltava"):
        assert pb.rules(state, "draw_block", 1, {"block": "Cossacks", "steps": 1, "territory": place}) == []
    assert pb.refused(state, "draw_block", 1, {"block": "Cossacks", "steps": 1, "territory": "Livland"}, "9.2")


def test_saxon_blocks_deploy_only_inside_saxony(pb):
    """9.3: "The Saxon blocks may only be deployed inside Saxony" (Poland lends them supply and passage, not
    deployment)."""
    state = replacements(pb)
    assert pb.refused(state, "draw_block", 1, {"block": "Schulenburg", "steps": 1, "territory": "Mazowsze"}, "9.3")
    assert pb.rules(state, "draw_block", 1, {"block": "Schulenburg", "steps": 1, "territory": "Lausitz"}) == []


def test_turkish_and_ukrainian_blocks_deploy_at_home(pb):
    """9.6: "The Turkish blocks may only be deployed inside Turkey"; 9.8: "The Mazepa block may only be deployed in
    Sivershchyna" (Turkey on a 6, Ukraine on a 5 from 1701)."""
    state = pb.play(
        year_start(pb),
        ("activation_roll", 0, {"nation": "turkey", "roll": 6}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 5}),
        ("activation_roll", 1, {"nation": "denmark", "roll": 1}),
    )
    state = pb.edit(state, rp={**state["rp"], "ukraine": 4})
    assert pb.refused(state, "draw_block", 0, {"block": "Sipahis", "steps": 1, "territory": "Ukraiyina"}, "9.6")
    assert pb.rules(state, "draw_block", 0, {"block": "Sipahis", "steps": 1, "territory": "Besarabya"}) == []
    assert pb.refused(state, "draw_block", 0, {"block": "Mazepa", "steps": 1, "territory": "Poltava"}, "9.8")
    assert pb.rules(state, "draw_block", 0, {"block": "Mazepa", "steps": 1, "territory": "Sivershchyna"}) == []


def test_prussian_and_hanoverian_blocks_deploy_at_home(pb):
    """9.7: "The Prussian block must deploy inside Prussian borders"; 9.9: "The Hanoverian block may only be deployed
    in Hanover" (both with the Allies from 1715)."""
    state = replacements(pb, year=1715)
    state = pb.edit(state, rp={**state["rp"], "prussia": 4, "hanover": 4})
    for name, home, elsewhere, section in (
        ("Prussian Army", "Prussia", "Pommern", "9.7"),
        ("Hanoverian Army", "Hanover", "Bremen-Verden", "9.9"),
    ):
        state = pb.place(state, name, "pool", 0)
        assert pb.refused(state, "draw_block", 1, {"block": name, "steps": 1, "territory": elsewhere}, section)
        assert pb.rules(state, "draw_block", 1, {"block": name, "steps": 1, "territory": home}) == []


def test_a_warship_is_rebuilt_in_any_friendly_harbour(pb):
    """8.2: destroyed ships "may be rebuilt to start in any friendly harbour": a harbour Sweden holds, in the
    homeland or not (Livland), never a mere port (Ostergotland), a sea zone or a harbour the enemy holds."""
    state = replacements(pb)
    state = pb.place(pb.place(pb.place(state, "Wattrang", "pool", 0), "Flemming", "Sachsen"), "August II", "Sachsen")
    for place in ("Svealand", "Livland"):
        assert pb.rules(state, "draw_block", 0, {"block": "Wattrang", "steps": 1, "territory": place}) == []
    for place in ("Ostergotland", "Southern Baltic Sea"):
        assert pb.refused(state, "draw_block", 0, {"block": "Wattrang", "steps": 1, "territory": place}, "8.2")
    lost = pb.edit(state, control={**state["control"], "Livland": "saxony"}, lost={"Livland": "sweden"})
    assert pb.refused(lost, "draw_block", 0, {"block": "Wattrang", "steps": 1, "territory": "Livland"}, "8.2")


def test_no_deployment_where_the_enemy_holds_the_garrison(pb):
    """5.6 Incorrect deployment: "Newly built blocks cannot be deployed into ... territories where the enemy holds the
    garrison." """
    state = replacements(pb)
    state = pb.edit(state, control={**state["control"], "Tula": "sweden"})
    assert pb.refused(state, "draw_block", 1, {"block": "Golitsyn", "steps": 2, "territory": "Tula"}, "5.6")


def test_no_deployment_into_a_battle_territory(pb):
    """5.6: "Newly built blocks cannot be deployed into Battle Territories": with Pjotr I standing in Svealand,
    Rehnskiold is not deployed there, but in Skane."""
    state = pb.place(replacements(pb), "Pjotr I", "Svealand")
    assert pb.refused(state, "draw_block", 0, {"block": "Rehnskiold", "steps": 4, "territory": "Svealand"}, "5.6")
    assert pb.rules(state, "draw_block", 0, {"block": "Rehnskiold", "steps": 4, "territory": "Skane"}) == []


def test_replacements_reach_a_block_where_the_enemy_holds_the_garrison(pb):
    """5.6: "However, replacements may be deployed on blocks in enemy controlled territories (i.e. where the enemy
    holds the garrison) as long as the block is in SUPPLY": Karl XII in Russian Velikaya, bordering Estland, which
    Sweden holds, takes two steps for 4 RP; with Novgorod between them he is out of supply (7.1, 7.2)."""
    state = pb.place(replacements(pb), "Karl XII", "Velikaya", 2)
    assert state["control"]["Velikaya"] == "russia"
    far = [{"a": "Estland", "b": "Novgorod", "colour": "black"}, {"a": "Novgorod", "b": "Velikaya", "colour": "black"}]
    far_state = pb.edit(state, tables={**state["tables"], "borders": far})
    assert pb.refused(far_state, "reinforce", 0, {"block": "Karl XII", "steps": 2}, "7.2")
    near = [{"a": "Estland", "b": "Velikaya", "colour": "black"}]
    state = pb.play(
        pb.edit(state, tables={**state["tables"], "borders": near}), ("reinforce", 0, {"block": "Karl XII", "steps": 2})
    )
    assert pb.steps(state, "Karl XII") == 4 and state["rp"]["sweden"] == 36


def test_activation_rolls_come_first(pb):
    """The game: "Both players roll for activation of respective allies. After that it is time to place replacements":
    no replacement of either player while either owes a roll. In 1701 the Allies roll for Denmark, Sweden for Turkey
    and Ukraine; the Allies, done rolling, wait for Sweden's rolls, and Sweden, done, waits for the Allies'."""
    state = year_start(pb)
    golitsyn = {"block": "Golitsyn", "steps": 2, "territory": "Tula"}
    assert pb.refused(state, "end_replacements", 1, {}, "The game: Activation and replacements")
    assert pb.refused(state, "draw_block", 1, golitsyn, "The game")
    allied = pb.play(state, ("activation_roll", 1, {"nation": "denmark", "roll": 1}))
    assert pb.engine.view(allied)["active_seats"] == [0]
    assert pb.refused(allied, "draw_block", 1, golitsyn, "The game: Activation and replacements")
    swedish = pb.play(
        state,
        ("activation_roll", 0, {"nation": "turkey", "roll": 1}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 1}),
    )
    elfsborg = {"block": "Elfsborg", "steps": 3, "territory": "Vastergotland"}
    assert pb.refused(pb.place(swedish, "Elfsborg", "pool", 0), "draw_block", 0, elfsborg, "The game")
    assert pb.refused(swedish, "end_replacements", 0, {}, "The game: Activation and replacements")
    both = pb.play(allied, ("activation_roll", 0, {"nation": "turkey", "roll": 1}))
    both = pb.play(both, ("activation_roll", 0, {"nation": "ukraine", "roll": 1}))
    assert pb.engine.view(both)["active_seats"] == [0, 1]
    assert pb.rules(both, "draw_block", 1, golitsyn) == []


def test_denmark_enters_on_a_6_from_1701(pb):
    """9.4: "From 1701 the allied player starts rolling for a Danish entry in the war. The Danes starts on a roll of 6." """
    state = year_start(pb)
    swedish_rolls = [("activation_roll", 0, {"nation": nation, "roll": 1}) for nation in ("turkey", "ukraine")]
    failed = pb.play(state, ("activation_roll", 1, {"nation": "denmark", "roll": 5}), *swedish_rolls)
    assert failed["active"]["denmark"] is False
    assert pb.refused(failed, "activation_roll", 1, {"nation": "denmark", "roll": 6}, "6.10")
    entered = pb.play(state, ("activation_roll", 1, {"nation": "denmark", "roll": 6}))
    assert entered["active"]["denmark"] and pb.at(entered, "Reventlov") == "pool"
    assert entered["rp"]["denmark"] == upkeep.rp_track(entered, "denmark")


def test_truce_activation_example(pb):
    """6.10 example: "Denmark is out of the war in 1705. The allied player may start to roll for Denmark's activation
    after the winter turn 1708 but before 1709 spring turn starts." The first year on a 6, the next on 5 and 6."""
    state = year_start(pb, year=1708, truces={"denmark": 1705})
    assert "denmark" not in upkeep.rolls_owed(state, 1)
    state = year_start(pb, year=1709, truces={"denmark": 1705})
    assert upkeep.activation_need(state, "denmark") == 6
    state = year_start(pb, year=1710, truces={"denmark": 1705})
    assert upkeep.activation_need(state, "denmark") == 5


def test_truce_activation_need_falls_each_year_to_the_last_face(pb):
    """6.10: "The first year the nation starts on a 1D6 result of 6. The next year on a result of 5 and 6, and so
    on." Denmark, out by a truce of 1705: a 5 fails in 1709 and brings it back in 1710; in 1714 a 1 does."""
    failed = pb.play(
        year_start(pb, year=1709, truces={"denmark": 1705}), ("activation_roll", 1, {"nation": "denmark", "roll": 5})
    )
    assert failed["active"]["denmark"] is False
    for year, roll in ((1710, 5), (1714, 1)):
        state = year_start(pb, year=year, truces={"denmark": 1705})
        assert pb.play(state, ("activation_roll", 1, {"nation": "denmark", "roll": roll}))["active"]["denmark"]


def russia_back_from_a_truce(pb, state):
    """6.10: Russia, out of the war by a truce of 1705, rolls its 6 before the spring of 1709 and is back."""
    out = {**state["active"], "russia": False}
    state = year_start(pb, year=1709, active=out, truces={"russia": 1705}, blocks=state["blocks"])
    state = pb.play(state, ("activation_roll", 1, {"nation": "russia", "roll": 6}))
    assert state["active"]["russia"]
    return state


def test_a_russia_back_from_a_truce_leaves_the_cossacks_with_their_kin(pb):
    """14.2 Russia 3: "Exclude the Cossack block from play. If Ukraine and Turkey is out of the game it returns to the
    replacement pool"; 6.9 sends a truce's combat blocks to the pool, not a block excluded from play. Russia, back
    in the war while the Turks still fight, does not get the Cossacks back."""
    state = pb.setup("12.1")
    state = pb.edit(pb.place(state, "Cossacks", "out", 0), active={**state["active"], "turkey": True})
    state = russia_back_from_a_truce(pb, state)
    assert pb.at(state, "Cossacks") == "out"


def test_a_russia_back_from_a_truce_builds_no_warship_before_st_petersburg(pb):
    """5.3: "IMPORTANT RUSSIA: In the Russian case, remember to place warships aside until a harbour is built"; 11.2:
    the Russians "may start building a Navy" once they have founded St. Peterburg. Russia back in the war before
    then keeps its galleys aside."""
    state = russia_back_from_a_truce(pb, pb.setup("12.1"))
    assert not state["st_petersburg"]
    assert pb.at(state, "Russian Galley I") == "out" and pb.at(state, "Russian Galley II") == "out"


def test_unused_rp_are_lost(pb):
    """5.7: "Replacement Points not used during the activation and replacement phase are lost." """
    state = pb.play(replacements(pb), ("end_replacements", 0, {}), ("end_replacements", 1, {}))
    assert state["rp"] == {} and state["phase"] == "action_roll"


def test_event_rp_count_for_the_next_year_only(pb):
    """5.8: "Replacement Points due to events, gain or losses, are not permanent but is valid for ... the next year";
    "RP's gain/losses due to events during the last year do not count against the victory conditions." """
    state = pb.play(pb.actions(pb.setup("12.1")), ("national_event", 0, {"nation": "sweden", "roll": 2}))
    assert pb.engine.view(state)["sweden_victory_rp"] == 40
    state = pb.edit(state, season=3, phase="weather")
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}))
    assert state["rp"]["sweden"] == 32
    state = pb.edit(state, season=3, phase="weather", rp={})
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}))
    assert state["rp"]["sweden"] == 40


def test_the_last_army_halves_swedish_rp_and_keeps_its_pool(pb):
    """12.5: "Sweden's RP's are halved during this scenario. Sweden may not use any other units in it's replacement
    pool other than those stated in the scenario set-up." """
    state = year_start(pb, "12.5", year=1719)
    assert state["rp"]["sweden"] == 20
    state = pb.place(state, "Elfsborg", "pool", 0)
    state = pb.place(state, "Rehnskiold", "pool", 0)
    assert pb.refused(state, "draw_block", 0, {"block": "Rehnskiold", "steps": 4, "territory": "Svealand"}, "12.5")
    assert pb.rules(state, "draw_block", 0, {"block": "Elfsborg", "steps": 3, "territory": "Svealand"}) == []


def test_each_nations_rp_in_the_1711_replacement_phase_of_the_end_is_near(pb):
    """5.1, 4.3, 5.8, 14.2, worked by hand: in 1710 of 12.4 the Danes take Skane and the Russians Pommern (Sweden -4
    each), Sweden takes Lausitz (Saxony -4); Sweden rolls 2 (-8), Denmark 5 (+4), Russia 6 (+8), Saxony 1 (halved).
    In 1711: Sweden 40 - 4 - 4 - 8 = 24, Denmark 8 + 4 = 12, Russia 16 + 8 = 24, Saxony (8 - 4) / 2 = 2, Poland 4."""
    state = pb.setup("12.4")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 4}))
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 2}), ("end_actions", 0, {}))
    for nation, roll in (("denmark", 5), ("russia", 6), ("saxony", 1)):
        state = pb.play(state, ("national_event", 1, {"nation": nation, "roll": roll}))
    table = Table(state)
    for place, taker in (("Skane", "denmark"), ("Pommern", "russia"), ("Lausitz", "sweden")):
        conquer(table, place, taker, None)
    state = pb.edit(table.state, season=3, phase="weather", karl_waiting=False)
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}))
    assert state["rp"] == {"sweden": 24, "denmark": 12, "russia": 24, "saxony": 2, "poland": 4}


def test_9_x_each_nations_first_deployment_by_hand(pb):
    """9.1 to 9.9 with 5.6, 8.2, the table built by hand: 12.1 in 1711, every entry rolled in (Denmark, Turkey and
    Ukraine on a 6, Prussia and Hanover too) and Poland brought in (9.5), each nation with RP to spare. Where each pool
    block may be drawn to: Sweden's homeland (9.1; Savolax at home), Russia's Moskva, Jaroslav and Tula and the
    Cossacks anywhere in Russia (9.2; Ukraine's territories are now Ukraine's, the enemy's, 5.6), Saxony's Sachsen and
    Lausitz (9.3), Denmark's four territories, Bergenhus in Norway and the warships in the harbours Denmark holds (9.4,
    8.2), all of Poland and Lubomirski in Mazowsze or Krakow (9.5), Turkey's Besarabya (9.6), Prussia (9.7), Mazepa in
    Sivershchyna (9.8); the Hanoverian block is placed in Hanover, not drawn (9.9)."""
    state = year_start(pb, year=1711)
    for seat, nation in ((0, "turkey"), (0, "ukraine"), (1, "denmark"), (1, "hanover"), (1, "prussia")):
        state = pb.play(state, ("activation_roll", seat, {"nation": nation, "roll": 6}))
    table = Table(state)
    upkeep.activate(table, "poland", 1)
    state = pb.edit(table.state, rp={nation: 40 for nation in table.state["rp"]})
    assert pb.at(state, "Hanoverian Army") == "Hanover"
    homeland = {"Skane", "Smaland", "Ostergotland", "Vastergotland", "Svealand", "Kopparberg", "Gavleborg"}
    denmark = {"Sjaelland", "Fyn", "Jylland", "Holstein"}
    poland = {"Mazowsze", "Krakow", "Plock", "Lietuva", "Trakai", "Zemaitija", "Kurlandia", "Pomorskie", "Rus Biala"}
    moscow = {"Moskva", "Jaroslav", "Tula"}
    expected = {
        **dict.fromkeys(("Rehnskiold", "Lewenhaupt", "Sodermanland"), homeland),
        "Savolax": {"Savolax"},
        **dict.fromkeys(("Mensjikov", "Golitsyn", "Ogilvy", "Woronjetski", "Stubinski", "Botsis"), moscow),
        "Cossacks": moscow | {"Novgorod", "Velikaya", "Smolensk"},
        "Schulenburg": {"Sachsen", "Lausitz"},
        **dict.fromkeys(("Frederik IV", "Reventlov", "Rantzau", "Prins Christian", "Fynske"), denmark),
        "Bergenhus": {"Akershus", "Trondheim", "Bergen"},
        **dict.fromkeys(("Tordenskiold", "Juel"), {"Sjaelland", "Akershus"}),
        "Lubomirski": {"Mazowsze", "Krakow"},
        **dict.fromkeys(("Sobieski", "Oginski"), poland | {"Mscislaw"}),
        **dict.fromkeys(("Turkish Army", "Sipahis"), {"Besarabya"}),
        "Prussian Army": {"Prussia"},
        "Mazepa": {"Sivershchyna"},
    }
    offered = {}
    for seat in (0, 1):
        for move in pb.engine.legal_moves(state, seat):
            if move.type == "draw_block":
                offered.setdefault(move.data["block"], set()).add(move.data["territory"])
    assert offered == expected
