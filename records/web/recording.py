"""Logging a play: start one, log a generic play's result, log an engine play move by move."""

from __future__ import annotations

from django.http import Http404
from django.urls import path


def new_play(request, slug: str):
    raise Http404("not built yet")  # placeholder


def log(request, pk: int):
    raise Http404("not built yet")  # placeholder


def result(request, pk: int):
    raise Http404("not built yet")  # placeholder


urlpatterns = [
    path("clubs/<slug:slug>/plays/new/", new_play, name="play-new"),
    path("plays/<int:pk>/log/", log, name="play-log"),
    path("plays/<int:pk>/result/", result, name="play-result"),
]
