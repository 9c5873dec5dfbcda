"""Seeded random legal plays for any engine: a conformance fuzz test, and the benchmarks' data.

The generator knows no game. At each step it asks the engine's view which event types may
come next and whose move it is, draws candidate moves from the event types' JSON Schemas, and
keeps the first one ``check`` accepts. A play ends when the engine gives an outcome, when no
candidate in ``tries`` is legal (the generator is stuck: games whose legal moves are a needle
in the schema's haystack end early), or at ``max_events``. Every kept move must apply without
an error: an engine that raises on a move its own check accepted is a bug, reported as such.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.contract import JSON, Engine, Move, Seat, shape_errors


def sample(schema: JSON, rng: random.Random) -> JSON:
    """A random value that fits ``schema`` (the subset of JSON Schema the engines use)."""
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return sample(rng.choice(schema[key]), rng)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = rng.choice(kind)
    if kind == "null":
        return None
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "integer":
        low = schema.get("minimum", 0)
        return rng.randint(low, schema.get("maximum", low + 12))
    if kind == "number":
        low = schema.get("minimum", 0)
        return round(rng.uniform(low, schema.get("maximum", low + 100)), 1)
    if kind == "string":
        return "x" * max(1, schema.get("minLength", 1))
    if kind == "array":
        low = schema.get("minItems", 0)
        count = rng.randint(low, min(schema.get("maxItems", low + 3), low + 3))
        return [sample(schema.get("items", {}), rng) for _ in range(count)]
    properties = schema.get("properties", {})
    required = set(schema.get("required", []))
    return {name: sample(sub, rng) for name, sub in properties.items() if name in required or rng.random() < 0.5}


@dataclass
class GeneratedPlay:
    slug: str
    seats: list[Seat]
    options: dict[str, JSON]
    moves: list[Move]
    finished: bool


def random_play(
    engine: Engine,
    seat_count: int,
    rng: random.Random,
    *,
    options: dict | None = None,
    max_events: int = 2000,
    tries: int = 300,
) -> GeneratedPlay:
    seats = [Seat(colour=f"colour-{n}") for n in range(seat_count)]
    options = options or {}
    state = engine.setup(seats, options)
    moves: list[Move] = []
    while len(moves) < max_events and engine.outcome(state) is None:
        move = _legal_move(engine, state, seat_count, rng, tries)
        if move is None:
            break
        state = engine.apply(state, move)
        moves.append(move)
    return GeneratedPlay(engine.slug, seats, options, moves, engine.outcome(state) is not None)


def _legal_move(engine: Engine, state: JSON, seat_count: int, rng: random.Random, tries: int) -> Move | None:
    view = engine.view(state)
    types = view["legal_event_types"] or list(engine.event_types)
    seats = view["active_seats"] or list(range(seat_count))
    for _ in range(tries):
        name = rng.choice(types)
        event_type = engine.event_types[name]
        move = Move(name, rng.choice(seats) if event_type.seated else None, sample(event_type.schema, rng))
        if not shape_errors(engine, move, seat_count) and not engine.check(state, move):
            return move
    return None
