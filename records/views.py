"""The records API: thin views over services (writes) and selectors (reads)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, PolymorphicProxySerializer, extend_schema
from rest_framework import mixins, parsers, renderers, serializers, status, viewsets
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import action
from rest_framework.exceptions import (
    APIException,
    AuthenticationFailed,
    MethodNotAllowed,
    NotAuthenticated,
    NotFound,
    PermissionDenied,
    ValidationError,
)
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response

from games import registry
from games.secrets import NOBODY
from records import chain, live, memberships, narration, query, selectors, services, tasks
from records.imports.service import start_import
from records.meta import META_EVENT_TYPES, role_to_log
from records.models import Club, Import, Membership, Play, Player, Role
from records.replay import engine_of, voids_as_of
from records.serializers import (
    AppendedEventSerializer,
    AppendedSerializer,
    ClubSerializer,
    EventSerializer,
    GameSerializer,
    ImportSerializer,
    ImportUploadSerializer,
    LegalMoveSerializer,
    MembershipSerializer,
    NewEventSerializer,
    PlayerSerializer,
    PlaySerializer,
    StateSerializer,
    VerifySerializer,
    ViolationSerializer,
)
from records.throttle import WriteThrottle

MAX_BATCH = 10_000
#: The largest seq a query may name (the column is a 32-bit integer).
MAX_SEQ = 2**31 - 1
#: The most seats a query may name; a seat the play does not have is a 404.
MAX_SEATS = 1000
#: A batch's events take the keys "{key}:{index}", which must fit the column's 200 characters.
MAX_KEY = 190


SEAT = OpenApiParameter(
    "seat",
    {"type": "integer", "minimum": 0, "maximum": MAX_SEATS},
    description="See the play with this seat's eyes (0-based). Yours by default if you sit at the table; "
    "another seat's needs the recorder role.",
)
LEGAL_SEAT = OpenApiParameter(
    "seat",
    {"type": "integer", "minimum": 0, "maximum": MAX_SEATS},
    description="Only this seat's moves (0-based). Required unless you are a recorder: a player names their own.",
)
SEQ = {"type": "integer", "minimum": 0, "maximum": MAX_SEQ}
AFTER = OpenApiParameter("after", SEQ, description="Only the events after this seq.")
FOLLOW = OpenApiParameter(
    "follow",
    {"type": "integer", "enum": [0, 1]},
    description="With format=ndjson: 1 keeps the answer open and goes on with each event as it commits "
    "(an empty line while nothing happens). Served by the ASGI server.",
)
LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID",
    SEQ,
    OpenApiParameter.HEADER,
    description="The last seq received (an EventSource sends it when it reconnects): the stream goes on after it, "
    "so nothing is missed and nothing comes twice. It takes the place of ?after=.",
)
AT = OpenApiParameter("at", SEQ, description="The table as of this seq (default: the last); 404 past the last.")
AUDITED_SEQ = OpenApiParameter(
    "seq", {**SEQ, "minimum": 1}, required=True, description="The seq of the event to audit; 404 past the last."
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": MAX_KEY},
    OpenApiParameter.HEADER,
    description="Makes a retry safe: an append under a key already used returns what is stored (a batch's "
    "events take the keys key:0, key:1, ...).",
)


class NDJSONRenderer(renderers.BaseRenderer):
    media_type = "application/x-ndjson"
    format = "ndjson"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data).encode()


class EventStreamRenderer(NDJSONRenderer):
    """Server-Sent Events (records/live.py); an error still answers as JSON."""

    media_type = "text/event-stream"
    format = "sse"


class TextRenderer(NDJSONRenderer):
    """The log as lines of text; an error still answers as JSON."""

    media_type = "text/plain"
    format = "text"


def require(club: Club, request, role: Role, *, held: Role | None | object = ...) -> None:
    """401 for the anonymous, 403 for a user whose role in ``club`` is below ``role``; ``held``
    is the user's role where it has been read already (services.lock_play)."""
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    if not selectors.has_role(club, request.user, role, role=held):
        raise PermissionDenied(f"This needs the {role.value} role in the club {club.slug}.")


def _play_id(pk: str) -> int:
    """A play's id as its URL gives it; Play.DoesNotExist (a 404) for a word."""
    try:
        return int(pk)
    except ValueError as error:
        raise Play.DoesNotExist from error


def int_param(
    request, name: str, *, low: int, high: int, default: int | None = None, last: int | None = None
) -> int | None:
    """A whole-number query parameter: outside the documented ``low..high``, a 400 naming it;
    past ``last`` (the last one the play has), a 404."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: [f"{name} must be a whole number, not {raw!r}."]}) from None
    if not low <= value <= high:
        raise ValidationError({name: [f"{name} must be between {low} and {high}."]})
    if last is not None and value > last:
        raise NotFound(f"The play has no {name} {value}: its last is {last}.")
    return value


class SignIn(ObtainAuthToken):
    """A token for a username and password. Sign-in throttling (django-axes) marks a locked-out
    client on the request it authenticates, so it is handed Django's request, which the
    throttling middleware then reads."""

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "request": self.request._request}

    def post(self, request, *args, **kwargs):
        """Wrong credentials are a 401, as anywhere else; a form without them stays a 400."""
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError as refused:
            if refused.get_codes() == {"non_field_errors": ["authorization"]}:
                raise AuthenticationFailed(refused.detail["non_field_errors"][0]) from None
            raise


class ClubViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Clubs: public ones for everyone, private ones for their members only."""

    serializer_class = ClubSerializer
    lookup_field = "slug"
    throttle_classes = [WriteThrottle]

    def get_queryset(self):
        return selectors.visible_clubs(self.request.user)

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.create_club(
            name=data["name"],
            slug=data["slug"],
            is_public=data.get("is_public", True),
            keeps_secrets=data.get("keeps_secrets", False),
            owner=self.request.user,
        )

    def get_object(self):
        """A club to change is the owners': a refused role is told before any field is read."""
        club = super().get_object()
        if self.request.method not in SAFE_METHODS:
            require(club, self.request, Role.OWNER)
        return club


class ClubScopedMixin:
    """Views nested under ``clubs/{slug}/``: a private club's parts are 404 to outsiders."""

    throttle_classes = [WriteThrottle]
    write_role = Role.RECORDER

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting the view
            return self.queryset.none()
        return self.queryset.filter(club=self.club())

    def club(self) -> Club:
        if not hasattr(self, "_club"):
            self._club = get_object_or_404(selectors.visible_clubs(self.request.user), slug=self.kwargs["club_slug"])
        return self._club

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "club": self.club()}

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not hasattr(self, request.method.lower()):
            raise MethodNotAllowed(request.method)  # before the club: 405 says what the route takes
        club = self.club()
        if request.method not in SAFE_METHODS:
            require(club, request, self.write_role)


class MemberViewSet(ClubScopedMixin, viewsets.ModelViewSet):
    queryset = Membership.objects.select_related("user")
    serializer_class = MembershipSerializer
    write_role = Role.OWNER

    def perform_create(self, serializer):
        serializer.instance = memberships.add_member(club=self.club(), **serializer.validated_data)

    def perform_update(self, serializer):
        role = serializer.validated_data.get("role", serializer.instance.role)
        serializer.instance = memberships.set_role(serializer.instance, role)

    def perform_destroy(self, instance):
        memberships.remove_member(instance)


class PlayerFilter(query.FilterSet):
    class Meta:
        model = Player
        fields = {"display_name": ["exact", "icontains"]}


class PlayerViewSet(ClubScopedMixin, mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    queryset = Player.objects.select_related("user")
    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter

    def perform_create(self, serializer):
        serializer.save(club=self.club())


class GameViewSet(viewsets.ViewSet):
    """The catalogue: every engine with its options and event vocabulary (schemas, examples)."""

    lookup_field = "slug"
    lookup_value_regex = "[a-z0-9_]+"

    @staticmethod
    def describe(engine) -> dict:
        meta = {name: event_type.as_dict() for name, event_type in META_EVENT_TYPES.items()}
        return {**engine.describe(), "meta_event_types": meta}

    @extend_schema(responses=GameSerializer(many=True))
    def list(self, request):
        return Response([self.describe(engine) for engine in registry.engines().values()])

    @extend_schema(responses=GameSerializer)
    def retrieve(self, request, slug=None):
        engine = registry.get(slug)
        if engine is None:
            return Response({"detail": f"No game {slug!r}."}, status=status.HTTP_404_NOT_FOUND)
        return Response(self.describe(engine))


class PlayFilter(query.FilterSet):
    club = filters.CharFilter(field_name="club__slug")
    player = query.IntegerFilter(field_name="seats__player", distinct=True)
    played_after = filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = Play
        fields = ["club", "game", "status", "mode", "player", "played_after", "played_before"]


class EventPagination(query.Pagination):
    default_limit = 500
    max_limit = 5000


class LegalPagination(query.Pagination):
    """``?page_size=`` (1 to 1,000, default 100) and ``?offset=``."""

    limit_query_param = "page_size"
    default_limit = 100


class AuditSerializer(serializers.Serializer):
    event = EventSerializer()
    before = serializers.JSONField()
    after = serializers.JSONField()
    violations = ViolationSerializer(many=True)
    voided_by = serializers.IntegerField(allow_null=True)
    voids = serializers.ListField(child=serializers.IntegerField())
    disputes = EventSerializer(many=True)
    rulings = EventSerializer(many=True)
    chain_ok_to_here = serializers.BooleanField()


class PlayViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Plays, their event logs, and the state of the table at any seq."""

    serializer_class = PlaySerializer
    filterset_class = PlayFilter
    throttle_classes = [WriteThrottle]
    openapi_errors = {
        # 422: seats and options the rulebook does not start (records.errors.SetupRefused);
        # 500: the engine failed on them or on a move (records.errors.EngineFailed)
        ("POST", "create"): {"422", "500"},
        ("POST", "append"): {"409", "422", "500"},
        ("GET", "events"): {"403"},
        ("GET", "state"): {"403"},
        ("GET", "audit"): {"403"},
        ("GET", "legal"): {"401", "403"},
        ("GET", "stream"): {"403"},
    }

    def get_queryset(self):
        plays = Play.objects.filter(club__in=selectors.visible_clubs(self.request.user)).select_related("club")
        if self.action in ("list", "retrieve"):
            return plays.prefetch_related("seats__player")
        return plays

    def filter_queryset(self, queryset):
        """The filters are the list's: a detail route (an append, a state) has no use for them,
        and building the filter form cost an append more than one of its queries."""
        return super().filter_queryset(queryset) if self.action == "list" else queryset

    def get_object(self):
        return services.fresh(super().get_object())

    def get_renderers(self):
        """An append answers in JSON; only reading the log has other formats."""
        return [renderers.JSONRenderer()] if self.action == "append" else super().get_renderers()

    def perform_create(self, serializer):
        data = serializer.validated_data
        require(data["club"], self.request, Role.RECORDER)
        serializer.instance = services.create_play(
            club=data["club"],
            game=data["game"],
            seats=[services.SeatSpec(s["player"], s.get("colour", ""), s.get("team", "")) for s in data["seats"]],
            options=data.get("options", {}),
            mode=data["mode"],
            edition=data.get("edition", ""),
            played_on=data.get("played_on"),
            location=data.get("location", ""),
            user=self.request.user,
        )

    @extend_schema(
        parameters=[AFTER, SEAT, FOLLOW],
        responses={
            (200, "application/json"): EventSerializer(many=True),
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR, description="Every event from ``after`` on, one JSON object a line."
            ),
            (200, "text/plain"): OpenApiResponse(
                OpenApiTypes.STR, description="Every event from ``after`` on as a numbered sentence, one a line."
            ),
        },
    )
    @action(
        detail=True,
        renderer_classes=[renderers.JSONRenderer, renderers.BrowsableAPIRenderer, NDJSONRenderer, TextRenderer],
        pagination_class=EventPagination,
        filter_backends=[],
    )
    def events(self, request, pk=None):
        """The log, oldest first, each event with its sentence: as a page, or whole as NDJSON
        (``?format=ndjson``) or as numbered lines of text (``?format=text``)."""
        play = self.get_object()
        after = int_param(request, "after", low=0, high=MAX_SEQ, default=0)
        events = play.events.filter(seq__gt=after).select_related("recorded_by").order_by("seq")
        context = self._eyes(request, play)
        viewer = context["viewer"]
        if request.accepted_renderer.format == "text":
            lines = narration.numbered(play, events.iterator(chunk_size=1000), viewer)
            return StreamingHttpResponse(lines, content_type=TextRenderer.media_type)
        if int_param(request, "follow", low=0, high=1, default=0):
            if request.accepted_renderer.format != "ndjson":
                raise ValidationError({"follow": ["follow=1 goes with format=ndjson (or see stream/)."]})
            return self._follow(request, play, after, live.NDJSON)
        voids = voids_as_of(play, play.last_seq)
        if request.accepted_renderer.format == "ndjson":
            return self._stream(play, events, context, voids)
        page = self.paginate_queryset(events)
        context["texts"] = {event.seq: text for event, text in narration.said(play, page, viewer, voids)}
        return self.get_paginated_response(EventSerializer(page, many=True, context=context).data)

    def _stream(self, play, events, context: dict, voids: dict[int, int]):
        def lines():
            for event, text in narration.said(play, events.iterator(chunk_size=1000), context["viewer"], voids):
                yield json.dumps(EventSerializer(event, context={**context, "texts": {event.seq: text}}).data) + "\n"

        return StreamingHttpResponse(lines(), content_type=NDJSONRenderer.media_type)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY],
        request=PolymorphicProxySerializer(
            component_name="NewEvents",
            serializers=[NewEventSerializer, NewEventSerializer(many=True)],
            resource_type_field_name=None,
            many=False,
        ),
        responses={201: AppendedSerializer, 200: AppendedSerializer},
    )
    @events.mapping.post
    def append(self, request, pk=None):
        """Append one event, or a batch (a list) all or none. 201 when stored; 200 when every
        event was stored before under the Idempotency-Key (a retry). Recorders log; a member
        may log disputes (records.meta.role_to_log)."""
        try:
            with services.lock_play(_play_id(pk), request.user) as locked:
                new, key = self._sent(request, locked)
                appended = services.append_locked(locked, new, idempotency_key=key)
        except Play.DoesNotExist:
            raise NotFound("No Play matches the given query.") from None
        play = appended.play
        # Seen by the recorder who logged them: as the arbiter.
        context = {"engine": engine_of(play), "viewer": None, "flags": appended.flags}
        body = {
            "events": AppendedEventSerializer(appended.events, many=True, context=context).data,
            "voided": [{"seq": seq, "voided_by": by} for seq, by in appended.voided.items()],
            "status": play.status,
            "view": selectors.view_as_of(play, play.last_seq, None),
        }
        return Response(body, status=status.HTTP_200_OK if appended.replayed else status.HTTP_201_CREATED)

    def _sent(self, request, locked: services.Locked) -> tuple[list[services.NewEvent], str | None]:
        """The events sent to the locked play, and their Idempotency-Key, checked in the API's
        order: the play readable by the user (else a 404), the user's role enough for the events
        (401, 403), then the body well formed (400)."""
        club = locked.play.club
        if not selectors.readable(club, locked.role):
            raise Play.DoesNotExist
        batch = isinstance(request.data, list)
        items = request.data if batch else [request.data]
        needed = role_to_log(item.get("type") if isinstance(item, dict) else None for item in items)
        require(club, request, needed, held=locked.role)
        if batch and not 1 <= len(request.data) <= MAX_BATCH:
            raise ValidationError({"events": [f"Send 1 to {MAX_BATCH} events at once."]})
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= MAX_KEY:
            raise ValidationError({"Idempotency-Key": [f"An Idempotency-Key has 1 to {MAX_KEY} characters."]})
        incoming = NewEventSerializer(data=request.data, many=batch)
        if not incoming.is_valid():
            raise ValidationError({"events": incoming.errors} if batch else incoming.errors)
        items = incoming.validated_data if batch else [incoming.validated_data]
        return [services.NewEvent(**item) for item in items], key

    @extend_schema(
        parameters=[AFTER, SEAT, LAST_EVENT_ID],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                OpenApiTypes.STR,
                description="Server-Sent Events: each event after ``after`` (or Last-Event-ID), then each as it "
                "commits. A message's id is its seq; its data is ``{event, view}``: the event with its sentence "
                "and the table after it, both as the reader (or ``?seat=``) may see them. A comment every 15 "
                "seconds keeps it open. It ends with an ``event: refused`` when the reader may no longer read "
                "the play, and with ``event: reconnect`` when what they may see changed.",
            )
        },
    )
    @action(detail=True, renderer_classes=[EventStreamRenderer], filter_backends=[])
    def stream(self, request, pk=None):
        """The play as it is logged: its events from a position on, then each as it commits."""
        play = self.get_object()
        last = request.headers.get("Last-Event-ID")
        after = int_param(request, "after", low=0, high=MAX_SEQ, default=0)
        if last is not None:
            if not last.isdigit() or int(last) > MAX_SEQ:
                raise ValidationError({"Last-Event-ID": [f"Last-Event-ID is a seq, 0 to {MAX_SEQ}, not {last!r}."]})
            after = int(last)
        return self._follow(request, play, after, live.SSE)

    def _follow(self, request, play, after: int, form: str) -> StreamingHttpResponse:
        """The play's events after ``after``, then as they commit (records/live.py)."""
        viewer = self._viewer(request, play)
        seat = int_param(request, "seat", low=0, high=MAX_SEATS)
        reader = live.Reader(play.pk, play.club_id, request.user.pk, seat, viewer)
        media_type = EventStreamRenderer.media_type if form == live.SSE else NDJSONRenderer.media_type
        return live_response(request, live.play_stream(reader, after, form), media_type)

    def _viewer(self, request, play) -> int | None:
        """Whose eyes the reader sees the play with (?seat=K asks for seat K's)."""
        seat = int_param(request, "seat", low=0, high=MAX_SEATS, last=play.seats.count() - 1)
        try:
            return selectors.viewer_of(play, request.user, seat)
        except selectors.SeatNotYours as refused:
            raise PermissionDenied(str(refused)) from None

    def _eyes(self, request, play) -> dict:
        """The serializer context that hides from the reader what is not theirs to see."""
        return {"engine": engine_of(play), "viewer": self._viewer(request, play)}

    @extend_schema(parameters=[AT, SEAT], responses=StateSerializer)
    @action(detail=True, filter_backends=[])
    def state(self, request, pk=None):
        """The table as of ``?at=`` (default: now), seen with the reader's eyes or ``?seat=``'s."""
        play = self.get_object()
        at = int_param(request, "at", low=0, high=MAX_SEQ, default=play.last_seq, last=play.last_seq)
        viewer = self._viewer(request, play)
        return Response(
            {
                "play": play.pk,
                "seq": at,
                "seat": None if viewer in (None, NOBODY) else viewer,
                "arbiter": viewer is None,
                "view": selectors.view_as_of(play, at, viewer),
            }
        )

    @extend_schema(parameters=[AUDITED_SEQ, SEAT], responses=AuditSerializer)
    @action(detail=True, filter_backends=[])
    def audit(self, request, pk=None):
        """One event with the table before and after it, the rules it breaks, and its disputes,
        rulings and voids."""
        play = self.get_object()
        seq = int_param(request, "seq", low=1, high=MAX_SEQ, last=play.last_seq)
        if seq is None:
            raise ValidationError({"seq": ["Name the event to audit: ?seq=N."]})
        context = self._eyes(request, play)
        audited = selectors.audit(play, seq, context["viewer"])
        return Response(AuditSerializer(audited, context={**context, "texts": audited["texts"]}).data)

    @extend_schema(parameters=[LEGAL_SEAT], responses=LegalMoveSerializer(many=True))
    @action(detail=True, filter_backends=[], pagination_class=LegalPagination)
    def legal(self, request, pk=None):
        """The moves the rules allow now, each as it can be POSTed to ``events/``, with its
        sentence. Recorders and owners get every seat's (or ``?seat=``'s); a player names their
        own seat and reads no secret. A finished play has none."""
        if not request.user.is_authenticated:  # the list is for the people at the table
            raise NotAuthenticated()
        play = self.get_object()
        seat = int_param(request, "seat", low=0, high=MAX_SEATS, last=play.seats.count() - 1)
        arbiter = selectors.sees_every_secret(play, request.user)
        if not arbiter:
            if seat is None:
                raise PermissionDenied("Every seat's moves are for the club's recorders: name your own, ?seat=K.")
            self._viewer(request, play)  # a seat that is not the reader's is a 403
        page = self.paginate_queryset(narration.legal(play, seat, arbiter))
        return self.get_paginated_response(narration.offered(play, page))

    @extend_schema(responses=VerifySerializer)
    @action(detail=True, filter_backends=[])
    def verify(self, request, pk=None):
        """Whether the stored chain of hashes holds, and where it breaks first."""
        play = self.get_object()
        broken = chain.first_broken_seq(play.events.order_by("seq"))
        return Response({"play": play.pk, "events": play.last_seq, "ok": broken is None, "first_broken_seq": broken})


def live_response(request, stream: AsyncIterator[str], media_type: str) -> StreamingHttpResponse:
    """A live stream's answer (records/live.py), once the request is allowed: it holds no
    database connection while it waits, and it needs the ASGI server."""
    if not isinstance(request._request, ASGIRequest):
        raise LiveUnserved()
    connection.close()  # the request's own: the stream holds none while it waits
    response = StreamingHttpResponse(stream, content_type=media_type)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy (nginx) passes each message on at once
    return response


class LiveUnserved(APIException):
    """A live stream asked of a server without an event loop (WSGI): it would hold a worker."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "live_unserved"
    default_detail = "Live streams are served by Tablelog's ASGI server (config.asgi); this server runs WSGI."


class FileTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "file_too_large"

    def __init__(self, limit: int):
        super().__init__(f"The file is larger than {limit:,} bytes (IMPORT_MAX_BYTES).")


class ImportViewSet(ClubScopedMixin, mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Plays from BoardGameGeek (plays XML) or BG Stats (JSON export), imported into the club
    by a worker: the import reports its progress, counts, and what it did or, for a dry run,
    would do (README: "Bringing a club's history in")."""

    queryset = Import.objects.select_related("created_by")
    serializer_class = ImportSerializer
    #: A file is uploaded as a multipart form; Django streams a large one to a temporary file.
    parser_classes = [parsers.MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": ImportUploadSerializer},
        responses={202: ImportSerializer},
        parameters=[
            OpenApiParameter(
                "Location",
                OpenApiTypes.URI,
                OpenApiParameter.HEADER,
                response=[202],
                required=True,
                description="The import's URL, to follow its progress.",
            )
        ],
    )
    def create(self, request, *args, **kwargs):
        """Upload a file of plays (owners and recorders); 202: a worker imports it."""
        limit = settings.IMPORT_MAX_BYTES
        declared = request.META.get("CONTENT_LENGTH") or ""
        if declared.isdigit() and int(declared) > limit:
            raise FileTooLarge(limit)
        upload = ImportUploadSerializer(data=request.data)
        upload.is_valid(raise_exception=True)
        data = upload.validated_data
        if data["file"].size > limit:
            raise FileTooLarge(limit)
        imported = start_import(
            club=self.club(),
            user=request.user,
            file=data["file"],
            name=data["file"].name or "plays",
            dry_run=data["dry_run"] == "true",
            source=data.get("source", ""),
        )
        tasks.import_plays.delay_on_commit(imported.pk)
        location = request.build_absolute_uri(f"{imported.pk}/")
        return Response(
            ImportSerializer(imported).data, status=status.HTTP_202_ACCEPTED, headers={"Location": location}
        )
