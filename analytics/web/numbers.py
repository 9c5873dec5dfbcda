"""Numbers and names as a person reads them: a rating to one decimal, a percentage whole, a
game by its title, a play by its seats and winners."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import QuerySet
from django.template.defaultfilters import floatformat

from analytics.models import PlayResult
from games import registry
from records.models import Club, Play, Status
from records.selectors import title_of

GENERIC = "generic:"


def whole_percent(rate: float) -> int:
    """A rate (0..1) as a whole percentage, halves rounded up as people do (0.125 -> 13)."""
    return int((Decimal(str(rate)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{whole_percent(rate)}%"


def rating(value: float) -> str:
    """A rating to one decimal, halves up, never "-0.0": as the templates show one
    (``floatformat:1``), so a tooltip and its table agree."""
    return floatformat(value, 1)


def with_percent(*tallies: dict) -> None:
    """Give each tally (``win_rate`` among its keys) its ``win_percent`` to show."""
    for tally in tallies:
        tally["win_percent"] = percent(tally["win_rate"])


def game_names(keys: Iterable[str], clubs: QuerySet[Club]) -> dict[str, str]:
    """Each game key's title: its engine's, or for a generic game the title a play in a
    visible club gave it (the key holds only its slug)."""
    keys = list(keys)
    generic = [key for key in keys if key.startswith(GENERIC)]
    titles = dict(
        PlayResult.objects.filter(game__in=generic, club__in=clubs)
        .order_by("game", "-played_on")
        .distinct("game")
        .values_list("game", "play__options__title")
    )
    names = {}
    for key in keys:
        engine = None if key.startswith(GENERIC) else registry.get(key)
        fallback = key.removeprefix(GENERIC).replace("-", " ").capitalize()
        names[key] = engine.title if engine else (titles.get(key) or fallback)
    return names


def play_rows(plays: QuerySet[Play]) -> list[dict]:
    """Plays as a list shows them: title, date, status, and each seat's player, the winners
    marked (a finished play's outcome is public, as its results are)."""
    rows = []
    for play in plays.select_related("club").prefetch_related("seats__player"):
        winners = set(play.outcome["winners"]) if play.status == Status.FINISHED and play.outcome else set()
        seats = [{"player": s.player, "winner": s.position in winners} for s in play.seats.all()]
        rows.append({"play": play, "title": title_of(play), "seats": seats})
    return rows
