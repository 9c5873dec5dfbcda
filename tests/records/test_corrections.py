"""Corrections, disputes and rulings are events: the state as of each seq shows the history
exactly as the table saw it."""

import pytest

from games import registry
from games.contract import Engine, EventType, Move, Violation, obj
from records import services
from records.errors import RuleViolation
from records.models import Play, Status
from records.selectors import audit, view_as_of
from tests.factories import new_play


def score(seat, points):
    return services.NewEvent("score", seat, {"points": points})


def meta(type, **data):
    return services.NewEvent(type, None, data)


@pytest.fixture
def recorder(club_setup):
    return club_setup["public"]["recorder"]


@pytest.fixture
def play(club_setup, recorder):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    services.append_events(play_id=play.pk, events=[score(0, 5), score(1, 3), score(0, 2)], user=recorder)
    return play


def scores_at(play, seq):
    return view_as_of(Play.objects.get(pk=play.pk), seq, None)["scores"]


def test_a_correction_voids_from_its_own_seq_on_and_not_before(play, recorder):
    services.append_events(
        play_id=play.pk, events=[meta("correction", seq=1, reason="was 3"), score(0, 3)], user=recorder
    )
    assert [scores_at(play, seq) for seq in range(6)] == [[0, 0], [5, 0], [5, 3], [7, 3], [2, 3], [5, 3]]
    report = audit(Play.objects.get(pk=play.pk), 1, None)
    assert report["voided_by"] == 4


def test_a_dispute_changes_nothing_and_a_ruling_may_void(play, recorder):
    services.append_events(play_id=play.pk, events=[meta("dispute", seq=2, claim="Bo scored twice")], user=recorder)
    assert scores_at(play, 4) == [7, 3]
    services.append_events(
        play_id=play.pk, events=[meta("ruling", dispute=4, decision="Upheld", void=True)], user=recorder
    )
    assert scores_at(play, 4) == [7, 3] and scores_at(play, 5) == [7, 0]
    report = audit(Play.objects.get(pk=play.pk), 2, None)
    assert [e.seq for e in report["disputes"]] == [4] and [e.seq for e in report["rulings"]] == [5]
    assert report["voided_by"] == 5


def test_a_ruling_that_rejects_the_claim_voids_nothing(play, recorder):
    services.append_events(
        play_id=play.pk,
        events=[meta("dispute", seq=2, claim="?"), meta("ruling", dispute=4, decision="The move stands.")],
        user=recorder,
    )
    assert scores_at(play, 5) == [7, 3]


@pytest.mark.parametrize(
    "event, message",
    [
        (meta("correction", seq=9, reason="x"), "not a game event"),
        (meta("dispute", seq=9, claim="x"), "not a game event"),
        (meta("ruling", dispute=2, decision="x"), "not a dispute"),
    ],
)
def test_meta_events_must_point_at_something_real(play, recorder, event, message):
    with pytest.raises(RuleViolation) as raised:
        services.append_events(play_id=play.pk, events=[event], user=recorder)
    assert message in raised.value.detail["violations"][0]["message"]


def test_an_event_is_voided_once_and_a_dispute_ruled_once(play, recorder):
    services.append_events(play_id=play.pk, events=[meta("correction", seq=1, reason="x")], user=recorder)
    with pytest.raises(RuleViolation):
        services.append_events(play_id=play.pk, events=[meta("correction", seq=1, reason="again")], user=recorder)
    services.append_events(
        play_id=play.pk,
        events=[meta("dispute", seq=2, claim="?"), meta("ruling", dispute=5, decision="no")],
        user=recorder,
    )
    with pytest.raises(RuleViolation):
        services.append_events(play_id=play.pk, events=[meta("ruling", dispute=5, decision="yes")], user=recorder)


class Pile(Engine):
    """A pile of ten stones: 'add' puts stones on it, 'take' may not take more than lie there."""

    slug, title, min_players, max_players = "pile", "Pile", 1, 4
    event_types = {
        "add": EventType("Add stones.", obj({"n": {"type": "integer", "minimum": 1}}), {"n": 1}),
        "take": EventType("Take stones.", obj({"n": {"type": "integer", "minimum": 1}}), {"n": 1}),
    }

    def setup(self, seats, options):
        return {"pile": 10}

    def check(self, state, move):
        if move.type == "take" and move.data["n"] > state["pile"]:
            return [Violation("1 Taking", f"Only {state['pile']} stones lie on the pile.")]
        return []

    def apply(self, state, move):
        return {"pile": state["pile"] + (move.data["n"] if move.type == "add" else -move.data["n"])}

    def view(self, state, seat=None):
        return {
            "phase": "play",
            "active_seats": [],
            "legal_event_types": ["add", "take"],
            "scores": None,
            "finished": False,
            **state,
        }

    def outcome(self, state):
        return None

    def legal_moves(self, state, seat=None):
        yield from [Move("add", 0, {"n": 1}), *(Move("take", 1, {"n": n}) for n in range(1, state["pile"] + 1))]

    def narrate(self, state, move, seat=None, names=None):
        return f"{move.type.title()} {move.data['n']} stones."


def add(n):
    return services.NewEvent("add", 0, {"n": n})


def take(n):
    return services.NewEvent("take", 1, {"n": n})


@pytest.fixture
def pile_play(club_setup, recorder, monkeypatch):
    monkeypatch.setitem(registry.engines(), "pile", Pile())

    def make(mode):
        club = club_setup["public"]
        play = new_play(club["club"], club["players"][:2], game="pile", options={}, mode=mode)
        services.append_events(play_id=play.pk, events=[add(5), take(12)], user=recorder)
        return play

    return make


def test_a_strict_correction_also_voids_a_later_move_the_rules_then_refuse(pile_play, recorder):
    """Without the 5 added, 12 cannot be taken from the 10 stones: both go."""
    play = pile_play("strict")
    appended = services.append_events(
        play_id=play.pk, events=[meta("correction", seq=1, reason="it was 2")], user=recorder
    )
    assert appended.voided == {1: 3, 2: 3}
    play = Play.objects.get(pk=play.pk)
    assert play.state == {"pile": 10} and view_as_of(play, 2, None)["pile"] == 3
    assert audit(play, 3, None)["voids"] == [1, 2] and audit(play, 2, None)["voided_by"] == 3


def test_a_record_correction_is_stored_and_the_broken_event_shows_in_the_audit(pile_play, recorder):
    play = pile_play("record")
    services.append_events(play_id=play.pk, events=[meta("correction", seq=1, reason="it was 2")], user=recorder)
    play = Play.objects.get(pk=play.pk)
    assert play.state == {"pile": -2}
    assert view_as_of(play, 2, None)["pile"] == 3


def test_voiding_the_last_move_reopens_a_finished_play(play, recorder):
    services.append_events(play_id=play.pk, events=[services.NewEvent("finish", None, {})], user=recorder)
    assert Play.objects.get(pk=play.pk).status == Status.FINISHED
    services.append_events(play_id=play.pk, events=[meta("correction", seq=4, reason="not over yet")], user=recorder)
    reopened = Play.objects.get(pk=play.pk)
    assert reopened.status == Status.IN_PROGRESS and reopened.outcome is None and reopened.finished_position is None


def test_nothing_but_meta_events_follow_an_abandoned_play(play, recorder):
    services.append_events(play_id=play.pk, events=[meta("abandon", reason="rain")], user=recorder)
    assert Play.objects.get(pk=play.pk).status == Status.ABANDONED
    with pytest.raises(RuleViolation):
        services.append_events(play_id=play.pk, events=[score(0, 1)], user=recorder)
    services.append_events(play_id=play.pk, events=[meta("note", text="we will replay next week")], user=recorder)
