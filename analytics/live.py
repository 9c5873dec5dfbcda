"""A club's news as it commits (``GET /api/v1/clubs/{slug}/stream/``), on the hub of
records/live.py: plays started and ended (``event: play``, the play as the API shows it), and
results with their rating changes once the projector has them (``event: results``).

The club stream tells what happens from the moment it is opened, with no ids to resume from:
a client that reconnects reads the club's pages again for what it missed.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from django.contrib.auth.models import AnonymousUser, User

from analytics.models import PlayResult, RatingChange
from records import live, selectors
from records.models import Club, Play
from records.serializers import PlaySerializer


def club_stream(club: Club, user: User | AnonymousUser) -> AsyncIterator[str]:
    """The club's news for ``user``, as Server-Sent Events."""

    async def tell(news: list[tuple[str, str]]) -> AsyncIterator[str]:
        for topic, said in news:
            if (topic, said) == live.DROPPED:  # too much at once: "read the club's pages again"
                yield await live.read(told, "projected", [])
            elif topic.startswith("club:"):
                kind, _, ids = said.partition(" ")
                yield await live.read(told, kind, [int(n) for n in ids.split(",") if n])

    async def recheck() -> tuple[str, str] | None:
        if await live.read(_visible, club.pk, user.pk):
            return None
        return "refused", "You may no longer read this club."

    return live.streamed((f"club:{club.pk}", f"access:{club.pk}"), tell, recheck, live.SSE)


def told(kind: str, ids: list[int]) -> str:
    """One message: a play that started or ended, or the results projected (``ids`` empty:
    too many to name, a rebuild)."""
    if kind != "projected":
        play = Play.objects.prefetch_related("seats__player").get(pk=ids[0])
        return f"event: play\ndata: {json.dumps(PlaySerializer(play).data, default=str)}\n\n"
    results = PlayResult.objects.filter(play_id__in=ids).prefetch_related("seats__player").order_by("play_id")
    changes = RatingChange.objects.filter(play_id__in=ids).select_related("club").order_by("player_id", "club", "game")
    body = {"results": [_result(result, changes) for result in results] if ids else None}
    return f"event: results\ndata: {json.dumps(body, default=str)}\n\n"


def _result(result: PlayResult, changes) -> dict:
    return {
        "play": result.play_id,
        "game": result.game,
        "played_on": result.played_on.isoformat(),
        "reason": result.reason,
        "seats": [
            {
                "seat": s.seat,
                "player": s.player_id,
                "name": s.player.display_name,
                "place": s.place,
                "score": s.score,
                "winner": s.winner,
            }
            for s in sorted(result.seats.all(), key=lambda s: s.seat)
        ],
        "ratings": [
            {
                "player": c.player_id,
                "club": c.club.slug,
                "game": c.game,
                "mu_before": c.mu_before,
                "sigma_before": c.sigma_before,
                "mu_after": c.mu_after,
                "sigma_after": c.sigma_after,
            }
            for c in changes
            if c.play_id == result.play_id
        ],
    }


def _visible(club_id: int, user_id: int | None) -> bool:
    user = AnonymousUser() if user_id is None else User.objects.filter(pk=user_id).first() or AnonymousUser()
    return selectors.visible_clubs(user).filter(pk=club_id).exists()
