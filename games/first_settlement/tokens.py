"""COLONIST TOKENS, FOOD TOKENS, STOCK TOKEN, PLANT TOKENS, LAND PURCHASE TOKENS and DICE: a colony
on the table (its tokens, leaders, site, hand and buildings) and the dice its events roll."""

from __future__ import annotations

from games.contract import JSON
from games.first_settlement.sections import DICE
from games.kit import Table


def new_colony() -> JSON:
    """SETUP: 10 Colonist Tokens and a Stock Token; the rest is dealt by ``prepare_colony``."""
    return {
        "colonists": 10,
        "food": 0,
        "stock": True,
        "plant": 0,
        "land": 0,
        "vp": 0,
        "leaders": [],
        "sites": [],
        "hand": [],
        "buildings": [],
        "start_season": 0,
        "turn": 0,
        "shortage": False,
        "no_ship_turn": 0,
        "gave_up": False,
        "prepared": False,
    }


def colony(table: Table, seat: int) -> JSON:
    """The writable copy of a seat's colony: its counters; a list changed in place (the hand, the
    leaders, the buildings) is taken writable with :func:`cards_of`."""
    return table.at("colonies", seat)


def cards_of(table: Table, seat: int, held: str) -> list[str]:
    """The writable copy of a colony's ``hand``, ``leaders`` or ``buildings``."""
    return table.at("colonies", seat, held)


def from_hand(table: Table, seat: int, cards: list[str], rule: str) -> list[str]:
    """Remove cards from a seat's hand; refuses cards the hand does not hold. A hand no card leaves
    is not copied."""
    if not cards:
        return []
    return taken_from(table, cards_of(table, seat, "hand"), cards, rule)


def taken_from(table: Table, hand: list[str], cards: list[str], rule: str) -> list[str]:
    """Remove cards from ``hand``, a writable copy the move holds already; refuses cards it does not hold."""
    taken = []
    for card in cards:
        if card in hand:
            hand.remove(card)
            taken.append(card)
        else:
            table.refuse(rule, f"{card} is not a card in this player's hand.")
    return taken


def lose(table: Table, seat: int, counter: str, count: int) -> None:
    """A seat's colony loses ``count`` of a counter (``colonists``, ``food``, ``plant``), never below 0; a
    colony that loses nothing is not copied."""
    if count:
        losing = colony(table, seat)
        losing[counter] = max(0, losing[counter] - count)


def check_die(table: Table, value: int, sides: int, what: str, rule: str) -> None:
    """DICE: a die shows 1 to its number of sides: refused under DICE and under the rule that rolls it."""
    if not 1 <= value <= sides:
        table.refuse(rule, f"{what}: 1D{sides} shows 1 to {sides}, not {value}.")
        table.refuse(DICE, f"A {sides} sided die (1D{sides}) shows 1 to {sides}, not {value}.")
