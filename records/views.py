"""The records API: thin views over services (writes) and selectors (reads)."""

from __future__ import annotations

import json

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, renderers, serializers, status, viewsets
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.throttling import UserRateThrottle

from games import registry
from games.secrets import NOBODY
from records import chain, memberships, selectors, services
from records.meta import META_EVENT_TYPES
from records.models import Club, Membership, Play, Player, Role
from records.replay import engine_of
from records.serializers import (
    ClubSerializer,
    EventSerializer,
    MembershipSerializer,
    NewEventSerializer,
    PlayerSerializer,
    PlaySerializer,
)

MAX_BATCH = 10_000
#: A batch's events take the keys "{key}:{index}", which must fit the column's 200 characters.
MAX_KEY = 190


class WriteThrottle(UserRateThrottle):
    """Throttles writes only; reads are free."""

    scope = "writes"

    def allow_request(self, request, view) -> bool:
        return request.method in SAFE_METHODS or super().allow_request(request, view)


class NDJSONRenderer(renderers.BaseRenderer):
    media_type = "application/x-ndjson"
    format = "ndjson"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data).encode()


def require(club: Club, request, role: Role) -> None:
    """401 for the anonymous, 403 for a user whose role in ``club`` is below ``role``."""
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    if not selectors.has_role(club, request.user, role):
        raise PermissionDenied(f"This needs the {role.value} role in the club {club.slug}.")


def int_param(request, name: str, *, low: int, high: int, default: int | None = None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: [f"{name} must be a whole number, not {raw!r}."]}) from None
    if not low <= value <= high:
        raise ValidationError({name: [f"{name} must be between {low} and {high}."]})
    return value


class SignIn(ObtainAuthToken):
    """A token for a username and password. Sign-in throttling (django-axes) marks a locked-out
    client on the request it authenticates, so it is handed Django's request, which the
    throttling middleware then reads."""

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "request": self.request._request}


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
            name=data["name"], slug=data["slug"], is_public=data.get("is_public", True), owner=self.request.user
        )

    def perform_update(self, serializer):
        require(serializer.instance, self.request, Role.OWNER)
        serializer.save()


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


class PlayerViewSet(ClubScopedMixin, mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    queryset = Player.objects.select_related("user")
    serializer_class = PlayerSerializer
    filterset_fields = {"display_name": ["exact", "icontains"]}

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

    @extend_schema(responses=OpenApiTypes.OBJECT, operation_id="games_list")
    def list(self, request):
        return Response([self.describe(engine) for engine in registry.engines().values()])

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def retrieve(self, request, slug=None):
        engine = registry.get(slug)
        if engine is None:
            return Response({"detail": f"No game {slug!r}."}, status=status.HTTP_404_NOT_FOUND)
        return Response(self.describe(engine))


class PlayFilter(filters.FilterSet):
    club = filters.CharFilter(field_name="club__slug")
    player = filters.NumberFilter(field_name="seats__player", distinct=True)
    played_after = filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = Play
        fields = ["club", "game", "status", "mode", "player", "played_after", "played_before"]


class EventPagination(LimitOffsetPagination):
    default_limit = 500
    max_limit = 5000


class AuditSerializer(serializers.Serializer):
    event = EventSerializer()
    before = serializers.JSONField()
    after = serializers.JSONField()
    violations = serializers.ListField(child=serializers.DictField())
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

    def perform_create(self, serializer):
        data = serializer.validated_data
        if not selectors.visible_clubs(self.request.user).filter(pk=data["club"].pk).exists():
            raise ValidationError({"club": [f"Object with slug={data['club'].slug} does not exist."]})
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

    @extend_schema(request=NewEventSerializer, responses=EventSerializer(many=True))
    @action(
        detail=True,
        methods=["get", "post"],
        renderer_classes=[renderers.JSONRenderer, renderers.BrowsableAPIRenderer, NDJSONRenderer],
        pagination_class=EventPagination,
    )
    def events(self, request, pk=None):
        play = self.get_object()
        if request.method == "POST":
            return self._append(request, play)
        after = int_param(request, "after", low=0, high=2**31 - 1, default=0)
        events = play.events.filter(seq__gt=after).select_related("recorded_by").order_by("seq")
        context = self._eyes(request, play)
        if request.accepted_renderer.format == "ndjson":
            return self._stream(events, context)
        page = self.paginate_queryset(events)
        return self.get_paginated_response(EventSerializer(page, many=True, context=context).data)

    def _stream(self, events, context: dict):
        def lines():
            for event in events.iterator(chunk_size=1000):
                yield json.dumps(EventSerializer(event, context=context).data) + "\n"

        return StreamingHttpResponse(lines(), content_type=NDJSONRenderer.media_type)

    def _append(self, request, play):
        require(play.club, request, Role.RECORDER)
        batch = isinstance(request.data, list)
        if batch and not 1 <= len(request.data) <= MAX_BATCH:
            raise ValidationError({"events": [f"Send 1 to {MAX_BATCH} events at once."]})
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= MAX_KEY:
            raise ValidationError({"Idempotency-Key": [f"An Idempotency-Key has 1 to {MAX_KEY} characters."]})
        incoming = NewEventSerializer(data=request.data, many=batch)
        incoming.is_valid(raise_exception=True)
        items = incoming.validated_data if batch else [incoming.validated_data]
        appended = services.append_events(
            play_id=play.pk,
            events=[services.NewEvent(**item) for item in items],
            user=request.user,
            idempotency_key=key,
        )
        play = appended.play
        arbiter = {"engine": engine_of(play), "viewer": None}  # the recorder who logged them
        body = {
            "events": [
                {
                    **EventSerializer(e, context=arbiter).data,
                    "violations": [v.as_dict() for v in appended.flags.get(e.seq, [])],
                }
                for e in appended.events
            ],
            "voided": [{"seq": seq, "voided_by": by} for seq, by in appended.voided.items()],
            "status": play.status,
            "view": selectors.view_as_of(play, play.last_seq, None),
        }
        return Response(body, status=status.HTTP_200_OK if appended.replayed else status.HTTP_201_CREATED)

    def _viewer(self, request, play) -> int | None:
        """Whose eyes the reader sees the play with (?seat=K asks for seat K's)."""
        seat = int_param(request, "seat", low=0, high=play.seats.count() - 1)
        try:
            return selectors.viewer_of(play, request.user, seat)
        except selectors.SeatNotYours as refused:
            raise PermissionDenied(str(refused)) from None

    def _eyes(self, request, play) -> dict:
        """The serializer context that hides from the reader what is not theirs to see."""
        return {"engine": engine_of(play), "viewer": self._viewer(request, play)}

    @action(detail=True, methods=["get"])
    def state(self, request, pk=None):
        play = self.get_object()
        at = int_param(request, "at", low=0, high=play.last_seq, default=play.last_seq)
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

    @action(detail=True, methods=["get"])
    def audit(self, request, pk=None):
        play = self.get_object()
        if play.last_seq == 0:
            raise ValidationError({"seq": ["The play has no events yet."]})
        seq = int_param(request, "seq", low=1, high=play.last_seq)
        if seq is None:
            raise ValidationError({"seq": ["Name the event to audit: ?seq=N."]})
        context = self._eyes(request, play)
        return Response(AuditSerializer(selectors.audit(play, seq, context["viewer"]), context=context).data)

    @action(detail=True, methods=["get"])
    def verify(self, request, pk=None):
        play = self.get_object()
        broken = chain.first_broken_seq(play.events.order_by("seq"))
        return Response({"play": play.pk, "events": play.last_seq, "ok": broken is None, "first_broken_seq": broken})
