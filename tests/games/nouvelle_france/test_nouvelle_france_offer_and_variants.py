"""A PLAYER IS UNABLE TO PLACE A BLOCK, and the SIMPLIFICATION OF THE RULES variants."""

from games.contract import Seat
from games.nouvelle_france import ENGINE

from .conftest import TALLY, cubes, row

UNABLE = "A PLAYER IS UNABLE TO PLACE A BLOCK"


def offered(table, players=3):
    state = table.draw(table.new(players=players), "eel")
    return table.play(state, "offer_block", 0, {"card": "cannon"})


def test_the_block_is_offered_to_the_others_from_the_left(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: "the other players, starting on the left of the active player, can each try to place it"."""
    state = offered(table)
    view = ENGINE.view(state)
    assert view["active_seats"] == [1] and view["offer"] == {"card": "cannon", "to": 1}
    assert table.rules(state, "pass_offer", 2, {}) == [UNABLE]
    assert table.rules(state, "draw_card", 0, {"card": "cross"}) == [UNABLE]
    eel = {"card": "eel", "site": "church", "cubes": cubes([(0, 1, 1), (0, 2, 1), (0, 2, 2), (0, 3, 2)])}
    assert table.rules(state, "place_block", 1, eel) == [UNABLE]


def test_only_a_visible_card_can_be_offered_after_drawing(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: the block comes "from the three visible cards on the identification strip"."""
    state = table.new()
    assert table.rules(state, "offer_block", 0, {"card": "cannon"}) == [UNABLE]
    state = table.draw(state, "eel")
    assert table.rules(state, "offer_block", 0, {"card": "cross"}) == ["PLAYER TURN"]
    assert table.check(state, "offer_block", 0, {"card": "cannon"}) == []


def test_the_player_who_places_the_offered_block_scores_and_the_unable_player_misses_the_turn(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: "If a player succeeds, they receive the points for the placement ...
    The game then restarts on the left of the player who was initially unable to place the block"."""
    state = table.play(offered(table), "pass_offer", 1, {})
    state = table.place(state, "cannon", "church", row(0, range(4), 1), "yellow", seat=2)
    view = ENGINE.view(state)
    assert view["scores"] == [0, 0, 4]
    assert view["active_seats"] == [1]
    assert view["identification_strip"] == ["square", "eel"]


def test_the_offered_block_that_completes_a_building_wins_its_standee_for_the_player_who_placed_it(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: "If a player succeeds, they receive the points for the placement";
    COMPLETING A BUILDING: "Players can complete a building by covering ... the last free space ... the player
    receives the character standee", scored "AT THE END OF THE GAME". Four players: White cannot place the
    cannon, Brown and Yellow pass, Blue covers the church's last four spaces with it (2 blue cubes: 2 points)
    and takes the priest; play restarts with Brown. The first snowflake scores the church's level 1 "+" (Blue
    2), the third the priest's 4: Blue 2 + 2 + 4 = 8, the others 0 and equal on every tie-breaker."""
    footprint = [tuple(map(int, cell.split(","))) for cell in ENGINE.setup([], {})["sites"]["church"]["footprint"]]
    almost = [(x, y, 1) for x, y in footprint if y != 0]
    state = table.draw(table.with_cubes(table.new(players=4), "church", almost), "eel")
    state = table.play(state, "offer_block", 0, {"card": "cannon"})
    state = table.play(state, "pass_offer", 1, {})
    state = table.play(state, "pass_offer", 2, {})
    state = table.place(state, "cannon", "church", row(0, range(4), 1), ["blue", "neutral", "blue", "neutral"], seat=3)
    view = ENGINE.view(state)
    assert view["sites"]["church"]["standee_owner"] == 3 and view["players"][3]["standees"] == ["church"]
    assert view["scores"] == [0, 0, 0, 2] and view["active_seats"] == [1]
    for _ in range(3):
        state = table.snowstorm(state)
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [0, 0, 0, 8]
    assert outcome.winners == [3] and outcome.places == [2, 2, 2, 1]


def test_allies_do_not_apply_to_an_offered_block(table):
    """FILLE DU ROY (King's Ward) TOKEN: it doubles "their points during their turn"; the offered block is another's placement."""
    state = table.draw(table.play(table.new(players=3), "play_ally", 0, {"ally": "fille_du_roy"}), "eel")
    state = table.play(state, "offer_block", 0, {"card": "cannon"})
    state = table.place(state, "cannon", "church", row(0, range(4), 1), "brown", seat=1)
    assert ENGINE.view(state)["scores"] == [0, 4, 0]


def test_a_block_nobody_can_place_goes_back_to_the_box_and_the_player_draws_again(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: "If no one is able to place the block, the active player returns it
    to the box and can now draw a new card and continue their turn"."""
    state = table.play(offered(table), "pass_offer", 1, {})
    state = table.play(state, "pass_offer", 2, {})
    view = ENGINE.view(state)
    assert view["returned_to_box"] == ["cannon"] and view["identification_strip"] == ["square", "eel"]
    assert view["active_seats"] == [0] and view["phase"] == "draw"
    assert view["stockpile"]["cannon"] == 3
    assert table.check(state, "draw_card", 0, {"card": "cross"}) == []
    beam = {"block": "beam", "site": "church", "cubes": cubes(row(0, range(3), 1), "white")}
    assert table.rules(state, "place_bonus_block", 0, beam) == ["BONUS CONSTRUCTION BLOCKS"]


def test_one_card_variant_shows_only_the_drawn_card(table):
    """SIMPLIFICATION OF THE RULES 1: "the active player simply draws the top card" (6 piles of 6 cards)."""
    state = table.new(options={"one_card": True}, strip=())
    assert ENGINE.view(state)["deck_remaining"] == 39
    state = table.draw(state, "eel")
    assert ENGINE.view(state)["identification_strip"] == ["eel"]
    cannon = {"card": "cannon", "site": "church", "cubes": cubes(row(0, range(4), 1))}
    assert table.rules(state, "place_block", 0, cannon) == ["PLAYER TURN"]
    state = table.place(state, "eel", "church", [(0, 1, 1), (0, 2, 1), (0, 2, 2), (0, 3, 2)])
    assert ENGINE.view(state)["identification_strip"] == []


def test_one_card_variant_puts_no_card_on_the_strip_at_setup(table):
    """SIMPLIFICATION OF THE RULES 1 and GAME SETUP: no strip to fill, and the first snowflake is in the second pile of 6."""
    state = table.new(options={"one_card": True}, strip=())
    assert state["deck"]["snowflake_ranges"] == [[6, 12], [19, 25], [32, 38]]
    assert table.rules(table.at_deck_position(state, 5), "draw_card", 0, {"card": "snowflake"}) == ["GAME SETUP"]
    assert table.check(table.at_deck_position(state, 6), "draw_card", 0, {"card": "snowflake"}) == []


def test_allies_once_per_game_variant(table):
    """SIMPLIFICATION OF THE RULES 2: "ALLY TOKENS BEING USED ONLY ONCE DURING THE GAME"."""
    state = table.play(table.new(options={"allies": "once"}), "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.snowstorm(state)
    assert ENGINE.view(state)["players"][0]["allies"]["fille_du_roy"] == "face down"
    assert table.rules(state, "play_ally", 0, {"ally": "fille_du_roy"}) == ["SIMPLIFICATION OF THE RULES"]


def test_allies_left_out_variant(table):
    """SIMPLIFICATION OF THE RULES 2: the Ally tokens "can simply be left out"."""
    state = table.new(options={"allies": "none"})
    assert table.rules(state, "play_ally", 0, {"ally": "fille_du_roy"}) == ["SIMPLIFICATION OF THE RULES"]
    assert "play_ally" not in ENGINE.view(state)["legal_event_types"]


def test_a_club_may_supply_its_own_block_shapes_and_foundations(table):
    """Component data not printed in the rulebook is the club's to supply (options: shapes, sites)."""
    options = {
        "shapes": {"cannon": [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]]},
        "sites": {"mill": {"footprint": [[0, 0], [1, 0], [1, 1], [2, 1]]}},
    }
    state = table.draw(table.new(options=options), "eel")
    zigzag = [(0, 0, 1), (1, 0, 1), (1, 1, 1), (2, 1, 1)]
    straight = {"card": "cannon", "site": "mill", "cubes": cubes(row(0, range(4), 1))}
    assert table.rules(state, "place_block", 0, straight) == ["PLAYER TURN", "PLACEMENT RULES"]
    state = table.place(state, "cannon", "mill", zigzag, "white")
    assert ENGINE.view(state)["sites"]["mill"]["standee_owner"] == 0


def test_nothing_is_passed_without_an_offer(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: a pass answers an offered block."""
    state = table.draw(table.new(players=3), "eel")
    assert table.rules(state, "pass_offer", 1, {}) == [UNABLE]


def test_the_offered_block_is_placed_by_the_player_it_is_offered_to(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: the others "starting on the left of the active player, can each try"."""
    state = offered(table)
    cannon = {"card": "cannon", "site": "church", "cubes": cubes(row(0, range(4), 1))}
    assert table.rules(state, "place_block", 2, cannon) == [UNABLE]
    assert table.check(state, "place_block", 1, cannon) == []


#: Every site a plus of 5 cells (a club's own foundations): a cross covers one, a cannon (4 in a line, at
#: most 3 high) fits on none.
PLUS = [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]]
CROSSROADS = {"sites": {site: {"footprint": PLUS, "joints": []} for site in ("redoubt", "church", "mill")}}
CROSS = [(1, 0, 1), (0, 1, 1), (1, 1, 1), (2, 1, 1), (1, 2, 1)]


def three_cannons_offered(table):
    """Three players on the plus-shaped sites, three cannons visible: Astrid (white) offers one."""
    state = table.draw(table.new(players=3, options=CROSSROADS, strip=("cannon", "cannon")), "cannon")
    return table.play(state, "offer_block", 0, {"card": "cannon"})


def test_allies_are_played_while_a_block_is_on_offer(table):
    """ALLY TOKENS: "During a player's turn, players may use the 3 Ally tokens"; the offer is still the
    active player's turn (A PLAYER IS UNABLE TO PLACE A BLOCK: "can now draw a new card and continue their
    turn"): the Fille du Roy is Astrid's, the Coureur des bois another's. HURON: "before or after a player's
    turn", so not during the offer."""
    state = three_cannons_offered(table)
    assert table.check(state, "play_ally", 0, {"ally": "fille_du_roy"}) == []
    assert table.check(state, "play_ally", 2, {"ally": "coureur_des_bois"}) == []
    assert table.check(state, "play_ally", 1, {"ally": "coureur_des_bois"}) == []
    assert table.rules(state, "play_ally", 1, {"ally": "fille_du_roy"}) == ["FILLE DU ROY (King's Ward) TOKEN"]
    huron = {"ally": "huron", "cards": ["cross", "cross", "cross"]}
    assert table.rules(state, "play_ally", 1, huron) == ["HURON (First Nations People) TOKEN"]
    assert ENGINE.view(state)["legal_event_types"] == ["place_block", "pass_offer", "play_ally"]


def test_allies_played_during_the_offer_count_when_the_player_continues_their_turn(table):
    """FILLE DU ROY: "double their points during their turn"; COUREUR DES BOIS: "half the number of points
    received by the active player (rounding down) ... If the active player uses the 'Fille du Roy' token, the
    additional points are not included". Played while the cannon is on offer; nobody places it, Astrid
    "can now draw a new card and continue their turn": a white cross on an empty site is 5 points, doubled
    10, and Carl's Coureur des bois half of 5, rounded down: 2."""
    state = table.play(three_cannons_offered(table), "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.play(state, "play_ally", 2, {"ally": "coureur_des_bois"})
    state = table.play(table.play(state, "pass_offer", 1, {}), "pass_offer", 2, {})
    state = table.place(table.draw(state, "cross"), "cross", "church", CROSS, "white")
    assert ENGINE.view(state)["scores"] == [10, 0, 2]


def test_one_card_variant_lays_no_card_on_the_strip_at_setup(table):
    """SIMPLIFICATION OF THE RULES 1: "Instead of choosing one of the three construction-block cards ... simply draws the top card"."""
    state = ENGINE.setup([Seat(), Seat()], {"one_card": True})
    data = {"tally_sticks": TALLY, "first_player": 0}
    assert table.check(state, "setup_table", None, {**data, "strip": []}) == []
    assert table.rules(state, "setup_table", None, {**data, "strip": ["cannon", "eel"]}) == [
        "SIMPLIFICATION OF THE RULES"
    ]
