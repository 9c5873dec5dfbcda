"""Any JSON the API accepts is stored so that its chain verifies: the canonical form hashes
each value as jsonb gives it back (numbers above all). A value the API cannot store exactly
is refused with a 400 naming its field, and nothing is stored."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.contract import Engine, EventType, Move, Outcome
from records import chain
from records.models import Event
from tests.factories import new_play

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


class FreeForm(Engine):
    """A game whose one move carries any JSON object: what the chain must survive."""

    slug, title, min_players, max_players = "freeform", "Free form", 1, 2
    event_types = {"anything": EventType("Any data.", {"type": "object"}, {})}

    def setup(self, seats, options):
        return {}

    def check(self, state, move):
        return []

    def apply(self, state, move):
        return state

    def view(self, state, seat=None):
        return {
            "phase": "play",
            "active_seats": [0],
            "legal_event_types": ["anything"],
            "scores": None,
            "finished": False,
        }

    def outcome(self, state) -> Outcome | None:
        return None

    def legal_moves(self, state, seat=None):
        yield Move("anything", 0, {})

    def narrate(self, state, move, seat=None, names=None):
        return "Anything."


@pytest.fixture
def freeform_play(club_setup, monkeypatch):
    monkeypatch.setitem(registry.engines(), "freeform", FreeForm())
    club = club_setup["public"]
    return new_play(club["club"], club["players"][:1], game="freeform", options={})


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4))
def test_whatever_the_api_stores_reads_back_with_the_hash_it_was_stored_with(
    freeform_play, club_setup, client_for, data
):
    recorder = client_for(club_setup["public"]["recorder"])
    url = f"/api/v1/plays/{freeform_play.pk}/events/"
    before = Event.objects.filter(play=freeform_play).count()
    body = json.dumps({"type": "anything", "seat": 0, "data": data})
    response = recorder.post(url, body, content_type="application/json")
    if response.status_code == 400:
        assert all(field.startswith("data") for field in response.json()), response.json()
        assert Event.objects.filter(play=freeform_play).count() == before
        return
    assert response.status_code == 201, response.content
    stored = Event.objects.get(play=freeform_play, seq=response.json()["events"][0]["seq"])  # as jsonb gives it back
    assert chain.event_hash(stored) == stored.hash, data
