"""GAME SETUP and PLAYER TURN: the table, the deck's piles, whose move it is, the three visible cards."""

import copy

import pytest

from games.contract import EngineError, Move, Seat
from games.nouvelle_france import ENGINE
from games.nouvelle_france.setup import seat_colours

from .conftest import TALLY, cubes, row


def setup_data(**changes):
    return {"tally_sticks": TALLY, "strip": ["cannon", "square"], "first_player": 0, **changes}


def test_each_player_starts_with_three_allies_three_bonus_blocks_and_zero_points(table):
    """GAME SETUP: "3 Ally tokens ... 3 bonus construction blocks of their colour ... placed on the game board at zero"."""
    view = ENGINE.view(table.new(players=3))
    assert view["scores"] == [0, 0, 0]
    assert view["colours"] == ["white", "brown", "yellow"]
    for player in view["players"]:
        assert player["allies"] == {"fille_du_roy": "face up", "coureur_des_bois": "face up", "huron": "face up"}
        assert player["bonus_blocks"] == {"beam": "in hand", "post": "in hand", "peg": "in hand"}
    assert view["identification_strip"] == ["cannon", "square"]
    assert view["deck_remaining"] == 39 - 2


def test_seats_keep_their_own_colour_or_get_a_free_one():
    """GAME SETUP: "Each player chooses a different colour"."""
    assert seat_colours([Seat("blue"), Seat("red"), Seat("Blue")]) == ["blue", "white", "brown"]


def test_each_site_gets_its_own_tally_stick(table):
    """GAME SETUP: "Assign a tally stick AT RANDOM to each of the construction sites"."""
    state = ENGINE.setup([Seat(), Seat()], {})
    assert table.check(state, "setup_table", None, setup_data()) == []
    same = {site: {**stick, "stick": 1} for site, stick in TALLY.items()}
    assert table.rules(state, "setup_table", None, setup_data(tally_sticks=same)) == ["GAME SETUP"]


def test_two_cards_are_drawn_onto_the_identification_strip(table):
    """GAME SETUP: "Draw the first two cards from the top of the construction-block deck"."""
    state = ENGINE.setup([Seat(), Seat()], {})
    assert table.rules(state, "setup_table", None, setup_data(strip=["cannon"])) == ["GAME SETUP"]


def test_the_first_two_cards_come_from_pile_one_so_neither_is_a_snowflake(table):
    """GAME SETUP: "Remove the three snowflake cards ... pile 1 having 11 cards ... Add a snowflake
    card to piles 2, 4 and 6 ... Draw the first two cards from the top of the construction-block
    deck": the top two cards are of pile 1, which holds no snowflake."""
    state = ENGINE.setup([Seat(), Seat()], {})
    assert table.rules(state, "setup_table", None, setup_data(strip=["cannon", "snowflake"])) == ["GAME SETUP"]


def test_first_player_must_sit_at_the_table(table):
    """GAME SETUP: "The player whose marker is closest to the coin goes first"."""
    state = ENGINE.setup([Seat(), Seat()], {})
    assert table.check(state, "setup_table", None, setup_data(first_player=1)) == []
    assert table.rules(state, "setup_table", None, setup_data(first_player=2)) == ["GAME SETUP"]


def test_nothing_is_played_before_the_table_is_set_up(table):
    """GAME SETUP comes first: no card is drawn from an unprepared deck."""
    state = ENGINE.setup([Seat(), Seat()], {})
    assert table.rules(state, "draw_card", 0, {"card": "cannon"}) == ["GAME SETUP"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, Move("draw_card", 0, {"card": "cannon"}))
    assert table.rules(table.new(), "setup_table", None, setup_data()) == ["GAME SETUP"]


def test_snowflakes_only_come_from_piles_two_four_and_six(table):
    """GAME SETUP: pile 1 has 11 cards; "Add a snowflake card to piles 2, 4 and 6"."""
    state = table.new()
    assert table.rules(state, "draw_card", 0, {"card": "snowflake"}) == ["GAME SETUP"]
    at_pile_two = table.at_deck_position(state, 11)
    assert table.check(at_pile_two, "draw_card", 0, {"card": "snowflake"}) == []
    at_pile_three = table.at_deck_position(state, 17, snowflakes_drawn=1)
    assert table.rules(at_pile_three, "draw_card", 0, {"card": "snowflake"}) == ["GAME SETUP"]


def test_the_last_card_of_a_snowflake_pile_is_its_snowflake(table):
    """GAME SETUP: each of piles 2, 4, 6 holds 5 cards and a snowflake, so its sixth card must be it."""
    last_of_pile_two = table.at_deck_position(table.new(), 16)
    assert table.check(last_of_pile_two, "draw_card", 0, {"card": "snowflake"}) == []
    assert table.rules(last_of_pile_two, "draw_card", 0, {"card": "cannon"}) == ["GAME SETUP"]


def test_a_card_must_still_be_in_the_deck(table):
    """GAME SETUP: 36 construction-block cards, 4 of each of the 9 shapes."""
    state = table.new(strip=["cannon", "cannon"])
    state = table.draw(state, "cannon")
    state = table.place(state, "cannon", "church", row(0, range(4), 1))
    state = table.play(state, "draw_card", 1, {"card": "cannon"})
    assert table.rules(state, "draw_card", 1, {"card": "cannon"}) == ["PLAYER TURN"]
    state = table.place(state, "cannon", "church", row(5, range(4), 1))
    assert table.rules(state, "draw_card", 0, {"card": "cannon"}) == ["GAME SETUP"]
    assert table.check(state, "draw_card", 0, {"card": "eel"}) == []


def test_only_the_active_player_draws(table):
    """PLAYER TURN: "the player to the left then starts their turn"."""
    state = table.new(players=3, first_player=1)
    assert table.rules(state, "draw_card", 0, {"card": "eel"}) == ["PLAYER TURN"]
    assert table.check(state, "draw_card", 1, {"card": "eel"}) == []


def test_a_turn_draws_one_card_then_places_a_block(table):
    """PLAYER TURN: "DRAW A CONSTRUCTION-BLOCK CARD" then "CHOOSE A CONSTRUCTION BLOCK AND ADD IT"."""
    state = table.new()
    cannon = {"card": "cannon", "site": "church", "cubes": cubes(row(0, range(4), 1))}
    assert table.rules(state, "place_block", 0, cannon) == ["PLAYER TURN"]
    state = table.draw(state, "eel")
    assert ENGINE.view(state)["identification_strip"] == ["cannon", "square", "eel"]
    assert table.rules(state, "draw_card", 0, {"card": "cross"}) == ["PLAYER TURN"]
    assert table.check(state, "place_block", 0, cannon) == []


def test_the_block_comes_from_one_of_the_three_visible_cards(table):
    """PLAYER TURN: "Choose one of the three visible cards" ... "discard the card that has been chosen"."""
    state = table.draw(table.new(), "eel")
    upright_cross = [(0, 1, 2), (0, 2, 1), (0, 2, 2), (0, 2, 3), (0, 3, 2)]
    cross = {"card": "cross", "site": "church", "cubes": cubes(upright_cross)}
    assert table.rules(state, "place_block", 0, cross) == ["PLAYER TURN"]
    state = table.place(state, "square", "church", [(0, 0, 1), (1, 0, 1), (0, 1, 1)])
    view = ENGINE.view(state)
    assert view["identification_strip"] == ["cannon", "eel"]
    assert view["discard"] == ["square"]
    assert view["stockpile"]["square"] == 3


def test_the_turn_passes_to_the_left(table):
    """PLAYER TURN: "This ends the player's turn, and the player to the left then starts their turn"."""
    state = table.new(players=3, first_player=2)
    state = table.draw(state, "eel")
    state = table.place(state, "cannon", "church", row(0, range(4), 1))
    assert ENGINE.view(state)["active_seats"] == [0]
    assert ENGINE.view(state)["phase"] == "draw"


def test_the_cubes_must_be_the_block_in_some_orientation(table):
    """PLAYER TURN: "take the corresponding construction block ... change ... the orientation"."""
    state = table.draw(table.new(), "eel")
    standing_cannon = [(0, 0, 1), (0, 0, 2), (0, 0, 3), (0, 0, 4)]
    assert "PLAYER TURN" in table.rules(
        state, "place_block", 0, {"card": "square", "site": "church", "cubes": cubes(row(0, range(4), 1))}
    )
    upright_square = [(1, 0, 1), (2, 0, 1), (1, 0, 2)]
    assert (
        table.check(state, "place_block", 0, {"card": "square", "site": "church", "cubes": cubes(upright_square)}) == []
    )
    assert table.rules(
        state, "place_block", 0, {"card": "cannon", "site": "church", "cubes": cubes(standing_cannon)}
    ) == ["PLACEMENT RULES"]
    bent_and_outside = [(1, 1, 1), (2, 1, 1), (1, 2, 1)]
    assert table.rules(
        state, "place_block", 0, {"card": "cannon", "site": "church", "cubes": cubes(bent_and_outside)}
    ) == ["PLAYER TURN", "PLACEMENT RULES"]


def test_apply_never_changes_its_input_and_records_refused_moves(table):
    """Record plays: a move the rules refuse is applied as the table played it."""
    state = table.draw(table.new(), "eel")
    before = copy.deepcopy(state)
    outside = {"card": "cross", "site": "mill", "cubes": cubes([(1, 0, 1), (0, 1, 1), (1, 1, 1), (2, 1, 1), (1, 2, 1)])}
    assert table.rules(state, "place_block", 0, outside)
    after = ENGINE.apply(state, Move("place_block", 0, outside))
    assert state == before
    assert "1,1,1" in after["sites"]["mill"]["cubes"]
    assert ENGINE.view(after)["active_seats"] == [1]


def test_only_the_active_player_places_offers_or_places_a_bonus_block(table):
    """PLAYER TURN: the block is chosen and placed by "the player whose turn it is"."""
    state = table.new(players=3)
    beam = {"block": "beam", "site": "church", "cubes": cubes(row(0, range(3), 1), "brown")}
    assert table.rules(state, "place_bonus_block", 1, beam) == ["PLAYER TURN"]
    state = table.draw(state, "eel")
    cannon = {"card": "cannon", "site": "church", "cubes": cubes(row(0, range(4), 1))}
    assert table.rules(state, "place_block", 1, cannon) == ["PLAYER TURN"]
    assert table.rules(state, "offer_block", 2, {"card": "cannon"}) == ["PLAYER TURN"]
    assert table.check(state, "place_block", 0, cannon) == []


def test_the_view_says_who_moves_from_setup_to_the_end(table):
    """GAME SETUP comes first (no seat moves), then the first player; END OF THE GAME: nothing may follow."""
    view = ENGINE.view(ENGINE.setup([Seat(), Seat()], {}))
    assert (view["phase"], view["active_seats"], view["legal_event_types"]) == ("setup", [], ["setup_table"])
    state = table.new(first_player=1)
    view = ENGINE.view(state)
    assert view["active_seats"] == [1]
    assert view["legal_event_types"] == ["draw_card", "place_bonus_block", "play_ally"]
    view = ENGINE.view(table.draw(state, "eel"))
    assert view["legal_event_types"] == ["place_block", "offer_block", "play_ally"]
    for _ in range(3):
        state = table.snowstorm(state)
    view = ENGINE.view(state)
    assert (view["phase"], view["active_seats"], view["legal_event_types"], view["finished"]) == (
        "finished",
        [],
        [],
        True,
    )


REFUSED = [
    ("place_block", 1, {"card": "cross", "site": "church", "cubes": cubes([(0, 0, 1)])}),
    ("offer_block", 0, {"card": "eel"}),
    ("draw_card", 1, {"card": "snowflake"}),
    ("place_bonus_block", 1, {"block": "peg", "site": "mill", "cubes": cubes([(9, 9, 9)], "white")}),
    ("play_ally", 0, {"ally": "coureur_des_bois"}),
    ("play_ally", 1, {"ally": "huron", "cards": ["snowflake", "snowflake", "snowflake"]}),
]


@pytest.mark.parametrize(("type_", "seat", "data"), REFUSED)
def test_record_plays_apply_refused_moves_and_play_goes_on(table, type_, seat, data):
    """Record plays: a move the rules refuse is applied as the table played it, and the view stays whole."""
    state = table.new()
    assert table.check(state, type_, seat, data)
    after = ENGINE.apply(state, Move(type_, seat, data))
    view = ENGINE.view(after, 0)
    assert view["active_seats"] and view["legal_event_types"]
    assert ENGINE.outcome(after) is None
