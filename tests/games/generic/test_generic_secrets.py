"""The generic engine keeps no secret: a play logged at the level of seats, scores and result
(README) shows the same table and the same moves to every seat and to a spectator."""

from games import registry
from games.contract import Move, Seat
from games.secrets import NOBODY

ENGINE = registry.get("generic")


def test_nothing_is_declared_secret():
    """README: scores are logged as announced at the table; no event holds what a seat may not see."""
    assert ENGINE.view_secrets == () and ENGINE.move_secrets == {}


def test_every_viewer_sees_the_same_table_and_moves():
    """A running score, then the finish: the arbiter, each seat and a spectator see one table and one event log."""
    state = ENGINE.setup([Seat(), Seat(), Seat()], {"title": "Any"})
    moves = [Move("score", 1, {"points": 12}), Move("finish", None, {"scores": [3, 12, 7], "reason": "final scoring"})]
    for move in moves:
        state = ENGINE.apply(state, move)
        for viewer in (NOBODY, 0, 1, 2):
            assert ENGINE.seen_view(state, viewer) == ENGINE.view(state)
            assert ENGINE.seen_data(move, viewer) == move.data
