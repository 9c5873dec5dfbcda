"""Supply, forage and attrition (7.x), with the rulebook's supply examples."""

from games.pax_baltica import attrition, supply


def at_supply(pb, state):
    return pb.edit(state, phase="supply", player1=0, done=[])


def test_trakai_example_strongest_block_loses_a_step(pb):
    """7.1 example: "In Trakai Vellinck, Savolax and Elfsborg ... cost 4 FP (1 army + 2 reg). Vellinck provides 1 extern
    FP so the total cost lands on 3 FP. Trakai only supports 2 FP so the strongest block, in this case Vellinck,
    loses 1 step due to attrition." One step for the FP exceeded (7.5), not one of each block, as The game's Supply
    Phase ("any block in over stacked territories loses a step") would have it (README reading)."""
    state = pb.setup("12.1")
    for name in ("Vellinck", "Savolax", "Elfsborg"):
        state = pb.place(state, name, "Trakai")
    state = pb.place(state, "Elfsborg", "Trakai", 2)
    state = pb.place(state, "Savolax", "Trakai", 2)
    state = at_supply(pb, state)
    assert attrition.required_losses(state, 0) == {"Trakai": 1}
    assert pb.refused(state, "supply_check", 0, {"losses": ["Elfsborg"]}, "7.5")
    assert pb.refused(state, "supply_check", 0, {"losses": []}, "7.5")
    state = pb.play(state, ("supply_check", 0, {"losses": ["Vellinck"]}))
    assert pb.steps(state, "Vellinck") == 3


def test_after_the_first_attrition_loss_the_owner_chooses(pb):
    """7.5: "A Group loses one (1) step per exceeded FP ... The first step loss taken due to attrition must always be
    taken from the strongest block." Trakai (2 FP) with Vellinck (2 FP less its train's 1) and three regiments owes
    4 - 2 = 2 steps: the first from Vellinck, the second from any of them."""
    state = pb.setup("12.1")
    for name in ("Vellinck", "Savolax", "Elfsborg", "Kronoberg"):
        state = pb.place(state, name, "Trakai")
    state = at_supply(pb, state)
    assert attrition.required_losses(state, 0) == {"Trakai": 2}
    assert pb.refused(state, "supply_check", 0, {"losses": ["Savolax", "Vellinck"]}, "7.5")
    state = pb.play(state, ("supply_check", 0, {"losses": ["Vellinck", "Savolax"]}))
    assert (pb.steps(state, "Vellinck"), pb.steps(state, "Savolax")) == (3, 2)


def test_warships_and_blocks_aboard_at_sea_do_not_forage(pb):
    """7.3: "Army blocks cost 2 FP and Regimental 1 FP each" (warships cost nothing): Skane (3 FP) feeds Karl XII (2
    FP less its train's 1) and two regiments, and the two warships anchored there too. Blocks aboard at sea forage
    in no territory (README reading)."""
    state = pb.place(pb.setup("12.1"), "Elfsborg", "Southern Baltic Sea", aboard=True)
    state = pb.place(pb.place(state, "Wattrang", "Skane"), "Wachtmeister", "Skane")
    assert attrition.required_losses(state, 0) == {}
    assert attrition.required_losses(pb.place(state, "Kronoberg", "Skane"), 0) == {"Skane": 1}


def test_7_3_a_warship_anchored_with_foragers_loses_no_step_to_attrition(pb):
    """7.3: "Army blocks cost 2 FP and Regimental 1 FP each. All over stacking blocks are victims of attrition";
    7.5: "A Group loses one (1) step per exceeded FP". Warships cost no FP (README) and are no forager: Skane (3 FP)
    with Karl XII (2 FP less his train's 1) and four regiments owes 5 - 3 = 2 steps, the first from Karl XII, and the
    second may not be taken from Wattrang anchored there (the check once crashed on it)."""
    state = pb.setup("12.1")
    for name in ("Kronoberg", "Elfsborg", "Wattrang"):
        state = pb.place(state, name, "Skane")
    state = at_supply(pb, state)
    assert attrition.required_losses(state, 0) == {"Skane": 2}
    assert pb.refused(state, "supply_check", 0, {"losses": ["Karl XII", "Wattrang"]}, "7.5")
    state = pb.play(state, ("supply_check", 0, {"losses": ["Karl XII", "Kronoberg"]}))
    assert (pb.steps(state, "Karl XII"), pb.steps(state, "Kronoberg"), pb.steps(state, "Wattrang")) == (3, 2, 3)


def test_mazowsze_example_the_support_train_feeds_both(pb):
    """7.1 example: "Lewenhaupt and Sodermanland ... cost 3 FP (1 army + 1 reg). Lewenhaupt provides 1 extern SP so
    the total cost lands on 2 FP. Mazowsze supports 2 FP so both blocks can live of the land." """
    state = pb.place(pb.place(pb.setup("12.1"), "Lewenhaupt", "Mazowsze"), "Sodermanland", "Mazowsze")
    assert attrition.required_losses(state, 0) == {}


def test_pomorskie_example_a_regiment_costs_1_fp(pb):
    """7.1 example: "Ostgota ... is a regiment (cost 1 FP) and Pomorskie support 2 FP so there is no attrition here." """
    state = pb.place(pb.setup("12.1"), "Ostgota", "Pomorskie")
    assert attrition.required_losses(state, 0) == {}


def test_attrition_never_eliminates(pb):
    """7.5 Attrition: "Blocks can never be eliminated due to attrition." """
    state = pb.setup("12.1")
    for name in ("Elfsborg", "Kronoberg"):
        state = pb.place(state, name, "Mecklenburg", 1)
    state = at_supply(pb, state)
    assert attrition.required_losses(state, 0) == {}
    assert pb.refused(state, "supply_check", 0, {"losses": ["Elfsborg"]}, "7.5")


def test_internal_forage_feeds_only_its_own_nation(pb):
    """7.4: a support train supports "blocks of the same nationality, in the same territory"; 4.7: transit
    territories provide no FP."""
    state = pb.place(pb.setup("12.1"), "Flemming", "Schlesien")
    assert attrition.required_losses(state, 1) == {"Schlesien": 1}
    mixed = pb.place(state, "Kazanski", "Schlesien")
    assert attrition.required_losses(mixed, 1) == {"Schlesien": 2}


def test_player_1_begins_the_supply_checks(pb):
    """The game, Supply Phase: "Player 1 begins." """
    state = pb.edit(pb.setup("12.1"), phase="supply", player1=1, done=[])
    assert pb.refused(state, "supply_check", 0, {"losses": []}, "The game: Supply Phase")
    state = pb.play(state, ("supply_check", 1, {"losses": []}))
    assert pb.engine.view(state)["active_seats"] == [0]


def test_out_of_supply_blocks_may_not_rebuild(pb):
    """7.2 Out of supply: blocks out of supply "may not use any type of reinforcements, either by replacement points
    or by using actions"; 7.1: only an "un-besieged national territory" is a supply source by itself."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.place(state, "Vellinck", "Estland", 3)
    assert pb.rules(state, "rebuild", 0, {"block": "Vellinck"}) == []
    besieged = pb.place(pb.place(state, "Vellinck", "Livland", 3), "Estlandska", "Estland")
    assert pb.refused(besieged, "rebuild", 0, {"block": "Vellinck"}, "7.2")


def test_supply_lines_follow_the_edition_borders(pb):
    """7.1: "An enemy territory bordering to a national or conquered territory AND can trace a supply line back to any
    national territory" is supply capable."""
    borders = [
        {"a": "Estland", "b": "Ingermanland", "colour": "black"},
        {"a": "Ingermanland", "b": "Novgorod", "colour": "black"},
        {"a": "Novgorod", "b": "Velikaya", "colour": "black"},
    ]
    state = pb.actions(pb.setup("12.1", map={"borders": borders}))
    state = pb.place(pb.place(state, "Pjotr I", "Moskva"), "Sjeremetev", "Moskva")
    state = pb.place(pb.place(state, "Schnwentz", "Moskva"), "Kazanski", "Moskva")
    state = pb.place(pb.place(state, "Repnin", "Moskva"), "Vellinck", "Novgorod", 3)
    assert supply.in_supply(state, "Vellinck")
    far = pb.place(state, "Vellinck", "Velikaya", 3)
    assert not supply.in_supply(far, "Vellinck")
    assert pb.refused(far, "rebuild", 0, {"block": "Vellinck"}, "7.2")


def test_7_1_a_national_territory_holding_enemy_blocks_is_supplied_by_no_border(pb):
    """7.1: a supply capable territory is "An un-besieged national territory where the player control the garrison",
    "A conquered territory where the player controls the garrison AND can trace a supply line back", or "An enemy
    territory bordering to a national or conquered territory AND can trace a supply line back". Vellinck (3 steps) in
    Swedish Livland, where the Saxons of the set-up stand, is in none of them: the territory is besieged, and the rule of
    the bordering territory is an enemy territory's, so bordering Swedish Estland does not supply it and it may not
    rebuild (7.2), as on a map with no borders. In Russian Novgorod, with Repnin, it is in an enemy territory bordering
    Swedish Ingermanland (the Russians of the set-up gone from it), in supply."""
    borders = [
        {"a": "Estland", "b": "Livland", "colour": "black"},
        {"a": "Estland", "b": "Ingermanland", "colour": "black"},
        {"a": "Ingermanland", "b": "Novgorod", "colour": "black"},
    ]
    state = pb.actions(pb.setup("12.1", map={"borders": borders}))
    for name in ("Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski"):
        state = pb.place(state, name, "Moskva")
    besieged = pb.place(state, "Vellinck", "Livland", 3)
    assert not supply.in_supply(besieged, "Vellinck")
    assert pb.refused(besieged, "rebuild", 0, {"block": "Vellinck"}, "7.2")
    attacking = pb.place(state, "Vellinck", "Novgorod", 3)
    assert supply.in_supply(attacking, "Vellinck")
    assert pb.rules(attacking, "rebuild", 0, {"block": "Vellinck"}) == []


def test_rebuild_adds_a_step_but_not_to_warships(pb):
    """3.45: "you may rebuild one step on any on-map block, except warships and blocks that is out of supply." """
    state = pb.place(pb.actions(pb.setup("12.1")), "Karl XII", "Skane", 2)
    assert pb.refused(state, "rebuild", 0, {"block": "Wattrang"}, "3.45")
    assert pb.refused(state, "rebuild", 0, {"block": "Elfsborg"}, "2.11")
    state = pb.play(state, ("rebuild", 0, {"block": "Karl XII"}))
    assert pb.steps(state, "Karl XII") == 3


def test_holstein_gottorp_is_a_swedish_transit_territory(pb):
    """4.7: "Holstein-Gottorp works as a Swedish transit territory for supply ... If Holstein-Gottorp is occupied or
    conquered by any allied force, this is no longer valid." On a map of Pommern - Holstein-Gottorp - Holstein:
    Vellinck in Danish Holstein traces supply through it to Pommern, also with Elfsborg standing there; not with a
    Danish block there. The Danish Reventlov in Swedish Pommern traces none through it to Holstein."""
    borders = [
        {"a": "Pommern", "b": "Holstein-Gottorp", "colour": "black"},
        {"a": "Holstein-Gottorp", "b": "Holstein", "colour": "black"},
    ]
    state = pb.setup("12.1", map={"borders": borders})
    state = pb.edit(state, active={**state["active"], "denmark": True})
    swedes = pb.place(state, "Vellinck", "Holstein")
    assert supply.in_supply(swedes, "Vellinck")
    assert supply.in_supply(pb.place(swedes, "Elfsborg", "Holstein-Gottorp"), "Vellinck")
    assert not supply.in_supply(pb.place(swedes, "Fynske", "Holstein-Gottorp"), "Vellinck")
    assert not supply.in_supply(pb.place(state, "Reventlov", "Pommern"), "Reventlov")


def test_4_7_a_holstein_gottorp_the_allies_conquered_is_no_swedish_transit_territory(pb):
    """4.7: "Holstein-Gottorp works as a Swedish transit territory for supply and replacement purposes. If
    Holstein-Gottorp is occupied or conquered by any allied force, this is no longer valid"; 4.3: a conquered
    territory is one whose garrison "an enemy have besieged and conquered". With the edition giving Holstein-Gottorp
    a garrison (map.territories; map.json assumes none), Vellinck in Danish Holstein traces supply through it to
    Pommern while the garrison is its own; once Denmark holds it, no Danish block standing there, he traces none: a
    conquered Holstein-Gottorp is a Danish conquest, no Swedish transit territory. Retaken by Sweden it carries his
    line again, as any garrison Sweden holds (7.1)."""
    borders = [
        {"a": "Pommern", "b": "Holstein-Gottorp", "colour": "black"},
        {"a": "Holstein-Gottorp", "b": "Holstein", "colour": "black"},
    ]
    edition = {"borders": borders, "territories": {"Holstein-Gottorp": {"garrison": 1}}}
    state = pb.setup("12.1", map=edition)
    state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Vellinck", "Holstein")
    assert state["control"]["Holstein-Gottorp"] == "holstein-gottorp"
    assert supply.in_supply(state, "Vellinck")
    conquered = pb.edit(state, control={**state["control"], "Holstein-Gottorp": "denmark"})
    assert not supply.in_supply(conquered, "Vellinck")
    retaken = pb.edit(state, control={**state["control"], "Holstein-Gottorp": "sweden"})
    assert supply.in_supply(retaken, "Vellinck")


def test_4_7_holstein_gottorp_with_a_garrison_is_no_swedish_supply_source(pb):
    """7.1: supply capable is "An un-besieged national territory where the player control the garrison", and a
    line goes "back to the 'motherland'" (7.2); 4.7: "Holstein-Gottorp works as a Swedish transit territory for
    supply": supply is traced through it, not from it. With the edition giving it a garrison (map.territories) and
    only its border with Holstein printed, Vellinck in Danish Holstein has no line to any Swedish territory: he is
    out of supply, as he is with map.json's Holstein-Gottorp, which has no garrison."""
    borders = [{"a": "Holstein-Gottorp", "b": "Holstein", "colour": "black"}]
    for territories in ({}, {"Holstein-Gottorp": {"garrison": 1}}):
        state = pb.setup("12.1", map={"borders": borders, "territories": territories})
        state = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Vellinck", "Holstein")
        assert not supply.in_supply(state, "Vellinck")


SUPPLY_EXAMPLE_BORDERS = [
    {"a": "Livland", "b": "Kurlandia", "colour": "black"},
    {"a": "Kurlandia", "b": "Zemaitija", "colour": "black"},
    {"a": "Kurlandia", "b": "Trakai", "colour": "black"},
    {"a": "Zemaitija", "b": "Trakai", "colour": "black"},
    {"a": "Trakai", "b": "Mazowsze", "colour": "black"},
    {"a": "Livland", "b": "Baltic Sea", "colour": "black"},
    {"a": "Zemaitija", "b": "Baltic Sea", "colour": "black"},
    {"a": "Pomorskie", "b": "Baltic Sea", "colour": "black"},
]


def test_supply_line_example(pb):
    """7.1 example: "A Supply line from Livland is open to Trakai, supporting Vellinck, Savolax and Elfsborg since Mitawa
    in Kurlandia is besieged and conquered by the Swedes"; "A Supply line is open to Pomorskie, supporting Ostgota since
    the Swedish warship block Wattrang is occupying the Baltic Sea sea zone"; "In Mazowsze Lewenhaupt and Sodermanland
    is out of supply"; "since Zemaitija do not have a port or harbour it is not possible to trace a supply line over the
    Baltic Sea sea zone." """
    state = pb.setup("12.1", map={"borders": SUPPLY_EXAMPLE_BORDERS})
    for name in ("Flemming", "August II"):
        state = pb.place(state, name, "Sachsen")
    state = pb.edit(state, control={**state["control"], "Kurlandia": "sweden"})
    state = pb.place(pb.place(state, "Vellinck", "Trakai", 3), "Ostgota", "Pomorskie", 2)
    state = pb.place(pb.place(state, "Lewenhaupt", "Mazowsze", 3), "Wattrang", "Baltic Sea")
    assert supply.in_supply(state, "Vellinck") and supply.in_supply(state, "Ostgota")
    assert not supply.in_supply(state, "Lewenhaupt")
    without_kurlandia = pb.edit(state, control={**state["control"], "Kurlandia": "poland"})
    assert not supply.in_supply(without_kurlandia, "Vellinck")
    without_ship = pb.place(state, "Wattrang", "Skane")
    assert not supply.in_supply(without_ship, "Ostgota")


def test_7_1_example_zemaitija_has_no_port_so_no_supply_line_crosses_the_baltic_sea_to_it(pb):
    """7.1 example: "NOTICE that since Zemaitija do not have a port or harbour it is not possible to trace a supply
    line over the Baltic Sea sea zone"; it is supplied as "An enemy territory bordering to a national or conquered
    territory AND can trace a supply line back to any national territory. (See Zemaitija and Trakai in example
    below)". Savolax in Zemaitija, on the Baltic Sea that Wattrang holds beside Swedish Livland, is out of supply
    while Mitawa in Kurlandia is Polish, and in supply once the Swedes have conquered it."""
    state = pb.setup("12.1", map={"borders": SUPPLY_EXAMPLE_BORDERS})
    for name in ("Flemming", "August II"):
        state = pb.place(state, name, "Sachsen")
    state = pb.place(pb.place(state, "Savolax", "Zemaitija", 2), "Wattrang", "Baltic Sea")
    assert not supply.in_supply(state, "Savolax")
    conquered = pb.edit(state, control={**state["control"], "Kurlandia": "sweden"})
    assert supply.in_supply(conquered, "Savolax")


def test_7_1_only_warships_of_the_blocks_nationality_carry_supply_across_a_sea_zone(pb):
    """7.1: "A national territory with a port or harbour is supply capable ACROSS a sea zone to any other territory
    as long as: -the sea zone is occupied by warships of the same nationality as the army/regimental blocks." The
    7.1 example's Ostgota in Pomorskie is supplied from Livland by Wattrang in the Baltic Sea, but not by the British
    warship, an ally's, in Wattrang's place."""
    state = pb.setup("12.1", map={"borders": SUPPLY_EXAMPLE_BORDERS})
    for name in ("Flemming", "August II"):
        state = pb.place(state, name, "Sachsen")
    state = pb.edit(state, active={**state["active"], "britain": True})
    state = pb.place(state, "Ostgota", "Pomorskie", 2)
    assert supply.in_supply(pb.place(state, "Wattrang", "Baltic Sea"), "Ostgota")
    assert not supply.in_supply(pb.place(state, "British Warship", "Baltic Sea"), "Ostgota")


def test_a_supply_line_crosses_the_sea_into_a_conquered_port_and_on(pb):
    """7.1: "A conquered territory where the player controls the garrison AND can trace a supply line back to any
    national territory" and "An enemy territory bordering to a national or conquered territory AND can trace a supply
    line back"; "A national territory with a port or harbour is supply capable ACROSS a sea zone" held by warships of
    the blocks' nationality. With Pomorskie's garrison conquered and Wattrang in the Baltic Sea, the line runs from
    Livland across the sea to Pomorskie and on into Mazowsze, where Lewenhaupt is in supply; without Wattrang, not."""
    borders = [*SUPPLY_EXAMPLE_BORDERS, {"a": "Pomorskie", "b": "Mazowsze", "colour": "black"}]
    state = pb.setup("12.1", map={"borders": borders})
    for name in ("Flemming", "August II"):
        state = pb.place(state, name, "Sachsen")
    state = pb.edit(state, control={**state["control"], "Pomorskie": "sweden"})
    state = pb.place(pb.place(state, "Lewenhaupt", "Mazowsze", 3), "Wattrang", "Baltic Sea")
    assert supply.in_supply(state, "Lewenhaupt")
    assert not supply.in_supply(pb.place(state, "Wattrang", "Skane"), "Lewenhaupt")


def test_out_of_supply_blocks_take_no_replacement_points(pb):
    """7.2: blocks out of supply "may not use any type of reinforcements, either by replacement points or by using
    actions"; 5.4: an on-map block receiving replacements "needs to be in supply (7.1)". In the 7.1 example
    Vellinck in Trakai is in supply, Lewenhaupt in Mazowsze is not."""
    state = pb.setup("12.1", map={"borders": SUPPLY_EXAMPLE_BORDERS})
    for name in ("Flemming", "August II"):
        state = pb.place(state, name, "Sachsen")
    state = pb.edit(state, control={**state["control"], "Kurlandia": "sweden"})
    state = pb.place(pb.place(state, "Vellinck", "Trakai", 3), "Lewenhaupt", "Mazowsze", 3)
    state = pb.play(
        pb.edit(state, season=3, year=1700, phase="weather"),
        ("weather_roll", 0, {"roll": 1}),
        ("activation_roll", 0, {"nation": "turkey", "roll": 1}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 1}),
        ("activation_roll", 1, {"nation": "denmark", "roll": 1}),
    )
    assert pb.rules(state, "reinforce", 0, {"block": "Vellinck", "steps": 1}) == []
    assert pb.refused(state, "reinforce", 0, {"block": "Lewenhaupt", "steps": 1}, "7.2")


def test_saxons_draw_supply_from_poland_until_it_changes_side(pb):
    """9.3: Saxon blocks "may draw supply from its territories ... even if not activated"; 10.4: "If Poland changes
    side, it ends the ability for Saxon blocks to draw supply from Polish territories." """
    state = pb.place(pb.setup("12.1", map={"borders": SUPPLY_EXAMPLE_BORDERS}), "Schulenburg", "Mazowsze", 2)
    assert supply.in_supply(state, "Schulenburg")
    swedish = pb.edit(state, active={**state["active"], "poland": True}, sides={**state["sides"], "poland": 0})
    assert not supply.in_supply(swedish, "Schulenburg")


def test_a_nation_not_in_the_war_supplies_no_one(pb):
    """7.1: a supply source is a national territory "where the player control the garrison"; a nation not yet in the
    war is no one's to control (9.4: Denmark enters from 1701), and 9.3 grants supply "even if not activated" of
    Poland only. Repnin in Danish Jylland, or in Swedish Skane bordering Danish Sjaelland, is out of supply while
    Denmark is out of the war, and in supply once it is in."""
    borders = [{"a": "Jylland", "b": "Holstein", "colour": "black"}, {"a": "Skane", "b": "Sjaelland", "colour": "red"}]
    state = pb.setup("12.1", map={"borders": borders})
    for place in ("Jylland", "Skane"):
        here = pb.place(state, "Repnin", place)
        assert not supply.in_supply(here, "Repnin")
        assert supply.in_supply(pb.edit(here, active={**here["active"], "denmark": True}), "Repnin")


def test_supply_passes_an_unoccupied_transit_territory(pb):
    """4.7: "You may trace supply through these territories as long as they are non-occupied"; 7.1: the enemy
    territory at the end of the line is supplied (README reading). Rehnskiold in Sachsen draws supply from Pommern
    through an empty Mecklenburg, not once a block stops there."""
    borders = [
        {"a": "Pommern", "b": "Mecklenburg", "colour": "black"},
        {"a": "Mecklenburg", "b": "Sachsen", "colour": "black"},
    ]
    state = pb.place(pb.setup("12.1", map={"borders": borders}), "Rehnskiold", "Sachsen")
    assert supply.in_supply(state, "Rehnskiold")
    assert not supply.in_supply(pb.place(state, "Elfsborg", "Mecklenburg"), "Rehnskiold")


def test_10_4_saxons_draw_no_supply_through_polish_territories_russia_holds_once_poland_joins_sweden(pb):
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to draw supply from Polish territories and
    freely move in to and through it. Even if occupied by its allies Russia or Denmark." With Russia holding Krakow and
    Plock, the line from Sachsen runs through Krakow to Schulenburg in Plock while Poland stands with the Allies. Once
    Poland has gone over to Sweden, Krakow carries no Saxon line, and Schulenburg, in a Polish territory that borders
    no territory his line reaches, is out of supply. Repnin in Plock is still in supply: 10.4 names the Saxon blocks.
    A Krakow that Saxony holds itself carries the Saxon line (7.1 "A conquered territory where the player controls the
    garrison"; README), and Plock beside it is supplied as an enemy territory bordering it would be."""
    borders = [{"a": "Sachsen", "b": "Krakow", "colour": "black"}, {"a": "Krakow", "b": "Plock", "colour": "black"}]
    state = pb.setup("12.1", map={"borders": borders})
    state = pb.edit(state, control={**state["control"], "Krakow": "russia", "Plock": "russia"})
    state = pb.place(pb.place(state, "Schulenburg", "Plock", 2), "Repnin", "Plock")
    assert supply.in_supply(state, "Schulenburg") and supply.in_supply(state, "Repnin")
    swedish = pb.edit(state, active={**state["active"], "poland": True}, sides={**state["sides"], "poland": 0})
    assert not supply.in_supply(swedish, "Schulenburg")
    assert supply.in_supply(swedish, "Repnin")
    saxon_krakow = pb.edit(swedish, control={**swedish["control"], "Krakow": "saxony"})
    assert supply.in_supply(saxon_krakow, "Schulenburg")


def test_10_4_swedes_draw_no_supply_through_polish_territories_turkey_holds_once_poland_joins_the_allies(pb):
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to draw supply from Polish territories ...
    Even if occupied by its allies Russia or Denmark. The same rule applies to Sweden and her ally Turkey." With
    Poland gone over to the Allies and the Turks holding Pomorskie, the line from Swedish Pommern does not run through
    Pomorskie, and Rehnskiold in (Polish, now enemy) Plock beyond it is out of supply; with Sweden holding Pomorskie
    itself (7.1 "A conquered territory where the player controls the garrison"; README), the line runs on and Plock,
    an enemy territory bordering it, is supplied."""
    borders = [
        {"a": "Pommern", "b": "Pomorskie", "colour": "black"},
        {"a": "Pomorskie", "b": "Plock", "colour": "black"},
    ]
    state = pb.setup("12.1", map={"borders": borders})
    state = pb.edit(
        state,
        active={**state["active"], "poland": True, "turkey": True},
        sides={**state["sides"], "poland": 1, "turkey": 0},
        control={**state["control"], "Pomorskie": "turkey"},
    )
    state = pb.place(state, "Rehnskiold", "Plock")
    assert not supply.in_supply(state, "Rehnskiold")
    assert supply.in_supply(pb.edit(state, control={**state["control"], "Pomorskie": "sweden"}), "Rehnskiold")
