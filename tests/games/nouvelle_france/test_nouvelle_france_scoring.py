"""Points: a turn's linked cubes (PLAYER TURN, SPECIAL RULE), SNOWSTORMS, COMPLETING A BUILDING, END OF THE GAME."""

import pytest

from games.contract import EngineError, Move
from games.nouvelle_france import ENGINE

from .conftest import row


def test_a_turn_scores_the_players_cubes_on_the_new_block(table):
    """PLAYER TURN: "one point for each cube of their colour on the newly placed block"."""
    state = table.draw(table.new(), "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1), ["white", "brown", "white", "neutral"])
    assert ENGINE.view(state)["scores"] == [2, 0]
    assert ENGINE.view(state)["last_placement"]["points"] == 2


def test_a_turn_scores_the_players_cubes_linked_face_to_face(table):
    """PLAYER TURN: "an additional point for each cube of their colour already in place linked to the newly
    placed cube through face-to-face contact": the cubes touching a new cube of the player's colour."""
    state = table.with_cubes(table.new(), "church", row(0, range(4), 1), ["white", "white", "brown", "white"])
    state = table.draw(state, "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 2), ["neutral", "white", "neutral", "white"])
    # (1,0,2) touches (1,0,1) and (3,0,2) touches (3,0,1); (0,0,1) touches only (1,0,1), not a new cube.
    assert ENGINE.view(state)["scores"] == [4, 0]


def test_a_cube_touching_two_new_cubes_counts_once(table):
    """PLAYER TURN: "an additional point for each cube of their colour already in place" touching the new ones."""
    state = table.draw(table.with_cubes(table.new(), "church", [(1, 0, 1)], "white"), "eel")
    state = table.place(state, "square", "church", [(0, 0, 1), (0, 0, 2), (1, 0, 2)], "white")
    assert ENGINE.view(state)["last_placement"]["points"] == 4


def test_a_block_without_the_players_colour_scores_nothing(table):
    """PLAYER TURN: the points start from the cubes of the player's colour on the new block."""
    state = table.with_cubes(table.new(), "church", row(0, range(4), 1), "white")
    state = table.draw(state, "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 2), "brown")
    assert ENGINE.view(state)["scores"] == [0, 0]


def test_brown_receives_3_points_across_the_redoubts_joint(table):
    """SPECIAL RULE, example: "Brown receives 3 points as the brown cubes on the middle row are considered
    to be touching face-to-face" (the joints of the military redoubt count as one space)."""
    state = table.new(players=2, first_player=1)
    walls = row(0, range(1, 5), 1) + [(0, y, 1) for y in range(1, 5)]
    state = table.with_cubes(state, "redoubt", walls)
    state = table.with_cubes(state, "redoubt", [(1, 0, 2), (2, 0, 2)], ["brown", "neutral"])
    state = table.draw(state, "eel")
    state = table.place(state, "square", "redoubt", [(0, 1, 2), (0, 2, 2), (0, 1, 3)], ["brown", "brown", "neutral"])
    assert ENGINE.view(state)["scores"] == [0, 3]


@pytest.mark.parametrize(("site", "points"), [("redoubt", 4), ("mill", 3)])
def test_the_joints_link_only_on_the_redoubt(table, site, points):
    """SPECIAL RULE: "On the military redoubt, the joints ... are considered as one space"; the mill's
    corner cubes (1,0) and (0,1) do not touch."""
    state = table.with_cubes(table.new(), site, [(1, 0, 1)], "white")
    state = table.draw(state, "eel")
    state = table.place(state, "square", site, [(0, 1, 1), (0, 2, 1), (0, 2, 2)], "white")
    assert ENGINE.view(state)["scores"] == [points, 0]


def test_covered_cubes_no_longer_score(table):
    """PLAYING WITH SNOWDRIFTS: "All blocks "covered" by snow ... ARE NOT USED in the calculation of points"."""
    state = table.with_cubes(table.new(), "church", row(0, range(4), 1), "white")
    state = table.draw(table.snowstorm(state), "eel")
    white_before = ENGINE.view(state)["scores"][0]
    state = table.place(state, "cannon", "church", row(0, range(4), 2), ["white", "neutral", "neutral", "neutral"])
    assert ENGINE.view(state)["scores"][0] - white_before == 1
    state = table.play(state, "draw_card", 1, {"card": "cannon"})
    state = table.place(state, "cannon", "church", row(5, range(4), 1), "brown")
    assert ENGINE.view(state)["last_placement"]["points"] == 0


def first_snowstorm_example(table):
    state = table.new(players=4)
    state = table.with_cubes(
        state,
        "church",
        row(0, range(4), 1) + row(5, range(4), 1),
        ["white", "brown", "brown", "brown"] + ["yellow"] * 4,
    )
    state = table.with_cubes(state, "church", [(0, 1, 1), (0, 2, 1)], "neutral")
    state = table.with_cubes(
        state,
        "redoubt",
        row(0, range(1, 5), 1) + row(5, range(1, 5), 1),
        ["white", "white", "brown", "brown", "yellow", "yellow", "yellow", "blue"],
    )
    state = table.with_cubes(
        state,
        "mill",
        row(0, range(5), 1) + row(4, range(2), 1),
        ["white", "white", "brown", "brown", "brown", "yellow", "blue"],
    )
    return table.with_cubes(state, "church", [(0, 0, 2), (1, 0, 2)], "blue")


def test_the_first_snowstorm_example_of_the_rulebook(table):
    """SNOWSTORMS, "EXAMPLE CALCULATION FOR THE FIRST SNOWSTORM/FIRST LEVEL": church "+" (White 1, Brown 3,
    Yellow 4, Blue 0), redoubt "2" (White 4, Brown 4, Yellow 6, Blue 2 for 1 cube x 2), mill "-" (White -2,
    Brown -3, Yellow -1, Blue -1). The second level's blue cubes do not count yet."""
    state = table.snowstorm(first_snowstorm_example(table))
    view = ENGINE.view(state)
    assert view["snowstorms"] == [
        {
            "redoubt": {"white": 4, "brown": 4, "yellow": 6, "blue": 2},
            "church": {"white": 1, "brown": 3, "yellow": 4, "blue": 0},
            "mill": {"white": -2, "brown": -3, "yellow": -1, "blue": -1},
        }
    ]
    assert view["scores"] == [3, 4, 9, 1]


def test_the_second_snowstorm_scores_the_second_level(table):
    """SNOWSTORMS: "When the SECOND SNOWFLAKE card is drawn, the points are calculated for the SECOND LEVEL"."""
    state = table.snowstorm(first_snowstorm_example(table))
    state = table.snowstorm(state)
    assert ENGINE.view(state)["snowstorms"][1]["church"] == {"white": 0, "brown": 0, "yellow": 0, "blue": 4}
    assert ENGINE.view(state)["snowdrift_level"] == 2


def test_snowstorms_no_snowdrift_is_placed_after_the_third_snowflake(table):
    """SNOWSTORMS: "After the first two storms, snowdrifts are added to each building"; "The wider snowdrifts
    are used for the first snowstorm, covering the first level. The narrower snowdrifts are used for the
    second snowstorm, covering the second level" (GAME SETUP: "two large and two small for each construction
    site"). The third snowflake tallies the third level and ends the game: the snowdrifts stay at level 2."""
    state = table.new()
    for snowdrifts in (1, 2, 2):
        state = table.snowstorm(state)
        assert ENGINE.view(state)["snowdrift_level"] == snowdrifts
    assert ENGINE.view(state)["snowflakes_drawn"] == 3


def test_after_a_snowstorm_the_same_player_draws_again(table):
    """PREPARATION FOR THE NEXT ROUND: "the player who drew the snowflake card draws a new card and continues their turn"."""
    state = table.new(players=3, first_player=2)
    state = table.snowstorm(state)
    view = ENGINE.view(state)
    assert view["active_seats"] == [2] and view["phase"] == "draw"
    assert "place_bonus_block" not in view["legal_event_types"]
    assert table.check(state, "draw_card", 2, {"card": "eel"}) == []


def test_a_player_completing_a_building_receives_its_standee(table):
    """COMPLETING A BUILDING: "covering (when seen from above) the last free space on the foundation tile"."""
    footprint = [tuple(map(int, cell.split(","))) for cell in ENGINE.setup([], {})["sites"]["church"]["footprint"]]
    almost = [(x, y, 1) for x, y in footprint if (x, y) not in {(0, 0), (1, 0), (2, 0), (3, 0)}]
    state = table.draw(table.with_cubes(table.new(), "church", almost), "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1))
    view = ENGINE.view(state)
    assert view["sites"]["church"]["standee_owner"] == 0
    assert view["players"][0]["standees"] == ["church"]
    assert view["scores"] == [0, 0]


def test_an_incomplete_building_gives_no_standee(table):
    """COMPLETING A BUILDING: the standee goes to whoever covers the last free space, not before."""
    state = table.draw(table.new(), "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1))
    assert ENGINE.view(state)["sites"]["church"]["standee_owner"] is None


def end_of_game(table, state):
    state = table.snowstorm(state)
    state = table.snowstorm(state)
    return table.snowstorm(state)


def test_the_game_ends_with_the_third_snowflake_and_standees_score_then(table):
    """END OF THE GAME: "The game ends when the final snowflake card is drawn ... Players who have a character
    standee ... receive the number of points indicated on the base"."""
    state = table.with_cubes(table.new(), "mill", [(0, 0, 3)], "brown")
    state = {**state, "sites": {**state["sites"], "church": {**state["sites"]["church"], "standee": 0}}}
    state = end_of_game(table, state)
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [4, 2]
    assert outcome.winners == [0] and outcome.places == [1, 2]
    assert outcome.reason == "The player with the most points is declared the winner."
    assert table.rules(state, "draw_card", 0, {"card": "eel"}) == ["END OF THE GAME"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, Move("draw_card", 0, {"card": "eel"}))


def test_the_game_is_not_over_before_the_third_snowflake(table):
    """END OF THE GAME: only "when the final snowflake card is drawn"."""
    state = table.snowstorm(table.snowstorm(table.new()))
    assert ENGINE.outcome(state) is None
    assert ENGINE.view(state)["finished"] is False


def tied_game(table, allies_used, pegs):
    state = table.new(players=3)
    players = [
        {**player, "allies_used": used, "bonus_blocks": {**player["bonus_blocks"], "peg": peg}}
        for player, used, peg in zip(state["players"], allies_used, pegs)
    ]
    return end_of_game(table, {**state, "players": players, "scores": [10, 10, 4]})


def test_a_draw_goes_to_the_player_who_used_the_fewest_ally_tokens(table):
    """END OF THE GAME: "the player who has used the lowest number of ally tokens before the arrival of the 3rd snowflake wins"."""
    outcome = ENGINE.outcome(tied_game(table, [2, 1, 0], ["placed", "placed", "in hand"]))
    assert outcome.winners == [1] and outcome.places == [2, 1, 3]
    assert outcome.reason == (
        "In the case of a draw, the player who has used the lowest number of ally tokens before the arrival "
        "of the 3rd snowflake wins the game."
    )


def test_then_to_the_player_who_has_not_used_their_peg(table):
    """END OF THE GAME: "If it is still a draw, the player who has not used their peg wins"."""
    outcome = ENGINE.outcome(tied_game(table, [1, 1, 0], ["placed", "returned to the box", "in hand"]))
    assert outcome.winners == [1] and outcome.places == [2, 1, 3]
    assert outcome.reason == "If it is still a draw, the player who has not used their peg wins."


def test_then_the_tied_players_share_the_title(table):
    """END OF THE GAME: "the tied players are declared the winners and share the title of Royal Engineer"."""
    outcome = ENGINE.outcome(tied_game(table, [1, 1, 0], ["placed", "placed", "in hand"]))
    assert outcome.winners == [0, 1] and outcome.places == [1, 1, 3]
    assert outcome.reason == (
        "If it is still a draw, the tied players are declared the winners and share the title of Royal Engineer."
    )


def test_the_standee_stays_with_the_player_who_completed_the_building(table):
    """COMPLETING A BUILDING: the player covering "the last free space" receives the standee; later blocks
    on that site do not take it away."""
    footprint = [tuple(map(int, cell.split(","))) for cell in ENGINE.setup([], {})["sites"]["church"]["footprint"]]
    almost = [(x, y, 1) for x, y in footprint if (x, y) not in {(0, 0), (1, 0), (2, 0), (3, 0)}]
    state = table.draw(table.with_cubes(table.new(), "church", almost), "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1))
    state = table.play(state, "draw_card", 1, {"card": "cross"})
    state = table.place(state, "eel", "church", [(0, 1, 2), (0, 2, 2), (0, 2, 3), (0, 3, 3)])
    assert ENGINE.view(state)["sites"]["church"]["standee_owner"] == 0


def test_a_level_scored_minus_may_take_a_marker_below_zero(table):
    """SNOWSTORMS: with "-" the player "LOSES THE NUMBER OF POINTS EQUAL to the number of cubes" (no floor at 0)."""
    state = table.with_cubes(table.new(), "mill", row(0, range(3), 1), "brown")
    state = table.snowstorm(state)
    assert ENGINE.view(state)["scores"] == [0, -3]


def test_a_fille_du_roy_does_not_double_standee_points(table):
    """ALLY TOKENS: they cannot be used "for the points associated with a character standee awarded upon the
    completion of a building", nor for the level scored at the final snowflake."""
    state = table.with_cubes(table.new(), "church", [(0, 0, 3)], "white")
    state = {**state, "sites": {**state["sites"], "church": {**state["sites"]["church"], "standee": 0}}}
    state = table.snowstorm(table.snowstorm(state))
    state = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.play(state, "play_ally", 1, {"ally": "coureur_des_bois"})
    state = table.snowstorm(state)
    # church level 3 is "-": White loses 1, then the priest's 4 points, neither doubled nor shared.
    assert ENGINE.outcome(state).scores == [3, 0]


def test_a_whole_final_score_by_hand(table):
    """SNOWSTORMS, END OF THE GAME: three storms score levels 1, 2 and 3 by the tally sticks (redoubt x2, -, +;
    church +, x2, -; mill -, +, x2), then the standees' points (redoubt 5, church 4, mill 3).

    Storm 1: church White 2, Brown 1; redoubt Yellow 1 x 2; mill White -1: White 1, Brown 1, Yellow 2.
    Storm 2: church Brown 1 x 2, Yellow 1 x 2; redoubt White -1; mill Yellow 1: White 0, Brown 3, Yellow 5.
    Storm 3: church Yellow -1; redoubt Brown 1, Yellow 1; mill White 1 x 2: White 2, Brown 4, Yellow 5.
    Standees: White the mill's 3, Brown the redoubt's 5, Yellow the church's 4: 5, 9 and 9. Brown and Yellow
    draw; Yellow used 1 Ally token to Brown's 2 and wins, Brown second, White third."""
    state = table.new(players=3)
    state = table.with_cubes(
        state,
        "church",
        [(0, 0, 1), (1, 0, 1), (2, 0, 1), (0, 0, 2), (1, 0, 2), (0, 0, 3)],
        ["white", "white", "brown", "brown", "yellow", "yellow"],
    )
    state = table.with_cubes(
        state,
        "redoubt",
        [(1, 0, 1), (1, 0, 2), (1, 0, 3), (2, 0, 1), (2, 0, 2), (2, 0, 3)],
        ["yellow", "white", "brown", "neutral", "neutral", "yellow"],
    )
    state = table.with_cubes(state, "mill", [(0, 0, 1), (0, 0, 2), (0, 0, 3)], ["white", "yellow", "white"])
    standees = {"mill": 0, "redoubt": 1, "church": 2}
    sites = {site: {**state["sites"][site], "standee": seat} for site, seat in standees.items()}
    players = [{**player, "allies_used": used} for player, used in zip(state["players"], [0, 2, 1])]
    state = end_of_game(table, {**state, "sites": sites, "players": players})
    assert [storm["church"] for storm in ENGINE.view(state)["snowstorms"]] == [
        {"white": 2, "brown": 1, "yellow": 0},
        {"white": 0, "brown": 2, "yellow": 2},
        {"white": 0, "brown": 0, "yellow": -1},
    ]
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [5, 9, 9]
    assert outcome.places == [3, 2, 1] and outcome.winners == [2]
    assert outcome.reason.startswith("In the case of a draw, the player who has used the lowest number of ally")


def test_two_to_four_players():
    """The box: "2-4 players"; GAME SETUP gives each player one of the four colours."""
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)


def test_end_of_the_game_a_draw_played_out_by_four_ends_in_the_middle_of_a_round(table):
    """END OF THE GAME: "The game ends when the final snowflake card is drawn ... In the case of a draw, the player
    who has used the lowest number of ally tokens ... If it is still a draw, the player who has not used their peg
    wins. If it is still a draw, the tied players are declared the winners"; BONUS CONSTRUCTION BLOCKS: "The PEG
    must be placed after the second snowflake card is drawn but before the third ... if not, they are returned to
    the box". Four players, no Ally played. A brown cube stands on the church's level 1 ("+"), a brown one on the
    mill's level 3 ("x2") over two neutral cubes, two neutral cubes in another corner of the mill. White draws the
    first snowflake (Brown 1), then White, Brown, Yellow (after drawing the second) and Blue lay neutral cannons
    (0 points each); White places the peg on the neutral corner of the mill (1 point) and Brown draws the third
    snowflake: the mill's level 3 gives White 2 and Brown 2. White 3, Brown 3, Yellow 0, Blue 0; Yellow and Blue
    never have the round's turn. White used the peg, Brown's went back to the box: Brown wins, White second;
    Yellow and Blue are equal on all three and share third place."""
    state = table.new(players=4)
    state = table.with_cubes(state, "church", [(0, 2, 1)], "brown")
    state = table.with_cubes(state, "mill", [(0, 0, 1), (0, 0, 2), (4, 4, 1), (4, 4, 2)])
    state = table.with_cubes(state, "mill", [(4, 4, 3)], "brown")
    state = table.draw(table.snowstorm(state), "cannon")
    assert ENGINE.view(state)["scores"] == [0, 1, 0, 0]
    state = table.place(state, "cannon", "church", row(0, range(4), 1))
    state = table.place(table.draw(state, "cannon"), "cannon", "church", row(5, range(4), 1))
    state = table.draw(table.snowstorm(state), "cannon")
    state = table.place(state, "cannon", "church", row(0, range(4), 2))
    state = table.place(table.draw(state, "eel"), "cannon", "church", row(5, range(4), 2))
    peg = {"block": "peg", "site": "mill", "cubes": [{"x": 0, "y": 0, "z": 3, "colour": "white"}]}
    state = table.play(state, "place_bonus_block", 0, peg)
    assert ENGINE.view(state)["scores"] == [1, 1, 0, 0]
    state = table.snowstorm(state)
    assert state["phase"] == "finished"
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [3, 3, 0, 0]
    assert outcome.places == [2, 1, 3, 3] and outcome.winners == [1]
    assert outcome.reason == "If it is still a draw, the player who has not used their peg wins."
