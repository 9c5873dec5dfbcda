"""First Settlement's table as a picture: the turn track (20 seasons in 5 years), the phase track
(the setup steps, then the 17 phases of TURN SEQUENCE), one mat per colony (its counters, its
Leaders, site cards, buildings and hand) and the six decks.

Coordinates are user units of a canvas ``WIDTH`` wide (the SVG scales to its box); a colony's
mat grows by a row of cards for each row its cards need (at most ``CARDS_PER_ROW`` a row, a
group of cards kept on one row when it fits). A hand the reader may not see arrives as a count
(``hand_size``) or as masked cards (None): both are drawn face down.
"""

from __future__ import annotations

from games.contract import JSON
from games.first_settlement.cards import ACTION_KINDS, DECK_OF, DECK_TITLES, DECKS
from games.first_settlement.sections import PHASE_SECTIONS
from games.first_settlement.sequence import PHASES, SEASONS, SETUP_STEPS, TURNS
from records.web.tables import ink_on, seat_colour

WIDTH = 520
#: The left and right edges of what a colony's mat holds (the mat spans 6 to WIDTH - 6, its colour band 6 to 14).
INNER_LEFT, INNER_RIGHT = 22, WIDTH - 14
CARD_W, CARD_H, CARD_GAP, GROUP_GAP = 92, 32, 4, 8
CARDS_PER_ROW = 5
#: A row of cards: its caption, then the cards.
CARD_ROW = 50
MAT_HEAD = 56
COUNTER_PITCH = 64
#: Room for the VP at a mat's top right, and the width of a character of a pill's words (9.5 px).
VP_ROOM, PILL_CHAR_W = 62, 5.4
#: Rough width of a character of the card names (9.5 px sans-serif), to break long names in two.
CHAR_W = 5.2

#: Turn track: 20 cells in 5 groups of 4 (TIME & GAME LENGTH: "The game lasts 5 years").
TRACK_TOP, CELL_W, CELL_H, YEAR_GAP = 38, 23, 28, 9
#: Phase track: the 3 setup steps and the 17 phases, in 2 rows of 10.
CHIPS_TOP, CHIPS_PER_ROW, CHIP_H, CHIP_GAP = 74, 10, 17, 3
COLONIES_TOP = 122

SETUP_LABELS = {"roll_for_first": "Roll", "prepare_colony": "Prepare", "select_site": "Sites"}
SETUP_NAMES = {"roll_for_first": "Roll for first player", "prepare_colony": "Setup", "select_site": "Site selection"}
SETUP_TITLES = {
    "roll_for_first": "SETUP: players roll high on 1D10 to see who goes first",
    "prepare_colony": "SETUP: each colony's tokens, Leader, Action and Build cards",
    "select_site": "SITE SELECTION PROCESS: each player selects 1 of 3 sites",
}
SEASON_MARKS = {"Winter": "W", "Spring": "Sp", "Summer": "Su", "Fall": "F"}

#: Each deck's colour: a card's edge and top band, and (``TINTS``) its face.
DECK_COLOURS = {
    "leader": "#b7791f",
    "site": "#2f7d4f",
    "action": "#3d6a9e",
    "build": "#8a5a2b",
    "food": "#c05621",
    "hardship": "#8b2635",
}
TINTS = {
    "leader": "#fbf3e0",
    "site": "#e8f4ec",
    "action": "#e9f0f8",
    "build": "#f5ece2",
    "food": "#fbeee4",
    "hardship": "#f8e6e9",
}


#: The counters of a colony: view key, short unit, what one token is (COLONIST ... LAND PURCHASE TOKENS).
COUNTERS = (
    ("colonists", "CT", "Colonist Tokens (each is 10 people)"),
    ("food_tokens", "FT", "Food Tokens (each feeds 1 CT for 1 season)"),
    ("stock_tokens", "", "Stock Token (livestock and stored food)"),
    ("plant_tokens", "PT", "Plant Tokens (seeds planted in Spring, harvested in Fall)"),
    ("land_purchase_tokens", "LPT", "Land Purchase Tokens (1 VP each)"),
    ("vp_gained", "VP", "VP gained in play (trades, food converted, crops)"),
)


def picture(view: JSON, seats: list[dict]) -> dict[str, JSON]:
    """The template's context: every shape's place and words, from ``view`` alone."""
    names = [_seat_name(seats, n) for n in range(len(view["colonies"]))]
    colours = [seat_colour(seat) for seat in seats]
    active = view["active_seats"]
    colonies, bottom = _colonies(view, names, colours)
    decks_top = bottom + 6
    return {
        "width": WIDTH,
        "height": decks_top + 62,
        "status": _status(view, names),
        "years": _years(view),
        "cells": _turn_cells(view),
        "cell": {"y": TRACK_TOP, "w": CELL_W - 1, "h": CELL_H, "label_y": TRACK_TOP + 10, "years_y": TRACK_TOP - 4},
        "chip_h": CHIP_H,
        "pawns": _pawns(view, names, colours),
        "chips": _chips(view, colours[active[0]] if len(active) == 1 else "#0b5cad"),
        "colonies": colonies,
        "decks_top": decks_top,
        "decks": _decks(view, decks_top),
        "last": _last(view.get("last"), names),
        "outcome": _outcome(view.get("outcome"), names),
        "deck_contents": _deck_contents(view),
    }


def _seat_name(seats: list[dict], n: int) -> str:
    return (seats[n].get("name") if n < len(seats) else "") or f"Seat {n + 1}"


def _phase_title(phase: str) -> str:
    if phase in SETUP_STEPS:
        return SETUP_TITLES[phase]
    return f"{PHASE_SECTIONS[phase].title()}, {PHASES.index(phase) + 1} of {len(PHASES)}"


def _status(view: JSON, names: list[str]) -> dict[str, str]:
    """The line over the tracks: the turn, and the phase with whose move it is."""
    if view["finished"]:
        return {"turn": "The game is over", "phase": ""}
    turn = f"Turn {view['turn']} of {TURNS}" if view["turn"] else "Setup"
    step = _step_name(view["phase"])
    who = ", ".join(names[n] for n in view["active_seats"])
    return {"turn": turn, "phase": f"{step} · {who} to play" if who else step}


def _step_name(phase: str) -> str:
    """A setup step's or a phase's name as the rulebook heads it ("Food Phase")."""
    if phase in SETUP_STEPS:
        return SETUP_NAMES[phase]
    return PHASE_SECTIONS.get(phase, phase.replace("_", " ")).title()


def _cell_x(turn: int) -> int:
    """The left edge of turn ``turn``'s cell (1-based): 4 cells a year, a gap between years."""
    return 12 + (turn - 1) * CELL_W + (turn - 1) // 4 * YEAR_GAP


def _years(view: JSON) -> list[dict]:
    shared = not view["options"]["random_season_start"]
    return [
        {
            "x": _cell_x(4 * year + 1) + 2 * CELL_W,
            "label": f"Year {year + 1}" if shared else f"Turns {4 * year + 1}–{4 * year + 4}",
        }
        for year in range(TURNS // 4)
    ]


def _turn_cells(view: JSON) -> list[dict]:
    """20 cells: marked with the season where every colony started in Winter (TIME & GAME LENGTH),
    else with the turn's number (RANDOM SEASON START OPTION: each colony has its own season)."""
    shared = not view["options"]["random_season_start"]
    current = view["turn"] or 0
    cells = []
    for turn in range(1, TURNS + 1):
        season = SEASONS[(turn - 1) % 4]
        cells.append(
            {
                "turn": turn,
                "x": _cell_x(turn),
                "tx": _cell_x(turn) + CELL_W / 2,
                "label": SEASON_MARKS[season] if shared else str(turn),
                "title": f"Turn {turn}: {season}, year {(turn - 1) // 4 + 1}" if shared else f"Turn {turn}",
                "done": view["finished"] or turn < current,
                "current": turn == current and not view["finished"],
            }
        )
    return cells


def _pawns(view: JSON, names: list[str], colours: list[str]) -> list[dict]:
    """Each colony's pawn on the turn it is in (the first turn while setting up), up to 3 abreast."""
    pawns = []
    crowd: dict[int, int] = {}
    for seat, colony in enumerate(view["colonies"]):
        turn = max(1, colony["turn"])
        place = crowd.get(turn, 0)
        crowd[turn] = place + 1
        pawns.append(
            {
                "seat": seat,
                "cx": _cell_x(turn) + 5 + 6.5 * (place % 3),
                "cy": TRACK_TOP + 17 + 7 * (place // 3),
                "colour": colours[seat],
                "gave_up": colony["gave_up"],
                "title": f"{names[seat]}: {colony['season']} of year {colony['year']}, turn {colony['turn'] or 1}"
                + (" (the Settlers gave up)" if colony["gave_up"] else ""),
            }
        )
    return pawns


def _chips(view: JSON, colour: str) -> list[dict]:
    """The setup steps and the 17 phases, the one due filled with the colour of the seat to play."""
    chip_w = (WIDTH - 20 - (CHIPS_PER_ROW - 1) * CHIP_GAP) / CHIPS_PER_ROW
    due = None if view["finished"] else view["phase"]
    chips = []
    for n, phase in enumerate((*SETUP_STEPS, *PHASES)):
        x = 10 + (n % CHIPS_PER_ROW) * (chip_w + CHIP_GAP)
        chips.append(
            {
                "phase": phase,
                "x": round(x, 1),
                "tx": round(x + chip_w / 2, 1),
                "ty": CHIPS_TOP + (n // CHIPS_PER_ROW) * (CHIP_H + CHIP_GAP) + CHIP_H - 5,
                "y": CHIPS_TOP + (n // CHIPS_PER_ROW) * (CHIP_H + CHIP_GAP),
                "w": round(chip_w, 1),
                "label": SETUP_LABELS.get(phase) or phase.title(),
                "title": _phase_title(phase),
                "setup": phase in SETUP_STEPS,
                "current": phase == due,
                "colour": colour,
                "ink": ink_on(colour),
            }
        )
    return chips


def _colonies(view: JSON, names: list[str], colours: list[str]) -> tuple[list[dict], int]:
    """Each colony's mat, one under the other; and the bottom of the last."""
    order = view["turn_order"] or []
    outcome = view.get("outcome")
    mats = []
    top = COLONIES_TOP
    for seat, colony in enumerate(view["colonies"]):
        groups, rows = _card_groups(colony, names[seat], top + MAT_HEAD)
        height = MAT_HEAD + rows * CARD_ROW + 2
        mats.append(
            {
                "seat": seat,
                "name": names[seat],
                "colour": colours[seat],
                "top": top,
                "height": height,
                "active": seat in view["active_seats"],
                "place": f"plays {_ordinal(order.index(seat) + 1)}" if seat in order else "",
                "when": f"{colony['season']}, year {colony['year']}",
                "vp": colony["vp"],
                "counters": _counters(view, seat, top),
                "badges": _badges(colony, outcome, seat, seat in view["active_seats"], top),
                "groups": groups,
                "gave_up": colony["gave_up"],
            }
        )
        top += height + 8
    return mats, top


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _counters(view: JSON, seat: int, top: int) -> list[dict]:
    counters = []
    for n, (key, unit, what) in enumerate(COUNTERS):
        value = view[key][seat]
        if key == "stock_tokens":
            shown, title = ("Stock", f"Holds the {what}") if value else ("lost", f"The {what} is lost")
            value = int(value)
        else:
            shown, title = str(value), f"{value} {what}"
        counters.append(
            {
                "key": key,
                "value": value,
                "shown": shown,
                "unit": unit,
                "title": title,
                "x": INNER_LEFT + n * COUNTER_PITCH,
            }
        )
    return [{**c, "y": top + 28} for c in counters]


def _badges(colony: JSON, outcome: JSON | None, seat: int, active: bool, top: int) -> list[dict]:
    """The colony's pills in its header, laid from the VP leftwards: to play, its place, gave up, shortage, storm."""
    badges = [{"kind": "active", "text": "to play"}] if active else []
    if outcome:
        place = outcome["places"][seat]
        won = seat in outcome["winners"]
        badges.append({"kind": "good" if won else "muted", "text": "winner" if won else f"place {place}"})
    if colony["gave_up"]:
        badges.append({"kind": "bad", "text": "gave up"})
    if colony["food_shortage"]:
        badges.append({"kind": "warn", "text": "food shortage"})
    if colony["no_ship_next_turn"]:
        badges.append({"kind": "warn", "text": "no ship next turn"})
    right = INNER_RIGHT - VP_ROOM
    for badge in badges:
        width = round(len(badge["text"]) * PILL_CHAR_W + 14)
        right -= width
        badge.update(x=right, y=top + 8, w=width, tx=right + width / 2, ty=top + 19)
        right -= 4
    return badges


def _card_groups(colony: JSON, name: str, top: int) -> tuple[list[dict], int]:
    """The colony's cards in four groups (Leaders, site, buildings, hand), flowed into rows: a
    group stays on the row it starts on when it fits, else it starts a row, and the hand (not on
    the table) always starts one; an empty group shows an empty slot. Returns the groups and the
    number of rows."""
    hand = colony.get("hand")
    if hand is None:
        hand = [None] * colony["hand_size"]
    groups = [
        ("leader", "Leaders" if len(colony["leaders"]) > 1 else "Leader", colony["leaders"], "none yet"),
        ("site", "Site", colony["sites"], "not chosen"),
        ("building", f"Buildings ({len(colony['buildings'])})", colony["buildings"], "none yet"),
        ("hand", f"Hand ({len(hand)})", hand, "empty"),
    ]
    x, row, placed = INNER_LEFT, 0, []
    for kind, caption, cards, empty in groups:
        slots = max(1, len(cards))
        if x > INNER_LEFT:
            x += GROUP_GAP
            fits = x + min(slots, CARDS_PER_ROW) * (CARD_W + CARD_GAP) - CARD_GAP <= INNER_RIGHT
            if kind == "hand" or not fits:
                x, row = INNER_LEFT, row + 1
        shapes = []
        caption_at = (x, top + row * CARD_ROW + 9)
        for n in range(slots):
            if n and x + CARD_W > INNER_RIGHT:
                x, row = INNER_LEFT, row + 1
            y = top + row * CARD_ROW + 12
            shapes.append(_card(kind, cards[n] if cards else "", name, x, y) if cards else _slot(empty, x, y))
            x += CARD_W + CARD_GAP
        x -= CARD_GAP
        placed.append({"kind": kind, "caption": caption, "cx": caption_at[0], "cy": caption_at[1], "cards": shapes})
    return placed, row + 1


def _slot(text: str, x: int, y: int) -> dict:
    return {"empty": True, "x": x, "y": y, "w": CARD_W, "h": CARD_H, "lines": [{"text": text, "y": y + 20}]}


def _card(kind: str, card: str | None, holder: str, x: int, y: int) -> dict:
    """A card face up with its name (in one or two lines), or face down when ``card`` is hidden."""
    shape = {"empty": False, "kind": kind, "x": x, "y": y, "w": CARD_W, "h": CARD_H, "face_down": card is None}
    if card is None:
        return {**shape, "title": f"A card in {holder}'s hand, face down", "lines": []}
    deck = DECK_OF.get(card, "build" if kind == "building" else kind)
    lines = _name_lines(card)
    top = y + (21 if len(lines) == 1 else 15)
    return {
        **shape,
        "name": card,
        "deck": deck,
        "edge": DECK_COLOURS.get(deck, "#59636e"),
        "face": TINTS.get(deck, "#ffffff"),
        "title": _card_title(kind, card, deck, holder),
        "lines": [{"text": line, "y": top + 11 * n} for n, line in enumerate(lines)],
    }


def _card_title(kind: str, card: str, deck: str, holder: str) -> str:
    if kind == "hand":
        what = f"{ACTION_KINDS[card]} Action card" if card in ACTION_KINDS else f"{DECK_TITLES.get(deck, '')} card"
        return f"{card}: a {what} in {holder}'s hand"
    return {
        "leader": f"{card}: {holder}'s Leader (Governor)",
        "site": f"{card}: a site card of {holder}'s colony",
        "building": f"{card}: a building of {holder}'s, face up (5 VP and its benefit)",
    }[kind]


def _name_lines(name: str) -> list[str]:
    """A card's name on one line, or broken at the space nearest its middle when it is too wide."""
    if len(name) * CHAR_W <= CARD_W - 8 or " " not in name:
        return [name]
    spaces = [n for n, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda n: abs(n - len(name) / 2))
    return [name[:cut], name[cut + 1 :]]


def _decks(view: JSON, top: int) -> list[dict]:
    """The six decks (THE DECKS): each its draw pile and discard pile, as counts."""
    pitch = (WIDTH - 20 + 6) / len(DECKS)
    return [
        {
            "deck": deck,
            "name": DECK_TITLES[deck],
            "x": round(10 + n * pitch),
            "y": top + 16,
            "w": round(pitch - 6),
            "colour": DECK_COLOURS[deck],
            "face": TINTS[deck],
            "draw": view["decks"][deck]["draw_pile"],
            "discard": view["decks"][deck]["discard_pile"],
        }
        for n, deck in enumerate(DECKS)
    ]


def _deck_contents(view: JSON) -> list[dict]:
    """What each pile holds, where the reader may see it (the arbiter): card and copies, by name."""
    contents = []
    for deck in DECKS:
        cards = view["decks"][deck].get("cards")
        if cards:
            contents.append(
                {
                    "name": DECK_TITLES[deck],
                    "draw": _tally(cards["draw"]),
                    "discard": _tally(cards["discard"]),
                }
            )
    return contents


def _tally(pile: dict[str, int] | None) -> str:
    if not pile:
        return "–"
    return ", ".join(f"{card} ×{n}" if n > 1 else card for card, n in sorted(pile.items()) if n)


def _last(last: JSON | None, names: list[str]) -> dict | None:
    """What the last phase did, as words: the phase, whose, and each number or list it reports."""
    if not last:
        return None
    heading = _step_name(last["phase"])
    seat = last.get("seat")
    facts = [
        {"what": key.replace("_", " "), "value": _words(value)}
        for key, value in last.items()
        if key not in ("phase", "seat")
    ]
    return {"phase": heading, "who": names[seat] if seat is not None and seat < len(names) else "", "facts": facts}


def _words(value: JSON) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "–"
    if isinstance(value, list):
        return ", ".join(_words(item) for item in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{key.replace('_', ' ')} {_words(item)}" for key, item in value.items())
    return str(value)


def _outcome(outcome: JSON | None, names: list[str]) -> dict | None:
    if not outcome:
        return None
    winners = [names[n] for n in outcome["winners"]]
    return {"reason": outcome["reason"], "winners": ", ".join(winners) if winners else "no winner"}
