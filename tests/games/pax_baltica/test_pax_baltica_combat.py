"""Battles: sequence (6.1), rounds and firing order (6.21), reserves (6.22), combat and hits
(6.31, 6.32), co-operation (6.4), retreats (6.5), regroup (6.6), elimination and truce (6.8,
6.9), naval battle (8.2)."""

from games.pax_baltica import board, turn, upkeep, victory
from games.pax_baltica.battle import hits_of


def attack_ingermanland(pb, *names):
    """12.1, first turn: Sweden moves blocks from Estland into Ingermanland; both end their actions."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", *[(n, ["Ingermanland"]) for n in names])))
    return pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))


def test_pjotr_i_rolls_four_dice_and_hits_on_three_or_less():
    """6.31 Combat example: "Pjotr I roll 4 dice. It has B3 ... If the dice rolled are 1, 2, 4, & 5, the Russian
    player scores two hits and two misses." """
    assert hits_of([1, 2, 4, 5], 3) == 2


def test_pjotr_i_example_in_a_battle(pb):
    """6.31: the same roll in a battle takes two steps off the Swedish blocks."""
    state = attack_ingermanland(pb, "Vellinck", "Estlandska")
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    before = pb.steps(state, "Vellinck") + pb.steps(state, "Estlandska")
    state = pb.play(state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [1, 2, 4, 5]}))
    assert before - (pb.steps(state, "Vellinck") + pb.steps(state, "Estlandska")) == 2


def combat_round_example(pb):
    """The 6.32 combat round example's battle, begun: 12.4, Karl XII (A3) and Pommerska (B1) attack Skane from
    Smaland, where Reventlov (B2) and Prins Christian (B1) stand."""
    state = pb.setup("12.4")
    state = pb.edit(state, karl_waiting=False)
    state = pb.place(state, "Karl XII", "Smaland", 4)
    state = pb.place(state, "Pommerska", "Smaland")
    state = pb.place(state, "Rehnskiold", "Svealand")
    state = pb.place(state, "Fynske", "Sjaelland")
    state = pb.place(state, "Prins Christian", "Skane")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Smaland", ("Karl XII", ["Skane"]), ("Pommerska", ["Skane"]))))
    return pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Skane"}))


def test_karl_xii_combat_round_order(pb):
    """6.32 Combat round example: Karl XII (A3) and Pommerska (B1) attack Reventlov (B2) and Prins Christian (B1):
    "1. Karl XII 2. Reventlov 3. Prins Christian 4. Pommerska ... The two Danish blocks do not necessarily have
    to fight in the order above." """
    state = combat_round_example(pb)
    assert turn.next_combatants(state) == ["Karl XII"]
    state = pb.play(state, ("combat_fire", 0, {"block": "Karl XII", "dice": [4, 5, 6, 6]}))
    assert sorted(turn.next_combatants(state)) == ["Prins Christian", "Reventlov"]
    assert pb.refused(state, "combat_fire", 0, {"block": "Pommerska", "dice": [6, 6, 6]}, "6.21")
    state = pb.play(state, ("combat_fire", 1, {"block": "Prins Christian", "dice": [6, 6, 6]}))
    assert turn.next_combatants(state) == ["Reventlov"]
    state = pb.play(state, ("combat_fire", 1, {"block": "Reventlov", "dice": [6, 6, 6, 6]}))
    assert turn.next_combatants(state) == ["Pommerska"]
    state = pb.play(state, ("combat_fire", 0, {"block": "Pommerska", "dice": [6, 6, 6]}))
    assert state["battle"]["round"] == 2 and turn.next_combatants(state) == ["Karl XII"]


def test_hits_land_at_once_so_a_block_eliminated_before_its_turn_does_not_fire(pb):
    """6.32 NOTE: "Combat is not simultaneous. All hits are applied immediately. Blocks eliminated in combat are
    placed in the replacement pool." Karl XII (A3) fires first and eliminates Repnin (C2, strength 1), who never
    gets his combat turn: after Kazanski (B1, defending) and Dalregementet (B1), round 2 begins."""
    state = pb.place(pb.place(pb.setup("12.1"), "Repnin", "Novgorod", 1), "Kazanski", "Novgorod", 1)
    attack = pb.move("Skane", ("Karl XII", ["Novgorod"]), ("Dalregementet", ["Novgorod"]))
    state = pb.play(pb.actions(state), ("group_move", 0, attack), ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Novgorod"}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Karl XII", "dice": [1, 6, 6, 6], "targets": ["Repnin"]}))
    assert pb.at(state, "Repnin") == "pool"
    assert pb.refused(state, "combat_fire", 1, {"block": "Repnin", "dice": [1]}, "6.21")
    state = pb.play(
        state,
        ("combat_fire", 1, {"block": "Kazanski", "dice": [6]}),
        ("combat_fire", 0, {"block": "Dalregementet", "dice": [6, 6, 6]}),
    )
    assert state["battle"]["round"] == 2


def test_player_1_picks_the_battle(pb):
    """6.1 Battle sequence: "Player 1 determines which battle is fought first." """
    state = attack_ingermanland(pb, "Vellinck")
    assert pb.refused(state, "start_battle", 1, {"territory": "Ingermanland"}, "6.1")
    assert pb.refused(state, "start_battle", 0, {"territory": "Novgorod"}, "6.1")
    assert pb.rules(state, "start_battle", 0, {"territory": "Ingermanland"}) == []


def test_dice_equal_current_strength(pb):
    """2.11 / 6.31: "roll as many dice as a block's current Strength." """
    state = pb.play(attack_ingermanland(pb, "Vellinck"), ("start_battle", 0, {"territory": "Ingermanland"}))
    assert pb.refused(state, "combat_fire", 1, {"block": "Pjotr I", "dice": [1, 2, 3]}, "6.31")


def test_hits_go_to_the_strongest_block(pb):
    """6.32 Hit allocation: "Each hit is applied to the currently strongest enemy block. When two or more blocks
    share the highest Strength, the owner chooses which to reduce." """
    state = pb.play(
        attack_ingermanland(pb, "Vellinck", "Estlandska"), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    assert pb.refused(
        state, "combat_fire", 1, {"block": "Pjotr I", "dice": [1, 6, 6, 6], "targets": ["Estlandska"]}, "6.32"
    )
    state = pb.play(
        state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [1, 2, 6, 6], "targets": ["Vellinck", "Vellinck"]})
    )
    assert (pb.steps(state, "Vellinck"), pb.steps(state, "Estlandska")) == (2, 3)
    tie = ["Estlandska", "Vellinck"]
    assert pb.rules(state, "combat_fire", 1, {"block": "Schnwentz", "dice": [1, 6, 6], "targets": tie[:1]}) == []


def test_reserves_join_in_round_2(pb):
    """6.22 Combat reserves: "The blocks crossing other border(s) are considered RESERVES and may not attack/retreat
    or take hits until the second combat round." """
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland", "main_attack_from": "Estland"}))
    assert state["battle"]["reserves"] == ["Elfsborg"]
    assert "Elfsborg" not in pb.names(pb.engine.view(state, 1))
    assert pb.refused(
        state, "combat_fire", 1, {"block": "Pjotr I", "dice": [1, 1, 1, 1], "targets": ["Elfsborg"] * 4}, "6.32"
    )


def test_6_22_a_reserve_may_not_attack_or_retreat_in_round_1(pb):
    """6.22: "The blocks crossing other border(s) are considered RESERVES and may not attack/retreat or take hits until
    the second combat round"; 4.5: "No force-marching blocks are available on Combat Round 1 when supporting a
    block". Vellinck attacks Ingermanland from Estland (the main attack), Elfsborg from Nyen (a reserve), Kronoberg
    force-marches from Savolax through Nyland and Estland (a supporter). Once the defenders have fired, in
    Sweden's combat turn of round 1, Elfsborg may neither fire nor retreat (6.22) and Kronoberg may not fire (4.5)."""
    state = pb.place(pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen"), "Kronoberg", "Savolax")
    state = pb.play(
        state,
        ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))),
        ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))),
        ("group_move", 0, pb.move("Savolax", ("Kronoberg", ["Nyland", "Estland", "Ingermanland"]))),
        ("force_march", 0, {"block": "Kronoberg", "roll": 5}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Ingermanland", "main_attack_from": "Estland"}),
        ("combat_fire", 1, {"block": "Pjotr I", "dice": [6, 6, 6, 6]}),
        ("combat_fire", 1, {"block": "Schnwentz", "dice": [6, 6, 6]}),
        ("combat_fire", 1, {"block": "Kazanski", "dice": [6, 6, 6]}),
    )
    assert pb.rules(state, "combat_fire", 0, {"block": "Elfsborg", "dice": [1, 1, 1]})[0] == "6.22 Combat reserves"
    retreat = {"block": "Elfsborg", "path": [pb.step("Nyen")]}
    assert pb.rules(state, "combat_retreat", 0, retreat)[0] == "6.22 Combat reserves"
    assert pb.rules(state, "combat_fire", 0, {"block": "Kronoberg", "dice": [1, 1, 1]})[0] == "4.5 Force-marching"
    assert pb.rules(state, "combat_fire", 0, {"block": "Vellinck", "dice": [6, 6, 6, 6]}) == []


def test_retreat_rules(pb):
    """6.5 Retreats: "The Attacker can only retreat via borders used to attack"; "The Defender may not retreat
    through borders that were used by the Attacker"; 4.3: "Retreat into an enemy territory is prohibited." """
    state = pb.play(attack_ingermanland(pb, "Vellinck"), ("start_battle", 0, {"territory": "Ingermanland"}))
    assert pb.refused(state, "combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Estland")]}, "6.5")
    assert pb.rules(state, "combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Novgorod")]}) == []
    for name in ("Pjotr I", "Schnwentz", "Kazanski"):
        state = pb.play(state, ("combat_fire", 1, {"block": name, "dice": [6] * pb.steps(state, name)}))
    assert pb.refused(state, "combat_retreat", 0, {"block": "Vellinck", "path": [pb.step("Livland")]}, "6.5")
    state = pb.play(state, ("combat_retreat", 0, {"block": "Vellinck", "path": [pb.step("Estland")]}))
    assert pb.at(state, "Vellinck") == "Estland" and state["battle"] is None


def test_a_retreat_goes_no_further_than_the_blocks_move(pb):
    """6.5: "Blocks retreat up to their full move"; 4.5: "Blocks cannot force-march on a Retreat". Pjotr I (move 2)
    may retreat two territories into Russia, not three."""
    state = pb.play(attack_ingermanland(pb, "Vellinck"), ("start_battle", 0, {"territory": "Ingermanland"}))
    three = [pb.step("Novgorod"), pb.step("Velikaya"), pb.step("Smolensk")]
    assert pb.refused(state, "combat_retreat", 1, {"block": "Pjotr I", "path": three}, "6.5")
    assert pb.rules(state, "combat_retreat", 1, {"block": "Pjotr I", "path": three[:2]}) == []


def test_4_2_a_retreats_second_border_counts_too(pb):
    """4.2: "The maximum number of blocks that each player can move across any border in one Game Turn depends on
    type of border: BLACK: 6 RED: 2 ... Border restrictions also limit RETREATS (6.5)"; 6.5: "Border restrictions
    for Retreats apply to each Combat Round. If 3 blocks is forced to retreat over a red border, one of them is
    eliminated". In round 1 Pjotr I and Schnwentz retreat from Ingermanland through Novgorod (black) over a red
    border into Velikaya; Kazanski, the third, may not cross that red border this round, but may stop in
    Novgorod."""
    state = pb.play(attack_ingermanland(pb, "Vellinck"), ("start_battle", 0, {"territory": "Ingermanland"}))
    over_red = [pb.step("Novgorod"), pb.step("Velikaya", "red")]
    state = pb.play(
        state,
        ("combat_retreat", 1, {"block": "Pjotr I", "path": over_red}),
        ("combat_retreat", 1, {"block": "Schnwentz", "path": over_red}),
    )
    assert pb.refused(state, "combat_retreat", 1, {"block": "Kazanski", "path": over_red}, "4.2")
    assert pb.rules(state, "combat_retreat", 1, {"block": "Kazanski", "path": over_red[:1]}) == []


def test_a_retreat_never_enters_a_battle_territory(pb):
    """6.5: blocks retreat "never into/through an existing Battle territory": with Karl XII attacking Repnin in
    Novgorod, Pjotr I may not retreat from Ingermanland into or through Novgorod, but may into Velikaya."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Karl XII", ["Novgorod"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    into, through = [pb.step("Novgorod")], [pb.step("Novgorod"), pb.step("Moskva")]
    assert pb.refused(state, "combat_retreat", 1, {"block": "Pjotr I", "path": into}, "6.5")
    assert pb.refused(state, "combat_retreat", 1, {"block": "Pjotr I", "path": through}, "6.5")
    assert pb.rules(state, "combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Velikaya")]}) == []


def test_retreat_into_enemy_territory_is_prohibited(pb):
    """4.3 Territorial control: "Retreat into an enemy territory is prohibited even if vacant." """
    state = pb.play(attack_ingermanland(pb, "Vellinck"), ("start_battle", 0, {"territory": "Ingermanland"}))
    assert pb.refused(state, "combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Nyen")]}, "4.3")


def saxons_attacked_in_livland(pb, vellinck_steps=None):
    """12.1: Vellinck attacks Flemming and August II in Livland; the battle begins."""
    state = pb.actions(pb.setup("12.1"), allied_roll=2)
    if vellinck_steps is not None:
        state = pb.place(state, "Vellinck", "Estland", vellinck_steps)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))), ("end_actions", 0, {}))
    return pb.play(state, ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Livland"}))


def test_retreats_keep_out_of_territories_closed_to_the_block(pb):
    """6.5: blocks "retreat up to their full move", and a retreat is a move: 10.3 "Saxony may never enter Russian or
    Ukraine territory"; 4.8 "Inactivated territories, such as Hanover and Prussia, prohibit movement until they are
    activated". The Saxons in Livland may not retreat into Novgorod nor Prussia, but may into Polish Kurlandia."""
    state = saxons_attacked_in_livland(pb)
    retreat = {"block": "Flemming", "path": [pb.step("Novgorod")]}
    assert pb.refused(state, "combat_retreat", 1, retreat, "10.3")
    assert pb.refused(state, "combat_retreat", 1, {**retreat, "path": [pb.step("Prussia")]}, "4.8")
    assert pb.rules(state, "combat_retreat", 1, {**retreat, "path": [pb.step("Kurlandia")]}) == []


def test_a_regroup_keeps_out_of_territories_closed_to_the_block(pb):
    """6.6: "A regroup is a move" into friendly territories; 10.3 "Saxony may never enter Russian or Ukraine
    territory", friendly as Russia is: the Saxons who beat Vellinck in Livland may not regroup into Novgorod."""
    state = saxons_attacked_in_livland(pb, vellinck_steps=1)
    first = turn.next_combatants(state)[0]
    state = pb.play(state, ("combat_fire", 1, {"block": first, "dice": [1] * pb.steps(state, first)}))
    assert state["regroup"] == {"territory": "Livland", "seat": 1}
    assert pb.refused(state, "regroup", 1, {"moves": [{"block": "Flemming", "to": pb.step("Novgorod")}]}, "10.3")


def poland_with(pb, state, side, **control):
    """The table with Poland at war on ``side`` (10.4, 14.2 Saxony 3: it changed side) and the Polish garrisons
    ``control`` names held as named."""
    return pb.edit(
        state,
        active={**state["active"], "poland": True},
        sides={**state["sides"], "poland": side},
        control={**state["control"], **control},
    )


def test_10_4_saxons_neither_retreat_nor_regroup_into_a_polish_territory_russia_holds_once_poland_joins_sweden(pb):
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to draw supply from Polish territories and
    freely move in to and through it. Even if occupied by its allies Russia or Denmark." With Russia holding Kurlandia,
    the Saxons attacked in Livland may retreat into it while Poland stands with the Allies; once Poland has gone over
    to Sweden they may not (6.5 "only into/through Friendly or Neutral territories"), and the legal moves offer no
    such retreat. Victors in Livland, they may not regroup into it either (6.6 "to any friendly territories")."""
    retreat = {"block": "Flemming", "path": [pb.step("Kurlandia")]}
    allied = poland_with(pb, saxons_attacked_in_livland(pb), 1, Kurlandia="russia")
    assert pb.rules(allied, "combat_retreat", 1, retreat) == []
    state = poland_with(pb, allied, 0)
    assert pb.refused(state, "combat_retreat", 1, retreat, "10.4")
    assert retreat not in [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "combat_retreat"]
    assert pb.rules(state, "combat_retreat", 1, {**retreat, "path": [pb.step("Sachsen")]}) == []
    state = saxons_attacked_in_livland(pb, vellinck_steps=1)
    first = turn.next_combatants(state)[0]
    state = pb.play(state, ("combat_fire", 1, {"block": first, "dice": [1] * pb.steps(state, first)}))
    regroup = {"moves": [{"block": "Flemming", "to": pb.step("Kurlandia")}]}
    assert pb.rules(poland_with(pb, state, 1, Kurlandia="russia"), "regroup", 1, regroup) == []
    state = poland_with(pb, state, 0, Kurlandia="russia")
    assert pb.refused(state, "regroup", 1, regroup, "10.4")
    assert regroup not in [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "regroup"]


def vellinck_victor_in_livland(pb):
    """12.1: Vellinck attacks Flemming (1 step, August II away in Sachsen) in Livland from Estland and kills him
    in round 1: the victor may regroup (6.6)."""
    state = pb.place(pb.place(pb.setup("12.1"), "August II", "Sachsen"), "Flemming", "Livland", 1)
    state = pb.play(pb.actions(state, allied_roll=2), ("group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))))
    return pb.play(
        state,
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Livland"}),
        ("combat_fire", 1, {"block": "Flemming", "dice": [6]}),
        ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}),
    )


def test_10_4_swedes_regroup_into_no_polish_territory_turkey_holds_once_poland_joins_the_allies(pb):
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to ... freely move in to and through it.
    Even if occupied by its allies Russia or Denmark. The same rule applies to Sweden and her ally Turkey." Vellinck,
    having beaten Flemming in Livland, may regroup (6.6 "to any friendly territories") into a Kurlandia the Turks hold
    while Poland stands with Sweden, not once Poland has gone over to the Allies; into one Sweden holds itself, still
    (README)."""
    state = vellinck_victor_in_livland(pb)
    state = pb.edit(state, active={**state["active"], "turkey": True}, sides={**state["sides"], "turkey": 0})
    regroup = {"moves": [{"block": "Vellinck", "to": pb.step("Kurlandia")}]}
    assert pb.rules(poland_with(pb, state, 0, Kurlandia="turkey"), "regroup", 0, regroup) == []
    allied = poland_with(pb, state, 1, Kurlandia="turkey")
    assert pb.refused(allied, "regroup", 0, regroup, "10.4")
    assert regroup not in [m.data for m in pb.engine.legal_moves(allied, 0) if m.type == "regroup"]
    assert pb.rules(poland_with(pb, allied, 1, Kurlandia="sweden"), "regroup", 0, regroup) == []


def test_10_4_the_british_warship_lands_no_swedes_in_a_polish_harbour_turkey_holds_once_poland_joins_the_allies(pb):
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to ... freely move in to and through it.
    Even if occupied by its allies ... The same rule applies to Sweden and her ally Turkey"; 8.4: the warship
    retreats to a friendly harbour, the blocks aboard landing there with it (8.3); 6.6: the victor regroups "to any
    friendly territories". On an edition giving Pomorskie a harbour, held by the Turks with Poland on the Allied side,
    Elfsborg may neither retreat nor regroup into it; nor may the British warship (no nation 10.4 names) take him
    there, by retreating or regrouping into it with him aboard; alone it may (both were accepted with Elfsborg)."""
    state = pb.setup("12.4", map={"territories": {"Pomorskie": {"port": "harbour"}}})
    state = pb.edit(
        state,
        active={**state["active"], "britain": True, "turkey": True, "poland": True},
        sides={**state["sides"], "turkey": 0, "poland": 1},
        control={**state["control"], "Pomorskie": "turkey"},
        turn=5,
        karl_waiting=False,
    )
    state = pb.place(pb.place(state, "Karl XII", "Svealand"), "British Warship", "North Sea")
    state = pb.place(state, "Tordenskiold", "Kattegat", 1)
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    state = pb.play(state, ("group_move", 1, pb.move("Kattegat", ("Tordenskiold", ["North Sea"]))))
    state = pb.play(
        state, ("end_actions", 1, {}), ("end_actions", 0, {}), ("start_battle", 1, {"territory": "North Sea"})
    )
    aboard = pb.place(state, "Elfsborg", "North Sea", aboard=True, loaded=False)
    retreat = {"block": "British Warship", "path": [pb.step("Pomorskie")]}
    assert pb.rules(state, "combat_retreat", 0, retreat) == []
    assert pb.refused(aboard, "combat_retreat", 0, retreat, "10.4")
    assert retreat not in [m.data for m in pb.engine.legal_moves(aboard, 0) if m.type == "combat_retreat"]
    won = pb.play(aboard, ("combat_fire", 0, {"block": "British Warship", "dice": [1, 6, 6]}))
    assert won["regroup"] == {"territory": "North Sea", "seat": 0}
    assert pb.refused(won, "regroup", 0, {"moves": [{"block": "Elfsborg", "to": pb.step("Pomorskie")}]}, "10.4")
    regroup = {"moves": [{"block": "British Warship", "to": pb.step("Pomorskie")}]}
    assert pb.refused(won, "regroup", 0, regroup, "10.4")
    assert regroup not in [m.data for m in pb.engine.legal_moves(won, 0) if m.type == "regroup"]
    alone = pb.play(state, ("combat_fire", 0, {"block": "British Warship", "dice": [1, 6, 6]}))
    assert pb.rules(alone, "regroup", 0, regroup) == []


def vellinck_after_round_3(pb):
    """Vellinck attacks Ingermanland and every block fires its steps' sixes for three rounds; the
    battle still stands, so the attacker must retreat (6.2)."""
    state = pb.play(attack_ingermanland(pb, "Vellinck"), ("start_battle", 0, {"territory": "Ingermanland"}))
    for _round in range(3):
        while state["battle"] and not state["battle"]["retreat_due"]:
            name = turn.next_combatants(state)[0]
            seat = pb.engine.view(state)["active_seats"][0]
            state = pb.play(state, ("combat_fire", seat, {"block": name, "dice": [6] * pb.steps(state, name)}))
    assert state["battle"]["retreat_due"] == ["Vellinck"]
    return state


def test_6_5_the_attacker_of_a_battle_nobody_moved_into_retreats_across_any_border(pb):
    """6.5: "The Attacker can only retreat via borders used to attack"; in a battle nobody moved into (a nation
    changing side where its blocks stand, 14.2 Saxony 3, 10.4) the side holding the garrison defends (6.2, 4.3) and
    the attacker used no border to attack: he retreats as a defender does, across any border but into no enemy
    territory (4.3), and is not shut in to be eliminated after round 3. Vellinck stands in Swedish Ingermanland
    beside the Russians (the test's own arrangement, no move made): Russia attacks, and Pjotr I may fall back to
    Novgorod, not into Swedish Estland."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(pb.place(state, "Vellinck", "Ingermanland"), ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    assert state["battle"]["attacker"] == 1 and state["battle"]["attack_borders"] == []
    while "Pjotr I" not in turn.next_combatants(state):
        (name,) = [n for n in turn.next_combatants(state) if n != "Pjotr I"][:1]
        seat = 0 if name == "Vellinck" else 1
        state = pb.play(state, ("combat_fire", seat, {"block": name, "dice": [6] * pb.steps(state, name)}))
    retreat = {"block": "Pjotr I", "path": [pb.step("Novgorod")]}
    assert retreat in [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "combat_retreat"]
    assert pb.refused(state, "combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Estland")]}, "4.3")
    state = pb.play(state, ("combat_retreat", 1, retreat))
    assert pb.at(state, "Pjotr I") == "Novgorod"


def test_attacker_retreats_after_round_3(pb):
    """6.2 Battle turns: "The attacker ... must retreat if a battle is not concluded by the end of the third round." """
    state = vellinck_after_round_3(pb)
    assert pb.refused(state, "combat_fire", 0, {"block": "Vellinck", "dice": [6, 6, 6, 6]}, "6.2")
    state = pb.play(state, ("combat_retreat", 0, {"block": "Vellinck", "path": [pb.step("Estland")]}))
    assert state["battle"] is None and pb.at(state, "Vellinck") == "Estland"


def test_an_attacker_that_can_retreat_after_round_3_is_not_eliminated_instead(pb):
    """6.2: "The attacker ... must retreat if a battle is not concluded by the end of the third round"; 6.5: a block
    "must stay and fight if retreat is impossible", so only a block with no retreat left is lost (the red border
    example: "one of them is eliminated ... due to movement and stacking restrictions"). Vellinck can go back to
    Estland, so it may not give itself up with an empty path."""
    state = vellinck_after_round_3(pb)
    assert pb.refused(state, "combat_retreat", 0, {"block": "Vellinck", "path": []}, "6.5")
    legal = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    assert {"block": "Vellinck", "path": []} not in legal
    assert {"block": "Vellinck", "path": [pb.step("Estland")]} in legal
    cut_off = pb.place(state, "Repnin", "Estland")  # its one way back now holds enemy blocks
    assert pb.rules(cut_off, "combat_retreat", 0, {"block": "Vellinck", "path": []}) == []
    cut_off = pb.play(cut_off, ("combat_retreat", 0, {"block": "Vellinck", "path": []}))
    assert pb.at(cut_off, "Vellinck") == "pool"


def test_eliminated_blocks_go_to_the_pool_and_royals_die(pb):
    """6.32 NOTE: "Blocks eliminated in combat are placed in the replacement pool." 6.8: royal blocks are out for good;
    "The elimination of the Frederik IV, August II or Pjotr I royal blocks also automatically creates a TRUCE." """
    state = pb.place(attack_ingermanland(pb, "Vellinck"), "Pjotr I", "Ingermanland", 1)
    state = pb.place(state, "Schnwentz", "Novgorod")
    state = pb.place(state, "Kazanski", "Novgorod")
    state = pb.place(state, "Sjeremetev", "Novgorod")
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}))
    assert pb.at(state, "Pjotr I") == "dead"
    assert state["active"]["russia"] is False and state["truces"]["russia"] == 1700
    assert pb.at(state, "Repnin") == "pool"


def test_a_royal_truce_lets_the_victor_keep_one_conquest(pb):
    """6.9: "If the victor of the truce has conquered any garrisons, 1 may be kept. Loser's choice. Capitols are
    excluded." The fire that kills Pjotr I names the one Sweden keeps."""
    state = pb.place(attack_ingermanland(pb, "Vellinck"), "Pjotr I", "Ingermanland", 1)
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    conquests = {"Novgorod": "sweden", "Smolensk": "sweden"}
    state = pb.edit(state, control={**state["control"], **conquests}, lost={"Novgorod": "russia", "Smolensk": "russia"})
    state = pb.play(
        state, ("start_battle", 0, {"territory": "Ingermanland"}), ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]})
    )
    fatal = {"block": "Vellinck", "dice": [1, 6, 6, 6]}
    assert pb.refused(state, "combat_fire", 0, {**fatal, "keep": "Moskva"}, "6.9")
    state = pb.play(state, ("combat_fire", 0, {**fatal, "keep": "Novgorod"}))
    assert state["truces"]["russia"] == 1700
    assert state["control"]["Novgorod"] == "sweden" and state["control"]["Smolensk"] == "russia"


def test_a_royal_truce_returns_the_losers_conquests_and_st_petersburg_stays_a_harbour_4(pb):
    """6.9: "Any conquered garrisons are returned to its previous owners"; "Nyen, if upgraded to St.Peterburg remains
    a strength 4 harbour"; 4.3: "If or when the territory is re-conquered the RP table is adjusted accordingly".
    Russia holds S:t Petersburg and Ingermanland when Pjotr I falls: both go back to Sweden, with her 8 RP, and Nyen
    stays a harbour of garrison 4; Kurlandia, a Polish garrison Russia holds, goes back to Poland (README reading)."""
    state = pb.place(attack_ingermanland(pb, "Vellinck"), "Pjotr I", "Ingermanland", 1)
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    conquests = {"Nyen": "russia", "Ingermanland": "russia"}
    state = pb.edit(
        state, control={**state["control"], **conquests, "Kurlandia": "russia"}, lost={p: "sweden" for p in conquests}
    )
    state = pb.edit(state, st_petersburg=True)
    assert upkeep.rp_track(state, "sweden") == 40 - 8
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}))
    assert state["active"]["russia"] is False
    assert [state["control"][p] for p in ("Nyen", "Ingermanland", "Kurlandia")] == ["sweden", "sweden", "poland"]
    assert upkeep.rp_track(state, "sweden") == 40
    assert (board.garrison_value(state, "Nyen"), board.port_of(state, "Nyen")) == (4, "harbour")


def test_regroup_only_into_friendly_territory(pb):
    """6.6 Regrouping: "Maximum movement distance is 1 territory away to any friendly territories free of enemy blocks." """
    state = pb.place(attack_ingermanland(pb, "Vellinck"), "Pjotr I", "Ingermanland", 1)
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    state = pb.play(
        state, ("start_battle", 0, {"territory": "Ingermanland"}), ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]})
    )
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}))
    assert state["regroup"] == {"territory": "Ingermanland", "seat": 0}
    assert pb.refused(state, "regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Novgorod")}]}, "6.6")
    state = pb.play(state, ("regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Nyen")}]}))
    assert pb.at(state, "Vellinck") == "Nyen"


def test_border_limits_apply_to_a_regroup(pb):
    """6.6: "Border restrictions do apply for a Regroup"; 4.2: "RED: 2". Vellinck, Estlandska and Elfsborg beat
    Kazanski in Ingermanland; two of them may regroup across a red border into Nyen, not all three."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Estland")
    for name in ("Pjotr I", "Schnwentz", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    state = pb.place(state, "Kazanski", "Ingermanland", 1)
    swedes = ("Vellinck", "Estlandska", "Elfsborg")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", *[(n, ["Ingermanland"]) for n in swedes])))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    state = pb.play(
        state,
        ("combat_fire", 1, {"block": "Kazanski", "dice": [6]}),
        ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}),
    )
    moves = [{"block": name, "to": pb.step("Nyen", "red")} for name in swedes]
    assert pb.refused(state, "regroup", 0, {"moves": moves}, "4.2")
    assert pb.rules(state, "regroup", 0, {"moves": moves[:2]}) == []


def test_a_regroup_enters_no_neutral_territory(pb):
    """6.6: the victor regroups "to any friendly territories free of enemy blocks", where a retreat may also enter a
    neutral one (6.5): Vellinck, having beaten Flemming in Livland, may regroup into Estland, not into Kurlandia
    (Poland, not yet at war)."""
    state = vellinck_victor_in_livland(pb)
    assert pb.refused(state, "regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Kurlandia")}]}, "6.6")
    assert pb.rules(state, "regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Estland")}]}) == []


def test_6_6_a_regroup_moves_each_block_once(pb):
    """6.6: "A regroup is a move for any/all blocks in the victory territory. Maximum movement distance is 1
    territory away". Vellinck, having beaten Flemming in Livland, regroups into Estland or into Nyland, not into
    Estland and then on into Nyland by a regroup naming him twice."""
    state = vellinck_victor_in_livland(pb)
    twice = [{"block": "Vellinck", "to": pb.step("Estland")}, {"block": "Vellinck", "to": pb.step("Nyland")}]
    assert pb.refused(state, "regroup", 0, {"moves": twice}, "6.6")
    assert pb.rules(state, "regroup", 0, {"moves": twice[1:]}) == []


def test_retreats_and_regroups_follow_the_editions_borders(pb):
    """1.1, 1.5: with the edition's borders supplied, every path crosses a printed border of its printed colour;
    6.5 "Blocks retreat up to their full move" and 6.6 "A regroup is a move", so retreats and regroups too. Pjotr I
    may not retreat from Ingermanland into Moskva (no border) nor across the black border to Novgorod said red;
    Vellinck, victor there, may regroup across the red border into Nyen, not across it said black, nor into
    Karelen (no border)."""
    borders = [
        {"a": "Estland", "b": "Ingermanland", "colour": "black"},
        {"a": "Ingermanland", "b": "Novgorod", "colour": "black"},
        {"a": "Ingermanland", "b": "Nyen", "colour": "red"},
    ]
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": borders})), "Pjotr I", "Ingermanland", 1)
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    retreat = {"block": "Pjotr I", "path": [pb.step("Moskva")]}
    assert pb.refused(state, "combat_retreat", 1, retreat, "1.1")
    assert pb.refused(state, "combat_retreat", 1, {**retreat, "path": [pb.step("Novgorod", "red")]}, "1.5")
    assert pb.rules(state, "combat_retreat", 1, {**retreat, "path": [pb.step("Novgorod")]}) == []
    state = pb.play(state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}))
    regroup = {"moves": [{"block": "Vellinck", "to": pb.step("Karelen")}]}
    assert pb.refused(state, "regroup", 0, regroup, "1.1")
    assert pb.refused(state, "regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Nyen")}]}, "1.5")
    assert pb.rules(state, "regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Nyen", "red")}]}) == []


def test_a_warship_regroups_only_into_a_friendly_harbour(pb):
    """6.6: "A regroup is a move ... to any friendly territories"; 8.1: warships move through sea zones and enter
    harbours (1.4: "Harbours ... are capable of having warships entering"). Tordenskiold, victor over Wattrang in
    the Kattegat, may regroup into the harbour of Sjaelland, not into Jylland, a port."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Kattegat"})
    )
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 2, 6]}))
    assert state["regroup"] == {"territory": "Kattegat", "seat": 1}
    assert pb.refused(state, "regroup", 1, {"moves": [{"block": "Tordenskiold", "to": pb.step("Jylland")}]}, "8.1")
    assert pb.rules(state, "regroup", 1, {"moves": [{"block": "Tordenskiold", "to": pb.step("Sjaelland")}]}) == []


def test_allied_nations_fight_together(pb):
    """6.4: "The Saxon, Russian, Polish, Prussian, Hanoverian and Danish blocks can participate in the same combat
    supporting each other": Repnin, standing with the Saxons in Livland, fights in their battle (C2, after the B
    blocks, 6.21) and takes hits as they do (6.32: the owner picks among the equally strong)."""
    state = pb.place(pb.setup("12.1"), "Repnin", "Livland")
    state = pb.play(pb.actions(state, allied_roll=2), ("group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Livland"})
    )
    state = pb.play(
        state,
        ("combat_fire", 1, {"block": "August II", "dice": [6, 6, 6, 6]}),
        ("combat_fire", 1, {"block": "Flemming", "dice": [6, 6, 6, 6]}),
    )
    targets = ["Repnin", "August II"]
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 1, 6, 6], "targets": targets}))
    assert (pb.steps(state, "Repnin"), pb.steps(state, "August II"), pb.steps(state, "Flemming")) == (3, 3, 4)
    assert turn.next_combatants(state) == ["Repnin"]


def test_hits_after_a_royal_truce_land_on_the_blocks_still_fighting(pb):
    """6.32: "Each hit is applied to the currently strongest enemy block ... All hits are applied immediately"; 6.8:
    "The elimination of the ... August II ... royal blocks also automatically creates a TRUCE"; 6.9: "all of the
    losing nation's combat blocks are placed in the replacement pool". Vellinck's three hits on August II (strength
    1), Flemming (1) and Repnin (2): the first on Repnin, the second (the owner's choice) kills August II and the
    Saxons leave, so the third lands on Repnin, not on Flemming in the pool."""
    state = pb.place(pb.place(pb.setup("12.1"), "August II", "Livland", 1), "Flemming", "Livland", 1)
    state = pb.place(state, "Repnin", "Livland", 2)
    state = pb.play(pb.actions(state, allied_roll=2), ("group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))))
    state = pb.play(
        state,
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Livland"}),
        ("combat_fire", 1, {"block": "August II", "dice": [6]}),
        ("combat_fire", 1, {"block": "Flemming", "dice": [6]}),
    )
    fire = {"block": "Vellinck", "dice": [1, 1, 2, 6]}
    assert pb.refused(state, "combat_fire", 0, {**fire, "targets": ["Repnin", "August II", "Flemming"]}, "6.32")
    assert pb.refused(state, "combat_fire", 0, {**fire, "targets": ["Repnin", "August II"]}, "6.32")
    state = pb.play(state, ("combat_fire", 0, {**fire, "targets": ["Repnin", "August II", "Repnin"]}))
    assert (pb.at(state, "August II"), pb.at(state, "Flemming"), pb.at(state, "Repnin")) == ("dead", "pool", "pool")
    assert state["active"]["saxony"] is False and state["battle"] is None


def test_warships_fight_at_sea(pb):
    """8.2 Naval battles: "If both players have warships in the same sea zone, they engage each other in battle." """
    state = pb.setup("12.5")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    assert pb.engine.view(state)["battles_pending"] == ["Kattegat"]
    state = pb.play(state, ("start_battle", 0, {"territory": "Kattegat"}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 2, 6]}))
    assert pb.at(state, "Wattrang") == "pool"


def aboard_wattrang_at_battle(pb, name):
    """12.5: ``name`` aboard in the Baltic Sea sails with Wattrang (4.6) into the Kattegat, where
    the Danish fleet gives battle."""
    state = pb.place(pb.setup("12.5"), name, "Baltic Sea", aboard=True, loaded=False)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    assert pb.at(state, name) == "Kattegat"
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Kattegat"}))
    return state


def test_4_5_a_block_force_marched_aboard_is_no_supporter_in_a_naval_battle(pb):
    """4.5: "No force-marching blocks are available on Combat Round 1 when supporting a block"; 8.2: warships
    engage each other (README: the blocks aboard take no part); 6.22: only reserves "must retreat ... if the battle
    ends in Combat Round 1". 12.4: Pommerska force-marches from Wismar through Mecklenburg and Pommern aboard the
    Swedish warships in the Southern Baltic Sea; Tordenskiold attacks them there and is sunk in round 1. Pommerska
    supported no block in the fight and is no reserve: the battle ends with it still aboard, no retreat owed."""
    state = pb.place(pb.setup("12.4"), "Pommerska", "Wismar")
    state = pb.play(
        state,
        ("action_roll", 0, {"roll": 5}),
        ("action_roll", 1, {"roll": 1}),
        ("group_move", 0, pb.move("Wismar", ("Pommerska", ["Mecklenburg", "Pommern", "Southern Baltic Sea"]))),
        ("force_march", 0, {"block": "Pommerska", "roll": 5}),
        ("end_actions", 0, {}),
        ("group_move", 1, pb.move("Kattegat", ("Tordenskiold", ["Southern Baltic Sea"]))),
        ("start_battle", 0, {"territory": "Southern Baltic Sea"}),
    )
    assert state["battle"]["reserves"] == []
    state = pb.play(state, ("combat_fire", 0, {"block": "Wachtmeister", "dice": [1, 1, 1]}))
    assert state["battle"] is None and pb.at(state, "Tordenskiold") == "pool"
    assert pb.at(state, "Pommerska") == "Southern Baltic Sea" and state["blocks"]["Pommerska"]["aboard"]


def test_blocks_aboard_take_no_part_in_a_naval_battle(pb):
    """8.2: "If both players have warships in the same sea zone, they engage each other in battle and all warship hits
    are applied as if they were ground blocks"; 2.23: warships "fight enemy warships". Savolax aboard Wattrang neither
    fires nor takes a hit: Tordenskiold's hit lands on Wattrang (README reading)."""
    state = aboard_wattrang_at_battle(pb, "Savolax")
    assert turn.next_combatants(state) == ["Tordenskiold"]
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 6, 6]}))
    assert (pb.steps(state, "Wattrang"), pb.steps(state, "Savolax")) == (1, 3)
    assert turn.next_combatants(state) == ["Wattrang"]


def test_a_warship_retreating_to_harbour_takes_its_blocks_along(pb):
    """8.4: "A warship block retreating from combat are forced to go to a friendly harbour"; 4.6: the warship
    transports the regiment aboard, so it goes with the ship (and is in the harbour's territory, 8.3)."""
    state = aboard_wattrang_at_battle(pb, "Savolax")
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    retreat = {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Skane")]}
    state = pb.play(state, ("combat_retreat", 0, retreat))
    assert pb.at(state, "Wattrang") == "Skane" and pb.at(state, "Savolax") == "Skane"
    assert not state["blocks"]["Savolax"]["aboard"]


def test_after_round_3_of_a_naval_battle_the_attacking_warship_retreats_with_its_blocks(pb):
    """6.2: the attacker "must retreat if a battle is not concluded by the end of the third round"; 8.4: "A warship
    block retreating from combat are forced to go to a friendly harbour"; 8.2 (README): the blocks aboard take no
    part in the battle. Wattrang, carrying Savolax, and Tordenskiold miss for three rounds: Wattrang alone must
    retreat, Savolax is not lost with an empty path, and it lands with Wattrang in Skane."""
    state = aboard_wattrang_at_battle(pb, "Savolax")
    while not state["battle"]["retreat_due"]:
        name = turn.next_combatants(state)[0]
        seat = pb.engine.view(state)["active_seats"][0]
        state = pb.play(state, ("combat_fire", seat, {"block": name, "dice": [6] * pb.steps(state, name)}))
    assert state["battle"]["round"] == 3 and state["battle"]["retreat_due"] == ["Wattrang"]
    assert pb.refused(state, "combat_retreat", 0, {"block": "Savolax", "path": []}, "6.2")
    state = pb.play(
        state, ("combat_retreat", 0, {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Skane")]})
    )
    assert state["battle"] is None and (pb.at(state, "Wattrang"), pb.at(state, "Savolax")) == ("Skane", "Skane")


def test_a_warship_retreats_only_through_sea_zones_free_of_enemy_blocks(pb):
    """6.5: blocks retreat "only into/through Friendly or Neutral territories free of enemy blocks"; 8.4: a warship
    retreating "to a friendly harbour". Wattrang, which attacked the Kattegat from the Southern Baltic Sea, may not
    retreat through it to Skane while the Danish Juel lies there."""
    state = pb.place(aboard_wattrang_at_battle(pb, "Savolax"), "Juel", "Southern Baltic Sea")
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    retreat = {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Skane")]}
    assert pb.refused(state, "combat_retreat", 0, retreat, "6.5")


def test_a_warship_retreats_only_within_the_last_armys_map(pb):
    """6.5: a retreat is a move ("up to their full move"); 12.5: "Playable map area: Denmark, Norway and Sweden" (Sweden
    without Finland and the provinces). Wattrang, retreating from the Kattegat, may not make for the Swedish harbour in
    Pommern, only for one in Sweden such as Skane."""
    state = aboard_wattrang_at_battle(pb, "Savolax")
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    seas = [pb.step("Southern Baltic Sea")]
    assert pb.refused(state, "combat_retreat", 0, {"block": "Wattrang", "path": [*seas, pb.step("Pommern")]}, "12.5")
    assert pb.rules(state, "combat_retreat", 0, {"block": "Wattrang", "path": [*seas, pb.step("Skane")]}) == []


def test_with_no_friendly_harbour_left_a_warship_forced_to_retreat_is_lost(pb):
    """8.5: "If a player have no friendly harbours left, all warships forced to conduct a sea retreat are lost and may
    not be rebuilt until a harbour is re-conquered"; 8.2: the blocks aboard go with it. With every Swedish harbour in
    Danish hands, Wattrang must retreat after round 3 of the Kattegat battle and has nowhere to go: it is eliminated
    with Savolax aboard (its drawing into a harbour Sweden holds is 8.2's, tested with the replacements)."""
    state = aboard_wattrang_at_battle(pb, "Savolax")
    harbours = ("Skane", "Smaland", "Svealand", "Livland", "Pommern")
    state = pb.edit(state, control={**state["control"], **{h: "denmark" for h in harbours}})
    while not state["battle"]["retreat_due"]:
        name = turn.next_combatants(state)[0]
        seat = pb.engine.view(state)["active_seats"][0]
        state = pb.play(state, ("combat_fire", seat, {"block": name, "dice": [6] * pb.steps(state, name)}))
    legal = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    assert legal == [{"block": "Wattrang", "path": []}]
    state = pb.play(state, ("combat_retreat", 0, {"block": "Wattrang", "path": []}))
    assert (pb.at(state, "Wattrang"), pb.at(state, "Savolax"), state["battle"]) == ("pool", "pool", None)


def test_an_anchored_warship_retreats_by_sea_never_over_land(pb):
    """1.1: "Warship blocks cannot cross all-land territories"; 8.4: "A warship block retreating from combat are
    forced to go to a friendly harbour". Flemming attacks Pommern, where Wattrang lies anchored (8.3): Wattrang
    retreats to Skane through the Southern Baltic Sea, not straight from Pommern's harbour into Skane's."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Wattrang", "Pommern")
    state = pb.play(state, ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Livland", ("Flemming", ["Pommern"]))), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Pommern"}))
    assert pb.refused(state, "combat_retreat", 0, {"block": "Wattrang", "path": [pb.step("Skane")]}, "1.1")
    by_sea = [pb.step("Southern Baltic Sea"), pb.step("Skane")]
    state = pb.play(state, ("combat_retreat", 0, {"block": "Wattrang", "path": by_sea}))
    assert pb.at(state, "Wattrang") == "Skane"


def wattrang_attacked_in_pommern(pb, borders):
    """12.1 on a map of ``borders``: Flemming attacks Pommern from Livland, where Wattrang lies at anchor."""
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": borders})), "Wattrang", "Pommern")
    state = pb.play(state, ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Livland", ("Flemming", ["Pommern"]))), ("end_actions", 1, {}))
    return pb.play(state, ("start_battle", 0, {"territory": "Pommern"}))


def test_4_2_a_retreating_warship_stops_after_a_red_border(pb):
    """4.2: "Blocks crossing a red border are forced to stop in the recently entered territory. ... Border
    restrictions also limit RETREATS (6.5)"; 8.4: a warship retreating "are forced to go to a friendly harbour". On a
    map where Pommern's Southern Baltic Sea borders the Baltic Sea by a red border, Wattrang, anchored in Pommern when
    Flemming attacks, may not retreat across it on to Svealand, but through the Southern Baltic Sea into Skane, and
    only that retreat is offered."""
    borders = [
        {"a": "Livland", "b": "Pommern", "colour": "black"},
        {"a": "Pommern", "b": "Southern Baltic Sea", "colour": "black"},
        {"a": "Southern Baltic Sea", "b": "Baltic Sea", "colour": "red"},
        {"a": "Baltic Sea", "b": "Svealand", "colour": "black"},
        {"a": "Southern Baltic Sea", "b": "Skane", "colour": "black"},
    ]
    state = wattrang_attacked_in_pommern(pb, borders)
    svealand = [pb.step("Southern Baltic Sea"), pb.step("Baltic Sea", "red"), pb.step("Svealand")]
    assert pb.refused(state, "combat_retreat", 0, {"block": "Wattrang", "path": svealand}, "4.2")
    skane = [pb.step("Southern Baltic Sea"), pb.step("Skane")]
    offered = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    assert [m["path"] for m in offered if m["block"] == "Wattrang"] == [skane]


def test_a_warship_retreats_across_the_printed_borders_of_the_sea(pb):
    """8.4: "A warship block retreating from combat are forced to go to a friendly harbour"; 6.5: "Blocks retreat up
    to their full move", a move across the borders the map prints (1.1, 1.5), at sea as on land. On a map where
    Pommern borders the Southern Baltic Sea, which borders the Baltic Sea, which borders Svealand (Skane lies on the
    Kattegat), Wattrang, anchored in Pommern when Flemming attacks, may not retreat through the Southern Baltic Sea
    into Skane, but sails on through the Baltic Sea to Svealand, and that retreat is offered."""
    borders = [
        {"a": "Livland", "b": "Pommern", "colour": "black"},
        {"a": "Pommern", "b": "Southern Baltic Sea", "colour": "black"},
        {"a": "Southern Baltic Sea", "b": "Baltic Sea", "colour": "black"},
        {"a": "Baltic Sea", "b": "Svealand", "colour": "black"},
        {"a": "Kattegat", "b": "Skane", "colour": "black"},
    ]
    state = wattrang_attacked_in_pommern(pb, borders)
    skane = [pb.step("Southern Baltic Sea"), pb.step("Skane")]
    assert pb.refused(state, "combat_retreat", 0, {"block": "Wattrang", "path": skane}, "1.1")
    svealand = {
        "block": "Wattrang",
        "path": [pb.step("Southern Baltic Sea"), pb.step("Baltic Sea"), pb.step("Svealand")],
    }
    assert svealand in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    state = pb.play(state, ("combat_retreat", 0, svealand))
    assert pb.at(state, "Wattrang") == "Svealand"


def test_6_5_a_warship_retreats_its_full_move_of_sea_zones_and_into_a_harbour(pb):
    """6.5: "Blocks retreat up to their full move"; 8.1: "Warships ... move up to six sea zones (galley's only three)
    ... Leaving or entering a harbour also cost 1 AP"; 8.4: "A warship block retreating from combat are forced to go
    to a friendly harbour". A galley's full move is three sea zones, the harbour it enters after them on top (as a
    move of the galley takes it). Russian Galley I, attacked in the Gulf of Finland by Wattrang from the Southern
    Baltic Sea, retreats through the Baltic Sea, the Gulf of Bothnia and the North Sea into Livland (Russian), and
    that retreat is offered; through a fourth sea zone, the Kattegat, it may not."""
    borders = [
        {"a": "Gulf of Finland", "b": "Southern Baltic Sea", "colour": "black"},
        {"a": "Gulf of Finland", "b": "Baltic Sea", "colour": "black"},
        {"a": "Baltic Sea", "b": "Gulf of Bothnia", "colour": "black"},
        {"a": "Gulf of Bothnia", "b": "North Sea", "colour": "black"},
        {"a": "North Sea", "b": "Livland", "colour": "black"},
        {"a": "North Sea", "b": "Kattegat", "colour": "black"},
        {"a": "Kattegat", "b": "Livland", "colour": "black"},
    ]
    state = pb.place(pb.actions(pb.setup("12.1", map={"borders": borders})), "Russian Galley I", "Gulf of Finland")
    state = pb.place(pb.place(state, "Flemming", "Kurlandia"), "August II", "Kurlandia")
    state = pb.edit(state, control={**state["control"], "Livland": "russia"})
    state = pb.play(
        state,
        ("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Gulf of Finland"]))),
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Gulf of Finland"}),
    )
    seas = [pb.step("Baltic Sea"), pb.step("Gulf of Bothnia"), pb.step("North Sea")]
    three = {"block": "Russian Galley I", "path": [*seas, pb.step("Livland")]}
    four = {"block": "Russian Galley I", "path": [*seas, pb.step("Kattegat"), pb.step("Livland")]}
    assert pb.refused(state, "combat_retreat", 1, four, "6.5")
    assert three in [m.data for m in pb.engine.legal_moves(state, 1) if m.type == "combat_retreat"]
    state = pb.play(state, ("combat_retreat", 1, three))
    assert pb.at(state, "Russian Galley I") == "Livland" and state["battle"] is None


def test_ground_blocks_retreat_to_sea_only_where_no_enemy_warship_lies(pb):
    """6.5: blocks retreat "only into/through ... territories free of enemy blocks, and never into/through an existing
    Battle territory"; 4.6: "Enemy ships prohibit sea movement". With the Russian Galley I beside Wattrang in the Gulf
    of Finland, Vellinck may not retreat out of Estland onto Wattrang."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Wattrang", "Gulf of Finland")
    state = pb.place(state, "Russian Galley I", "Gulf of Finland")
    state = pb.play(state, ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Ingermanland", ("Pjotr I", ["Estland"]))), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Estland"}))
    assert pb.refused(state, "combat_retreat", 0, {"block": "Vellinck", "path": [pb.step("Gulf of Finland")]}, "6.5")


def test_ground_blocks_retreat_to_sea_only_onto_room_aboard(pb):
    """6.5: "Retreat out to sea onto warships"; 8.4: "it only accepts 1 army or 2 regimental blocks per warship."
    The Russians attack Estland; Wattrang in the Gulf of Finland takes Vellinck (an army), then has no room for
    Estlandska."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Wattrang", "Gulf of Finland")
    state = pb.play(state, ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Ingermanland", ("Pjotr I", ["Estland"]))), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Estland"}))
    to_sea = [pb.step("Gulf of Finland")]
    state = pb.play(state, ("combat_retreat", 0, {"block": "Vellinck", "path": to_sea}))
    assert pb.at(state, "Vellinck") == "Gulf of Finland" and state["blocks"]["Vellinck"]["aboard"]
    assert pb.refused(state, "combat_retreat", 0, {"block": "Estlandska", "path": to_sea}, "8.4")


def test_a_shared_border_is_left_only_by_the_last_to_enter(pb):
    """6.5: "If both players use the same border edge, only the last player entering may retreat via this border." """
    state = pb.place(pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Estland", 1), "Estlandska", "Estland", 3)
    state = pb.place(state, "Vellinck", "Livland", 4)
    state = pb.place(pb.place(state, "Flemming", "Kurlandia"), "August II", "Kurlandia")
    state = pb.play(state, ("group_move", 0, pb.move("Livland", ("Vellinck", ["Estland"]))), ("end_actions", 0, {}))
    state = pb.place(state, "Sjeremetev", "Livland")
    state = pb.play(state, ("group_move", 1, pb.move("Livland", ("Sjeremetev", ["Estland"]))), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Estland"}))
    assert state["battle"]["last_entry"] == {"Livland": 1}
    assert pb.refused(state, "combat_retreat", 0, {"block": "Vellinck", "path": [pb.step("Livland")]}, "6.5")


def test_rating_number_is_the_highest_hitting_roll():
    """2.12 example: "a block rated B1 only scores a hit for each 1 rolled, but a block rated B3 scores one hit for each
    1, 2, or 3 rolled." """
    dice = [1, 2, 3, 4, 5, 6]
    assert (hits_of(dice, 1), hits_of(dice, 3)) == (1, 3)


def test_reserve_example_estland_main_attack_livland_reserves(pb):
    """6.22 example: "A player has four blocks in Estland and two in Livland. Both groups (two moves) attack
    Ingermanland. The Attacker declares the Estland group as being the Main Attack ... The two blocks from Livland enter
    the battle at the beginning of Combat Round 2." """
    state = pb.setup("12.1")
    for name in ("Elfsborg", "Kronoberg"):
        state = pb.place(state, name, "Estland")
    for name in ("Savolax", "Sodermanland"):
        state = pb.place(state, name, "Livland")
    state = pb.place(pb.place(state, "Flemming", "Kurlandia"), "August II", "Kurlandia")
    state = pb.actions(state)
    estland = ("Vellinck", "Estlandska", "Elfsborg", "Kronoberg")
    state = pb.play(
        state, ("group_move", 0, pb.move("Livland", *[(n, ["Ingermanland"]) for n in ("Savolax", "Sodermanland")]))
    )
    state = pb.play(state, ("group_move", 0, pb.move("Estland", *[(n, ["Ingermanland"]) for n in estland])))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland", "main_attack_from": "Estland"}))
    assert sorted(state["battle"]["reserves"]) == ["Savolax", "Sodermanland"]
    while state["battle"]["round"] == 1:
        name = turn.next_combatants(state)[0]
        seat = pb.engine.view(state)["active_seats"][0]
        state = pb.play(state, ("combat_fire", seat, {"block": name, "dice": [6] * pb.steps(state, name)}))
    assert state["battle"]["reserves"] == [] and "Savolax" in turn.combatants(state, 0)
    # "Reserve blocks are not revealed until the beginning of Combat Round 2": then they are.
    assert {"Savolax", "Sodermanland"} <= set(pb.names(pb.engine.view(state, 1)))


def skane_attacked_by_land_and_sea(pb, state):
    """12.4 from ``state``: Rehnskiold attacks the Danes in Skane from Smaland, the main attack, and Wattrang sails
    into Skane's harbour from the Southern Baltic Sea with Elfsborg aboard; the battle begins."""
    state = pb.place(state, "Elfsborg", "Southern Baltic Sea", aboard=True, loaded=False)
    return pb.play(
        pb.place(state, "Wachtmeister", "Baltic Sea"),
        ("action_roll", 0, {"roll": 5}),
        ("action_roll", 1, {"roll": 1}),
        ("group_move", 0, pb.move("Smaland", ("Rehnskiold", ["Skane"]))),
        ("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Skane"]))),
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Skane", "main_attack_from": "Smaland"}),
    )


def test_6_22_blocks_a_warship_lands_across_another_border_are_reserves_with_it(pb):
    """6.22: "Players may move into the same battle territory via different border edges. One border edge is declared
    the Main Attack. The blocks crossing other border(s) are considered RESERVES"; 8.3: warships in harbour are
    anchored inside the territory, the blocks aboard landing with them (4.6). 12.4: Rehnskiold attacks the Danes in
    Skane from Smaland, the main attack; Wattrang sails into Skane's harbour from the Southern Baltic Sea with
    Elfsborg aboard. Both crossed the sea's border: both are reserves, Elfsborg unseen by the Allies and out of reach
    of their hits in round 1."""
    state = skane_attacked_by_land_and_sea(pb, pb.setup("12.4"))
    assert pb.at(state, "Elfsborg") == "Skane"
    assert sorted(state["battle"]["reserves"]) == ["Elfsborg", "Wattrang"]
    assert "Elfsborg" not in pb.names(pb.engine.view(state, 1))
    assert pb.refused(
        state, "combat_fire", 1, {"block": "Reventlov", "dice": [1, 6, 6, 6], "targets": ["Elfsborg"]}, "6.32"
    )


def test_6_5_reserves_retreat_out_of_the_battle_territory_not_back_into_it(pb):
    """6.22: "Reserve blocks must retreat, subject to all retreating rules, if the battle ends in Combat Round 1";
    6.5: blocks retreat "only into/through Friendly or Neutral territories ... and never into/through an existing Battle
    territory". 12.4: Rehnskiold's main attack from Smaland kills Reventlov, alone in Skane, in round 1; Wattrang,
    anchored in Skane's harbour from the Southern Baltic Sea, and Elfsborg, landed from it, are reserves and must
    retreat. Wattrang may not sail out into the Southern Baltic Sea and back into Skane's harbour, nor Elfsborg march
    to Smaland and back: each would end its retreat where it began (both were accepted, Wattrang's offered)."""
    state = pb.place(pb.place(pb.setup("12.4"), "Fynske", "pool"), "Reventlov", "Skane", 1)
    state = pb.play(
        skane_attacked_by_land_and_sea(pb, state),
        ("combat_fire", 1, {"block": "Reventlov", "dice": [6]}),
        ("combat_fire", 0, {"block": "Rehnskiold", "dice": [1, 1, 1, 1]}),
    )
    assert pb.at(state, "Reventlov") == "pool" and sorted(state["battle"]["retreat_due"]) == ["Elfsborg", "Wattrang"]
    back_to_port = {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Skane")]}
    assert pb.refused(state, "combat_retreat", 0, back_to_port, "6.5")
    retreats = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    assert back_to_port not in retreats
    assert {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Smaland")]} in retreats
    assert pb.refused(
        state, "combat_retreat", 0, {"block": "Elfsborg", "path": [pb.step("Smaland"), pb.step("Skane")]}, "6.5"
    )
    assert pb.rules(state, "combat_retreat", 0, {"block": "Elfsborg", "path": [pb.step("Smaland")]}) == []


def test_a_main_attack_lost_force_marching_leaves_the_next_group_the_main_attack(pb):
    """6.22: "One border edge is declared the Main Attack", its blocks fight in round 1; 4.5: "If a Strength 1 block
    fails a force-march roll, it is destroyed". The Allies attack Estland first with Schnwentz (strength 1,
    force-marching from Velikaya by Ingermanland), then with Pjotr I from Novgorod; Schnwentz fails its roll. The
    Ingermanland border has no block left to attack with, so Pjotr I's is the main attack: he fights in round 1 and
    takes Vellinck's two hits (1, 1, 6, 6 at B2), and Sweden, Player 1 and defender, names no main attack."""
    state = pb.place(pb.place(pb.setup("12.1"), "Pjotr I", "Novgorod"), "Schnwentz", "Velikaya", 1)
    state = pb.play(pb.actions(state), ("end_actions", 0, {}))
    state = pb.play(
        state,
        ("group_move", 1, pb.move("Velikaya", ("Schnwentz", ["Novgorod", "Ingermanland", "Estland"]))),
        ("group_move", 1, pb.move("Novgorod", ("Pjotr I", ["Estland"]))),
        ("force_march", 1, {"block": "Schnwentz", "roll": 1}),
        ("start_battle", 0, {"territory": "Estland"}),
    )
    assert pb.at(state, "Schnwentz") == "pool"
    assert state["battle"]["reserves"] == [] and turn.combatants(state, 1) == ["Pjotr I"]
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 1, 6, 6]}))
    assert pb.steps(state, "Pjotr I") == 2 and state["battle"]["round"] == 1


def test_a_royal_block_going_down_with_its_warship_is_dead(pb):
    """8.2: "Ground blocks aboard destroyed warship are likewise destroyed"; 6.8: "If any of the Royal blocks (see 2.21)
    is eliminated they are out of the game for good." Karl XII sunk with Wattrang is dead, not in the pool, and 12.5
    then reads "Nothing and lost Karl XII = Allied Major Victory"."""
    state = aboard_wattrang_at_battle(pb, "Karl XII")
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 2, 6]}))
    assert pb.at(state, "Wattrang") == "pool" and pb.at(state, "Karl XII") == "dead"
    assert victory.victory_level(state) == "Allied Major Victory"


def test_pjotr_i_going_down_with_a_warship_forces_a_russian_truce(pb):
    """8.2 and 6.8: "The elimination of the Frederik IV, August II or Pjotr I royal blocks also automatically creates a
    TRUCE (6.9)", also when the warship carrying him is destroyed."""
    state = pb.edit(pb.setup("12.3"), st_petersburg=True)
    state = pb.place(state, "Russian Galley I", "Baltic Sea", 1)
    state = pb.place(state, "Pjotr I", "Baltic Sea", aboard=True, loaded=False)
    state = pb.place(state, "Wattrang", "Southern Baltic Sea")
    state = pb.play(state, ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Baltic Sea"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Baltic Sea"}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Russian Galley I", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Wattrang", "dice": [1, 6, 6]}))
    assert pb.at(state, "Pjotr I") == "dead"
    assert state["active"]["russia"] is False and state["truces"]["russia"] == 1707


def test_a_truce_forced_by_a_retreat_ends_the_battle_of_the_blocks_it_sends_away(pb):
    """6.5: a block that must retreat and cannot is eliminated; 6.8: "The elimination of the ...
    Pjotr I royal blocks also automatically creates a TRUCE"; 6.9: "all of the losing nation's
    combat blocks are placed in the replacement pool". Pjotr I and Kazanski attacked Estland
    from Ingermanland and must retreat after round 3 (6.2), their one border back closed by
    Swedish blocks: Pjotr I retreats into nothing and dies, the truce sends Kazanski to the
    pool, and with no Russian block left to retreat the battle is over."""
    state = pb.place(pb.place(pb.setup("12.1"), "Pjotr I", "Estland"), "Kazanski", "Estland")
    state = pb.place(state, "Dalregementet", "Ingermanland")
    battle = {
        "territory": "Estland",
        "attacker": 1,
        "round": 3,
        "acted": ["Vellinck", "Estlandska", "Pjotr I", "Kazanski"],
        "reserves": [],
        "retreat_due": ["Pjotr I", "Kazanski"],
        "retreats": {},
        "attack_borders": ["Ingermanland"],
        "defence_borders": [],
        "last_entry": {"Ingermanland": 1},
        "ending": True,
    }
    state = pb.edit(state, phase="battle", player1=1, acting=None, battle=battle, attacks={"Estland": 1})
    assert pb.rules(state, "combat_retreat", 1, {"block": "Pjotr I", "path": []}) == []
    state = pb.play(state, ("combat_retreat", 1, {"block": "Pjotr I", "path": []}))
    assert pb.at(state, "Pjotr I") == "dead" and state["active"]["russia"] is False
    assert pb.at(state, "Kazanski") == "pool" and state["battle"] is None
    assert None not in pb.engine.view(state)["active_seats"] and list(pb.engine.legal_moves(state))


def british_warship_attacked_in_the_north_sea(pb, aboard=None):
    """12.4 from game turn 5 (Karl XII back): the British warship in the North Sea, ``aboard`` on it, is attacked by
    Tordenskiold from the Kattegat."""
    state = pb.setup("12.4")
    state = pb.edit(state, active={**state["active"], "britain": True}, turn=5, karl_waiting=False)
    state = pb.place(pb.place(state, "Karl XII", "Svealand"), "British Warship", "North Sea")
    if aboard:
        state = pb.place(state, aboard, "North Sea", aboard=True, loaded=False)
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 5}))
    state = pb.play(state, ("group_move", 1, pb.move("Kattegat", ("Tordenskiold", ["North Sea"]))))
    state = pb.play(state, ("end_actions", 1, {}), ("end_actions", 0, {}))
    return pb.play(state, ("start_battle", 1, {"territory": "North Sea"}))


def test_the_british_warship_retreats_into_portsmouth_with_no_one_aboard(pb):
    """8.4: "A warship block retreating from combat are forced to go to a friendly harbour"; 9.10: "No one except the
    British warship block can enter the Portsmouth box." The British warship may retreat there alone; carrying
    Elfsborg, who would land there (8.3), it may not, and makes for Småland with Elfsborg instead."""
    to_portsmouth = {"block": "British Warship", "path": [pb.step("Portsmouth")]}
    state = british_warship_attacked_in_the_north_sea(pb)
    state = pb.play(state, ("combat_retreat", 0, to_portsmouth))
    assert pb.at(state, "British Warship") == "Portsmouth" and state["battle"] is None
    state = british_warship_attacked_in_the_north_sea(pb, "Elfsborg")
    assert pb.refused(state, "combat_retreat", 0, to_portsmouth, "9.10")
    via_sea = {**to_portsmouth, "path": [pb.step("Southern Baltic Sea"), pb.step("Portsmouth")]}
    assert pb.refused(state, "combat_retreat", 0, via_sea, "9.10")
    state = pb.play(state, ("combat_retreat", 0, {"block": "British Warship", "path": [pb.step("Smaland")]}))
    assert (pb.at(state, "British Warship"), pb.at(state, "Elfsborg")) == ("Smaland", "Smaland")


def test_the_victorious_british_warship_regroups_into_portsmouth_and_carries_its_blocks(pb):
    """6.6: "the Victor may REGROUP ... to any friendly territories free of enemy blocks"; 9.10: the Portsmouth box is
    the British warship's own; 4.6: "A warship is able to transport 1 Army or 2 regiment blocks per ship". The British
    warship sinks Tordenskiold: alone, it may regroup into Portsmouth; carrying Elfsborg it may not (no one else enters
    the box), and regrouping into Småland it takes Elfsborg along, who lands there (8.3), not left at sea with no
    ship."""
    into_portsmouth = {"moves": [{"block": "British Warship", "to": pb.step("Portsmouth")}]}
    won = []
    for aboard in (None, "Elfsborg"):
        state = pb.place(british_warship_attacked_in_the_north_sea(pb, aboard), "Tordenskiold", "North Sea", 1)
        state = pb.play(state, ("combat_fire", 0, {"block": "British Warship", "dice": [1, 6, 6]}))
        assert state["battle"] is None and state["regroup"] == {"territory": "North Sea", "seat": 0}
        won.append(state)
    state = pb.play(won[0], ("regroup", 0, into_portsmouth))
    assert pb.at(state, "British Warship") == "Portsmouth"
    assert pb.refused(won[1], "regroup", 0, into_portsmouth, "9.10")
    state = pb.play(won[1], ("regroup", 0, {"moves": [{"block": "British Warship", "to": pb.step("Smaland")}]}))
    assert (pb.at(state, "British Warship"), pb.at(state, "Elfsborg")) == ("Smaland", "Smaland")
    assert not state["blocks"]["Elfsborg"]["aboard"]


def test_4_2_blocks_a_retreating_warship_lands_cross_the_border_with_it(pb):
    """4.2: "RED: 2 ... Border restrictions also limit RETREATS (6.5)"; 6.5: "If 3 blocks is forced to retreat over a
    red border, one of them is eliminated"; 4.6: "Sea movement is loading or unloading of ground blocks into warships
    and works as regular movement"; 8.4: the warship retreats to a friendly harbour, the blocks aboard landing there
    with it (8.3). Wattrang, with Savolax and Elfsborg aboard, retreating from the Kattegat through the Southern
    Baltic Sea (its attack's border) into Skane over a border logged red, would take 3 blocks across it: refused;
    over a black one (3 of 6) it may, and both land."""
    state = pb.place(pb.setup("12.5"), "Savolax", "Baltic Sea", aboard=True, loaded=False)
    state = pb.place(state, "Elfsborg", "Baltic Sea", aboard=True, loaded=False)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Kattegat"}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    over_red = {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Skane", "red")]}
    assert pb.refused(state, "combat_retreat", 0, over_red, "4.2")
    over_black = {"block": "Wattrang", "path": [pb.step("Southern Baltic Sea"), pb.step("Skane")]}
    assert over_black in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    state = pb.play(state, ("combat_retreat", 0, over_black))
    assert [pb.at(state, name) for name in ("Wattrang", "Savolax", "Elfsborg")] == ["Skane"] * 3


def test_4_2_blocks_a_regrouping_warship_lands_cross_the_border_with_it(pb):
    """4.2: "RED: 2"; 6.6: "A regroup is a move ... Border restrictions do apply for a Regroup"; 4.6: "Sea movement
    is loading or unloading of ground blocks into warships and works as regular movement"; 8.3: the blocks aboard
    land with their warship in a harbour. The British warship, having sunk Tordenskiold in the North Sea with
    Elfsborg and Kronoberg aboard, may not regroup into Smaland over a border logged red (3 blocks across it); over a
    black one it may."""
    state = pb.place(british_warship_attacked_in_the_north_sea(pb, "Elfsborg"), "Kronoberg", "North Sea", aboard=True)
    state = pb.place(state, "Tordenskiold", "North Sea", 1)
    state = pb.play(state, ("combat_fire", 0, {"block": "British Warship", "dice": [1, 6, 6]}))
    assert state["regroup"] == {"territory": "North Sea", "seat": 0}
    over_red = {"moves": [{"block": "British Warship", "to": pb.step("Smaland", "red")}]}
    assert pb.refused(state, "regroup", 0, over_red, "4.2")
    state = pb.play(state, ("regroup", 0, {"moves": [{"block": "British Warship", "to": pb.step("Smaland")}]}))
    assert [pb.at(state, name) for name in ("British Warship", "Elfsborg", "Kronoberg")] == ["Smaland"] * 3
    assert state["border_use"]["North Sea|Smaland"] == [3, 0]


def test_a_block_regrouping_from_the_ships_lands(pb):
    """6.6: the victor regroups "1 territory away to any friendly territories"; 4.6: sea movement "is loading or
    unloading of ground blocks into warships". Elfsborg, aboard the British warship that sank Tordenskiold in the North
    Sea, regroups on its own into Småland: it is no longer aboard there, so it stands in Småland like any block (it
    fights a battle there, 6.0, which blocks aboard do not, 8.2)."""
    state = pb.place(british_warship_attacked_in_the_north_sea(pb, "Elfsborg"), "Tordenskiold", "North Sea", 1)
    state = pb.play(state, ("combat_fire", 0, {"block": "British Warship", "dice": [1, 6, 6]}))
    state = pb.play(state, ("regroup", 0, {"moves": [{"block": "Elfsborg", "to": pb.step("Smaland")}]}))
    assert (pb.at(state, "British Warship"), pb.at(state, "Elfsborg")) == ("North Sea", "Smaland")
    assert not state["blocks"]["Elfsborg"]["aboard"]


def test_a_russian_truce_leaves_ukraine_russian_before_its_entry(pb):
    """6.9: "Any conquered garrisons are returned to its previous owners"; 4.8: Ukraine belongs to Russia until it
    enters the war. Vellinck kills Pjotr I, alone in Ingermanland with 1 step, in 12.1: the Russian truce hands
    Ingermanland's conquests back, but Ukraine's garrisons, Russia's own, stay Russian, not Ukraine's (a nation of the
    Swedish side not at war)."""
    state = pb.setup("12.1")
    for name in ("Sjeremetev", "Schnwentz", "Kazanski"):
        state = pb.place(state, name, "Novgorod")
    state = pb.actions(pb.place(state, "Pjotr I", "Ingermanland", 1))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}))
    assert pb.at(state, "Pjotr I") == "dead" and state["active"]["russia"] is False
    ukraine = ("Ukraiyina", "Mala Rus", "Sivershchyna", "Poltava", "Kremenchuk")
    assert {state["control"][place] for place in ukraine} == {"russia"}


def test_the_warships_left_afloat_keep_the_armies_aboard_first(pb):
    """8.2: "Ground blocks aboard destroyed warship are likewise destroyed"; 4.6: "A warship is able to transport 1 Army
    or 2 regiment blocks per ship" (README: the log does not say which ship carries which block; those left afloat keep
    the armies first, as ships parting do). Wachtmeister and Wattrang carry Savolax, Elfsborg and an edition's army,
    Stenbock, listed after them; Tordenskiold sinks Wattrang: Wachtmeister keeps Stenbock, and the regiments go down."""
    stenbock = {
        "nation": "sweden",
        "type": "army",
        "steps": 4,
        "rating": "B2",
        "move": 3,
        "train": False,
        "royal": False,
    }
    state = pb.setup("12.5", blocks={"Stenbock": stenbock})
    state = pb.place(pb.place(state, "Wachtmeister", "Baltic Sea", 1), "Wattrang", "Baltic Sea", 1)
    for name in ("Savolax", "Elfsborg", "Stenbock"):
        state = pb.place(state, name, "Baltic Sea", aboard=True, loaded=False)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}), ("end_actions", 0, {}))
    attack = pb.move("Kattegat", ("Tordenskiold", ["Southern Baltic Sea", "Baltic Sea"]))
    state = pb.play(state, ("group_move", 1, attack), ("start_battle", 0, {"territory": "Baltic Sea"}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Wachtmeister", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Wattrang", "dice": [6]}))
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 6, 6], "targets": ["Wattrang"]}))
    assert (pb.at(state, "Wattrang"), pb.at(state, "Stenbock")) == ("pool", "Baltic Sea")
    assert (pb.at(state, "Savolax"), pb.at(state, "Elfsborg")) == ("pool", "pool")


def test_a_truce_sends_the_nations_warships_to_the_pool_and_an_allys_blocks_aboard_go_down(pb):
    """6.9: "all of the losing nation's combat blocks are placed in the replacement pool", its warships at sea too;
    4.6: "A warship is able to transport 1 Army or 2 regiment blocks per ship", so an ally's blocks aboard them are left
    with no ship: those an ally's warship in the sea zone can carry stay aboard, the rest are eliminated (8.2, 8.4,
    README). Vellinck kills Pjotr I in 12.1: Russian Galley I goes to the pool; Flemming, a Saxon army aboard it alone
    in the Baltic Sea, is eliminated; with the Danish Tordenskiold beside it, Flemming stays aboard Tordenskiold."""
    state = pb.setup("12.1")
    for name in ("Sjeremetev", "Schnwentz", "Kazanski"):
        state = pb.place(state, name, "Novgorod")
    state = pb.place(state, "Russian Galley I", "Baltic Sea")
    state = pb.place(state, "Flemming", "Baltic Sea", aboard=True)
    state = pb.actions(pb.place(state, "Pjotr I", "Ingermanland", 1))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))

    def kill_pjotr(state):
        state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
        state = pb.play(state, ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}))
        return pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}))

    alone = kill_pjotr(state)
    assert alone["active"]["russia"] is False and pb.at(alone, "Russian Galley I") == "pool"
    assert (pb.at(alone, "Flemming"), pb.steps(alone, "Flemming")) == ("pool", 0)
    escorted = pb.place(pb.edit(state, active={**state["active"], "denmark": True}), "Tordenskiold", "Baltic Sea")
    escorted = kill_pjotr(escorted)
    assert pb.at(escorted, "Flemming") == "Baltic Sea" and escorted["blocks"]["Flemming"]["aboard"]
    assert pb.steps(escorted, "Flemming") == 4


def test_6_22_a_battle_whose_defender_has_only_reserves_ends_at_once(pb):
    """6.22: "The blocks crossing other border(s) are considered RESERVES and may not attack/retreat or take hits until
    the second combat round ... Reserve blocks must retreat, subject to all retreating rules, if the battle ends in
    Combat Round 1" (README: a battle ends as soon as one side has no engaged block in it); 6.9: a truce set by a
    national event sends the nation's blocks to the pool. 12.1: Vellinck attacks the Saxons in Livland; the Allies
    bring Repnin in from Novgorod (a reserve) and roll Saxony 5 with their second action, a Saxon truce. The battle then has no Allied block
    engaged: it is over before Vellinck fires, and Repnin retreats."""
    state = pb.play(pb.actions(pb.setup("12.1")), ("group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))))
    state = pb.play(
        state,
        ("end_actions", 0, {}),
        ("group_move", 1, pb.move("Novgorod", ("Repnin", ["Livland"]))),
        ("national_event", 1, {"nation": "saxony", "roll": 5}),
        ("start_battle", 0, {"territory": "Livland"}),
    )
    assert state["battle"]["retreat_due"] == ["Repnin"]
    assert pb.refused(state, "combat_fire", 0, {"block": "Vellinck", "dice": [6, 6, 6, 6]}, "6.2")
    state = pb.play(state, ("combat_retreat", 1, {"block": "Repnin", "path": [pb.step("Novgorod")]}))
    assert state["battle"] is None and state["regroup"] == {"territory": "Livland", "seat": 0}
    assert pb.at(state, "Repnin") == "Novgorod" and pb.steps(state, "Vellinck") == 4


def test_6_22_the_victors_reserves_retreat_too_when_the_battle_ends_in_round_1(pb):
    """6.22: "Reserve blocks must retreat, subject to all retreating rules, if the battle ends in Combat Round 1",
    every reserve, the victor's too. 12.1: Vellinck attacks Ingermanland from Estland, Elfsborg from Nyen (a reserve);
    Kazanski (B1, 1 step) alone defends, fires first and misses, and Vellinck's hit eliminates him: the battle is over in
    round 1 and Elfsborg goes back to Nyen, the border he attacked by (6.5), before Sweden may regroup."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen")
    for name in ("Pjotr I", "Sjeremetev", "Schnwentz"):
        state = pb.place(state, name, "Moskva")
    state = pb.place(state, "Kazanski", "Ingermanland", 1)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))))
    state = pb.play(
        state,
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Ingermanland"}),
        ("combat_fire", 1, {"block": "Kazanski", "dice": [6]}),
        ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6], "targets": ["Kazanski"]}),
    )
    assert pb.at(state, "Kazanski") == "pool"
    assert state["battle"]["retreat_due"] == ["Elfsborg"]
    state = pb.play(state, ("combat_retreat", 0, {"block": "Elfsborg", "path": [pb.step("Nyen")]}))
    assert state["battle"] is None and pb.at(state, "Elfsborg") == "Nyen" and pb.at(state, "Vellinck") == "Ingermanland"


def test_6_9_the_victor_keeps_only_a_garrison_his_side_conquered(pb):
    """6.9: "Any conquered garrisons are returned to its previous owners. If the victor of the truce has conquered any
    garrisons, 1 may be kept." Sweden holds Novgorod and Saxony Smolensk (retaken from Sweden) when Pjotr I falls to
    Vellinck: Sweden, the victor, may keep Novgorod, not Smolensk, which no victor holds; named anyway, Smolensk goes
    back to Russia with the rest."""
    state = pb.place(attack_ingermanland(pb, "Vellinck"), "Pjotr I", "Ingermanland", 1)
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    conquests = {"Novgorod": "sweden", "Smolensk": "saxony"}
    state = pb.edit(state, control={**state["control"], **conquests}, lost={"Novgorod": "russia"})
    state = pb.play(
        state, ("start_battle", 0, {"territory": "Ingermanland"}), ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]})
    )
    fatal = {"block": "Vellinck", "dice": [1, 6, 6, 6]}
    offered = {m.data.get("keep") for m in pb.engine.legal_moves(state, 0) if m.data == {**fatal, **m.data}}
    assert offered == {None, "Novgorod"}
    state = pb.play(state, ("combat_fire", 0, {**fatal, "keep": "Smolensk"}))
    assert state["active"]["russia"] is False
    assert (state["control"]["Novgorod"], state["control"]["Smolensk"]) == ("russia", "russia")


def test_6_32_any_block_may_retreat_instead_of_attacking_in_the_combat_round_example(pb):
    """6.32 Combat round example: "1. Karl XII (A3) 2. Danish Army Reventlov (B2) 3. Danish Regiment Prins Christian
    (B1) 4. Swedish Regiment Pommerska (B1) ... Any block may Retreat instead of Attacking"; 6.21: "In its Combat
    Turn, a block may either ATTACK or RETREAT". Prins Christian's combat turn is his retreat into Sjaelland (not
    into Smaland, whence the Swedes attacked, 6.5): Reventlov fires after him, then Pommerska, and round 2 begins
    without Prins Christian."""
    state = combat_round_example(pb)
    state = pb.play(state, ("combat_fire", 0, {"block": "Karl XII", "dice": [4, 5, 6, 6]}))
    assert pb.refused(state, "combat_retreat", 1, {"block": "Prins Christian", "path": [pb.step("Smaland")]}, "6.5")
    state = pb.play(state, ("combat_retreat", 1, {"block": "Prins Christian", "path": [pb.step("Sjaelland")]}))
    assert pb.at(state, "Prins Christian") == "Sjaelland" and turn.next_combatants(state) == ["Reventlov"]
    state = pb.play(state, ("combat_fire", 1, {"block": "Reventlov", "dice": [6, 6, 6, 6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Pommerska", "dice": [6, 6, 6]}))
    assert state["battle"]["round"] == 2 and turn.combatants(state, 1) == ["Reventlov"]


def test_6_4_the_swedish_sides_nations_fight_together(pb):
    """6.4: "The same type of co-operation goes for the Swedish, Ukraine, Polish, Hanoverian, Turkish and British
    blocks." 12.4 with Ukraine in the war: Mazepa stands with Rehnskiold in Smaland when Reventlov attacks from Skane.
    Both defend in the B turns before Reventlov (6.21), and Reventlov's hit lands on either, the owner's choice between
    the equally strong (6.32)."""
    state = pb.setup("12.4")
    state = pb.edit(state, active={**state["active"], "ukraine": True})
    state = pb.place(state, "Mazepa", "Smaland")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}), ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Skane", ("Reventlov", ["Smaland"]))))
    state = pb.play(state, ("start_battle", 0, {"territory": "Smaland"}))
    assert sorted(turn.next_combatants(state)) == ["Mazepa", "Rehnskiold"]
    state = pb.play(
        state,
        ("combat_fire", 0, {"block": "Mazepa", "dice": [6, 6, 6, 6]}),
        ("combat_fire", 0, {"block": "Rehnskiold", "dice": [6, 6, 6, 6]}),
        ("combat_fire", 1, {"block": "Reventlov", "dice": [1, 6, 6, 6], "targets": ["Mazepa"]}),
    )
    assert (pb.steps(state, "Mazepa"), pb.steps(state, "Rehnskiold")) == (3, 4)


def test_8_4_ground_blocks_may_not_sea_retreat_onto_anchored_warships(pb):
    """8.4: "Ground blocks may not sea retreat onto anchored warships"; 8.3: "Warships in harbour are considered
    anchored and are therefore placed inside the territory." 12.4: Reventlov attacks Rehnskiold in Smaland, where
    Wattrang and Wachtmeister lie at anchor: no Swedish warship is at sea to take him, so he may not retreat into the
    Southern Baltic Sea, and no such retreat is offered; with Wachtmeister at sea there, he may."""
    to_sea = {"block": "Rehnskiold", "path": [pb.step("Southern Baltic Sea")]}
    for at_sea in (False, True):
        state = pb.place(pb.setup("12.4"), "Wattrang", "Smaland")
        state = pb.place(state, "Wachtmeister", "Southern Baltic Sea" if at_sea else "Smaland")
        state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}), ("end_actions", 0, {}))
        state = pb.play(state, ("group_move", 1, pb.move("Skane", ("Reventlov", ["Smaland"]))))
        state = pb.play(state, ("start_battle", 0, {"territory": "Smaland"}))
        offered = to_sea in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
        assert offered is at_sea and (pb.rules(state, "combat_retreat", 0, to_sea) == []) is at_sea
        if not at_sea:
            assert pb.refused(state, "combat_retreat", 0, to_sea, "8.4")


def test_6_6_the_victor_regroups_at_the_instant_of_victory_or_not_at_all(pb):
    """6.6: "When a battle ends, the Victor may REGROUP at the instant of Victory." Karl XII kills Repnin (strength 1)
    in Novgorod and may regroup at once; once Player 1 starts the battle of Ingermanland instead, the moment has passed:
    the regroup is refused and no longer offered."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Novgorod", 1)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Karl XII", ["Novgorod"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Novgorod"})
    )
    state = pb.play(state, ("combat_fire", 0, {"block": "Karl XII", "dice": [1, 6, 6, 6]}))
    regroup = {"moves": [{"block": "Karl XII", "to": pb.step("Estland")}]}
    assert state["battle"] is None and pb.rules(state, "regroup", 0, regroup) == []
    state = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    assert pb.rules(state, "regroup", 0, regroup) != []
    assert "regroup" not in {m.type for m in pb.engine.legal_moves(state, 0)}


def test_6_2_with_no_one_moved_in_the_player_holding_the_garrison_defends(pb):
    """6.2: "The attacker (the player who moved into the territory) must retreat if a battle is not concluded by the
    end of the third round"; 4.3: "The defender holds its ground and remains in the Battle territory." In 12.4
    Lubomirski (Poland) and Mensjikov (Russia) stand together in Mazowsze when the Polish Parliament turns Poland to
    Sweden (14.2 Saxony 3): nobody moved in. Mazowsze's garrison is Poland's, now Sweden's side: Sweden, Player 1,
    defends it, and the Allies, standing in a territory the enemy holds, attack (they would have to retreat after
    round 3). Sweden was the attacker, as Player 1, with no border to retreat by."""
    state = pb.place(pb.setup("12.4"), "Mensjikov", "Mazowsze")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 3}), ("end_actions", 0, {}))
    state = pb.play(state, ("national_event", 1, {"nation": "saxony", "roll": 3, "roll2": 6}), ("end_actions", 1, {}))
    assert state["player1"] == 0 and board.controller_side(state, "Mazowsze") == 0
    state = pb.play(state, ("start_battle", 0, {"territory": "Mazowsze"}))
    assert state["battle"]["attacker"] == 1
