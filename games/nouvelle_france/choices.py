"""Each move's choices: the data of every move a seat might make now (README.md, "Legal moves").

The kit keeps the choices ``check`` accepts (``Game.legal_moves``), so these follow the rules
that are cheap to test and leave the rest to ``check``: a placement is generated only where
every PLACEMENT RULE holds, a draw only for a card the hidden deck can still hold there.
Everything is listed in a fixed order: sites, shapes, cards and orientations as sorted or as
the components list them, never a set unsorted.

Representative (``REPRESENTATIVE``, the README says why): a block's cubes are listed once, in
the order of their cells, and a construction block's cube colours are one colouring per
placement; a Huron's cards are each set of cards once, in one order; GAME SETUP's tally sticks
are those of the move's example.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement, permutations

from games.contract import JSON
from games.nouvelle_france import deck, geometry
from games.nouvelle_france.components import BONUS_BLOCKS, MAX_HEIGHT, SHAPES, SITES, SNOWFLAKE

Cell = geometry.Cell

#: The moves whose choices stand for a larger space, complete by type and seat (README.md).
REPRESENTATIVE = frozenset({"setup_table", "place_block", "place_bonus_block", "play_ally"})

#: Every card in the order of the deck's vocabulary: the shapes, then the snowflake.
CARDS = (*SHAPES, SNOWFLAKE)

#: The three tally sticks offered at GAME SETUP (their values are printed on the pieces, not in
#: the rulebook: the move's example); each may go to any site.
TALLY_STICKS = (
    {"stick": 1, "levels": ["+", "-", "x2"], "standee_points": 3},
    {"stick": 2, "levels": ["x2", "+", "-"], "standee_points": 5},
    {"stick": 3, "levels": ["-", "x2", "+"], "standee_points": 4},
)


def setup_choices(state: JSON, seat: int | None) -> Iterator[JSON]:
    """GAME SETUP: each site's stick (every assignment of the three), each pair of cards that can
    be drawn onto the strip (none with one card per turn), each first player."""
    if state["phase"] != "setup":
        return
    if state["options"]["one_card"]:
        strips: list[list[str]] = [[]]
    else:
        strips = [list(pair) for pair in combinations_with_replacement(SHAPES, 2)]
        strips = [strip for strip in strips if deck.unseen_problem(state["deck"], strip) is None]
    for sticks in permutations(TALLY_STICKS):
        tally_sticks = {site: dict(stick) for site, stick in zip(SITES, sticks)}
        for strip in strips:
            for first in range(len(state["players"])):
                yield {"tally_sticks": tally_sticks, "strip": strip, "first_player": first}


def draw_choices(state: JSON, seat: int | None) -> list[JSON]:
    """PLAYER TURN, draw (again after a snowflake): the card a Huron put on top, else each card
    the deck can hold there."""
    if state["phase"] != "draw":
        return []
    the_deck = state["deck"]
    if the_deck["known_top"]:
        return [{"card": the_deck["known_top"][0]}]
    return [{"card": card} for card in CARDS if deck.unseen_problem(the_deck, [card]) is None]


def place_choices(state: JSON, seat: int | None) -> Iterator[JSON]:
    """PLAYER TURN (a visible card's block) or A PLAYER IS UNABLE TO PLACE A BLOCK (the offered
    one): every placement on every site, its cubes coloured as :func:`colouring` says."""
    phase = state["phase"]
    if phase == "place":
        cards = list(dict.fromkeys(state["strip"]))
    elif phase == "offer" and state["offer"]["to"] == seat:
        cards = [state["offer"]["card"]]
    else:
        return
    colours = colouring(state, seat)
    for card in cards:
        for site in SITES:
            for cells in placements(state, site, card):
                yield {"card": card, "site": site, "cubes": cubes(cells, colours)}


def bonus_choices(state: JSON, seat: int | None) -> Iterator[JSON]:
    """BONUS CONSTRUCTION BLOCKS: the window's block still in hand, before drawing, every
    placement on every site, all its cubes the player's colour."""
    if state["phase"] != "draw" or state["turn"]["drawn"] or state["snowflakes"] >= len(BONUS_BLOCKS):
        return
    block = BONUS_BLOCKS[state["snowflakes"]]
    player = state["players"][seat]
    if player["bonus_blocks"][block] != "in hand":
        return
    colours = [player["colour"]]
    for site in SITES:
        for cells in placements(state, site, block):
            yield {"block": block, "site": site, "cubes": cubes(cells, colours)}


def ally_choices(state: JSON, seat: int | None) -> Iterator[JSON]:
    """ALLY TOKENS, each face-up token of ``seat`` where it may be played: the Fille du Roy by
    the active player, the Coureur des bois by another (one a turn), also while a block is on offer
    (still the active player's turn), both also on the points of the block just placed
    (:func:`points_being_scored`), the Huron before a turn."""
    if state["options"]["allies"] == "none" or state["phase"] not in ("draw", "place", "offer"):
        return
    allies, turn = state["players"][seat]["allies"], state["turn"]
    active = seat == state["active"]
    scored = points_being_scored(state)
    doubles_scored = scored is not None and seat == scored["seat"] and not scored["doubled"]
    shares_scored = shared_placement(state, seat) is not None
    if allies["fille_du_roy"] == "face up" and ((active and not turn["fille"]) or doubles_scored):
        yield {"ally": "fille_du_roy"}
    if allies["coureur_des_bois"] == "face up" and ((not active and turn["coureur"] is None) or shares_scored):
        yield {"ally": "coureur_des_bois"}
    if allies["huron"] == "face up" and state["phase"] == "draw" and not turn["drawn"]:
        for cards in huron_cards(state["deck"]):
            yield {"ally": "huron", "cards": cards}


def points_being_scored(state: JSON) -> JSON | None:
    """PLAYER TURN, "CALCULATE THE POINTS ... This ends the player's turn": the block the player
    to the right of the active player has just placed on their own turn (not an offered block),
    while the active player's turn is not under way (nothing drawn or placed), that is the points
    still being counted: the Fille du Roy of the player who placed it and the Coureur des bois of
    the active player (the one turn each can be for) are played on them."""
    last = state["last_placement"]
    if last is None or state["phase"] != "draw" or state["turn"]["drawn"]:
        return None
    return last if (last["seat"] + 1) % len(state["players"]) == state["active"] else None


def shared_placement(state: JSON, seat: int) -> JSON | None:
    """The block just placed (:func:`points_being_scored`) whose points a Coureur des bois of
    ``seat`` shares: "The first player to shout 'Fur trader!'", any but its placer, while that
    turn has none."""
    scored = points_being_scored(state)
    return scored if scored is not None and seat != scored["seat"] and scored["coureur_des_bois"] is None else None


def huron_cards(the_deck: JSON) -> Iterator[list[str]]:
    """HURON: every set of top cards the deck can hold (the known top ones among them), each once:
    the known cards first, in their order, then the others in the order of ``CARDS``."""
    known = list(the_deck["known_top"])
    unknown = min(3, deck.remaining(the_deck)) - len(known)
    if unknown < 0:
        return
    left = [card for card in CARDS if the_deck["counts"].get(card, 0) > known.count(card)]
    for extra in combinations_with_replacement(left, unknown):
        if deck.unseen_problem(the_deck, list(extra)) is None:
            yield [*known, *extra]


def offer_choices(state: JSON, seat: int | None) -> list[JSON]:
    """A PLAYER IS UNABLE TO PLACE A BLOCK: each visible card's block, after drawing."""
    if state["phase"] != "place":
        return []
    return [{"card": card} for card in dict.fromkeys(state["strip"])]


def pass_choices(state: JSON, seat: int | None) -> list[JSON]:
    """A PLAYER IS UNABLE TO PLACE A BLOCK: the player offered the block passes it on."""
    return [{}] if state["phase"] == "offer" else []


def colouring(state: JSON, seat: int) -> list[str]:
    """The colours of a construction block's cubes, one colouring for each placement: the
    players' colours from the mover's round the table (README.md, "Legal moves")."""
    colours = [player["colour"] for player in state["players"]]
    return colours[seat:] + colours[:seat]


def cubes(cells: tuple[Cell, ...], colours: list[str]) -> list[JSON]:
    """The move's cubes: each cell, coloured in turn by ``colours``."""
    return [{"x": x, "y": y, "z": z, "colour": colours[index % len(colours)]} for index, (x, y, z) in enumerate(cells)]


@cache
def _orientations(shape: tuple[Cell, ...] | None) -> tuple[tuple[Cell, ...], ...]:
    """Every orientation of a block, sorted; a block of unknown shape (null in the options) is
    offered as a single cube."""
    if shape is None:
        return (((0, 0, 0),),)
    return tuple(sorted(geometry.orientations(shape)))


@cache
def _columns(orientation: tuple[Cell, ...]) -> tuple[tuple[int, int, int], ...]:
    """Each column (x, y) of an orientation with its lowest level: (x, y, z)."""
    lowest: dict[tuple[int, int], int] = {}
    for x, y, z in orientation:
        lowest[x, y] = min(z, lowest.get((x, y), z))
    return tuple(sorted((x, y, z) for (x, y), z in lowest.items()))


@cache
def _shifts(footprint: frozenset[str], columns: tuple[tuple[int, int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Every shift (dx, dy) that keeps the columns within the foundations."""
    cells = [tuple(map(int, cell.split(","))) for cell in footprint]
    x0, y0, _ = columns[0]
    shifts = {(fx - x0, fy - y0) for fx, fy in cells}

    def fits(dx: int, dy: int) -> bool:
        return all(geometry.column(x + dx, y + dy) in footprint for x, y, _ in columns)

    return tuple(sorted(shift for shift in shifts if fits(*shift)))


def placements(state: JSON, site_key: str, block: str) -> list[tuple[Cell, ...]]:
    """PLACEMENT RULES: every position and orientation of ``block`` on the site where its cubes
    stay within the foundations, at most 3 high, in free spaces, placed from above (no cube
    above them in their columns) and free standing; each as its cells, sorted."""
    site = state["sites"][site_key]
    shape = state["blocks"][block]
    footprint = frozenset(site["footprint"])
    top: dict[tuple[int, int], int] = {}
    for cell_key in site["cubes"]:
        x, y, z = geometry.parse(cell_key)
        top[x, y] = max(z, top.get((x, y), 0))
    found = []
    for orientation in _orientations(None if shape is None else tuple(tuple(c) for c in shape)):
        columns = _columns(orientation)
        height = max(z for _, _, z in orientation)
        for dx, dy in _shifts(footprint, columns):
            for dz in range(1, MAX_HEIGHT - height + 1):
                cells = _standing(orientation, columns, top, dx, dy, dz)
                if cells is not None:
                    found.append(cells)
    return found


def _standing(
    orientation: tuple[Cell, ...], columns: tuple[Cell, ...], top: dict[tuple[int, int], int], dx: int, dy: int, dz: int
) -> tuple[Cell, ...] | None:
    """The orientation's cells shifted, if they keep the PLACEMENT RULES the foundations leave
    (placement.refuse_placement): placed from above, in free spaces, free standing."""
    resting = []
    for x, y, z in columns:
        below = top.get((x + dx, y + dy), 0)
        if below >= z + dz:
            return None  # a space filled, or a cube above it: blocks are placed from above
        if below == z + dz - 1:  # on the foundation or on the column's top cube
            resting.append((x + dx, y + dy, z + dz))
    if not resting:
        return None
    cells = tuple((x + dx, y + dy, z + dz) for x, y, z in orientation)
    if len(resting) < len(cells) and not geometry.balanced(list(cells), resting):
        return None
    return cells
