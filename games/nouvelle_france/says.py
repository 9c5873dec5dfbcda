"""Each move in one sentence, as a person at the table says it, in the rulebook's words.

``state`` is the table before the move, ``move`` the move as the reader may see it (the cards
of another player's Huron arrive masked: a None for each), ``names[seat]`` each seat's name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.contract import JSON, Move
from games.kit import counted, listed
from games.nouvelle_france import components
from games.nouvelle_france.choices import points_being_scored, shared_placement
from games.nouvelle_france.components import COLOURS, NEUTRAL, SITES, SNOWFLAKE

ORDINALS = ("first", "second", "third")


def card(name: str) -> str:
    """A card or block in plain English: "cannon", "horseshoe", "snowflake", "beam"."""
    if name == SNOWFLAKE:
        return "snowflake"
    printed = components.block_name(name)  # "Fer à cheval (Horseshoe)", "Beam"
    english = printed.rpartition("(")[2].rstrip(")") if "(" in printed else printed
    return english.lower()


def a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def site(key: str) -> str:
    return f"the {components.site_name(key)}" if key in SITES else "a construction site"


def said_setup(state: JSON, move: Move, names: Sequence[str]) -> str:
    data = move.data
    sticks = listed(
        # In the sites' order, not the data's: a stored event's keys come back in another order
        f"tally stick {data['tally_sticks'][key]['stick']} at {site(key)}"
        for key in SITES
        if key in data.get("tally_sticks", {})
    )
    strip = data.get("strip") or []
    drawn = f"the {listed(card(c) for c in strip)} cards are drawn onto the identification strip, and " if strip else ""
    first = data.get("first_player")
    goes = f"{names[first]} goes first" if isinstance(first, int) and first < len(state["players"]) else "play starts"
    return f"The table is set up with {sticks}; {drawn}{goes}."


def said_draw(state: JSON, move: Move, names: Sequence[str]) -> str:
    drawn = move.data.get("card")
    who = names[move.seat]
    if drawn == SNOWFLAKE:
        count = state["snowflakes"]
        which = ORDINALS[count] if count < len(ORDINALS) else "a"
        return f"{who} draws the {which} snowflake card, and it snows."
    if drawn is None:
        return f"{who} draws a construction-block card."
    return f"{who} draws {a(card(drawn))} card."


def _colours(cubes: list[JSON]) -> str:
    counts = Counter(cube.get("colour") if isinstance(cube, dict) else None for cube in cubes)
    return listed(f"{counts[colour]} {colour}" for colour in (*COLOURS, NEUTRAL) if counts[colour])


def said_place(state: JSON, move: Move, names: Sequence[str]) -> str:
    data, who = move.data, names[move.seat]
    offered = state["phase"] == "offer"
    block = f"the offered {card(data['card'])} block" if offered else f"the {card(data['card'])} block"
    cubes = data.get("cubes") or []
    colours = _colours(cubes)
    return f"{who} places {block} on {site(data['site'])}: {counted(len(cubes), 'cube')}{', ' if colours else ''}{colours}."


def said_bonus(state: JSON, move: Move, names: Sequence[str]) -> str:
    data = move.data
    cubes = data.get("cubes") or []
    return (
        f"{names[move.seat]} places the {card(data['block'])}, a bonus construction block of "
        f"{counted(len(cubes), 'cube')}, on {site(data['site'])} instead of drawing a card."
    )


def said_ally(state: JSON, move: Move, names: Sequence[str]) -> str:
    ally, who = move.data.get("ally"), names[move.seat]
    scored = points_being_scored(state)
    if ally == "fille_du_roy":
        if scored is not None and scored["seat"] == move.seat:
            return f"{who} plays the Fille du Roy token to double the points of the block just placed."
        return f"{who} plays the Fille du Roy token to double their points this turn."
    if ally == "coureur_des_bois":
        shared = shared_placement(state, move.seat)
        if shared is not None:
            placer = names[shared["seat"]]
            return f"{who} plays the Coureur des bois token to receive half the points {placer} received for the block just placed."
        active = state["active"]
        return f"{who} plays the Coureur des bois token to receive half the points {names[active]} receives this turn."
    cards = move.data.get("cards")
    if not cards:
        return f"{who} plays the Huron token to look in secret at the top cards of the deck."
    looked = f"{who} plays the Huron token, looks in secret at the top {counted(len(cards), 'card')} of the deck"
    if any(c is None for c in cards):
        return f"{looked} and puts them back in any order."
    return f"{looked} and puts them back in the order {listed(card(c) for c in cards)}, top first."


def said_offer(state: JSON, move: Move, names: Sequence[str]) -> str:
    left = (move.seat + 1) % len(state["players"])
    return (
        f"{names[move.seat]} is unable to place the {card(move.data['card'])} block and offers it to the "
        f"other players, starting with {names[left]}."
    )


def said_pass(state: JSON, move: Move, names: Sequence[str]) -> str:
    offer = state["offer"] or {}
    block = f"the {card(offer['card'])} block" if "card" in offer else "the offered block"
    following = (move.seat + 1) % len(state["players"])
    if following == state["active"]:
        then = f"so it is returned to the box and {names[following]} draws a new card"
    else:
        then = f"so it is offered to {names[following]}"
    return f"{names[move.seat]} is unable to place {block} either, {then}."
