"""What PostgreSQL can store exactly, checked before it is asked.

jsonb refuses a NUL character and text that is not valid Unicode, and has no infinity;
deeply nested data is refused before it costs a recursion. Each problem is named by its
field, so the client learns which value to fix and nothing reaches the database.
"""

from __future__ import annotations

import math
from typing import Any

MAX_DEPTH = 32


def problems(value: Any, field: str) -> dict[str, list[str]]:
    """Field path -> what cannot be stored there; empty when all of ``value`` can be."""
    found: dict[str, list[str]] = {}
    pending = [(value, field, 0)]
    while pending:
        item, path, depth = pending.pop()
        if depth > MAX_DEPTH:
            found.setdefault(field, []).append(f"nests deeper than {MAX_DEPTH} levels.")
            break
        if isinstance(item, float) and not math.isfinite(item):
            found.setdefault(path, []).append(f"{item} is not a finite number.")
        elif isinstance(item, str):
            _text(item, path, found)
        elif isinstance(item, dict):
            for key, child in item.items():
                _text(key, f"{path} (a key)", found)
                pending.append((child, f"{path}.{key}", depth + 1))
        elif isinstance(item, list):
            pending.extend((child, f"{path}.{index}", depth + 1) for index, child in enumerate(item))
    return found


def _text(text: str, path: str, found: dict[str, list[str]]) -> None:
    if "\x00" in text:
        found.setdefault(path, []).append("contains a NUL character (\\u0000), which cannot be stored.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        found.setdefault(path, []).append("is not valid Unicode text (a lone surrogate).")
