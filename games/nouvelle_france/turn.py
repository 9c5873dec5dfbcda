"""PLAYER TURN: draw a construction-block card, place the block of a visible card, score it.

"Choose one of the three visible cards ... Add the block to one of the three construction
sites in accordance with the placement rules ... The player whose turn it is receives one point
for each cube of their colour on the newly placed block ... an additional point for each cube
of their colour already in place linked to the newly placed cube through face-to-face contact
... the player to the left then starts their turn." A snowflake drawn is a SNOWSTORM
(snowstorms.py); a block nobody can place is A PLAYER IS UNABLE TO PLACE A BLOCK (unable.py).
"""

from __future__ import annotations

from games.contract import JSON, EngineError, Move, Violation, obj
from games.kit import Table, move
from games.nouvelle_france import deck, geometry
from games.nouvelle_france.choices import draw_choices, place_choices
from games.nouvelle_france.components import MAX_HEIGHT, SNOWFLAKE, block_name
from games.nouvelle_france.placement import placed, refuse_placement
from games.nouvelle_france.says import said_draw, said_place
from games.nouvelle_france.sections import END, HURON, SETUP, TURN, UNABLE
from games.nouvelle_france.snowstorms import snowstorm
from games.nouvelle_france.vocabulary import CARD, CUBES, EXAMPLE_CUBES, SHAPE, SITE

#: The Allies played in a turn so far: none when it starts.
FRESH_TURN = {"drawn": False, "fille": False, "coureur": None}


def outside_play(state: JSON, move: Move) -> Violation | None:
    """GAME SETUP comes first and END OF THE GAME is final: the rule a move before the table is
    set up or after the final snowflake breaks (the engine's gate, in its own words)."""
    if state["phase"] == "finished":
        return Violation(END, "The game ended when the final snowflake card was drawn; no move may follow.")
    if state["phase"] == "setup" and move.type != "setup_table":
        return Violation(SETUP, "The table must be set up (tally sticks, strip, first player) before play starts.")
    return None


def in_play(table: Table, move: Move) -> None:
    """What every move does first (the engine's ``before``): a move :func:`outside_play` refuses
    cannot be applied at all."""
    refused = outside_play(table.state, move)
    if refused is not None:
        raise EngineError(refused.message)


def colour_of(state: JSON, seat: int) -> str:
    return state["players"][seat]["colour"].capitalize()


def not_your_turn(state: JSON) -> str:
    return f"It is {colour_of(state, state['active'])}'s turn."


@move(
    "draw_card",
    section=TURN,
    description="PLAYER TURN: the active player draws the top card of the deck (a block's shape or a snowflake).",
    schema=obj({"card": CARD}),
    example={"card": "cross"},
    choices=draw_choices,
    says=said_draw,
)
def draw_card(table: Table, move: Move) -> None:
    """PLAYER TURN: "DRAW A CONSTRUCTION-BLOCK CARD ... Place the new card on top of the matching
    illustration on the identification strip." The deck is hidden (GAME SETUP): the card must be
    one it can still hold there (deck.py), or the one a Huron put on top."""
    state, card = table.state, move.data["card"]
    known = state["deck"]["known_top"]
    if move.seat != state["active"]:
        table.refuse(TURN, not_your_turn(state))
    elif state["phase"] == "place":
        table.refuse(TURN, "You have drawn already: choose one of the visible cards and place its block.")
    elif state["phase"] == "offer":
        table.refuse(UNABLE, "The offered block must be placed or passed on before anyone draws.")
    elif known and card != known[0]:
        name = deck.card_name(known[0])
        table.refuse(HURON, f"The Huron put the {name} card on top of the deck, so it is the card drawn.")
    elif not known and (problem := deck.unseen_problem(state["deck"], [card])):
        table.refuse(SETUP, problem)
    table.update(deck=deck.draw(state["deck"], card), turn={**state["turn"], "drawn": True})
    if card == SNOWFLAKE:
        snowstorm(table)
        return
    table.update(strip=[*state["strip"], card], phase="place")


@move(
    "place_block",
    section=TURN,
    description=(
        "PLAYER TURN: place the block of a visible card (or the block offered by a player unable to "
        "place it) on a site; every cube with its cell and colour."
    ),
    schema=obj({"card": SHAPE, "site": SITE, "cubes": CUBES}),
    example={"card": "cannon", "site": "redoubt", "cubes": EXAMPLE_CUBES},
    choices=place_choices,
    says=said_place,
)
def place_block(table: Table, move: Move) -> None:
    """PLAYER TURN: "CHOOSE A CONSTRUCTION BLOCK AND ADD IT TO ONE OF THE THREE CONSTRUCTION SITES"
    (in accordance with the PLACEMENT RULES), discard its card, score; or, A PLAYER IS UNABLE TO
    PLACE A BLOCK, the player it is offered to places it and "receive[s] the points"."""
    state, card, phase = table.state, move.data["card"], table.state["phase"]
    if phase == "offer":
        offer = state["offer"]
        if move.seat != offer["to"]:
            table.refuse(UNABLE, f"The block is offered to {colour_of(state, offer['to'])} now.")
        elif card != offer["card"]:
            table.refuse(UNABLE, f"Only the offered {block_name(offer['card'])} may be placed now.")
        else:
            refuse_placement(table, move.data, card)
    elif move.seat != state["active"]:
        table.refuse(TURN, not_your_turn(state))
    elif phase == "draw":
        table.refuse(TURN, "Draw a construction-block card first (or place a bonus construction block).")
    else:
        if card not in state["strip"]:
            table.refuse(TURN, f"The {block_name(card)} is not one of the visible cards on the identification strip.")
        refuse_placement(table, move.data, card)
    offered = phase == "offer" and move.seat != state["active"]
    build(table, move.seat, move.data, card, with_allies=not offered)
    stockpile = table.at("stockpile")
    stockpile[card] = max(0, stockpile[card] - 1)
    table.update(strip=without(state["strip"], card), discard=[*state["discard"], card])
    end_turn(table)


def build(table: Table, seat: int, data: dict[str, JSON], block: str, *, with_allies: bool) -> None:
    """PLAYER TURN, CALCULATE THE POINTS: put the block's cubes on their site and score them for
    ``seat``, doubled by a FILLE DU ROY, shared with a COUREUR DES BOIS (``with_allies``); a
    block that covers the last free space COMPLETES A BUILDING and wins its standee."""
    state = table.state
    site_key = data["site"]
    site = state["sites"][site_key]
    cells, keys = placed(data["cubes"])
    cubes = dict(site["cubes"])
    cubes.update(zip(keys, [cube["colour"] for cube in data["cubes"]]))
    colour = state["players"][seat]["colour"]
    points = geometry.linked_cubes(cubes, cells, keys, colour, site["joints"], covered_level=state["snowflakes"])
    turn = state["turn"]
    doubled = with_allies and turn["fille"]
    coureur = turn["coureur"] if with_allies and turn["coureur"] is not None else None
    scores = table.at("scores")
    scores[seat] += points * 2 if doubled else points
    if coureur is not None:
        scores[coureur] += points // 2
    new_site = table.at("sites", site_key)
    new_site["cubes"] = cubes
    if site["standee"] is None and geometry.covered_from_above(cubes, site["footprint"], MAX_HEIGHT):
        new_site["standee"] = seat
    table.set(
        "last_placement",
        {
            "seat": seat,
            "block": block,
            "site": site_key,
            "points": points,
            "doubled": doubled,
            "coureur_des_bois": None if coureur is None else {"seat": coureur, "points": points // 2},
        },
    )


def end_turn(table: Table) -> None:
    """PLAYER TURN: "This ends the player's turn, and the player to the left then starts their turn"."""
    table.update(active=left_of(table.state, table.state["active"]), phase="draw", turn=FRESH_TURN, offer=None)


def left_of(state: JSON, seat: int) -> int:
    return (seat + 1) % len(state["players"])


def without(cards: list[str], card: str) -> list[str]:
    if card not in cards:
        return list(cards)
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]
