"""The table as a picture: one partial per game draws its view, so an arbiter sees the table,
not JSON.

A game ``slug`` has a template ``tables/<slug>.html`` and, where the drawing needs some
arithmetic (coordinates, an isometric projection), a module ``records.web.tables.<slug>``
whose ``picture(view, seats)`` turns the view into the template's context. ``view`` is the
engine's ``seen_view`` of the state: already redacted for the reader, so a picture draws
exactly what it is given (a hidden card is drawn face down, never looked up elsewhere).
``seats`` are the play's seats in order: ``{"position", "name", "colour", "team"}``.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.contract import JSON


def draw(game: str, view: JSON, seats: list[dict]) -> SafeString:
    """The picture of ``view`` (a table of ``game``) as an HTML fragment with its SVG."""
    name = f"{__name__}.{game}"
    if find_spec(name) is not None:
        context = import_module(name).picture(view, seats)
    else:
        context = {"view": view}
    return render_to_string(f"tables/{game}.html", {**context, "seats": seats})
