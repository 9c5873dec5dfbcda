"""The web app's tests: pages through the Django test client, and as a person uses them, in a
real headless Chromium driven by Playwright against a live server on the test database.

Chromium is Debian's (``chromium``; ``CHROMIUM`` names another executable). Where none can be
found the browser tests are skipped, and the skip says so; ``.ci/run`` installs it, so in CI
they always run. Each browser test saves screenshots of what it saw to ``var/screenshots/``
(git-ignored); the README shows a few of them.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
#: The flags a headless Chromium needs on a machine with no display and a closed network.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}


def chromium_executable() -> str | None:
    named = os.environ.get("CHROMIUM")
    if named:
        return named
    return next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)


@pytest.fixture(scope="module")
def browser():
    """Chromium, driven by Playwright for one test module at a time: Playwright's event loop
    runs in this thread while it is started, and Django refuses database calls from a thread
    with a running loop, so it is stopped before another module's tests use the database."""
    executable = chromium_executable()
    if executable is None:
        pytest.skip("no Chromium found: the browser tests need Debian's chromium package (or CHROMIUM=/path)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def web_server(django_db_setup, django_db_blocker):
    """Django's live server on the test database, in a thread of this process. Not pytest-django's
    ``live_server``: that one sets up the database before ``committed_db`` can lift the event
    table's triggers for its clean-up."""
    with django_db_blocker.unblock():
        server = LiveServer("localhost")
    yield server
    server.stop()


@pytest.fixture
def site(web_server, committed_db, monkeypatch):
    """The live server's base URL, on a database whose writes commit (so the server's thread
    and a worker process see them). Playwright's sync API runs an event loop in the test's
    thread, which makes Django refuse the test's own database calls as "async": they are
    synchronous all the same, so the check is lifted for the test (and only for it: the
    deployment check refuses a service that lifts it)."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    return web_server.url


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    yield opened
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    yield opened
    context.close()


def screenshot(page, name: str) -> Path:
    """Save what ``page`` shows, whole, as var/screenshots/``name``.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def sign_in(page, site: str, username: str) -> None:
    """Sign in through the sign-in page, with the password of ``make_user``."""
    page.goto(f"{site}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"{username}-password")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{site}/**")
