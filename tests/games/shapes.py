"""Schema-shaped moves: random values that fit an event type's JSON Schema, legal or not.

The tests draw them to ask an engine what a careless recorder might send: the legal-move
completeness test (a shaped move ``check`` accepts must be among ``legal_moves``) and the
property tests (a shaped move applies or raises the documented ``EngineError``, nothing else).
"""

from __future__ import annotations

import random

from games.contract import JSON, Engine, Move


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


def shaped_moves(engine: Engine, state: JSON, seat_count: int, rng: random.Random, count: int) -> list[Move]:
    """``count`` moves of the types the view says may come next, by the seats whose turn it
    is (any type and seat where it names none), each with data drawn from the type's schema."""
    view = engine.view(state)
    types = view["legal_event_types"] or list(engine.event_types)
    seats = view["active_seats"] or list(range(seat_count))
    moves = []
    for _ in range(count):
        name = rng.choice(types)
        seated = engine.event_types[name].seated
        moves.append(Move(name, rng.choice(seats) if seated else None, sample(engine.event_types[name].schema, rng)))
    return moves
