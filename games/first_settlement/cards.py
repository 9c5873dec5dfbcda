"""The six decks of First Settlement as data (``cards.json``) and what a colony's cards do.

Every card list is printed in the rulebook; ``cards.json`` keeps it with the source of each
value. Only the number of copies of each card is not printed (except for leaders): those
values are marked "assumed" and a play may override them (option ``copies``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from games.contract import JSON
from games.first_settlement.sections import (
    ACTION_DECK_CARD_LIST,
    BUILD_DECK_CARD_LIST,
    FOOD_DECK_CARD_LIST,
    HARDSHIP_DECK_CARDS,
    LEADER_DECK_CARD_LIST,
    PHASE_SECTIONS,
    SITE_DECK_CARD_LIST,
)

DECKS = ("leader", "site", "action", "build", "food", "hardship")
DECK_TITLES = {
    "leader": "Leader",
    "site": "Site",
    "action": "Action",
    "build": "Build",
    "food": "Food",
    "hardship": "Hardships",
}
#: The rulebook section that lists each deck's cards.
DECK_LISTS = {
    "leader": LEADER_DECK_CARD_LIST,
    "site": SITE_DECK_CARD_LIST,
    "action": ACTION_DECK_CARD_LIST,
    "build": BUILD_DECK_CARD_LIST,
    "food": FOOD_DECK_CARD_LIST,
    "hardship": HARDSHIP_DECK_CARDS,
}

_RAW = json.loads((Path(__file__).parent / "cards.json").read_text())

#: card name -> its deck
DECK_OF: dict[str, str] = {card["name"]: deck for deck in DECKS for card in _RAW[deck]}
#: deck -> the names of its cards
CARDS_OF: dict[str, frozenset[str]] = {deck: frozenset(card["name"] for card in _RAW[deck]) for deck in DECKS}
#: a card's name as printed in its list, where it differs: "Kicked Out:" is printed with a colon
PRINTED_NAMES = {"Kicked Out:": "Kicked Out"}
#: leader, site and building name -> effect, e.g. {"food_bonus": {"Fish": 1}}
EFFECTS: dict[str, dict[str, JSON]] = {
    card["name"]: card["effect"]["value"] for deck in ("leader", "site", "build") for card in _RAW[deck]
}
#: food card name -> (value, alternatives of types), e.g. ("Melons", (1, [["Wild", "Warm"], ["Farm"]]))
FOOD: dict[str, tuple[int, list[list[str]]]] = {
    card["name"]: (card["value"]["value"], card["types"]["value"]) for card in _RAW["food"]
}
#: hardship card name -> (value or None, type)
HARDSHIPS: dict[str, tuple[int | None, str]] = {
    card["name"]: (card["value"]["value"], card["type"]["value"]) for card in _RAW["hardship"]
}
#: hardship type -> card name -> value (0 where none is printed), e.g. {"Raid": {"Indian Raid": 2, ...}}
HARDSHIP_VALUES: dict[str, dict[str, int]] = {
    kind: {name: value or 0 for name, (value, of_kind) in HARDSHIPS.items() if of_kind == kind}
    for _, kind in HARDSHIPS.values()
}
#: action card name -> kind: Defense, Medical, Morale or Trade Good
ACTION_KINDS: dict[str, str] = {card["name"]: card["type"]["value"] for card in _RAW["action"]}


def default_copies() -> dict[str, dict[str, int]]:
    """deck -> card -> number of copies, from ``cards.json``."""
    return {deck: {card["name"]: card["copies"]["value"] for card in _RAW[deck]} for deck in DECKS}


def colony_effects(colony: JSON) -> Counter:
    """The summed effects of a colony's leaders, site cards and buildings (see :func:`effects_of`)."""
    return effects_of((*colony["leaders"], *colony["sites"], *colony["buildings"]))


def _flat(effect: dict[str, JSON]) -> Iterator[tuple[str, int]]:
    """A card's effect as (key, amount) pairs: ``{"food_bonus": {"Fish": 1}}`` is ``("food_bonus:Fish", 1)``."""
    for key, value in effect.items():
        if isinstance(value, dict):
            for sub, amount in value.items():
                yield f"{key}:{sub}", amount
        else:
            yield key, value


#: phase -> the key of a colony's effects that adds Hardship cards to its draw
EXTRA_HARDSHIPS = {phase: f"extra_hardships:{phase}" for phase in PHASE_SECTIONS}
#: food type -> the key of a colony's effects that adds FT to a food card used as that type
FOOD_BONUS = {kind: f"food_bonus:{kind}" for _, alternatives in FOOD.values() for alt in alternatives for kind in alt}
#: Every key of a colony's effects the rules read: each key some card gives, the extra Hardship cards of
#: each phase and the bonus of each food type. A colony's effects list each (0 where none of its cards gives
#: it), so reading one is a plain lookup, not a call of Counter's ``__missing__``.
EFFECT_KEYS = tuple(
    dict.fromkeys(
        [
            *(key for effect in EFFECTS.values() for key, _ in _flat(effect)),
            *EXTRA_HARDSHIPS.values(),
            *FOOD_BONUS.values(),
        ]
    )
)


@lru_cache(maxsize=4096)
def effects_of(names: tuple[str, ...]) -> Counter:
    """The summed effects of a colony's leaders, site cards and buildings.

    Keys: ``hand_size``, ``defense``, ``morale``, ``ship_roll``, ``extra_trades``,
    ``negate_spoilage``, ``site_choices``, ``trade_vp``, ``vp``, ``harvest_vp_dice``, and
    ``food_bonus:<type>``, ``negate_first:<type>``, ``extra_hardships:<phase>``.
    """
    total = Counter(dict.fromkeys(EFFECT_KEYS, 0))
    for name in names:
        for key, amount in _flat(EFFECTS.get(name, {})):
            total[key] += amount
    return total


def card_vp(name: str) -> int:
    """The VP a site card or building is worth beyond the base (e.g. Quality Timber, Lumber Mill)."""
    return EFFECTS.get(name, {}).get("vp", 0)


def food_yield(value: int, alternatives: list[list[str]], effects: Counter) -> int:
    """FT a food card of ``value`` earns used as the best of ``alternatives`` (each e.g. ["Wild", "Warm"]), its
    value plus the colony's bonus for each of the alternative's types; never below 0 (0 with no alternative)."""
    best = 0
    for alternative in alternatives:
        earned = value
        for kind in alternative:
            earned += effects[FOOD_BONUS[kind]]
        best = max(best, earned)
    return best
