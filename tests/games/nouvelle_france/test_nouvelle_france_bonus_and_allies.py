"""BONUS CONSTRUCTION BLOCKS and ALLY TOKENS (Fille du Roy, Coureur des bois, Huron)."""

from games.nouvelle_france import ENGINE

from .conftest import cubes, row


def bonus(block, cells, colour="white", site="church"):
    return {"block": block, "site": site, "cubes": cubes(cells, colour)}


BEAM = row(0, range(3), 1)
POST = row(0, range(2), 1)
PEG = [(0, 0, 1)]


def test_a_bonus_block_is_placed_instead_of_drawing_and_scores(table):
    """BONUS CONSTRUCTION BLOCKS: "If a player decides to place a bonus construction block, they do not draw a card"."""
    state = table.new()
    state = table.play(state, "place_bonus_block", 0, bonus("beam", BEAM))
    view = ENGINE.view(state)
    assert view["scores"] == [3, 0]
    assert view["players"][0]["bonus_blocks"]["beam"] == "placed"
    assert view["identification_strip"] == ["cannon", "square"]
    assert view["active_seats"] == [1]


def test_no_bonus_block_after_drawing_a_card(table):
    """BONUS CONSTRUCTION BLOCKS: "If a player mistakenly draws a card, they cannot place their block this turn"."""
    state = table.new()
    assert table.check(state, "place_bonus_block", 0, bonus("beam", BEAM)) == []
    drawn = table.draw(state, "eel")
    assert table.rules(drawn, "place_bonus_block", 0, bonus("beam", BEAM)) == ["BONUS CONSTRUCTION BLOCKS"]


def test_each_bonus_block_has_its_window(table):
    """BONUS CONSTRUCTION BLOCKS: the BEAM before the first snowflake, the POST between the first and the
    second, the PEG between the second and the third."""
    state = table.new()
    assert table.rules(state, "place_bonus_block", 0, bonus("post", POST)) == ["BONUS CONSTRUCTION BLOCKS"]
    assert table.rules(state, "place_bonus_block", 0, bonus("peg", PEG)) == ["BONUS CONSTRUCTION BLOCKS"]
    after_first = table.snowstorm(state)
    after_first = table.place(
        table.draw(after_first, "eel"), "eel", "mill", [(1, 4, 1), (2, 4, 1), (2, 4, 2), (3, 4, 2)]
    )
    assert table.rules(after_first, "place_bonus_block", 1, bonus("beam", BEAM, "brown")) == [
        "BONUS CONSTRUCTION BLOCKS"
    ]
    assert table.check(after_first, "place_bonus_block", 1, bonus("post", POST, "brown")) == []
    after_second = {**after_first, "snowflakes": 2}
    assert table.check(after_second, "place_bonus_block", 1, bonus("peg", PEG, "brown")) == []


def test_unused_bonus_blocks_are_returned_to_the_box_at_the_snowflake(table):
    """BONUS CONSTRUCTION BLOCKS: "The bonus construction blocks must be placed before the next snowflake
    card is drawn ... if not, they are returned to the box"."""
    state = table.play(table.new(), "place_bonus_block", 0, bonus("beam", BEAM))
    state = table.snowstorm(state)
    players = ENGINE.view(state)["players"]
    assert players[0]["bonus_blocks"]["beam"] == "placed"
    assert players[1]["bonus_blocks"]["beam"] == "returned to the box"


def test_a_bonus_block_is_placed_only_once(table):
    """BONUS CONSTRUCTION BLOCKS: each player has one beam, one post and one peg."""
    state = table.play(table.new(), "place_bonus_block", 0, bonus("beam", BEAM))
    state = table.place(table.draw(state, "eel"), "cannon", "church", row(5, range(4), 1))
    assert table.rules(state, "place_bonus_block", 0, bonus("beam", row(0, range(3), 2))) == [
        "BONUS CONSTRUCTION BLOCKS"
    ]


def test_bonus_blocks_are_of_the_players_colour(table):
    """GAME SETUP: each player receives "3 bonus construction blocks of their colour"."""
    state = table.new()
    assert table.rules(state, "place_bonus_block", 0, bonus("beam", BEAM, "brown")) == ["BONUS CONSTRUCTION BLOCKS"]
    outside = bonus("beam", row(1, range(3), 1), "brown")
    assert table.rules(state, "place_bonus_block", 0, outside) == ["BONUS CONSTRUCTION BLOCKS", "PLACEMENT RULES"]


def test_the_fille_du_roy_doubles_the_active_players_points(table):
    """FILLE DU ROY (King's Ward) TOKEN: "Used by the active player to double their points during their turn"."""
    state = table.new()
    assert table.rules(state, "play_ally", 1, {"ally": "fille_du_roy"}) == ["FILLE DU ROY (King's Ward) TOKEN"]
    state = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.draw(state, "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1), ["white", "white", "white", "neutral"])
    assert ENGINE.view(state)["scores"] == [6, 0]
    assert ENGINE.view(state)["players"][0]["allies"]["fille_du_roy"] == "face down"


def test_the_coureur_des_bois_takes_half_the_points_before_doubling(table):
    """COUREUR DES BOIS (Fur trader) TOKEN: "half the number of points received by the active player (rounding
    down) ... If the active player uses the "Fille du Roy" token, the additional points are not included"."""
    state = table.new(players=3)
    assert table.rules(state, "play_ally", 0, {"ally": "coureur_des_bois"}) == ["COUREUR DES BOIS (Fur trader) TOKEN"]
    state = table.play(state, "play_ally", 2, {"ally": "coureur_des_bois"})
    state = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.draw(state, "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1), ["white", "white", "white", "neutral"])
    assert ENGINE.view(state)["scores"] == [6, 0, 1]


def test_only_one_coureur_des_bois_each_turn(table):
    """COUREUR DES BOIS (Fur trader) TOKEN: "Only a single "Coureur des bois" token may be used each turn"."""
    state = table.play(table.new(players=3), "play_ally", 1, {"ally": "coureur_des_bois"})
    assert table.rules(state, "play_ally", 2, {"ally": "coureur_des_bois"}) == ["COUREUR DES BOIS (Fur trader) TOKEN"]


def test_a_played_ally_is_face_down_until_the_next_snowflake(table):
    """ALLY TOKENS: "Once played, the token is turned face down and can only be used again after the next snowflake"."""
    state = table.play(table.new(), "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.place(table.draw(state, "eel"), "cannon", "church", row(0, range(4), 1))
    state = table.place(
        table.play(state, "draw_card", 1, {"card": "eel"}), "eel", "mill", [(1, 0, 1), (2, 0, 1), (2, 0, 2), (3, 0, 2)]
    )
    assert table.rules(state, "play_ally", 0, {"ally": "fille_du_roy"}) == ["ALLY TOKENS"]
    state = table.snowstorm(state)
    assert ENGINE.view(state)["players"][0]["allies"]["fille_du_roy"] == "face up"
    assert ENGINE.view(state)["players"][0]["allies_used"] == 1


def test_allies_do_not_count_on_snowstorm_points(table):
    """ALLY TOKENS: "Ally tokens CANNOT BE USED when calculating the points for a level after a snowflake card has been drawn"."""
    state = table.with_cubes(table.new(), "church", row(0, range(4), 1), "white")
    state = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.play(state, "play_ally", 1, {"ally": "coureur_des_bois"})
    state = table.snowstorm(state)
    assert ENGINE.view(state)["scores"] == [4, 0]


def test_the_huron_looks_at_the_top_three_cards_and_reorders_them(table):
    """HURON (First Nations People) TOKEN: "look in secret at the top 3 cards of the deck and to put them back in any order"."""
    state = table.new()
    assert table.rules(state, "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross"]}) == [
        "HURON (First Nations People) TOKEN"
    ]
    state = table.play(state, "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "plow"]})
    assert table.rules(state, "draw_card", 0, {"card": "cross"}) == ["HURON (First Nations People) TOKEN"]
    state = table.draw(state, "eel")
    assert ENGINE.view(state)["known_top_cards"] == ["cross", "plow"]


def test_the_huron_sees_in_secret(table):
    """HURON (First Nations People) TOKEN: "look in secret": only its player sees the cards."""
    state = table.play(table.new(), "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "plow"]})
    assert ENGINE.view(state, 1)["known_top_cards"] == ["eel", "cross", "plow"]
    assert ENGINE.view(state, 0)["known_top_cards"] == [None, None, None]
    assert ENGINE.view(state, 0)["known_top_count"] == 3


def test_the_huron_is_played_before_or_after_a_turn(table):
    """HURON (First Nations People) TOKEN: "This action may be played before or after a player's turn"."""
    state = table.draw(table.new(), "eel")
    assert table.rules(state, "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "plow"]}) == [
        "HURON (First Nations People) TOKEN"
    ]


def test_the_huron_sees_only_cards_the_deck_can_hold(table):
    """GAME SETUP: pile 1 holds no snowflake, so the Huron cannot see one at the top of the deck."""
    state = table.new()
    assert table.rules(state, "play_ally", 0, {"ally": "huron", "cards": ["eel", "snowflake", "plow"]}) == [
        "GAME SETUP"
    ]
    at_pile_two = table.at_deck_position(state, 10)
    assert table.check(at_pile_two, "play_ally", 0, {"ally": "huron", "cards": ["snowflake", "eel", "plow"]}) == []


def test_the_huron_may_put_a_snowflake_back_below_its_pile(table):
    """HURON (First Nations People) TOKEN: "look in secret at the top 3 cards of the deck and to put them back
    in any order"; GAME SETUP: pile 2 (cards 12 to 17) holds the first snowflake. With 15 cards gone, the top 3
    are cards 16 and 17 (the last of pile 2: the snowflake is one of them) and 18 (the first of pile 3). Put
    back eel, cross, snowflake, the snowflake is card 18 and comes there, after the eel and the cross."""
    state = table.at_deck_position(table.new(), 15)
    assert table.rules(state, "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "plow"]}) == ["GAME SETUP"]
    state = table.play(state, "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "snowflake"]})
    state = table.place(table.draw(state, "eel"), "cannon", "church", row(0, range(4), 1))
    assert table.rules(state, "draw_card", 1, {"card": "snowflake"}) == ["HURON (First Nations People) TOKEN"]
    state = table.place(table.draw(state, "cross"), "square", "mill", [(0, 0, 1), (1, 0, 1), (0, 1, 1)])
    state = table.draw(state, "snowflake")
    view = ENGINE.view(state)
    assert view["snowflakes_drawn"] == 1 and view["deck_remaining"] == 39 - 18
    assert view["active_seats"] == [0] and view["phase"] == "draw"


def test_a_second_huron_keeps_the_known_cards(table):
    """HURON (First Nations People) TOKEN: the cards already put back stay on top of the deck."""
    state = table.play(table.new(), "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "plow"]})
    state = table.place(table.draw(state, "eel"), "cannon", "church", row(0, range(4), 1))
    assert table.rules(state, "play_ally", 0, {"ally": "huron", "cards": ["cross", "cannon", "eel"]}) == [
        "HURON (First Nations People) TOKEN"
    ]
    state = table.play(state, "play_ally", 0, {"ally": "huron", "cards": ["plow", "eel", "cross"]})
    assert ENGINE.view(state, 0)["known_top_cards"] == ["plow", "eel", "cross"]


def test_only_the_huron_names_cards(table):
    """HURON (First Nations People) TOKEN: only the Huron looks at the cards of the deck."""
    state = table.new()
    assert table.rules(state, "play_ally", 0, {"ally": "fille_du_roy", "cards": ["eel"]}) == ["ALLY TOKENS"]


def test_a_fille_du_roy_doubles_a_turn_only_once(table):
    """FILLE DU ROY (King's Ward) TOKEN: it doubles the turn's points; the token back after a snowflake
    drawn in the same turn cannot double them again."""
    state = table.with_cubes(table.new(), "church", row(0, range(4), 1))
    state = table.snowstorm(table.play(state, "play_ally", 0, {"ally": "fille_du_roy"}))
    assert ENGINE.view(state)["players"][0]["allies"]["fille_du_roy"] == "face up"
    assert table.rules(state, "play_ally", 0, {"ally": "fille_du_roy"}) == ["FILLE DU ROY (King's Ward) TOKEN"]
    state = table.draw(state, "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 2), "white")
    assert ENGINE.view(state)["last_placement"]["doubled"] is True
    assert ENGINE.view(state)["scores"] == [8, 0]


def test_the_coureur_des_bois_shares_a_bonus_block_turn(table):
    """COUREUR DES BOIS (Fur trader) TOKEN: half "the number of points received by the active player", here
    for the bonus block placed instead of drawing (BONUS CONSTRUCTION BLOCKS)."""
    state = table.play(table.new(), "play_ally", 1, {"ally": "coureur_des_bois"})
    state = table.play(state, "place_bonus_block", 0, bonus("beam", BEAM))
    assert ENGINE.view(state)["scores"] == [3, 1]


def test_the_bonus_block_leaves_the_choices_once_placed(table):
    """BONUS CONSTRUCTION BLOCKS: one beam per player: once it is placed, the view offers only drawing."""
    state = table.play(table.new(), "place_bonus_block", 0, bonus("beam", BEAM))
    state = table.place(table.draw(state, "eel"), "cannon", "church", row(5, range(4), 1))
    assert ENGINE.view(state)["active_seats"] == [0]
    assert ENGINE.view(state)["legal_event_types"] == ["draw_card", "play_ally"]


def test_the_fille_du_roy_may_double_the_points_once_the_block_is_placed(table):
    """FILLE DU ROY (King's Ward) TOKEN: "Used by the active player to double their points during their turn";
    PLAYER TURN: "CALCULATE THE POINTS ... The points are totalled, and the player's point marker is moved forward
    ... This ends the player's turn": a player who sees the points of the block just placed may still double them,
    until the next player's turn is under way."""
    state = table.play(table.new(), "place_bonus_block", 0, bonus("beam", BEAM))
    assert ENGINE.view(state)["scores"] == [3, 0]
    assert {"ally": "fille_du_roy"} in [m.data for m in ENGINE.legal_moves(state) if m.seat == 0]
    doubled = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    assert ENGINE.view(doubled)["scores"] == [6, 0]
    assert ENGINE.view(doubled)["last_placement"]["doubled"] is True
    assert ENGINE.view(doubled)["active_seats"] == [1]
    assert table.rules(table.draw(state, "eel"), "play_ally", 0, {"ally": "fille_du_roy"}) == [
        "FILLE DU ROY (King's Ward) TOKEN"
    ]


def test_the_fille_du_roy_doubles_a_turn_once_before_or_after_the_placement(table):
    """FILLE DU ROY (King's Ward) TOKEN: "double their points during their turn": once a turn."""
    state = table.with_cubes(table.new(), "church", row(0, range(4), 1))
    state = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    state = table.draw(table.snowstorm(state), "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 2), "white")
    assert ENGINE.view(state)["scores"][0] == 8
    assert ENGINE.view(state)["players"][0]["allies"]["fille_du_roy"] == "face up"
    assert table.rules(state, "play_ally", 0, {"ally": "fille_du_roy"}) == ["FILLE DU ROY (King's Ward) TOKEN"]


def test_the_coureur_des_bois_shouted_once_the_block_is_placed_shares_that_turn(table):
    """COUREUR DES BOIS (Fur trader) TOKEN: "Used by a player to receive additional points during someone else's
    turn equal to half the number of points received by the active player (rounding down) ... The first player to
    shout "Fur trader!" can use their "Coureur des bois" during the turn": the next player, who sees the points of
    the block just placed, may still take half of them (not of the doubling) before their own turn is under way."""
    state = table.play(table.new(), "place_bonus_block", 0, bonus("beam", BEAM))
    state = table.play(state, "play_ally", 0, {"ally": "fille_du_roy"})
    assert {"ally": "coureur_des_bois"} in [m.data for m in ENGINE.legal_moves(state) if m.seat == 1]
    shared = table.play(state, "play_ally", 1, {"ally": "coureur_des_bois"})
    assert ENGINE.view(shared)["scores"] == [6, 1]
    assert ENGINE.view(shared)["last_placement"]["coureur_des_bois"] == {"seat": 1, "points": 1}
    assert shared["turn"]["coureur"] is None
    assert table.rules(table.draw(state, "eel"), "play_ally", 1, {"ally": "coureur_des_bois"}) == [
        "COUREUR DES BOIS (Fur trader) TOKEN"
    ]


def test_a_third_players_coureur_des_bois_shouted_once_the_block_is_placed_shares_that_turn(table):
    """COUREUR DES BOIS: "The first player to shout "Fur trader!" can use their "Coureur des bois" during the turn",
    and a shout answers the points seen: with three players, the third (seat 2), not only the next, may take half of
    the beam's 3 points just placed (1, rounded down). That turn then has its one: the next player's Coureur des
    bois is refused on it; the placer's own is for the next player's turn."""
    state = table.play(table.new(players=3), "place_bonus_block", 0, bonus("beam", BEAM))
    assert {"ally": "coureur_des_bois"} in [m.data for m in ENGINE.legal_moves(state) if m.seat == 2]
    shared = table.play(state, "play_ally", 2, {"ally": "coureur_des_bois"})
    assert ENGINE.view(shared)["scores"] == [3, 0, 1]
    assert ENGINE.view(shared)["last_placement"]["coureur_des_bois"] == {"seat": 2, "points": 1}
    assert table.rules(shared, "play_ally", 1, {"ally": "coureur_des_bois"}) == ["COUREUR DES BOIS (Fur trader) TOKEN"]
    own = table.play(shared, "play_ally", 0, {"ally": "coureur_des_bois"})
    assert own["turn"]["coureur"] == 0 and ENGINE.view(own)["scores"] == [3, 0, 1]


def test_ally_tokens_several_players_play_an_ally_token_during_the_same_turn(table):
    """ALLY TOKENS: "It is possible that several players play an Ally token during the same turn"; COUREUR DES
    BOIS: "Only a single "Coureur des bois" token may be used each turn"; HURON: "This action may be played before
    or after a player's turn". Four players, White's turn: Yellow shouts "Fur trader!", White plays the Fille du
    Roy, draws and lays a cannon with 3 white cubes on the empty church: 3 points doubled, 6; Yellow half of 3,
    rounded down, 1. Brown's Coureur des bois on White's turn is refused, before the placement or after it: the
    turn had its one. Blue plays the Huron after White's turn and puts cross, plow, eel back on top: Brown draws
    the cross, not the eel. Three players each used one token."""
    state = table.new(players=4)
    state = table.play(state, "play_ally", 2, {"ally": "coureur_des_bois"})
    state = table.draw(table.play(state, "play_ally", 0, {"ally": "fille_du_roy"}), "eel")
    assert table.rules(state, "play_ally", 1, {"ally": "coureur_des_bois"}) == ["COUREUR DES BOIS (Fur trader) TOKEN"]
    state = table.place(state, "cannon", "church", row(0, range(4), 1), ["white", "white", "white", "neutral"])
    assert ENGINE.view(state)["scores"] == [6, 0, 1, 0]
    assert table.rules(state, "play_ally", 1, {"ally": "coureur_des_bois"}) == ["COUREUR DES BOIS (Fur trader) TOKEN"]
    state = table.play(state, "play_ally", 3, {"ally": "huron", "cards": ["cross", "plow", "eel"]})
    assert table.rules(state, "draw_card", 1, {"card": "eel"}) == ["HURON (First Nations People) TOKEN"]
    state = table.draw(state, "cross")
    view = ENGINE.view(state)
    assert view["scores"] == [6, 0, 1, 0]
    assert [player["allies_used"] for player in view["players"]] == [1, 0, 1, 1]
    assert view["identification_strip"] == ["square", "eel", "cross"]
