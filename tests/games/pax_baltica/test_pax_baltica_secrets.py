"""Hidden information: what each player, and a spectator holding no seat (NOBODY), sees of
the blocks, the pools, the Replacement Points and the moves. Expected values come from the
rulebook: Prepare for Play (the block colours), 2.11 (strength on the face of a block
standing upright), 3.41 (spying), 3.42 (moves), 3.43 (sieges), 5.2 and 5.3 (pools and
drawing), 6.1 and 6.22 (revealing in battle), 14.1 (recruitment)."""

from games.contract import Move
from games.playthrough import GAMES_DIR, load
from games.secrets import NOBODY

FACE_DOWN = {"name": None, "nation": None, "steps": None, "aboard": None}


def standing(view, place):
    """The blocks a view shows in ``place``, without the place."""
    return [{k: v for k, v in block.items() if k != "at"} for block in view["blocks"] if block["at"] == place]


def test_an_enemy_block_shows_its_colour_place_and_facing_only(pb):
    """Prepare for Play: "Russian labels (green) go on the green blocks"; 2.11: the strength is "the number on the top
    edge when the block is standing upright" (facing its owner). 12.1 sets Pjotr I, Sjeremetev, Schnwentz and Kazanski
    in Ingermanland; Pjotr I, an army, has 4 steps (2.21)."""
    state = pb.setup("12.1")
    swedish, allied = pb.engine.view(state, 0), pb.engine.view(state, 1)
    assert standing(swedish, "Ingermanland") == [{**FACE_DOWN, "colour": "green", "facing": 1}] * 4
    assert {b["name"] for b in allied["blocks"] if b["at"] == "Ingermanland"} == {
        "Pjotr I",
        "Sjeremetev",
        "Schnwentz",
        "Kazanski",
    }
    pjotr = next(b for b in allied["blocks"] if b["name"] == "Pjotr I")
    assert (pjotr["nation"], pjotr["steps"], pjotr["facing"]) == ("russia", 4, 1)


def test_grey_blocks_do_not_tell_their_nation(pb):
    """Prepare for Play: "Saxon (white), Polish (pink), Prussian (grey) labels go on the grey blocks": the Allied player
    sees a grey block facing the Swedish player in Mazowsze (12.3: Lubomirski sets up with the Swedes), not Poland."""
    state = pb.setup("12.3")
    assert {**FACE_DOWN, "colour": "grey", "facing": 0} in standing(pb.engine.view(state, 1), "Mazowsze")
    assert "poland" not in {b["nation"] for b in pb.engine.view(state, 1)["blocks"] if b["facing"] == 0}


def test_a_spectator_sees_no_block_standing_upright(pb):
    """2.11 and 6.1: until a block is revealed, only its owner sees its face; a spectator owns none. At the start of
    12.1 no block is revealed: the spectator sees every block's colour and place, and no name or strength."""
    state = pb.setup("12.1")
    spectator, arbiter = pb.engine.view(state, NOBODY), pb.engine.view(state)
    assert len(spectator["blocks"]) == len(arbiter["blocks"])
    assert all(block.items() >= FACE_DOWN.items() for block in spectator["blocks"])
    assert [(b["colour"], b["at"]) for b in spectator["blocks"]] == [(b["colour"], b["at"]) for b in arbiter["blocks"]]


def test_spying_turns_the_spied_blocks_face_up_for_everyone_but_not_the_spy(pb):
    """3.41: "The opponent has to flip all blocks within that territory and reveal them." The spy itself is not
    flipped: the Allied player and a spectator read the target, not which block spied."""
    state = pb.actions(pb.setup("12.1"))
    spy = Move("spy", 0, {"block": "Vellinck", "target": "Ingermanland"})
    state = pb.play(state, (spy.type, spy.seat, spy.data))
    for viewer in (0, NOBODY):
        revealed = {b["name"]: (b["steps"], b["facing"]) for b in pb.engine.view(state, viewer)["blocks"]}
        assert revealed["Pjotr I"] == (4, None) and revealed["Sjeremetev"] == (4, None)
    assert pb.engine.seen_data(spy, 1) == {"block": None, "target": "Ingermanland"}
    assert pb.engine.seen_data(spy, NOBODY) == {"block": None, "target": "Ingermanland"}
    assert pb.engine.seen_data(spy, 0) == spy.data


def test_the_enemy_sees_a_block_move_not_which_block(pb):
    """3.42: a group moves standing upright; the Allied player sees a blue block go from Estland to Ingermanland
    (Prepare for Play: Swedish labels go on the blue blocks), not that it is Vellinck."""
    state = pb.actions(pb.setup("12.1"))
    move = Move("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"])))
    state = pb.play(state, (move.type, move.seat, move.data))
    path = [{"to": "Ingermanland", "border": "black"}]
    assert pb.engine.seen_data(move, 1) == {"from": "Estland", "moves": [{"block": None, "path": path}]}
    assert pb.engine.seen_data(move, NOBODY) == pb.engine.seen_data(move, 1)
    assert pb.engine.seen_data(move, 0) == move.data
    assert {**FACE_DOWN, "colour": "blue", "facing": 0} in standing(pb.engine.view(state, 1), "Ingermanland")


def test_the_enemy_counts_the_pools_but_reads_none(pb):
    """5.3: the blocks of the Replacement Pools "are always kept face-down"; 12: Swedish blocks not in the set-up
    form the Swedish pool, the Russian and Saxon ones theirs. The other side and a spectator see how many."""
    state = pb.setup("12.1")
    arbiter = pb.engine.view(state)
    sizes = arbiter["pool_sizes"]
    assert pb.engine.view(state, 0)["pools"][0] == arbiter["pools"][0]
    assert pb.engine.view(state, 1)["pools"][0] == {"sweden": [None] * sizes["sweden"]}
    assert pb.engine.view(state, NOBODY)["pools"] == [
        {"sweden": [None] * sizes["sweden"]},
        {"russia": [None] * sizes["russia"], "saxony": [None] * sizes["saxony"]},
    ]
    assert "Rehnskiold" in arbiter["pools"][0]["sweden"]


def test_a_drawn_block_its_strength_and_the_rp_left_are_its_owners(pb):
    """5.2 Example 1: Saxony draws Flemming with 8 RP, 4 to draw and 2 more a step, and builds 3 steps. 5.3: the pool
    is face-down and the block is deployed standing. The Swedish player sees a grey block come to Sachsen and the
    Saxon pool shrink, not which block nor its strength; the RP left (0) would tell both, so they are the Allies'."""
    state = pb.edit(pb.setup("12.1"), season=3, year=1700, phase="weather")
    state = pb.place(pb.play(state, ("weather_roll", 0, {"roll": 1})), "Flemming", "pool", 0)
    state = pb.play(
        state,
        ("activation_roll", 1, {"nation": "denmark", "roll": 1}),
        ("activation_roll", 0, {"nation": "turkey", "roll": 1}),
        ("activation_roll", 0, {"nation": "ukraine", "roll": 1}),
    )
    pool = pb.engine.view(state)["pool_sizes"]["saxony"]
    draw = Move("draw_block", 1, {"block": "Flemming", "steps": 3, "territory": "Sachsen"})
    state = pb.play(state, (draw.type, draw.seat, draw.data))
    swedish = pb.engine.view(state, 0)
    assert pb.engine.seen_data(draw, 0) == {"block": None, "steps": None, "territory": "Sachsen"}
    assert pb.engine.seen_data(draw, 1) == draw.data
    assert swedish["pool_sizes"]["saxony"] == pool - 1
    assert {**FACE_DOWN, "colour": "grey", "facing": 1} in standing(swedish, "Sachsen")
    assert swedish["replacement_points"][1]["saxony"] is None
    assert pb.engine.view(state, 1)["replacement_points"][1]["saxony"] == 0


def test_a_reserve_retreats_from_a_battle_over_in_round_1_unrevealed(pb):
    """6.22: "Reserve blocks are not revealed until the beginning of Combat Round 2 ... Reserve blocks must retreat
    ... if the battle ends in Combat Round 1." 6.1: blocks in battle are revealed, so the firing block and its dice
    are seen by all."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    fire = Move("combat_fire", 1, {"block": "Pjotr I", "dice": [1, 1, 1, 1]})
    state = pb.play(state, (fire.type, fire.seat, fire.data))
    assert all(pb.engine.seen_data(fire, viewer) == fire.data for viewer in (0, 1, NOBODY))
    assert pb.at(state, "Vellinck") == "pool", "four hits on the only engaged Swedish block"
    assert pb.engine.view(state, 1)["battle"]["retreat_due"] == [{"block": None, "facing": 0}]
    assert pb.engine.view(state, 0)["battle"]["retreat_due"] == [{"block": "Elfsborg", "facing": 0}]
    retreat = Move("combat_retreat", 0, {"block": "Elfsborg", "path": [pb.step("Nyen")]})
    pb.play(state, (retreat.type, retreat.seat, retreat.data))
    assert pb.engine.seen_data(retreat, 1) == {"block": None, "path": [pb.step("Nyen")]}


def test_a_siege_shows_its_dice_not_its_besiegers(pb):
    """3.43: "A siege attempt is not conducted like a combat": no block is revealed for it (6.1 reveals blocks in
    battles). The dice are rolled in the open; which block rolled them stays the besieger's."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Novgorod"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    data = {"territory": "Novgorod", "rolls": [{"block": "Vellinck", "dice": [1, 2, 5, 6]}], "garrison_dice": []}
    siege = Move("siege", 0, data)
    state = pb.play(state, (siege.type, siege.seat, siege.data))
    hidden = {**data, "rolls": [{"block": None, "dice": [1, 2, 5, 6]}]}
    assert pb.engine.seen_data(siege, 1) == hidden and pb.engine.seen_data(siege, NOBODY) == hidden
    assert standing(pb.engine.view(state, 1), "Novgorod") == [{**FACE_DOWN, "colour": "blue", "facing": 0}]


def test_recruitment_names_blocks_of_both_sides_so_no_seat_reads_it(pb):
    """14.1 4: "All countries roll 1D6 and gain as many steps as the die shows": each country puts the steps on its
    own blocks, so the list of one event holds both sides' blocks. Every seat sees the dice and how many steps."""
    state = pb.edit(pb.setup("12.1"), turn=2, swedish_first_actions=None, player1=1, rolls=[None, None])
    state = pb.place(
        pb.play(state, ("action_roll", 0, {"roll": 6}), ("action_roll", 1, {"roll": 2})), "Karl XII", "Skane", 2
    )
    recruitment = [
        {"nation": "sweden", "roll": 2, "blocks": ["Karl XII", "Karl XII"]},
        {"nation": "russia", "roll": 1, "blocks": []},
        {"nation": "saxony", "roll": 3, "blocks": []},
    ]
    event = Move("general_event", 0, {"roll": 4, "recruitment": recruitment})
    pb.play(state, (event.type, event.seat, event.data))
    for viewer in (0, 1, NOBODY):
        seen = pb.engine.seen_data(event, viewer)["recruitment"]
        assert [(r["nation"], r["roll"], r["blocks"]) for r in seen] == [
            ("sweden", 2, [None, None]),
            ("russia", 1, []),
            ("saxony", 3, []),
        ]
    assert pb.engine.seen_data(event, None) == event.data


def test_the_end_of_the_game_turns_no_block_face_up(pb):
    """12.5 ends on its victory conditions; no rule turns the blocks face up at the end, so the finished table still
    stands face-down to the other side (whether a finished play is shown whole is the records service's choice)."""
    playthrough = load(GAMES_DIR / "pax_baltica" / "playthroughs" / "last_army_swedish_major_victory.json")
    state = pb.engine.setup(playthrough.seats, playthrough.options)
    for move in playthrough.moves():
        state = pb.engine.apply(state, move)
    allied = pb.engine.view(state, 1)
    assert allied["finished"]
    swedish_standing = [b for b in allied["blocks"] if b["facing"] == 0]
    assert swedish_standing and all(block.items() >= FACE_DOWN.items() for block in swedish_standing)
    assert all(b["name"] is not None for b in pb.engine.view(state, 0)["blocks"] if b["facing"] == 0)


def test_6_1_blocks_aboard_warships_in_a_naval_battle_stay_hidden(pb):
    """6.1: "Reveal blocks in battles by tipping them forward to maintain current strength"; 8.2: "If both players
    have warships in the same sea zone, they engage each other in battle": the warships fight, the ground blocks
    aboard them take no part (README reading, ``test_blocks_aboard_take_no_part_in_a_naval_battle``), so they are not
    revealed. Wattrang carries Savolax into the Kattegat against Tordenskiold: the Danish player and a spectator see
    Wattrang's face, not Savolax's."""
    state = pb.place(pb.setup("12.5"), "Savolax", "Baltic Sea", aboard=True, loaded=False)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Kattegat"})
    )
    for viewer in (1, NOBODY):
        seen = standing(pb.engine.view(state, viewer), "Kattegat")
        assert {**FACE_DOWN, "colour": "blue", "facing": 0} in seen
        assert {
            "name": "Wattrang",
            "nation": "sweden",
            "colour": "blue",
            "steps": 2,
            "aboard": False,
            "facing": None,
        } in seen
        assert "Savolax" not in {block["name"] for block in seen}
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Wattrang", "dice": [6, 6]}))
    assert state["battle"]["round"] == 2
    assert "Savolax" not in pb.names(pb.engine.view(state, 1)), "round 2 reveals reserves, not the blocks aboard"


def test_6_22_a_warships_reserve_reveals_its_ship_not_its_passengers_in_round_2(pb):
    """6.22: "Reserve blocks are not revealed until the beginning of Combat Round 2"; 8.2: only the warships engage in
    a naval battle. Wattrang with Savolax aboard and Wachtmeister enter the Kattegat by two borders: Wachtmeister's is
    the main attack, Wattrang a reserve. In round 2 the Danish player sees Wattrang's face, never Savolax's."""
    state = pb.place(pb.setup("12.5"), "Savolax", "Baltic Sea", aboard=True, loaded=False)
    state = pb.place(state, "Wachtmeister", "North Sea", 1)
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    state = pb.play(state, ("group_move", 0, pb.move("North Sea", ("Wachtmeister", ["Kattegat"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Southern Baltic Sea", "Kattegat"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("start_battle", 0, {"territory": "Kattegat", "main_attack_from": "North Sea"}))
    assert state["battle"]["reserves"] and "Wattrang" in state["battle"]["reserves"]
    assert not {"Wattrang", "Savolax"} & pb.names(pb.engine.view(state, 1))
    state = pb.play(state, ("combat_fire", 1, {"block": "Tordenskiold", "dice": [6, 6, 6]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Wachtmeister", "dice": [6]}))
    assert state["battle"]["round"] == 2
    seen = pb.names(pb.engine.view(state, 1))
    assert "Wattrang" in seen and "Savolax" not in seen


def test_3_41_spied_blocks_stand_up_again_when_they_move_and_at_the_next_game_turn(pb):
    """3.41: "The opponent has to flip all blocks within that territory and reveal them"; the rulebook says no more,
    and the engine stands them up again when they move and at the next game turn (README "Hidden blocks"). Vellinck
    spies into Ingermanland; Pjotr I then marches to Novgorod: he stands face-down there, the three left behind stay
    seen until the game turn ends."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("spy", 0, {"block": "Vellinck", "target": "Ingermanland"}), ("end_actions", 0, {}))
    state = pb.play(state, ("group_move", 1, pb.move("Ingermanland", ("Pjotr I", ["Novgorod"]))))
    for viewer in (0, NOBODY):
        seen = pb.engine.view(state, viewer)
        assert {"Sjeremetev", "Schnwentz", "Kazanski"} <= pb.names(seen) and "Pjotr I" not in pb.names(seen)
        assert {**FACE_DOWN, "colour": "green", "facing": 1} in standing(seen, "Novgorod")
    state = pb.play(
        state, ("end_actions", 1, {}), ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []})
    )
    assert state["phase"] == "action_roll" and state["turn"] == 2
    assert all(block["facing"] == 1 for block in standing(pb.engine.view(state, 0), "Ingermanland"))
    assert not {"Sjeremetev", "Schnwentz", "Kazanski"} & pb.names(pb.engine.view(state, 0))


def test_6_1_a_block_seen_in_battle_stands_up_again_when_it_retreats(pb):
    """6.1: "Reveal blocks in battles by tipping them forward"; a block retreating (6.5) leaves the battle and stands
    upright again where it goes, while those still fighting stay seen by both players and a spectator."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    state = pb.play(state, ("combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Novgorod")]}))
    for viewer in (0, NOBODY):
        seen = pb.engine.view(state, viewer)
        assert "Pjotr I" not in pb.names(seen) and {"Sjeremetev", "Vellinck"} <= pb.names(seen)
    assert pb.engine.view(state, NOBODY)["battle"]["acted"] == [{"block": None, "facing": 1}]


def test_a_spectator_sees_no_block_a_player_does_not_see(pb):
    """2.11, 6.1, 6.22: a spectator holds no seat, so sees a block's face only where both players do: in a battle
    with a reserve waiting (Elfsborg from Nyen, 6.22), the Swedish player reads his reserve, the Allied player and the
    spectator do not; every block the spectator reads both players read."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    swedish, allied, spectator = (pb.engine.view(state, viewer) for viewer in (0, 1, NOBODY))
    assert pb.names(spectator) <= pb.names(swedish) & pb.names(allied)
    assert pb.names(spectator) == {"Vellinck", "Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski"}
    assert "Elfsborg" in pb.names(swedish) and "Elfsborg" not in pb.names(allied)
