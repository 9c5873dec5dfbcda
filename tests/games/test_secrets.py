"""No seat ever sees another seat's secret, in any view or move of any playthrough.

What is secret is read from each engine's own declaration (``view_secrets``,
``move_secrets``), never from a list written again here: for every seq of every
playthrough, and for every seat and a spectator (NOBODY), each secret that is not the
viewer's is masked where it lies and appears nowhere else in what the viewer is shown.
"""

import json

import pytest

from games import registry
from games.contract import Engine
from games.playthrough import all_playthroughs, load
from games.secrets import MOVER, NOBODY, Secret, found, hide
from tests.hidden import assert_kept

PLAYTHROUGHS = all_playthroughs()


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_no_seat_sees_another_seats_secret_at_any_seq(path):
    playthrough = load(path)
    engine = registry.get(playthrough.slug)
    viewers = [NOBODY, *range(len(playthrough.seats))]
    state = engine.setup(playthrough.seats, playthrough.options)
    moves = playthrough.moves()
    for seq, move in enumerate([None, *moves]):
        if move is not None:
            state = engine.apply(state, move)
        in_view = list(found(engine.view(state), engine.view_secrets))
        in_move = [] if move is None else list(found(move.data, engine.move_secrets.get(move.type, ()), move.seat))
        for viewer in viewers:
            view = engine.seen_view(state, viewer)
            json.dumps(view)
            assert_kept(view, in_view, viewer, f"seq {seq} view")
            if move is not None:
                assert_kept(engine.seen_data(move, viewer), in_move, viewer, f"seq {seq} {move.type}")
                assert_kept(view, in_move, viewer, f"seq {seq} view after {move.type}")


@pytest.mark.parametrize("engine", registry.engines().values(), ids=lambda e: e.slug)
def test_secret_declarations_name_real_event_types(engine: Engine):
    assert set(engine.move_secrets) <= set(engine.event_types)
    for secret in (*engine.view_secrets, *(s for group in engine.move_secrets.values() for s in group)):
        assert secret.path and secret.why


def test_hide_masks_what_is_not_the_viewers_and_leaves_its_input_alone():
    secrets = (
        Secret("hands.*", "each", "a hand is its holder's"),
        Secret("deck", NOBODY, "a deck's order is nobody's"),
    )
    view = {"hands": [["a", "b"], ["c"]], "deck": ["d", "e", "f"], "discard": ["g"]}
    assert hide(view, secrets, None) is view
    assert hide(view, secrets, 0) == {"hands": [["a", "b"], [None]], "deck": [None] * 3, "discard": ["g"]}
    assert hide(view, secrets, NOBODY) == {"hands": [[None] * 2, [None]], "deck": [None] * 3, "discard": ["g"]}
    assert view == {"hands": [["a", "b"], ["c"]], "deck": ["d", "e", "f"], "discard": ["g"]}


def test_a_movers_secret_is_theirs_and_an_unseated_ones_nobodys():
    secrets = (Secret("cards", MOVER, "drawn cards are the drawer's"),)
    data = {"cards": ["x", "y"], "count": 2}
    assert hide(data, secrets, 1, mover=1) == data
    assert hide(data, secrets, 0, mover=1) == {"cards": [None, None], "count": 2}
    assert hide(data, secrets, 1, mover=None) == {"cards": [None, None], "count": 2}
