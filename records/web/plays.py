"""A play's page: seats, status, outcome, the log as sentences and a step-through replay of
the table before and after each move; disputes, rulings and corrections."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import path

from records import selectors
from records.web.access import play_for
from records.web.tables import draw


def seats_of(play) -> list[dict]:
    return [
        {"position": s.position, "name": s.player.display_name, "colour": s.colour, "team": s.team}
        for s in play.seats.select_related("player").order_by("position")
    ]


def play(request, pk: int):
    play = play_for(request, pk)
    viewer = selectors.viewer_of(play, request.user)
    picture = draw(play.game, selectors.view_as_of(play, play.last_seq, viewer), seats_of(play))
    return render(request, "records/play.html", {"play": play, "picture": picture})


urlpatterns = [
    path("plays/<int:pk>/", play, name="play"),
]
