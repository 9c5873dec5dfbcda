"""Hidden information: which parts of a view or of a move's data belong to whom, and the one
function that hides them from everyone else.

An engine declares its secrets once (``Engine.view_secrets`` for its arbiter view,
``Engine.move_secrets`` for each event type's data), beside the view code that shapes what a
seat sees. :func:`hide` applies a declaration for a viewer:

- the arbiter (``viewer=None``: recorders and owners) sees everything;
- a seat (``viewer=0, 1, ...``) sees its own secrets and nobody else's;
- :data:`NOBODY` (a spectator, holding no seat) sees no secret at all.

A hidden value keeps only what the table sees of it: a list keeps its length (three cards
face down are three cards), anything else becomes ``None``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

JSON = Any

#: A viewer who holds no seat; as an owner, a secret no seat may see (a deck's order).
NOBODY = -1
#: Owner: the seat that makes the move (a drawn card is the drawer's).
MOVER = "mover"
#: Owner: the seat numbered by the key or index the first ``*`` of the path matched
#: (``colonies.*.hand``: colony 2's hand is seat 2's).
EACH = "each"
#: The path step that matches every item of a list and every value of a dict.
ANY = "*"


@dataclass(frozen=True, slots=True)
class Sibling:
    """Owner: the seat named by ``key`` in the object that holds the secret
    (``shown.*.good`` owned by ``Sibling("to")``). A sibling that is None makes it public."""

    key: str


Owner = int | str | Sibling


@dataclass(frozen=True, slots=True)
class Secret:
    """A part of a view or of a move's data that only its owner (and the arbiter) may see.

    ``path`` is dotted keys from the top, ``*`` for every item (``decks.*.order``). ``why``
    says in the rulebook's terms what is hidden ("a drawn card is its drawer's").
    """

    path: str
    owner: Owner
    why: str

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(self.path.split("."))


def masked(value: JSON) -> JSON:
    """What a viewer who may not see ``value`` sees of it."""
    return [None] * len(value) if isinstance(value, list) else None


def visible(owner: int | None, viewer: int | None) -> bool:
    """Whether a secret of ``owner`` (None: public after all) is shown to ``viewer``."""
    return viewer is None or owner is None or (owner == viewer and owner != NOBODY)


def found(
    value: JSON, secrets: tuple[Secret, ...], mover: int | None = None
) -> Iterator[tuple[tuple, int | None, JSON]]:
    """Every secret present in ``value``: (path as a tuple of keys, owning seat, the value).
    The owning seat is None where the declaration makes it public, NOBODY where no seat owns it."""
    for secret in secrets:
        for path, parent, matched in _matches(value, secret.steps, (), None, None):
            yield path, _owner(secret.owner, parent, matched, mover), _get(value, path)


def hide(value: JSON, secrets: tuple[Secret, ...], viewer: int | None, mover: int | None = None) -> JSON:
    """``value`` as ``viewer`` may see it: every secret not theirs masked. Pure."""
    if viewer is None:
        return value
    hidden = [path for path, owner, _ in found(value, secrets, mover) if not visible(owner, viewer)]
    if not hidden:
        return value
    copy = _copy(value)
    for path in sorted(hidden, key=len, reverse=True):  # inner secrets first, then what holds them
        parent = _get(copy, path[:-1])
        parent[path[-1]] = masked(parent[path[-1]])
    return copy


def _matches(value: JSON, steps: tuple[str, ...], path: tuple, parent: JSON, first: Any):
    """(path, parent, key the first ``*`` matched) for each place ``steps`` reaches."""
    if not steps:
        yield path, parent, first
        return
    step, rest = steps[0], steps[1:]
    if isinstance(value, dict):
        keys = list(value) if step == ANY else [step] if step in value else []
    elif isinstance(value, list):
        keys = range(len(value)) if step == ANY else [int(step)] if step.isdigit() and int(step) < len(value) else []
    else:
        keys = []
    for key in keys:
        matched = key if step == ANY and first is None else first
        yield from _matches(value[key], rest, (*path, key), value, matched)


def _owner(owner: Owner, parent: JSON, matched: Any, mover: int | None) -> int | None:
    if owner == MOVER:
        return NOBODY if mover is None else mover
    if owner == EACH:
        return int(matched)
    if isinstance(owner, Sibling):
        seat = parent.get(owner.key) if isinstance(parent, dict) else None
        return None if seat is None else int(seat)
    return owner


def _get(value: JSON, path: tuple) -> JSON:
    for key in path:
        value = value[key]
    return value


def _copy(value: JSON) -> JSON:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value
