"""The sequence of play: action rolls, Player 1, the action phase, the year, the weather."""

from games.contract import Move


def test_action_table_gives_actions_by_roll(pb):
    """3.1 Action table: "6: Roll on the Event table, 4-5: 3 actions, 2-3: 2 actions, 1: 1 action." """
    for roll, actions in ((1, 1), (2, 2), (3, 2), (4, 3), (5, 3)):
        state = pb.play(
            pb.setup("12.5"), ("action_roll", 0, {"roll": 6 if roll < 6 else 1}), ("action_roll", 1, {"roll": roll})
        )
        assert state["actions"][1] == actions


def test_highest_roll_is_player_1(pb):
    """The game, Action-roll Phase: "The player with the highest die result becomes Player 1 this turn." """
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 4}))
    view = pb.engine.view(state)
    assert view["player1"] == 1 and view["phase"] == "action" and view["active_seats"] == [1]


def test_ties_go_to_the_former_player_2(pb):
    """The game, Action-roll Phase: "Ties go to the former player 2." """
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("supply_check", 0, {"losses": []}))
    state = pb.play(state, ("supply_check", 1, {"losses": []}))
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 3}))
    assert state["player1"] == 1


def test_tie_on_the_first_turn_is_rolled_again(pb):
    """The game, Action-roll Phase: "If tie on first turn of the game: -roll again", two events too (README: any
    tie); then the higher die makes Player 1."""
    for tie in (4, 6):
        state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": tie}), ("action_roll", 1, {"roll": tie}))
        assert state["phase"] == "action_roll" and state["rolls"] == [None, None] and state["player1"] is None
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 5}))
    assert state["player1"] == 1 and state["actions"] == [2, 3]


def test_no_action_is_carried_into_the_next_turn(pb):
    """3.0: "No actions can be saved or carried forward into the next year or turn"; 3.1: "No Actions can be
    accumulated for future use." Sweden ends a turn with its 3 actions unused and rolls a 1 the next: 1 action."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("supply_check", 0, {"losses": []}))
    state = pb.play(state, ("supply_check", 1, {"losses": []}))
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 2}))
    assert state["actions"] == [1, 2]


def test_swedish_player_starts_with_3_actions(pb):
    """12.1: "Swedish player starts with 3 actions first turn" (read: Sweden does not roll and is Player 1)."""
    state = pb.setup("12.1")
    assert pb.engine.view(state)["active_seats"] == [1]
    assert pb.refused(state, "action_roll", 0, {"roll": 4}, "The game: Action-roll Phase")
    state = pb.actions(state, allied_roll=5)
    assert state["player1"] == 0 and state["actions"] == [3, 3] and state["acting"] == 0


def test_an_allied_event_on_the_first_turn_makes_the_allies_player_1(pb):
    """The game: "If an event is rolled (a roll of a 6), that player is Player 1", also against Sweden's three
    fixed first-turn actions (12.1); the Allied event gives no actions (3.1), so Sweden acts after it."""
    state = pb.actions(pb.setup("12.1"), allied_roll=6)
    assert state["player1"] == 1 and state["phase"] == "events" and state["actions"] == [3, 0]
    state = pb.play(state, ("general_event", 1, {"roll": 1}))
    assert state["phase"] == "action" and state["acting"] == 0 and pb.engine.view(state)["active_seats"] == [0]


def test_a_six_is_an_event_and_makes_player_1(pb):
    """The game: "If an event is rolled (a roll of a 6), that player is Player 1." 3.1: 6 gives no actions."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 6}), ("action_roll", 1, {"roll": 5}))
    assert state["player1"] == 0 and state["phase"] == "events" and state["actions"] == [0, 3]
    assert pb.refused(state, "end_actions", 0, {}, "3.1 Action table")
    state = pb.play(state, ("general_event", 0, {"roll": 1}))
    assert state["phase"] == "action" and state["acting"] == 1


def test_both_events_end_the_game_turn(pb):
    """The game: "If both players' results are events, each player's event are rolled ... Then the game turn ends." """
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 4}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("supply_check", 0, {"losses": []}))
    state = pb.play(
        state, ("supply_check", 1, {"losses": []}), ("action_roll", 0, {"roll": 6}), ("action_roll", 1, {"roll": 6})
    )
    assert state["event_due"] == [1, 0]
    state = pb.play(state, ("general_event", 1, {"roll": 1}), ("general_event", 0, {"roll": 1}))
    assert state["phase"] == "weather" and state["season"] == 3


def test_only_the_acting_player_moves(pb):
    """The game, Action Phase: "Player 1 first completes all desired Actions and then Player 2." """
    state = pb.actions(pb.setup("12.1"))
    assert pb.refused(state, "end_actions", 1, {}, "3.3 Action sequence")
    state = pb.play(state, ("end_actions", 0, {}))
    assert state["acting"] == 1


def test_actions_follow_the_printed_order(pb):
    """3.3 Action sequence: "Spying. Moves. Declare a Siege attempt. National event. Rebuilding." """
    state = pb.actions(pb.setup("12.1"))
    assert pb.rules(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"]))) == []
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 6}))
    assert pb.refused(state, "group_move", 0, pb.move("Estland", ("Vellinck", ["Livland"])), "3.3 Action sequence")


def test_each_action_may_repeat_but_never_follow_a_later_one(pb):
    """3.3: "Actions must be performed in following order: 1. Spying. 2. Moves. 3. Declare a Siege attempt. 4.
    National event roll result execution. 5. Rebuilding new steps." Two moves in a row are fine (3.2 example); a spy
    after a move, or a siege declared after a step rebuilt, is out of order."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Novgorod"]))))
    spy = {"block": "Estlandska", "target": "Ingermanland"}
    assert pb.refused(state, "spy", 0, spy, "3.3 Action sequence")
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Dalregementet", ["Smaland"]))))
    siege = {"territory": "Novgorod"}
    assert pb.rules(state, "declare_siege", 0, siege) == []
    state = pb.play(pb.place(state, "Karl XII", "Skane", 3), ("rebuild", 0, {"block": "Karl XII"}))
    assert pb.refused(state, "declare_siege", 0, siege, "3.3 Action sequence")


def test_no_action_without_action_points(pb):
    """3.2 Action choices: "For each Action Point (AP) a player can either ..."; with none left, no action."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("national_event", 1, {"nation": "denmark", "roll": 5}))
    assert state["acting"] == 1 and state["actions"] == [1, 1]
    state = pb.play(state, ("national_event", 1, {"nation": "denmark", "roll": 6}))
    assert state["acting"] == 0, "the Allied player's actions are spent: Sweden acts"
    assert pb.refused(pb.edit(state, actions=[0, 0]), "national_event", 0, {"nation": "sweden", "roll": 6}, "3.2")


def test_never_mind_the_weather_after_winter(pb):
    """Special end year turn: "On a roll of 5 or 6 the Swedish player may perform one group move containing
    Karl XII ... each block participating lose one step." """
    state = pb.setup("12.5")
    state = pb.edit(state, season=3)
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 3}))
    state = pb.play(state, ("end_actions", 1, {}), ("end_actions", 0, {}), ("supply_check", 1, {"losses": []}))
    state = pb.play(state, ("supply_check", 0, {"losses": []}))
    assert state["phase"] == "weather"
    state = pb.play(state, ("weather_roll", 0, {"roll": 5}))
    assert pb.refused(state, "group_move", 0, pb.move("Jamtland", ("Elfsborg", ["Trondheim"])), "Special end year turn")
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Smaland"]))))
    assert pb.steps(state, "Karl XII") == 3 and state["phase"] == "year_start" and state["year"] == 1719


def test_the_weather_move_costs_each_block_moving_one_step(pb):
    """Special end year turn: "one group move containing Karl XII ... each block participating lose one step per
    block using this option"; 6.8: elimination "also includes the Karl XII special rule". Karl XII (4 steps) and
    Elfsborg (1 step) move to Smaland: Karl XII keeps 3, Elfsborg is eliminated (to the pool); Savolax, listed
    but staying, takes no part and keeps its 3. A move where Karl XII stays is no move containing him."""
    state = pb.place(pb.edit(pb.setup("12.5"), season=3, phase="weather"), "Elfsborg", "Vastergotland", 1)
    state = pb.play(pb.place(state, "Savolax", "Vastergotland", 3), ("weather_roll", 0, {"roll": 6}))
    karl_stays = pb.move("Vastergotland", ("Karl XII", []), ("Elfsborg", ["Smaland"]))
    assert pb.refused(state, "group_move", 0, karl_stays, "Special end year turn")
    moves = pb.move("Vastergotland", ("Karl XII", ["Smaland"]), ("Elfsborg", ["Smaland"]), ("Savolax", []))
    state = pb.play(state, ("group_move", 0, moves))
    assert pb.steps(state, "Karl XII") == 3 and pb.at(state, "Karl XII") == "Smaland"
    assert pb.at(state, "Elfsborg") == "pool" and pb.steps(state, "Elfsborg") == 0
    assert pb.steps(state, "Savolax") == 3 and pb.at(state, "Savolax") == "Vastergotland"


def test_karl_xii_with_one_step_dies_in_the_weather_move(pb):
    """6.8: "Blocks can only be eliminated due to Combat or Force-Marching. (This also includes the Karl XII special
    rule "Never mind the weather"). If any of the Royal blocks (see 2.21) is eliminated they are out of the game for
    good": Karl XII, down to his last step, makes the weather move and dies."""
    state = pb.place(pb.edit(pb.setup("12.5"), season=3, phase="weather"), "Karl XII", "Vastergotland", 1)
    state = pb.play(state, ("weather_roll", 0, {"roll": 5}))
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Smaland"]))))
    assert pb.at(state, "Karl XII") == "dead" and state["phase"] == "year_start" and state["year"] == 1719


def test_4_5_a_block_lost_in_the_weather_move_owes_no_force_march_roll(pb):
    """4.5: "Force-march rolls should not be made until a player has completed all movement"; Special end year turn:
    "each block participating lose one step". Elfsborg (1 step, move 2) force-marches one territory beyond its
    rating with Karl XII in the weather move, to Smaland, Ostergotland and Svealand (paths as logged, no borders):
    the step it loses with the move eliminates it (6.8), so no roll is left to make for it, a block in the pool.
    Karl XII alone still owes his (one extra territory past his 3), and the year begins once he has rolled."""
    state = pb.place(pb.edit(pb.setup("12.5"), season=3, phase="weather"), "Elfsborg", "Vastergotland", 1)
    state = pb.play(state, ("weather_roll", 0, {"roll": 6}))
    path = ["Smaland", "Ostergotland", "Svealand", "Kopparberg"]
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", path), ("Elfsborg", path[:3]))))
    assert pb.at(state, "Elfsborg") == "pool"
    assert state["pending_force_march"] == {"Karl XII": 1}
    assert pb.refused(state, "force_march", 0, {"block": "Elfsborg", "roll": 1}, "4.5")
    state = pb.play(state, ("force_march", 0, {"block": "Karl XII", "roll": 4}))
    assert state["phase"] == "year_start" and state["year"] == 1719


def test_no_weather_roll_once_karl_xii_is_dead(pb):
    """Special end year turn (reading, README): the roll allows only "one group move containing Karl XII"; with
    Karl XII dead for good (6.8) the winter turn's supply phase ends the year at once."""
    state = pb.place(pb.edit(pb.setup("12.5"), season=3), "Karl XII", "dead", 0)
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 3}), ("end_actions", 1, {}))
    state = pb.play(state, ("end_actions", 0, {}), ("supply_check", 1, {"losses": []}))
    state = pb.play(state, ("supply_check", 0, {"losses": []}))
    assert state["phase"] == "year_start" and state["year"] == 1719
    assert pb.refused(state, "weather_roll", 0, {"roll": 6}, "The game")


def test_weather_roll_below_5_starts_the_next_year(pb):
    """Special end year turn: only "On a roll of 5 or 6" may Sweden move."""
    state = pb.edit(pb.setup("12.5"), season=3, phase="weather")
    state = pb.play(state, ("weather_roll", 0, {"roll": 4}))
    assert state["phase"] == "year_start" and state["year"] == 1719


def _winter(pb, sweden_roll, allied_roll):
    """12.5 at its winter turn (1718), both action dice in."""
    state = pb.edit(pb.setup("12.5"), season=3)
    return pb.play(state, ("action_roll", 0, {"roll": sweden_roll}), ("action_roll", 1, {"roll": allied_roll}))


def test_karl_xii_moved_in_winter_may_make_the_weather_move(pb):
    """Special end year turn: "the Swedish player rolls 1D6 for a special Winter Turn ... may perform one
    group move containing Karl XII"; 3.42 "Blocks move once per Game Turn": the weather turn is a turn of
    its own, so Karl XII, moved in the winter turn, moves again."""
    state = _winter(pb, 5, 2)
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Smaland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, ("supply_check", 0, {"losses": []}), ("supply_check", 1, {"losses": []}))
    state = pb.play(state, ("weather_roll", 0, {"roll": 6}))
    assert pb.rules(state, "group_move", 0, pb.move("Smaland", ("Karl XII", ["Skane"]))) == []
    state = pb.play(state, ("group_move", 0, pb.move("Smaland", ("Karl XII", ["Skane"]))))
    assert pb.at(state, "Karl XII") == "Skane" and state["year"] == 1719


def test_the_weather_move_into_enemy_blocks_makes_sweden_the_attacker(pb):
    """6.2: "The attacker (the player who moved into the territory)"; in the special Winter Turn Karl XII
    moves into Jamtland, which the Danes took in the winter turn: Sweden attacks there, and Karl XII,
    crossing the only border used this turn, is the main attack, no reserve (6.22). An A block, he fires
    first (6.21: "All "A" blocks go before all "B" blocks"), with the 3 steps the weather move left him (README:
    the step is lost with the move)."""
    state = _winter(pb, 1, 4)
    danes = pb.move("Akershus", ("Bergenhus", ["Jamtland"]), ("Prins Christian", ["Jamtland"]))
    state = pb.play(state, ("group_move", 1, danes), ("end_actions", 1, {}), ("end_actions", 0, {}))
    state = pb.play(state, ("start_battle", 1, {"territory": "Jamtland"}))
    assert state["battle"]["attacker"] == 1
    for name in ("Elfsborg", "Savolax"):
        state = pb.play(state, ("combat_retreat", 0, {"block": name, "path": [pb.step("Vastergotland")]}))
    for seat in (1, 0):
        losses = next(m for m in pb.engine.legal_moves(state, seat) if m.type == "supply_check")
        state = pb.play(state, ("supply_check", seat, losses.data))
    state = pb.play(state, ("weather_roll", 0, {"roll": 6}))
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Jamtland"]))))
    state = pb.play(state, ("start_battle", 1, {"territory": "Jamtland"}))
    assert state["battle"]["attacker"] == 0 and state["battle"]["reserves"] == []
    assert state["battle"]["attack_borders"] == ["Vastergotland"]
    assert pb.rules(state, "combat_fire", 0, {"block": "Karl XII", "dice": [6, 6, 6]}) == []
    assert pb.refused(state, "combat_fire", 0, {"block": "Karl XII", "dice": [6, 6, 6, 6]}, "6.31")


def test_year_start_replacements_then_spring(pb):
    """The game: "Activation and replacements ... This phase does not apply on the first year of any scenario." """
    assert pb.setup("12.5")["phase"] == "action_roll"
    state = pb.edit(pb.setup("12.5"), season=3, phase="weather")
    state = pb.play(state, ("weather_roll", 0, {"roll": 1}), ("end_replacements", 0, {}), ("end_replacements", 1, {}))
    assert state["phase"] == "action_roll" and state["season"] == 0 and state["rp"] == {}


def test_night_rider_needs_6_on_turn_2_then_5(pb):
    """11.1: "Start rolling 1D6 for the Karl XII block on game turn 2. On a roll of 6 he enters ... If die-roll
    fails re-roll on game turn 3. He now arrives on a 5 or 6." """
    state = pb.setup("12.4")
    assert state["karl_waiting"]
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Svealand"}, "11.1")
    state = pb.edit(state, turn=2)
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 5, "territory": "Svealand"}, "11.1")
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Skane"}, "11.1")  # Danes in Skane
    state = pb.play(state, ("night_rider_roll", 0, {"roll": 5}))
    assert pb.rules(state, "action_roll", 0, {"roll": 3}) == []
    state = pb.edit(state, turn=3)
    state = pb.play(state, ("night_rider_roll", 0, {"roll": 5, "territory": "Ostergotland"}))
    assert pb.at(state, "Karl XII") == "Ostergotland" and not state["karl_waiting"]


def test_11_1_a_night_ride_out_of_its_turns_is_refused_under_11_1(pb):
    """11.1: "Start rolling 1D6 for the Karl XII block on game turn 2 ... If die-roll fails re-roll on game turn
    3": one roll a game turn from game turn 2 until he arrives, and none where the scenario does not apply 11.1.
    A roll in the action-roll phase outside those turns breaks 11.1, not the sequence of play."""
    state = pb.setup("12.4")
    assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": "Ostergotland"})[0].startswith("11.1")
    state = pb.play(pb.edit(state, turn=2), ("night_rider_roll", 0, {"roll": 2}))
    assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": "Ostergotland"})[0].startswith("11.1")
    state = pb.play(pb.edit(state, turn=3), ("night_rider_roll", 0, {"roll": 5, "territory": "Ostergotland"}))
    state = pb.edit(state, turn=4, night_rider_rolled=3)
    assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": "Smaland"})[0].startswith("11.1")
    assert pb.rules(pb.setup("12.1"), "night_rider_roll", 0, {"roll": 6})[0].startswith("11.1")
    # out of the action-roll phase the phase's own rule stands
    acting = pb.play(pb.setup("12.4"), ("action_roll", 0, {"roll": 4}), ("action_roll", 1, {"roll": 3}))
    assert pb.refused(acting, "night_rider_roll", 0, {"roll": 6}, "3.3")


def test_the_night_rider_enters_the_most_southern_free_territory(pb):
    """11.1: "On a roll of 6 he enters the most southern non-occupied Swedish territory." 9.1 names the homeland from
    Skåne in the south to Gävleborg; Östergötland and Västergötland lie side by side round the lake (1.1). In 12.4
    Skåne (the Danes) and Småland (Rehnskiold) are occupied: Karl XII enters Östergötland, not Svealand nor Gävleborg;
    with Elfsborg gone from Västergötland, there too; with both taken, Svealand."""
    state = pb.edit(pb.setup("12.4"), turn=2)
    for far in ("Svealand", "Gavleborg"):
        assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": far}, "11.1")
    assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": "Ostergotland"}) == []
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Vastergotland"}, "11.1")  # Elfsborg
    state = pb.place(state, "Elfsborg", "Svealand")
    assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": "Vastergotland"}) == []
    state = pb.place(pb.place(state, "Elfsborg", "Vastergotland"), "Wattrang", "Ostergotland")
    assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": "Svealand"}) == []


def test_11_1_the_night_rider_may_enter_a_free_german_province(pb):
    """11.1: "he enters the most southern non-occupied Swedish territory"; 1.1: "The territories of Sweden-Finland
    are shaded blue", Pommern, Wismar and Bremen-Verden among them, all south of the homeland (9.1's "Sweden"). In
    12.4 Wismar and Bremen-Verden are free, Pommern is occupied (Pommerska, Ostgota): Karl XII may enter either free
    one, or Östergötland, the most southern free territory of the homeland (the README takes both readings); not
    Pommern, nor a German province Sweden no longer holds."""
    state = pb.edit(pb.setup("12.4"), turn=2)
    for place in ("Wismar", "Bremen-Verden", "Ostergotland"):
        assert pb.rules(state, "night_rider_roll", 0, {"roll": 6, "territory": place}) == []
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Pommern"}, "11.1")
    rolls = [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "night_rider_roll"]
    offered = {data.get("territory") for data in rolls if data["roll"] == 6}
    assert offered == {"Wismar", "Bremen-Verden", "Ostergotland"}
    state = pb.edit(state, control={**state["control"], "Wismar": "denmark"})
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Wismar"}, "11.1")
    state = pb.play(state, ("night_rider_roll", 0, {"roll": 6, "territory": "Bremen-Verden"}))
    assert pb.at(state, "Karl XII") == "Bremen-Verden" and not state["karl_waiting"]


def test_the_night_rider_with_no_free_swedish_territory_stays_away(pb):
    """11.1: "On a roll of 6 he enters the most southern non-occupied Swedish territory. If die-roll fails re-roll on
    game turn 3. He now arrives on a 5 or 6." In 12.4 Skåne (the Danes) and Småland (Rehnskiold) are occupied; with
    Swedish blocks in the other five, and the German provinces lost, no Swedish territory is free: the 6 is logged
    without one, Karl XII stays in Turkey, and on game turn 3 he rolls again, a 5 enough, entering Östergötland once
    Wattrang has left it."""
    state = pb.edit(pb.setup("12.4"), turn=2)
    lost = {"Wismar": "denmark", "Bremen-Verden": "denmark", "Pommern": "denmark"}
    state = pb.edit(state, control={**state["control"], **lost})
    for name, place in (
        ("Wattrang", "Ostergotland"),
        ("Wachtmeister", "Svealand"),
        ("Pommerska", "Kopparberg"),
        ("Ostgota", "Gavleborg"),
    ):
        state = pb.place(state, name, place)
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Ostergotland"}, "11.1")
    assert {"roll": 6} in [m.data for m in pb.engine.legal_moves(state, 0) if m.type == "night_rider_roll"]
    state = pb.play(state, ("night_rider_roll", 0, {"roll": 6}))
    assert state["karl_waiting"] and pb.at(state, "Karl XII") == "Besarabya"
    state = pb.place(pb.edit(state, turn=3), "Wattrang", "Southern Baltic Sea")
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 5}, "11.1")
    state = pb.play(state, ("night_rider_roll", 0, {"roll": 5, "territory": "Ostergotland"}))
    assert pb.at(state, "Karl XII") == "Ostergotland" and not state["karl_waiting"]


def test_the_night_ride_comes_before_or_after_the_action_dice(pb):
    """11.1 gives the night ride no place in the game turn: the action-roll phase waits for it and both dice."""
    state = pb.edit(pb.setup("12.4"), turn=2)
    first = pb.play(state, ("night_rider_roll", 0, {"roll": 2}), ("action_roll", 0, {"roll": 3}))
    last = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    view = pb.engine.view(last)
    assert view["phase"] == "action_roll" and view["active_seats"] == [0]
    assert view["legal_event_types"] == ["night_rider_roll"]
    assert pb.refused(last, "action_roll", 1, {"roll": 4}, "The game: Action-roll Phase")
    rolled = pb.play(state, ("action_roll", 0, {"roll": 3}))
    assert pb.engine.view(rolled)["active_seats"] == [0, 1]
    assert pb.refused(rolled, "action_roll", 0, {"roll": 4}, "3.1")
    last = pb.play(last, ("night_rider_roll", 0, {"roll": 2}))
    first = pb.play(first, ("action_roll", 1, {"roll": 2}))
    for state in (first, last):
        assert state["phase"] == "action" and state["player1"] == 0 and state["actions"] == [2, 2]


def test_11_1_karl_xii_killed_while_he_waits_in_besarabya_rides_no_more(pb):
    """11.1: "Start rolling 1D6 for the Karl XII block on game turn 2. On a roll of 6 he enters the most southern
    non-occupied Swedish territory"; 6.8: "If any of the Royal blocks (see 2.21) is eliminated they are out of the
    game for good." In 12.4 Karl XII (1 step) waits in Besarabya; with Turkey in the war (1711) the Cossacks attack
    him there and their 1 kills him on game turn 1. On game turn 2 no roll for his night ride is due: none is
    offered or accepted, and he stays dead."""
    state = pb.setup("12.4")
    state = pb.edit(state, year=1711, active={**state["active"], "turkey": True})
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 4}))
    state = pb.play(
        state,
        ("group_move", 1, pb.move("Poltava", ("Cossacks", ["Besarabya"]))),
        ("end_actions", 1, {}),
        ("end_actions", 0, {}),
        ("start_battle", 1, {"territory": "Besarabya"}),
        ("combat_fire", 0, {"block": "Karl XII", "dice": [6]}),
        ("combat_fire", 1, {"block": "Cossacks", "dice": [1, 5, 6]}),
        ("supply_check", 1, {"losses": []}),
        ("supply_check", 0, {"losses": []}),
    )
    assert state["turn"] == 2 and state["phase"] == "action_roll" and pb.at(state, "Karl XII") == "dead"
    assert not pb.engine.view(state)["karl_xii_waiting"]
    assert "night_rider_roll" not in pb.engine.view(state)["legal_event_types"]
    assert not [m for m in pb.engine.legal_moves(state, 0) if m.type == "night_rider_roll"]
    assert pb.refused(state, "night_rider_roll", 0, {"roll": 6, "territory": "Ostergotland"}, "11.1")
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    assert state["phase"] == "action" and pb.at(state, "Karl XII") == "dead"


def _cossacks_attack_karl_xii_waiting_in_besarabya(pb, cossack_steps=3):
    """12.4 in 1711, Turkey in the war: the Cossacks attack Besarabya, where Karl XII (1 step) waits (11.1)."""
    state = pb.setup("12.4")
    state = pb.place(state, "Cossacks", "Poltava", cossack_steps)
    state = pb.edit(state, year=1711, active={**state["active"], "turkey": True})
    state = pb.play(state, ("action_roll", 0, {"roll": 1}), ("action_roll", 1, {"roll": 4}))
    return pb.play(
        state,
        ("group_move", 1, pb.move("Poltava", ("Cossacks", ["Besarabya"]))),
        ("end_actions", 1, {}),
        ("end_actions", 0, {}),
        ("start_battle", 1, {"territory": "Besarabya"}),
    )


def test_11_1_karl_xii_waiting_in_besarabya_neither_retreats_nor_regroups_out_of_it(pb):
    """11.1: "Start rolling 1D6 for the Karl XII block on game turn 2. On a roll of 6 he enters the most southern
    non-occupied Swedish territory"; until then he waits in Besarabya and does not move (README). A retreat (6.5) and
    a regroup (6.6) are moves too: attacked there, he may not retreat into Småland (which would bring him home
    without the roll), nor anywhere else, and fights; having won, he regroups nowhere."""
    state = _cossacks_attack_karl_xii_waiting_in_besarabya(pb)
    retreat = {"block": "Karl XII", "path": [pb.step("Smaland")]}
    assert pb.refused(state, "combat_retreat", 0, retreat, "11.1")
    assert not [m for m in pb.engine.legal_moves(state, 0) if m.type == "combat_retreat"]
    won = pb.play(
        _cossacks_attack_karl_xii_waiting_in_besarabya(pb, cossack_steps=1),
        ("combat_fire", 0, {"block": "Karl XII", "dice": [1]}),
    )
    assert won["regroup"] == {"territory": "Besarabya", "seat": 0}
    regroup = {"moves": [{"block": "Karl XII", "to": pb.step("Poltava")}]}
    assert pb.refused(won, "regroup", 0, regroup, "11.1")
    assert not [m for m in pb.engine.legal_moves(won, 0) if m.type == "regroup"]


def test_karl_xii_may_not_move_before_the_night_ride(pb):
    """11.1: Karl XII waits in Turkey until his roll succeeds."""
    state = pb.play(pb.setup("12.4"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 1}))
    assert pb.refused(state, "group_move", 0, pb.move("Besarabya", ("Karl XII", ["Krakow"])), "11.1")


def test_events_re_roll_under_13_1(pb):
    """13.1 Events: "A player that rolls a 6 on 2 consecutive game turns may re-roll the second die roll." """
    plain = pb.edit(pb.setup("12.5"), last_event=[True, False])
    assert pb.refused(plain, "action_roll", 0, {"roll": 3, "rerolled_from": [6]}, "13.0")
    state = pb.edit(pb.setup("12.5", optional_rules=["13.1"]), last_event=[True, False])
    assert pb.rules(state, "action_roll", 0, {"roll": 3, "rerolled_from": [6, 6]}) == []
    assert pb.refused(state, "action_roll", 0, {"roll": 3, "rerolled_from": [2]}, "13.0")
    assert pb.rules(state, "action_roll", 0, {"roll": 6}) == []  # "may re-roll": the player may keep it


def test_allied_re_roll_never_of_a_6(pb):
    """13.2 Allied player re-roll: "If Russia, Saxony and Denmark all are activated ... A 6 may never be re-rolled." """
    state = pb.setup("12.4", optional_rules=["13.2"])
    assert pb.rules(state, "action_roll", 1, {"roll": 3, "rerolled_from": [1]}) == []
    assert pb.refused(state, "action_roll", 1, {"roll": 3, "rerolled_from": [6]}, "13.2")
    assert pb.refused(state, "action_roll", 1, {"roll": 3, "rerolled_from": [1, 2]}, "13.2")
    assert pb.refused(state, "action_roll", 0, {"roll": 3, "rerolled_from": [1]}, "13.0")


def test_an_allied_6_may_be_re_rolled_with_a_13_3_re_roll(pb):
    """13.2's "A 6 may never be re-rolled" is said of the Allied player's own re-roll; 13.3: "Both players receive 5
    re-rolls each to freely use as they see fit": with both in force, the Allied player re-rolls a 6 with one of his
    five (and a die-roll is still re-rolled only once)."""
    state = pb.setup("12.4", optional_rules=["13.2", "13.3"])
    assert pb.rules(state, "action_roll", 1, {"roll": 3, "rerolled_from": [6]}) == []
    assert pb.play(state, ("action_roll", 1, {"roll": 3, "rerolled_from": [6]}))["rerolls"] == [5, 4]
    assert pb.refused(state, "action_roll", 1, {"roll": 3, "rerolled_from": [6, 2]}, "13.3")
    spent = pb.edit(state, rerolls=[5, 0])
    assert pb.refused(spent, "action_roll", 1, {"roll": 3, "rerolled_from": [6]}, "13.2")


def test_allied_re_roll_once_a_turn_a_first_turn_tie_included(pb):
    """13.2: "the allied player has one re-roll per turn"; The game: "If tie on first turn of the game: -roll again":
    the tie is rolled again within the same game turn, so an Allied player who re-rolled a 1 into the tying 4 has no
    second 13.2 re-roll for the second die (with 13.3 in force, one of his five pays for it); the next turn he has
    one again."""
    state = pb.setup("12.4", optional_rules=["13.2"])
    state = pb.play(state, ("action_roll", 1, {"roll": 4, "rerolled_from": [1]}), ("action_roll", 0, {"roll": 4}))
    assert state["rolls"] == [None, None] and state["turn"] == 1
    assert pb.refused(state, "action_roll", 1, {"roll": 3, "rerolled_from": [2]}, "13.2")
    assert pb.rules(state, "action_roll", 1, {"roll": 2}) == []
    both = pb.edit(state, optional_rules=["13.2", "13.3"], rerolls=[5, 5])
    assert pb.play(both, ("action_roll", 1, {"roll": 3, "rerolled_from": [2]}))["rerolls"] == [5, 4]
    state = pb.play(state, ("action_roll", 1, {"roll": 2}), ("action_roll", 0, {"roll": 5}))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = pb.play(state, *[("supply_check", seat, {"losses": []}) for seat in (0, 1)])
    assert state["turn"] == 2 and state["phase"] == "action_roll"
    assert pb.rules(state, "action_roll", 1, {"roll": 3, "rerolled_from": [2]}) == []


def test_a_second_event_from_the_allied_re_roll_may_still_be_re_rolled_under_13_1(pb):
    """13.2: "the result of the re-roll is non-negotiable"; 13.1: "A player can never be the victim of 2 events in a
    row" (README reading: 13.1 prevails). After an Allied event last turn, a 2 re-rolled into a 6 is re-rolled again."""
    state = pb.edit(pb.setup("12.4", optional_rules=["13.1", "13.2"]), last_event=[False, True])
    assert pb.rules(state, "action_roll", 1, {"roll": 3, "rerolled_from": [2, 6]}) == []
    plain = pb.edit(pb.setup("12.4", optional_rules=["13.2"]), last_event=[False, True])
    assert pb.refused(plain, "action_roll", 1, {"roll": 3, "rerolled_from": [2, 6]}, "13.2")


def test_allied_re_roll_only_with_russia_saxony_and_denmark_at_war(pb):
    """13.2: "If Russia, Saxony and Denmark all are activated, the allied player has one re-roll per turn": not in
    12.1 before the Danes enter, nor in 12.4 once Saxony is out."""
    state = pb.setup("12.1", optional_rules=["13.2"])
    assert pb.refused(state, "action_roll", 1, {"roll": 3, "rerolled_from": [1]}, "13.0")
    danes = pb.edit(state, active={**state["active"], "denmark": True})
    assert pb.rules(danes, "action_roll", 1, {"roll": 3, "rerolled_from": [1]}) == []
    state = pb.setup("12.4", optional_rules=["13.2"])
    no_saxons = pb.edit(state, active={**state["active"], "saxony": False})
    assert pb.refused(no_saxons, "action_roll", 1, {"roll": 3, "rerolled_from": [1]}, "13.0")


def test_five_re_rolls_each_once_per_die(pb):
    """13.3 Re-rolls: "Both players receive 5 re-rolls each ... a die-roll may only be re-rolled once." """
    state = pb.setup("12.5", optional_rules=["13.3"])
    assert pb.refused(state, "action_roll", 0, {"roll": 3, "rerolled_from": [1, 2]}, "13.3")
    state = pb.play(state, ("action_roll", 0, {"roll": 3, "rerolled_from": [1]}))
    assert state["rerolls"] == [4, 5]
    empty = pb.edit(pb.setup("12.5", optional_rules=["13.3"]), rerolls=[0, 5])
    assert pb.refused(empty, "action_roll", 0, {"roll": 3, "rerolled_from": [1]}, "13.0")


def test_both_events_on_the_last_turn_end_the_game(pb):
    """The game: when both results are events, "Then the game turn ends"; 12.5 "End: Summer 1719": that turn
    was the last, and the game is over with no action, battle or supply phase."""
    state = pb.edit(pb.setup("12.5"), year=1719, season=1, turn=4, player1=0)
    state = pb.play(state, ("action_roll", 0, {"roll": 6}), ("action_roll", 1, {"roll": 6}))
    state = pb.play(state, ("general_event", 1, {"roll": 1}), ("general_event", 0, {"roll": 1}))
    assert pb.engine.outcome(state) is not None and state["phase"] == "finished"


def test_no_weather_turn_after_the_last_winter(pb):
    """12.4 "End: Winter 1721"; Never mind the weather comes "When the current year ends": the scenario ends with
    its last winter turn, and Karl XII, on the map, makes no weather roll."""
    state = pb.place(pb.edit(pb.setup("12.4"), year=1721, season=3, karl_waiting=False), "Karl XII", "Svealand")
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 3}), ("end_actions", 1, {}))
    state = pb.play(state, ("end_actions", 0, {}))
    for seat in (1, 0):
        losses = next(m for m in pb.engine.legal_moves(state, seat) if m.type == "supply_check")
        state = pb.play(state, ("supply_check", seat, losses.data))
    assert pb.engine.outcome(state) is not None
    assert pb.engine.check(state, Move("weather_roll", 0, {"roll": 6}))[0].rule.startswith("12.0")


def test_game_ends_after_the_scenario_end_turn(pb):
    """12.5: "Start: Autumn 1718, End: Summer 1719." After the last supply phase the game is over."""
    state = pb.edit(pb.setup("12.5"), year=1719, season=1)
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 3}), ("end_actions", 1, {}))
    state = pb.play(
        state, ("end_actions", 0, {}), ("supply_check", 1, {"losses": []}), ("supply_check", 0, {"losses": []})
    )
    outcome = pb.engine.outcome(state)
    assert outcome is not None and outcome.reason == "Allied Minor Victory" and outcome.winners == [1]
    assert pb.engine.check(state, Move("action_roll", 0, {"roll": 1}))[0].rule.startswith("12.0")
