"""A copy-on-write working copy of the state that one move changes, and the decks.

``check`` and ``apply`` run the same phase code on a :class:`Draft`: the draft applies the move
as the table played it and records every rule the move breaks. Only the colonies and decks a
move touches are copied, so a fold stays fast and the input state is never mutated.
"""

from __future__ import annotations

from itertools import groupby

from games.contract import JSON, Violation
from games.first_settlement.cards import CARDS_OF, DECK_LISTS, DECK_OF, DECK_TITLES, PRINTED_NAMES

_COLONY_LISTS = ("leaders", "sites", "hand", "buildings")


class Draft:
    def __init__(self, state: JSON) -> None:
        self.state = state.copy()
        self.violations: list[Violation] = []
        self._colonies: dict[int, JSON] = {}
        self._decks: dict[str, JSON] = {}

    def refuse(self, rule: str, message: str) -> None:
        self.violations.append(Violation(rule, message))

    def colony(self, seat: int) -> JSON:
        """The writable copy of a seat's colony."""
        if seat not in self._colonies:
            if not self._colonies:
                self.state["colonies"] = self.state["colonies"].copy()
            colony = self.state["colonies"][seat].copy()
            for name in _COLONY_LISTS:
                colony[name] = colony[name].copy()
            self.state["colonies"][seat] = self._colonies[seat] = colony
        return self._colonies[seat]

    def deck(self, name: str) -> JSON:
        """The writable copy of a deck: ``draw`` and ``discard`` piles, card -> count."""
        if name not in self._decks:
            if not self._decks:
                self.state["decks"] = self.state["decks"].copy()
            piles = self.state["decks"][name]
            # dict.copy() clones a pile's table in one go; dict(pile) re-inserts each card of a pile that lost cards.
            self.state["decks"][name] = self._decks[name] = {
                "draw": piles["draw"].copy(),
                "discard": piles["discard"].copy(),
            }
        return self._decks[name]

    def drawable(self, deck_name: str, wanted: int) -> int:
        """How many of ``wanted`` cards the deck can give: its draw and discard piles together."""
        deck = self.state["decks"][deck_name]
        return min(wanted, sum(deck["draw"].values()) + sum(deck["discard"].values()))

    def draw(self, deck_name: str, cards: list[str], rule: str) -> list[str]:
        """Take ``cards`` from a deck's draw pile, in order; the cards of the deck are returned (by the
        card's name, also when the event gives it as printed: "Kicked Out:").

        When the draw pile runs out, its discard pile is shuffled to form a new one (the
        drawn cards still in hand are not part of that shuffle). The rulebook does not say
        when to reshuffle: when the draw pile holds fewer cards than are drawn, a card drawn
        from the discard pile is taken as the table shuffling its discard pile back in first.
        """
        deck = self.deck(deck_name)
        pile = deck["draw"]
        short = sum(pile.values()) < len(cards)
        cards_of_deck = CARDS_OF[deck_name]
        drawn = []
        for card in cards:
            if card not in cards_of_deck:
                card = PRINTED_NAMES.get(card, card)
                if card not in cards_of_deck:
                    self.refuse(DECK_LISTS[deck_name], f"{card} is not a card of the {DECK_TITLES[deck_name]} deck.")
                    continue
            left = pile.get(card, 0)
            if not left and (not pile or (short and card in deck["discard"])):
                for name, count in deck["discard"].items():
                    pile[name] = pile.get(name, 0) + count
                deck["discard"] = {}
                left = pile.get(card, 0)
            if left > 1:
                pile[card] = left - 1
            elif left == 1:
                del pile[card]
            else:
                self.refuse(rule, f"{card} is not left in the {DECK_TITLES[deck_name]} deck to draw.")
            drawn.append(card)
        return drawn

    def discard(self, cards: list[str]) -> None:
        """Put cards on their decks' discard piles."""
        self._add(cards, "discard")

    def return_to_deck(self, cards: list[str]) -> None:
        """Shuffle cards back into their decks' draw piles."""
        self._add(cards, "draw")

    def _add(self, cards: list[str], pile_name: str) -> None:
        for deck, same_deck in groupby(cards, DECK_OF.get):
            if deck is not None:
                pile = self.deck(deck)[pile_name]
                for card in same_deck:
                    pile[card] = pile.get(card, 0) + 1

    def from_hand(self, seat: int, cards: list[str], rule: str) -> list[str]:
        """Remove cards from a seat's hand; refuses cards the hand does not hold."""
        hand = self.colony(seat)["hand"]
        taken = []
        for card in cards:
            if card in hand:
                hand.remove(card)
                taken.append(card)
            else:
                self.refuse(rule, f"{card} is not a card in this player's hand.")
        return taken
