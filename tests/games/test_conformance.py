"""Every registered engine keeps the contract (games/contract.py), checked the same way.

After OpenSpiel's conformance tests: metadata is data, schemas are valid with valid
examples, setup gives JSON, apply is pure, views carry the common keys, and every
playthrough file folds cleanly to its recorded outcome.
"""

import copy
import json
import random

import pytest
from jsonschema import Draft202012Validator

from games import registry
from games.contract import VIEW_KEYS, Engine, Move, Outcome, Seat, Violation, shape_errors
from games.playthrough import all_playthroughs, as_move, load
from games.random_play import random_play
from games.secrets import NOBODY

ENGINES = list(registry.engines().values())
PLAYTHROUGHS = all_playthroughs()


def seats(count: int) -> list[Seat]:
    return [Seat(colour=f"colour-{n}") for n in range(count)]


def default_options(engine: Engine) -> dict:
    return {"title": "Conformance"} if engine.slug == "generic" else {}


def assert_view(engine: Engine, state, seat_count: int) -> None:
    for seat in (None, NOBODY, *range(seat_count)):
        view = engine.view(state, seat)
        missing = [key for key in VIEW_KEYS if key not in view]
        assert not missing, f"{engine.slug} view(seat={seat}) lacks {missing}"
        assert all(0 <= s < seat_count for s in view["active_seats"])
        assert set(view["legal_event_types"]) <= set(engine.event_types)
        json.dumps(view)


def test_every_game_of_the_rulebooks_is_registered():
    assert {"generic"} <= set(registry.engines())


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_metadata_and_vocabulary(engine: Engine):
    assert engine.slug and engine.title
    assert 1 <= engine.min_players <= engine.max_players
    Draft202012Validator.check_schema(engine.options_schema)
    assert engine.event_types, "an engine has at least one event type"
    for name, event_type in engine.event_types.items():
        Draft202012Validator.check_schema(event_type.schema)
        assert event_type.description
        errors = list(event_type.validator.iter_errors(event_type.example))
        assert not errors, f"{engine.slug}.{name} example does not fit its schema: {errors[0].message}"
    json.dumps(engine.describe())


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_setup_view_and_no_outcome_at_every_player_count(engine: Engine):
    for count in sorted(
        {engine.min_players, min(engine.max_players, engine.min_players + 1), min(engine.max_players, 6)}
    ):
        state = engine.setup(seats(count), default_options(engine))
        assert json.loads(json.dumps(state)) == state, "state must be plain JSON"
        assert engine.outcome(state) is None
        assert_view(engine, state, count)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_check_returns_violations_and_apply_is_pure_on_examples(engine: Engine):
    count = max(engine.min_players, 2) if engine.max_players >= 2 else 1
    state = engine.setup(seats(count), default_options(engine))
    before = copy.deepcopy(state)
    for name, event_type in engine.event_types.items():
        move = Move(name, 0 if event_type.seated else None, event_type.example)
        assert not shape_errors(engine, move, count)
        violations = engine.check(state, move)
        assert isinstance(violations, list) and all(
            isinstance(v, Violation) and v.rule and v.message for v in violations
        )
        assert state == before, f"check({name}) mutated its state"


def test_shape_errors_name_the_field():
    engine = registry.get("generic")
    assert "type" in shape_errors(engine, Move("nonsense", 0, {}), 2)
    assert "seat" in shape_errors(engine, Move("score", 5, {"points": 1}), 2)
    assert "data.points" in shape_errors(engine, Move("score", 0, {"points": "many"}), 2)
    assert "data" in shape_errors(engine, Move("score", 0, {}), 2)


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_playthrough_folds_cleanly_to_its_outcome(path):
    playthrough = load(path)
    engine = registry.get(playthrough.slug)
    count = len(playthrough.seats)
    assert engine.min_players <= count <= engine.max_players
    state = engine.setup(playthrough.seats, playthrough.options)
    for seq, (raw, move) in enumerate(zip(playthrough.events, playthrough.moves()), start=1):
        assert engine.outcome(state) is None, f"game over before seq {seq}"
        assert not shape_errors(engine, move, count), f"seq {seq}: {shape_errors(engine, move, count)}"
        assert engine.check(state, move) == [], f"seq {seq} ({move.type}) is refused"
        before = copy.deepcopy(state)
        new_state = engine.apply(state, move)
        assert state == before, f"apply mutated its input at seq {seq}"
        assert_view(engine, new_state, count)
        view = engine.view(new_state)
        for key, expected in raw.get("expect", {}).items():
            assert view[key] == expected, f"seq {seq}: view[{key!r}] is {view[key]!r}, expected {expected!r}"
        state = new_state
    outcome = engine.outcome(state)
    assert isinstance(outcome, Outcome), "the playthrough ends the game"
    assert len(outcome.places) == count and all(p >= 1 for p in outcome.places)
    actual = outcome.as_dict()
    for key, expected in playthrough.outcome.items():
        assert actual[key] == expected, f"outcome {key} is {actual[key]!r}, expected {expected!r}"


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_playthrough_illegal_moves_are_refused_with_their_rule(path):
    playthrough = load(path)
    engine = registry.get(playthrough.slug)
    moves = playthrough.moves()
    for case in playthrough.illegal:
        state = engine.setup(playthrough.seats, playthrough.options)
        for move in moves[: case["after"]]:
            state = engine.apply(state, move)
        violations = engine.check(state, as_move(case["event"]))
        assert any(v.rule.startswith(case["rule"]) for v in violations), (
            f"after seq {case['after']}, {case['event']} should break {case['rule']}, got {violations}"
        )


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@pytest.mark.parametrize("seed", range(4))
def test_random_legal_plays_apply_purely_with_well_formed_views(engine: Engine, seed: int):
    """OpenSpiel's random-play test: moves drawn from the schemas that ``check`` accepts must
    apply without an error and without touching the state they were applied to."""
    rng = random.Random(seed)
    count = rng.randint(engine.min_players, min(engine.max_players, 6))
    play = random_play(engine, count, rng, options=default_options(engine), max_events=300)
    state = engine.setup(play.seats, play.options)
    for move in play.moves:
        before = copy.deepcopy(state)
        new_state = engine.apply(state, move)
        assert state == before, f"apply({move.type}) mutated its input"
        state = new_state
    assert json.loads(json.dumps(state)) == state
    assert_view(engine, state, count)
    assert (engine.outcome(state) is not None) == play.finished
