"""Hidden information in Nova Suecia: none. Every seat and a spectator see what the arbiter sees.

The rulebook places the district cards face down (3 step 2) but no player knows them until the
Swedish ship turns one up (5.2); the letters, the ship bag's cubes and the thaler lie open (3, 5.1).
"""

import pytest

from games.nova_suecia import ENGINE
from games.playthrough import all_playthroughs, load
from games.secrets import NOBODY

PLAYTHROUGHS = [path for path in all_playthroughs() if path.parent.parent.name == ENGINE.slug]


def test_the_engine_declares_no_secret():
    """Nothing in the rulebook is seen by one player and not another."""
    assert ENGINE.view_secrets == ()
    assert ENGINE.move_secrets == {}


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda path: path.stem)
def test_every_viewer_sees_the_arbiters_view_and_moves_at_every_seq(path):
    """3, 5: everything lies on the table, so a seat and a spectator are shown all of it."""
    playthrough = load(path)
    state = ENGINE.setup(playthrough.seats, playthrough.options)
    viewers = [NOBODY, *range(len(playthrough.seats))]
    for move in playthrough.moves():
        state = ENGINE.apply(state, move)
        arbiter = ENGINE.view(state)
        for viewer in viewers:
            assert ENGINE.seen_view(state, viewer) == arbiter
            assert ENGINE.seen_data(move, viewer) == move.data


def test_3_face_down_districts_are_unknown_even_to_the_arbiter(table):
    """3 step 2: "Shuffle the 24 Nova Suecia district cards and place them face down": no one knows a
    district before it is opened, so there is nothing to hide from a seat."""
    t = table(2, letters=["colonist", "fur"])
    assert all(district["type"] is None for district in ENGINE.view(t.state)["districts"].values())


def test_5_2_a_district_turned_face_up_is_seen_by_every_viewer(table):
    """5.2: "open (flip face up) any 1 of the 2 adjacent district cards": the card is seen by all."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship")
    t.do("sail", swedish=2, open="S2", revealed="spin", dutch=1)
    for viewer in (0, 1, NOBODY):
        assert ENGINE.seen_view(t.state, viewer)["districts"]["S2"] == ENGINE.view(t.state)["districts"]["S2"]
        assert ENGINE.seen_view(t.state, viewer)["districts"]["S2"]["type"] == "spin"


def test_5_2_a_closed_district_was_seen_by_every_player(table):
    """5.2: the Dutch ship "closes (flips face down) both adjacent districts if they are empty": a district
    once opened was turned face up before every player, so each still sees what it is."""
    t = table(2, letters=["colonist", "fur"]).at_step("ship").ships(2, 9)
    t.edit_district("N8", type="farm", open=True).edit_district("S8", type="forge", open=True)
    t.do("sail", swedish=1, open="N3", revealed="spin", dutch=1)
    for viewer in (0, 1, NOBODY):
        districts = ENGINE.seen_view(t.state, viewer)["districts"]
        assert not districts["N8"]["open"] and districts["N8"]["type"] == "farm"


def test_5_1_the_letter_and_the_ship_bag_lie_open(table):
    """5.1: "Place the resource on your letter in the ship bag and place another there. Then draw 1
    resource from the ship bag": the letters and the bag's cubes are seen by every viewer."""
    t = table(2, letters=["colonist", "fur"])
    t.do("letter", resource="iron", draws=[{"resource": "grain"}])
    for viewer in (0, 1, NOBODY):
        seen = ENGINE.seen_view(t.state, viewer)
        assert seen["letters"] == [["iron"], ["fur"]]
        assert seen["ship_bag"] == ENGINE.view(t.state)["ship_bag"]
