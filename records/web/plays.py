"""A play's page: seats, status, outcome, the log as sentences and a step-through replay of
the table before and after each move, with what the rules say of it; and the forms that file
a dispute, rule on one, or correct a move, appended as meta events through the one service.

The page reads the play as the API does, with the reader's eyes (``?seat=`` asks for a seat's,
as in the API): an arbiter sees every secret, a seated player their own, anyone else none.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST
from rest_framework.exceptions import APIException

from games.secrets import NOBODY
from records import chain, narration, selectors, services
from records.meta import META_EVENT_TYPES, role_to_log
from records.models import Play, Status
from records.replay import engine_of, voids_as_of
from records.web.access import append, play_for, require_role, tell_refusal, whole_param
from records.web.tables import draw


def seats_of(play: Play) -> list[dict]:
    """The play's seats for a picture or a page: position, player's name, colour, team."""
    return [
        {
            "position": s.position,
            "name": s.player.display_name,
            "colour": s.colour,
            "team": s.team,
            "player": s.player_id,
        }
        for s in play.seats.select_related("player").order_by("position")
    ]


def _viewer(request, play: Play) -> tuple[int | None, int | None]:
    """(the seat asked for with ``?seat=``, whose eyes the reader reads with)."""
    seat = whole_param(request, "seat", default=None, last=play.seats.count() - 1)
    try:
        return seat, selectors.viewer_of(play, request.user, seat)
    except selectors.SeatNotYours as refused:
        raise PermissionDenied(str(refused)) from None


def _eyes(play: Play, user, viewer: int | None, seats: list[dict]) -> list[dict]:
    """The views the reader may switch between: the arbiter's, or each seat's they may take."""
    arbiter = selectors.sees_every_secret(play, user)
    own = selectors.seat_of(play, user)
    choices = [{"seat": None, "label": "Arbiter (every secret)", "current": viewer is None}] if arbiter else []
    for seat in seats:
        if arbiter or seat["position"] == own:
            label = f"Seat {seat['position'] + 1}: {seat['name']}"
            choices.append(
                {"seat": seat["position"], "name": seat["name"], "label": label, "current": viewer == seat["position"]}
            )
    return choices


def _step(play: Play, seq: int, viewer: int | None, voids: dict[int, int]) -> dict:
    """The audit of event ``seq`` (records.selectors.audit, as the API's), with its sentences
    put beside the events they say."""
    step = selectors.audit(play, seq, viewer, voids)
    texts = step["texts"]
    return {
        **step,
        "text": texts[seq],
        "is_move": step["event"].type not in META_EVENT_TYPES,
        "said_disputes": [{"seq": d.seq, "text": texts[d.seq]} for d in step["disputes"]],
        "said_rulings": [{"seq": r.seq, "text": texts[r.seq]} for r in step["rulings"]],
    }


def play(request, pk: int):
    play = play_for(request, pk)
    seat, viewer = _viewer(request, play)
    seq = whole_param(request, "seq", default=play.last_seq, last=play.last_seq)
    seats = seats_of(play)
    engine = engine_of(play)
    events = list(play.events.select_related("recorded_by").order_by("seq"))
    voids = voids_as_of(play, play.last_seq)
    disputed = {e.data["seq"] for e in events if e.type == "dispute"}
    ruled = {e.data["dispute"] for e in events if e.type == "ruling"}
    ruled_moves = {e.data["seq"] for e in events if e.type == "dispute" and e.seq in ruled}
    log = [
        {
            "event": event,
            "text": text,
            "voided_by": voids.get(event.seq),
            "disputed": event.seq in disputed,
            "ruled": event.seq in ruled_moves,
        }
        for event, text in narration.said(play, events, viewer, voids)
    ]
    step = _step(play, seq, viewer, voids) if seq else None
    context = {
        "play": play,
        "title": selectors.title_of(play),
        "seats": seats,
        "outcome": play.outcome,
        "seq": seq,
        "seat": seat,
        "viewer": viewer,
        "spectator": viewer == NOBODY,
        "eyes": _eyes(play, request.user, viewer, seats),
        "log": log,
        "step": step,
        "before": draw(play.game, step["before"], seats) if step else None,
        "after": draw(play.game, step["after"] if step else selectors.view_as_of(play, 0, viewer), seats),
        "broken": chain.first_broken_seq(events),
        "can_dispute": step is not None and selectors.has_role(play.club, request.user, role_to_log(["dispute"])),
        "can_rule": selectors.has_role(play.club, request.user, role_to_log(["ruling"])),
        "open_disputes": [
            {"event": e, "voided_by": voids.get(e.data["seq"])}
            for e in events
            if e.type == "dispute" and e.seq not in ruled
        ],
        "logging": play.status == Status.IN_PROGRESS and selectors.has_role(play.club, request.user, role_to_log([])),
        "generic": engine.slug == "generic",
    }
    return render(request, "records/play.html", context)


class DisputeForm(forms.Form):
    seq = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    claim = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 2}), label="What is wrong with it")


class RulingForm(forms.Form):
    dispute = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    decision = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 2}), label="Decision")
    void = forms.BooleanField(required=False, label="Void the disputed move")


class CorrectionForm(forms.Form):
    seq = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    reason = forms.CharField(max_length=2000, label="Why it is voided")


class AbandonForm(forms.Form):
    reason = forms.CharField(max_length=2000, required=False, label="Why it ends here")


#: The form of each meta event a page appends.
META_FORMS = {"dispute": DisputeForm, "ruling": RulingForm, "correction": CorrectionForm, "abandon": AbandonForm}


@login_required
@require_POST
def append_meta(request, pk: int, kind: str):
    """File a dispute (members), rule on one, correct a move or abandon the play (recorders):
    one meta event, appended like any other; then the replay shows the move it is about (the
    play's end, for an abandon). What the service refuses comes back as a message."""
    play = play_for(request, pk)
    require_role(request, play.club, role_to_log([kind]))
    form = META_FORMS[kind](request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            messages.error(request, f"{form.fields[field].label or field}: {' '.join(errors)}")
        return redirect("play", play.pk)
    data = {name: value for name, value in form.cleaned_data.items() if value != ""}  # a blank reason: none
    try:
        appended = append(request, play, [services.NewEvent(type=kind, data=data)])
    except APIException as refused:
        tell_refusal(request, refused)
        return redirect("play", play.pk)
    (event,) = appended.events
    messages.success(request, f"Logged as event {event.seq}.")
    if kind == "abandon":
        return redirect("play", play.pk)
    move = play.events.get(seq=data["dispute"]).data["seq"] if kind == "ruling" else data["seq"]
    return redirect(f"{reverse('play', args=[play.pk])}?seq={move}")  # the move it is about


urlpatterns = [
    path("plays/<int:pk>/", play, name="play"),
    path("plays/<int:pk>/dispute/", append_meta, {"kind": "dispute"}, name="play-dispute"),
    path("plays/<int:pk>/ruling/", append_meta, {"kind": "ruling"}, name="play-ruling"),
    path("plays/<int:pk>/correction/", append_meta, {"kind": "correction"}, name="play-correction"),
    path("plays/<int:pk>/abandon/", append_meta, {"kind": "abandon"}, name="play-abandon"),
]
