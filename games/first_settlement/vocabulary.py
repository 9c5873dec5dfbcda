"""The options of a First Settlement play and the parts of the events' JSON Schemas the moves share.

Each move declares its own schema and example beside its rule (``@move``); this module holds the
pieces they have in common.
"""

from __future__ import annotations

from games.contract import JSON, obj
from games.first_settlement.cards import default_copies

CARD = {"type": "string", "minLength": 1}
CARDS = {"type": "array", "items": CARD}
COUNT = {"type": "integer", "minimum": 0}
DIE = {"type": "integer"}
GAIN = {"enum": ["food", "land"]}
NEW_LEADER = obj({"drawn": CARD, "replaces": CARD}, required=["drawn"])
#: Ten Hardship cards, as an example of the cards a phase draws.
TEN = ["Sickness", "Drought", "Rodents", "Crisis", "Skirmish", "Snow", "Fever", "Storm", "Famine", "Illness"]

OPTIONS_SCHEMA = obj(
    {
        "simultaneous_turns": {"type": "boolean", "description": "SIMULTANEOUS TURNS OPTION"},
        "random_season_start": {"type": "boolean", "description": "RANDOM SEASON START OPTION"},
        "two_leaders": {"type": "boolean", "description": "TWO LEADER OPTION"},
        "trade_between_players": {"type": "boolean", "description": "TRADE OPTION"},
        "copies": {
            **obj(
                {
                    deck: {"type": "object", "propertyNames": {"enum": sorted(cards)}, "additionalProperties": COUNT}
                    for deck, cards in default_copies().items()
                },
                required=[],
            ),
            "description": "Edition data: copies of a card in its deck (deck -> card -> copies); cards.json otherwise.",
        },
    },
    required=[],
)


def hardship_phase(heading: str, rule: str) -> dict[str, JSON]:
    """The declaration of a phase whose event is only the Hardship cards drawn (``@move(**...)``)."""
    return {
        "description": f"{heading}: {rule} 'cards' are the Hardship cards drawn, in order.",
        "schema": obj({"cards": CARDS}),
        "example": {"cards": TEN},
    }
