"""Pages of numbers, read with :mod:`analytics.selectors` and :mod:`records.selectors`."""

from __future__ import annotations

from django.shortcuts import render

from records import selectors as records
from records.web.access import club_for


def home(request):
    """The clubs the reader may see, their own first."""
    clubs = records.visible_clubs(request.user).order_by("name")
    return render(request, "analytics/home.html", {"clubs": clubs})


def club(request, slug: str):
    club = club_for(request, slug)
    return render(request, "analytics/club.html", {"club": club, "plays": club.plays.all()[:20]})
