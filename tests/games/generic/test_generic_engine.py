"""The generic engine: seats, scores and a coherent result for any title."""

import pytest

from games import registry
from games.contract import EngineError, Move, Seat
from games.kit import Game

ENGINE = registry.get("generic")


def play(seats, moves, **options):
    state = ENGINE.setup(seats, {"title": "Any", **options})
    for move in moves:
        assert ENGINE.check(state, move) == [], move
        state = ENGINE.apply(state, move)
    return state


def finish(**data):
    return Move("finish", None, data)


def test_highest_score_wins_and_ties_share_the_better_place():
    state = play([Seat()] * 4, [finish(scores=[10, 30, 30, 5])])
    outcome = ENGINE.outcome(state)
    assert outcome.places == [3, 1, 1, 4] and outcome.winners == [1, 2]


def test_lowest_score_wins_when_the_play_says_so():
    state = play([Seat()] * 3, [Move("score", 0, {"points": 70}), finish(scores=[70, 68, 90])], scoring="lowest_wins")
    assert ENGINE.outcome(state).places == [2, 1, 3]


def test_teams_share_the_place_of_their_summed_score():
    seats = [Seat(team="north"), Seat(team="south"), Seat(team="north"), Seat(team="south")]
    outcome = ENGINE.outcome(play(seats, [finish(scores=[5, 9, 6, 1])]))
    assert outcome.places == [1, 2, 1, 2] and outcome.winners == [0, 2]


def test_explicit_places_of_teams_are_shared():
    """README: "Seats that share a `team` share their place": teams north, south, north, south placed 1, 2, 3, 4
    would put north first and third, and are refused; 1, 3, 1, 3 (the seats ranked, tied ones sharing a place, as
    an import from the win flags places them) is accepted."""
    seats = [Seat(team="north"), Seat(team="south"), Seat(team="north"), Seat(team="south")]
    state = ENGINE.setup(seats, {"title": "Any", "scoring": "places"})
    assert ENGINE.check(state, finish(places=[1, 2, 3, 4]))[0].message == "Seats that share a team share their place."
    assert ENGINE.check(state, finish(places=[1, 3, 1, 3])) == []
    assert ENGINE.outcome(ENGINE.apply(state, finish(places=[1, 3, 1, 3]))).winners == [0, 2]


def test_scores_for_too_few_seats_are_refused_and_cannot_be_applied():
    """README: a team's score is the sum of its members'; with a score missing there is no sum to rank (the check
    once raised an IndexError here)."""
    seats = [Seat(team="north"), Seat(team="south"), Seat(team="north"), Seat(team="south")]
    state = ENGINE.setup(seats, {"title": "Any"})
    assert "one score for each of the 4 seats" in ENGINE.check(state, finish(scores=[3, 2]))[0].message
    with pytest.raises(EngineError):
        ENGINE.apply(state, finish(scores=[3, 2]))


def test_explicit_places_must_rank_the_seats():
    state = ENGINE.setup([Seat()] * 3, {"title": "Any", "scoring": "places"})
    assert ENGINE.check(state, finish(places=[1, 1, 3])) == []
    assert ENGINE.check(state, finish(places=[1, 1, 2]))[0].message.startswith("Places must rank the seats")
    assert "one place for each" in ENGINE.check(state, finish(places=[1, 2]))[0].message


def test_a_cooperative_play_is_won_or_lost_by_everyone():
    won = ENGINE.outcome(play([Seat()] * 3, [finish(result="won")], scoring="cooperative"))
    lost = ENGINE.outcome(play([Seat()] * 3, [finish(result="lost")], scoring="cooperative"))
    assert (won.winners, won.cooperative) == ([0, 1, 2], True)
    assert (lost.winners, lost.places) == ([], [1, 1, 1])
    state = ENGINE.setup([Seat()] * 2, {"title": "Any", "scoring": "cooperative"})
    assert ENGINE.check(state, finish()) and ENGINE.check(state, Move("score", 0, {"points": 1}))


def test_a_move_made_by_no_seat_names_none():
    """The kit's turn order (games.kit.Game.gate): a finish is the table's, not a seat's, as a
    seat's score must name its seat; legal_moves offers it with none."""
    state = ENGINE.setup([Seat()] * 2, {"title": "Any"})
    [violation] = ENGINE.check(state, Move("finish", 1, {"scores": [1, 2]}))
    assert violation.message == "A finish is made by no seat: it names none."
    assert [m.seat for m in ENGINE.legal_moves(state) if m.type == "finish"] == [None]


@pytest.mark.parametrize("move", [Move("score", 0, {"points": 1}), finish()])
def test_nothing_follows_the_finish(move):
    state = play([Seat()] * 2, [finish(scores=[1, 2])])
    assert "game is over" in ENGINE.check(state, move)[0].message


@pytest.mark.parametrize("scoring", ["highest_wins", "lowest_wins", "places", "cooperative"])
def test_the_short_gate_answers_as_the_kits_gate(scoring):
    """GenericEngine.gate reads its commonest answer straight off the state; every answer,
    accepting or refusing, must be the kit's own (games.kit.Game.gate)."""
    fresh = ENGINE.setup([Seat()] * 3, {"title": "Any", "scoring": scoring})
    over = {**fresh, "outcome": {"places": [1, 1, 1], "winners": [0, 1, 2], "reason": "done"}}
    moves = [Move("score", seat, {"points": 1}) for seat in (None, -1, 0, 2, 3)] + [finish(), Move("bid", 0, {})]
    for state in (fresh, over):
        for move in moves:
            assert ENGINE.gate(state, move) == Game.gate(ENGINE, state, move), (state["outcome"], move)
