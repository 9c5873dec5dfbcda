"""The analytics API: read-only, thin views over selectors. Every response carries ``as_of``,
the position at or below which every event is projected. Private club data is 404 to
outsiders; a bad query parameter is a 400 naming it."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import renderers
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from analytics import exports, live, selectors
from analytics.models import Rating, RatingChange
from analytics.serializers import (
    CurrentRatingSerializer,
    GameStatsSerializer,
    HeadToHeadSerializer,
    PlayerStatsSerializer,
    RatingChangeSerializer,
    RatingSerializer,
)
from records import query
from records.models import Club
from records.selectors import visible_clubs
from records.views import EventStreamRenderer, NDJSONRenderer, live_response, require

MAX_GAME_KEY = 250
GAME = OpenApiParameter("game", str, description="A game key (engine slug or generic:<title>); empty: every game.")
CLUB = OpenApiParameter("club", str, description="A club's slug; without it, every club visible to you.")


class AsOfPagination(query.Pagination):
    """Adds ``as_of``, read before the page: the rows are then at least that fresh."""

    def paginate_queryset(self, queryset, request, view=None):
        self.as_of = selectors.as_of()
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data = {"as_of": self.as_of, **response.data}
        return response


def text_param(request, name: str, *, max_length: int = MAX_GAME_KEY) -> str:
    """A text query parameter ("" when absent); too long or holding a NUL is a 400 naming it."""
    value = request.query_params.get(name, "")
    if len(value) > max_length or "\x00" in value:
        raise ValidationError({name: [f"{name} must be text of at most {max_length} characters, without NUL."]})
    return value


def game_param(request) -> str:
    """``?game=``: a game key (engine slug or ``generic:<title>``); empty means every game."""
    return text_param(request, "game")


def club_param(request, clubs: QuerySet[Club]) -> Club | None:
    """``?club=``: a club's slug, 404 unless the user may see it; None when absent."""
    slug = text_param(request, "club")
    return get_object_or_404(clubs, slug=slug) if slug else None


class PlayerStatsView(APIView):
    @extend_schema(responses=PlayerStatsSerializer)
    def get(self, request, player_id: int):
        player = selectors.visible_player(request.user, player_id)
        return Response({"as_of": selectors.as_of(), **selectors.player_stats(player)})


class HeadToHeadView(APIView):
    openapi_errors = {("GET", None): {"400"}}  # a player compared with themselves

    @extend_schema(responses=HeadToHeadSerializer)
    def get(self, request, player_id: int, other_id: int):
        player = selectors.visible_player(request.user, player_id)
        other = selectors.visible_player(request.user, other_id)
        if player == other:
            raise ValidationError({"other_id": ["Compare a player with someone else."]})
        return Response({"as_of": selectors.as_of(), **selectors.head_to_head(player, other)})


class RatingHistoryFilter(query.FilterSet):
    played_after = filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = RatingChange
        fields = ["played_after", "played_before"]


class PlayerRatingsView(ListAPIView):
    """A player's current ratings (in their club and across clubs) and their history, in
    one game (``?game=``) or across all games."""

    serializer_class = RatingChangeSerializer
    filterset_class = RatingHistoryFilter
    pagination_class = AsOfPagination

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular generating the schema
            return RatingChange.objects.none()
        return selectors.rating_history(self.player(), game_param(self.request))

    def player(self):
        if not hasattr(self, "_player"):
            self._player = selectors.visible_player(self.request.user, self.kwargs["player_id"])
        return self._player

    @extend_schema(parameters=[GAME])
    def list(self, request, *args, **kwargs):
        game = game_param(request)
        response = super().list(request, *args, **kwargs)
        current = {
            scope: None if rating is None else CurrentRatingSerializer(rating).data
            for scope, rating in selectors.current_ratings(self.player(), game).items()
        }
        response.data = {
            "as_of": response.data.pop("as_of"),
            "player": selectors.player_ref(self.player()),
            "game": game,
            "current": current,
            **response.data,
        }
        return response


class LeaderboardFilter(query.FilterSet):
    min_plays = query.IntegerFilter(field_name="plays", lookup_expr="gte", min_value=0, max_value=10**9)

    class Meta:
        model = Rating
        fields = ["min_plays"]


@extend_schema_view(get=extend_schema(parameters=[CLUB, GAME]))
class LeaderboardView(ListAPIView):
    """``?club=`` (a club's own ratings; without it, every visible club's players on the global
    scale), ``?game=`` (empty: every game), ``?min_plays=``; best mu - 3 sigma first."""

    serializer_class = RatingSerializer
    filterset_class = LeaderboardFilter
    openapi_errors = {("GET", None): {"404"}}  # ?club= names no club you may see
    pagination_class = AsOfPagination

    def get_queryset(self):
        clubs = visible_clubs(self.request.user)
        return selectors.leaderboard(club_param(self.request, clubs), game_param(self.request), clubs)


class GameStatsView(APIView):
    """Statistics of a game in one club (``?club=``, with its champions) or across every
    visible club. ``game`` is an engine's slug or ``generic:<title>``."""

    @extend_schema(parameters=[CLUB], responses=GameStatsSerializer)
    def get(self, request, game: str):
        if not selectors.known_game(game):
            return Response({"detail": f"No game {game!r}; a generic play's game is generic:<title>."}, status=404)
        clubs = visible_clubs(request.user)
        club = club_param(request, clubs)
        scope = clubs if club is None else clubs.filter(pk=club.pk)
        return Response({"as_of": selectors.as_of(), **selectors.game_stats(game, scope, club)})


class CSVRenderer(renderers.BaseRenderer):
    media_type = "text/csv"
    format = "csv"


class BGStatsRenderer(renderers.BaseRenderer):
    media_type = "application/json"
    format = "bgstats"


class ArchiveRenderer(NDJSONRenderer):
    format = "archive"


class ClubExportView(APIView):
    """A club's data, streamed as a download (analytics/exports.py): results as csv or BG Stats
    JSON (members), or the whole club as an archive (owners)."""

    renderer_classes = [CSVRenderer, BGStatsRenderer, ArchiveRenderer]
    openapi_errors = {("GET", None): {"403"}}

    @extend_schema(
        operation_id="v1_clubs_export_retrieve",
        responses={
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR,
                description="?format=csv: one row per seat of each finished play: date, game, player, team, "
                "place, score, winner, rating_after.",
            ),
            (200, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="?format=bgstats: BG Stats' export (games, players, locations, plays)."
            ),
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR,
                description="?format=archive: everything of the club, one JSON object a line, every event with "
                "its seq and hash (owners only: it holds every secret); manage.py restore_archive puts it back.",
            ),
        },
    )
    def get(self, request, slug: str):
        """The anonymous are told to sign in before any club is looked up, as for a write: a 401
        says nothing of which clubs exist."""
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        named = request.query_params.getlist("format")
        if named and (len(named) > 1 or named[0] not in exports.FORMATS):
            raise ValidationError({"format": [f"Name one format: {', '.join(exports.FORMATS)}."]})
        club = get_object_or_404(visible_clubs(request.user), slug=slug)
        chosen = exports.FORMATS[request.accepted_renderer.format]
        require(club, request, chosen.role)
        response = StreamingHttpResponse(chosen.lines(club), content_type=chosen.content_type)
        response["Content-Disposition"] = f'attachment; filename="{club.slug}.{chosen.ending}"'
        return response


class ClubStreamView(APIView):
    """The club's news as it commits: plays started and ended, results and rating changes."""

    renderer_classes = [EventStreamRenderer]

    @extend_schema(
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                OpenApiTypes.STR,
                description="Server-Sent Events from the moment it opens (no ids: a client that reconnects reads "
                "the club's pages again). ``event: play``: a play started or ended, as ``plays/{id}/`` shows it. "
                "``event: results``: ``{results: [{play, game, played_on, reason, seats, ratings}]}`` once "
                "projected (``results`` null after a rebuild: too many to name). A comment every 15 seconds "
                "keeps it open; ``event: refused`` ends it when the reader may no longer read the club.",
            )
        }
    )
    def get(self, request, slug: str):
        club = get_object_or_404(visible_clubs(request.user), slug=slug)
        return live_response(request, live.club_stream(club, request.user), EventStreamRenderer.media_type)
