"""What the tests of the table pictures share: a playthrough's table after its first moves, the
drawn elements of a class, and a page that shows pictures as a play's page does."""

from __future__ import annotations

from pathlib import Path

from games import registry
from games.contract import JSON
from games.playthrough import Playthrough, all_playthroughs, load

SITE_CSS = Path(__file__).resolve().parents[2] / "records" / "static" / "tablelog" / "site.css"


def playthrough(slug: str, name: str) -> Playthrough:
    (path,) = [p for p in all_playthroughs() if p.parent.parent.name == slug and p.stem == name]
    return load(path)


def table_after(slug: str, name: str, count: int, change=None) -> tuple[Playthrough, JSON]:
    """(the playthrough ``name`` of ``slug``, the arbiter's state after its first ``count``
    moves); ``change(seq, move)`` may rewrite a move on the way."""
    played = playthrough(slug, name)
    engine = registry.get(slug)
    state = engine.setup(played.seats, played.options)
    for seq, move in enumerate(played.moves()[:count], start=1):
        state = engine.apply(state, change(seq, move) if change else move)
    return played, state


def classed(root, name: str, **data) -> list:
    """The elements below ``root`` of class ``name`` whose ``data-*`` attributes have the values
    given (``to_move=1`` for ``data-to-move="1"``)."""
    return [
        element
        for element in root.iter()
        if name in (element.get("class") or "").split()
        and all(element.get(f"data-{key.replace('_', '-')}") == str(value) for key, value in data.items())
    ]


def picture_page(*pictures: str) -> str:
    """A page with the site's stylesheet that shows ``pictures`` (the table before and after a
    move) side by side, as a play's page does."""
    figures = "".join(f"<figure>{picture}</figure>" for picture in pictures)
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<style>{SITE_CSS.read_text()}</style></head>"
        f"<body><main><div class='before-after'>{figures}</div></main></body></html>"
    )
