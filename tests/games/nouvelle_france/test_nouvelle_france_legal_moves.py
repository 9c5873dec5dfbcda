"""Nouvelle France's legal moves and their sentences, computed by hand from the rulebook.

Geometry follows the component data (conftest.py): the church is a 4 x 6 ring of walls (x 0..3,
y 0..5), the mill a 5 x 5 ring (x, y 0..4), the redoubt four walls of 4 (x 1..4 at y 0 and 5,
y 1..4 at x 0 and 5) meeting at diagonal joints; a beam is 3 cubes in a line, a cannon 4.
The deck (GAME SETUP): pile 1 is 11 cards (positions 0-10), pile 2 five cards and the first
snowflake (positions 11-16), pile 3 five cards (17-21). A block's cubes are listed in the order of
their cells (x, then y, then z) and a construction block's cubes take the players' colours in turn
from the mover's (README.md, "Legal moves").
"""

from games.contract import Move, Seat
from games.nouvelle_france import ENGINE
from games.secrets import NOBODY

SHAPES = ["cannon", "horseshoe", "stairs", "square", "plow", "scythe", "weathercock", "eel", "cross"]
NAMES = ["Astrid", "Bjorn", "Carl", "Dora"]


def legal(state, seat=None, types=None):
    return [m for m in ENGINE.legal_moves(state, seat) if types is None or m.type in types]


def said(state, type_, seat, data, reader=None):
    return ENGINE.narrate(state, Move(type_, seat, data), reader, NAMES[: len(state["players"])])


def line(start, step, length):
    """``length`` cells in a line from ``start`` (x, y, z) by ``step``, in the order of cells."""
    return tuple(sorted(tuple(a + i * d for a, d in zip(start, step)) for i in range(length)))


def lines_along(wall, length):
    """Every flat line of ``length`` cells at level 1 along a wall given as its cells (x, y) in order."""
    return [
        tuple(sorted((x, y, 1) for x, y in wall[first : first + length])) for first in range(len(wall) - length + 1)
    ]


CHURCH_WALLS = [
    [(x, 0) for x in range(4)],
    [(x, 5) for x in range(4)],
    [(0, y) for y in range(6)],
    [(3, y) for y in range(6)],
]
CHURCH_CELLS = sorted({cell for wall in CHURCH_WALLS for cell in wall})
MILL_WALLS = [
    [(x, 0) for x in range(5)],
    [(x, 4) for x in range(5)],
    [(0, y) for y in range(5)],
    [(4, y) for y in range(5)],
]
MILL_CELLS = sorted({cell for wall in MILL_WALLS for cell in wall})
REDOUBT_WALLS = [
    [(x, 0) for x in range(1, 5)],
    [(x, 5) for x in range(1, 5)],
    [(0, y) for y in range(1, 5)],
    [(5, y) for y in range(1, 5)],
]
REDOUBT_CELLS = sorted({cell for wall in REDOUBT_WALLS for cell in wall})


def beams(walls, cells):
    """A beam on an empty site: flat along a wall on the foundation, or standing 3 high on any
    space (a flat beam higher up has nothing under it)."""
    flat = [beam for wall in walls for beam in lines_along(wall, 3)]
    standing = [line((x, y, 1), (0, 0, 1), 3) for x, y in cells]
    return set(flat + standing)


def placed(moves, site):
    return {tuple((c["x"], c["y"], c["z"]) for c in m.data["cubes"]) for m in moves if m.data["site"] == site}


# PLAYER TURN and GAME SETUP: the draw


def test_player_turn_draw_any_shape_still_in_the_pile_one_deck(table):
    """PLAYER TURN: "DRAW A CONSTRUCTION-BLOCK CARD"; GAME SETUP: the next card is card 3 of pile 1, which
    holds no snowflake: each of the 9 shapes (at least 3 copies of each are still in the deck)."""
    state = table.new()
    assert legal(state, 0, {"draw_card"}) == [Move("draw_card", 0, {"card": card}) for card in SHAPES]
    assert legal(state, 1, {"draw_card"}) == []


def test_game_setup_the_snowflake_may_come_from_the_first_card_of_pile_two(table):
    """GAME SETUP: a snowflake is added to pile 2: the 12th card (position 11) may be a shape or it."""
    state = table.at_deck_position(table.new(), 11)
    assert [m.data["card"] for m in legal(state, 0, {"draw_card"})] == [*SHAPES, "snowflake"]


def test_game_setup_the_snowflake_is_forced_at_the_last_card_of_pile_two(table):
    """GAME SETUP: pile 2 is 5 cards and a snowflake (positions 11-16); at position 16 with no snowflake
    drawn yet, the last card of pile 2 can only be the snowflake."""
    state = table.at_deck_position(table.new(), 16)
    assert legal(state, 0, {"draw_card"}) == [Move("draw_card", 0, {"card": "snowflake"})]


def test_snowstorms_the_player_who_drew_the_snowflake_draws_again(table):
    """SNOWSTORMS: "the player who drew the snowflake card draws a new card and continues their turn":
    after the first snowflake, position 17 is in pile 3 (no snowflake): the 9 shapes; no beam (its
    window is over) and no post ("If a player mistakenly draws a card, they cannot place their block")."""
    state = table.snowstorm(table.new())
    assert state["active"] == 0 and state["phase"] == "draw"
    assert [m.data["card"] for m in legal(state, 0, {"draw_card"})] == SHAPES
    assert legal(state, 0, {"place_bonus_block"}) == []


# ALLY TOKENS


def test_ally_tokens_before_drawing(table):
    """ALLY TOKENS, before the active player draws: the Fille du Roy by the active player, the Coureur
    des bois by another; HURON: any player, "before or after a player's turn", names the top 3 cards,
    here cards 3-5 of pile 1 (no snowflake): any 3 of the 9 shapes, repeats allowed, C(11, 3) = 165
    sets, each offered once."""
    state = table.new()
    mine = legal(state, 0, {"play_ally"})
    theirs = legal(state, 1, {"play_ally"})
    assert mine[0] == Move("play_ally", 0, {"ally": "fille_du_roy"})
    assert theirs[0] == Move("play_ally", 1, {"ally": "coureur_des_bois"})
    for moves in (mine[1:], theirs[1:]):
        assert len(moves) == 165
        assert {m.data["ally"] for m in moves} == {"huron"}
        assert {tuple(sorted(m.data["cards"])) for m in moves} == {
            tuple(sorted((a, b, c)))
            for i, a in enumerate(SHAPES)
            for j, b in enumerate(SHAPES[i:])
            for c in SHAPES[i + j :]
        }
    assert mine[1].data["cards"] == ["cannon", "cannon", "cannon"]


def test_huron_a_forced_snowflake_is_among_the_cards_seen(table):
    """HURON and GAME SETUP: at position 16 the top 3 cards are the last of pile 2 (the snowflake, forced)
    and the first two of pile 3 (shapes only): a snowflake and any 2 shapes, C(10, 2) = 45 sets."""
    state = table.at_deck_position(table.new(), 16)
    hurons = [m for m in legal(state, 1, {"play_ally"}) if m.data["ally"] == "huron"]
    assert len(hurons) == 45
    assert all(sorted(m.data["cards"]).count("snowflake") == 1 for m in hurons)


def test_huron_the_cards_already_seen_are_the_only_ones_to_put_back(table):
    """HURON: "look ... at the top 3 cards ... and put them back": once Bjorn has put back eel, cross and
    plow, Astrid's Huron finds those three; Bjorn's token is face down, he may still shout "Fur trader!"."""
    state = table.play(table.new(), "play_ally", 1, {"ally": "huron", "cards": ["eel", "cross", "plow"]})
    assert legal(state, None, {"play_ally"}) == [
        Move("play_ally", 0, {"ally": "fille_du_roy"}),
        Move("play_ally", 0, {"ally": "huron", "cards": ["eel", "cross", "plow"]}),
        Move("play_ally", 1, {"ally": "coureur_des_bois"}),
    ]
    assert legal(state, 0, {"draw_card"}) == [Move("draw_card", 0, {"card": "eel"})]


def test_simplification_two_allies_left_out(table):
    """SIMPLIFICATION OF THE RULES 2: the Ally tokens "can simply be left out": no Ally move at all."""
    state = table.new(options={"allies": "none"})
    assert legal(state, None, {"play_ally"}) == []


# PLAYER TURN, after drawing; A PLAYER IS UNABLE TO PLACE A BLOCK


def test_player_turn_after_drawing_every_move_but_the_placements(table):
    """PLAYER TURN: with cannon, square and eel visible, Astrid places one of their blocks or (A PLAYER
    IS UNABLE TO PLACE A BLOCK) offers one; the Fille du Roy is hers, the Coureur des bois Bjorn's; no
    Huron during the turn, no bonus block after drawing."""
    state = table.draw(table.new(), "eel")
    assert legal(state, None, {"offer_block", "play_ally", "place_bonus_block", "draw_card"}) == [
        Move("offer_block", 0, {"card": "cannon"}),
        Move("offer_block", 0, {"card": "square"}),
        Move("offer_block", 0, {"card": "eel"}),
        Move("play_ally", 0, {"ally": "fille_du_roy"}),
        Move("play_ally", 1, {"ally": "coureur_des_bois"}),
    ]
    assert {m.data["card"] for m in legal(state, 0, {"place_block"})} == {"cannon", "square", "eel"}


def test_unable_to_place_the_offered_cannon_everywhere_it_fits(table):
    """A PLAYER IS UNABLE TO PLACE A BLOCK: the cannon Astrid offers goes to Bjorn, on her left, who places
    it or passes. PLACEMENT RULES: 4 in a line cannot stand (walls at most 3 high) and nothing holds it up
    off the foundation, so it lies along a wall: church 2 + 2 (rows of 4) + 3 + 3 (columns of 6), mill
    2 x 4 (walls of 5), redoubt 1 x 4 (walls of 4). Bjorn's cubes: brown, white, brown, white."""
    state = table.play(table.draw(table.new(), "eel"), "offer_block", 0, {"card": "cannon"})
    assert legal(state, 0, {"place_block", "pass_offer"}) == []
    moves = legal(state, 1, {"place_block", "pass_offer"})
    assert moves[-1] == Move("pass_offer", 1, {})
    placements = moves[:-1]
    assert {(m.type, m.data["card"]) for m in placements} == {("place_block", "cannon")}
    assert placed(placements, "church") == {c for wall in CHURCH_WALLS for c in lines_along(wall, 4)}
    assert placed(placements, "mill") == {c for wall in MILL_WALLS for c in lines_along(wall, 4)}
    assert placed(placements, "redoubt") == {c for wall in REDOUBT_WALLS for c in lines_along(wall, 4)}
    assert len(placements) == 20
    colours = ["brown", "white", "brown", "white"]
    column = [{"x": 0, "y": y, "z": 1, "colour": colour} for y, colour in zip(range(4), colours)]
    assert Move("place_block", 1, {"card": "cannon", "site": "church", "cubes": column}) in placements


def test_allies_while_a_block_is_on_offer(table):
    """ALLY TOKENS "During a player's turn": while the cannon Astrid could not place is on offer (every site a
    plus of 5 cells: no line of 4 fits), the Fille du Roy is still hers and the Coureur des bois Bjorn's or
    Carl's; no Huron (HURON: "before or after a player's turn")."""
    plus = [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]]
    options = {"sites": {site: {"footprint": plus, "joints": []} for site in ("redoubt", "church", "mill")}}
    state = table.draw(table.new(players=3, options=options, strip=("cannon", "cannon")), "cannon")
    state = table.play(state, "offer_block", 0, {"card": "cannon"})
    assert legal(state, None, {"play_ally"}) == [
        Move("play_ally", 0, {"ally": "fille_du_roy"}),
        Move("play_ally", 1, {"ally": "coureur_des_bois"}),
        Move("play_ally", 2, {"ally": "coureur_des_bois"}),
    ]


# BONUS CONSTRUCTION BLOCKS and PLACEMENT RULES


def test_bonus_beam_on_the_empty_sites(table):
    """BONUS CONSTRUCTION BLOCKS: "The BEAM must be placed before the first snowflake card is drawn", all
    cubes Astrid's white. PLACEMENT RULES: within the foundations, at most 3 high, free standing: flat
    along a wall on the foundation (church 2 + 2 + 4 + 4, mill 3 x 4, redoubt 2 x 4) or standing on
    any of the 16 spaces of each site: 28 + 28 + 24 = 80."""
    state = table.new()
    moves = legal(state, 0, {"place_bonus_block"})
    assert placed(moves, "church") == beams(CHURCH_WALLS, CHURCH_CELLS)
    assert placed(moves, "mill") == beams(MILL_WALLS, MILL_CELLS)
    assert placed(moves, "redoubt") == beams(REDOUBT_WALLS, REDOUBT_CELLS)
    assert len(moves) == 80
    assert {(m.data["block"], cube["colour"]) for m in moves for cube in m.data["cubes"]} == {("beam", "white")}
    assert legal(state, 1, {"place_bonus_block"}) == []


def test_placement_rules_a_beam_balanced_on_one_cube(table):
    """PLACEMENT RULES, with one cube at (0, 1, 1) in the church: the beam cannot go through it (the
    column x = 0 from y 0 and from y 1, standing at (0, 1)); lying at level 2 on x = 0, y 0-2 it rests on
    its middle and is free standing; on y 1-3 it would rest on its end only. 28 - 3 + 1 = 26."""
    state = table.with_cubes(table.new(), "church", [(0, 1, 1)], "brown")
    expected = beams(CHURCH_WALLS, CHURCH_CELLS) - {
        line((0, 0, 1), (0, 1, 0), 3),
        line((0, 1, 1), (0, 1, 0), 3),
        line((0, 1, 1), (0, 0, 1), 3),
    }
    expected.add(line((0, 0, 2), (0, 1, 0), 3))
    assert placed(legal(state, 0, {"place_bonus_block"}), "church") == expected
    assert len(expected) == 26


def test_bonus_construction_blocks_not_after_drawing(table):
    """BONUS CONSTRUCTION BLOCKS: "If a player decides to place a bonus construction block, they do not
    draw": having drawn, Astrid has no bonus move."""
    assert legal(table.draw(table.new(), "eel"), 0, {"place_bonus_block"}) == []


# GAME SETUP and END OF THE GAME


def test_game_setup_is_the_one_move_before_play(table):
    """GAME SETUP, made by no seat: the three sticks to the three sites (3! = 6 ways), two cards onto the
    strip (any 2 of the 9 shapes: 45), the first player (2): 540 setups; none once set up."""
    state = ENGINE.setup([Seat(colour="white"), Seat(colour="brown")], {})
    moves = legal(state)
    assert len(moves) == 6 * 45 * 2 and {(m.type, m.seat) for m in moves} == {("setup_table", None)}
    one_card = ENGINE.setup([Seat(colour="white"), Seat(colour="brown")], {"one_card": True})
    assert {tuple(m.data["strip"]) for m in legal(one_card)} == {()}
    assert legal(table.new(), None, {"setup_table"}) == []


def test_end_of_the_game_no_move_follows(table):
    """END OF THE GAME: "The game ends when the final snowflake card is drawn": nothing is legal after."""
    state = table.new()
    for _ in range(3):
        state = table.snowstorm(state)
    assert state["phase"] == "finished"
    assert legal(state) == []


# Sentences


def test_said_setup_and_draws(table):
    """GAME SETUP and PLAYER TURN, as said at the table."""
    fresh = ENGINE.setup([Seat(colour="white"), Seat(colour="brown")], {})
    data = {
        "tally_sticks": {
            "redoubt": {"stick": 2, "levels": ["x2", "-", "+"], "standee_points": 5},
            "church": {"stick": 1, "levels": ["+", "x2", "-"], "standee_points": 4},
            "mill": {"stick": 3, "levels": ["-", "+", "x2"], "standee_points": 3},
        },
        "strip": ["cannon", "square"],
        "first_player": 1,
    }
    assert said(fresh, "setup_table", None, data) == (
        "The table is set up with tally stick 2 at the military redoubt, tally stick 1 at the church and "
        "tally stick 3 at the seigneurial mill; the cannon and square cards are drawn onto the identification "
        "strip, and Bjorn goes first."
    )
    state = table.new()
    assert said(state, "draw_card", 0, {"card": "eel"}) == "Astrid draws an eel card."
    assert said(state, "draw_card", 0, {"card": "horseshoe"}) == "Astrid draws a horseshoe card."
    after_one = table.snowstorm(state)
    assert said(after_one, "draw_card", 0, {"card": "snowflake"}) == (
        "Astrid draws the second snowflake card, and it snows."
    )


def test_said_placements(table):
    """PLAYER TURN, BONUS CONSTRUCTION BLOCKS and A PLAYER IS UNABLE TO PLACE A BLOCK, as said."""
    state = table.draw(table.new(), "eel")
    cubes = [
        {"x": 0, "y": 0, "z": 1, "colour": "white"},
        {"x": 0, "y": 1, "z": 1, "colour": "neutral"},
        {"x": 0, "y": 2, "z": 1, "colour": "brown"},
        {"x": 0, "y": 3, "z": 1, "colour": "white"},
    ]
    assert said(state, "place_block", 0, {"card": "cannon", "site": "church", "cubes": cubes}) == (
        "Astrid places the cannon block on the church: 4 cubes, 2 white, 1 brown and 1 neutral."
    )
    beam = [{"x": x, "y": 0, "z": 1, "colour": "brown"} for x in range(3)]
    assert said(
        table.new(first_player=1), "place_bonus_block", 1, {"block": "beam", "site": "mill", "cubes": beam}
    ) == (
        "Bjorn places the beam, a bonus construction block of 3 cubes, on the seigneurial mill instead of drawing a card."
    )
    three = table.draw(table.new(players=3), "eel")
    assert said(three, "offer_block", 0, {"card": "cannon"}) == (
        "Astrid is unable to place the cannon block and offers it to the other players, starting with Bjorn."
    )
    offered = table.play(three, "offer_block", 0, {"card": "cannon"})
    assert said(offered, "pass_offer", 1, {}) == (
        "Bjorn is unable to place the cannon block either, so it is offered to Carl."
    )
    last = table.play(offered, "pass_offer", 1, {})
    assert said(last, "pass_offer", 2, {}) == (
        "Carl is unable to place the cannon block either, so it is returned to the box and Astrid draws a new card."
    )
    assert said(last, "place_block", 2, {"card": "cannon", "site": "mill", "cubes": cubes[:1]}) == (
        "Carl places the offered cannon block on the seigneurial mill: 1 cube, 1 white."
    )


def test_said_allies_and_the_huron_kept_secret(table):
    """ALLY TOKENS as said; HURON: "look in secret": the cards are said to their player (and the
    arbiter), to the others and a spectator only that they were looked at."""
    state = table.new()
    assert said(state, "play_ally", 0, {"ally": "fille_du_roy"}) == (
        "Astrid plays the Fille du Roy token to double their points this turn."
    )
    assert said(state, "play_ally", 1, {"ally": "coureur_des_bois"}) == (
        "Bjorn plays the Coureur des bois token to receive half the points Astrid receives this turn."
    )
    huron = {"ally": "huron", "cards": ["eel", "cross", "plow"]}
    for reader in (None, 1):
        assert said(state, "play_ally", 1, huron, reader) == (
            "Bjorn plays the Huron token, looks in secret at the top 3 cards of the deck and puts them back in "
            "the order eel, cross and plow, top first."
        )
    for reader in (0, NOBODY):
        assert said(state, "play_ally", 1, huron, reader) == (
            "Bjorn plays the Huron token, looks in secret at the top 3 cards of the deck and puts them back in "
            "any order."
        )
