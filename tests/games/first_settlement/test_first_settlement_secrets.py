"""Hidden information in First Settlement: a hand is its holder's, the decks are nobody's.

The expected values come from the rulebook: SETUP deals 4 Action cards (1 discarded) and 4 Build
cards (2 discarded), so a hand starts with 5 cards; the Leader deck holds 2 copies of each of its
8 Leaders; sites, Food cards and buildings are placed face up.
"""

import pytest

from games.contract import Move
from games.first_settlement import ENGINE
from games.secrets import NOBODY

PREPARE = [
    {
        "food_roll": 4,
        "leaders_drawn": ["Farmer", "Soldier", "Merchant"],
        "leaders_kept": ["Farmer"],
        "actions_dealt": ["Diplomacy", "Surgeon", "Compact", "Beads"],
        "action_discarded": "Compact",
        "builds_dealt": ["Church", "Granary", "Docks", "Fences"],
        "builds_discarded": ["Docks", "Fences"],
    },
    {
        "food_roll": 2,
        "leaders_drawn": ["Minister", "Sea Captain", "Soldier"],
        "leaders_kept": ["Minister"],
        "actions_dealt": ["Emissary", "Medicines", "Trial", "Cloth"],
        "action_discarded": "Trial",
        "builds_dealt": ["Taverns", "Stockade", "Lighthouse", "Shipyard"],
        "builds_discarded": ["Lighthouse", "Shipyard"],
    },
]
#: What each seat holds after SETUP: the Action cards dealt but one, the Build cards dealt but two.
HANDS = [
    {"Diplomacy", "Surgeon", "Beads", "Church", "Granary"},
    {"Emissary", "Medicines", "Cloth", "Taverns", "Stockade"},
]
SITES = [
    {
        "offered": [
            ["Island", "Swampy", "Good Hunting"],
            ["Hill Top", "Rocky Soil", "River Mouth"],
            ["Cleared Land", "Windswept", "Safe Harbor"],
        ],
        "chosen": 2,
    },
    {
        "offered": [
            ["Sheltered Cove", "Fishing Grounds", "Tidal Flats"],
            ["Indefensible", "Salt Marsh", "Good Pastures"],
            ["Isolated", "Many Indians", "Freshwater Spring"],
        ],
        "chosen": 0,
    },
]
DRAW = {
    "actions": ["Guns", "Knives"],
    "builds": ["Palisade", "Warehouses"],
    "build_discard": "Warehouses",
    "discards": ["Beads", "Guns", "Knives"],
}


def play(state, move: Move):
    assert ENGINE.check(state, move) == [], move
    return ENGINE.apply(state, move)


def founded(table, options=None):
    """Two colonies after SETUP and the SITE SELECTION PROCESS; seat 0 rolled highest."""
    state = play(ENGINE.setup(table.seats(2), options or {}), Move("roll_for_first", None, {"rolls": [7, 3]}))
    for seat in (0, 1):
        state = play(state, Move("prepare_colony", seat, PREPARE[seat]))
    for seat in (0, 1):
        state = play(state, Move("select_site", seat, SITES[seat]))
    return state


def names_in(value) -> set[str]:
    """Every string anywhere in ``value``."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(names_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(names_in, value)) if value else set()
    return set()


def test_action_deck_build_deck_a_hand_is_seen_by_its_holder_only(table):
    """ACTION DECK: "Each Player keeps a hand of Action cards"; BUILD DECK: "Drawn Build cards are kept
    in a players hand": seat 1 sees seat 0's hand only as its 5 cards' count, and the reverse."""
    state = founded(table)
    for holder, other in ((0, 1), (1, 0)):
        own = ENGINE.seen_view(state, holder)["colonies"][holder]
        assert set(own["hand"]) == HANDS[holder] and own["hand_size"] == 5
        seen = ENGINE.seen_view(state, other)
        assert seen["colonies"][holder].get("hand") in (None, [None] * 5)
        assert seen["colonies"][holder]["hand_size"] == 5
        assert not names_in(seen) & HANDS[holder]


def test_action_deck_a_spectator_sees_no_hand(table):
    """ACTION DECK: a hand is its holder's, so a spectator (no seat) sees none, only the counts."""
    seen = ENGINE.seen_view(founded(table), NOBODY)
    assert [colony["hand_size"] for colony in seen["colonies"]] == [5, 5]
    assert all(colony.get("hand") in (None, [None] * 5) for colony in seen["colonies"])
    assert not names_in(seen) & (HANDS[0] | HANDS[1])


def test_setup_the_cards_dealt_are_the_drawers(table):
    """SETUP: "Each player draws 3 Leader cards, selects 1 and discards the other 2. Each player is dealt
    4 Action cards and discards 1. Each player is dealt 4 Build cards and discards 2." The cards dealt and
    discarded are masked for the other seat and a spectator; the Victuals roll and the Leader kept (in play,
    LEADER DECK: "Leaders provide a benefit to their colony") are not."""
    move = Move("prepare_colony", 0, PREPARE[0])
    assert ENGINE.seen_data(move, 0) == PREPARE[0]
    for viewer in (1, NOBODY):
        assert ENGINE.seen_data(move, viewer) == {
            "food_roll": 4,
            "leaders_drawn": [None] * 3,
            "leaders_kept": ["Farmer"],
            "actions_dealt": [None] * 4,
            "action_discarded": None,
            "builds_dealt": [None] * 4,
            "builds_discarded": [None] * 2,
        }


def test_draw_phase_the_cards_drawn_are_the_drawers(table):
    """DRAW PHASE: "Draw 2 cards from the Action Deck. Draw 2 cards from the Build Deck and discard 1.
    ... Max hand size is 5 cards. Discard excess cards." The other seat sees how many, not which."""
    state = table.at(founded(table), "draw", seat=0, turn=2)
    move = Move("draw", 0, DRAW)
    after = play(state, move)
    assert ENGINE.seen_data(move, 0) == DRAW
    assert ENGINE.seen_data(move, 1) == {
        "actions": [None, None],
        "builds": [None, None],
        "build_discard": None,
        "discards": [None] * 3,
    }
    kept = {"Diplomacy", "Surgeon", "Church", "Granary", "Palisade"}
    assert set(ENGINE.seen_view(after, 0)["colonies"][0]["hand"]) == kept
    assert ENGINE.seen_view(after, 1)["colonies"][0]["hand_size"] == 5
    assert not names_in(ENGINE.seen_view(after, 1)) & (kept | set(DRAW["actions"]) | set(DRAW["builds"]))


def test_draw_phase_a_card_drawn_for_two_discarded_is_the_drawers(table):
    """DRAW PHASE: "You may discard 2 cards (any type) to draw 1 card (any type)": which deck is seen,
    the cards are not."""
    swap = {"discard": ["Beads", "Surgeon"], "deck": "action", "card": "Guns"}
    move = Move("draw", 0, {**DRAW, "swaps": [swap], "discards": ["Guns", "Knives"]})
    assert ENGINE.seen_data(move, 1)["swaps"] == [{"discard": [None, None], "deck": "action", "card": None}]
    assert ENGINE.seen_data(move, 0)["swaps"] == [swap]


def test_the_decks_draw_piles_are_seen_by_no_seat(table):
    """THE DECKS / LEADER DECK: "The deck contains 2 copies of each card" (8 Leaders: 16 cards). After
    two players drew 3 each and discarded 2 each, every viewer sees 10 in the draw pile and 4 in the
    discard pile, but no seat and no spectator sees which cards; the arbiter does."""
    state = founded(table)
    for viewer in (0, 1, NOBODY):
        decks = ENGINE.seen_view(state, viewer)["decks"]
        assert (decks["leader"]["draw_pile"], decks["leader"]["discard_pile"]) == (10, 4)
        assert all(deck.get("cards") is None for deck in decks.values())
    assert sum(ENGINE.seen_view(state, None)["decks"]["leader"]["cards"]["draw"].values()) == 10


def test_site_selection_and_food_cards_are_face_up(table):
    """SITE SELECTION PROCESS: "For each site draw 3 site cards, placed together face up"; FOOD PHASE:
    "Place them face up in front of you": nothing of these events is hidden from anyone."""
    sites = Move("select_site", 0, SITES[0])
    food = Move("food", 0, {"cards": ["Cod", "Deer", "Corn", "Cows", "Clams"]})
    for viewer in (1, NOBODY):
        assert ENGINE.seen_data(sites, viewer) == SITES[0]
        assert ENGINE.seen_data(food, viewer) == food.data
    state = founded(table)
    assert ENGINE.seen_view(state, NOBODY)["colonies"][0]["sites"] == ["Cleared Land", "Windswept", "Safe Harbor"]


def test_build_deck_a_building_is_placed_face_up(table):
    """BUILD DECK: "When built, They are placed face up in front of the player": the building leaves the
    hidden hand and everyone sees it."""
    state = table.at(founded(table), "build", seat=0, turn=2, food=5)
    move = Move("build", 0, {"buildings": ["Church"]})
    after = play(state, move)
    for viewer in (1, NOBODY):
        assert ENGINE.seen_data(move, viewer) == {"buildings": ["Church"]}
        seen = ENGINE.seen_view(after, viewer)["colonies"][0]
        assert seen["buildings"] == ["Church"] and seen["hand_size"] == 4


def test_trade_option_given_cards_are_seen_by_the_receiver(table):
    """TRADE OPTION: "Players may at any time freely trade cards from their hands, as well as CT and FT."
    The card goes into the receiver's hand, seen by the receiver; a spectator sees the CT and FT only."""
    state = founded(table, {"trade_between_players": True})
    move = Move("give", 0, {"to": 1, "cards": ["Beads"], "colonists": 1, "food": 2})
    after = play(state, move)
    assert ENGINE.seen_data(move, 1) == move.data
    assert "Beads" in ENGINE.seen_view(after, 1)["colonies"][1]["hand"]
    assert ENGINE.seen_data(move, NOBODY) == {"to": 1, "cards": [None], "colonists": 1, "food": 2}
    assert "Beads" not in names_in(ENGINE.seen_view(after, NOBODY))


@pytest.mark.parametrize("viewer", [1, NOBODY])
def test_time_and_game_length_a_finished_game_still_hides_the_hands(table, viewer):
    """TIME & GAME LENGTH: the game ends after 20 turns. The view of a finished game hides a hand as
    before: showing finished plays is the records service's policy, not the engine's."""
    state = table.at(founded(table), "build", seat=1, turn=20, food=0)
    state = play(state, Move("build", 1, {"buildings": []}))
    seen = ENGINE.seen_view(state, viewer)
    assert seen["finished"] is True
    assert not names_in(seen) & HANDS[0]
    assert set(ENGINE.seen_view(state, None)["colonies"][0]["hand"]) == HANDS[0]
