"""Vasa Regalis on the table: the eight role cards, the supply and the parts, then each player's
ship card (its four squares) and hand.

The drawing is laid out here, in the SVG's own units (520 wide, a little less than the 560 px a picture gets
beside another on a laptop, so that a 390 px phone still reads it); the template only places what it is given. Whatever the view
hides (another player's goods on hand and on the ship, the part totals, a value someone else
inspected) arrives as ``None`` and is drawn face down, or as a count, or as "?".
"""

from __future__ import annotations

from math import ceil

from games.contract import JSON
from games.kit import counted
from games.vasa_regalis.rulebook import GOODS, ROLES
from games.vasa_regalis.words import goods, markers, name, sentence
from records.web.tables import seat_colour

WIDTH = 520
GAP = 8
#: The role cards: two rows of four, each a quarter of the width.
CARD_W, CARD_H = (WIDTH - 3 * GAP) // 4, 40
SUPPLY_Y, SUPPLY_H = 2 * CARD_H + 2 * GAP, 96
SEATS_Y = SUPPLY_Y + SUPPLY_H + GAP
ROW_H = 92
#: A seat's row: who (left), the ship card, the hand in four columns.
SHIP_X, SHIP_W = 116, 166
HAND_X = SHIP_X + SHIP_W + 8
HAND_COL = (WIDTH - HAND_X) / len(GOODS)
MARKER_R = 9
SQUARE = 28

#: Each good's marker: its fill and the colour of the value printed on it.
GOOD_COLOURS = {
    "wood": ("#8a5a2b", "#fff"),
    "cloth": ("#efe6cf", "#1f2328"),
    "iron": ("#5b6670", "#fff"),
    "sculpture": ("#d9a521", "#1f2328"),
}


def picture(view: JSON, seats: list[dict]) -> dict[str, JSON]:
    """The template's context: every shape with its place, and the sentences beside it."""
    names = [seat["name"] for seat in seats]
    colours = [seat_colour(seat) for seat in seats]
    players = view["players"]
    rows = [_row(view, player, names, colours) for player in players]
    supply = _supply(view)
    markers = [pile for column in supply for pile in column["piles"]]
    for row in rows:
        markers += [square["marker"] for square in row["ship"] if "marker" in square]
        markers += [marker for column in row["hand"] for marker in column["markers"]]
    return {
        "width": WIDTH,
        "height": SEATS_Y + 18 + len(rows) * (ROW_H + GAP),
        "cards": _cards(view["roles"], names, colours),
        "card_w": CARD_W,
        "card_h": CARD_H,
        "supply": supply,
        "supply_h": SUPPLY_H,
        "seats_y": SEATS_Y,
        "row_w": WIDTH,
        "row_h": ROW_H,
        "ship_x": SHIP_X,
        "ship_w": SHIP_W,
        "square_size": SQUARE,
        "phase": view["phase"],
        "round": view["round"],
        "markers": markers,
        "headers": _headers(),
        "rows": rows,
        "status": _status(view, names),
        "next_steps": [_step(step, names) for step in view["next_steps"]],
        "shown": [_shown(entry, names) for entry in view["shown"] if entry["round"] == view["round"]],
        "outcome": view["outcome"],
    }


def _short(text: str, length: int = 13) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def _cards(roles: dict[str, int], names: list[str], colours: list[str]) -> list[JSON]:
    """The eight role cards (section 1) in the order of the card sheet; a chosen card shows
    its holder's colour and name."""
    cards = []
    for n, (role, card) in enumerate(ROLES.items()):
        holder = roles.get(role)
        cards.append(
            {
                "role": role,
                "title": card.card,
                "squeeze": len(card.card) > 15,
                "x": (n % 4) * (CARD_W + GAP),
                "y": (n // 4) * (CARD_H + GAP),
                "holder": holder,
                "holder_name": None if holder is None else _short(name(names, holder), 16),
                "colour": None if holder is None else colours[holder] if holder < len(colours) else "#59636e",
                "says": f"{card.card}: "
                + ("not chosen yet this round" if holder is None else f"chosen by {name(names, holder)} this round"),
            }
        )
    return cards


def _marker(good: str, value: int | None, cx: float, cy: float, where: str, place: str, seat: int | None) -> JSON:
    """A goods marker: face up with its value, or face down (``value`` None) in the good's ring."""
    fill, ink = GOOD_COLOURS[good]
    says = f"a {good} {where}, face down" if value is None else f"{goods(1, good, value)} {where}"
    return {
        "good": good,
        "value": value,
        "cx": round(cx, 1),
        "cy": round(cy, 1),
        "text_y": round(cy + 4, 1),
        "fill": fill,
        "ink": ink,
        "says": says,
        "place": place,
        "seat": seat,
    }


def _supply(view: JSON) -> list[JSON]:
    """Per good: the supply's three piles (value 1, 2, 3), the value-3 goods in play, and the
    part on the ships."""
    columns = []
    for n, good in enumerate(GOODS):
        x, y = n * (CARD_W + GAP), SUPPLY_Y
        fill, ink = GOOD_COLOURS[good]
        piles = []
        for value, count in enumerate(view["supply"][good], start=1):
            cx = x + 14 + (value - 1) * 39
            pile = _marker(good, value, cx, y + 42, "in the supply", "supply", None)
            pile.update(count=count, label_x=cx - x + 12, says=f"{goods(count, good, value)} in the supply")
            piles.append(pile)
        part = view["parts"][good]
        columns.append(
            {
                "good": good,
                "x": x,
                "y": y,
                "fill": fill,
                "ink": ink,
                "piles": piles,
                "value_3_in_play": view["value_3_in_play"][good],
                "part": part,
                "needs": view["operational_total"],
                "building": view["building"] == good and view["phase"] in ("building", "inspection"),
            }
        )
    return columns


def _headers() -> list[JSON]:
    return [{"good": good, "x": round(HAND_X + (n + 0.5) * HAND_COL, 1)} for n, good in enumerate(GOODS)]


def _row(view: JSON, player: JSON, names: list[str], colours: list[str]) -> JSON:
    seat = player["seat"]
    y = SEATS_Y + 18 + seat * (ROW_H + GAP)
    who = name(names, seat)
    outcome = view["outcome"]
    return {
        "seat": seat,
        "y": y,
        "name": who,
        "short_name": _short(who, 11),
        "colour": colours[seat] if seat < len(colours) else "#59636e",
        "leader": view["shipyard_leader"] == seat,
        "active": seat in view["active_seats"],
        "roles": [ROLES[role].card for role, holder in view["roles"].items() if holder == seat],
        "place": None if outcome is None else _place(outcome, seat),
        "ship": _ship(player, who, y, view["building"] if view["phase"] in ("building", "inspection") else None),
        "hand": _hand(player, who, y),
    }


def _place(outcome: JSON, seat: int) -> str:
    if not outcome["winners"]:
        return "All lose"
    return "Winner" if seat in outcome["winners"] else f"Place {outcome['places'][seat]}"


def _ship(player: JSON, who: str, y: int, building: str | None) -> list[JSON]:
    """The ship card's four squares (section 4), one per good; a placed good lies face down
    for whoever may not see the ship."""
    squares = []
    for n, good in enumerate(GOODS):
        x, top = SHIP_X + 19 + n * (SQUARE + 5), y + 47
        value = None if player["ship"] is None else player["ship"][good]
        square = {"good": good, "x": x, "y": top, "initial": good[0].upper(), "building": good == building}
        square["says"] = f"the {good} square of {who}'s ship"
        if good in player["ship_placed"]:
            centre = (x + SQUARE / 2, top + SQUARE / 2)
            square["marker"] = _marker(good, value, *centre, f"on {who}'s ship", "ship", player["seat"])
        squares.append(square)
    return squares


def _hand(player: JSON, who: str, y: int) -> list[JSON]:
    """Four columns of markers, value 3 first; another player's hand is a count of face-down
    markers of each good (the counts are public: goods change hands in the open)."""
    columns, seat, where = [], player["seat"], f"in {who}'s hand"
    for n, good in enumerate(GOODS):
        if player["hand"] is None:
            values = [None] * player["hand_counts"][good]
        else:
            values = [value for value in (3, 2, 1) for _ in range(player["hand"][good][value - 1])]
        centre = HAND_X + (n + 0.5) * HAND_COL
        columns.append(
            {
                "good": good,
                "cx": round(centre, 1),
                "cy": y + ROW_H / 2 + 4,
                "count": len(values),
                "markers": [
                    _marker(good, value, cx, cy, where, "hand", seat)
                    for value, (cx, cy) in zip(values, _piled(len(values), centre, y + ROW_H / 2), strict=True)
                ],
            }
        )
    return columns


def _piled(count: int, centre: float, middle: float) -> list[tuple[float, float]]:
    """Where ``count`` markers lie in a hand's column: rows of three (more when there are more
    than nine), each row centred, the rows centred on ``middle``, overlapping where they must."""
    per_row = max(3, ceil(count / 3))
    step = min(2 * MARKER_R + 1, (HAND_COL - 2 * MARKER_R - 6) / (per_row - 1))
    rows = ceil(count / per_row)
    places = []
    for i in range(count):
        row, in_row = divmod(i, per_row)
        across = min(per_row, count - row * per_row)
        x = centre + (in_row - (across - 1) / 2) * step
        places.append((x, middle + (row - (rows - 1) / 2) * (2 * MARKER_R + 3)))
    return places


def _status(view: JSON, names: list[str]) -> str:
    if view["finished"]:
        return f"Round {view['round']}: the game is over."
    leader = view["shipyard_leader"]
    said = f"Round {view['round']}, {view['phase']}"
    if leader is not None:
        said += f"; shipyard leader {name(names, leader)}"
    if view["phase"] in ("building", "inspection") and view["building"]:
        said += f"; building the {view['building']}"
    elif view["building_choices"]:
        said += f"; may build {', '.join(view['building_choices'])}"
        if view["forced_building"]:
            said += f" (must: {', '.join(view['forced_building'])})"
    return said + "."


def _step(step: JSON, names: list[str]) -> str:
    """An open step in words: who, and what the rules let them do now."""
    who, kind = name(names, step["seat"]), step["type"]
    role = ROLES.get(step.get("role"))
    card = f" ({role.card})" if role else ""
    if kind == "procure":
        what = goods(step["limit"], role.goods[0]) if len(role.goods) == 1 else counted(step["limit"], "good")
        return f"{who} procures up to {what} of value 1{card}"
    if kind == "exchange":
        return f"{who} exchanges up to {counted(step['limit'], 'pair')}{card}"
    if kind == "replace":
        return f"{who} replaces {'the ' + step['good'] if step.get('good') else 'a good'} on the ship{card}"
    if kind == "order_replacement":
        return f"{who} may order a replacement on another ship{card}"
    if kind == "place":
        return f"{who} places a good face down"
    if kind == "building_choice":
        return f"{who} chooses a good to build, or passes"
    if kind == "inspect":
        return f"{who} looks at a good on another ship, or at none"
    return f"{who} chooses a role card"


def _shown(entry: JSON, names: list[str]) -> str:
    """What was shown at the table this round (sections 3, 5 and 6), as a person says it; an
    inspected value only where the view gives it."""
    who = name(names, entry["seat"])
    how = entry["how"]
    if how == "exchange":
        made = markers({"good": pair["good"], "value": pair["make"]} for pair in entry["pairs"])
        return sentence(f"{who} makes {made}.")
    if how == "inventory":
        gave, got = markers(entry["give"]), markers(entry["receive"])
        return sentence(f"{who} gives {name(names, entry['with'])} {gave} for {got}.")
    if how == "king's order":
        return sentence(f"{name(names, entry['by'])} orders {who} to replace the {entry['good']}.")
    seen = "" if entry.get("value") is None else f": value {entry['value']}"
    return sentence(f"{name(names, entry['to'])} looks at the {entry['good']} on {who}'s ship{seen}.")
