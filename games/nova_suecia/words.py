"""The words a person at the table uses for the pieces of Nova Suecia: the moves' sentences
(each move's ``says``, beside its rule) share them."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move
from games.kit import counted
from games.nova_suecia.queries import actor

#: Pieces that take a plural "s" (section 2 writes "2 grain", "3 fur" but "2 colonists").
COUNTABLE = ("colonist", "log_cabin")


def cube(resource: str | None) -> str:
    """A resource as said ("log cabin"); a cube the reader may not see is "cube"."""
    return "cube" if resource is None else resource.replace("_", " ")


def cubes(count: int, resource: str | None) -> str:
    """``count`` cubes of a resource as the rulebook writes them: "2 grain", "2 colonists"."""
    name = cube(resource)
    return counted(count, name) if resource in COUNTABLE or resource is None else f"{count} {name}"


def who(state: JSON, move: Move, names: Sequence[str]) -> str:
    """The seat making the move, and for the neutral player (7.5) whose turn it plays."""
    name = names[move.seat] if move.seat is not None else "The table"
    if move.seat is not None and state["players"][actor(state, move)]["seat"] is None:
        return f"{name}, for the neutral player,"
    return name


def district_name(district_id: str, district: JSON) -> str:
    """A district by its place and its card, where known: "the farm at N2"."""
    kind = district.get("type")
    return f"the {cube(kind)} at {district_id}" if kind else f"district {district_id}"


def thaler(count: int) -> str:
    return f"{count} thaler"
