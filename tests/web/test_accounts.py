"""Accounts: sign up, sign in and out, reset a password (the mail goes to Django's outbox in
tests, to the console in development)."""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail

from records.models import Membership
from tests.web.conftest import screenshot


def test_sign_up_creates_the_account_signs_in_and_goes_to_the_next_page(client, db):
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "maja",
            "email": "maja@example.org",
            "password1": "a long river 1638",
            "password2": "a long river 1638",
            "next": "/",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/"
    assert User.objects.get(username="maja").email == "maja@example.org"
    assert client.get("/accounts/").context["user"].username == "maja"


def test_sign_up_refuses_a_password_the_validators_refuse_and_keeps_what_was_typed(client, db):
    answer = client.post(
        "/accounts/signup/",
        {"username": "maja", "email": "maja@example.org", "password1": "12345678", "password2": "12345678"},
    )
    assert answer.status_code == 200
    errors = answer.context["form"].errors["password2"]
    assert "This password is too common." in errors and "This password is entirely numeric." in errors
    assert 'value="maja"' in answer.content.decode()
    assert not User.objects.filter(username="maja").exists()


def test_sign_up_does_not_follow_a_next_page_elsewhere(client, db):
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "maja",
            "email": "m@example.org",
            "password1": "a long river 1638",
            "password2": "a long river 1638",
            "next": "https://evil.example/",
        },
    )
    assert answer["Location"] == "/accounts/"


def test_the_account_page_needs_signing_in(client, db):
    answer = client.get("/accounts/")
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")


def test_a_password_reset_mails_a_link_that_sets_a_new_password(client, make_user):
    user = make_user("maja")
    user.email = "maja@example.org"
    user.save()
    client.post("/accounts/password_reset/", {"email": "maja@example.org"})
    (sent,) = mail.outbox
    link = re.search(r"/accounts/reset/\S+/", sent.body).group(0)
    form = client.get(link, follow=True)
    answer = client.post(
        form.redirect_chain[-1][0], {"new_password1": "a quiet harbour 1655", "new_password2": "a quiet harbour 1655"}
    )
    assert answer.status_code == 302
    signed_in = client.post("/accounts/login/", {"username": "maja", "password": "a quiet harbour 1655"})
    assert signed_in.status_code == 302


def test_an_unknown_page_is_an_html_404_and_an_unknown_api_route_json(client, db):
    page = client.get("/no/such/page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert "Not found" in page.content.decode()
    api = client.get("/api/v1/no-such-route/")
    assert api.status_code == 404 and api["Content-Type"] == "application/json"


def test_signing_in_too_often_wrongly_is_told_on_the_sign_in_page(client, make_user):
    """The sign-in page locked out (README: 10 wrong passwords for one account from one address)
    answered the API's JSON, {"detail": "Too many failed sign-ins. ..."}, as a page of text;
    it is the sign-in page again, saying so, with the username kept."""
    make_user("astrid")
    answers = [
        client.post("/accounts/login/", {"username": "astrid", "password": "wrong"})
        for _ in range(settings.AXES_FAILURE_LIMIT + 1)
    ]
    locked = answers[-1]
    assert locked.status_code == 429 and locked["Content-Type"].startswith("text/html")
    assert int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    page = locked.content.decode()
    assert "Too many failed sign-ins for astrid. Try again in 15 minutes." in page
    assert 'value="astrid"' in page


def test_sign_up_and_sign_in_in_a_browser(page, site):
    page.goto(f"{site}/accounts/signup/")
    page.fill("input[name=username]", "maja")
    page.fill("input[name=email]", "maja@example.org")
    page.fill("input[name=password1]", "a long river 1638")
    page.fill("input[name=password2]", "a long river 1638")
    screenshot(page, "sign-up")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{site}/accounts/")
    assert page.locator("h1").inner_text() == "maja"
    page.click("header button:has-text('Sign out')")
    page.wait_for_url(f"{site}/")
    page.goto(f"{site}/accounts/login/")
    page.fill("input[name=username]", "maja")
    page.fill("input[name=password]", "a long river 1638")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{site}/")
    assert page.locator("header.site").inner_text().count("maja") == 1


def test_the_account_page_lists_my_clubs_with_my_role_and_the_owners_pages_of_the_ones_i_own(client, club_setup):
    Membership.objects.create(club=club_setup["public"]["club"], user=club_setup["private"]["owner"])
    client.force_login(club_setup["private"]["owner"])
    html = client.get("/accounts/").content.decode()
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)[1:]
    assert [re.search(r'href="/clubs/(\w+)/">', row).group(1) for row in rows] == ["private", "public"]
    assert ["<td>Owner</td>" in rows[0], "<td>Member</td>" in rows[1]] == [True, True]
    assert ["/clubs/private/members/" in rows[0], "/clubs/public/members/" in rows[1]] == [True, False]


def test_signing_in_from_a_page_goes_back_to_it(client, make_user):
    make_user("maja")
    form = client.get("/accounts/login/?next=/invitations/abc/").content.decode()
    assert 'href="/accounts/signup/?next=/invitations/abc/"' in form
    answer = client.post(
        "/accounts/login/", {"username": "maja", "password": "maja-password", "next": "/invitations/abc/"}
    )
    assert answer["Location"] == "/invitations/abc/"
