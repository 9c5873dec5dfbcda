"""Fixtures of the records API's tests: the public club of ``club_setup`` and a generic play
of three of its players."""

import pytest

from tests.factories import new_play


@pytest.fixture
def public(club_setup):
    return club_setup["public"]


@pytest.fixture
def play(public):
    return new_play(public["club"], public["players"][:3])
