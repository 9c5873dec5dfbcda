"""TURN SEQUENCE of First Settlement: phase order, skipped phases, turns, the end of the game."""

from games.first_settlement import ENGINE

NEUTRAL_SITE = ["Quality Timber", "Safe Harbor", "Good Pastures"]


def test_the_17_phases_are_played_in_order(table):
    """TURN SEQUENCE: "Each turn has 17 Phases: 1. Time Phase 2. Draw Phase ..." in that order."""
    state = table.at(table.founded(), "time", turn=2)
    assert table.rules(state, "food", 0, {"cards": []}) == ["TURN SEQUENCE"]
    state = table.play(state, "time", 0, {})
    assert ENGINE.view(state)["phase"] == "draw"


def test_players_take_turns_each_playing_a_whole_turn(table):
    """TURN SEQUENCE: "Players take turns." Seat 1 starts its turn after seat 0's Build Phase."""
    state = table.at(table.founded(), "build", turn=3, food=0)
    assert table.rules(state, "time", 1, {}) == ["TURN SEQUENCE"]
    state = table.play(state, "build", 0, {"buildings": []})
    assert ENGINE.view(state)["active_seats"] == [1] and ENGINE.view(state)["phase"] == "time"


def test_simultaneous_turns_go_phase_by_phase_in_turn_order(table):
    """SIMULTANEOUS TURNS OPTION: "each player goes in turn order (determined in setup) within each Phase"."""
    state = table.founded(options={"simultaneous_turns": True})
    state = table.play(state, "time", 0, {})
    assert ENGINE.view(state)["active_seats"] == [1] and ENGINE.view(state)["phase"] == "time"
    state = table.play(state, "time", 1, {})
    assert ENGINE.view(state)["active_seats"] == [0] and ENGINE.view(state)["phase"] == "blight"


def test_draw_and_ship_phases_are_skipped_the_first_turn(table):
    """DRAW PHASE and SHIP PHASE: "Skip this phase the first turn of the game." """
    state = table.play(table.founded(), "time", 0, {})
    assert table.rules(state, "draw", 0, {"actions": [], "builds": []}) == ["DRAW PHASE"]
    assert table.rules(state, "ship", 0, {"roll": 8}) == ["SHIP PHASE"]
    assert ENGINE.view(state)["phase"] == "blight"


def test_plant_phase_only_in_spring(table):
    """PLANT PHASE: "Skip this phase if it is not Spring." """
    winter = table.at(table.founded(), "draw", turn=5)
    assert winter["colonies"][0]["start_season"] == 0
    assert table.rules(winter, "plant", 0, {}) == ["PLANT PHASE"]
    spring = table.at(table.founded(), "plant", turn=2, colonists=7)
    assert table.play(spring, "plant", 0, {})["colonies"][0]["plant"] == 7


def test_harvest_phase_only_in_fall(table):
    """HARVEST PHASE: "Skip this phase if it is not Fall." """
    spring = table.play(table.at(table.founded(), "food", turn=2, colonists=0), "food", 0, {"cards": []})
    assert table.rules(spring, "harvest", 0, {"cards": []}) == ["HARVEST PHASE"]
    fall = table.play(table.at(table.founded(), "food", turn=4, colonists=0), "food", 0, {"cards": []})
    assert ENGINE.view(fall)["phase"] == "harvest"


def test_starve_cold_and_rebel_are_skipped_when_their_condition_fails(table):
    """STARVE PHASE / REBEL PHASE: "Skip this phase if there was no Food shortage."
    COLD PHASE: "Skip this phase if it is not winter." """
    summer = table.play(table.at(table.founded(), "eat", turn=3, colonists=2, food=5), "eat", 0, {})
    assert table.rules(summer, "starve", 0, {"cards": []}) == ["STARVE PHASE"]
    assert table.rules(summer, "cold", 0, {"cards": []}) == ["COLD PHASE"]
    assert ENGINE.view(summer)["phase"] == "sick"
    winter = table.play(table.at(table.founded(), "eat", turn=5, colonists=2, food=1), "eat", 0, {})
    assert ENGINE.view(winter)["phase"] == "starve"


def test_a_storm_cancels_the_next_ship(table):
    """HARDSHIP PHASE: "Storm: No Ship for you next turn" """
    state = table.at(table.founded(), "hardship", turn=2, sites=NEUTRAL_SITE)
    state = table.play(state, "hardship", 0, {"cards": table.hardships(10, "Storm")})
    assert ENGINE.view(state)["colonies"][0]["no_ship_next_turn"] is True
    state = table.play(table.at(state, "draw", turn=3), "draw", 0, _draw(table, state))
    assert table.rules(state, "ship", 0, {"roll": 9, "colonists": 1, "food": 1}) == ["HARDSHIP PHASE"]
    assert ENGINE.view(state)["phase"] == "blight"


def _draw(table, state):
    builds = table.take(state, "build", 2)
    hand = state["colonies"][0]["hand"]
    return {
        "actions": table.take(state, "action", 2),
        "builds": builds,
        "build_discard": builds[0],
        "discards": hand[:3],
    }


def test_the_game_lasts_20_turns_then_the_most_vp_wins(table):
    """TIME & GAME LENGTH: "the game runs for 20 turns." VICTORY: "The player with the most Victory Points
    (VP) at the end of the game wins." """
    state = table.at(table.founded(), "build", seat=1, turn=20, food=0)
    state["colonies"][0]["colonists"] = 4
    state = table.play(state, "build", 1, {"buildings": []})
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [2 * 4, 2 * 10]
    assert outcome.places == [2, 1] and outcome.winners == [1]
    assert ENGINE.view(state)["finished"] is True
    assert table.rules(state, "time", 0, {}) == ["TIME & GAME LENGTH"]


def test_the_turns_of_a_later_season_start_follow_each_players_own_season(table):
    """RANDOM SEASON START OPTION: a colony starting in Fall harvests on its first turn."""
    state = table.founded()
    state["colonies"][0]["start_season"] = 3
    state = table.play(state, "time", 0, {})
    assert ENGINE.view(state)["colonies"][0]["season"] == "Fall"
    assert table.rules(state, "harvest", 0, {"cards": []}) == ["TURN SEQUENCE"]


def test_a_whole_final_score_by_hand_after_the_last_build_phase(table):
    """TIME & GAME LENGTH: the 20th turn ends with the last colony's Build Phase, not before. BUILD PHASE: the
    Church for 5 FT and the Lumber Mill for 20 FT, from 27 FT (2 left, worth nothing). END GAME SCORING: seat 1
    has 9 CT (18), the Stockade, Church (5 each) and Lumber Mill (5 + 20), 2 Land Purchase Tokens (2), Quality
    Timber (20) and 3 VP gained in play: 78. Seat 0, 10 CT and nothing else: 20."""
    founded = table.founded()
    first = table.at(founded, "build", seat=0, turn=20, food=0)
    assert ENGINE.outcome(table.play(first, "build", 0, {"buildings": []})) is None
    last = table.at(
        founded,
        "build",
        seat=1,
        turn=20,
        colonists=9,
        food=27,
        land=2,
        vp=3,
        hand=["Church", "Lumber Mill", "Beads"],
        buildings=["Stockade"],
        sites=["Quality Timber", "River Mouth", "Hill Top"],
    )
    state = table.play(last, "build", 1, {"buildings": ["Church", "Lumber Mill"]})
    assert table.colony(state, 1)["food"] == 2
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [20, 78]
    assert outcome.places == [2, 1] and outcome.winners == [1]
