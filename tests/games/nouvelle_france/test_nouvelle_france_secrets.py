"""Hidden information in Nouvelle France: the deck is dealt face down, and the Huron's look is secret.

The expected values come from the rulebook: 39 cards (CONTENTS), 36 construction-block cards and 3
snowflakes (GAME SETUP), two of them drawn onto the identification strip at setup; the Huron looks
"in secret at the top 3 cards of the deck".
"""

import pytest

from games.contract import Move
from games.nouvelle_france import ENGINE
from games.secrets import NOBODY

LOOK = ["eel", "cross", "plow"]


def test_game_setup_the_deck_order_is_seen_by_no_one(table):
    """GAME SETUP: the 36 cards and 3 snowflakes are dealt "face down" into piles; 2 go onto the strip.
    Every viewer sees 37 cards left and the strip, and none sees a card of the deck."""
    state = table.new()
    for viewer in (0, 1, NOBODY):
        seen = ENGINE.seen_view(state, viewer)
        assert seen["deck_remaining"] == 37
        assert seen["identification_strip"] == ["cannon", "square"]
        assert seen["known_top_cards"] == [] and seen["known_top_seen_by"] is None


def test_huron_the_player_looks_in_secret(table):
    """HURON (First Nations People) TOKEN: "look in secret at the top 3 cards of the deck": the player
    sees them; the others and a spectator see that seat 1 looked at 3 cards, not which."""
    state = table.play(table.new(), "play_ally", 1, {"ally": "huron", "cards": LOOK})
    assert ENGINE.seen_view(state, 1)["known_top_cards"] == LOOK
    for viewer in (0, NOBODY):
        seen = ENGINE.seen_view(state, viewer)
        assert seen["known_top_cards"] == [None, None, None]
        assert seen["known_top_count"] == 3 and seen["known_top_seen_by"] == 1
        assert seen["players"][1]["allies"]["huron"] == "face down"


def test_huron_the_cards_named_in_the_move_are_the_players(table):
    """HURON (First Nations People) TOKEN: the cards put back "in any order" are named in the move for the
    record; only the player who looked sees them there."""
    move = Move("play_ally", 1, {"ally": "huron", "cards": LOOK})
    assert ENGINE.seen_data(move, 1) == move.data
    for viewer in (0, NOBODY):
        assert ENGINE.seen_data(move, viewer) == {"ally": "huron", "cards": [None, None, None]}


def test_player_turn_a_drawn_card_is_face_up_on_the_strip(table):
    """PLAYER TURN: "Place the new card on top of the matching illustration on the identification strip":
    the card drawn is seen by all, the two the Huron still knows are not."""
    state = table.play(table.new(), "play_ally", 1, {"ally": "huron", "cards": LOOK})
    move = Move("draw_card", 0, {"card": "eel"})
    state = table.draw(state, "eel")
    for viewer in (0, NOBODY):
        assert ENGINE.seen_data(move, viewer) == {"card": "eel"}
        seen = ENGINE.seen_view(state, viewer)
        assert seen["identification_strip"] == ["cannon", "square", "eel"]
        assert seen["known_top_cards"] == [None, None]
    assert ENGINE.seen_view(state, 1)["known_top_cards"] == ["cross", "plow"]


@pytest.mark.parametrize("ally", ["fille_du_roy", "coureur_des_bois"])
def test_ally_tokens_other_allies_are_played_openly(table, ally):
    """ALLY TOKENS: "Once played, the token is turned face down": which token was played is seen by all."""
    seat = 0 if ally == "fille_du_roy" else 1
    move = Move("play_ally", seat, {"ally": ally})
    for viewer in (0, 1, NOBODY):
        assert ENGINE.seen_data(move, viewer) == {"ally": ally}


def test_end_of_the_game_a_finished_game_still_hides_the_hurons_cards(table):
    """END OF THE GAME: "The game ends when the final snowflake card is drawn." Cards the Huron saw
    under it stay the Huron's: showing finished plays is the records service's policy, not the engine's."""
    state = table.new()
    pile_six = state["deck"]["snowflake_ranges"][2][0]
    state = table.at_deck_position(state, pile_six, snowflakes_drawn=2)
    state = table.play(state, "play_ally", 1, {"ally": "huron", "cards": ["snowflake", "eel", "cross"]})
    state = table.draw(state, "snowflake")
    assert ENGINE.outcome(state) is not None
    for viewer in (0, NOBODY):
        seen = ENGINE.seen_view(state, viewer)
        assert seen["finished"] is True and seen["known_top_cards"] == [None, None]
    assert ENGINE.seen_view(state, 1)["known_top_cards"] == ["eel", "cross"]
