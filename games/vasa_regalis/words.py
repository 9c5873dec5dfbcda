"""The words of the table: goods, players and their ships as a person at the table says them
(each move's ``says`` sentence is built from these, beside its rule)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.contract import JSON
from games.kit import counted, listed

#: "2 wood", "2 cloth", "2 iron" (the procurer cards' words), but "2 sculptures" (section 2).
PLURALS = {"wood": "wood", "cloth": "cloth", "iron": "iron", "sculpture": "sculptures"}


def sentence(text: str) -> str:
    """A sentence begins with a capital, even a default name's ("seat 0 ...")."""
    return text[:1].upper() + text[1:]


def name(names: Sequence[str], seat: int | None) -> str:
    """A seat's display name; a seat the table does not have (a record play's slip) by number."""
    try:
        return names[seat]
    except (IndexError, KeyError, TypeError):
        return f"seat {seat}"


def a(good: str) -> str:
    """One good of a type: "a wood", "an iron"."""
    return f"{'an' if good[:1] in 'aeiou' else 'a'} {good}"


def goods(count: int, good: str, value: int | None = None) -> str:
    """``count`` goods of a type, of a value where it is known: "2 wood of value 1"."""
    said = counted(count, good, PLURALS.get(good))
    return said if value is None else f"{said} of value {value}"


def markers(items: Iterable[JSON]) -> str:
    """Goods markers (``{"good", "value"}``) as a person counts them: "1 wood of value 3 and 2 iron
    of value 2", in the order first named."""
    counts: dict[tuple[str, int], int] = {}
    for item in items:
        key = (item["good"], item["value"])
        counts[key] = counts.get(key, 0) + 1
    return listed(goods(count, good, value) for (good, value), count in counts.items())


def procured(items: Sequence[str]) -> str:
    """Goods of value 1 procured: "2 wood of value 1", "1 sculpture of value 1"."""
    return markers({"good": good, "value": 1} for good in items)
