"""Record plays (moves applied as the table made them) and the component limits of section 2."""

import pytest

from games.contract import EngineError
from games.nova_suecia.board import DISTRICT_IDS


def _colonist(player, upright=True):
    return {"player": player, "option": "basic", "upright": upright}


def _at_invest(table, thaler=20):
    t = table(3, letters=["grain", "fur", "iron"]).at_step("colonist").ships(1, 12).edit_player(0, thaler=thaler)
    return t.edit_district("N3", type="farm", open=True)


def test_a_refused_investment_is_recorded_as_the_table_made_it(table):
    """Record play: an investment the player could not pay is still applied (thaler below 0)."""
    t = _at_invest(table, thaler=1)
    assert t.rules("invest", district="N3", triangle="left", option="basic") == ["5.3.1 Invest"]
    t.force("invest", district="N3", triangle="left", option="basic")
    assert t.view()["thaler"][0] == 1 - 4 and t.district("N3")["seal"] == 0
    assert t.view()["phase"] == "end"


def test_a_move_recorded_out_of_its_step_leaves_the_turn_where_it_was(table):
    """Record play: a Letter recorded during the Colonist step changes the letter, not the step."""
    t = _at_invest(table)
    assert t.rules("letter", resource="fur", draws=[{"resource": "timber"}]) == ["5.3 Colonist"]
    t.force("letter", resource="fur", draws=[{"resource": "timber"}])
    assert t.view()["phase"] == "colonist" and t.view()["letters"][0] == ["fur"]


def test_a_district_never_turned_up_cannot_be_invested_in(table):
    """5.3.1: "choose 1 open district": a district opened in a record play without naming the
    card has no known type."""
    t = _at_invest(table).edit_district("N4", open=True)
    assert t.rules("invest", district="N4", triangle="left", option="basic") == ["5.3.1 Invest"]


def test_twelve_seals_per_player(table):
    """2: "60 seal chits; 12 of each player color"."""
    t = _at_invest(table)
    for district_id in DISTRICT_IDS[12:24]:
        t.edit_district(district_id, type="forge", open=True, seal=0, left=_colonist(0))
    assert t.rules("invest", district="N3", triangle="left", option="basic") == ["2. Game Components"]
    t.edit_district("S12", seal=None, left=None)
    assert t.rules("invest", district="N3", triangle="left", option="basic") == []


def test_twenty_four_colonists_in_all(table):
    """2: "24 blue colonist meeples": no colonist can be bought when all are in play."""
    t = _at_invest(table).edit_player(0, standing=0).edit_player(1, standing=12).edit_player(2, standing=11)
    assert t.rules("invest", district="N3", triangle="left", option="basic", buy_colonist=True) == []
    t.edit_player(2, standing=12)
    assert t.rules("invest", district="N3", triangle="left", option="basic", buy_colonist=True) == [
        "2. Game Components"
    ]


def test_twelve_log_cabins_in_all(table):
    """2: "12 blue colonist log cabins": no log cabin is built when all stand."""
    t = _at_invest(table).edit_district("N3", seal=0, left={"player": 0, "option": "log_cabin", "upright": True})
    t.edit_district("S1", type="forge", open=True, cabins=11)
    assert t.rules("produce", district="N3", triangle="left") == []
    t.edit_district("S1", cabins=12)
    assert t.rules("produce", district="N3", triangle="left") == ["2. Game Components"]


def test_no_move_is_applied_after_the_end(table):
    """6: the game has ended; check names the end, and nothing follows it: the kit's apply
    refuses a move after the end even in a record play (EngineError; before the port the move
    was applied and the outcome kept), so how the game ended cannot change."""
    t = table(3, letters=["grain", "fur", "iron"]).at_step("end").edit(forts={"christina": 1, "nassau": 1})
    t.edit(outcome={"places": [1, 1, 1], "winners": [], "reason": "Dutch victory", "scores": [0, 0, 0], "blamed": []})
    assert t.rules("end_turn", 0) == ["6. End of Game"]
    with pytest.raises(EngineError, match="The game is over"):
        t.force("end_turn", 0)
    assert t.view()["finished"] and t.view()["outcome"]["reason"] == "Dutch victory"
