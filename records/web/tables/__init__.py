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

import re
from importlib import import_module
from importlib.util import find_spec

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.contract import JSON

#: Seat colours as a table names them, drawn in tones that read on white.
NAMED_COLOURS = {
    "red": "#cf222e",
    "blue": "#0969da",
    "green": "#1a7f37",
    "yellow": "#e3b341",
    "white": "#f6f8fa",
    "black": "#24292f",
    "orange": "#db6d28",
    "purple": "#8250df",
    "brown": "#8a5a2b",
    "grey": "#6e7781",
    "gray": "#6e7781",
    "pink": "#e85aad",
}
#: The colours of seats that name none a picture can draw, by position.
PALETTE = ("#cf222e", "#0969da", "#1a7f37", "#e3b341", "#8250df", "#db6d28")
HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def draw(game: str, view: JSON, seats: list[dict]) -> SafeString:
    """The picture of ``view`` (a table of ``game``) as an HTML fragment with its SVG."""
    name = f"{__name__}.{game}"
    if find_spec(name) is not None:
        context = import_module(name).picture(view, seats)
    else:
        context = {"view": view}
    return render_to_string(f"tables/{game}.html", {**context, "seats": seats})


def seat_colour(seat: dict) -> str:
    """A seat's colour as a fill: a named colour in its drawn tone, a hex colour as it is, else
    the palette's colour for its position: the one mapping of the pictures that draw seats in
    the play's colours."""
    named = (seat.get("colour") or "").strip().lower()
    if HEX_COLOUR.fullmatch(named):
        return named
    return NAMED_COLOURS.get(named, PALETTE[seat["position"] % len(PALETTE)])


def ink_on(colour: str) -> str:
    """Black or white, whichever reads on ``colour`` (a #rgb or #rrggbb fill)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    red, green, blue = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    return "#1f2328" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"
