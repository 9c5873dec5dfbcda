"""Legal moves and sentences (issue #17): tables built by hand, the legal moves worked out
from the rulebook by hand, and the sentences a person at the table would say."""

from games.contract import Move
from games.pax_baltica import ENGINE

NAMES = ["Astrid", "Boris"]
#: 10.1: "The Swedish player may at any time during the game cede the territories of Bremen-Verden to Hanover or
#: Pommern to Prussia": offered in every phase while Sweden holds them (12.1's set-up).
CESSIONS = [Move("cede_territory", 0, {"territory": place}) for place in ("Bremen-Verden", "Pommern")]


def legal(state, seat=None, type_=None):
    return [m for m in ENGINE.legal_moves(state, seat) if type_ is None or m.type == type_]


def test_3_1_the_allied_action_roll_is_each_face_of_the_die(pb):
    """3.1 and 12.1 ("Swedish player starts with 3 actions first turn"): on the first turn only
    the Allied player rolls, one move per face (with no optional rule, no earlier die: the
    re-roll list, when given, is empty); Sweden may only cede (10.1)."""
    state = pb.setup("12.1")
    expected = [Move("action_roll", 1, {"roll": r}) for r in range(1, 7)]
    expected += [Move("action_roll", 1, {"roll": r, "rerolled_from": []}) for r in range(1, 7)]
    assert legal(state) == expected + CESSIONS
    assert legal(state, 0) == CESSIONS


def test_3_1_the_action_roll_is_said_with_its_actions(pb):
    """3.1: "4-5: 3 actions", "6: Roll on the Event table"."""
    state = pb.setup("12.1")
    said = ENGINE.narrate(state, Move("action_roll", 1, {"roll": 4}), None, NAMES)
    assert said == "Boris (the Allies) rolls a 4 on the Action table: 3 actions."
    said = ENGINE.narrate(state, Move("action_roll", 1, {"roll": 6}), 0, NAMES)
    assert said == "Boris (the Allies) rolls a 6 on the Action table: an event."


def test_never_mind_the_weather_is_each_face_for_sweden(pb):
    """Never mind the weather: after winter the Swedish player rolls one die; 5 or 6 allows a
    move with Karl XII (and 10.1's cessions, at any time)."""
    state = pb.edit(pb.setup("12.1"), phase="weather", weather=True, acting=0)
    assert legal(state) == [Move("weather_roll", 0, {"roll": r}) for r in range(1, 7)] + CESSIONS
    said = ENGINE.narrate(state, Move("weather_roll", 0, {"roll": 5}), 1, NAMES)
    assert said == "Astrid (Sweden) rolls a 5 for the weather: Karl XII may make one more move."


def test_4_5_a_force_march_roll_is_each_face_and_keeps_the_block_secret(pb):
    """4.5: after all movement one die for each force-marching block (1-3: lose 1 step per
    extra territory). Sweden owes Vellinck's roll for 2 extra territories and has no action
    left: the six faces are the only moves (but 10.1's cessions, at any time)."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.edit(state, pending_force_march={"Vellinck": 2}, actions=[0, 2])
    expected = [Move("force_march", 0, {"block": "Vellinck", "roll": r}) for r in range(1, 7)]
    assert legal(state) == expected + CESSIONS
    move = Move("force_march", 0, {"block": "Vellinck", "roll": 2})
    said = ENGINE.narrate(state, move, None, NAMES)
    assert said == "Astrid (Sweden) rolls a 2 for the force march of Vellinck: it loses 2 step(s)."
    said = ENGINE.narrate(state, move, 1, NAMES)
    assert said == "Astrid (Sweden) rolls a 2 for the force march of a block: it loses steps."


def battle_of_ingermanland(pb):
    """12.1: Sweden attacks Ingermanland with Vellinck (B2, 4 steps) alone; Pjotr I (B3) stands
    there alone with 2 steps; the battle begins."""
    state = pb.setup("12.1")
    for name in ("Sjeremetev", "Schnwentz", "Kazanski"):
        state = pb.place(state, name, "Novgorod")
    state = pb.place(state, "Pjotr I", "Ingermanland", 2)
    state = pb.actions(state)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    return pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))


def test_6_31_pjotr_i_fires_every_outcome_of_two_dice(pb):
    """6.21: both blocks are B, the defender first: Pjotr I fires. 6.31: two dice (strength 2),
    a hit on 1 to 3. The 21 outcomes of two dice (order aside), each once as rolled and once
    with its hits named (6.32) on Vellinck, the only enemy block (an empty list for a miss):
    21 + 21 = 42 fire moves, none for Sweden (but 10.1's cessions, at any time)."""
    state = battle_of_ingermanland(pb)
    fires = legal(state, None, "combat_fire")
    outcomes = [[a, b] for a in range(1, 7) for b in range(a, 7)]
    expected = []
    for dice in outcomes:
        hits = sum(1 for d in dice if d <= 3)
        expected.append(Move("combat_fire", 1, {"block": "Pjotr I", "dice": dice}))
        expected.append(Move("combat_fire", 1, {"block": "Pjotr I", "dice": dice, "targets": ["Vellinck"] * hits}))
    assert len(expected) == 42
    assert fires == expected
    assert legal(state, 0) == CESSIONS


def test_3_41_and_4_2_on_a_printed_map_every_spy_and_group_move_offered_is_legal(pb):
    """3.41: "Spying may only be performed by army or regimental blocks into a neighbouring
    territory"; 4.2: "The maximum number of blocks that each player can move across any
    border in one Game Turn ... RED: 2". Spies and group moves are exact (README "Legal
    moves": only the first is checked), so on the edition's map each one offered must pass
    check: spies only into a neighbour (none from Skane, whose borders this map leaves out),
    and with one Swedish block already across the red border into Livland, single blocks only from Estland (the
    warships at sea may enter Livland's harbour: this map prints no border of the sea)."""
    borders = [
        {"a": "Estland", "b": "Ingermanland", "colour": "black"},
        {"a": "Estland", "b": "Livland", "colour": "red"},
        {"a": "Livland", "b": "Kurlandia", "colour": "black"},
        {"a": "Ingermanland", "b": "Novgorod", "colour": "black"},
    ]
    state = pb.edit(pb.actions(pb.setup("12.1", map={"borders": borders})), border_use={"Estland|Livland": [1, 0]})
    offered = legal(state, 0, "spy") + legal(state, 0, "group_move")
    assert [m for m in offered if ENGINE.check(state, m)] == []
    spies = [(m.data["block"], m.data["target"]) for m in offered if m.type == "spy"]
    assert spies == [(b, t) for b in ("Estlandska", "Vellinck") for t in ("Ingermanland", "Livland")]
    into_livland = [
        m.data["moves"]
        for m in offered
        if m.type == "group_move" and m.data["from"] == "Estland" and m.data["moves"][0]["path"][0]["to"] == "Livland"
    ]
    assert [[e["block"] for e in moves] for moves in into_livland] == [["Estlandska"], ["Vellinck"]]


def test_6_31_a_fire_is_said_with_its_hits(pb):
    """6.31: Pjotr I (B3) rolls 1 and 5: one hit, on Vellinck (a battle is fought face up, 6.1)."""
    state = battle_of_ingermanland(pb)
    move = Move("combat_fire", 1, {"block": "Pjotr I", "dice": [1, 5], "targets": ["Vellinck"]})
    expected = "Boris (the Allies) fires with Pjotr I, rolling 1 and 5: 1 hit on Vellinck."
    assert ENGINE.narrate(state, move, None, NAMES) == expected
    assert ENGINE.narrate(state, move, 0, NAMES) == expected


def test_3_42_an_attack_is_said_and_the_other_side_sees_how_many_blocks(pb):
    """3.42: blocks moving into a territory holding enemy blocks attack it; 2.11: the enemy sees
    blocks go, not which."""
    state = pb.actions(pb.setup("12.1"))
    move = Move("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]), ("Estlandska", ["Ingermanland"])))
    said = ENGINE.narrate(state, move, None, NAMES)
    assert said == "Astrid (Sweden) attacks Ingermanland with Vellinck and Estlandska from Estland."
    said = ENGINE.narrate(state, move, 1, NAMES)
    assert said == "Astrid (Sweden) attacks Ingermanland with 2 blocks from Estland."


def test_5_3_a_drawn_block_is_said_and_kept_secret(pb):
    """5.3: the pool is face-down; the block drawn and its steps are its owner's."""
    state = pb.setup("12.1")
    move = Move("draw_block", 0, {"block": "Wattrang", "steps": 3, "territory": "Skane"})
    said = ENGINE.narrate(state, move, None, NAMES)
    assert said == "Astrid (Sweden) draws Wattrang from the replacement pool and builds it to 3 steps in Skane."
    said = ENGINE.narrate(state, move, 1, NAMES)
    assert said == "Astrid (Sweden) draws a block from the replacement pool in Skane."


def test_14_2_a_result_asking_for_nothing_refuses_blocks(pb):
    """14.2 Saxony 1 (bad harvest) asks for no block: naming blocks with it is refused, so the
    legal moves (which never name them) are complete."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("end_actions", 0, {}))
    move = Move("national_event", 1, {"nation": "saxony", "roll": 1, "blocks": ["x"]})
    assert pb.refused(state, move.type, move.seat, move.data, "14.2")
    assert [m for m in legal(state, 1, "national_event") if m.data["nation"] == "saxony" and m.data["roll"] == 1] == [
        Move("national_event", 1, {"nation": "saxony", "roll": 1})
    ]


def test_13_1_a_run_of_re_rolled_6s_of_any_length_is_represented(pb):
    """13.1 Events ("may re-roll the second die roll", and a re-rolled 6 is again a 6 on two
    consecutive turns): a run of four re-rolled 6s is legal; the legal moves offer runs of up
    to 3 (README, Legal moves: Re-rolls), so ``action_roll`` is a representative move, its
    choices complete by type and seat."""
    state = pb.edit(pb.setup("12.5", optional_rules=["13.1"]), last_event=[True, False])
    long_run = Move("action_roll", 0, {"roll": 3, "rerolled_from": [6, 6, 6, 6]})
    assert ENGINE.check(state, long_run) == [] and long_run not in legal(state)
    assert "action_roll" in ENGINE.representative_choices
    assert {"roll": 3, "rerolled_from": [6, 6, 6]} in [m.data for m in legal(state, 0, "action_roll")]


#: An edition's borders of the land only (README "Options": steps to, from and between sea
#: zones are then taken as logged).
LAND_BORDERS = [
    {"a": "Vastergotland", "b": "Skane", "colour": "black"},
    {"a": "Estland", "b": "Ingermanland", "colour": "black"},
]


def test_4_6_and_8_1_on_a_map_of_the_land_s_borders_blocks_land_and_warships_enter_a_harbour(pb):
    """4.6: "you are also allowed to unload ground blocks into an enemy port or harbour"; 8.1:
    "Leaving or entering a harbour also cost 1 AP". With the borders of the land only, which
    sea zone touches which coast is not printed: Ostgota aboard in the Southern Baltic Sea may
    land in Pommern, Wattrang may enter Skane's harbour, and both are offered (they were not:
    from a sea zone only other sea zones were)."""
    state = pb.actions(pb.setup("12.1", map={"borders": LAND_BORDERS}))
    state = pb.place(state, "Ostgota", "Southern Baltic Sea", aboard=True)
    landing = Move("group_move", 0, pb.move("Southern Baltic Sea", ("Ostgota", ["Pommern"])))
    anchoring = Move("group_move", 0, pb.move("Southern Baltic Sea", ("Wattrang", ["Skane"])))
    offered = legal(state, 0, "group_move")
    for move in (landing, anchoring):
        assert ENGINE.check(state, move) == []
        assert move in offered


def test_4_6_on_a_map_of_the_land_s_borders_a_block_moves_over_land_then_boards(pb):
    """4.6: sea movement "works as regular movement ... conducted via a friendly port or
    harbour" (README: a block may move over land before boarding, in the same move). Elfsborg
    (infantry, move 2) walks from Vastergotland into Skane, a Swedish harbour, and boards
    Wattrang and Wachtmeister in the Southern Baltic Sea: offered on a map of the land's
    borders, where the sea's are not printed."""
    state = pb.actions(pb.setup("12.1", map={"borders": LAND_BORDERS}))
    boarding = Move("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Skane", "Southern Baltic Sea"])))
    assert ENGINE.check(state, boarding) == []
    assert boarding in legal(state, 0, "group_move")


def test_6_6_on_a_map_of_the_land_s_borders_a_warship_regroups_into_a_harbour(pb):
    """6.6: the victor regroups "1 territory away to any friendly territories"; 8.1: warships
    enter harbours. Tordenskiold, victor over Wattrang in the Kattegat, may regroup into the
    Danish harbour of Sjaelland; with the land's borders only (the Kattegat's coasts unprinted)
    that regroup is offered (it was not: no border of a sea zone is printed)."""
    state = pb.setup("12.5", map={"borders": LAND_BORDERS})
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Kattegat"})
    )
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [1, 2, 6]}))
    assert state["regroup"] == {"territory": "Kattegat", "seat": 1}
    regroup = Move("regroup", 1, {"moves": [{"block": "Tordenskiold", "to": pb.step("Sjaelland")}]})
    assert ENGINE.check(state, regroup) == []
    assert regroup in legal(state, 1, "regroup")


def test_14_2_diplomacy_asks_for_no_second_die_nor_blocks(pb):
    """14.2 Sweden 4 (Diplomacy) asks for a truce partner at most (none here: neither Hanover
    nor Prussia is at war in 1700); a second die (roll2, the Polish Parliament's) or blocks
    named with it are refused, as for every other result, so that the legal moves, which never
    name them, are complete (README "Legal moves"). They were accepted."""
    state = pb.actions(pb.setup("12.1"))
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 4, "roll2": 3}, "14.2")
    assert pb.refused(state, "national_event", 0, {"nation": "sweden", "roll": 4, "blocks": ["Vellinck"]}, "14.2")
    assert pb.rules(state, "national_event", 0, {"nation": "sweden", "roll": 4}) == []
    sweden_4 = [m.data for m in legal(state, 0, "national_event") if m.data["roll"] == 4]
    assert sweden_4 == [{"nation": "sweden", "roll": 4}]


def test_6_9_a_kept_conquest_is_offered_only_with_the_siege_that_makes_the_truce(pb):
    """6.9: "If the victor of the truce has conquered any garrisons, 1 may be kept"; 10.5: the
    Turks whose territories are all occupied are "forced to a TRUCE (see 6.9)". Mensjikov (C2,
    4 steps) besieges Besarabya (garrison 2), the last Turkish territory: his 1, 2, 6, 6 take it
    and make the truce, so Besarabya may be kept; his 6, 6, 6, 6 take nothing, make no truce and
    keep nothing, and that siege is offered without a `keep` only (README "Legal moves": a keep
    is offered only when the siege takes a capital or the Turks' last territory)."""
    state = pb.setup("12.4")
    state = pb.edit(
        state, active={**state["active"], "turkey": True}, phase="battle", player1=1, sieges={"Besarabya": 1}
    )
    state = pb.place(pb.place(state, "Karl XII", "Svealand"), "Turkish Army", "Krakow")
    state = pb.place(state, "Mensjikov", "Besarabya")
    sieges = [m.data for m in legal(state, 1, "siege")]
    taken = {"territory": "Besarabya", "rolls": [{"block": "Mensjikov", "dice": [1, 2, 6, 6]}], "garrison_dice": [6, 6]}
    failed = {
        "territory": "Besarabya",
        "rolls": [{"block": "Mensjikov", "dice": [6, 6, 6, 6]}],
        "garrison_dice": [6, 6],
    }
    assert taken in sieges and {**taken, "keep": "Besarabya"} in sieges
    assert failed in sieges and {**failed, "keep": "Besarabya"} not in sieges


#: An edition's borders of the sea (a made-up chain of sea zones and their harbours and ports).
SEA_BORDERS = [
    {"a": a, "b": b, "colour": "black"}
    for a, b in (
        ("North Sea", "Kattegat"),
        ("Kattegat", "Southern Baltic Sea"),
        ("Southern Baltic Sea", "Baltic Sea"),
        ("Baltic Sea", "Gulf of Finland"),
        ("Sjaelland", "Kattegat"),
        ("Skane", "Kattegat"),
        ("Skane", "Southern Baltic Sea"),
        ("Pommern", "Southern Baltic Sea"),
        ("Livland", "Baltic Sea"),
        ("Smaland", "Baltic Sea"),
        ("Estland", "Gulf of Finland"),
        ("Skane", "Smaland"),
    )
]


def test_8_1_every_warship_course_check_accepts_is_offered_on_a_map_of_the_sea(pb):
    """8.1: "Warships (or groups of warships) move up to six sea zones ... at a cost of 1 AP. Leaving or entering a
    harbour also cost 1 AP." With the sea's borders printed, Wattrang anchored in Skane, with 1, 2 or 3 actions: every
    course along the borders that check accepts is offered: out of Skane into the Kattegat (1 AP) with any, on to the
    Gulf of Finland (leaving and sailing, 2 AP) with 2 or 3, into Livland's harbour after three sea zones (leaving,
    sailing, entering: 3 AP) with 3 only."""
    courses = []

    def walk(path, here):
        for border in SEA_BORDERS:
            there = border["b"] if border["a"] == here else border["a"] if border["b"] == here else None
            if there is not None and there != "Skane" and there not in path and len(path) < 8:
                courses.append([*path, there])
                walk([*path, there], there)

    walk([], "Skane")
    for actions in (1, 2, 3):
        state = pb.place(pb.actions(pb.setup("12.1", map={"borders": SEA_BORDERS})), "Wattrang", "Skane")
        state = pb.edit(state, actions=[actions, 0])
        moves = [Move("group_move", 0, pb.move("Skane", ("Wattrang", course))) for course in courses]
        accepted = [m for m in moves if ENGINE.check(state, m) == []]
        offered = legal(state, 0, "group_move")
        assert accepted and all(m in offered for m in accepted)
        reached = [[step["to"] for step in m.data["moves"][0]["path"]] for m in accepted]
        assert ["Kattegat"] in reached
        assert (["Kattegat", "Southern Baltic Sea", "Baltic Sea", "Gulf of Finland"] in reached) == (actions >= 2)
        assert (["Kattegat", "Southern Baltic Sea", "Baltic Sea", "Livland"] in reached) == (actions == 3)
