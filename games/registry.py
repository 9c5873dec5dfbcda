"""The catalogue of engines, keyed by slug.

Every package below ``games/`` that exports ``ENGINE`` (an :class:`~games.contract.Engine`)
is a game; adding a game is adding its package.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import games
from games.contract import Engine


@cache
def engines() -> dict[str, Engine]:
    found: dict[str, Engine] = {}
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        engine = getattr(importlib.import_module(f"games.{module.name}"), "ENGINE", None)
        if engine is not None:
            found[engine.slug] = engine
    return dict(sorted(found.items()))


def get(slug: str) -> Engine | None:
    return engines().get(slug)
