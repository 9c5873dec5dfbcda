"""Who may open each page, route by route: every page of the web app, as five people
(anonymous, an outsider, a member, a recorder, an owner), in a public and in a private club.

The expectations are written by hand from the policy, the API's (README, "Who may do what"),
answered as pages answer it:

- Anyone reads a public club's pages. A private club's pages, with its plays and players,
  are a 404 to anyone who is not a member, as in the API.
- A page that writes needs signing in first: the anonymous are sent to the sign-in page.
  Then a role below the one it needs is a 403 page: members may dispute a move; recorders
  start and log plays and add players; owners manage members, invitations and settings.
- Signing up, in and out, resetting a password and the game pages show no club's data.

The routes are walked from the URL configuration (the API's are tests/test_route_permissions.py's),
so a new page fails :func:`test_the_table_covers_every_page` until someone writes down who may
open it. A route that only takes a form is posted an empty one: a reader it lets in gets the
form's own answer, never a 403 or a 404.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from records import invitations
from records.models import ROLE_RANK, Membership, Role
from tests.factories import new_play

OPEN, SIGNED_IN, READ = "open", "signed in", "read"
ROLES = ["anonymous", "outsider", "member", "recorder", "owner"]


@dataclass(frozen=True)
class Rule:
    who: str | Role
    success: int = 200
    post: bool = False  # the route takes a form only


RULES = {
    "home": Rule(OPEN),
    "signup": Rule(OPEN),
    "login": Rule(OPEN),
    "logout": Rule(OPEN, 302, post=True),
    "password_reset": Rule(OPEN),
    "password_reset_done": Rule(OPEN),
    "password_reset_confirm": Rule(OPEN),  # a link that is not valid says so
    "password_reset_complete": Rule(OPEN),
    "invitation": Rule(OPEN, 404),  # no invitation has this token
    "game": Rule(OPEN),
    "account": Rule(SIGNED_IN),
    "club-new": Rule(SIGNED_IN),
    "password_change": Rule(SIGNED_IN),
    "password_change_done": Rule(SIGNED_IN),
    "club": Rule(READ),
    "club-players": Rule(READ),
    "player": Rule(READ),
    "player-vs": Rule(READ),
    "player-vs-pick": Rule(READ, 302),  # the picker's form lands here and goes to the pair
    "play": Rule(READ),
    "play-dispute": Rule(Role.MEMBER, 302, post=True),
    "play-ruling": Rule(Role.RECORDER, 302, post=True),
    "play-correction": Rule(Role.RECORDER, 302, post=True),
    "play-abandon": Rule(Role.RECORDER, 302, post=True),
    "play-new": Rule(Role.RECORDER),
    "play-result": Rule(Role.RECORDER),
    "play-log": Rule(Role.RECORDER),
    "club-player-edit": Rule(Role.RECORDER),
    "club-members": Rule(Role.OWNER),
    "club-settings": Rule(Role.OWNER),
    "club-member-role": Rule(Role.OWNER, 302, post=True),
    "club-member-remove": Rule(Role.OWNER, 302, post=True),
    "club-invite": Rule(Role.OWNER, 302, post=True),
    "club-invitation-revoke": Rule(Role.OWNER, 302, post=True),
}


def pages(resolver: URLResolver) -> dict[str, tuple[str, ...]]:
    """Every named page below ``resolver`` (the API and the admin left out), with its keywords."""
    found = {}
    for entry in resolver.url_patterns:
        if str(entry.pattern).startswith(("api", "admin")):
            continue
        if isinstance(entry, URLResolver):
            found.update(pages(entry))
        elif isinstance(entry, URLPattern):
            found[entry.name] = tuple(entry.pattern.regex.groupindex)
    return found


PAGES = pages(get_resolver())


def test_the_table_covers_every_page():
    assert set(PAGES) == set(RULES), (
        f"Pages without a rule: {sorted(set(PAGES) - set(RULES))}; rules without a page: "
        f"{sorted(set(RULES) - set(PAGES))}. Write down who may open each new page."
    )


def expected(rule: Rule, role: str, public: bool) -> int:
    if rule.who == OPEN:
        return rule.success
    if role == "anonymous" and rule.who != READ:
        return 302  # to the sign-in page
    if rule.who == SIGNED_IN:
        return rule.success
    if not public and role in ("anonymous", "outsider"):
        return 404
    if rule.who == READ:
        return rule.success
    return rule.success if ROLE_RANK.get(role, 0) >= ROLE_RANK[rule.who] else 403


@pytest.fixture
def keywords(club_setup):
    """The keywords of each page in the club ``kind``: its slug, a generic play, players, a
    membership and an open invitation of its own."""

    def make(kind: str) -> dict:
        setup = club_setup[kind]
        club, players = setup["club"], setup["players"]
        play = new_play(club, players[:2], user=setup["owner"])
        invitation = invitations.create_invitation(club=club, role=Role.MEMBER, created_by=setup["owner"])
        return {
            "slug": club.slug,
            "pk": play.pk,
            "player_id": players[0].pk,
            "other_id": players[1].pk,
            "key": "nouvelle_france",
            "token": "no-such-invitation",
            "uidb64": "MQ",
            "token_reset": "set-password",
            "member_pk": Membership.objects.get(club=club, user=setup["member"]).pk,
            "invitation_pk": invitation.pk,
            "player_pk": players[0].pk,
        }

    return make


def url(name: str, values: dict) -> str:
    """The page's address in the club of ``values``; a keyword that is ambiguous by name (a
    route's ``pk``) takes the object the route is about."""
    picked = {
        "club-member-role": {"pk": values["member_pk"]},
        "club-member-remove": {"pk": values["member_pk"]},
        "club-invitation-revoke": {"pk": values["invitation_pk"]},
        "club-player-edit": {"pk": values["player_pk"]},
        "password_reset_confirm": {"token": values["token_reset"]},
    }.get(name, {})
    return reverse(name, kwargs={k: picked.get(k, values[k]) for k in PAGES[name]})


@pytest.mark.parametrize("kind", ["public", "private"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(RULES))
def test_who_may_open_each_page(client, club_setup, keywords, name, role, kind):
    rule = RULES[name]
    values = keywords(kind)
    address = url(name, values)
    if role != "anonymous":
        user = club_setup["outsider"] if role == "outsider" else club_setup[kind][role]
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    query = {"other": values["other_id"]} if name == "player-vs-pick" else {}
    answer = client.post(address, {}) if rule.post else client.get(address, query)
    want = expected(rule, role, kind == "public")
    assert answer.status_code == want, f"{name} {address} as {role} in the {kind} club: {answer.status_code}"
    if role == "anonymous" and rule.who not in (OPEN, READ):
        assert answer["Location"].startswith("/accounts/login/")
    assert answer.status_code == 302 or answer["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(("path", "drawn"), [("/api/docs/", ".swagger-ui .info"), ("/api/redoc/", ".menu-content")])
def test_the_api_docs_ask_nothing_of_another_site_in_a_browser(site, page, path, drawn):
    """README: Swagger UI and Redoc are served by the service itself, nothing comes from a CDN.
    Redoc's script drew its sidebar's logo from cdn.redoc.ly all the same (an img it hides when
    it fails): offline, a failed request; online, a request to a third party on every visit.
    Every request that goes out to the network passes the route below."""
    sent = []

    def through(route):
        sent.append(route.request.url)
        return route.continue_() if route.request.url.startswith(site) else route.abort()

    page.route("**/*", through)
    page.goto(f"{site}{path}")
    page.wait_for_selector(drawn)  # the schema read and the page drawn, its images asked for
    page.wait_for_load_state("networkidle")
    assert len(sent) > 2 and [url for url in sent if not url.startswith(site)] == []


def test_a_page_names_its_icon_so_the_browser_asks_for_no_missing_one(site, page, club_setup):
    """A page that names no icon has the browser ask for /favicon.ico, which is no page here:
    "Failed to load resource: ... 404" in the console of every page the app shows."""
    page.goto(f"{site}/clubs/public/")
    icon = page.evaluate("document.querySelector('link[rel~=icon]')?.href ?? null")
    assert icon is not None
    assert icon.startswith("data:") or page.request.get(icon).status == 200
