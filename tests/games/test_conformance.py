"""Every registered engine keeps the contract (games/contract.py), checked the same way.

After OpenSpiel's conformance tests: metadata is data, schemas are valid with valid
examples, setup gives JSON, apply is pure, views carry the common keys, and every
playthrough file folds cleanly to its recorded outcome.

A playthrough's ``source`` (games/playthrough.py) says whether its outcome is an independent
expected value (``rulebook``: a worked example; ``hand``: computed by a person from the rules)
or a regression snapshot (``generated``: the engine's own earlier answer). Both must still
fold to it; the test ids and messages say which kind failed.
"""

import copy
import json
import random
from pathlib import Path

import fastjsonschema
import pytest
from jsonschema import Draft202012Validator

from games import registry
from games.contract import VIEW_KEYS, Engine, EngineError, Move, Outcome, Seat, Violation, shape_errors
from games.kit import Game
from games.playthrough import all_playthroughs, all_scenes, as_move, load, replay
from games.random_play import random_play
from games.secrets import NOBODY
from records.meta import META_EVENT_TYPES

ENGINES = list(registry.engines().values())
PLAYTHROUGHS = all_playthroughs()
SCENES = all_scenes()

#: The games whose rulebooks ship with Tablelog (../shared/rulebooks/<slug>.txt).
RULEBOOK_GAMES = {"nova_suecia", "nouvelle_france", "vasa_regalis", "first_settlement", "pax_baltica"}
RULEBOOKS = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks"


def playthrough_id(path: Path) -> str:
    kind = load(path).source["kind"]
    label = "regression-snapshot" if kind == "generated" else f"independent-{kind}"
    return f"{path.parent.parent.name}/{path.parent.name}/{path.stem}[{label}]"


def outcome_message(playthrough) -> str:
    """How to read a difference in the outcome: a changed snapshot or a broken rule."""
    source = playthrough.source
    if source["kind"] == "generated":
        return "regression snapshot (the engine's own earlier answer, nobody computed it): check the change, then update it"
    where = source["section"] if source["kind"] == "rulebook" else source["by"]
    return f"independent expected value ({source['kind']}: {where}): the engine breaks the rules"


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
    engines = registry.engines()
    assert set(engines) == RULEBOOK_GAMES | {"generic"}
    assert all(engine.slug == slug for slug, engine in engines.items())
    if RULEBOOKS.is_dir():  # beside the repo in the workspace; a rulebook without an engine fails here
        assert {path.stem for path in RULEBOOKS.glob("*.txt")} == RULEBOOK_GAMES


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_every_engine_is_built_on_the_kit(engine: Engine):
    """Issue #16: one way to write an engine. Its vocabulary is its phases' moves, each move
    declared once with the rulebook section it implements."""
    assert isinstance(engine, Game)
    assert engine.phases and engine.end_section
    for name, rule in engine.rules.items():
        assert rule.name == name and rule.section and engine.event_types[name] is rule.event_type


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


def example_moves(engine: Engine, name: str, count: int) -> list[Move]:
    event_type = engine.event_types[name]
    return [Move(name, seat, event_type.example) for seat in (range(count) if event_type.seated else [None])]


def assert_pure_apply(engine: Engine, state, move: Move) -> None:
    before = copy.deepcopy(state)
    new_state = engine.apply(state, move)
    assert state == before, f"apply({move.type}) mutated its input"
    assert new_state is not state, f"apply({move.type}) returned its input, not a new state"
    assert json.loads(json.dumps(new_state)) == new_state, f"apply({move.type}) gave a state that is not plain JSON"


def tables(engine: Engine, count: int, playthroughs):
    """(seat count, state): a fresh table, every state of the engine's playthroughs, then of a
    few seeded random plays."""
    yield count, engine.setup(seats(count), default_options(engine))
    plays = [(p.seats, p.options, p.moves()) for p in playthroughs]
    for seed in range(4):
        rng = random.Random(seed)
        play = random_play(
            engine,
            rng.randint(engine.min_players, min(engine.max_players, 6)),
            rng,
            options=default_options(engine),
            max_events=300,
        )
        plays.append((play.seats, play.options, play.moves))
    for play_seats, options, moves in plays:
        state = engine.setup(play_seats, options)
        yield len(play_seats), state
        for move in moves:
            state = engine.apply(state, move)
            yield len(play_seats), state


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_check_returns_violations_and_apply_is_pure_on_examples(engine: Engine):
    """``check`` answers every example with a list of violations; ``apply`` is then called on
    each event type's example in the first state of the engine's playthroughs where ``check``
    accepts it (or, for an example legal in none, on a move of that type a playthrough makes),
    and must leave its input as it was and return a new state."""
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

    applied: dict[str, str] = {}
    playthroughs = [load(path) for path in PLAYTHROUGHS if path.parent.parent.name == engine.slug]
    for seat_count, table in tables(engine, count, playthroughs):
        for name in set(engine.event_types) - set(applied):
            legal = [m for m in example_moves(engine, name, seat_count) if engine.check(table, m) == []]
            if legal:
                assert_pure_apply(engine, table, legal[0])
                applied[name] = "its example"
        if len(applied) == len(engine.event_types):
            break
    for playthrough in playthroughs:
        table = engine.setup(playthrough.seats, playthrough.options)
        for move in playthrough.moves():
            if move.type not in applied:
                assert_pure_apply(engine, table, move)
                applied[move.type] = "a playthrough's move"
            table = engine.apply(table, move)
    # An example legal nowhere is applied as a record play applies a refused move: apply is pure
    # there too, or raises EngineError when it cannot apply at all.
    for name in set(engine.event_types) - set(applied):
        for move in example_moves(engine, name, count):
            before = copy.deepcopy(state)
            try:
                assert_pure_apply(engine, state, move)
            except EngineError:
                assert state == before, f"apply({name}) mutated its input before raising EngineError"
        applied[name] = "its example, refused (as a record play applies it)"
    never = sorted(set(engine.event_types) - set(applied))
    assert not never, f"{engine.slug}: apply was never called on {never} (no state where the example is legal)"


def test_shape_errors_name_the_field():
    engine = registry.get("generic")
    assert "type" in shape_errors(engine, Move("nonsense", 0, {}), 2)
    assert "seat" in shape_errors(engine, Move("score", 5, {"points": 1}), 2)
    assert "data.points" in shape_errors(engine, Move("score", 0, {"points": "many"}), 2)
    assert "data" in shape_errors(engine, Move("score", 0, {}), 2)


#: The JSON Schema keywords the event types may use: those draft 7 (which fastjsonschema
#: compiles, EventType.fits) and 2020-12 (jsonschema's, EventType.validator) read alike.
#: ``items`` only as one schema for every item (2020-12 has no array form).
SHARED_KEYWORDS = {"type", "properties", "required", "additionalProperties", "enum", "anyOf", "items"}
SHARED_KEYWORDS |= {"minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum"}
#: Values where the two drafts' validators could part: bools against numbers and enums,
#: whole floats against integers, big ints, empties and nulls.
ODD_VALUES = [True, False, 0, 1, 1.0, -1, 2.5, 2**70, "", "x" * 3000, None, [], {}, [1, "a"], {"a": 1}]


def event_types():
    for engine in ENGINES:
        for name, event_type in engine.event_types.items():
            yield f"{engine.slug}.{name}", event_type
    yield from ((f"meta.{name}", event_type) for name, event_type in META_EVENT_TYPES.items())


def keywords(schema: dict) -> set[str]:
    """The keywords of a schema and of the schemas inside it."""
    assert not isinstance(schema.get("items"), list), "items as one schema for every item"
    inner = [*schema.get("properties", {}).values(), *schema.get("anyOf", [])]
    inner += [schema[key] for key in ("items", "additionalProperties") if isinstance(schema.get(key), dict)]
    return set(schema).union(*map(keywords, inner))


def variants(value):
    """The value, each of its leaves replaced by every odd value, and each object with a key
    dropped and one added."""
    yield value
    yield from ODD_VALUES
    if isinstance(value, dict):
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for variant in variants(value[key]):
                yield {**value, key: variant}
        yield {**value, "extra": 1}
    elif isinstance(value, list) and value:
        yield value[:-1]
        yield [*value, value[-1]]
        for variant in variants(value[0]):
            yield [variant, *value[1:]]


@pytest.mark.parametrize("name, event_type", list(event_types()))
def test_the_compiled_schema_fits_exactly_the_data_the_validator_accepts(name, event_type):
    """shape_errors asks the compiled schema first and the validator only where it refuses: the
    two must agree on every datum, or a malformed move would get past the fast answer."""
    assert keywords(event_type.schema) <= SHARED_KEYWORDS
    for datum in variants(event_type.example):
        try:
            event_type.fits(datum)
            fits = True
        except fastjsonschema.JsonSchemaException:
            fits = False
        assert fits == event_type.validator.is_valid(datum), (name, datum)


@pytest.mark.parametrize("path", PLAYTHROUGHS + SCENES, ids=playthrough_id)
def test_playthrough_folds_cleanly_to_its_outcome(path):
    """Every move legal, every ``expect`` met, the game over after the last move and not
    before, with the outcome named; a scene's game goes on."""
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
    if playthrough.scene:
        assert outcome is None, "a scene stops before the game ends"
        return
    assert isinstance(outcome, Outcome), "the playthrough ends the game"
    assert len(outcome.places) == count and all(p >= 1 for p in outcome.places)
    actual = outcome.as_dict()
    if playthrough.independent:
        assert {"places", "winners"} <= set(playthrough.outcome), "an independent outcome names places and winners"
    for key, expected in playthrough.outcome.items():
        assert actual[key] == expected, (
            f"outcome {key} is {actual[key]!r}, expected {expected!r}: {outcome_message(playthrough)}"
        )


@pytest.mark.parametrize("path", PLAYTHROUGHS + SCENES, ids=playthrough_id)
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


@pytest.mark.parametrize("slug", sorted(RULEBOOK_GAMES | {"generic"}))
def test_every_engine_has_a_playthrough_whose_outcome_a_person_computed(slug: str):
    """At least one ``rulebook`` or ``hand`` playthrough per engine, folding to its outcome
    (test_playthrough_folds_cleanly_to_its_outcome checks that it does)."""
    independent = [p for p in map(load, PLAYTHROUGHS) if p.slug == slug and p.independent]
    assert independent, f"{slug} has only regression snapshots (source kind 'generated')"
    for playthrough in independent:
        state, illegal = replay(registry.get(slug), playthrough)
        assert not illegal
        assert registry.get(slug).outcome(state) is not None


@pytest.mark.parametrize("path", PLAYTHROUGHS + SCENES, ids=playthrough_id)
def test_a_transcribed_worked_example_says_what_the_rulebook_prints(path):
    """A run of events marked as a worked example carries the rulebook's figures as ``expect``
    (which the fold test checks); a scene is a worked example's, so it marks its own."""
    playthrough = load(path)
    examples = playthrough.source.get("examples", [])
    if playthrough.scene:
        assert playthrough.source["kind"] == "rulebook" and examples, "a scene transcribes a worked example"
        assert "expect" in playthrough.events[-1], "a scene ends on the figures its example prints"
    for example in examples:
        first, last = example["events"]
        assert any("expect" in event for event in playthrough.events[first - 1 : last]), example["section"]


def test_a_playthrough_without_a_valid_source_does_not_load(tmp_path):
    raw = json.loads(PLAYTHROUGHS[0].read_text())
    path = tmp_path / "game" / "playthroughs" / "x.json"
    path.parent.mkdir(parents=True)
    for source in (
        None,
        "a rulebook",
        {"kind": "guess"},
        {"kind": "hand", "by": "me"},
        {"kind": "rulebook", "section": ""},
        {"kind": "rulebook", "section": "2", "examples": [{"section": "2", "events": [2, 1]}]},
        {"kind": "rulebook", "section": "2", "examples": [{"section": "2"}]},
        {"kind": "rulebook", "section": "2", "how": 3},
    ):
        raw["source"] = source
        path.write_text(json.dumps(raw))
        with pytest.raises(ValueError, match="source|example"):
            load(path)
    raw["source"] = {"kind": "rulebook", "section": "2", "examples": [{"section": "2", "events": [1, 10**6]}]}
    path.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="past the last event"):
        load(path)


def test_a_whole_game_has_an_outcome_and_a_scene_none(tmp_path):
    raw = json.loads(PLAYTHROUGHS[0].read_text())
    for folder, outcome in (("playthroughs", None), ("scenes", {"places": [1, 2]})):
        path = tmp_path / "game" / folder / "x.json"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps({k: v for k, v in {**raw, "outcome": outcome}.items() if v is not None}))
        with pytest.raises(ValueError, match="a scene, which stops before, has none"):
            load(path)


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
