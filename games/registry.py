"""The catalogue of engines, keyed by slug.

Every package below ``games/`` that exports ``ENGINE`` (an :class:`~games.contract.Engine`)
is a game; adding a game is adding its package.
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
from functools import cache
from pathlib import Path

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


#: The modules below games/ that every engine folds with.
SHARED = ("contract.py", "kit.py", "secrets.py")


@cache
def fingerprint(slug: str) -> str:
    """A digest of the code and data an engine folds with (its package, but not its
    playthroughs or docs, and the contract, kit and secrets every engine is built on): states
    cached under another digest are stale."""
    package = Path(importlib.import_module(type(get(slug)).__module__).__file__).parent
    files = sorted(p for p in package.rglob("*") if p.suffix in (".py", ".json") and "playthroughs" not in p.parts)
    digest = hashlib.sha256()
    for shared in SHARED:
        digest.update(Path(games.__file__).with_name(shared).read_bytes())
    for path in files:
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
