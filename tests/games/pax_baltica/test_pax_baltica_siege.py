"""Sieges (3.43, 6.7), conquests and their RP (4.3, 5.1), truces (6.9)."""

from games.kit import Table
from games.pax_baltica import ENGINE, upkeep, victory
from games.pax_baltica.siege import conquer


def besiege_novgorod(pb, *names, origin="Estland"):
    """12.1, first turn: Repnin leaves Novgorod; Swedish blocks march in (a free siege, 3.43)."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva")
    for name in names:
        state = pb.place(state, name, origin)
    state = pb.play(state, ("group_move", 0, pb.move(origin, *[(n, ["Novgorod"]) for n in names])))
    return pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))


def test_moving_into_an_empty_enemy_territory_allows_a_free_siege(pb):
    """3.43 Siege: "As a result of movement if moving into an empty, (non-occupied) enemy territory." """
    state = besiege_novgorod(pb, "Vellinck")
    assert state["phase"] == "battle" and state["sieges"] == {"Novgorod": 0}


def test_enough_hits_break_the_garrison_and_cost_its_owner_4_rp(pb):
    """3.43.a: "a player must inflict equal or more hits than the strength of the garrison"; 4.3: "the original
    territorial owner loses 4 RP." """
    state = besiege_novgorod(pb, "Vellinck")
    before = upkeep.rp_track(state, "russia")
    state = pb.play(
        state,
        (
            "siege",
            0,
            {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 2, 5, 6]}], "garrison_dice": []},
        ),
    )
    assert state["control"]["Novgorod"] == "sweden"
    assert upkeep.rp_track(state, "russia") == before - 4
    assert state["phase"] == "supply"


def test_the_conqueror_gains_no_rp(pb):
    """5.1 and 4.3: "A player never gains RP's by conquering a territory": Sweden takes Novgorod and its Replacement
    Table stays at 40."""
    state = besiege_novgorod(pb, "Vellinck")
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 2, 5, 6]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 0, data))
    assert state["control"]["Novgorod"] == "sweden" and upkeep.rp_track(state, "sweden") == 40


def test_re_conquest_restores_the_rp(pb):
    """4.3: "If or when the territory is re-conquered the RP table is adjusted accordingly." """
    state = besiege_novgorod(pb, "Vellinck")
    state = pb.play(
        state,
        (
            "siege",
            0,
            {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 2, 5, 6]}], "garrison_dice": []},
        ),
    )
    table = Table(state)
    conquer(table, "Novgorod", "russia", None)
    assert upkeep.rp_track(table.state, "russia") == upkeep.rp_track(pb.setup("12.1"), "russia")


def test_the_garrison_fires_back_as_c1(pb):
    """6.7: "Garrisons are treated as C1 blocks ... Roll as many dice as the strength of the garrison." """
    state = besiege_novgorod(pb, "Vellinck")
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 5, 5, 6]}], "garrison_dice": [1, 1]}
    assert pb.refused(state, "siege", 0, data, "6.7"), "one hit taken: the garrison has strength 1 left"
    state = pb.play(state, ("siege", 0, {**data, "garrison_dice": [1]}))
    assert pb.steps(state, "Vellinck") == 3 and state["control"]["Novgorod"] == "russia"
    assert state["garrison_hits"] == {"Novgorod": 1}


def test_a_failed_siege_does_not_make_the_attacker_retreat(pb):
    """6.5: "An Attacker does not need to retreat due to a failed Siege attempt": Vellinck misses Novgorod's garrison
    of 2 and stays there into the supply phase."""
    state = besiege_novgorod(pb, "Vellinck")
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [6, 6, 6, 6]}], "garrison_dice": [6, 6]}
    state = pb.play(state, ("siege", 0, data))
    assert state["control"]["Novgorod"] == "russia"
    assert pb.at(state, "Vellinck") == "Novgorod" and state["phase"] == "supply"


def test_regiments_only_besiege_garrisons_of_value_1(pb):
    """3.43.b: "regimental blocks can only besiege garrisons with defence value 1." """
    state = besiege_novgorod(pb, "Vellinck", "Estlandska")
    data = {"territory": "Novgorod", "rolls": [{"block": "Estlandska", "dice": [1, 2, 3]}], "garrison_dice": []}
    assert pb.refused(state, "siege", 0, data, "3.43.b")


def test_a_regiment_besieges_a_garrison_of_1_but_joins_no_army_before_a_2(pb):
    """3.43.b: "All garrisons may be besieged by Army blocks, but regimental blocks can only besiege garrisons with
    defence value 1": Estlandska alone besieges Velikaya (1); before Novgorod (2) it may not roll beside Vellinck,
    who may alone."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Estlandska", "Estland")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Estlandska", ["Velikaya"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    alone = {"territory": "Velikaya", "rolls": [{"block": "Estlandska", "dice": [1, 6, 6]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 0, alone))
    assert state["control"]["Velikaya"] == "sweden"
    state = besiege_novgorod(pb, "Vellinck", "Estlandska")
    both = [{"block": "Vellinck", "dice": [6, 6, 6, 6]}, {"block": "Estlandska", "dice": [6, 6, 6]}]
    data = {"territory": "Novgorod", "rolls": both, "garrison_dice": [6, 6]}
    assert pb.refused(state, "siege", 0, data, "3.43.b")
    assert pb.rules(state, "siege", 0, {**data, "rolls": both[:1]}) == []


def test_no_siege_is_declared_where_enemy_blocks_stand(pb):
    """3.42 (reading): "When moving into a territory where the enemy have declared a siege, the siege attempt is broken
    off and replaced by a regular battle": a siege is never declared where enemy blocks stand, which is a battle.
    Vellinck, attacking Repnin in Novgorod, may not declare a siege of it there."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Vellinck", "Velikaya")
    state = pb.play(state, ("group_move", 0, pb.move("Velikaya", ("Vellinck", ["Novgorod"]))))
    assert pb.refused(state, "declare_siege", 0, {"territory": "Novgorod"}, "3.43")


def test_transit_territories_have_no_garrison_to_besiege(pb):
    """4.7: "Mecklenburg and Schlesien are both transit territories that don't provide FP's nor do they have garrisons
    to control": Ostgota moving into empty Mecklenburg makes no free siege (3.43)."""
    state = pb.play(pb.actions(pb.setup("12.1")), ("group_move", 0, pb.move("Pommern", ("Ostgota", ["Mecklenburg"]))))
    assert state["sieges"] == {} and "Mecklenburg" not in state["control"]


def test_one_siege_attempt_per_block_per_turn(pb):
    """3.43.b: "IMPORTANT: You can only make one siege attempt per block per turn." """
    state = besiege_novgorod(pb, "Vellinck")
    state = pb.place(state, "Vellinck", "Novgorod", sieged=True)
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 2, 3, 4]}], "garrison_dice": []}
    assert pb.refused(state, "siege", 0, data, "3.43.b")


def test_two_nations_never_besiege_together(pb):
    """6.4 Co-operation: "2, or more, nations may not perform siege attempts against the same garrison." """
    state = pb.setup("12.3")
    state = pb.place(state, "Ogilvy", "Moskva")
    state = pb.place(state, "Lewenhaupt", "Velikaya")
    state = pb.place(state, "Lubomirski", "Velikaya")
    state = pb.edit(state, phase="battle", player1=0, sieges={"Velikaya": 0}, declared_sieges={"Velikaya": 0})
    rolls = [{"block": "Lewenhaupt", "dice": [6, 6, 6, 6]}, {"block": "Lubomirski", "dice": [6, 6, 6, 6]}]
    assert pb.refused(state, "siege", 0, {"territory": "Velikaya", "rolls": rolls, "garrison_dice": [6]}, "6.4")
    assert pb.rules(state, "siege", 0, {"territory": "Velikaya", "rolls": rolls[:1], "garrison_dice": [6]}) == []


def test_declaring_a_siege_needs_a_block_there(pb):
    """3.43: "When performing a Siege attempt by paying 1 action, the attacker must already have one block in the
    territory." """
    state = pb.actions(pb.setup("12.1"))
    assert pb.refused(state, "declare_siege", 0, {"territory": "Novgorod"}, "3.43")
    state = pb.place(pb.place(state, "Repnin", "Moskva"), "Vellinck", "Novgorod")
    state = pb.play(state, ("declare_siege", 0, {"territory": "Novgorod"}))
    assert state["declared_sieges"] == {"Novgorod": 0}


def test_a_declared_siege_must_be_conducted(pb):
    """3.43: a siege attempt paid with an action is conducted in the battle phase."""
    state = pb.place(pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva"), "Vellinck", "Novgorod")
    state = pb.play(
        state, ("declare_siege", 0, {"territory": "Novgorod"}), ("end_actions", 0, {}), ("end_actions", 1, {})
    )
    assert pb.refused(state, "supply_check", 0, {"losses": []}, "6.1")


def test_entering_a_besieged_territory_breaks_the_siege(pb):
    """3.42: "When moving into a territory where the enemy have declared a siege, the siege attempt is broken off and
    replaced by a regular battle." """
    state = pb.place(pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Velikaya"), "Vellinck", "Novgorod")
    state = pb.play(state, ("declare_siege", 0, {"territory": "Novgorod"}), ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Velikaya", ("Repnin", ["Novgorod"]))), ("end_actions", 1, {}))
    assert pb.engine.view(state)["battles_pending"] == ["Novgorod"]
    state = pb.play(state, ("start_battle", 0, {"territory": "Novgorod"}))
    assert state["sieges"] == {} and state["declared_sieges"] == {}


def test_3_42_an_enemy_block_lost_force_marching_into_a_besieged_territory_breaks_no_siege(pb):
    """3.42: "When moving into a territory where the enemy have declared a siege, the siege attempt is broken off and
    replaced by a regular battle"; 4.5: "If a Strength 1 block fails a force-march roll, it is destroyed". Estlandska
    moves into empty Velikaya (a free siege, 3.43); Kazanski, at strength 1, force-marches in after it and fails his
    roll: no battle replaces the siege, which Sweden still makes (as a block lost force-marching neither pins nor
    attacks, 4.4, 6.22). Had he passed it, the battle would have replaced the siege."""
    state = pb.actions(pb.setup("12.1"), allied_roll=4)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Estlandska", ["Velikaya"]))), ("end_actions", 0, {}))
    state = pb.place(state, "Kazanski", "Ingermanland", 1)
    march = pb.move("Ingermanland", ("Kazanski", ["Novgorod", "Karelen", "Nyen", "Velikaya"]))
    state = pb.play(state, ("group_move", 1, march))
    passed = pb.play(state, ("force_march", 1, {"block": "Kazanski", "roll": 5}), ("end_actions", 1, {}))
    assert pb.engine.view(passed)["battles_pending"] == ["Velikaya"]
    passed = pb.play(passed, ("start_battle", 0, {"territory": "Velikaya"}))
    assert passed["sieges"] == {}
    state = pb.play(state, ("force_march", 1, {"block": "Kazanski", "roll": 1}), ("end_actions", 1, {}))
    assert pb.at(state, "Kazanski") == "pool"
    assert state["sieges"] == {"Velikaya": 0} and pb.engine.view(state)["battles_pending"] == []
    assert any(m.type == "siege" for m in pb.engine.legal_moves(state, 0))


def test_a_fallen_capital_is_a_truce(pb):
    """3.43.a: "A successful siege on a capitol (underlined) results in a TRUCE (6.9)"; 6.9: "all of the losing
    nation's combat blocks are placed in the replacement pool." """
    state = besiege_novgorod(pb, "Karl XII", origin="Estland")
    state = pb.place(state, "Karl XII", "Sachsen")
    state = pb.edit(state, sieges={"Sachsen": 0})
    data = {"territory": "Sachsen", "rolls": [{"block": "Karl XII", "dice": [1, 2, 3, 1]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 0, data))
    assert state["active"]["saxony"] is False and pb.at(state, "Flemming") == "pool"
    assert state["control"]["Sachsen"] == "saxony", "6.9: capitals are never kept"


def test_sweden_makes_no_truce_when_its_capital_falls(pb):
    """6.9 (reading): Sweden is the war's one side and never leaves it; a fallen Svealand is a lost homeland garrison
    (4.3: -4 RP, 11.3: -8 more), not a truce that would empty the Swedish side of the board."""
    state = pb.place(pb.setup("12.4"), "Rantzau", "Svealand")
    state = pb.edit(state, phase="battle", player1=1, sieges={"Svealand": 1}, declared_sieges={})
    data = {"territory": "Svealand", "rolls": [{"block": "Rantzau", "dice": [1, 1, 1, 1]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 1, data))
    assert state["active"]["sweden"] and "sweden" not in state["truces"] and pb.at(state, "Elfsborg") == "Vastergotland"
    assert state["control"]["Svealand"] == "denmark" and victory.victory_rp(state) == 40 - 4 - 8


def test_a_capital_of_a_nation_already_out_of_the_war_falls_without_a_new_truce(pb):
    """6.9, 6.10: a truce is called for a nation in the war ("A nation that has been forced out of the game due to a
    truce may after 3 years roll for activation"); one already out is not forced out again. In 12.3 Saxony is out by
    its truce of 1706; with Sachsen's garrison held by its Russian ally, Rehnskiold takes it: the garrison is
    Sweden's (a lost Saxon garrison, 4.3: Saxony's 8 RP down to 4), and Saxony still rolls from 1710, its truce
    neither restarted nor handing Sachsen back."""
    state = pb.setup("12.3")
    state = pb.edit(state, control={**state["control"], "Sachsen": "russia"}, phase="battle", player1=0)
    state = pb.edit(state, sieges={"Sachsen": 0})
    data = {"territory": "Sachsen", "rolls": [{"block": "Rehnskiold", "dice": [1, 1, 2, 2]}], "garrison_dice": []}
    state = pb.play(state, ("siege", 0, data))
    assert state["control"]["Sachsen"] == "sweden" and state["truces"] == {"saxony": 1706}
    assert upkeep.rp_track(state, "saxony") == 8 - 4
    assert upkeep.activation_need(pb.edit(state, year=1710), "saxony") == 6


def test_a_free_siege_may_be_forgone_but_a_declared_one_not(pb):
    """3.43: "When moving into an empty enemy territory a free Siege attempt may be performed"; a siege declared by
    paying 1 action is conducted."""
    state = besiege_novgorod(pb, "Vellinck")
    state = pb.play(state, ("forgo_siege", 0, {"territory": "Novgorod"}))
    assert state["phase"] == "supply" and state["control"]["Novgorod"] == "russia"
    declared = pb.edit(besiege_novgorod(pb, "Vellinck"), declared_sieges={"Novgorod": 0})
    assert pb.refused(declared, "forgo_siege", 0, {"territory": "Novgorod"}, "3.43")


def test_player_1_may_not_skip_the_other_players_free_siege(pb):
    """3.43 / The game: the supply phase follows once all siege attempts are conducted."""
    state = pb.edit(besiege_novgorod(pb, "Vellinck"), player1=1)
    assert pb.refused(state, "supply_check", 1, {"losses": []}, "3.43")


def test_while_the_other_players_free_siege_waits_player_1_has_no_move(pb):
    """3.43 / 7.0: the supply checks begin "After all combat is done", Player 1 first: while the
    Swedish player (seat 0) may still attempt or forgo his free siege of Novgorod, the Allied
    Player 1 (seat 1) has no move, and the table names only the Swedish player; once the
    siege is forgone, Player 1 begins the supply checks (10.1's cessions are Sweden's at any time)."""
    state = pb.edit(besiege_novgorod(pb, "Vellinck"), player1=1)
    view = ENGINE.view(state)
    assert (view["active_seats"], view["legal_event_types"]) == ([0], ["siege", "forgo_siege"])
    offered = {(move.type, move.seat) for move in ENGINE.legal_moves(state)}
    assert offered == {("siege", 0), ("forgo_siege", 0), ("cede_territory", 0)}
    state = pb.play(state, ("forgo_siege", 0, {"territory": "Novgorod"}))
    assert ENGINE.view(state)["active_seats"] == [1]


def test_every_battle_is_fought_before_the_sieges(pb):
    """The game, Battle Phase (reading, README): "Battles ... are fought one at a time, in any sequence determined
    by Player 1. All Siege attempts are conducted." Vellinck marches into empty Novgorod (a free siege) and
    Estlandska attacks Ingermanland: the battle comes first, and Novgorod's siege waits for it."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva")
    moves = pb.move("Estland", ("Vellinck", ["Novgorod"]), ("Estlandska", ["Ingermanland"]))
    state = pb.play(state, ("group_move", 0, moves), ("end_actions", 0, {}), ("end_actions", 1, {}))
    assert state["sieges"] == {"Novgorod": 0}
    assert ENGINE.view(state)["legal_event_types"] == ["start_battle"]
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 1, 1, 1]}], "garrison_dice": []}
    assert pb.refused(state, "siege", 0, data, "6.1")


def russians_besieging_nyen(pb, *names):
    """12.1: Russian blocks stand in Nyen (garrison 1, 11.2), whose siege is due in the battle phase."""
    state = pb.setup("12.1")
    for name in names:
        state = pb.place(state, name, "Nyen")
    return pb.edit(state, phase="battle", player1=0, acting=None, sieges={"Nyen": 1}, declared_sieges={"Nyen": 1})


def test_a_garrison_killing_pjotr_i_leaves_the_other_russian_besiegers_no_fire(pb):
    """6.7: the garrison fires as a C1 block, after the B besiegers and before the C ones (6.21); 6.8: "The
    elimination of the ... Pjotr I royal blocks also automatically creates a TRUCE"; 6.9: "all of the losing nation's
    combat blocks are placed in the replacement pool". Pjotr I (B3, strength 1) and Repnin (C2, strength 1) besiege
    Nyen (garrison 1, 11.2): Pjotr I misses, the garrison's 1 lands on him (the owner's choice between equals,
    6.32), and Repnin, in the pool, rolls no die: Nyen stays Swedish."""
    state = pb.place(pb.place(russians_besieging_nyen(pb), "Pjotr I", "Nyen", 1), "Repnin", "Nyen", 1)
    data = {"territory": "Nyen", "garrison_dice": [1], "targets": ["Pjotr I"]}
    fired = [{"block": "Pjotr I", "dice": [6]}, {"block": "Repnin", "dice": [1]}]
    assert pb.refused(state, "siege", 1, {**data, "rolls": fired}, "6.31")
    state = pb.play(state, ("siege", 1, {**data, "rolls": [fired[0], {"block": "Repnin", "dice": []}]}))
    assert pb.at(state, "Pjotr I") == "dead" and pb.at(state, "Repnin") == "pool"
    assert state["active"]["russia"] is False and state["control"]["Nyen"] == "sweden"


def test_the_garrison_fires_before_c_besiegers_and_not_once_broken(pb):
    """6.7: "Garrisons are treated as C1 blocks"; 6.21: "Defending 'A' blocks go before Attacking 'A' blocks, and so
    on"; 3.43.a: the garrison breaks at "equal or more hits than the strength of the garrison". Repnin (C2, strength
    4) besieges Nyen: the garrison fires first, its 1 takes a step, and Repnin rolls 3 dice, not 4; its 1 breaks
    the garrison. Pjotr I (B3) fires before the garrison: his 1 breaks it, and the garrison rolls no die."""
    state = russians_besieging_nyen(pb, "Repnin")
    data = {"territory": "Nyen", "garrison_dice": [1]}
    assert pb.refused(state, "siege", 1, {**data, "rolls": [{"block": "Repnin", "dice": [1, 6, 6, 6]}]}, "6.31")
    taken = pb.play(state, ("siege", 1, {**data, "rolls": [{"block": "Repnin", "dice": [1, 6, 6]}]}))
    assert pb.steps(taken, "Repnin") == 3 and taken["control"]["Nyen"] == "russia"
    state = russians_besieging_nyen(pb, "Pjotr I")
    rolls = [{"block": "Pjotr I", "dice": [1, 6, 6, 6]}]
    assert pb.refused(state, "siege", 1, {"territory": "Nyen", "rolls": rolls, "garrison_dice": [1]}, "6.7")
    taken = pb.play(state, ("siege", 1, {"territory": "Nyen", "rolls": rolls, "garrison_dice": []}))
    assert pb.steps(taken, "Pjotr I") == 4 and taken["control"]["Nyen"] == "russia"


def test_the_garrison_fires_at_the_besiegers_only(pb):
    """6.7: "A garrison may fight back any siege attempt" (README reading): its hits land on the strongest of the
    blocks making the attempt (6.32), not on a stronger one standing by. Vellinck (2 steps) besieges Novgorod (2)
    beside Estlandska (3 steps, a regiment, which may not besiege it, 3.43.b): the garrison's 1 takes Vellinck's
    step."""
    state = besiege_novgorod(pb, "Vellinck", "Estlandska")
    state = pb.place(state, "Vellinck", "Novgorod", 2)
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [6, 6]}], "garrison_dice": [1, 6]}
    state = pb.play(state, ("siege", 0, data))
    assert pb.steps(state, "Vellinck") == 1 and pb.steps(state, "Estlandska") == 3


def battle_and_siege(pb, pjotr_steps=4):
    """12.1, first turn: Vellinck attacks Pjotr I in Ingermanland (the other Russians gone to
    Moskva) and Lewenhaupt marches into an empty Novgorod (a free siege, 3.43)."""
    state = pb.place(pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva"), "Lewenhaupt", "Estland")
    state = pb.place(state, "Pjotr I", "Ingermanland", pjotr_steps)
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    return pb.play(
        state,
        ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))),
        ("group_move", 0, pb.move("Estland", ("Lewenhaupt", ["Novgorod"]))),
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
    )


LEWENHAUPT_TAKES_NOVGOROD = {
    "territory": "Novgorod",
    "rolls": [{"block": "Lewenhaupt", "dice": [1, 2, 6, 6]}],
    "garrison_dice": [],
}


def test_sieges_follow_the_battles(pb):
    """6.1: "Battles must be fought one by one ... Player 1 determines which battle is fought first"; 3.43: "all
    siege attempts are made during the battle phase" (README reading: after the battles). The battle of
    Ingermanland comes before the siege of Novgorod."""
    state = battle_and_siege(pb)
    assert state["sieges"] == {"Novgorod": 0} and pb.engine.view(state)["legal_event_types"] == ["start_battle"]
    assert pb.refused(state, "siege", 0, LEWENHAUPT_TAKES_NOVGOROD, "6.1")


def test_a_truce_ends_the_sieges_of_its_nations_garrisons(pb):
    """6.9: "A truce ... ends all hostilities"; "Any conquered garrisons are returned to its previous owners". Pjotr I
    (strength 1) falls in Ingermanland before the siege of Novgorod: Russia is out of the war, the siege lapses, and
    Novgorod stays Russian."""
    state = battle_and_siege(pb, pjotr_steps=1)
    state = pb.play(
        state,
        ("start_battle", 0, {"territory": "Ingermanland"}),
        ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}),
        ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}),
    )
    assert state["active"]["russia"] is False and state["sieges"] == {}
    assert pb.refused(state, "siege", 0, LEWENHAUPT_TAKES_NOVGOROD, "6.1")
    state = pb.play(state, ("supply_check", 0, {"losses": []}))
    assert state["control"]["Novgorod"] == "russia"


def test_one_siege_attempt_a_territory_a_turn_by_every_block_there(pb):
    """3.43: a free siege "When moving into an empty enemy territory"; 3.43.b: "one siege attempt per block per turn";
    6.4: "2, or more, nations may not perform siege attempts against the same garrison" (README reading: one attempt
    a territory a turn). Lewenhaupt stood in Novgorod before Vellinck marched in: both roll in the free siege, and
    once it is made no second attempt follows that turn."""
    state = pb.place(besiege_novgorod(pb, "Vellinck"), "Lewenhaupt", "Novgorod")
    rolls = [{"block": "Vellinck", "dice": [1, 6, 6, 6]}, {"block": "Lewenhaupt", "dice": [6, 6, 6, 6]}]
    state = pb.play(state, ("siege", 0, {"territory": "Novgorod", "rolls": rolls, "garrison_dice": [6]}))
    assert state["garrison_hits"] == {"Novgorod": 1} and state["control"]["Novgorod"] == "russia"
    assert state["sieges"] == {} and state["phase"] == "supply"


def test_6_7_the_garrisons_targets_name_the_hits_it_scores_and_no_more(pb):
    """6.7: "Garrisons only hits on 1: s"; 6.32: "Each hit is applied to the currently strongest enemy block. When two
    or more blocks share the highest Strength, the owner chooses which to reduce." The siege's `targets` name the
    block each of the garrison's hits lands on, as a combat fire's do: Novgorod's garrison (2) rolls 6, 6 against
    Vellinck (who misses): no hit, so no target may be named (Karl XII is not even there); rolling 1, 6 it scores one
    hit, on Vellinck, named once, not twice."""
    state = besiege_novgorod(pb, "Vellinck")
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [6, 5, 5, 6]}]}
    assert pb.refused(state, "siege", 0, {**data, "garrison_dice": [6, 6], "targets": ["Vellinck"]}, "6.32")
    assert pb.refused(state, "siege", 0, {**data, "garrison_dice": [6, 6], "targets": ["Karl XII"]}, "6.32")
    twice = {**data, "garrison_dice": [1, 6], "targets": ["Vellinck", "Vellinck"]}
    assert pb.refused(state, "siege", 0, twice, "6.32")
    state = pb.play(state, ("siege", 0, {**twice, "targets": ["Vellinck"]}))
    assert pb.steps(state, "Vellinck") == 3


def test_3_43_b_a_declared_siege_no_block_left_may_make_lapses(pb):
    """3.43.b: "regimental blocks can only besiege garrisons with defence value 1"; 6.9: a truce and "all of the
    losing nation's combat blocks are placed in the replacement pool". The Allies declare a siege of Karelen (garrison
    2) with Flemming (a Saxon army) and Kazanski (a Russian regiment) there; August II (1 step) falls to Vellinck in
    Livland before it: Saxony's truce takes Flemming to the pool, and Kazanski alone may not besiege a garrison of 2.
    Nobody may make the attempt: the siege lapses, the garrison stays Swedish and the game goes on to supply (it
    waited for the siege that could never be made, and nobody had a move)."""
    state = pb.place(pb.place(pb.setup("12.1"), "Flemming", "Karelen"), "Kazanski", "Karelen")
    state = pb.actions(pb.place(state, "August II", "Livland", 1))
    state = pb.play(
        state,
        ("group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))),
        ("end_actions", 0, {}),
        ("declare_siege", 1, {"territory": "Karelen"}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Livland"}),
        ("combat_fire", 1, {"block": "August II", "dice": [6]}),
        ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}),
    )
    assert state["active"]["saxony"] is False and pb.at(state, "Flemming") == "pool"
    assert state["sieges"] == {} and state["declared_sieges"] == {}
    state = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    assert state["control"]["Karelen"] == "sweden" and state["phase"] == "action_roll"


def test_3_43_b_a_regiment_moving_into_an_empty_garrison_of_2_makes_no_free_siege(pb):
    """3.43: a siege "As a result of movement if moving into an empty, (non-occupied) enemy territory"; 3.43.b:
    "regimental blocks can only besiege garrisons with defence value 1". Kazanski, a Russian regiment, marches into
    Karelen (a Swedish garrison of 2, empty): no block of the Allies there may besiege it, so there is no free siege
    for them to make or forgo: with no battle either, the battle phase is over and Player 1 (Sweden) begins the supply
    checks. Had Sjeremetev (an army) come too, the free siege would be theirs."""
    state = pb.play(pb.actions(pb.setup("12.1")), ("end_actions", 0, {}))
    alone = pb.play(
        state, ("group_move", 1, pb.move("Ingermanland", ("Kazanski", ["Karelen"]))), ("end_actions", 1, {})
    )
    assert alone["sieges"] == {} and alone["phase"] == "supply"
    assert pb.rules(alone, "forgo_siege", 1, {"territory": "Karelen"}) != []
    alone = pb.play(alone, ("supply_check", 0, {"losses": []}))
    both = pb.move("Ingermanland", ("Kazanski", ["Karelen"]), ("Sjeremetev", ["Karelen"]))
    state = pb.play(state, ("group_move", 1, both), ("end_actions", 1, {}))
    assert state["sieges"] == {"Karelen": 1}


def test_10_2_russia_regains_the_8_rp_only_by_its_own_siege(pb):
    """10.2: "Russia loses 8 RP's for the first Russian (or Ukraine if they are not activated) territory lost to the
    Turk due to a siege. Russia regains the lost RP's when they have besieged and re-conquered the territory." The
    Turks take Smolensk: Russia loses 4 (4.3) and 8. The Poles retake it: the 4 come back (4.3 "If or when the
    territory is re-conquered"), the 8 do not, Russia has not besieged it; the Turks take it again and Russia
    besieges it back: both come back."""
    table = Table(pb.setup("12.1"))
    printed = upkeep.rp_track(table.state, "russia")
    conquer(table, "Smolensk", "turkey", None)
    assert upkeep.rp_track(table.state, "russia") == printed - 4 - 8
    conquer(table, "Smolensk", "poland", None)
    assert upkeep.rp_track(table.state, "russia") == printed - 8
    conquer(table, "Smolensk", "turkey", None)
    assert upkeep.rp_track(table.state, "russia") == printed - 4 - 8
    conquer(table, "Smolensk", "russia", None)
    assert upkeep.rp_track(table.state, "russia") == printed
