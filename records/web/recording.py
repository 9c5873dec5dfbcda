"""Logging a play: start one, log a generic play's result, log an engine play move by move.

Every write goes through the API's one way: a play is validated by the API's serializer and
created by ``services.create_play``; a move, a typed event or a result is appended by
``access.append``, under the play's lock as the API appends. What the service refuses comes back on the page with its rule and
sentence, and the form keeps what was typed. Recorders and owners log (``role_to_log``).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import timezone
from rest_framework.exceptions import APIException, ValidationError

from games import registry
from games.contract import Move
from records import narration, selectors, services
from records.errors import RuleViolation, SeqConflict, SetupRefused, flat_errors
from records.meta import role_to_log
from records.models import Club, Mode, Play, Player, Status
from records.replay import engine_of, voids_as_of
from records.serializers import PlaySerializer
from records.web.access import append, club_for, play_for, refusal, require_role, whole_param
from records.web.forms import SchemaForm, whole
from records.web.plays import seats_of
from records.web.tables import draw

#: Legal moves shown on one page of the log's list.
PAGE_SIZE = 40
#: The last moves the logging page repeats, so the table can check what was logged.
RECENT = 5
#: The games whose seats may form teams: the generic one (a team shares its place); none of
#: the engines' rulebooks here plays in teams.
TEAM_GAMES = frozenset({"generic"})
#: Suggested seat colours (any text is accepted: a game's own colours are its pieces').
COLOURS = ("red", "blue", "green", "yellow", "white", "black", "brown", "purple", "orange")
CONFLICT = "Someone logged a move meanwhile: here is the table now, with its legal moves."


# Starting a play ----------------------------------------------------------------------------


class PlayForm(forms.Form):
    mode = forms.ChoiceField(
        choices=[
            (Mode.STRICT, "Strict: an illegal move is refused"),
            (Mode.RECORD, "Record: stored as played, flagged"),
        ],
        initial=Mode.STRICT,
        widget=forms.RadioSelect,
    )
    played_on = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    location = forms.CharField(max_length=200, required=False)


class SeatForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False, empty_label="—")
    colour = forms.CharField(max_length=30, required=False, widget=forms.TextInput(attrs={"list": "colours"}))
    team = forms.CharField(max_length=30, required=False)

    def __init__(self, *args, players, teams: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players
        if not teams:
            del self.fields["team"]


def _seat_rows(engine, players) -> int:
    """One row per seat the game may have, but no more than the club has players."""
    return max(engine.min_players, min(engine.max_players, len(players)))


@login_required
def new_play(request, slug: str):
    """Start a play: a game, its seats from the club's players, its options (inputs built from
    its options' schema), strict or record, date and place."""
    club = club_for(request, slug)
    require_role(request, club, role_to_log([]))
    engines = registry.engines()
    game = request.POST.get("game") or request.GET.get("game") or "generic"
    engine = engines.get(game)
    if engine is None:
        raise Http404(f"No game {game!r}.")
    players = club.players.order_by("display_name")
    bound = request.POST if request.method == "POST" else None
    seat_forms = forms.formset_factory(SeatForm, extra=_seat_rows(engine, players))(
        bound, prefix="seat", form_kwargs={"players": players, "teams": game in TEAM_GAMES}
    )
    play_form = PlayForm(bound, initial={"played_on": timezone.localdate()})
    options = SchemaForm(engine.options_schema, bound, prefix="option")
    context = {"club": club, "engine": engine, "games": engines.values(), "colours": COLOURS}
    if bound is not None and all([play_form.is_valid(), seat_forms.is_valid(), options.is_valid()]):
        try:
            play = _create(request, club, game, play_form.cleaned_data, seat_forms, options.json())
        except SetupRefused as refused:
            context["violations"] = refused.detail["violations"]
        except ValidationError as refused:
            context["errors"] = _on_rows(refused, seat_forms)
        else:
            return redirect("play-result" if game == "generic" else "play-log", play.pk)
    status = 200 if bound is None else 422 if "violations" in context else 400
    context.update(play_form=play_form, seat_forms=seat_forms, options=options)
    return render(request, "records/play_new.html", context, status=status)


def _on_rows(refused: ValidationError, seat_forms) -> list[str]:
    """The service's refusal of a new play as the page tells it: an error of a seat
    (``seats[n].player``, n counting the rows with a player) under that row's input, the rest
    as lines."""
    rows = [form for form in seat_forms if form.cleaned_data.get("player")]
    rest = {}
    for field, sentences in flat_errors(refused.detail).items():
        seat = re.fullmatch(r"seats\[(\d+)\]\.(\w+)", field)
        if seat and int(seat[1]) < len(rows) and seat[2] in rows[int(seat[1])].fields:
            for sentence in sentences:
                rows[int(seat[1])].add_error(seat[2], sentence)
        else:
            rest[field] = sentences
    return refusal(ValidationError(rest)) if rest else []


def _create(request, club: Club, game: str, chosen: dict, seat_forms, options: dict) -> Play:
    """The play, validated by the API's own serializer (seat count, the club's players, each
    once, options against the schema) and created by the one service."""
    seats = [
        {"player": seat["player"].pk, "colour": seat["colour"], "team": seat.get("team", "")}
        for seat in (form.cleaned_data for form in seat_forms)
        if seat.get("player")
    ]
    payload = {
        "club": club.slug,
        "game": game,
        "seats": seats,
        "options": options,
        "mode": chosen["mode"],
        "played_on": chosen["played_on"].isoformat(),
        "location": chosen["location"],
    }
    serializer = PlaySerializer(data=payload, context={"request": request})
    if not serializer.is_valid():
        raise ValidationError(flat_errors(serializer.errors))
    data = serializer.validated_data
    return services.create_play(
        club=club,
        game=game,
        seats=[services.SeatSpec(s["player"], s.get("colour", ""), s.get("team", "")) for s in data["seats"]],
        options=data.get("options", {}),
        mode=data["mode"],
        played_on=data.get("played_on"),
        location=data.get("location", ""),
        user=request.user,
    )


# Logging moves ------------------------------------------------------------------------------


class MoverForm(forms.Form):
    """Which event type a typed event is, and the seat that makes it."""

    type = forms.CharField(widget=forms.HiddenInput)
    seat = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label="Made by")

    def __init__(self, *args, seats: list[dict], seated: bool, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["seat"]
        field.required = seated
        field.choices = ([] if seated else [("", "— no seat —")]) + [
            (s["position"], f"Seat {s['position'] + 1}: {s['name']}") for s in seats
        ]


def _event_forms(play: Play, kind: str, seats: list[dict], data=None) -> tuple[MoverForm, SchemaForm]:
    event_type = engine_of(play).event_types[kind]
    mover = MoverForm(data, prefix="event", initial={"type": kind}, seats=seats, seated=event_type.seated)
    return mover, SchemaForm(event_type.schema, data, example=event_type.example, prefix="data")


def _typed_kind(types: dict, view: dict, request) -> str:
    """The event type the typed-event form is for: asked for, else the first the table expects."""
    asked = request.GET.get("event")
    if asked in types:
        return asked
    return next((t for t in view["legal_event_types"] if t in types), next(iter(types)))


def _legal_page(play: Play, arbiter: bool, kind: str | None, page: int) -> dict:
    """The legal moves now (every seat's, as the API's ``legal`` lists them), counted by type,
    and one page of those of ``kind``, grouped by type and seat, each with its sentence."""
    moves = narration.legal(play, None, arbiter)
    counts = Counter(move.type for move in moves)
    chosen = [move for move in moves if kind in (None, move.type)]
    pages = max(1, math.ceil(len(chosen) / PAGE_SIZE))
    if not 1 <= page <= pages:
        raise Http404(f"There is no page {page} of legal moves: the last is {pages}.")
    names = narration.seat_names(play)
    groups: list[dict] = []
    for offered in narration.offered(play, chosen[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]):
        offered["json"] = json.dumps({k: offered[k] for k in ("type", "seat", "data")})
        if not groups or (groups[-1]["type"], groups[-1]["seat"]) != (offered["type"], offered["seat"]):
            who = None if offered["seat"] is None else names[offered["seat"]]
            kind_of = offered["type"]
            groups.append({"type": kind_of, "label": _named(kind_of), "seat": offered["seat"], "who": who, "moves": []})
        groups[-1]["moves"].append(offered)
    return {
        "total": len(moves),
        "counts": [{"type": t, "label": _named(t), "count": n} for t, n in counts.items()],
        "kind": kind,
        "groups": groups,
        "page": page,
        "pages": pages,
        "shown": len(chosen),
    }


def _named(kind: str) -> str:
    """An event type as a heading: ``choose_role`` is "Choose role"."""
    return kind.replace("_", " ").capitalize()


def _recent(play: Play, viewer: int | None) -> list[dict]:
    events = play.events.filter(seq__gt=play.last_seq - RECENT).order_by("seq")
    voids = voids_as_of(play, play.last_seq)
    return [
        {"seq": event.seq, "text": text, "voided": event.seq in voids}
        for event, text in narration.said(play, events, viewer, voids)
    ]


def _log_page(request, play: Play, *, status: int = 200, refused: dict | None = None, typed=None):
    """The logging page: the last moves, the legal moves now, the table, and the typed-event
    form (``typed``: the bound forms that were refused, to keep what was typed)."""
    engine = engine_of(play)
    viewer = selectors.viewer_of(play, request.user)
    arbiter = selectors.sees_every_secret(play, request.user)
    seats = seats_of(play)
    kind = request.GET.get("type") or None
    if kind is not None and kind not in engine.event_types:
        raise Http404(f"{engine.title} has no move {kind!r}.")
    view = selectors.view_as_of(play, play.last_seq, viewer)
    event_kind = typed[0]["type"].value() if typed else _typed_kind(engine.event_types, view, request)
    mover, data_form = typed or _event_forms(play, event_kind, seats)
    event_type = engine.event_types[event_kind]
    context = {
        "play": play,
        "title": selectors.title_of(play),
        "seats": seats,
        "recent": _recent(play, viewer),
        "legal": _legal_page(play, arbiter, kind, whole_param(request, "page", default=1)),
        "table": draw(play.game, view, seats),
        "event_types": list(engine.event_types),
        "event_kind": event_kind,
        "event_type": event_type,
        "example": json.dumps(event_type.example),
        "mover": mover,
        "data_form": data_form,
        "typing": typed is not None or play.mode == Mode.RECORD or "event" in request.GET,
        "refused": refused or {},
        "in_progress": play.status == Status.IN_PROGRESS,
    }
    return render(request, "records/play_log.html", context, status=status)


def _chosen_move(raw: str) -> Move | None:
    """A legal move as its button posted it, or None when it is not one's shape."""
    try:
        move = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(move, dict) or not isinstance(move.get("type"), str) or not isinstance(move.get("data"), dict):
        return None
    seat = move.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        return None
    return Move(move["type"], seat, move["data"])


@login_required
def log(request, pk: int):
    """Log the next move: one of the legal moves offered, or an event typed into the form of
    its type (a record play's way, and every play's fallback)."""
    play = play_for(request, pk)
    require_role(request, play.club, role_to_log([]))
    if request.method != "POST":
        return _log_page(request, play)
    expected = request.POST.get("expected_seq", "")
    typed = None
    if "move" in request.POST:
        move = _chosen_move(request.POST["move"])
        if move is None or not expected.isdigit():
            return _log_page(request, play, status=400, refused={"lines": ["That move is not one of the list's."]})
    else:
        kind = request.POST.get("event-type", "")
        if kind not in engine_of(play).event_types or not expected.isdigit():
            return _log_page(request, play, status=400, refused={"lines": ["Choose an event type of the game."]})
        typed = _event_forms(play, kind, seats_of(play), request.POST)
        mover, data_form = typed
        if not (mover.is_valid() and data_form.is_valid()):
            return _log_page(request, play, status=400, typed=typed)
        move = Move(kind, mover.cleaned_data["seat"], data_form.json())
    return _append(request, play, move, int(expected), typed)


def _append(request, play: Play, move: Move, expected: int, typed):
    """Append ``move`` through the one service; a refusal is the page again with why, and with
    what was typed."""
    before = play.state
    new = services.NewEvent(type=move.type, seat=move.seat, data=move.data, expected_seq=expected)
    try:
        appended = append(request, play, [new])
    except SeqConflict:
        return _log_page(request, play_for(request, play.pk), status=409, refused={"lines": [CONFLICT]}, typed=typed)
    except RuleViolation as refused:
        violations = refused.detail["violations"]
        return _log_page(request, play, status=422, refused={"violations": violations}, typed=typed)
    except APIException as refused:
        return _log_page(request, play, status=refused.status_code, refused={"lines": refusal(refused)}, typed=typed)
    (event,) = appended.events
    names = narration.seat_names(play)
    messages.success(request, f"{event.seq}. {narration.sentence(engine_of(play), before, event, None, names)}")
    for violation in appended.flags.get(event.seq, []):
        messages.warning(request, f"Stored and flagged: {violation.rule}: {violation.message}")
    return redirect("play-log", play.pk)


# A generic play's result --------------------------------------------------------------------


class ResultForm(forms.Form):
    """A generic play's end on one screen: each seat's final score (or place), or the table's
    shared win or loss, and the reason in the game's words."""

    reason = forms.CharField(max_length=200, required=False, help_text="In the game's own words, e.g. final scoring.")
    expected_seq = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, scoring: str, seats: list[dict], running: list | None, **kwargs):
        super().__init__(*args, **kwargs)
        self.scoring, self.seats = scoring, seats
        if scoring == "cooperative":
            self.fields["result"] = forms.ChoiceField(
                choices=[("won", "The table won"), ("lost", "The table lost")], widget=forms.RadioSelect
            )
            return
        for seat in seats:
            if scoring == "places":
                field = forms.IntegerField(min_value=1, label=seat["name"])
            else:
                field = forms.FloatField(label=seat["name"])
                if running and any(running):
                    field.initial = whole(running[seat["position"]])
            self.fields[self.per_seat(seat)] = field

    def per_seat(self, seat: dict) -> str:
        return f"{'place' if self.scoring == 'places' else 'score'}-{seat['position']}"

    def rows(self) -> list[tuple[dict, forms.BoundField]]:
        return [] if self.scoring == "cooperative" else [(seat, self[self.per_seat(seat)]) for seat in self.seats]

    def finish(self) -> dict:
        """The ``finish`` event's data (games/generic: scores, places or result, and reason)."""
        data = self.cleaned_data
        if self.scoring == "cooperative":
            finish = {"result": data["result"]}
        else:
            numbers = [data[self.per_seat(seat)] for seat in self.seats]
            key = "places" if self.scoring == "places" else "scores"
            finish = {key: [whole(n) for n in numbers]}
        return {**finish, "reason": data["reason"]} if data["reason"] else finish


@login_required
def result(request, pk: int):
    """A generic play's result, appended as one batch (its ``finish``) by the one service."""
    play = play_for(request, pk)
    require_role(request, play.club, role_to_log([]))
    if play.game != "generic":
        return redirect("play-log", play.pk)
    view = selectors.view_as_of(play, play.last_seq, None)
    seats = seats_of(play)
    bound = request.POST if request.method == "POST" else None
    form = ResultForm(
        bound, scoring=view["scoring"], seats=seats, running=view["scores"], initial={"expected_seq": play.last_seq}
    )
    context = {"play": play, "title": selectors.title_of(play), "view": view, "form": form, "seats": seats}
    context["teams"] = any(seat["team"] for seat in seats)
    if bound is None or play.status != Status.IN_PROGRESS:
        return render(request, "records/play_result.html", context)
    if not form.is_valid():
        return render(request, "records/play_result.html", context, status=400)
    finish = services.NewEvent(type="finish", data=form.finish(), expected_seq=form.cleaned_data["expected_seq"])
    try:
        appended = append(request, play, [finish])
    except RuleViolation as refused:
        context["violations"] = refused.detail["violations"]
        return render(request, "records/play_result.html", context, status=422)
    except SeqConflict:
        context["lines"] = [CONFLICT]
        return render(request, "records/play_result.html", context, status=409)
    except APIException as refused:
        context["lines"] = refusal(refused)
        return render(request, "records/play_result.html", context, status=refused.status_code)
    (event,) = appended.events
    text = narration.sentence(engine_of(play), play.state, event, None, narration.seat_names(play))
    messages.success(request, f"The result is logged: {text}")
    return redirect(reverse("play", args=[play.pk]))


urlpatterns = [
    path("clubs/<slug:slug>/plays/new/", new_play, name="play-new"),
    path("plays/<int:pk>/log/", log, name="play-log"),
    path("plays/<int:pk>/result/", result, name="play-result"),
]
