"""5. Inspection: after a building, each player may look at one placed good on another ship."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.vasa_regalis.rulebook import GOODS, SECTION_INSPECTION
from games.vasa_regalis.table import (
    complete,
    existing,
    in_turn,
    not_placed,
    others_placed,
    seat_missing,
    show,
)
from games.vasa_regalis.words import name, sentence


def _said_inspect(state: JSON, move: Move, names: Sequence[str]) -> str:
    target, good = move.data["target"], move.data["good"]
    looker = name(names, move.seat)
    if target is None or good is None:
        return sentence(f"{looker} looks at no good.")
    return sentence(f"{looker} looks at the {good} on {name(names, target)}'s ship.")


@move(
    "inspect",
    section=SECTION_INSPECTION,
    description=(
        "After a building: look at one placed good ('good') on another player's ship "
        "('target'); both null to look at nothing."
    ),
    schema=obj({"target": {"type": ["integer", "null"], "minimum": 0}, "good": {"enum": [*GOODS, None]}}),
    example={"target": 1, "good": "wood"},
    choices=others_placed,
    says=_said_inspect,
)
def inspect(table: Table, move: Move) -> None:
    """Section 5: "each player may look at 1, and only 1, placed good on another player's ship,
    starting with the last player to build and continuing in counter-clockwise order"; any
    placed good, or none (README, reading 12). Its value is shown to the inspector alone."""
    step = in_turn(table, move)
    state, target, good = table.state, move.data["target"], move.data["good"]
    if step is not None:
        refused = _inspection_refused(state, move.seat, target, good)
        if refused is not None:
            table.refuse(SECTION_INSPECTION, refused)
    if target is not None and good is not None:
        value = state["ships"][existing(table, target, SECTION_INSPECTION)][good]
        show(table, {"to": move.seat, "seat": target, "how": "inspection", "good": good, "value": value})
    complete(table, move, step)


def _inspection_refused(state: JSON, seat: int, target: int | None, good: str | None) -> str | None:
    if (target is None) != (good is None):
        return "Name both the ship and the good to look at, or neither."
    if target is None:
        return None
    if target == seat:
        return "You may look only at a good on another player's ship."
    return seat_missing(state, target) or not_placed(state, target, good)
