"""How a move is said at the table, and the chance outcomes the legal moves offer.

The words every ``says`` shares (who moves, a block the reader may not see, dice, paths) and
the dice as data (every outcome of a roll, see README.md "Legal moves")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

from games.contract import JSON
from games.kit import counted, listed
from games.pax_baltica import board

#: The side each seat commands (Introduction): seat 0 Sweden and her allies, seat 1 the Allies.
SIDES = ("Sweden", "the Allies")
FACES = (1, 2, 3, 4, 5, 6)


def who(names: Sequence[str], seat: int | None) -> str:
    """The mover as the table calls them: "Astrid (Sweden)"."""
    if seat is None or seat not in (0, 1):
        return "The table"
    return f"{names[seat]} ({SIDES[seat]})"


def sentence(text: str) -> str:
    """One sentence: a capital first letter and a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!")) else f"{text}."


def named(name: str | None) -> str:
    """A block by name, or "a block" when the reader may not see which."""
    return name if isinstance(name, str) else "a block"


def named_blocks(names: Sequence[str | None]) -> str:
    """Blocks by name, or counted when the reader may not see them: "2 blocks"."""
    if any(not isinstance(name, str) for name in names):
        return counted(len(names), "block")
    return listed(names) if names else "no block"


def dice(rolled: Sequence[int]) -> str:
    """The dice as they are read out: "a 4", "1, 3 and 5", "no die"."""
    if not rolled:
        return "no die"
    return f"a {rolled[0]}" if len(rolled) == 1 else listed(str(d) for d in rolled)


def titled(name: str) -> str:
    return name.title()


def rolls(count: int) -> Iterable[list[int]]:
    """Every outcome of ``count`` dice rolled together, each once: the faces in rising order
    (6.31, 3.43: a roll counts its hits, the order the dice fall in carries nothing)."""
    return (list(faces) for faces in combinations_with_replacement(FACES, count))


def to(step: JSON) -> str:
    return step["to"] if isinstance(step, dict) else "somewhere"


def allocations(state: JSON, names: list[str], count: int, change: int) -> list[list[str]]:
    """Every way to put ``count`` steps (``change`` +1 gained, -1 lost) on ``names``, each
    way once (the blocks in name order), never above full strength nor below 1 step."""
    found: list[list[str]] = []

    def extend(chosen: list[str], start: int, steps: dict[str, int]) -> None:
        if len(chosen) == count:
            found.append(chosen)
            return
        for index in range(start, len(names)):
            name = names[index]
            after = steps[name] + change
            if 1 <= after <= board.info(state, name)["steps"]:
                extend([*chosen, name], index, {**steps, name: after})

    extend([], 0, {n: state["blocks"][n]["steps"] for n in names})
    return found
