"""The engine contract: what every rules engine offers the rest of Tablelog.

An engine is pure Python. It never imports Django, never touches the database and never
calls ``random``: dice and cards arrive as data inside events. State is a JSON-compatible
value (dicts, lists, str, int, float, bool, None), so the records service can cache it in a
``jsonb`` column and a fold can be replayed anywhere.

The records service drives an engine like this::

    engine.refuse_setup(seats, options)      # [] when the rulebook lets this table start
    state = engine.setup(seats, options)
    for move in moves:                       # voided moves are skipped by the service
        violations = engine.check(state, move)   # [] when legal
        state = engine.apply(state, move)        # pure: never mutates ``state``
    engine.view(state, seat)                 # what a person at the table sees
    engine.outcome(state)                    # None until the game is over

Malformed is not illegal (python-chess keeps the two apart too): a move whose ``data`` does
not fit its event type's JSON Schema is rejected by :func:`shape_errors` before ``check``
ever sees it (HTTP 400). A move that fits but breaks a rule gets a :class:`Violation` that
names the rulebook section (HTTP 422 in a strict play, a flag in a record play). Likewise a
play's options must fit ``options_schema`` (HTTP 400), and then the seats and options together
must be ones the rulebook starts a game with, :meth:`Engine.refuse_setup` (HTTP 422, in any mode:
no play is created).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator

from games.secrets import Secret, hide

JSON = Any


@dataclass(frozen=True, slots=True)
class Seat:
    """One place at the table, in turn order. Seats are numbered from 0 in events."""

    colour: str = ""
    team: str = ""


@dataclass(frozen=True, slots=True)
class Move:
    """One game event as the engine sees it: its type, the seat that made it, its data."""

    type: str
    seat: int | None = None
    data: dict[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule a move breaks: the rulebook section and one sentence a player understands."""

    rule: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(slots=True)  # not frozen: its lists can change anyway, and frozen triples the cost of making one
class Outcome:
    """How a finished game ended.

    ``places[seat]`` is 1 for the best; tied seats share a place. ``winners`` may be empty
    (a lost cooperative game, or nobody reached the goal). ``scores[seat]`` where the game
    keeps scores, else None. ``reason`` in the rulebook's words ("Dutch victory").
    ``cooperative`` marks a result the whole table shares (all win or all lose), which
    competitive ratings ignore. ``blamed`` lists the seats a "no winner" ending blames.
    """

    places: list[int]
    winners: list[int]
    reason: str
    scores: list[float] | None = None
    cooperative: bool = False
    blamed: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, JSON]:
        return {
            "places": list(self.places),
            "winners": list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "reason": self.reason,
            "cooperative": self.cooperative,
            "blamed": list(self.blamed),
        }

    @classmethod
    def from_dict(cls, data: dict[str, JSON]) -> Outcome:
        return cls(**data)


def places_from_scores(scores: Sequence, *, highest_wins: bool = True) -> list[int]:
    """Standard competition ranking ("1224"): tied scores share the better place. A score may
    be a tuple, the score then its tie-breakers, compared in order."""
    ordered = sorted(scores, reverse=highest_wins)
    return [1 + ordered.index(mine) for mine in scores]


@dataclass(frozen=True)
class EventType:
    """One entry of an engine's event vocabulary: JSON Schema for ``data``, and an example."""

    description: str
    schema: dict[str, JSON]
    example: dict[str, JSON]
    seated: bool = True  # whether the move must name the seat that makes it

    @cached_property
    def validator(self) -> Draft202012Validator:
        return Draft202012Validator(self.schema)

    @cached_property
    def fits(self) -> Callable[[JSON], object]:
        """The schema compiled to Python (fastjsonschema): quiet for data that fits, at a tenth
        of the cost of ``validator``, which was a fifth of the batch path's (#21); it raises
        ``JsonSchemaException`` for data that does not, and ``validator`` then says why. The two
        read every keyword the schemas here use alike (tests/games/test_conformance.py)."""
        return fastjsonschema.compile(self.schema, use_default=False)

    def as_dict(self) -> dict[str, JSON]:
        return {
            "description": self.description,
            "seated": self.seated,
            "schema": self.schema,
            "example": self.example,
        }


def obj(properties: dict[str, JSON], *, required: list[str] | None = None) -> dict[str, JSON]:
    """A closed JSON Schema object: every listed property required unless said otherwise."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


class EngineError(Exception):
    """Raised by ``apply`` when a move cannot be applied to the state at all."""


class Engine(ABC):
    """The contract every rules engine offers; the registry holds one instance per game. Every
    engine implements it through the kit, :class:`games.kit.Game`, which writes these
    functions once from a game's declared phases and moves."""

    slug: str
    title: str
    min_players: int
    max_players: int
    #: JSON Schema of the options a play may start with (variants, edition data).
    options_schema: dict[str, JSON] = obj({}, required=[])
    #: The event vocabulary: type name -> EventType.
    event_types: dict[str, EventType]
    #: Whose each hidden part of the arbiter view is (see :mod:`games.secrets`); ``view``
    #: shapes what a seat sees, these say what must never reach anyone else.
    view_secrets: tuple[Secret, ...] = ()
    #: Event type -> the secrets of its data (a drawn card is its drawer's).
    move_secrets: dict[str, tuple[Secret, ...]] = {}

    def refuse_setup(self, seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
        """The rules a play's seats and options break together, each a :class:`Violation` with
        the rulebook section; empty (the default) when the table may start. Called before
        :meth:`setup` with options that fit ``options_schema`` and ``min_players`` to
        ``max_players`` seats, so it judges rules, not shapes: an option the rulebook allows
        only at some player counts, the teams a game needs. A play it refuses is never created
        (HTTP 422), so ``check`` never has to refuse every move of an impossible play."""
        return []

    @abstractmethod
    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        """The table after the rulebook's preparation steps (chance arrives later, as events).
        Never fails on seats and options :meth:`refuse_setup` accepts."""

    @abstractmethod
    def check(self, state: JSON, move: Move) -> list[Violation]:
        """The rules ``move`` breaks in ``state``; empty when it is legal."""

    @abstractmethod
    def apply(self, state: JSON, move: Move) -> JSON:
        """The state after ``move``. Pure: never mutates ``state``. In a record play it is
        also called for moves ``check`` flagged, and applies them as the table did; it
        raises :class:`EngineError` only when the move cannot be applied at all."""

    @abstractmethod
    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        """The table as a person sees it, with at least the keys of ``VIEW_KEYS``. With a
        seat, the other seats' secrets are hidden; with :data:`~games.secrets.NOBODY`, every
        seat's. Callers outside the engine use :meth:`seen_view`."""

    @abstractmethod
    def outcome(self, state: JSON) -> Outcome | None:
        """None until the game is over; then how it ended."""

    @abstractmethod
    def legal_moves(self, state: JSON, seat: int | None = None) -> Iterator[Move]:
        """Every move the rules allow now: ``seat``'s, or (None) every seat's and the moves no
        seat makes. Chance is data: a die roll or a draw is one move per possible outcome.
        Sound (each passes ``check``) and complete (every move ``check`` accepts is among
        them); none once the game is over."""

    @abstractmethod
    def narrate(self, state: JSON, move: Move, seat: int | None = None, names: Sequence[str] | None = None) -> str:
        """``move`` made in ``state``, in one English sentence as a person at the table would
        say it, with ``names[seat]`` for each seat; read by ``seat`` (None: the arbiter), it
        keeps the secrets ``seat`` may not see (a face-down good is "a good")."""

    def seen_view(self, state: JSON, viewer: int | None) -> dict[str, JSON]:
        """The view as ``viewer`` may see it: None for the arbiter, a seat, or NOBODY. The one
        way a state leaves an engine."""
        return hide(self.view(state, viewer), self.view_secrets, viewer)

    def seen_data(self, move: Move, viewer: int | None) -> dict[str, JSON]:
        """``move``'s data as ``viewer`` may see it. The one way a move's data leaves the
        service."""
        return hide(move.data, self.move_secrets.get(move.type, ()), viewer, move.seat)

    def describe(self) -> dict[str, JSON]:
        return {
            "slug": self.slug,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options_schema": self.options_schema,
            "event_types": {name: t.as_dict() for name, t in self.event_types.items()},
        }


#: Every view carries these: the phase, whose move it is (the seats the turn order names),
#: which event types the phase allows next (read off the phase, not tried: one may have no
#: legal move this instant; ``legal_moves`` is exact), the scores so far (None where the game
#: has none yet), and whether it is over.
VIEW_KEYS = ("phase", "active_seats", "legal_event_types", "scores", "finished")


def shape_errors(
    engine: Engine, move: Move, seat_count: int, extra_types: dict[str, EventType] | None = None
) -> dict[str, list[str]]:
    """Field -> messages for a move that does not fit the vocabulary (the engine's, plus
    ``extra_types``: the service's meta events); empty when it fits."""
    vocabulary = {**engine.event_types, **(extra_types or {})}
    event_type = vocabulary.get(move.type)
    if event_type is None:
        known = ", ".join(sorted(vocabulary))
        return {"type": [f"'{move.type}' is not an event type of {engine.slug}: one of {known}."]}
    errors: dict[str, list[str]] = {}
    if event_type.seated and move.seat is None:
        errors["seat"] = [f"a '{move.type}' event must name the seat that makes it."]
    if not event_type.seated and move.seat is not None:
        errors["seat"] = [f"a '{move.type}' event is made by no seat: leave 'seat' out."]
    elif move.seat is not None and not 0 <= move.seat < seat_count:
        errors["seat"] = [f"seat {move.seat} does not exist: seats are 0 to {seat_count - 1}."]
    try:
        event_type.fits(move.data)
    except fastjsonschema.JsonSchemaException:
        for error in event_type.validator.iter_errors(move.data):
            path = ".".join(str(p) for p in ("data", *error.absolute_path))
            errors.setdefault(path, []).append(error.message)
    return errors
