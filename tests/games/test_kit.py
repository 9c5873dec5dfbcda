"""The engine kit (games/kit.py) on a game of its own, small enough to compute by hand.

"Race to 3": seats take turns in seat order, each adding 1 or 2 to a shared counter; whoever
brings it to 3 or more wins. A move of 0 is refused and (in a record play) still passed on;
a move of 9 is refused and cannot be applied at all.
"""

from dataclasses import replace

import pytest

from games.contract import EngineError, Move, Outcome, Seat, obj
from games.kit import Game, Phase, Table, counted, listed, move
from games.secrets import EACH, NOBODY, Secret

PLAYED = []


@move(
    "add",
    section="2. Adding",
    description="Add 1 or 2 to the counter.",
    schema=obj({"by": {"type": "integer"}}),
    example={"by": 1},
    choices=lambda state, seat: [{"by": by} for by in (0, 1, 2, 9)],  # 0 and 9 for check to refuse
    says=lambda state, move, names: f"{names[move.seat]} adds {move.data['by']}.",
)
def add(table: Table, move: Move) -> None:
    PLAYED.append(move)
    by = move.data["by"]
    if by == 9:
        table.refuse("2. Adding", "Nobody adds 9.")
        raise EngineError("the counter has no 9")
    if by not in (1, 2):
        table.refuse("2. Adding", f"Add 1 or 2, not {by}.")
    table.update(counter=table.state["counter"] + by, turn=(table.state["turn"] + 1) % table.state["seats"])
    table.at("history", move.seat).append(by)


@move(
    "crash",
    section="3. Crashing",
    description="A bug.",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [],
    says=lambda state, move, names: "Crash.",
)
def crash(table: Table, move: Move) -> None:
    raise KeyError("a bug")


class Race(Game):
    slug, title, min_players, max_players = "race", "Race to 3", 2, 3
    phases = (Phase("racing", "1. Turns", moves=(add, crash), turn=lambda state: [state["turn"]]),)
    end_section = "4. The end"
    view_secrets = (Secret("history.*", EACH, "each seat's additions are its own"),)

    def setup(self, seats, options):
        return {"counter": 0, "turn": 0, "seats": len(seats), "history": [[] for _ in seats]}

    def phase_name(self, state):
        return "racing"

    def outcome(self, state):
        if state["counter"] < 3:
            return None
        winner = (state["turn"] - 1) % state["seats"]
        return Outcome(places=[1 if s == winner else 2 for s in range(state["seats"])], winners=[winner], reason="3")

    def table(self, state, seat):
        return {"phase": "racing", "scores": None, "counter": state["counter"], "history": state["history"]}


RACE = Race()
START = RACE.setup([Seat(), Seat()], {})


def test_the_vocabulary_comes_from_the_phases_moves():
    assert set(RACE.event_types) == {"add", "crash"}
    assert RACE.event_types["add"].schema == obj({"by": {"type": "integer"}})


def test_check_and_apply_play_the_move_once_and_agree():
    PLAYED.clear()
    legal = Move("add", 0, {"by": 2})
    assert RACE.check(START, legal) == []
    after = RACE.apply(START, legal)
    assert len(PLAYED) == 1, "apply after check on the same state reuses the played move"
    assert after == {"counter": 2, "turn": 1, "seats": 2, "history": [[2], []]}
    assert START == {"counter": 0, "turn": 0, "seats": 2, "history": [[], []]}, "apply is pure"


def test_a_refused_move_is_applied_as_the_table_played_it():
    wrong = Move("add", 0, {"by": 0})
    [violation] = RACE.check(START, wrong)
    assert (violation.rule, violation.message) == ("2. Adding", "Add 1 or 2, not 0.")
    assert RACE.apply(START, wrong)["turn"] == 1


def test_a_move_that_cannot_be_applied_at_all_is_refused_then_an_engine_error():
    impossible = Move("add", 0, {"by": 9})
    assert [v.message for v in RACE.check(START, impossible)] == ["Nobody adds 9."]
    with pytest.raises(EngineError, match="no 9"):
        RACE.apply(START, impossible)


def test_an_exception_from_a_move_the_turn_order_allows_is_a_bug_raised_as_it_is():
    with pytest.raises(KeyError):
        RACE.check(START, Move("crash", 0, {}))
    with pytest.raises(KeyError):
        RACE.apply(START, Move("crash", 0, {}))


def test_out_of_turn_is_refused_by_the_phase_and_applied_if_the_rule_can():
    [violation] = RACE.check(START, Move("add", 1, {"by": 1}))
    assert violation.rule == "1. Turns" and "not seat 1's turn" in violation.message
    assert RACE.apply(START, Move("add", 1, {"by": 1}))["history"] == [[], [1]]
    with pytest.raises(EngineError, match="not seat 1's turn"):
        RACE.apply(START, Move("crash", 1, {}))  # refused, and its rule cannot play it


def test_nothing_follows_the_end():
    state = START
    for seat, by in ((0, 2), (1, 1)):
        state = RACE.apply(state, Move("add", seat, {"by": by}))
    assert RACE.outcome(state).winners == [1]
    [violation] = RACE.check(state, Move("add", 0, {"by": 1}))
    assert violation.rule == "4. The end"
    view = RACE.view(state)
    assert (view["finished"], view["active_seats"], view["legal_event_types"]) == (True, [], [])


def test_the_view_adds_the_turn_order_and_hides_secrets_per_seat():
    state = RACE.apply(START, Move("add", 0, {"by": 1}))
    arbiter = RACE.view(state)
    assert (arbiter["active_seats"], arbiter["legal_event_types"], arbiter["finished"]) == (
        [1],
        ["add", "crash"],
        False,
    )
    assert RACE.view(state, 0)["history"] == [[1], []]
    assert RACE.view(state, 1)["history"] == [[None], []]
    assert RACE.view(state, NOBODY)["history"] == [[None], []]


def test_a_table_copies_only_what_it_changes():
    state = {"a": {"b": [1, 2]}, "c": {"d": 1}}
    table = Table(state)
    table.at("a", "b").append(3)
    assert state == {"a": {"b": [1, 2]}, "c": {"d": 1}}
    assert table.state["c"] is state["c"]
    shared = state["c"]
    table.set("a", shared)  # a part set from the old state is copied again before it is changed
    table.at("a")["d"] = 2
    assert state["c"] == {"d": 1} and table.state["a"] == {"d": 2}


def test_each_level_of_a_path_is_copied_once():
    """``at`` copies a level the first time a path passes through it: a longer path goes on from
    the copies a shorter one made, and a level copied once is not copied again."""
    state = {"a": {"b": {"c": [1]}, "e": [2]}}
    table = Table(state)
    b = table.at("a", "b")
    assert table.at("a")["b"] is b and table.at("a", "b", "c") is b["c"]
    table.at("a", "b", "c").append(3)
    table.at("a", "e").append(4)
    assert table.at("a", "b") is b and table.state["a"]["b"] is b
    assert state == {"a": {"b": {"c": [1]}, "e": [2]}}
    assert table.state == {"a": {"b": {"c": [1, 3]}, "e": [2, 4]}}


def test_a_value_set_on_the_table_is_copied_again_before_it_changes():
    """``set`` and ``update`` may put a container of the input state back (pax_baltica's
    begin_year: rp_year is the old rp_next): the next ``at`` copies it, even where the key was
    copied before."""
    state = {"rp_next": {"sweden": {"add": 1}}, "rp_year": {}, "rolls": [None, None]}
    table = Table(state)
    table.at("rp_year")["russia"] = {}
    table.at("rolls")[0] = 3
    table.update(rp_year=state["rp_next"], rolls=state["rolls"])
    table.at("rp_year")["sweden"] = {}
    table.at("rolls")[1] = 4
    table.at("rp_next")["denmark"] = {}
    table.set("rp_next", state["rp_year"])
    table.at("rp_next")["saxony"] = {}
    assert state == {"rp_next": {"sweden": {"add": 1}}, "rp_year": {}, "rolls": [None, None]}
    assert table.state == {"rp_next": {"saxony": {}}, "rp_year": {"sweden": {}}, "rolls": [None, 4]}


def test_a_container_put_inside_a_copy_is_copied_again_before_it_changes():
    """A move may put another container inside a part it made writable (here a list of the input
    state): the next ``at`` through it copies what is there now, not the copy made before."""
    state = {"battle": {"acted": [1], "spare": [9]}}
    table = Table(state)
    table.at("battle", "acted").append(2)
    table.at("battle")["acted"] = state["battle"]["spare"]
    table.at("battle", "acted").append(3)
    assert state == {"battle": {"acted": [1], "spare": [9]}}
    assert table.state == {"battle": {"acted": [9, 3], "spare": [9]}}


def test_a_shared_part_stays_as_it_is_while_the_move_changes_on():
    """``share``: a part the move changed already is copied again before its next change, so an
    answer kept about the shared object (``last_answer``) holds."""
    table = Table({"blocks": {"a": {"at": 1}}})
    table.at("blocks", "a")["at"] = 2
    shared = table.share("blocks")["blocks"]
    table.at("blocks", "a")["at"] = 3
    assert shared == {"a": {"at": 2}} and table.state["blocks"] == {"a": {"at": 3}}


def test_two_moves_of_one_name_are_refused():
    declared = move("add", section="x", description="x", schema=obj({}), example={}, choices=list, says=str)
    other = declared(lambda table, move: None)

    class Twice(Race):
        phases = (Phase("racing", "1", moves=(add,), turn=lambda s: []), Phase("b", "1", moves=(other,), turn=list))

    with pytest.raises(TypeError, match="two different moves"):
        Twice().rules  # noqa: B018


def test_the_legal_moves_are_the_choices_check_accepts_for_the_seats_whose_turn_it_is():
    """Seat 0 moves first and may add 1 or 2 (rule 2); 0 and 9 are refused, seat 1 waits."""
    assert list(RACE.legal_moves(START)) == [Move("add", 0, {"by": 1}), Move("add", 0, {"by": 2})]
    assert list(RACE.legal_moves(START, 0)) == [Move("add", 0, {"by": 1}), Move("add", 0, {"by": 2})]
    assert list(RACE.legal_moves(START, 1)) == []
    after = RACE.apply(START, Move("add", 0, {"by": 2}))
    assert list(RACE.legal_moves(after)) == [Move("add", 1, {"by": 1}), Move("add", 1, {"by": 2})]
    over = RACE.apply(after, Move("add", 1, {"by": 1}))
    assert RACE.outcome(over) is not None and list(RACE.legal_moves(over)) == []


def race_of_exact_adds(*offered: int) -> Race:
    """Race to 3 whose ``add`` offers ``offered`` and declares them exact."""
    exact_add = replace(add, choices=lambda state, seat: [{"by": by} for by in offered], exact=True)

    class ExactRace(Race):
        phases = (Phase("racing", "1. Turns", moves=(exact_add,), turn=lambda state: [state["turn"]]),)

    return ExactRace()


def test_an_exact_moves_first_choice_speaks_for_the_rest():
    """An ``exact`` move's choices are legal whenever one is: only the first is checked. Here the
    choices are deliberately not exact (0 and 9 are refused), to show which are checked."""
    del PLAYED[:]
    assert [m.data["by"] for m in race_of_exact_adds(1, 0, 9).legal_moves(START)] == [1, 0, 9]
    assert PLAYED == [Move("add", 0, {"by": 1})]
    assert list(race_of_exact_adds(0, 1, 2).legal_moves(START)) == []


def test_a_move_is_said_with_the_seats_names():
    played = Move("add", 1, {"by": 2})
    assert RACE.narrate(START, played, None, ["Ada", "Bo"]) == "Bo adds 2."
    assert RACE.narrate(START, played) == "seat 1 adds 2."


def test_counted_and_listed_say_things_as_people_do():
    assert [counted(1, "wood"), counted(3, "block"), counted(2, "die", "dice")] == ["1 wood", "3 blocks", "2 dice"]
    assert [listed([]), listed(["wood"]), listed(["wood", "fur"]), listed(["wood", "fur", "fish"])] == [
        "",
        "wood",
        "wood and fur",
        "wood, fur and fish",
    ]
