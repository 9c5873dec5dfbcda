"""Pages of numbers, read with :mod:`analytics.selectors` and :mod:`records.selectors`, under
the API's rules of who sees what: a private club, its players and its numbers are 404 to
outsiders (:func:`records.web.access.club_for`, :func:`analytics.selectors.visible_player`)."""

from __future__ import annotations

import math

from django.core.exceptions import BadRequest
from django.db.models import Exists, OuterRef, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from analytics import selectors
from analytics.web import charts
from analytics.web.numbers import game_names, play_rows, rating, whole_percent, with_percent
from games import registry
from records import selectors as records
from records.models import Membership, Player, Role
from records.web.access import club_for, whole_param

#: How many recent plays and leaders a club shows on the home page, and on its own page.
HOME_PLAYS, HOME_LEADERS = 5, 5
CLUB_PLAYS = 20


def home(request):
    """The clubs the reader may see, their own first, each with its latest plays and leaders."""
    clubs = records.visible_clubs(request.user)
    mine = Membership.objects.filter(club=OuterRef("pk"), user=request.user.pk or None)
    ordered = clubs.annotate(mine=Exists(mine)).order_by("-mine", "name")
    fronts = [
        {
            "club": club,
            "plays": play_rows(club.plays.all()[:HOME_PLAYS]),
            "leaders": selectors.leaderboard(club, "", clubs)[:HOME_LEADERS],
        }
        for club in ordered
    ]
    return render(request, "analytics/home.html", {"fronts": fronts})


def _picked(request, choices: list[str]) -> str:
    """``?game=``: "" (every game) or one of ``choices``; any other is no such page."""
    game = request.GET.get("game", "")
    if game and game not in choices:
        raise Http404(f"No numbers of {game!r} here.")
    return game


def _tabs(keys: list[str], names: dict[str, str], current: str) -> list[dict]:
    return [{"game": "", "name": "All games", "current": current == ""}] + [
        {"game": key, "name": names[key], "current": key == current} for key in keys
    ]


def club(request, slug: str):
    """A club's front page: recent plays (older ones a page at a time, ``?page=``),
    leaderboards (overall and per game), members, players, and the links its owners and
    recorders need."""
    club = club_for(request, slug)
    clubs = records.visible_clubs(request.user)
    rated = selectors.rated_games(club)
    names = game_names(rated, clubs)
    game = _picked(request, rated)
    page, pages = whole_param(request, "page", default=1), max(1, math.ceil(club.plays.count() / CLUB_PLAYS))
    if not 1 <= page <= pages:
        raise Http404(f"There is no page {page} of plays: the last is {pages}.")
    context = {
        "club": club,
        "plays": play_rows(club.plays.all()[(page - 1) * CLUB_PLAYS : page * CLUB_PLAYS]),
        "page": page,
        "pages": pages,
        "game": game,
        "game_name": names.get(game, "All games"),
        "tabs": _tabs(sorted(rated, key=names.get), names, game),
        "leaders": selectors.leaderboard(club, game, clubs),
        "members": club.memberships.select_related("user").order_by("user__username"),
        "players": club.players.all(),
        "is_owner": records.has_role(club, request.user, Role.OWNER),
        "is_recorder": records.has_role(club, request.user, Role.RECORDER),
    }
    return render(request, "analytics/club.html", context)


def _rating_chart(player: Player, game: str, name: str):
    """The player's rating after each rated play, from where it started: mu and mu - 3 sigma."""
    history = list(selectors.rating_history(player, game))
    if not history:
        return None
    first = history[0]
    steps = [("start", first.mu_before, first.sigma_before, "before the first rated play")]
    steps += [(f"{c.played_on:%-d %b}", c.mu_after, c.sigma_after, f"after the play of {c.played_on}") for c in history]
    mu = charts.Series("mu", [charts.Point(when, m, f"mu {rating(m)} {said}") for when, m, _, said in steps])
    conservative = charts.Series(
        "mu − 3σ",
        [charts.Point(when, m - 3 * s, f"mu − 3σ {rating(m - 3 * s)} {said}") for when, m, s, said in steps],
    )
    return charts.line_chart([mu, conservative], title=f"{player.display_name}'s rating: {name}", y_label="rating")


def player(request, player_id: int):
    """A player's rating history (per game or overall) and their statistics."""
    player = selectors.visible_player(request.user, player_id)
    clubs = records.visible_clubs(request.user)
    stats = selectors.player_stats(player)
    keys = [row["game"] for row in stats["by_game"]]
    names = game_names(keys, clubs)
    game = _picked(request, keys)
    for row in stats["by_game"]:
        row["name"] = names[row["game"]]
    with_percent(stats, *stats["by_game"], *stats["by_seat"], *stats["by_player_count"], stats["cooperative"])
    context = {
        "player": player,
        "stats": stats,
        "game": game,
        "game_name": names.get(game, "All games"),
        "tabs": _tabs(keys, names, game),
        "chart": _rating_chart(player, game, names.get(game, "all games")),
        "current": selectors.current_ratings(player, game),
        "others": _others(player),
    }
    return render(request, "analytics/player.html", context)


def _others(player: Player) -> QuerySet[Player]:
    """Whom a player may be compared with: the others of their club."""
    return player.club.players.exclude(pk=player.pk)


def player_vs_pick(request, player_id: int):
    """The head-to-head picker's answer (a GET form): on to the page of the pair chosen."""
    selectors.visible_player(request.user, player_id)  # a private club's player is no one's to compare
    other = request.GET.get("other", "")
    if not other.isdigit():
        raise BadRequest("Pick a player to compare with.")
    return redirect("player-vs", player_id, int(other))


def player_vs(request, player_id: int, other_id: int):
    """How two players fared in the plays they shared."""
    player = selectors.visible_player(request.user, player_id)
    other = selectors.visible_player(request.user, other_id)
    if player == other:
        raise BadRequest("Compare a player with someone else.")
    versus = selectors.head_to_head(player, other)
    names = game_names([row["game"] for row in versus["by_game"]], records.visible_clubs(request.user))
    for row in versus["by_game"]:
        row["name"] = names[row["game"]]
    context = {"player": player, "other": other, "versus": versus, "others": _others(player)}
    return render(request, "analytics/player_vs.html", context)


def _options(schema: dict) -> list[dict]:
    """A game's options as a person reads them: name, what it does, the values it takes.
    Edition data (objects: a club's own price tracks, shapes, maps) is no option to list."""
    rows = []
    for name, spec in schema.get("properties", {}).items():
        if spec.get("type") == "object":
            continue
        values = spec.get("enum") or spec.get("items", {}).get("enum") or []
        if spec.get("type") == "boolean":
            values = ["on", "off"]
        rows.append({"name": name.replace("_", " "), "description": spec.get("description", ""), "values": values})
    return rows


def game(request, key: str):
    """A game's catalogue entry and its numbers, in one club (``?club=``) or every visible one."""
    if not selectors.known_game(key):
        raise Http404(f"No game {key!r}; a generic play's game is generic:<title>.")
    clubs = records.visible_clubs(request.user)
    slug = request.GET.get("club", "")
    chosen = get_object_or_404(clubs, slug=slug) if slug else None
    stats = selectors.game_stats(key, clubs if chosen is None else clubs.filter(pk=chosen.pk), chosen)
    engine = registry.get(key) or registry.get("generic")
    entry = engine.describe()
    with_percent(stats["cooperative"], *stats["seat_advantage"], *(stats["champions"] or []))
    context = {
        "key": key,
        "name": game_names([key], clubs)[key],
        "entry": entry,
        "generic": key.startswith("generic:"),
        "options": _options(entry["options_schema"]),
        "stats": stats,
        "club": chosen,
        "clubs": selectors.clubs_with_game(key, clubs),
        "charts": _game_charts(stats),
    }
    return render(request, "analytics/game.html", context)


def _game_charts(stats: dict) -> dict:
    seats = [
        charts.Point(
            f"Seat {row['seat'] + 1}",
            whole_percent(row["win_rate"]),
            f"Seat {row['seat'] + 1}: {row['wins']} wins in {row['plays']} plays ({row['win_percent']})",
        )
        for row in stats["seat_advantage"]
    ]
    counts = [
        charts.Point(f"{row['player_count']} players", row["plays"], f"{row['plays']} plays with {row['player_count']}")
        for row in stats["player_counts"]
    ]
    scores = [
        charts.Point(
            f"{b['from']}–{b['to'] - 1}", b["count"], f"{b['count']} scores from {b['from']} to below {b['to']}"
        )
        for b in stats["scores"]["histogram"]
    ]
    return {
        "seats": charts.bar_chart(seats, title="Wins by seat", y_label="% won", unit="%"),
        "counts": charts.bar_chart(counts, title="Plays by number of players", y_label="plays"),
        "scores": charts.bar_chart(scores, title="Scores", y_label="seats"),
    }
