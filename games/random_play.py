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
    seats = [Seat(colour=f"colour-{n}") for n in range(seat_count)]
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
