"""Properties of every engine over random legal plays, drawn by hypothesis (issue #17).

Hypothesis draws the seat count and the seed of a random play of legal moves
(:func:`games.random_play.random_play`), and shrinks a failure to the shortest such play:

- a fold is deterministic: the same moves fold to the same states;
- ``apply`` never changes the state it is given;
- a seat's view never contains another seat's secret (each secret of the arbiter's view that
  the seat may not see is masked in the seat's view);
- in a record play, applying any schema-shaped move either works or raises the documented
  ``EngineError``, nothing else.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.contract import Engine, EngineError
from games.random_play import random_play
from games.secrets import found, masked, visible
from tests.games.shapes import shaped_moves
from tests.games.test_conformance import default_options
from tests.hidden import ABSENT, at

ENGINES = list(registry.engines().values())
#: Derandomized, so CI runs the same examples every time; a failure shrinks to its shortest play.
PLAYS = settings(
    max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def plays(draw, engine: Engine):
    count = draw(st.integers(engine.min_players, min(engine.max_players, 5)))
    seed = draw(st.integers(0, 2**32 - 1))
    length = draw(st.integers(0, 120))
    play = random_play(engine, count, random.Random(seed), options=default_options(engine), max_events=length)
    return play, seed


def states(engine: Engine, play):
    state = engine.setup(play.seats, play.options)
    yield state
    for move in play.moves:
        state = engine.apply(state, move)
        yield state


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@PLAYS
@given(data=st.data())
def test_a_fold_is_deterministic_and_apply_never_changes_its_input(engine: Engine, data):
    play, _ = data.draw(plays(engine))
    again = list(states(engine, play))
    state = engine.setup(play.seats, play.options)
    for seq, move in enumerate(play.moves):
        before = copy.deepcopy(state)
        after = engine.apply(state, move)
        assert state == before, f"apply({move}) changed its input"
        assert after == again[seq + 1], f"seq {seq + 1} folded twice to two states"
        state = after


@pytest.mark.parametrize("engine", [e for e in ENGINES if e.view_secrets], ids=lambda e: e.slug)
@PLAYS
@given(data=st.data())
def test_a_seats_view_never_contains_another_seats_secret(engine: Engine, data):
    play, _ = data.draw(plays(engine))
    for state in states(engine, play):
        arbiter = engine.view(state)
        for seat in range(len(play.seats)):
            seen = engine.seen_view(state, seat)
            for path, owner, _ in found(arbiter, engine.view_secrets):
                if not visible(owner, seat):
                    value = at(seen, path)
                    assert value is ABSENT or value == masked(value), f"seat {seat} sees {'.'.join(map(str, path))}"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@PLAYS
@given(data=st.data())
def test_in_a_record_play_any_shaped_move_applies_or_raises_engine_error(engine: Engine, data):
    play, seed = data.draw(plays(engine))
    rng = random.Random(seed)
    for state in states(engine, play):
        if engine.outcome(state) is not None:
            break
        for move in shaped_moves(engine, state, len(play.seats), rng, 10):
            try:
                engine.apply(state, move)
            except EngineError:
                pass
