"""End of the game, outcome and tie-breaks (sections 7 and 2), views and record plays."""

import pytest

from games.contract import EngineError, Move
from games.vasa_regalis import ENGINE

GOODS = ("wood", "cloth", "iron", "sculpture")


def ended(new_table, ships, hands, leader=0):
    """Arrange a finished game: ``ships[seat]`` the values on wood, cloth, iron, sculpture;
    ``hands[seat]`` the goods on hand as (value 3, value 2, value 1) counts, the section 2 way."""
    table = new_table(len(ships))
    placed = [dict(zip(GOODS, values)) for values in ships]
    held = [
        {"wood": [v1, v2, v3], "cloth": [0, 0, 0], "iron": [0, 0, 0], "sculpture": [0, 0, 0]} for v3, v2, v1 in hands
    ]
    table.state = {**table.state, "ships": placed, "hands": held, "built": list(GOODS), "phase": "finished"}
    table.state["leader"] = leader
    return table


def test_section_2_example_player_3_keeps_most_and_wins(new_table):
    """2, example: four parts of total 9 each, the ship sails; "the winner is player 3, who has
    managed to keep most for herself (as many goods of value 3 as the other players but more
    goods of value 2)"."""
    table = ended(
        new_table,
        ships=[(3, 2, 3, 2), (2, 3, 2, 2), (2, 1, 2, 2), (2, 3, 2, 3)],
        hands=[(1, 0, 2), (1, 1, 2), (1, 2, 1), (1, 0, 2)],
    )
    assert {good: part["total"] for good, part in table.view()["parts"].items()} == dict.fromkeys(GOODS, 9)
    outcome = ENGINE.outcome(table.state)
    assert outcome.winners == [2]
    assert outcome.places[2] == 1 and outcome.places[1] == 2
    assert outcome.reason == "All parts are operational: the player having the most goods of value 3 on hand wins."


def test_operational_totals_are_7_9_and_11(new_table):
    """7: "3 players: ... 7 or more. 4 players: ... 9 or more. 5 players: ... 11 or more." """
    for players, needed in ((3, 7), (4, 9), (5, 11)):
        just = [(3, 3, 3, 3)] + [(1, 1, 1, 1)] * (players - 2) + [(needed - 3 - (players - 2),) * 4]
        short = just[:-1] + [(needed - 4 - (players - 2),) * 4]
        assert all(p["operational"] for p in ended(new_table, just, [(0, 0, 0)] * players).view()["parts"].values())
        assert not any(
            p["operational"] for p in ended(new_table, short, [(0, 0, 0)] * players).view()["parts"].values()
        )


def test_no_part_operational_all_players_lose(new_table):
    """7: "If no part is operational, no shipyard leader escapes the King's wrath and all players lose." """
    table = ended(new_table, ships=[(1, 1, 1, 1)] * 3, hands=[(2, 0, 0), (0, 0, 0), (0, 0, 0)])
    outcome = ENGINE.outcome(table.state)
    assert (outcome.winners, outcome.places, outcome.cooperative) == ([], [1, 1, 1], True), "a loss all share"
    assert outcome.reason == (
        "No part is operational: no shipyard leader escapes the King's wrath and all players lose."
    )


def test_all_operational_most_value_3_on_hand_wins(new_table):
    """7: "If all parts are operational, the player having the most goods of value 3 on hand wins." """
    table = ended(new_table, ships=[(3, 3, 3, 3), (2, 2, 2, 2), (2, 2, 2, 2)], hands=[(0, 5, 5), (2, 0, 0), (1, 4, 4)])
    assert ENGINE.outcome(table.state).places == [3, 1, 2]


def test_some_parts_fail_most_value_3_on_those_parts_wins(new_table):
    """2: "If 1-3 parts are not operational, the player having the most goods of value 3 on those
    parts wins." Iron (total 5) fails; seat 1 has a 3 on it; seat 0 has more 3s elsewhere."""
    table = ended(new_table, ships=[(3, 3, 1, 3), (2, 2, 3, 2), (2, 2, 1, 2)], hands=[(3, 0, 0)] * 3)
    outcome = ENGINE.outcome(table.state)
    assert outcome.winners == [1]
    assert outcome.reason == (
        "1-3 parts are not operational (missing iron causes the ship to be lost in battle): "
        "the player having the most goods of value 3 on those parts wins."
    )
    assert not outcome.cooperative


def test_failed_parts_tie_goes_to_most_value_3_on_the_whole_ship(new_table):
    """2: "In the event of a tie, the player having the most goods of value 3 on all parts of the
    ship wins." Wood fails (total 6) with no 3 on it; seat 2 has three 3s elsewhere, the others one."""
    ships = [(2, 3, 2, 2), (2, 2, 3, 2), (2, 3, 3, 3)]
    table = ended(new_table, ships=ships, hands=[(0, 0, 0)] * 3, leader=2)
    assert ENGINE.outcome(table.state).places == [2, 2, 1]


def test_then_value_2_then_value_1_on_the_ship_when_it_failed(new_table):
    """2: "If a tie remains, count first goods of value 2 ... on the ship (if the ship was not
    operational) and then goods of value 1." Only sculpture is operational; each ship has one 3
    (on the sculpture); the goods on hand do not count."""
    ships = [(1, 2, 2, 3), (2, 2, 2, 3), (1, 1, 1, 3)]
    table = ended(new_table, ships=ships, hands=[(5, 5, 5), (0, 0, 0), (0, 0, 0)])
    assert ENGINE.outcome(table.state).places == [2, 1, 3]


def test_then_value_2_then_value_1_on_hand_when_it_sailed(new_table):
    """2: "count first goods of value 2 on hand (if the ship was operational) ... and then goods of value 1." """
    table = ended(new_table, ships=[(3, 3, 3, 3), (2, 2, 2, 2), (2, 2, 2, 2)], hands=[(1, 1, 3), (1, 1, 4), (1, 2, 0)])
    assert ENGINE.outcome(table.state).places == [3, 2, 1]


def test_a_remaining_tie_goes_to_the_shipyard_leader(new_table):
    """2: "If a tie still remains, the shipyard leader wins." Without the leader in it, it stays shared."""
    ships = [(3, 3, 3, 3), (2, 2, 2, 2), (2, 2, 2, 2)]
    hands = [(1, 1, 1), (1, 1, 1), (1, 1, 1)]
    assert ENGINE.outcome(ended(new_table, ships, hands, leader=1).state).places == [2, 1, 2]
    assert ENGINE.outcome(ended(new_table, ships, hands[:2] + [(0, 0, 0)], leader=2).state).places == [1, 1, 3]


def test_the_game_ends_when_the_fourth_part_is_built(new_table):
    """7: "The game ends immediately when all goods have been placed on all parts of the ships":
    no inspection follows the fourth building, and nothing may follow the end."""
    table = new_table(3).play("choose_leader", seat=0)
    for good in GOODS:
        table.deal(0, good, 3).deal(1, good, 3)
    for good in GOODS:
        table.roles_done()
        chooser = table.view()["active_seats"][0]
        table.play("choose_building", chooser, good=good)
        for seat in (chooser, chooser + 1, chooser + 2):
            table.play("place", seat % 3, value=3 if seat % 3 < 2 else 1)
        for _ in range(3 if good != "sculpture" else 0):
            table.play("inspect", table.view()["active_seats"][0], target=None, good=None)
    view = table.view()
    assert (view["phase"], view["finished"], view["legal_event_types"]) == ("finished", True, [])
    assert all(part["total"] == 7 and part["operational"] for part in view["parts"].values())
    outcome = ENGINE.outcome(table.state)
    assert outcome.winners == [0], "seats 0 and 1 tie on hand; seat 0 holds the leader card in round 4"
    assert table.rules("choose_role", 1, role="king") == ["7. End of game"]


def test_other_players_goods_are_hidden(new_table):
    """3: "At all times, a players' goods are kept face down and may only be viewed by that player." """
    table = new_table(3).play("choose_leader", seat=0).deal(1, "wood", 3)
    mine, theirs = table.view(1)["players"][1], table.view(0)["players"][1]
    assert mine["hand"]["wood"] == [1, 0, 1]
    assert theirs["hand"] is None and theirs["hand_values"] == [None, None, None]
    assert theirs["hand_counts"]["wood"] == 2
    assert table.view(0)["parts"]["wood"]["total"] is None
    assert table.view()["players"][1]["hand"]["wood"] == [1, 0, 1], "the arbiter sees everything"
    end = ended(new_table, [(3, 3, 3, 3)] * 3, [(1, 0, 0)] * 3)
    assert end.view()["players"][1]["ship"] == dict.fromkeys(GOODS, 3)
    assert end.view(0)["players"][1]["ship"] is None, "7 turns the goods face up; the records service shows that"


def test_a_record_play_applies_a_refused_move_as_the_table_made_it(new_table):
    """Record plays: a refused procurement (two wood for a non-chooser) is applied anyway."""
    table = new_table(3).play("choose_leader", seat=0).play("choose_role", 0, role="wood_procurer")
    table.play("procure", 0, goods=["wood"])
    move = Move("procure", 1, {"goods": ["wood", "wood"]})
    assert ENGINE.check(table.state, move)
    state = ENGINE.apply(table.state, move)
    assert state["hands"][1]["wood"] == [3, 0, 0]
    assert ENGINE.view(state)["active_seats"] == [1], "the round goes on with seat 1 choosing a role"


def test_a_record_play_cannot_apply_a_move_before_the_leader_card_or_after_the_end(new_table):
    """3 and 7: without the leader card there is no turn order; after the end nothing follows."""
    with pytest.raises(EngineError):
        ENGINE.apply(new_table(3).state, Move("choose_role", 0, {"role": "king"}))
    end = ended(new_table, [(3, 3, 3, 3)] * 3, [(0, 0, 0)] * 3)
    with pytest.raises(EngineError):
        ENGINE.apply(end.state, Move("choose_role", 0, {"role": "king"}))


def test_a_record_play_building_a_part_again_does_not_end_the_game_early(new_table):
    """4: "Each good type may only be built once." A record play that builds wood again
    (flagged) still needs the other three parts before the game ends (section 7)."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "wood", 3).roles_done()
    table.play("choose_building", 0, good="wood")
    for seat in range(3):
        table.play("place", seat, value=1)
    for seat in (2, 1, 0):
        table.play("inspect", seat, target=None, good=None)
    table.deal(1, "iron", 3).roles_done()
    again = Move("choose_building", 1, {"good": "wood"})
    assert [v.rule for v in ENGINE.check(table.state, again)] == ["4. Building"]
    table.state = ENGINE.apply(table.state, again)
    for seat in range(3):
        table.state = ENGINE.apply(table.state, Move("place", seat, {"value": 1}))
    assert (table.view()["built"], table.view()["phase"]) == (["wood"], "inspection")


def test_a_record_play_applies_refused_moves_without_breaking(new_table):
    """Record plays: moves check refused are still applied, and the table goes on."""
    table = new_table(4, inventory=True).play("choose_leader", seat=0).deal(0, "wood", 3)
    table.play("choose_role", 0, role="wood_procurer")
    refused = [
        Move("procure", 3, {"goods": ["wood"]}),  # the last in turn procures none
        Move("choose_role", 1, {"role": "wood_procurer"}),  # already chosen
        Move("trade", 0, {"with": 1, "give": [{"good": "iron", "value": 3}], "receive": []}),
        Move("end_inventory", None, {}),
        Move("place", 2, {"value": 3}),
        Move("inspect", 1, {"target": 1, "good": "wood"}),
        Move("replace", 2, {"good": "cloth", "value": 2}),
        Move("order_replacement", 1, {"target": 0, "good": "sculpture"}),
    ]
    state = table.state
    for move in refused:
        assert ENGINE.check(state, move), f"{move} was not refused"
        try:
            state = ENGINE.apply(state, move)
        except EngineError:
            assert move.type == "place", "only a placement with no good type chosen has nowhere to go"
        view = ENGINE.view(state, 0)
        assert view["phase"] == "roles" and view["active_seats"]


def test_two_parts_fail_the_value_3_on_both_count_then_the_whole_ship(new_table):
    """2: "the player having the most goods of value 3 on those parts wins. In the event of a tie,
    the player having the most goods of value 3 on all parts of the ship wins." Four players need
    9: wood 3+3+1+1 = 8 and cloth 1+3+1+1 = 6 fail, iron 3+1+3+2 = 9 and sculpture 3+1+3+2 = 9
    hold. Value 3 on wood and cloth: seat 1 two, seat 0 one, seats 2 and 3 none; on the whole
    ship seat 2 has two, seat 3 none. Seat 0's goods on hand do not count."""
    ships = [(3, 1, 3, 3), (3, 3, 1, 1), (1, 1, 3, 3), (1, 1, 2, 2)]
    table = ended(new_table, ships=ships, hands=[(5, 5, 5), (0, 0, 0), (0, 0, 0), (0, 0, 0)], leader=3)
    outcome = ENGINE.outcome(table.state)
    assert (outcome.places, outcome.winners) == ([2, 1, 3, 4], [1])
    assert outcome.reason == (
        "1-3 parts are not operational (missing wood causes the ship to sink, missing cloth causes the ship "
        "to be lost at sea): the player having the most goods of value 3 on those parts wins."
    )


def test_five_players_a_whole_final_worked_by_hand(new_table):
    """7 and 2 with five players: each part needs "11 or more". Wood 3+2+3+1+1 = 10 and iron
    1+2+2+3+2 = 10 fail; cloth 2+3+2+2+2 = 11 and sculpture 2+2+3+2+2 = 11 hold. Value 3 on wood
    and iron: seats 0, 2 and 3 one each, seats 1 and 4 none. On the whole ship seat 2 has two
    (wood, sculpture) and wins; seats 0 and 3 have one, then two of value 2 and one of value 1
    each: "the shipyard leader wins" the tie (seat 3). Seat 1 (a 3 on cloth) is 4th, seat 4
    last; its goods on hand do not count when the ship failed."""
    ships = [(3, 2, 1, 2), (2, 3, 2, 2), (3, 2, 2, 3), (1, 2, 3, 2), (1, 2, 2, 2)]
    hands = [(0, 0, 0)] * 4 + [(5, 5, 5)]
    table = ended(new_table, ships=ships, hands=hands, leader=3)
    parts = table.view()["parts"]
    assert {good: (part["total"], part["operational"]) for good, part in parts.items()} == {
        "wood": (10, False),
        "cloth": (11, True),
        "iron": (10, False),
        "sculpture": (11, True),
    }
    outcome = ENGINE.outcome(table.state)
    assert (outcome.places, outcome.winners) == ([3, 4, 1, 2, 5], [2])
    assert outcome.reason == (
        "1-3 parts are not operational (missing wood causes the ship to sink, missing iron causes the ship "
        "to be lost in battle): the player having the most goods of value 3 on those parts wins."
    )
