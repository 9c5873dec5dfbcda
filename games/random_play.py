"""Seeded random legal plays for any engine: a conformance fuzz test, and the benchmarks' data.

At each step the generator draws one of the types of the engine's ``legal_moves`` at random,
then one move of that type, and applies it: so a type with a vast space (a Vasa Regalis trade,
one of some 100,000) does not crowd out the one move that goes on (ending the inventory).
A play ends when the engine gives an outcome, when no move is legal (the engine is stuck: a
bug, since a game not over always has a move), or at ``max_events``. Every move must apply
without an error: an engine that raises on a move its own rules offered is a bug.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.contract import JSON, Engine, Move, Seat


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
) -> GeneratedPlay:
    seats = _seats(seat_count)
    options = options or {}
    state = engine.setup(seats, options)
    moves: list[Move] = []
    while len(moves) < max_events and engine.outcome(state) is None:
        legal = list(engine.legal_moves(state))
        if not legal:
            break
        kind = rng.choice(list(dict.fromkeys(move.type for move in legal)))
        move = rng.choice([move for move in legal if move.type == kind])
        state = engine.apply(state, move)
        moves.append(move)
    return GeneratedPlay(engine.slug, seats, options, moves, engine.outcome(state) is not None)


def random_options(engine: Engine, seat_count: int, rng: random.Random, given: dict | None = None) -> dict[str, JSON]:
    """The table's options drawn at random from the engine's options schema, over ``given``:
    each yes-or-no option, each choice among named ones, a subset of a list of them (a
    scenario, a variant, optional rules). Edition data (objects, numbers, text) is left out.
    Drawn again while the engine refuses them for ``seat_count`` seats (a two-player variant
    with five), and ``given`` alone after ten refusals."""
    properties = engine.options_schema.get("properties", {})
    for _ in range(10):
        options = dict(given or {})
        for name, schema in properties.items():
            if schema.get("type") == "boolean":
                options[name] = rng.random() < 0.5
            elif "enum" in schema:
                options[name] = rng.choice(schema["enum"])
            elif schema.get("type") == "array" and "enum" in schema.get("items", {}):
                options[name] = [value for value in schema["items"]["enum"] if rng.random() < 0.5]
        if not engine.refuse_setup(_seats(seat_count), options):
            return options
    return dict(given or {})


def _seats(count: int) -> list[Seat]:
    return [Seat(colour=f"colour-{n}") for n in range(count)]
