"""Every engine knows its legal moves and says each move in words (games/contract.py).

``legal_moves`` makes two promises, tested here for every engine:

- sound: every move it yields passes ``check``;
- complete: in every state of every playthrough the playthrough's own next move, where the
  rules allow it, is among them, and in seeded random states no schema-shaped move that
  ``check`` accepts is missing (by type and seat, for a move whose space is too large to list:
  ``Game.representative_choices``).

``narrate`` says every move of every playthrough in a sentence, for the arbiter and for
each seat, and a seat's sentence keeps the other seats' secrets.
"""

from __future__ import annotations

import random

import pytest

from games import registry
from games.contract import Engine, Move
from games.playthrough import all_playthroughs, load
from games.random_play import random_options, random_play
from games.secrets import NOBODY, found, visible
from tests.games.shapes import shaped_moves
from tests.games.test_conformance import default_options, playthrough_id

ENGINES = list(registry.engines().values())
PLAYTHROUGHS = all_playthroughs()


def among(move: Move, legal: list[Move], engine: Engine) -> bool:
    """Whether ``move`` is legal by ``legal``: the same move, or for a move whose choices are
    representative (``Game.representative_choices``) one of its type and seat."""
    if move.type in engine.representative_choices:
        return any(move.type == m.type and move.seat == m.seat for m in legal)
    return move in legal


def states(playthrough):
    """(state, the playthrough's move made in it) for every move of a playthrough."""
    engine = registry.get(playthrough.slug)
    state = engine.setup(playthrough.seats, playthrough.options)
    for move in playthrough.moves():
        yield state, move
        state = engine.apply(state, move)


def assert_sound(engine: Engine, state, legal: list[Move], rng: random.Random) -> None:
    for move in rng.sample(legal, min(len(legal), 25)):
        assert engine.check(state, move) == [], f"{move} is offered as legal, but check refuses it"


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=playthrough_id)
def test_legal_moves_are_sound_and_hold_each_playthrough_move(path):
    playthrough = load(path)
    engine = registry.get(playthrough.slug)
    rng = random.Random(path.stem)
    for seq, (state, move) in enumerate(states(playthrough)):
        legal = list(engine.legal_moves(state))
        assert_sound(engine, state, legal, rng)
        assert len(set(map(repr, legal))) == len(legal), f"seq {seq}: a legal move is offered twice"
        if not engine.check(state, move):
            assert among(move, legal, engine), (
                f"seq {seq}: the playthrough's legal {move} is not among the {len(legal)} legal moves"
            )
        if move.seat is not None:
            own = [m for m in legal if m.seat == move.seat]
            assert list(engine.legal_moves(state, move.seat)) == own, f"seq {seq}: seat {move.seat}'s moves differ"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@pytest.mark.parametrize("seed", range(3))
def test_no_schema_shaped_legal_move_is_missing(engine: Engine, seed: int):
    rng = random.Random(seed)
    count = rng.randint(engine.min_players, min(engine.max_players, 5))
    play = random_play(engine, count, rng, options=default_options(engine), max_events=150)
    state = engine.setup(play.seats, play.options)
    for seq, move in enumerate(play.moves):
        if seq % 5 == 0:
            legal = list(engine.legal_moves(state))
            for shaped in shaped_moves(engine, state, count, rng, 100):
                if not engine.check(state, shaped):
                    assert among(shaped, legal, engine), f"seq {seq}: {shaped} is legal, but not among the legal moves"
        state = engine.apply(state, move)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@pytest.mark.parametrize("seed", range(2))  # the bench's fuzz plays 30 a game
def test_a_random_play_of_legal_moves_reaches_its_outcome(engine: Engine, seed: int):
    """The engine's options drawn at random (scenarios, variants, optional rules), so that each
    seed plays another table."""
    rng = random.Random(seed)
    count = rng.randint(engine.min_players, min(engine.max_players, 5))
    options = random_options(engine, count, rng, default_options(engine))
    play = random_play(engine, count, rng, options=options, max_events=5000)
    assert play.finished, f"{engine.slug} stuck after {len(play.moves)} moves with no legal move"
    state = engine.setup(play.seats, play.options)
    for move in play.moves:
        state = engine.apply(state, move)
    assert list(engine.legal_moves(state)) == [], "a finished play offers no move"


def hidden_words(engine: Engine, move: Move, viewer: int) -> list[str]:
    """The secrets of ``move`` that ``viewer`` may not see, as words a sentence could give away."""
    secrets = engine.move_secrets.get(move.type, ())
    seen = repr(engine.seen_data(move, viewer))
    words = []
    for _, owner, value in found(move.data, secrets, move.seat):
        if not visible(owner, viewer):
            words += [
                v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str) and v not in seen
            ]
    return words


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=playthrough_id)
def test_every_move_is_said_and_keeps_its_secrets(path):
    playthrough = load(path)
    engine = registry.get(playthrough.slug)
    names = [f"Player{seat}" for seat in range(len(playthrough.seats))]
    for seq, (state, move) in enumerate(states(playthrough)):
        said = engine.narrate(state, move, None, names)
        assert isinstance(said, str) and said[:1].isupper() and said.endswith((".", "!")), f"seq {seq}: {said!r}"
        if move.seat is not None:
            assert names[move.seat] in said or engine.slug == "pax_baltica", f"seq {seq}: {said!r} names no mover"
        for viewer in (NOBODY, *range(len(names))):
            seen = engine.narrate(state, move, viewer, names)
            leaked = [word for word in hidden_words(engine, move, viewer) if word in seen]
            assert not leaked, f"seq {seq}: seat {viewer} reads {leaked} in {seen!r}"
