"""A club's pages: members and invitations, settings, players, and the page an invitation's link
opens. Who may see and do what is the API's (tests/test_route_permissions.py): a private club
is a 404 to outsiders, a role too low a 403, and the anonymous are sent to sign in."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from records import invitations, services
from records.models import Club, Invitation, Membership, Player, Role
from tests.web.conftest import PHONE, screenshot, sign_in


@pytest.fixture
def private(club_setup):
    return club_setup["private"]


def signed_in(client, user):
    if user is not None:
        client.force_login(user)
    return client


def reader(club_setup, visibility: str, who: str):
    """The user ``who`` is, seen from the ``visibility`` club (None for the anonymous)."""
    if who == "anonymous":
        return None
    if who == "outsider":
        return club_setup["outsider"]
    return club_setup[visibility][who]


def role_of(club: Club, username: str) -> str | None:
    return Membership.objects.filter(club=club, user__username=username).values_list("role", flat=True).first()


OWNERS_PAGES = ["members", "settings"]
#: Owners' pages, by who asks (in a private and a public club): 404 to whoever may not see the
#: club at all, 403 to whoever sees it without owning it, and sign in first for the anonymous.
OWNERS_ONLY = [
    ("private", "anonymous", 302),
    ("private", "outsider", 404),
    ("private", "member", 403),
    ("private", "recorder", 403),
    ("private", "owner", 200),
    ("public", "anonymous", 302),
    ("public", "outsider", 403),
    ("public", "member", 403),
    ("public", "recorder", 403),
    ("public", "owner", 200),
]


@pytest.mark.parametrize("page", OWNERS_PAGES)
@pytest.mark.parametrize(("visibility", "who", "status"), OWNERS_ONLY)
def test_an_owners_page_is_for_the_owners(client, club_setup, page, visibility, who, status):
    club = club_setup[visibility]["club"]
    answer = signed_in(client, reader(club_setup, visibility, who)).get(f"/clubs/{club.slug}/{page}/")
    assert answer.status_code == status
    if status == 302:
        assert answer["Location"] == f"/accounts/login/?next=/clubs/{club.slug}/{page}/"


@pytest.mark.parametrize(
    ("route", "data"),
    [
        ("members/{membership}/role/", {"role": "owner"}),
        ("members/{membership}/remove/", {}),
        ("invitations/", {"role": "member"}),
        ("invitations/{invitation}/revoke/", {}),
        ("settings/", {"name": "Taken over"}),
    ],
    ids=["role", "remove", "invite", "revoke", "settings"],
)
@pytest.mark.parametrize(("visibility", "who", "status"), [row for row in OWNERS_ONLY if row[2] != 200])
def test_an_owners_write_by_anyone_else_changes_nothing(client, club_setup, route, data, visibility, who, status):
    club = club_setup[visibility]["club"]
    invitation = invitations.create_invitation(club=club, role=Role.MEMBER, created_by=club_setup[visibility]["owner"])
    membership = Membership.objects.get(club=club, user=club_setup[visibility]["member"])
    url = f"/clubs/{club.slug}/" + route.format(membership=membership.pk, invitation=invitation.pk)
    before = (
        list(Membership.objects.filter(club=club).values_list("user", "role")),
        list(Invitation.objects.filter(club=club).values_list("pk", "revoked_at")),
        Club.objects.get(pk=club.pk).name,
    )
    answer = signed_in(client, reader(club_setup, visibility, who)).post(url, data)
    assert answer.status_code == status
    after = (
        list(Membership.objects.filter(club=club).values_list("user", "role")),
        list(Invitation.objects.filter(club=club).values_list("pk", "revoked_at")),
        Club.objects.get(pk=club.pk).name,
    )
    assert after == before


def test_the_members_page_lists_each_member_with_their_role(client, private):
    answer = signed_in(client, private["owner"]).get("/clubs/private/members/")
    html = answer.content.decode()
    for username, role in [("private-member", "member"), ("private-owner", "owner"), ("private-recorder", "recorder")]:
        assert f'aria-label="Role of {username}"' in html
        row = html.split(f'aria-label="Role of {username}"')[1].split("</select>")[0]
        assert f'value="{role}" selected' in row


def test_an_owner_changes_a_members_role(client, private):
    membership = Membership.objects.get(club=private["club"], user=private["member"])
    answer = signed_in(client, private["owner"]).post(
        f"/clubs/private/members/{membership.pk}/role/", {"role": "recorder"}, follow=True
    )
    assert role_of(private["club"], "private-member") == "recorder"
    assert "private-member&#x27;s role is now recorder." in answer.content.decode()


def test_the_last_owner_stepping_down_is_refused_with_the_reason(client, private):
    membership = Membership.objects.get(club=private["club"], user=private["owner"])
    answer = signed_in(client, private["owner"]).post(
        f"/clubs/private/members/{membership.pk}/role/", {"role": "member"}, follow=True
    )
    assert answer.redirect_chain == [("/clubs/private/members/", 302)]
    assert "private must keep an owner: make another member an owner first." in answer.content.decode()
    assert role_of(private["club"], "private-owner") == "owner"


def test_the_last_owner_leaving_is_refused_with_the_reason(client, private):
    membership = Membership.objects.get(club=private["club"], user=private["owner"])
    answer = signed_in(client, private["owner"]).post(f"/clubs/private/members/{membership.pk}/remove/", follow=True)
    assert "private must keep an owner: make another member an owner first." in answer.content.decode()
    assert role_of(private["club"], "private-owner") == "owner"


def test_an_owner_removes_a_member(client, private):
    membership = Membership.objects.get(club=private["club"], user=private["member"])
    signed_in(client, private["owner"]).post(f"/clubs/private/members/{membership.pk}/remove/")
    assert role_of(private["club"], "private-member") is None


def test_an_owner_who_steps_down_goes_to_the_clubs_home(client, private):
    """The members' page is no longer theirs to see: they land where they may be."""
    Membership.objects.filter(club=private["club"], user=private["recorder"]).update(role=Role.OWNER)
    membership = Membership.objects.get(club=private["club"], user=private["owner"])
    answer = signed_in(client, private["owner"]).post(
        f"/clubs/private/members/{membership.pk}/role/", {"role": "member"}
    )
    assert answer["Location"] == "/clubs/private/"
    assert role_of(private["club"], "private-owner") == "member"


def test_a_membership_of_another_club_is_not_found_on_this_clubs_page(client, club_setup):
    elsewhere = Membership.objects.get(club=club_setup["public"]["club"], user=club_setup["public"]["member"])
    answer = signed_in(client, club_setup["private"]["owner"]).post(f"/clubs/private/members/{elsewhere.pk}/remove/")
    assert answer.status_code == 404
    assert role_of(club_setup["public"]["club"], "public-member") == "member"


def test_an_owner_creates_a_link_and_sees_it_among_the_open_ones(client, private):
    answer = signed_in(client, private["owner"]).post("/clubs/private/invitations/", {"role": "recorder"}, follow=True)
    (invitation,) = Invitation.objects.filter(club=private["club"])
    assert invitation.role == "recorder" and invitation.created_by == private["owner"]
    assert f'value="http://testserver/invitations/{invitation.token}/"' in answer.content.decode()


def test_a_link_for_an_owner_is_refused(client, private):
    signed_in(client, private["owner"]).post("/clubs/private/invitations/", {"role": "owner"})
    assert not Invitation.objects.exists()


def test_an_owner_revokes_a_link_and_it_leaves_the_page(client, private):
    invitation = invitations.create_invitation(club=private["club"], role=Role.MEMBER, created_by=private["owner"])
    answer = signed_in(client, private["owner"]).post(
        f"/clubs/private/invitations/{invitation.pk}/revoke/", follow=True
    )
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    assert invitation.token not in answer.content.decode()


def test_every_form_of_the_members_page_carries_a_csrf_token(client, private):
    invitations.create_invitation(club=private["club"], role=Role.MEMBER, created_by=private["owner"])
    html = signed_in(client, private["owner"]).get("/clubs/private/members/").content.decode()
    forms = html.split("<main>")[1].split("<form")[1:]
    assert len(forms) == 3 * 2 + 1 + 1  # role and remove for 3 members, invite, revoke
    assert all("csrfmiddlewaretoken" in form.split("</form>")[0] for form in forms)


def test_the_settings_change_the_name_and_visibility_but_not_the_address(client, private):
    signed_in(client, private["owner"]).post(
        "/clubs/private/settings/", {"name": "Thursday Gamers", "is_public": "on", "keeps_secrets": "on", "slug": "x"}
    )
    club = Club.objects.get(pk=private["club"].pk)
    assert (club.name, club.is_public, club.keeps_secrets, club.slug) == ("Thursday Gamers", True, True, "private")


def test_the_settings_refuse_an_empty_name(client, private):
    answer = signed_in(client, private["owner"]).post("/clubs/private/settings/", {"name": ""})
    assert answer.status_code == 200 and answer.context["form"].errors["name"] == ["This field is required."]
    assert Club.objects.get(pk=private["club"].pk).name == "Private"


@pytest.mark.parametrize(
    ("visibility", "who", "status", "may_add"),
    [
        ("private", "anonymous", 404, False),
        ("private", "outsider", 404, False),
        ("private", "member", 200, False),
        ("private", "recorder", 200, True),
        ("private", "owner", 200, True),
        ("public", "anonymous", 200, False),
        ("public", "outsider", 200, False),
    ],
)
def test_the_players_page_is_read_as_the_club_and_written_by_recorders(
    client, club_setup, visibility, who, status, may_add
):
    club = club_setup[visibility]["club"]
    answer = signed_in(client, reader(club_setup, visibility, who)).get(f"/clubs/{club.slug}/players/")
    assert answer.status_code == status
    if status == 200:
        html = answer.content.decode()
        assert re.findall(r"<tr>\s*<td>(?:<a [^>]*>)?([^<]+)", html) == ["Ada", "Bo", "Cy", "Di"]
        ada = club.players.get(display_name="Ada")
        assert (f"/clubs/{club.slug}/players/{ada.pk}/" in html) is may_add
        assert ("Add a player" in html) is may_add


@pytest.mark.parametrize(("who", "status"), [("anonymous", 302), ("outsider", 403), ("member", 403)])
def test_adding_a_player_needs_a_recorder(client, club_setup, who, status):
    answer = signed_in(client, reader(club_setup, "public", who)).post(
        "/clubs/public/players/", {"display_name": "Eve"}
    )
    assert answer.status_code == status
    assert not Player.objects.filter(display_name="Eve").exists()


def test_a_recorder_adds_a_player_linked_to_a_members_account(client, private):
    signed_in(client, private["recorder"]).post(
        "/clubs/private/players/", {"display_name": "Maja", "user": "private-member", "bgg_username": "maja1638"}
    )
    player = Player.objects.get(club=private["club"], display_name="Maja")
    assert (player.user, player.bgg_username) == (private["member"], "maja1638")


def test_a_players_account_must_be_a_members(client, club_setup):
    answer = signed_in(client, club_setup["private"]["recorder"]).post(
        "/clubs/private/players/", {"display_name": "Maja", "user": "outsider"}
    )
    assert "user" in answer.context["form"].errors
    assert not Player.objects.filter(display_name="Maja").exists()


def test_a_taken_name_is_a_form_error_not_a_server_error(client, private):
    answer = signed_in(client, private["recorder"]).post("/clubs/private/players/", {"display_name": "Ada"})
    assert answer.status_code == 200
    assert answer.context["form"].errors["display_name"] == ["private has a player called 'Ada' already."]
    assert Player.objects.filter(club=private["club"], display_name="Ada").count() == 1


def test_a_taken_bgg_username_in_another_case_is_a_form_error(client, private):
    Player.objects.filter(club=private["club"], display_name="Ada").update(bgg_username="AdaL")
    answer = signed_in(client, private["recorder"]).post(
        "/clubs/private/players/", {"display_name": "Eve", "bgg_username": "adal"}
    )
    assert answer.context["form"].errors["bgg_username"] == ["private has a player with BGG username 'adal' already."]


def test_a_recorder_renames_a_player(client, private):
    ada = Player.objects.get(club=private["club"], display_name="Ada")
    answer = signed_in(client, private["recorder"]).post(
        f"/clubs/private/players/{ada.pk}/", {"display_name": "Ada Lovelace"}
    )
    assert answer["Location"] == "/clubs/private/players/"
    ada.refresh_from_db()
    assert ada.display_name == "Ada Lovelace"


def test_renaming_a_player_to_a_taken_name_is_a_form_error(client, private):
    ada = Player.objects.get(club=private["club"], display_name="Ada")
    answer = signed_in(client, private["recorder"]).post(f"/clubs/private/players/{ada.pk}/", {"display_name": "Bo"})
    assert answer.context["form"].errors["display_name"] == ["private has a player called 'Bo' already."]
    ada.refresh_from_db()
    assert ada.display_name == "Ada"


@pytest.mark.parametrize(("who", "status"), [("outsider", 404), ("member", 403)])
def test_renaming_a_player_needs_a_recorder(client, club_setup, who, status):
    ada = Player.objects.get(club=club_setup["private"]["club"], display_name="Ada")
    answer = signed_in(client, reader(club_setup, "private", who)).post(
        f"/clubs/private/players/{ada.pk}/", {"display_name": "Eve"}
    )
    assert answer.status_code == status
    ada.refresh_from_db()
    assert ada.display_name == "Ada"


@pytest.fixture
def invitation(private) -> Invitation:
    return invitations.create_invitation(club=private["club"], role=Role.RECORDER, created_by=private["owner"])


def test_an_invitation_shows_the_anonymous_the_way_to_sign_up_and_back(client, invitation):
    html = client.get(f"/invitations/{invitation.token}/").content.decode()
    assert "<strong>private-owner</strong> invites you" in html and "as a <strong>recorder</strong>" in html
    assert f'href="/accounts/signup/?next=/invitations/{invitation.token}/"' in html
    assert f'href="/accounts/login/?next=/invitations/{invitation.token}/"' in html


def test_an_anonymous_join_is_sent_to_sign_in_first(client, invitation):
    answer = client.post(f"/invitations/{invitation.token}/")
    assert answer["Location"] == f"/accounts/login/?next=/invitations/{invitation.token}/"
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_opening_a_link_does_not_use_it(client, invitation, make_user):
    """Chat apps and mail scanners open links to preview them: only the button joins."""
    signed_in(client, make_user("newcomer")).get(f"/invitations/{invitation.token}/")
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_joining_by_a_link_makes_a_member_in_its_role_and_shows_the_club(client, invitation, make_user, private):
    answer = signed_in(client, make_user("newcomer")).post(f"/invitations/{invitation.token}/", follow=True)
    assert answer.redirect_chain == [("/clubs/private/", 302)]
    assert role_of(private["club"], "newcomer") == "recorder"
    assert "Welcome to Private: you are a recorder here." in answer.content.decode()


def test_a_used_link_says_so(client, invitation, make_user, private):
    invitations.accept_invitation(invitation=invitation, user=make_user("first"))
    answer = signed_in(client, make_user("second")).get(f"/invitations/{invitation.token}/")
    assert answer.status_code == 410
    assert "This invitation has been used already" in answer.content.decode()
    assert 'type="submit">Join' not in answer.content.decode()


def test_an_expired_link_refuses_to_join_and_says_why(client, invitation, make_user, private):
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    answer = signed_in(client, make_user("late")).post(f"/invitations/{invitation.token}/", follow=True)
    assert "This invitation has expired" in answer.content.decode()
    assert role_of(private["club"], "late") is None


def test_a_member_already_is_told_so_and_the_link_stays_open(client, invitation, private):
    html = signed_in(client, private["member"]).get(f"/invitations/{invitation.token}/").content.decode()
    assert "You are a member of Private already." in html
    answer = client.post(f"/invitations/{invitation.token}/", follow=True)
    assert "private-member is a member of private already." in answer.content.decode()
    invitation.refresh_from_db()
    assert invitation.accepted_at is None and role_of(private["club"], "private-member") == "member"


def test_an_unknown_link_is_not_found(client, db):
    assert client.get("/invitations/no-such-token/").status_code == 404


def test_an_owner_invites_and_a_new_person_signs_up_through_the_link_and_joins(browser, page, site, make_user):
    owner = make_user("astrid")
    services.create_club(name="Kalmar Board Gamers", slug="kalmar", is_public=False, owner=owner)
    sign_in(page, site, "astrid")
    page.goto(f"{site}/clubs/kalmar/members/")
    for role in ("recorder", "member"):
        page.select_option("#invite-role", role)
        page.click("button:has-text('Create a link')")
    recorders_link = page.locator("li:has(.badge:text-is('Recorder')) .link-copy input").input_value()
    assert recorders_link.startswith(f"{site}/invitations/")

    newcomer = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = newcomer.new_page()
    phone.goto(recorders_link)
    screenshot(phone, "invitation")
    phone.click("main a:has-text('Sign up')")
    phone.fill("input[name=username]", "maja")
    phone.fill("input[name=email]", "maja@example.org")
    phone.fill("input[name=password1]", "a long river 1638")
    phone.fill("input[name=password2]", "a long river 1638")
    phone.click("main button[type=submit]")
    phone.wait_for_url(recorders_link)
    phone.click("button:has-text('Join as maja')")
    phone.wait_for_url(f"{site}/clubs/kalmar/")
    assert "Welcome to Kalmar Board Gamers: you are a recorder here." in phone.locator(".messages").inner_text()
    newcomer.close()
    assert role_of(Club.objects.get(slug="kalmar"), "maja") == "recorder"

    page.reload()
    assert page.locator("[aria-label='Role of maja']").input_value() == "recorder"
    assert [badge.inner_text() for badge in page.locator(".link-copy").locator("..").locator(".badge").all()] == [
        "Member"
    ]
    screenshot(page, "members")
    page.set_viewport_size(PHONE)
    screenshot(page, "members-phone")


def test_a_recorder_adds_players_on_a_phone_and_a_taken_name_is_told(phone, site, club_setup):
    sign_in(phone, site, "public-recorder")
    phone.goto(f"{site}/clubs/public/players/")
    phone.fill("input[name=display_name]", "Ada")
    phone.click("button:has-text('Add')")
    assert "public has a player called 'Ada' already." in phone.locator(".errorlist").inner_text()
    phone.fill("input[name=display_name]", "Eve")
    phone.select_option("select[name=user]", "public-member")
    phone.fill("input[name=bgg_username]", "eve_plays")
    phone.click("button:has-text('Add')")
    phone.wait_for_url(f"{site}/clubs/public/players/")
    assert phone.locator("tr:has-text('Eve')").inner_text().split("\t")[:3] == ["Eve", "public-member", "eve_plays"]
    screenshot(phone, "players")


# Starting a club ---------------------------------------------------------------------------


def test_the_new_club_form_says_what_the_address_is_in_plain_text(client, make_user):
    """The address's help is text: a placeholder in angle brackets was read as an HTML element
    (``<address>``), which cut the sentence in two and hid the placeholder."""
    client.force_login(make_user("founder"))
    answer = client.get("/clubs/new/")
    assert answer.status_code == 200
    assert "<address>" not in answer.content.decode()
    assert "/clubs/harbour/" in answer.content.decode()


def test_a_taken_address_is_refused_in_the_forms_words(client, private):
    client.force_login(private["member"])
    answer = client.post("/clubs/new/", {"name": "Another", "slug": "private", "is_public": "on"})
    assert answer.status_code == 200
    assert answer.context["form"].errors["slug"] == ["Another club has this address: choose another."]
    assert Club.objects.filter(slug="private").count() == 1


def test_a_new_play_in_a_club_with_no_players_leads_to_the_page_that_adds_them(client, make_user):
    founder = make_user("founder")
    club = services.create_club(name="Empty", slug="empty", is_public=True, owner=founder)
    client.force_login(founder)
    page = client.get(f"/clubs/{club.slug}/plays/new/").content.decode()
    assert "The club has no players yet" in page and f'href="/clubs/{club.slug}/players/"' in page
