"""THE DECKS: drawing cards from a deck's draw pile, discarding them, shuffling them back.

A deck on the table is two piles, ``draw`` and ``discard``, each card -> copies. Every card an
event names as drawn must be in its deck's draw pile; cards discarded go to the discard pile,
which is shuffled into a new draw pile when the draw pile runs out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import groupby

from games.first_settlement.cards import (
    CARDS_OF,
    DECK_LISTS,
    DECK_OF,
    DECK_TITLES,
    EXTRA_HARDSHIPS,
    HARDSHIP_VALUES,
    PRINTED_NAMES,
)
from games.first_settlement.sections import PHASE_SECTIONS
from games.kit import Table


def drawable(table: Table, deck_name: str, wanted: int) -> int:
    """How many of ``wanted`` cards the deck can give: its draw and discard piles together. A pile lists a
    card only while it holds a copy of it, so the copies are added up only when the piles list fewer than
    ``wanted`` cards."""
    deck = table.state["decks"][deck_name]
    pile, discards = deck["draw"], deck["discard"]
    if len(pile) + len(discards) >= wanted:
        return wanted
    return min(wanted, sum(pile.values()) + sum(discards.values()))


def draw(table: Table, deck_name: str, cards: list[str], rule: str) -> list[str]:
    """Take ``cards`` from a deck's draw pile, in order; the cards of the deck are returned (by the
    card's name, also when the event gives it as printed: "Kicked Out:").

    When the draw pile runs out, its discard pile is shuffled to form a new one (the
    drawn cards still in hand are not part of that shuffle). The rulebook does not say
    when to reshuffle: when the draw pile holds fewer cards than are drawn, a card drawn
    from the discard pile is taken as the table shuffling its discard pile back in first.
    """
    pile = table.at("decks", deck_name, "draw")
    # The draw pile holds fewer cards than are drawn (it lists a card only while it holds a copy of it).
    short = len(pile) < len(cards) and sum(pile.values()) < len(cards)
    cards_of_deck = CARDS_OF[deck_name]
    drawn = []
    for card in cards:
        if card not in cards_of_deck:
            card = PRINTED_NAMES.get(card, card)
            if card not in cards_of_deck:
                table.refuse(DECK_LISTS[deck_name], f"{card} is not a card of the {DECK_TITLES[deck_name]} deck.")
                continue
        left = pile.get(card, 0)
        if not left and (not pile or (short and card in table.state["decks"][deck_name]["discard"])):
            _shuffle_discards_in(table, deck_name, pile)
            left = pile.get(card, 0)
        if left == 1:
            del pile[card]
        elif left > 1:
            pile[card] = left - 1
        else:
            table.refuse(rule, f"{card} is not left in the {DECK_TITLES[deck_name]} deck to draw.")
        drawn.append(card)
    return drawn


def _shuffle_discards_in(table: Table, deck_name: str, pile: dict[str, int]) -> None:
    """The deck's discard pile shuffled into its draw pile ``pile`` (the draw's copy): only then does a draw
    change (and copy) the discard pile."""
    discard = table.at("decks", deck_name, "discard")
    in_both = {name: pile[name] + discard[name] for name in pile.keys() & discard.keys()}
    pile.update(discard)  # in one go: the draw pile is mostly empty, and the copies of a card in both add up
    pile.update(in_both)
    discard.clear()


def draw_and_discard(table: Table, deck_name: str, cards: list[str], rule: str) -> list[str]:
    """``draw`` cards that take effect at once and go to the deck's discard pile: the Hardship cards ("Draw
    and discard 10 Hardship cards"), the Food cards of the Food and Harvest phases."""
    drawn = draw(table, deck_name, cards, rule)
    _count(table.at("decks", deck_name, "discard"), drawn)
    return drawn


def discard(table: Table, cards: list[str]) -> None:
    """Put cards on their decks' discard piles (many moves discard none: then there is nothing to sort)."""
    if cards:
        _add(table, cards, "discard")


def return_to_deck(table: Table, cards: list[str]) -> None:
    """Shuffle cards back into their decks' draw piles."""
    _add(table, cards, "draw")


def _add(table: Table, cards: list[str], pile_name: str) -> None:
    for deck, same_deck in groupby(cards, DECK_OF.get):
        if deck is not None:
            _count(table.at("decks", deck, pile_name), same_deck)


def _count(pile: dict[str, int], cards: Iterable[str]) -> None:
    for card in cards:
        pile[card] = pile.get(card, 0) + 1


#: Hardship cards each phase draws and discards, before site cards add to it.
HARDSHIP_DRAWS = {
    "blight": 10,
    "spoil": 10,
    "starve": 10,
    "cold": 10,
    "sick": 5,
    "raid": 10,
    "rebel": 10,
    "hardship": 10,
}


def draw_hardships(table: Table, effects: Counter, phase: str, cards: list[str]) -> list[str]:
    """ "Draw and discard 10 Hardship cards" (5 in the Sick Phase, more with some sites: ``effects`` are the
    drawing colony's, which the phase reads again): the cards of the deck drawn, in order."""
    count = drawable(table, "hardship", HARDSHIP_DRAWS[phase] + effects[EXTRA_HARDSHIPS[phase]])
    rule = PHASE_SECTIONS[phase]
    if len(cards) != count:
        table.refuse(rule, f"The {phase.title()} Phase draws {count} Hardship cards, not {len(cards)}.")
    return draw_and_discard(table, "hardship", cards, rule)


def of_type(drawn: list[str], kind: str) -> list[int]:
    """The values of the drawn cards of one Hardship type, in the order drawn."""
    values = HARDSHIP_VALUES[kind]
    return [values[name] for name in drawn if name in values]
