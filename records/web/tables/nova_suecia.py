"""Nova Suecia's table as the rulebook lays it out (section 3, steps 1-3): Fort Christina, the
12 Delaware river cards and Fort Nassau in a row, the district cards in a row above and a row
below, then the 8 resource markets with their 12 price squares, and the players' holdings.

The view gives the number of cubes on each market and the price of the square a cube is
bought from and sold to, not the prices printed on the other squares (a play may bring its own
edition's cards), so only those two squares carry a number. A district card nobody has turned
up has no type in the view: it is drawn face down, its back only.
"""

from __future__ import annotations

from games.contract import JSON
from games.kit import counted, listed
from games.nova_suecia.board import (
    CHRISTINA,
    NASSAU,
    RIVER_CARDS,
    buy_square,
    closest_fort,
    sell_square,
    swedish_influence,
)
from games.nova_suecia.components import DISTRICT_TYPES, PRICE_SQUARES, RESOURCES
from games.nova_suecia.words import cube, thaler
from records.web.tables import seat_colour

#: The board's grid, in the SVG's own units: one column per river card and fort.
COLUMN = 40
CARD_WIDTH, CARD_HEIGHT = 36, 72
NORTH_Y, RIVER_Y, SOUTH_Y = 4, 80, 124
RIVER_HEIGHT = 40
BOARD_WIDTH = (RIVER_CARDS + 2) * COLUMN
BOARD_HEIGHT = SOUTH_Y + CARD_HEIGHT + 4
#: Coins drawn on a fort card; more are told by the number beside them.
COINS_DRAWN = 8
#: Log cabins drawn on a district card; more are told by a number.
CABINS_DRAWN = 3

#: The markets' rows: a resource's name, its 12 squares, then four numbers.
SQUARE, SQUARES_X, MARKET_ROW, MARKETS_TOP = 24, 74, 24, 20
MARKETS_HEIGHT = MARKETS_TOP + len(RESOURCES) * MARKET_ROW + 2
NUMBER_COLUMNS = {"buy": 398, "sell": 432, "stock": 468, "bag": 500}
MARKETS_WIDTH = 502

#: Section 2: each resource's colour (cube fill, and the ink that reads on it).
RESOURCE_COLOURS = {
    "grain": ("#f2c94c", "#1f2328"),
    "timber": ("#fbfbf6", "#1f2328"),
    "iron": ("#2d333b", "#ffffff"),
    "plant": ("#3c9a4a", "#ffffff"),
    "tobacco": ("#7b4ea3", "#ffffff"),
    "fur": ("#c0392b", "#ffffff"),
    "colonist": ("#2f6fd1", "#ffffff"),
    "gold": ("#f08c00", "#1f2328"),
}
#: Section 2: the Swedish ship is blue, the Dutch one red.
SHIP_COLOURS = {"swedish": "#1f5fbf", "dutch": "#c62828"}
FORT_NAMES = {"christina": "Fort Christina", "nassau": "Fort Nassau"}
#: Each district type: the card's colour and a pictogram (path, fill, stroke) in a 20 x 20 box around 0,0.
DISTRICT_LOOKS = {
    "farm": (
        "#f7ebbf",
        [
            ("M0 10V-9", "none", "#8a6d1d"),
            (
                "M0 3q-6-1-5-7q5 1 5 7zM0 3q6-1 5-7q-5 1-5 7zM0-3q-6-1-5-7q5 1 5 7zM0-3q6-1 5-7q-5 1-5 7z",
                "#c99a2e",
                "#8a6d1d",
            ),
        ],
    ),
    "forestry": ("#d4e9cc", [("M0-10L8 3H-8Z", "#2e7d32", "#1b5e20"), ("M-1.5 3h3v7h-3z", "#795548", "none")]),
    "forge": ("#dcdfe3", [("M-10-6H6L10-9V-2L3 1V4H7V8H-7V4H-3V1L-10-2Z", "#444c56", "#24292f")]),
    "plantation": (
        "#e3f3d6",
        [("M0 10V0", "none", "#2e7d32"), ("M0 2q-9 0-8-8q7 0 8 8zM0 0q8-1 8-9q-8 0-8 9z", "#43a047", "#2e7d32")],
    ),
    "spin": (
        "#eadff2",
        [
            (
                "M-8 0a8 8 0 1 0 16 0a8 8 0 1 0-16 0M0-8V8M-8 0H8M-5.7-5.7L5.7 5.7M-5.7 5.7L5.7-5.7",
                "none",
                "#6a3d9a",
            ),
            ("M-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0", "#6a3d9a", "none"),
        ],
    ),
    "trade_post": ("#efdcc6", [("M0-10L9 9H-9Z", "#a0522d", "#6d3a1f"), ("M0 1L-3 9H3Z", "#f5e6d3", "none")]),
}
FACE_DOWN = "#4a5d70"
#: A colonist meeple standing on 0,0 (12 high); laid down it is turned a quarter.
MEEPLE = "M-2.3-8.3a2.3 2.3 0 1 1 4.6 0a2.3 2.3 0 1 1-4.6 0ZM-1.8-5.5H1.8L5-3.6V-2L1.6-2.6L4 5.5H1.2L0 2L-1.2 5.5H-4L-1.6-2.6L-5-2V-3.6Z"
#: A log cabin, 9 wide, its floor on 0,0.
CABIN = "M-4.5 0V-5L0-8.5L4.5-5V0Z"
STEPS = {
    "setup": "preparation: each player places a letter resource",
    "letter": "Letter action",
    "ship": "Ship action",
    "colonist": "Colonist action",
    "end": "end of the turn",
}

NEUTRAL_COLOUR = "#8c959f"


def picture(view: JSON, seats: list[dict]) -> dict:
    """The template's context: everything drawn, placed and titled."""
    players = _players(view, seats)
    return {
        "view": view,
        "status": _status(view, players),
        "board": {
            "width": BOARD_WIDTH,
            "height": BOARD_HEIGHT,
            "forts": _forts(view),
            "river": _river(view),
            "districts": [_district(name, district, players) for name, district in view["districts"].items()],
            "ships": [_ship(name, ship) for name, ship in view["ships"].items()],
        },
        "legend": _legend(view),
        "markets": {
            "width": MARKETS_WIDTH,
            "height": MARKETS_HEIGHT,
            "rows": _markets(view),
            "columns": NUMBER_COLUMNS,
        },
        "players": players,
        "shapes": {"meeple": MEEPLE, "cabin": CABIN},
    }


def _players(view: JSON, seats: list[dict]) -> list[dict]:
    """One row per player of the view, the neutral player (7.5) included."""
    rows = []
    for index, letter in enumerate(view["letters"]):
        neutral = index == view["neutral_player"]
        seat = seats[index] if index < len(seats) else {"position": index, "name": "", "colour": ""}
        on_letter = view["colonists_on_letter"][index]
        rows.append(
            {
                "index": index,
                "name": "Neutral player" if neutral else seat["name"] or f"Seat {index + 1}",
                "colour": NEUTRAL_COLOUR if neutral else seat_colour(seat),
                "neutral": neutral,
                "governor": index == view["governor"],
                "to_move": not view["finished"] and index == view["player"],
                "seals": view["seals"][index],
                "thaler": view["thaler"][index],
                "treasury": _treasury(view["loans"][index], view["deposits"][index]),
                "net": _minus(view["net_thaler"][index]),
                "log_cabins": view["log_cabins"][index],
                "letter": [_cube(resource) for resource in letter],
                "standing": on_letter["standing"],
                "laid_down": on_letter["laid_down"],
            }
        )
    return rows


def _minus(amount: int) -> str:
    """A number as printed, with a true minus sign."""
    return f"\u2212{-amount}" if amount < 0 else str(amount)


def _treasury(loan: int, deposit: int) -> dict:
    """A player's seals on the treasury cards (5.3.5): the loan as a debit, the deposit as a credit."""
    parts = ([_minus(-loan)] if loan else []) + ([f"+{deposit}"] if deposit else [])
    return {"shown": ", ".join(parts) or "0", "title": f"loan {loan}, deposit {deposit}"}


def _cube(resource: str) -> dict:
    fill, ink = RESOURCE_COLOURS[resource]
    return {"resource": resource, "name": cube(resource), "fill": fill, "ink": ink}


def _status(view: JSON, players: list[dict]) -> dict:
    """Whose turn and which step, the Governor card, the Dutch threat (6) and the last turns."""
    outcome = view["outcome"]
    final = view["final_turns"]
    mover = players[view["player"]]
    controller = players[view["governor"]]["name"] if mover["neutral"] else None
    return {
        "turn": view["turn"],
        "step": STEPS.get(view["phase"], view["phase"]),
        "mover": mover["name"],
        "for_neutral": controller,
        "governor": players[view["governor"]]["name"],
        "outcome": outcome
        and {
            "reason": outcome["reason"],
            "winners": listed(players[i]["name"] for i in outcome["winners"]),
            "blamed": listed(players[i]["name"] for i in outcome.get("blamed", [])),
        },
        "threat": {
            "christina": view["forts"]["christina"],
            "nassau": view["forts"]["nassau"],
            "product": view["raid_multiplier"],
            "seals": view["seals_on_districts"],
        },
        "final_turns": final
        and {"sealer": players[final["sealer"]]["name"], "queue": listed(players[i]["name"] for i in final["queue"])},
        "treasury_taken": view["treasury_taken"],
    }


def _column_x(position: int) -> int:
    """The left edge of a river position's column: 0 Fort Christina, 1-12 the river cards, 13 Fort Nassau."""
    return position * COLUMN


def _forts(view: JSON) -> list[dict]:
    forts = []
    for name, position in (("christina", CHRISTINA), ("nassau", NASSAU)):
        coins = view["forts"][name]
        forts.append(
            {
                "name": name,
                "title": f"{FORT_NAMES[name]}: {thaler(coins)}",
                "label": FORT_NAMES[name].removeprefix("Fort "),
                "x": _column_x(position),
                "colour": SHIP_COLOURS["swedish" if name == "christina" else "dutch"],
                "thaler": coins,
                "coins": [BOARD_HEIGHT - 26 - 5 * i for i in range(min(coins, COINS_DRAWN))],
            }
        )
    return forts


def _river(view: JSON) -> list[dict]:
    """The river cards, each with the influence over the two districts beside it (5.4)."""
    swedish, dutch = view["ships"]["swedish"]["river_card"], view["ships"]["dutch"]["river_card"]
    cards = []
    for card in range(1, RIVER_CARDS + 1):
        safe = swedish_influence(card, swedish, dutch)
        fort = closest_fort(card)
        raid = view["forts"][fort]
        title = (
            f"River card {card}: Swedish influence, no raid"
            if safe
            else f"River card {card}: Dutch influence, a raid of {thaler(raid)} ({FORT_NAMES[fort]}) less log cabins"
        )
        cards.append(
            {
                "card": card,
                "x": _column_x(card),
                "influence": "swedish" if safe else "dutch",
                "band": SHIP_COLOURS["swedish" if safe else "dutch"],
                "title": title,
            }
        )
    return cards


def _ship(name: str, ship: JSON) -> dict:
    at = ship["river_card"]
    where = (
        FORT_NAMES["christina" if at == CHRISTINA else "nassau"] if at in (CHRISTINA, NASSAU) else f"river card {at}"
    )
    return {
        "name": name,
        "river_card": at,
        "heading": ship["heading"],
        "x": _column_x(at) + COLUMN // 2,
        "y": RIVER_Y + RIVER_HEIGHT // 2,
        "flip": ship["heading"] == "Fort Christina",
        "colour": SHIP_COLOURS[name],
        "title": f"The {name.title()} ship at {where}, heading for {ship['heading']}",
    }


def _district(name: str, district: JSON, players: list[dict]) -> dict:
    """A district card: face up with its type, seal, colonists and log cabins, or face down."""
    row, card = name[0], int(name[1:])
    x, y = _column_x(card) + (COLUMN - CARD_WIDTH) // 2, NORTH_Y if row == "N" else SOUTH_Y
    kind = district["type"]
    fill, pictogram = DISTRICT_LOOKS[kind] if kind else (FACE_DOWN, [])
    words = [name, cube(kind) if kind else "a district card", "face up" if district["open"] else "face down"]
    seal = district["seal"]
    if seal is not None:
        words.append(f"{players[seal]['name']}'s seal")
    return {
        "name": name,
        "x": x,
        "y": y,
        "type": kind,
        "open": district["open"],
        "fill": fill if district["open"] else FACE_DOWN,
        "pictogram": pictogram,
        "known_face_down": kind is not None and not district["open"],
        "title": ", ".join(words),
        "seal": seal is not None
        and {"seat": seal, "colour": players[seal]["colour"], "title": f"{players[seal]['name']}'s seal on {name}"},
        "colonists": [_colonist(name, side, district[side], players, x, y) for side in ("left", "right")],
        "cabins": _cabins(name, district, x, y),
    }


def _colonist(name: str, side: str, colonist: JSON | None, players: list[dict], x: int, y: int) -> dict:
    """An investment triangle (5.3.1) and the colonist in it, if any."""
    left = x + 2 if side == "left" else x + CARD_WIDTH // 2 + 1
    base, top = y + CARD_HEIGHT - 2, y + CARD_HEIGHT - 22
    triangle = f"{left},{base} {left + 15},{base} {left + 7.5},{top}"
    drawn = {"side": side, "triangle": triangle, "cx": left + 7.5, "cy": base - 6, "colonist": None}
    if colonist is not None:
        owner = players[colonist["player"]]
        posture = "upright" if colonist["upright"] else "laid down"
        drawn["colonist"] = {
            "seat": colonist["player"],
            "colour": owner["colour"],
            "upright": colonist["upright"],
            "title": f"{owner['name']}'s colonist, {posture}, in the {side} triangle of {name} "
            f"({cube(colonist['option'])} recipe)",
        }
    return drawn


def _cabins(name: str, district: JSON, x: int, y: int) -> dict:
    count, flipped = district["log_cabins"], district["flipped_log_cabins"]
    drawn = [{"x": x + 7 + 11 * i, "flipped": i < flipped} for i in range(min(count, CABINS_DRAWN))]
    title = f"{counted(count, 'log cabin')} in {name}" + (f", {flipped} flipped" if flipped else "")
    return {"count": count, "drawn": drawn, "more": count > CABINS_DRAWN, "y": y + 47, "title": title}


def _legend(view: JSON) -> list[dict]:
    """The district types on the table (turned up at least once), in section 2's order."""
    seen = {district["type"] for district in view["districts"].values()}
    return [
        {"type": kind, "name": cube(kind), "fill": DISTRICT_LOOKS[kind][0], "pictogram": DISTRICT_LOOKS[kind][1]}
        for kind in DISTRICT_TYPES
        if kind in seen
    ]


def _markets(view: JSON) -> list[dict]:
    """Each market's 12 price squares, filled left to right (3 step 3), and its numbers."""
    rows = []
    for row, resource in enumerate(RESOURCES):
        cubes = view["markets"][resource]
        if resource == "gold":
            buy, sell = view["gold"]["loan"]["thaler"], view["gold"]["deposit"]["thaler"]
            buy_title, sell_title = _gold_titles(view["gold"])
        else:
            buy, sell = view["buy_prices"][resource], view["sell_prices"][resource]
            buy_title = f"{cube(resource)} is bought for {thaler(buy)}"
            sell_title = f"{cube(resource)} is sold for {thaler(sell)}"
        bought_at, sold_at = buy_square(cubes), sell_square(cubes)
        y = MARKETS_TOP + row * MARKET_ROW
        squares = []
        for square in range(PRICE_SQUARES):
            price = buy if square == bought_at else sell if square == sold_at else None
            squares.append({"x": SQUARES_X + square * SQUARE, "full": square < cubes, "price": price})
        bag = view["ship_bag"].get(resource)
        rows.append(
            {
                **_cube(resource),
                "y": y,
                "cubes": cubes,
                "title": f"{cube(resource).capitalize()} market: {counted(cubes, 'cube')}",
                "squares": squares,
                "buy": buy,
                "sell": sell,
                "buy_title": buy_title,
                "sell_title": sell_title,
                "stock": view["stock"][resource],
                "bag": bag,
            }
        )
    return rows


def _gold_titles(gold: JSON) -> tuple[str, str]:
    loan, deposit = gold["loan"], gold["deposit"]
    return (
        f"a loan gives {thaler(loan['thaler'])} and owes {loan['loan']}",
        f"a deposit costs {thaler(deposit['thaler'])} and counts {deposit['deposit']}",
    )
