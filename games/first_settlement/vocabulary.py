"""The event vocabulary and the options of a First Settlement play (JSON Schemas + examples)."""

from __future__ import annotations

from games.contract import EventType, obj
from games.first_settlement.cards import default_copies
from games.first_settlement.phases import SEASONS

_card = {"type": "string", "minLength": 1}
_cards = {"type": "array", "items": _card}
_count = {"type": "integer", "minimum": 0}
_die = {"type": "integer"}
_gain = {"enum": ["food", "land"]}
_new_leader = obj({"drawn": _card, "replaces": _card}, required=["drawn"])
_hardships = obj({"cards": _cards})

OPTIONS_SCHEMA = obj(
    {
        "simultaneous_turns": {"type": "boolean", "description": "SIMULTANEOUS TURNS OPTION"},
        "random_season_start": {"type": "boolean", "description": "RANDOM SEASON START OPTION"},
        "two_leaders": {"type": "boolean", "description": "TWO LEADER OPTION"},
        "trade_between_players": {"type": "boolean", "description": "TRADE OPTION"},
        "copies": {
            **obj(
                {
                    deck: {"type": "object", "propertyNames": {"enum": sorted(cards)}, "additionalProperties": _count}
                    for deck, cards in default_copies().items()
                },
                required=[],
            ),
            "description": "Edition data: copies of a card in its deck (deck -> card -> copies); cards.json otherwise.",
        },
    },
    required=[],
)


def _hardship_phase(heading: str, example: list[str], rule: str) -> EventType:
    return EventType(
        f"{heading}: {rule} 'cards' are the Hardship cards drawn, in order.", _hardships, {"cards": example}
    )


_TEN = ["Sickness", "Drought", "Rodents", "Crisis", "Skirmish", "Snow", "Fever", "Storm", "Famine", "Illness"]

EVENT_TYPES = {
    "roll_for_first": EventType(
        "SETUP: players roll high on 1D10 to see who goes first: one roll per seat, null for a seat that does "
        "not roll (after a tie, the tied players roll again, or all players). Turn order follows the seats from the "
        "winner.",
        obj({"rolls": {"type": "array", "items": {"type": ["integer", "null"]}}}),
        {"rolls": [7, 3]},
        seated=False,
    ),
    "prepare_colony": EventType(
        "SETUP, in turn order: the 1D6 Victuals rolled, the 3 Leader cards drawn and the one kept (two with the "
        "two leader option), the 4 Action cards dealt and the one discarded, the 4 Build cards dealt and the two "
        "discarded; 'start_season' only with the random season start option.",
        obj(
            {
                "food_roll": _die,
                "leaders_drawn": _cards,
                "leaders_kept": _cards,
                "actions_dealt": _cards,
                "action_discarded": _card,
                "builds_dealt": _cards,
                "builds_discarded": _cards,
                "start_season": {"enum": list(SEASONS)},
            },
            required=[
                "food_roll",
                "leaders_drawn",
                "leaders_kept",
                "actions_dealt",
                "action_discarded",
                "builds_dealt",
                "builds_discarded",
            ],
        ),
        {
            "food_roll": 4,
            "leaders_drawn": ["Farmer", "Soldier", "Merchant"],
            "leaders_kept": ["Farmer"],
            "actions_dealt": ["Diplomacy", "Surgeon", "Compact", "Beads"],
            "action_discarded": "Compact",
            "builds_dealt": ["Church", "Granary", "Docks", "Fences"],
            "builds_discarded": ["Docks", "Fences"],
        },
    ),
    "select_site": EventType(
        "SITE SELECTION PROCESS, in turn order: the sites offered (3, or 4 with the Explorer; 3 site cards "
        "each, as drawn) and the index of the one chosen; the others go back into the deck.",
        obj(
            {
                "offered": {"type": "array", "items": _cards},
                "chosen": {"type": "integer", "minimum": 0},
            }
        ),
        {
            "offered": [
                ["Island", "Swampy", "Good Hunting"],
                ["Hill Top", "Rocky Soil", "River Mouth"],
                ["Cleared Land", "Windswept", "Safe Harbor"],
            ],
            "chosen": 2,
        },
    ),
    "time": EventType("TIME PHASE: the season and year move on; a new turn begins.", obj({}), {}),
    "draw": EventType(
        "DRAW PHASE: the 2 Action and 2 Build cards drawn, the Build card discarded (one of the two), each swap "
        "of 2 cards for 1 drawn from the 'action' or 'build' deck, and the excess cards discarded.",
        obj(
            {
                "actions": _cards,
                "builds": _cards,
                "build_discard": _card,
                "swaps": {
                    "type": "array",
                    "items": obj({"discard": _cards, "deck": {"enum": ["action", "build"]}, "card": _card}),
                },
                "discards": _cards,
            },
            required=["actions", "builds"],
        ),
        {
            "actions": ["Cloth", "Medicines"],
            "builds": ["Stockade", "Taverns"],
            "build_discard": "Taverns",
            "discards": ["Cloth", "Granary"],
        },
    ),
    "plant": EventType("PLANT PHASE (Spring): gain Plant Tokens equal to the CT.", obj({}), {}),
    "ship": EventType(
        "SHIP PHASE: the 1D10 roll; on 7 or better (with +1 modifiers) the 1D10 'colonists' and 1D10 'food' it "
        "brings. A ship restores the Stock Token.",
        obj({"roll": _die, "colonists": _die, "food": _die}, required=["roll"]),
        {"roll": 8, "colonists": 3, "food": 6},
    ),
    "blight": _hardship_phase("BLIGHT PHASE", _TEN, "10 cards; lose 1 Plant Token per Blight card."),
    "food": EventType(
        "FOOD PHASE: the Food cards drawn, in order: 1 per CT (1 per 2 CT in Winter).",
        obj({"cards": _cards}),
        {"cards": ["Cod", "Deer", "Corn", "Cows", "Clams", "Milk", "Fowl", "Eels", "Beans", "Geese"]},
    ),
    "harvest": EventType(
        "HARVEST PHASE (Fall): the Food cards drawn, 1 per Plant Token, and for each Tobacco Plantation or Cash "
        "Crops built the 2D6 VP rolled ('crop_rolls': building -> dice).",
        obj(
            {
                "cards": _cards,
                "crop_rolls": {"type": "object", "additionalProperties": {"type": "array", "items": _die}},
            },
            required=["cards"],
        ),
        {"cards": ["Corn", "Wheat", "Deer"], "crop_rolls": {"Cash Crops": [3, 5]}},
    ),
    "spoil": _hardship_phase("SPOIL PHASE", _TEN, "10 cards; lose X FT per Spoilage card."),
    "trade": EventType(
        "TRADE PHASE: the Trade Action cards played and what each gains ('food' 1 FT or 'land' 1 Land Purchase "
        "Token), the colony's extra Trades taken without a card, and how many times 5 FT are converted to 1 VP.",
        obj(
            {
                "cards": {"type": "array", "items": obj({"card": _card, "gain": _gain})},
                "extra_trades": {"type": "array", "items": _gain},
                "convert": _count,
            },
            required=[],
        ),
        {"cards": [{"card": "Beads", "gain": "land"}], "extra_trades": ["food"], "convert": 1},
    ),
    "eat": EventType("EAT PHASE: each CT consumes 1 FT; too few FT is a Food Shortage.", obj({}), {}),
    "starve": _hardship_phase(
        "STARVE PHASE", _TEN, "after a Food Shortage, 10 cards; lose the Stock Token, 1 CT and X CT per Hunger card."
    ),
    "cold": _hardship_phase("COLD PHASE", _TEN, "(Winter) 10 cards; lose 1 CT per Cold card (2 in a shortage)."),
    "sick": EventType(
        "SICK PHASE: the 5 Hardship cards drawn (8 if Swampy) and the Medical Action cards played.",
        obj({"cards": _cards, "medical": _cards}, required=["cards"]),
        {"cards": ["Plague", "Snow", "Fire", "Drought", "Lice"], "medical": ["Surgeon"]},
    ),
    "raid": EventType(
        "RAID PHASE: the 10 Hardship cards drawn (more with Many Indians, Indefensible) and the Defense Action "
        "cards played.",
        obj({"cards": _cards, "defense": _cards}, required=["cards"]),
        {"cards": _TEN, "defense": ["Diplomacy"]},
    ),
    "rebel": EventType(
        "REBEL PHASE: after a Food Shortage, the 10 Hardship cards drawn, the Morale Action cards played, and "
        "with exactly 1 un-negated Mutiny card the New Leader drawn (and which leader it 'replaces' when the "
        "colony has two).",
        obj({"cards": _cards, "morale": _cards, "new_leader": _new_leader}, required=["cards"]),
        {"cards": _TEN, "morale": ["Compact"]},
    ),
    "hardship": EventType(
        "HARDSHIP PHASE: the 10 Hardship cards drawn; for each Kicked Out card the seat the CT goes to, for each "
        "Lose Leader card the New Leader drawn, for each Fire card the building lost.",
        obj(
            {
                "cards": _cards,
                "kicked_out_to": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                "new_leaders": {"type": "array", "items": _new_leader},
                "burned": _cards,
            },
            required=["cards"],
        ),
        {
            "cards": ["Kicked Out", "Lose Leader", "Drought", "Rodents", "Crisis"]
            + ["Skirmish", "Snow", "Fever", "Famine", "Illness"],
            "kicked_out_to": [1],
            "new_leaders": [{"drawn": "Merchant"}],
        },
    ),
    "build": EventType(
        "BUILD PHASE: the Buildings put into play from the hand: the first costs 5 FT, a second 20 FT.",
        obj({"buildings": _cards}),
        {"buildings": ["Church"]},
    ),
    "give": EventType(
        "TRADE OPTION (optional rule): at any time a player gives another player cards from the hand, CT "
        "and FT; a trade between players is two gives.",
        obj(
            {"to": {"type": "integer", "minimum": 0}, "cards": _cards, "colonists": _count, "food": _count},
            required=["to"],
        ),
        {"to": 1, "cards": ["Beads"], "food": 2},
    ),
}
