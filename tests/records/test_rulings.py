"""A ruling can always be recorded (#15): voiding a move is never refused for what follows it.

In a strict play the void also voids each later move the rules refuse once the voided one is
gone, replayed on the corrected table in order; the append and the audit name every move it
voided. The expected values come from the pile's arithmetic, or from folding the engine
directly, outside the records service.
"""

import json

import pytest
from django.db import transaction

from games import registry
from games.contract import Outcome
from games.playthrough import all_playthroughs, load
from records import services
from records.errors import RuleViolation
from records.models import Play, Status
from records.replay import GAME_OVER
from records.selectors import audit, view_as_of
from tests.factories import new_play
from tests.records.test_corrections import Pile, add, meta, take
from tests.records.test_engines_through_api import append, start_play

#: The reported case: seq 4 is disputed, the play goes on, and the ruling voids it once later
#: moves exist. The pile, as logged: 15, 2, 3, 9 (seq 4), 4, 5, 0, 2, 0. Without the 6 added
#: at seq 4 the pile holds 3 when 5 are taken at seq 6, then 4 when 5 are taken at seq 8:
#: both are refused and skipped; then 4 + 2 = 6 when 2 are taken at seq 10, which stands.
#: (Had seq 6 been applied, as a record play does, seq 10 would be refused too.)
REPORTED = [
    add(5),
    take(13),
    add(1),
    add(6),
    meta("dispute", seq=4, claim="Only 1 may be added on a turn like this."),
    take(5),
    add(1),
    take(5),
    add(2),
    take(2),
]
RULING = {"type": "ruling", "data": {"dispute": 5, "decision": "Upheld: seq 4 is void.", "void": True}}


class LastStone(Pile):
    """Pile, over when the pile is empty; its rules, unlike most, let moves follow the end."""

    slug = "last_stone"

    def outcome(self, state):
        return Outcome(places=[1, 1], winners=[], reason="the pile is empty") if state["pile"] == 0 else None


@pytest.fixture
def logged(club_setup, monkeypatch):
    """A play of ``engine`` in ``mode`` with ``events`` appended, and what the append returned."""
    club = club_setup["public"]

    def make(engine, mode, events):
        monkeypatch.setitem(registry.engines(), engine.slug, engine)
        play = new_play(club["club"], club["players"][:2], game=engine.slug, options={}, mode=mode)
        return play, services.append_events(play_id=play.pk, events=list(events), user=club["recorder"])

    return make


def then(play, *events):
    return services.append_events(play_id=play.pk, events=list(events), user=None)


def derived(play: Play) -> tuple:
    """Everything a play derives from its events: the cached fields and the snapshots."""
    return (
        [getattr(play, name) for name in services.CACHES],
        list(play.snapshots.order_by("seq").values_list("seq", "state")),
    )


def test_the_reported_case_a_ruling_voids_a_disputed_move_that_later_moves_follow(logged, club_setup, client_for):
    play, _ = logged(Pile(), "strict", REPORTED)
    client = client_for(club_setup["public"]["recorder"])
    url = f"/api/v1/plays/{play.pk}"
    ruling = client.post(f"{url}/events/", RULING, format="json")
    assert ruling.status_code == 201, ruling.json()
    assert ruling.json()["voided"] == [{"seq": seq, "voided_by": 11} for seq in (4, 6, 8)]
    assert ruling.json()["view"]["pile"] == 3 + 1 + 2 - 2
    assert client.get(f"{url}/audit/?seq=11").json()["voids"] == [4, 6, 8]
    voided_by = [client.get(f"{url}/audit/?seq={seq}").json()["voided_by"] for seq in (4, 6, 8, 10)]
    assert voided_by == [11, 11, 11, None]
    assert client.get(f"{url}/state/?at=10").json()["view"]["pile"] == 0  # as the table saw it then
    refused = client.post(f"{url}/events/", {"type": "take", "seat": 1, "data": {"n": 5}}, format="json")
    assert refused.status_code == 422  # 0 left on the table as logged, 4 on the corrected one
    taken = client.post(f"{url}/events/", {"type": "take", "seat": 1, "data": {"n": 4}}, format="json")
    assert taken.status_code == 201 and taken.json()["view"]["pile"] == 0
    assert taken.json()["voided"] == []
    assert client.get(f"{url}/verify/").json()["ok"] is True


def test_in_a_record_play_the_ruling_voids_the_disputed_move_alone(logged):
    """The later moves stay as the table played them: 3 - 5 + 1 - 5 + 2 - 2."""
    play, _ = logged(Pile(), "record", REPORTED)
    assert then(play, services.NewEvent(**RULING)).voided == {4: 11}
    assert Play.objects.get(pk=play.pk).state == {"pile": -6}


def test_a_void_stays_a_void_when_a_later_correction_would_make_the_move_legal(logged):
    """Voiding the 13 taken at seq 2 leaves 15 + 1 + 1 + 2 - 2 = 17 stones: seq 6 (take 5)
    would be legal again, but what the ruling voided stays voided. For it to stand, the
    recorder logs it anew."""
    play, _ = logged(Pile(), "strict", REPORTED)
    then(play, services.NewEvent(**RULING))
    assert then(play, meta("correction", seq=2, reason="13 were never taken")).voided == {2: 12}
    assert Play.objects.get(pk=play.pk).state == {"pile": 17}
    with pytest.raises(RuleViolation) as raised:
        then(play, meta("correction", seq=6, reason="x"))
    assert raised.value.detail["violations"][0]["message"] == "Seq 6 is already voided, by seq 11."


def test_snapshots_and_a_rebuild_agree_with_the_fold_after_a_ruling(logged, monkeypatch):
    """With a snapshot every 3 events, those at seq 6 and 9 hold moves the ruling voids; the
    table at every seq is as the table saw it then (see REPORTED), and a rebuild from the
    events alone reaches the caches and snapshots the appends left."""
    monkeypatch.setattr(services, "SNAPSHOT_EVERY", 3)
    play, _ = logged(Pile(), "strict", [*REPORTED, services.NewEvent(**RULING), take(4)])
    play = Play.objects.get(pk=play.pk)
    piles = [10, 15, 2, 3, 9, 9, 4, 5, 0, 2, 0, 4, 0]
    assert [view_as_of(play, seq, None)["pile"] for seq in range(13)] == piles
    appended = derived(play)
    assert appended[1] == [(3, {"pile": 3}), (6, {"pile": 4}), (9, {"pile": 2}), (12, {"pile": 0})]
    assert derived(services.rebuild_play_caches(play.pk)) == appended


def test_a_move_after_the_outcome_the_corrected_table_reaches_is_voided_too(logged):
    """Without the 2 added at seq 1, taking 10 empties the pile: the game is over there, and
    the 1 added at seq 3 may not follow."""
    play, _ = logged(LastStone(), "strict", [add(2), take(10), add(1)])
    corrected = then(play, meta("correction", seq=1, reason="none added"))
    assert corrected.voided == {1: 4, 3: 4}
    play = Play.objects.get(pk=play.pk)
    assert play.state == {"pile": 0} and play.status == Status.FINISHED
    assert play.finished_position == corrected.events[0].position


def test_a_record_play_flags_a_move_after_the_outcome_and_its_audit_says_so(logged):
    play, appended = logged(LastStone(), "record", [take(10), add(1)])
    assert appended.flags == {2: [GAME_OVER]}
    assert audit(Play.objects.get(pk=play.pk), 2, None)["violations"] == [GAME_OVER.as_dict()]


PLAYTHROUGHS = [load(path) for path in all_playthroughs()]


def disputed(playthrough) -> list[int]:
    """The first, middle and last move of a playthrough: a few per game keep this quick."""
    return sorted({1, (len(playthrough.events) + 1) // 2, len(playthrough.events)})


def cascade(engine, playthrough, target: int) -> tuple[list[int], object]:
    """Without the records service: fold the playthrough without move ``target``, skipping
    every later move the rules refuse on the table so far (one after the outcome, or one the
    engine cannot even judge or apply, included). Returns the moves skipped and the table."""
    state = engine.setup(playthrough.seats, playthrough.options)
    skipped = []
    for seq, move in enumerate(playthrough.moves(), start=1):
        if seq == target:
            continue
        try:
            refused = engine.outcome(state) is not None or bool(engine.check(state, move))
            after = state if refused else engine.apply(state, move)
        except Exception:
            refused = True
        if refused:
            skipped.append(seq)
        else:
            state = after
    return skipped, state


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: f"{p.slug}/{p.name}")
def test_a_dispute_on_any_move_can_be_ruled_and_voided(club_setup, client_for, playthrough):
    """Each case runs in a savepoint rolled back after it, on the one logged playthrough."""
    club = club_setup["public"]
    client = client_for(club["recorder"])
    play_id = start_play(client, club["club"], playthrough, "strict")
    append(client, play_id, playthrough.events)
    engine, last, url = registry.get(playthrough.slug), len(playthrough.events), f"/api/v1/plays/{play_id}"
    for target in disputed(playthrough):
        skipped, table = cascade(engine, playthrough, target)
        voided = [target, *skipped]
        with transaction.atomic():
            append(client, play_id, {"type": "dispute", "data": {"seq": target, "claim": "Not allowed."}})
            ruling = {"dispute": last + 1, "decision": "Upheld.", "void": True}
            response = append(client, play_id, {"type": "ruling", "data": ruling})
            assert response["voided"] == [{"seq": seq, "voided_by": last + 2} for seq in voided]
            assert response["status"] == ("in_progress" if engine.outcome(table) is None else "finished")
            assert client.get(f"{url}/audit/?seq={last + 2}").json()["voids"] == voided
            for seq in {voided[0], voided[len(voided) // 2], voided[-1]}:
                assert client.get(f"{url}/audit/?seq={seq}").json()["voided_by"] == last + 2
            assert client.get(f"{url}/verify/").json()["ok"] is True
            play = Play.objects.get(pk=play_id)
            assert play.state == json.loads(json.dumps(table))
            appended = derived(play)
            assert derived(services.rebuild_play_caches(play_id)) == appended
            transaction.set_rollback(True)
