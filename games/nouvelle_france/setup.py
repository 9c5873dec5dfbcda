"""GAME SETUP: the table before the first turn, and the chance of setup (``setup_table``).

The three construction sites and their foundations, the stockpile, each player's colour, Ally
tokens, bonus blocks and score 0, and the deck dealt into piles (deck.py) come from the seats
and options (:func:`new_table`); the tally sticks drawn "AT RANDOM", the two cards drawn onto the
identification strip and the first player arrive as the ``setup_table`` event.
SIMPLIFICATION OF THE RULES 1 (``one_card``): 6 piles of 6, no card on the strip.
"""

from __future__ import annotations

from games.contract import JSON, Move, Seat, obj
from games.kit import Table, move
from games.nouvelle_france import components, deck
from games.nouvelle_france.choices import setup_choices
from games.nouvelle_france.components import ALLIES, BONUS_BLOCKS, COLOURS, SHAPES, SITES, STRIP_AT_SETUP
from games.nouvelle_france.says import said_setup
from games.nouvelle_france.sections import SETUP, SIMPLIFIED
from games.nouvelle_france.turn import FRESH_TURN
from games.nouvelle_france.vocabulary import SHAPE, TALLY_STICK


def seat_colours(seats: list[Seat]) -> list[str]:
    """Each seat's colour among the game's four: its own if it names one still free, else the next free."""
    wanted = [seat.colour.lower() for seat in seats]
    taken: list[str] = []
    for colour in wanted:
        taken.append(colour if colour in COLOURS and colour not in taken else "")
    free = iter(c for c in COLOURS if c not in taken)
    return [colour or next(free) for colour in taken]


def new_table(seats: list[Seat], options: dict[str, JSON]) -> JSON:
    """GAME SETUP, all but its chance: sites, players, stockpile and the deck still face down."""
    one_card = options.get("one_card", False)
    return {
        "options": {"one_card": one_card, "allies": options.get("allies", "normal")},
        "blocks": components.block_cubes(options),
        "sites": {
            site: {**components.site_layout(site, options), "tally": None, "cubes": {}, "standee": None}
            for site in SITES
        },
        "players": [
            {
                "colour": colour,
                "allies": dict.fromkeys(ALLIES, "face up"),
                "allies_used": 0,
                "bonus_blocks": dict.fromkeys(BONUS_BLOCKS, "in hand"),
            }
            for colour in seat_colours(seats)
        ],
        "scores": [0] * len(seats),
        "phase": "setup",
        "active": None,
        "strip": [],
        "deck": deck.new_deck(one_card),
        "snowflakes": 0,
        "turn": FRESH_TURN,
        "offer": None,
        "last_placement": None,
        "snowstorms": [],
        "discard": [],
        "removed": [],
        "stockpile": {shape: components.copies(shape) for shape in SHAPES},
    }


@move(
    "setup_table",
    section=SETUP,
    description=(
        "GAME SETUP: the tally stick drawn at random for each site (its number, its value for "
        "levels 1, 2 and 3, and the points of the bonus disk on the site's standee), the two cards "
        "drawn onto the identification strip (none in the one-card variant), and the first player."
    ),
    schema=obj(
        {
            "tally_sticks": obj({site: TALLY_STICK for site in SITES}),
            "strip": {"type": "array", "items": SHAPE, "maxItems": 2},
            "first_player": {"type": "integer", "minimum": 0},
        }
    ),
    example={
        "tally_sticks": {
            "redoubt": {"stick": 2, "levels": ["x2", "+", "-"], "standee_points": 5},
            "church": {"stick": 1, "levels": ["+", "-", "x2"], "standee_points": 3},
            "mill": {"stick": 3, "levels": ["-", "x2", "+"], "standee_points": 4},
        },
        "strip": ["cannon", "eel"],
        "first_player": 0,
    },
    choices=setup_choices,
    says=said_setup,
    seated=False,
)
def setup_table(table: Table, move: Move) -> None:
    """GAME SETUP: "Assign a tally stick AT RANDOM to each of the construction sites ... Draw the
    first two cards ... The player whose marker is closest to the coin goes first" (``first_player``)."""
    state, data = table.state, move.data
    if state["phase"] != "setup":
        table.cannot(SETUP, "The table is already set up.")
    sticks = [stick["stick"] for stick in data["tally_sticks"].values()]
    if len(set(sticks)) < len(sticks):
        table.refuse(SETUP, "Each construction site gets its own tally stick.")
    if state["options"]["one_card"] and data["strip"]:
        table.refuse(SIMPLIFIED, "With one card per turn, no card is laid on the strip at setup.")
    elif not state["options"]["one_card"] and len(data["strip"]) != STRIP_AT_SETUP:
        table.refuse(SETUP, f"The first {STRIP_AT_SETUP} cards of the deck are placed on the identification strip.")
    problem = deck.unseen_problem(state["deck"], data["strip"])
    if problem:
        table.refuse(SETUP, problem)
    if data["first_player"] >= len(state["players"]):
        table.refuse(SETUP, f"Seat {data['first_player']} is not at this table.")
    the_deck = state["deck"]
    for card in data["strip"]:
        the_deck = deck.draw(the_deck, card)
    table.update(
        sites={site: {**layout, "tally": data["tally_sticks"][site]} for site, layout in state["sites"].items()},
        deck=the_deck,
        strip=list(data["strip"]),
        active=data["first_player"] % len(state["players"]),
        phase="draw",
    )
