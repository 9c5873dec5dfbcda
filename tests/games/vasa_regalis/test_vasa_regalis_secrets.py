"""Hidden information: what each player, and a spectator holding no seat (NOBODY), sees of the
goods on hand, the goods on the ships, the inspections and the moves. Expected values come
from the rulebook: 3 ("At all times, a players' goods are kept face down and may only be
viewed by that player. They are only shown to the other players when exchanged for higher
values or in the actions Inventory and Inspection."), 4, 5, 7 and the Admiral card."""

from games.contract import Move
from games.secrets import NOBODY
from games.vasa_regalis import ENGINE

GOODS = ("wood", "cloth", "iron", "sculpture")


def iron_built(new_table):
    """Three players; seat 1 holds an iron of value 3; iron is built: seat 0 and seat 2 place
    iron of value 1, seat 1 its iron of value 3 (4: "The good must be placed face down")."""
    table = new_table(3).play("choose_leader", seat=0).deal(1, "iron", 3).roles_done()
    table.play("choose_building", 0, good="iron")
    for seat, value in ((0, 1), (1, 3), (2, 1)):
        table.play("place", seat, value=value)
    return table


def test_goods_on_hand_are_seen_by_their_holder_alone(new_table):
    """3: goods "may only be viewed by that player"; 2: each player starts with 1 wood, cloth, iron and sculpture of
    value 1. Procurement is from the open supply, so how many goods of each type a player holds is seen by all."""
    table = new_table(3).play("choose_leader", seat=0).deal(1, "wood", 3)
    assert table.view(1)["players"][1]["hand"] == {
        "wood": [1, 0, 1],
        "cloth": [1, 0, 0],
        "iron": [1, 0, 0],
        "sculpture": [1, 0, 0],
    }
    assert table.view(1)["players"][1]["hand_values"] == [1, 0, 4]
    for viewer in (0, 2, NOBODY):
        theirs = table.view(viewer)["players"][1]
        assert (theirs["hand"], theirs["hand_values"]) == (None, [None, None, None])
        assert theirs["hand_counts"] == {"wood": 2, "cloth": 1, "iron": 1, "sculpture": 1}


def test_a_spectator_sees_no_players_goods(new_table):
    """3: only a player views his own goods, and a spectator is no player: every hand and ship is hidden."""
    view = iron_built(new_table).view(NOBODY)
    assert all(p["hand"] is None and p["ship"] is None for p in view["players"])
    assert [p["ship_placed"] for p in view["players"]] == [["iron"]] * 3


def test_a_placed_good_lies_face_down(new_table):
    """4: "The good must be placed face down without being disclosed to the other players." The others see which
    square is filled, not the value; the place event's value is the placer's."""
    table = iron_built(new_table)
    assert table.view(1)["players"][1]["ship"]["iron"] == 3
    assert table.view(0)["players"][1]["ship"] is None and table.view(0)["players"][1]["ship_placed"] == ["iron"]
    place = Move("place", 1, {"value": 3})
    assert ENGINE.seen_data(place, 1) == {"value": 3}
    assert ENGINE.seen_data(place, 0) == ENGINE.seen_data(place, NOBODY) == {"value": None}


def test_an_inspection_shows_the_value_to_the_inspector_alone(new_table):
    """5: "each player may look at 1, and only 1, placed good on another player's ship": seat 2 looks at seat 1's
    iron (value 3); the others see that it looked, and at what, but not the value."""
    table = iron_built(new_table).play("inspect", 2, target=1, good="iron")
    looked = [(e["seat"], e["good"], e["value"]) for e in table.view(2)["shown"] if e["how"] == "inspection"]
    assert looked == [(1, "iron", 3)]
    for viewer in (0, 1, NOBODY):
        entries = [(e["seat"], e["good"], e["value"]) for e in table.view(viewer)["shown"] if e["how"] == "inspection"]
        assert entries == [(1, "iron", None)]


def test_exchanges_are_shown_to_everyone_a_spectator_too(new_table):
    """3: goods "are only shown to the other players when exchanged for higher values"."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "wood", 1)
    table.play("choose_role", 0, role="craftsman").play("exchange", 0, pairs=[{"good": "wood", "make": 2}])
    assert [(e["seat"], e["pairs"]) for e in table.view(NOBODY)["shown"]] == [(0, [{"good": "wood", "make": 2}])]


def test_an_admirals_replacement_does_not_tell_a_fake(new_table):
    """Admiral: "The player may fake a replacement and return the same good to the ship": the others see which
    square is replaced, not the value put back, so they cannot tell a fake from a real one."""
    replace = Move("replace", 0, {"good": "wood", "value": 1})
    assert ENGINE.seen_data(replace, 0) == replace.data
    for viewer in (1, 2, 3, NOBODY):
        assert ENGINE.seen_data(replace, viewer) == {"good": "wood", "value": None}


def test_part_totals_stay_hidden_when_the_game_ends(new_table):
    """4 and 7: the goods on the ships lie face down; at the end "All players turn their goods face up". No player
    knows a part's total before that, and the view turns nothing face up itself: the records service does."""
    table = iron_built(new_table)
    assert table.view()["parts"]["iron"] == {"built": True, "total": 5, "operational": False}
    for viewer in (0, 1, 2, NOBODY):
        assert table.view(viewer)["parts"]["iron"] == {"built": True, "total": None, "operational": None}
    table.state = {**table.state, "phase": "finished", "built": list(GOODS)}
    finished = table.view(0)
    assert finished["finished"] and finished["players"][1]["ship"] is None
    assert finished["parts"]["iron"]["total"] is None
