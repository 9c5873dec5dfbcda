"""What a play's engine answers, and what the client then gets. Creating a play asks it first
whether the rulebook starts a game with those seats and options (``Engine.refuse_setup``); every
move is judged by its rules. A refusal is a 422 naming the rule; an engine that raises is a bug,
a 500 naming the engine (issue #16). Either way nothing is stored."""

import json
import logging

import pytest

from games import registry
from games.contract import Engine, EventType, Move, Seat, Violation, obj
from records.models import Event, Play, PlaySeat


@pytest.fixture
def recorder(public, client_for):
    return client_for(public["recorder"])


def create(client, public, game: str, options: dict, seats: int, mode: str = "strict"):
    body = {
        "club": "public",
        "game": game,
        "options": options,
        "mode": mode,
        "seats": [{"player": p.pk} for p in public["players"][:seats]],
    }
    return client.post("/api/v1/plays/", json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("mode", ["strict", "record"])
def test_nova_suecia_neutral_player_with_three_seats_is_a_422_naming_rule_7_5(public, recorder, mode):
    """Nova Suecia 7.5 "Two Player Variant": the neutral player joins 2 players only. The play
    was created and then refused every move; now it is not created at all, in either mode."""
    response = create(recorder, public, "nova_suecia", {"neutral_player": True}, 3, mode)
    assert response.status_code == 422, response.json()
    body = response.json()
    assert [v["rule"] for v in body["violations"]] == ["7.5 Two Player Variant"]
    assert "2 player game only" in body["violations"][0]["message"] and body["detail"]
    assert "seq" not in body
    assert Play.objects.count() == 0 and PlaySeat.objects.count() == 0


def test_nova_suecia_neutral_player_with_two_seats_is_created(public, recorder):
    response = create(recorder, public, "nova_suecia", {"neutral_player": True}, 2)
    assert response.status_code == 201, response.json()
    state = recorder.get(f"/api/v1/plays/{response.json()['id']}/state/").json()
    assert state["view"]["neutral_player"] == 2 and "option_problem" not in state["view"]


def test_vasa_regalis_edition_data_too_short_for_the_starting_hands_is_a_422_naming_section_2(public, recorder):
    """Vasa Regalis 2: "Each player takes ... 1 wood value 1, 1 cloth value 1, 1 sculpture value
    1 and 1 iron value 1": a play's own goods_in_game with 2 markers of value 1 cannot deal 3
    hands (the supply would start at -1). With 3 markers it can."""
    response = create(recorder, public, "vasa_regalis", {"goods_in_game": {"1": 2, "2": 3, "3": 3}}, 3)
    assert response.status_code == 422, response.json()
    [violation] = response.json()["violations"]
    assert violation["rule"] == "2. Object of the game" and "at least 3 markers of value 1" in violation["message"]
    assert Play.objects.count() == 0
    enough = create(recorder, public, "vasa_regalis", {"goods_in_game": {"1": 3, "2": 3, "3": 3}}, 3)
    assert enough.status_code == 201, enough.json()


def test_a_member_is_refused_for_the_role_before_the_rules(public, client_for):
    """Who may create comes first: a member learns nothing of the rules, and nothing is stored."""
    response = create(client_for(public["member"]), public, "nova_suecia", {"neutral_player": True}, 3)
    assert response.status_code == 403 and Play.objects.count() == 0


def test_the_schema_documents_the_422_of_creating_a_play(client_for):
    schema = client_for(None).get("/api/schema/?format=json").json()
    assert "422" in schema["paths"]["/api/v1/plays/"]["post"]["responses"]


class BrokenEngine(Engine):
    """A test engine that raises where the option ``fail_in`` says: a bug on options that fit."""

    slug = "broken_for_test"
    title = "Broken"
    min_players, max_players = 1, 4
    options_schema = obj({"fail_in": {"enum": ["refuse_setup", "setup", "check", "apply", "nowhere"]}})
    event_types = {"pass": EventType("Nothing.", obj({}), {}), "cheat": EventType("Against the rules.", obj({}), {})}

    def refuse_setup(self, seats: list[Seat], options):
        if options["fail_in"] == "refuse_setup":
            raise KeyError("no such rule")
        return []

    def setup(self, seats, options):
        if options["fail_in"] == "setup":
            raise ZeroDivisionError("division by zero")
        return {"seats": len(seats), "fail_in": options["fail_in"], "moves": 0}

    def check(self, state, move):
        if state["fail_in"] == "check":
            raise KeyError("a bug in check")
        return [Violation("1.1", "Cheating is against the rules.")] if move.type == "cheat" else []

    def apply(self, state, move):
        if state["fail_in"] == "apply":
            raise IndexError("a bug in apply")
        return {**state, "moves": state["moves"] + 1}

    def view(self, state, seat=None):
        return {"phase": "play", "active_seats": [], "legal_event_types": [], "scores": None, "finished": False}

    def outcome(self, state):
        return None

    def legal_moves(self, state, seat=None):
        yield Move("pass", 0, {})

    def narrate(self, state, move, seat=None, names=None):
        return f"A {move.type}."


@pytest.fixture
def broken(monkeypatch):
    """The test engine in the catalogue for this test only (the registry has no way to add
    one, so its lookups are patched; ``fingerprint`` would read this test's folder)."""
    engines, fingerprint = registry.engines(), registry.fingerprint
    monkeypatch.setattr(registry, "engines", lambda: {**engines, BrokenEngine.slug: BrokenEngine()})
    monkeypatch.setattr(
        registry, "fingerprint", lambda slug: "test" if slug == BrokenEngine.slug else fingerprint(slug)
    )
    return BrokenEngine.slug


@pytest.mark.parametrize("fail_in", ["refuse_setup", "setup"])
def test_an_engine_that_fails_on_a_new_play_is_a_bug_naming_it_logged_and_nothing_stored(
    public, recorder, broken, caplog, fail_in
):
    with caplog.at_level(logging.ERROR, logger="records.services"):
        response = create(recorder, public, broken, {"fail_in": fail_in}, 2)
    assert response.status_code == 500 and response["Content-Type"] == "application/json", response.content
    detail = response.json()["detail"]
    assert f"The {broken} engine failed on this play's seats and options" in detail
    assert "not a rule" in detail and "violations" not in response.json()
    assert Play.objects.count() == 0 and PlaySeat.objects.count() == 0
    [record] = [r for r in caplog.records if r.name == "records.services"]
    assert broken in record.getMessage() and record.exc_info is not None


def test_the_test_engine_starts_a_play_when_it_does_not_fail(public, recorder, broken):
    """The fixture's engine works through the API, so the failures above are the engine's."""
    response = create(recorder, public, broken, {"fail_in": "nowhere"}, 2)
    assert response.status_code == 201, response.json()


def append(client, play_id: int, move_type: str):
    body = {"type": move_type, "seat": 0, "data": {}}
    return client.post(f"/api/v1/plays/{play_id}/events/", json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("mode", ["strict", "record"])
@pytest.mark.parametrize("fail_in", ["check", "apply"])
def test_an_engine_that_fails_on_a_move_is_a_bug_not_a_rule(public, recorder, broken, caplog, fail_in, mode):
    """Issue #16: an exception from an engine is a 500 saying the engine failed on this move
    (never a violation "the rules refuse this"), logged with the play, seq and traceback;
    nothing is stored, and the play goes on once the engine does not fail."""
    created = create(recorder, public, broken, {"fail_in": fail_in}, 2, mode=mode)
    play_id = created.json()["id"]
    with caplog.at_level(logging.ERROR, logger="records.replay"):
        response = append(recorder, play_id, "pass")
    assert response.status_code == 500 and response["Content-Type"] == "application/json", response.content
    assert response.json() == {
        "detail": f"The {broken} engine failed on the move at seq 1: a fault of Tablelog's, not a rule of the game. "
        "Nothing was stored, and the failure is logged for the maintainers."
    }
    assert Event.objects.filter(play_id=play_id).count() == 0
    [record] = [r for r in caplog.records if r.name == "records.replay"]
    message = record.getMessage()
    assert broken in message and f"play {play_id} at seq 1" in message and record.exc_info is not None


@pytest.mark.parametrize(("mode", "status"), [("strict", 422), ("record", 201)])
def test_a_move_the_rules_refuse_is_a_violation_not_a_failure(public, recorder, broken, mode, status):
    """The other side of the difference: the same engine's rule refuses a move with its rule."""
    created = create(recorder, public, broken, {"fail_in": "nowhere"}, 2, mode=mode)
    response = append(recorder, created.json()["id"], "cheat")
    assert response.status_code == status, response.json()
    violations = response.json()["violations"] if status == 422 else response.json()["events"][0]["violations"]
    assert violations == [{"rule": "1.1", "message": "Cheating is against the rules."}]
