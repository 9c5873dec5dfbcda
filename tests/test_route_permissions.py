"""Who may do what, route by route: every route of the URL configuration, with each method its
view answers, as five people (anonymous, an outsider, a member, a recorder, an owner), in a
public and in a private club.

The expectations are written by hand from the policy (README, "Who may do what"):

- Anyone reads a public club.
- A private club, with its plays, players and events, is a 404 to anyone who is not a member.
  A private club named in a request's body is, to them, a club that does not exist: a 400 on
  that field.
- Members read. Recorders create players and plays and append events. Owners manage the club
  and its members.
- Any signed-in user may found a club. The anonymous may not write (401).
- What shows no club's data (the game catalogue, the API's root, schema and docs, signing in
  and out) is open to everyone.

The routes are walked from the URL configuration, so a new route, or a new method on one, fails
:func:`test_the_table_covers_every_route_and_method` until someone writes down who may use it.
Not walked: Django's admin, which has its own permission model (staff users) and shows nothing
to a club role; and the web app's pages, which answer as pages do (a sign-in page, not a 401):
tests/web/test_pages.py walks those. Not requested: HEAD, which Django and DRF answer with the GET handler, and
OPTIONS, DRF's description of a route's fields. A route's ``.json``-style variants (DRF's format
suffixes) are the same view, which the walk checks, and are requested without the suffix.

Every request is one that succeeds for whoever may make it, so that a success (200, 201, 204,
302) is told apart from a refusal (401, 403, 404).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from records import services
from records.models import ROLE_RANK, Club, Import, Membership, Play, Player, Role
from tests.factories import new_play

ROLES = ["anonymous", "outsider", "member", "recorder", "owner"]
#: Shows no club's data: everyone gets the success.
OPEN = "open"
#: Reads a club's data: everyone in a public club, members only in a private one.
READ = "read"
#: Anyone signed in, whatever their roles.
SIGNED_IN = "signed in"
#: Not requested (see the module's docstring).
UNASKED_METHODS = {"HEAD", "OPTIONS"}


@dataclass
class World:
    """One club as the requests see it, with an object of each kind to name in a URL."""

    club: Club
    players: list[Player]
    play: Play
    member: User
    membership: Membership
    outsider: User
    imported: Import

    def url(self, route: str, keywords: tuple[str, ...]) -> str:
        """The route's URL with this club's objects in it: ``pk`` and ``slug`` name the route's
        own object, told by its basename (``member-detail``: a membership)."""
        own = {
            "club": self.club.slug,
            "member": self.membership.pk,
            "player": self.players[2].pk,
            "play": self.play.pk,
            "game": "generic",
            "import": self.imported.pk,
        }
        values = {
            "club_slug": self.club.slug,
            "player_id": self.players[0].pk,
            "other_id": self.players[1].pk,
            "game": "generic:test-game",
        }
        basename = route.split("-")[0]
        return reverse(route, kwargs={k: own[basename] if k in ("pk", "slug") else values[k] for k in keywords})


@dataclass(frozen=True)
class Rule:
    """Who may use a route: OPEN, READ, SIGNED_IN or the role a write needs; the status of a
    success; the request (body, query); what someone the club is hidden from gets."""

    who: str | Role
    success: int
    body: Callable[[World], dict] | None = None
    query: str = ""
    unseen: int = 404
    format: str = "json"


def credentials(world: World) -> dict:
    return {"username": world.member.username, "password": f"{world.member.username}-password"}


def new_play_body(world: World) -> dict:
    return {
        "club": world.club.slug,
        "game": "generic",
        "options": {"title": "X"},
        "seats": [{"player": world.players[3].pk}],
    }


RULES: dict[tuple[str, str], Rule] = {
    ("api-root", "GET"): Rule(OPEN, 200),
    ("schema", "GET"): Rule(OPEN, 200),
    ("docs", "GET"): Rule(OPEN, 200),
    ("redoc", "GET"): Rule(OPEN, 200),
    ("auth-token", "POST"): Rule(OPEN, 200, credentials),
    ("rest_framework:login", "GET"): Rule(OPEN, 200),
    ("rest_framework:login", "POST"): Rule(OPEN, 302, credentials, format="multipart"),
    # Django's FormView answers PUT as POST, but Django reads no form from a PUT: the page again.
    ("rest_framework:login", "PUT"): Rule(OPEN, 200, credentials, format="multipart"),
    # Signing out goes home (LOGOUT_REDIRECT_URL, the web app's).
    ("rest_framework:logout", "POST"): Rule(OPEN, 302),
    ("game-list", "GET"): Rule(OPEN, 200),
    ("game-detail", "GET"): Rule(OPEN, 200),
    # A list shows what its reader may see (see the tests below), and is a 200 to everyone.
    ("club-list", "GET"): Rule(OPEN, 200),
    ("play-list", "GET"): Rule(OPEN, 200, query="?club={club}"),
    ("club-list", "POST"): Rule(SIGNED_IN, 201, lambda w: {"name": "Founded", "slug": "founded"}),
    ("club-detail", "GET"): Rule(READ, 200),
    ("club-detail", "PUT"): Rule(
        Role.OWNER, 200, lambda w: {"name": "Renamed", "slug": w.club.slug, "is_public": w.club.is_public}
    ),
    ("club-detail", "PATCH"): Rule(Role.OWNER, 200, lambda w: {"name": "Renamed"}),
    # A club's results, taken out: members only, even of a public club (the archive is the
    # owners': tests/records/test_export_restore.py).
    ("club-export", "GET"): Rule(Role.MEMBER, 200, query="?format=csv"),
    ("member-list", "GET"): Rule(READ, 200),
    ("member-list", "POST"): Rule(Role.OWNER, 201, lambda w: {"username": w.outsider.username, "role": "member"}),
    ("member-detail", "GET"): Rule(READ, 200),
    ("member-detail", "PUT"): Rule(Role.OWNER, 200, lambda w: {"username": w.member.username, "role": "recorder"}),
    ("member-detail", "PATCH"): Rule(Role.OWNER, 200, lambda w: {"role": "recorder"}),
    ("member-detail", "DELETE"): Rule(Role.OWNER, 204),
    ("player-list", "GET"): Rule(READ, 200),
    ("player-list", "POST"): Rule(Role.RECORDER, 201, lambda w: {"display_name": "Newcomer"}),
    ("import-list", "GET"): Rule(READ, 200),
    ("import-list", "POST"): Rule(
        Role.RECORDER, 202, lambda w: {"file": SimpleUploadedFile("plays.xml", b"<plays/>")}, format="multipart"
    ),
    ("import-detail", "GET"): Rule(READ, 200),
    ("player-detail", "GET"): Rule(READ, 200),
    ("player-detail", "PUT"): Rule(Role.RECORDER, 200, lambda w: {"display_name": "Renamed"}),
    ("player-detail", "PATCH"): Rule(Role.RECORDER, 200, lambda w: {"display_name": "Renamed"}),
    # The club is named in the body: to whom it is hidden, there is no such club.
    ("play-list", "POST"): Rule(Role.RECORDER, 201, new_play_body, unseen=400),
    ("play-detail", "GET"): Rule(READ, 200),
    ("play-events", "GET"): Rule(READ, 200),
    ("play-events", "POST"): Rule(Role.RECORDER, 201, lambda w: {"type": "score", "seat": 0, "data": {"points": 1}}),
    ("play-state", "GET"): Rule(READ, 200),
    ("play-audit", "GET"): Rule(READ, 200, query="?seq=1"),
    ("play-verify", "GET"): Rule(READ, 200),
    # Every seat's moves; a player's own (?seat=K) are tests/records/test_legal_moves_and_sentences.py's
    ("play-legal", "GET"): Rule(Role.RECORDER, 200),
    # The live streams: the test client is a WSGI server, which refuses a permitted stream
    # with a 503 (tests/records/test_live.py follows them on the ASGI server).
    ("play-stream", "GET"): Rule(READ, 503),
    ("club-stream", "GET"): Rule(READ, 503),
    ("player-stats", "GET"): Rule(READ, 200),
    ("player-ratings", "GET"): Rule(READ, 200),
    ("player-head-to-head", "GET"): Rule(READ, 200),
    ("leaderboards", "GET"): Rule(READ, 200, query="?club={club}"),
    ("game-stats", "GET"): Rule(READ, 200, query="?club={club}"),
}


def expected(rule: Rule, role: str, public: bool) -> int:
    """The status the policy gives ``role`` for a request under ``rule`` (the module's docstring)."""
    if rule.who == OPEN:
        return rule.success
    if role == "anonymous" and rule.who != READ:
        return 401
    if rule.who == SIGNED_IN:
        return rule.success
    if not public and role in ("anonymous", "outsider"):
        return rule.unseen
    if rule.who == READ:
        return rule.success
    return rule.success if ROLE_RANK.get(role, 0) >= ROLE_RANK[rule.who] else 403


def patterns(resolver: URLResolver, namespace: str = "", kwargs: tuple = ()) -> Iterator[tuple[str, URLPattern, tuple]]:
    """Every route below ``resolver``, through its includes: its name (with its namespace), the
    pattern, and the URL keywords of the route and its includes."""
    for entry in resolver.url_patterns:
        names = tuple(entry.pattern.regex.groupindex)
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":  # Django's own (the module's docstring)
                continue
            inner = ":".join(filter(None, [namespace, entry.namespace]))
            yield from patterns(entry, inner, kwargs + names)
        else:
            name = entry.name or f"(unnamed: {entry.pattern})"
            yield ":".join(filter(None, [namespace, name])), entry, kwargs + names


def methods(pattern: URLPattern) -> set[str]:
    """The methods a route's view answers: a DRF viewset's from the router's map of method to
    action, any other view's from the handlers it defines."""
    actions = getattr(pattern.callback, "actions", None)
    if actions is None:
        view = pattern.callback.view_class
        actions = [method for method in view.http_method_names if hasattr(view, method)]
    return {method.upper() for method in actions} - UNASKED_METHODS


def view_of(pattern: URLPattern) -> type:
    return getattr(pattern.callback, "cls", None) or pattern.callback.view_class


def walk() -> dict[tuple[str, str], tuple[str, ...]]:
    """(route name, method) -> the route's URL keywords, for every route and method. A name's
    several patterns (DRF's format suffixes) must be one view."""
    routes, views = {}, {}
    api = SimpleNamespace(url_patterns=[e for e in get_resolver().url_patterns if str(e.pattern).startswith("api")])
    for name, pattern, kwargs in patterns(api):
        assert views.setdefault(name, view_of(pattern)) is view_of(pattern), f"{name} names two views"
        for method in methods(pattern):
            if "format" not in kwargs:
                routes[name, method] = kwargs
    return routes


ROUTES = walk()


def test_the_table_covers_every_route_and_method():
    assert set(ROUTES) == set(RULES), (
        f"Routes without a rule: {sorted(set(ROUTES) - set(RULES))}; rules without a route: "
        f"{sorted(set(RULES) - set(ROUTES))}. Write down who may use each new route."
    )


@pytest.fixture
def world(club_setup):
    def make(kind: str) -> World:
        setup = club_setup[kind]
        play = new_play(setup["club"], setup["players"][:2])
        services.append_events(
            play_id=play.pk, events=[services.NewEvent("score", 0, {"points": 3})], user=setup["recorder"]
        )
        membership = Membership.objects.get(club=setup["club"], user=setup["member"])
        imported = Import.objects.create(club=setup["club"], source="bgg", size=0, file="imports/plays.xml")
        return World(
            setup["club"], setup["players"], play, setup["member"], membership, club_setup["outsider"], imported
        )

    return make


@pytest.mark.parametrize("kind", ["public", "private"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route, method", sorted(ROUTES))
def test_who_may_use_each_route(club_setup, world, client_for, route, method, role, kind):
    here = world(kind)
    rule = RULES[route, method]
    url = here.url(route, ROUTES[route, method]) + rule.query.format(club=here.club.slug)
    user = None if role == "anonymous" else club_setup["outsider"] if role == "outsider" else club_setup[kind][role]
    body = None if rule.body is None else rule.body(here)
    response = getattr(client_for(user), method.lower())(url, body, format=rule.format)
    want = expected(rule, role, kind == "public")
    assert response.status_code == want, f"{method} {url} as {role}: {response.status_code} {response.content[:300]}"


def test_private_clubs_are_missing_from_outsiders_lists(club_setup, client_for):
    for user, expected_slugs in [
        (None, ["public"]),
        (club_setup["outsider"], ["public"]),
        (club_setup["private"]["member"], ["private", "public"]),
    ]:
        slugs = [c["slug"] for c in client_for(user).get("/api/v1/clubs/").json()["results"]]
        assert slugs == expected_slugs


def test_private_plays_are_missing_from_outsiders_lists(club_setup, client_for):
    new_play(club_setup["private"]["club"], club_setup["private"]["players"][:2])
    assert client_for(club_setup["outsider"]).get("/api/v1/plays/").json()["count"] == 0
    assert client_for(club_setup["private"]["member"]).get("/api/v1/plays/").json()["count"] == 1
