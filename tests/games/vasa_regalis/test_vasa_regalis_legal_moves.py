"""Legal moves and the sentences that say them, on hand-built tables. Every expected list is
worked out from the rulebook by hand (the section or card in each docstring): the table's
goods, then what the rule lets each seat do with them. A three-player game keeps 6 / 3 / 3
markers of value 1 / 2 / 3 of every good (section 2), and every player starts with 1 of each
good of value 1, so the supply starts with 3 / 3 / 3 of each."""

from __future__ import annotations

import json

from games.contract import Move
from games.kit import Table as KitTable
from games.vasa_regalis import ENGINE
from games.vasa_regalis.table import put_on_ship

GOODS = ("wood", "cloth", "iron", "sculpture")
NAMES = ["Astrid", "Bo", "Cecilia"]


def key(move: Move) -> tuple:
    return move.type, move.seat, json.dumps(move.data, sort_keys=True)


def legal(table, seat: int | None = None) -> list[tuple]:
    return sorted(key(move) for move in ENGINE.legal_moves(table.state, seat))


def expected(*moves: tuple) -> list[tuple]:
    return sorted(key(Move(type_, seat, data)) for type_, seat, data in moves)


def said(table, type_: str, seat: int | None, reader: int | None = None, **data) -> str:
    return ENGINE.narrate(table.state, Move(type_, seat, data), reader, NAMES)


def placed(table, seat: int, good: str, value: int):
    """Arrange: a good of that value from the supply goes through the seat's hand onto its ship."""
    table.deal(seat, good, value)
    arranged = KitTable(table.state)
    put_on_ship(arranged, seat, good, value)
    table.state = arranged.state
    return table


def test_section_3_the_leader_card_then_any_role_card(new_table):
    """3: "The player who last built something takes the shipyard leader card" (any of the 3
    seats, a move no seat makes); then the leader chooses any of the 8 role cards, and the next
    player any card but the ones chosen ("A player may not pass")."""
    table = new_table(3)
    assert legal(table) == expected(*(("choose_leader", None, {"seat": seat}) for seat in range(3)))
    table.play("choose_leader", seat=0)
    roles = ("wood_procurer", "cloth_procurer", "iron_procurer", "sculpture_procurer")
    roles += ("craftsman", "tailor_blacksmith", "admiral", "king")
    assert legal(table) == expected(*(("choose_role", 0, {"role": role}) for role in roles))
    table.play("choose_role", 0, role="king").play("procure", 0, goods=[])
    assert legal(table) == expected(*(("choose_role", 1, {"role": role}) for role in roles if role != "king"))


def test_wood_procurer_card_procure_2_1_or_none(new_table):
    """Wood Procurer: "The player choosing the role may procure 2 wood of value 1" (or fewer:
    README reading 5); the next player 1; the last in turn (seat 2 for chooser 0) none."""
    table = new_table(3).play("choose_leader", seat=0).play("choose_role", 0, role="wood_procurer")
    assert legal(table) == expected(
        ("procure", 0, {"goods": []}), ("procure", 0, {"goods": ["wood"]}), ("procure", 0, {"goods": ["wood", "wood"]})
    )
    table.play("procure", 0, goods=["wood", "wood"])
    assert legal(table) == expected(("procure", 1, {"goods": []}), ("procure", 1, {"goods": ["wood"]}))


def test_section_1_goods_are_limited(new_table):
    """1: "Goods are limited": seat 2 holds 2 of the 3 wood of value 1 in the supply, so the
    Wood Procurer's chooser may procure 1 wood at most."""
    table = (
        new_table(3).play("choose_leader", seat=0).deal(2, "wood", 1, 2).play("choose_role", 0, role="wood_procurer")
    )
    assert legal(table) == expected(("procure", 0, {"goods": []}), ("procure", 0, {"goods": ["wood"]}))


def test_craftsman_card_pairs_in_order(new_table):
    """Craftsman: "1 good of value 1 + 1 good of value 1 = 1 good of value 2; 1 good of value 1 +
    1 good of value 2 = 1 good of value 3", up to 2 pairs of wood or sculpture, made one after
    the other (README reading 7). Seat 0 holds wood 1/1/1 and sculpture 1: one pair of wood
    makes a wood 2 (none makes a 3: no wood 2 yet), and then wood 1 + wood 2 make a wood 3; the
    single sculpture makes nothing. So: nothing, wood 2, or wood 2 then wood 3."""
    table = new_table(3).play("choose_leader", seat=0).deal(0, "wood", 1, 2).play("choose_role", 0, role="craftsman")
    two, three = {"good": "wood", "make": 2}, {"good": "wood", "make": 3}
    assert legal(table) == expected(
        ("exchange", 0, {"pairs": []}), ("exchange", 0, {"pairs": [two]}), ("exchange", 0, {"pairs": [two, three]})
    )


def test_admiral_card_procures_1_of_any_type_and_replaces_or_fakes(new_table):
    """Admiral: "procure 1 good of any type and replace 1 good that he or she previously placed on
    the ship. The player may fake a replacement", either first (README reading 8). Seat 0 has a
    wood of value 1 on the ship and holds wood 1 and wood 2: nothing or 1 of the 4 goods; the
    wood replaced by value 1 (the other marker, or the same one faked) or value 2."""
    table = placed(new_table(3).play("choose_leader", seat=0), 0, "wood", 1).deal(0, "wood", 2)
    table.play("choose_role", 0, role="admiral")
    assert legal(table) == expected(
        ("procure", 0, {"goods": []}),
        *(("procure", 0, {"goods": [good]}) for good in GOODS),
        ("replace", 0, {"good": "wood", "value": 1}),
        ("replace", 0, {"good": "wood", "value": 2}),
    )


def test_king_card_orders_a_replacement_not_with_the_same_good(new_table):
    """King: "procure 1 good of any type and order another player to replace 1 good that he or she
    previously placed on the ship ... The player may not return the same good". Seat 0 has a
    wood 1 on the ship and holds wood 1 and 2; seat 1 is king: nothing or 1 of the 4 goods, and
    no order or the order of seat 0's wood. Ordered, seat 0 alone moves, and only the wood 2:
    another wood 1 would return the same good (README reading 9)."""
    table = placed(new_table(3).play("choose_leader", seat=0), 0, "wood", 1).deal(0, "wood", 2)
    table.play("choose_role", 0, role="craftsman").play("exchange", 0, pairs=[]).play("exchange", 1, pairs=[])
    table.play("choose_role", 1, role="king")
    assert legal(table) == expected(
        ("procure", 1, {"goods": []}),
        *(("procure", 1, {"goods": [good]}) for good in GOODS),
        ("order_replacement", 1, {"target": None, "good": None}),
        ("order_replacement", 1, {"target": 0, "good": "wood"}),
    )
    table.play("order_replacement", 1, target=0, good="wood")
    assert legal(table) == expected(("replace", 0, {"good": "wood", "value": 2}))


def wood_3_held(new_table, count: int = 1):
    """Three players, leader 0; seat 1 holds ``count`` wood of value 3 from the supply; the roles
    taken without a change of goods."""
    return new_table(3).play("choose_leader", seat=0).deal(1, "wood", 3, count).roles_done()


def test_section_4_building_may_or_must_take_place(new_table):
    """4: "Only a good type where at least 1 good of value 3 is in play may be chosen": a wood 3 is
    in play, so the leader chooses wood or passes. "If all goods of value 3 are in play, the
    building action must take place for that good type": with all 3 wood 3 held, no pass."""
    table = wood_3_held(new_table)
    assert legal(table) == expected(("choose_building", 0, {"good": "wood"}), ("pass_building", 0, {}))
    assert legal(wood_3_held(new_table, 3)) == expected(("choose_building", 0, {"good": "wood"}))


def test_section_4_every_player_places_a_held_good_of_the_type(new_table):
    """4: "all players must place a good of the same type on their ships", face down, in any order
    (README reading 11): seats 0 and 2 hold a wood 1; seat 1 a wood 1 and a wood 3."""
    table = wood_3_held(new_table).play("choose_building", 0, good="wood")
    assert legal(table) == expected(
        ("place", 0, {"value": 1}), ("place", 1, {"value": 1}), ("place", 1, {"value": 3}), ("place", 2, {"value": 1})
    )


def test_section_5_inspection_of_one_good_on_another_ship(new_table):
    """5: "each player may look at 1, and only 1, placed good on another player's ship, starting
    with the last player to build": seat 2 placed last, and looks at a wood of seat 0 or seat 1,
    or at none (README reading 12)."""
    table = wood_3_held(new_table).play("choose_building", 0, good="wood")
    table.play("place", 0, value=1).play("place", 1, value=3).play("place", 2, value=1)
    assert legal(table) == expected(
        ("inspect", 2, {"target": None, "good": None}),
        ("inspect", 2, {"target": 0, "good": "wood"}),
        ("inspect", 2, {"target": 1, "good": "wood"}),
    )


def test_section_6_inventory_trades_keep_a_good_of_every_type(new_table):
    """6: "all players may simultaneously exchange goods with each other ... A player must always
    keep enough goods to be able to take the Building action" (one good of every type not yet
    built: README reading 13). Seat 0 holds 2 wood and 1 of each other good, seats 1 and 2 one
    of each, all of value 1. With either partner: cloth, iron and sculpture go one for one or not
    at all (2 ways each); of the wood seat 0 gives none, 1 for nothing, 1 for 1, or 2 for 1 (the
    partner's only wood comes only for one of seat 0's, and seat 0 keeps one): 4 ways. 4 x 2 x 2
    x 2 = 32, less the empty exchange: 31 with each partner, 62 in all."""
    table = new_table(3, inventory=True).play("choose_leader", seat=0).deal(0, "wood", 1).roles_done()
    assert table.state["phase"] == "inventory"
    one = {"good": "wood", "value": 1}
    woods = [([], []), ([one], []), ([one], [one]), ([one, one], [one])]
    trades = []
    for partner in (1, 2):
        for give, receive in woods:
            for mask in range(8):
                others = [{"good": good, "value": 1} for bit, good in enumerate(GOODS[1:]) if mask >> bit & 1]
                if give or others:
                    trades.append(("trade", 0, {"with": partner, "give": give + others, "receive": receive + others}))
    assert len(trades) == 62
    assert legal(table, 0) == expected(*trades)
    assert key(Move("end_inventory", None, {})) in legal(table)


def test_sentences_in_the_rulebook_words(new_table):
    """The moves said as at the table: the role cards' and sections' words."""
    table = new_table(3).play("choose_leader", seat=0)
    assert said(table, "choose_role", 0, role="wood_procurer") == "Astrid chooses the Wood Procurer role card."
    table.play("choose_role", 0, role="wood_procurer")
    assert said(table, "procure", 0, goods=["wood", "wood"]) == "Astrid procures 2 wood of value 1."
    assert said(table, "procure", 0, goods=[]) == "Astrid procures nothing."
    pairs = [{"good": "wood", "make": 2}, {"good": "wood", "make": 3}]
    assert said(table, "exchange", 0, pairs=pairs) == (
        "Astrid exchanges 2 wood of value 1 for 1 wood of value 2, then 1 wood of value 1 and 1 of value 2 "
        "for 1 wood of value 3."
    )


def test_sentence_of_the_inventory_example(new_table):
    """6, example: "She agrees to give player 2 1 wood of value 3 in exchange for 2 iron of value 2"."""
    table = new_table(3, inventory=True)
    give, receive = [{"good": "wood", "value": 3}], [{"good": "iron", "value": 2}] * 2
    assert said(table, "trade", 0, **{"with": 1, "give": give, "receive": receive}) == (
        "Astrid gives Bo 1 wood of value 3 in exchange for 2 iron of value 2."
    )


def test_sentences_of_the_building_and_its_secret(new_table):
    """4: "If the shipyard leader passes, the next player in clockwise order is given the choice";
    the good "must be placed face down without being disclosed to the other players": Bo reads
    his own value, Astrid reads only that a wood went down. 5: who looks at which good."""
    table = wood_3_held(new_table)
    assert said(table, "pass_building", 0) == "Astrid passes the building choice to Bo."
    table.play("pass_building", 0).play("pass_building", 1)
    assert said(table, "pass_building", 2) == "Cecilia passes, and no building takes place this round."
    table = wood_3_held(new_table).play("choose_building", 0, good="wood")
    assert said(table, "place", 1, 1, value=3) == "Bo places a wood of value 3 face down on the ship."
    assert said(table, "place", 1, 0, value=3) == "Bo places a wood face down on the ship."
    table.play("place", 0, value=1).play("place", 1, value=3).play("place", 2, value=1)
    assert said(table, "inspect", 2, target=1, good="wood") == "Cecilia looks at the wood on Bo's ship."
    assert said(table, "inspect", 2, target=None, good=None) == "Cecilia looks at no good."


def test_sentences_of_the_king_and_the_hidden_replacement(new_table):
    """King: "order another player to replace 1 good that he or she previously placed"; the good
    put back lies face down, so Bo reads no value of Astrid's replacement."""
    table = placed(new_table(3).play("choose_leader", seat=0), 0, "wood", 1).deal(0, "wood", 2)
    table.play("choose_role", 0, role="craftsman").play("exchange", 0, pairs=[]).play("exchange", 1, pairs=[])
    table.play("choose_role", 1, role="king")
    assert said(table, "order_replacement", 1, target=0, good="wood") == (
        "Bo, as King, orders Astrid to replace the wood on the ship."
    )
    table.play("order_replacement", 1, target=0, good="wood")
    assert said(table, "replace", 0, None, good="wood", value=2) == (
        "Astrid, as the King ordered, replaces the wood on the ship with a wood of value 2."
    )
    assert said(table, "replace", 0, 1, good="wood", value=2) == (
        "Astrid, as the King ordered, replaces the wood on the ship with a wood laid face down."
    )
