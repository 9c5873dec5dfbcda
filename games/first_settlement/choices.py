"""The choices of every move (``@move(choices=...)``): the data each move might have now.

Exact where the space can be listed: the dice (Ship Phase, the roll for first player up to 4
rolling seats, the crop VP), the buildings, the Action cards played against
Hardship cards, the New Leaders, the Kicked Out targets and the buildings lost to Fire. A draw
of several cards is the exception (README "Legal moves"): every order of every card left is
distinct data, so the cards drawn are representative: the deck's pile in name order, cut into
consecutive runs (each card that can be drawn is in one of them), exact where the orders are
few (one card drawn, or a pile nearly empty). Deterministic: piles are sorted by name.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations, permutations, product

from games.contract import JSON
from games.first_settlement.cards import ACTION_KINDS, CARDS_OF, DECK_OF, EFFECTS, EXTRA_HARDSHIPS, colony_effects
from games.first_settlement.decks import HARDSHIP_DRAWS, of_type
from games.first_settlement.sequence import SEASONS, season_of, stage

#: Up to this many orders, a draw or a set of cards played is listed in every order.
EXACT_ORDERS = 120
#: Up to this many rolling seats, the roll for first player lists every roll (10 ** seats).
EXACT_ROLLERS = 4
#: The faces each seat rolls beyond EXACT_ROLLERS: low, middle and high, every tie and winner.
SPREAD_FACES = (1, 5, 10)
LEADERS = tuple(sorted(CARDS_OF["leader"]))
#: The moves whose choices are representative, not every move the rules allow (README "Legal
#: moves"): the cards drawn in order, the Trade cards played in hand order once their orders
#: are many (5 or more in hand), the gifts of the TRADE OPTION, and the roll for first player of
#: more than EXACT_ROLLERS seats.
REPRESENTATIVE = frozenset(
    {
        "roll_for_first",
        "prepare_colony",
        "select_site",
        "draw",
        "blight",
        "food",
        "harvest",
        "spoil",
        "trade",
        "starve",
        "cold",
        "sick",
        "raid",
        "rebel",
        "hardship",
        "give",
    }
)


# Cards drawn


def _pile(counts: dict[str, int]) -> list[str]:
    return [card for card, n in sorted(counts.items()) for _ in range(n)]


def _orders(cards: list[str], count: int) -> list[list[str]]:
    """Every order of ``count`` of ``cards`` when they are few, else the consecutive runs of the
    sorted cards (wrapping round), one starting at every ``count``-th card."""
    if count == 0:
        return [[]]
    if math.perm(len(cards), count) <= EXACT_ORDERS:
        return [list(order) for order in dict.fromkeys(permutations(cards, count))]
    runs = ((cards + cards)[start : start + count] for start in range(0, len(cards), count))
    return [list(run) for run in dict.fromkeys(tuple(run) for run in runs)]


def drawn(state: JSON, deck: str, wanted: int, taken: tuple[str, ...] = ()) -> list[list[str]]:
    """THE DECKS: the draws of ``wanted`` cards (all that are left if fewer) from ``deck``, after
    ``taken`` left its draw pile; when the draw pile runs out, the discard pile is shuffled in."""
    piles = state["decks"][deck]
    pile = _pile(piles["draw"])
    for card in taken:
        if card in pile:
            pile.remove(card)
    spare = _pile(piles["discard"])
    count = min(wanted, len(pile) + len(spare))
    if len(pile) >= count:
        return _orders(pile, count)
    return [pile + rest for rest in _orders(spare, count - len(pile))]


def _paired(*draws: list[list[str]]) -> list[tuple[list[str], ...]]:
    """The draws of several decks side by side: the n-th draw of each (wrapping round)."""
    return [tuple(options[n % len(options)] for options in draws) for n in range(max(map(len, draws)))]


def _plays(cards: list[str]) -> list[list[str]]:
    """Every selection of ``cards`` (a hand's cards of a kind) in every order when they are few,
    else in hand order."""
    ordered = sum(math.perm(len(cards), n) for n in range(len(cards) + 1)) <= EXACT_ORDERS
    pick = permutations if ordered else combinations
    return [list(p) for p in dict.fromkeys(p for n in range(len(cards) + 1) for p in pick(cards, n))]


def _optional(key: str, values: list[JSON]) -> list[dict[str, JSON]]:
    """``{key: value}`` for each value, and ``{}`` too where the value is empty (the key left out
    says the same)."""
    return [{}] * any(not v for v in values) + [{key: v} for v in values]


def _merged(*parts: list[dict[str, JSON]]) -> Iterator[dict[str, JSON]]:
    for combo in product(*parts):
        merged: dict[str, JSON] = {}
        for part in combo:
            merged.update(part)
        yield merged


def _colony(state: JSON, seat: int) -> JSON:
    return state["colonies"][seat]


def _turn(state: JSON) -> int:
    return state["cursor"]["turn"] if state["cursor"] else 1


# SETUP and SITE SELECTION PROCESS


def roll_for_first(state: JSON, seat: int | None) -> Iterator[JSON]:
    """SETUP: each rolling seat's 1D10 (null for the others); after a tie, also every seat again."""
    count = len(state["colonies"])
    groups = [state["contenders"]]
    if len(state["contenders"]) < count:
        groups.append(list(range(count)))
    for rollers in groups:
        faces = range(1, 11) if len(rollers) <= EXACT_ROLLERS else SPREAD_FACES
        for rolls in product(faces, repeat=len(rollers)):
            rolled = dict(zip(rollers, rolls))
            yield {"rolls": [rolled.get(n) for n in range(count)]}


def prepare_colony(state: JSON, seat: int) -> Iterator[JSON]:
    """SETUP: the cards dealt (representative), every Leader kept and card discarded for the
    first deal, and every Victuals roll and season."""
    kept_count = 2 if state["options"]["two_leaders"] else 1
    seasons = list(SEASONS) if state["options"]["random_season_start"] else [None]
    deals = _paired(drawn(state, "leader", 3), drawn(state, "action", 4), drawn(state, "build", 4))
    for n, (leaders, actions, builds) in enumerate(deals):
        choices = product(
            dict.fromkeys(permutations(leaders, kept_count)),
            dict.fromkeys(actions),
            dict.fromkeys(combinations(builds, 2)),
        )
        for k, (kept, action, discarded) in enumerate(choices):
            if n and k:
                break
            rolls_and_seasons = (
                product(range(1, 7), seasons) if n == k == 0 else [(n % 6 + 1, seasons[n % len(seasons)])]
            )
            for food_roll, season in rolls_and_seasons:
                data = {
                    "food_roll": food_roll,
                    "leaders_drawn": leaders,
                    "leaders_kept": list(kept),
                    "actions_dealt": actions,
                    "action_discarded": action,
                    "builds_dealt": builds,
                    "builds_discarded": list(discarded),
                }
                yield data if season is None else {**data, "start_season": season}


def select_site(state: JSON, seat: int) -> Iterator[JSON]:
    """SITE SELECTION PROCESS: 3 sites (4 with the Explorer) of 3 cards (representative), each chosen."""
    leaders = _colony(state, seat)["leaders"]
    wanted = max([3, *(EFFECTS.get(name, {}).get("site_choices", 0) for name in leaders)])
    deck = state["decks"]["site"]
    count = min(wanted, (sum(deck["draw"].values()) + sum(deck["discard"].values())) // 3)
    for cards in drawn(state, "site", 3 * count):
        offered = [cards[3 * n : 3 * n + 3] for n in range(count)]
        for chosen in range(count):
            yield {"offered": offered, "chosen": chosen}


# TURN SEQUENCE


def nothing(state: JSON, seat: int | None) -> list[JSON]:
    """TIME, PLANT and EAT PHASE: the event says nothing the rules do not."""
    return [{}]


def draw_phase(state: JSON, seat: int) -> Iterator[JSON]:
    """DRAW PHASE: the cards drawn (representative); for the first, every Build card discarded,
    every choice of the excess cards (in hand order) and each swap of 2 cards for the first card
    left of a deck."""
    hand = _colony(state, seat)["hand"]
    limit = 5 + colony_effects(_colony(state, seat))["hand_size"]
    for n, (actions, builds) in enumerate(_paired(drawn(state, "action", 2), drawn(state, "build", 2))):
        discards = list(dict.fromkeys(builds)) if len(builds) == 2 else [None]
        for k, build_discard in enumerate(discards):
            data = {"actions": actions, "builds": builds}
            if build_discard is not None:
                data["build_discard"] = build_discard
            held = _without([*hand, *actions, *builds], [build_discard])
            for excess in _excess(held, limit, only_first=bool(n or k)):
                yield {**data, **excess}
            if n == k == 0:
                yield from _swaps(state, data, held, limit)


def _without(cards: list[str], removed: list) -> list[str]:
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def _excess(held: list[str], limit: int, only_first: bool = False) -> list[JSON]:
    """The cards discarded to the hand size: each choice in hand order (the first only, if said)."""
    count = len(held) - limit
    if count <= 0:
        return [{}]
    chosen = list(dict.fromkeys(combinations(held, count)))
    return [{"discards": list(cards)} for cards in chosen[: 1 if only_first else None]]


def _swaps(state: JSON, data: JSON, held: list[str], limit: int) -> Iterator[JSON]:
    for deck, key in (("action", "actions"), ("build", "builds")):
        left = drawn(state, deck, 1, tuple(data[key]))
        if not left or not left[0]:
            continue
        card = left[0][0]
        for pair in dict.fromkeys(combinations(held, 2)):
            after = [*_without(held, list(pair)), card]
            swap = {"discard": list(pair), "deck": deck, "card": card}
            for excess in _excess(after, limit, only_first=True):
                yield {**data, "swaps": [swap], **excess}


def ship(state: JSON, seat: int) -> Iterator[JSON]:
    """SHIP PHASE: each roll of 1D10; on 7 or better (with the bonus) each 1D10 of CT and of FT."""
    bonus = colony_effects(_colony(state, seat))["ship_roll"]
    for roll in range(1, 11):
        if roll + bonus >= 7:
            for colonists, food in product(range(1, 11), repeat=2):
                yield {"roll": roll, "colonists": colonists, "food": food}
        else:
            yield {"roll": roll}


def _hardships(state: JSON, seat: int, phase: str) -> list[list[str]]:
    extra = colony_effects(_colony(state, seat))[EXTRA_HARDSHIPS[phase]]
    return drawn(state, "hardship", HARDSHIP_DRAWS[phase] + extra)


def hardships_of(phase: str):
    """BLIGHT, SPOIL, STARVE, COLD PHASE: the Hardship cards drawn (representative)."""

    def choices(state: JSON, seat: int) -> Iterator[JSON]:
        for cards in _hardships(state, seat, phase):
            yield {"cards": cards}

    return choices


def food(state: JSON, seat: int) -> Iterator[JSON]:
    """FOOD PHASE: 1 Food card per CT, per 2 CT in Winter (representative)."""
    colony = _colony(state, seat)
    winter = season_of(colony, _turn(state)) == "Winter"
    for cards in drawn(state, "food", colony["colonists"] // 2 if winter else colony["colonists"]):
        yield {"cards": cards}


def harvest(state: JSON, seat: int) -> Iterator[JSON]:
    """HARVEST PHASE: 1 Food card per Plant Token (representative), every 2D6 VP of each crop."""
    colony = _colony(state, seat)
    crops = sorted({name for name in colony["buildings"] if EFFECTS.get(name, {}).get("harvest_vp_dice")})
    dice = [list(product(range(1, 7), repeat=EFFECTS[name]["harvest_vp_dice"])) for name in crops]
    rolls = [{"crop_rolls": dict(zip(crops, map(list, each)))} for each in product(*dice)]
    if not crops:
        rolls.insert(0, {})
    for cards in drawn(state, "food", colony["plant"]):
        for roll in rolls:
            yield {"cards": cards, **roll}


def trade(state: JSON, seat: int) -> Iterator[JSON]:
    """TRADE PHASE: every Trade card played (in every order when few, else in hand order:
    representative) for FT or a Land Purchase Token, every extra Trade, every number of 5 FT
    converted. The hand order reaches every table another order does: every card played is
    discarded, and Isolated ("Negate the first Trade card you play") negates the gain of the
    first, whichever card it is, while every gain is offered for every card."""
    colony = _colony(state, seat)
    effects = colony_effects(colony)
    goods = [card for card in colony["hand"] if ACTION_KINDS.get(card) == "Trade Good"]
    extras = [list(g) for n in range(effects["extra_trades"] + 1) for g in product(("food", "land"), repeat=n)]
    for cards in _plays(goods):
        for gains in product(("food", "land"), repeat=len(cards)):
            plays = [{"card": card, "gain": gain} for card, gain in zip(cards, gains)]
            fed = list(gains[effects["negate_first:Trade"] :]).count("food")
            for extra in extras:
                most = (colony["food"] + fed + extra.count("food")) // 5
                yield from _merged(
                    _optional("cards", [plays]),
                    _optional("extra_trades", [extra]),
                    [{}, *({"convert": n} for n in range(most + 1))],
                )


def sick(state: JSON, seat: int) -> Iterator[JSON]:
    """SICK PHASE: the Hardship cards drawn (representative), every Medical card played."""
    return _negated(state, seat, "sick", "medical", "Medical", ("Disease", "negate_first:Disease"))


def raid(state: JSON, seat: int) -> Iterator[JSON]:
    """RAID PHASE: the Hardship cards drawn (representative), every Defense card played."""
    return _negated(state, seat, "raid", "defense", "Defense", ("Raid", "defense"))


def _negated(state: JSON, seat: int, phase: str, key: str, kind: str, hurts: tuple[str, str]) -> Iterator[JSON]:
    """The Hardship cards drawn, and the Action cards of ``kind`` played: at most 1 for each card
    of type ``hurts[0]`` the colony's own ``hurts[1]`` leaves to negate."""
    colony = _colony(state, seat)
    played = _plays([card for card in colony["hand"] if ACTION_KINDS.get(card) == kind])
    negated = colony_effects(colony)[hurts[1]]
    for cards in _hardships(state, seat, phase):
        left = max(0, len(of_type(cards, hurts[0])) - negated)
        for part in _optional(key, [p for p in played if len(p) <= left]):
            yield {"cards": cards, **part}


def rebel(state: JSON, seat: int) -> Iterator[JSON]:
    """REBEL PHASE: the Hardship cards drawn (representative), every Morale card played, and with
    1 un-negated Mutiny card every New Leader."""
    colony = _colony(state, seat)
    morale = colony_effects(colony)["morale"]
    played = _plays([card for card in colony["hand"] if ACTION_KINDS.get(card) == "Morale"])
    for cards in _hardships(state, seat, "rebel"):
        mutinies = max(0, len(of_type(cards, "Mutiny")) - morale)
        for part in _optional("morale", played):
            if mutinies - len(part.get("morale", [])) == 1:
                for leader in _new_leaders(colony):
                    yield {"cards": cards, **part, "new_leader": leader}
            else:
                yield {"cards": cards, **part}


def _new_leaders(colony: JSON) -> list[JSON]:
    """LEADER DECK: each Leader that may be drawn, and which one it replaces (named or not with one)."""
    held = list(dict.fromkeys(colony["leaders"]))
    replaced = [{}] if len(held) <= 1 and len(colony["leaders"]) <= 1 else []
    replaced += [{"replaces": name} for name in held]
    return [{"drawn": name, **part} for name in LEADERS for part in replaced]


def hardship(state: JSON, seat: int) -> Iterator[JSON]:
    """HARDSHIP PHASE: the Hardship cards drawn (representative); for each Kicked Out card every
    other colony still playing, for each Lose Leader every New Leader, for each Fire every building."""
    colony = _colony(state, seat)
    others = [n for n, c in enumerate(state["colonies"]) if n != seat and not c["gave_up"]]
    for cards in _hardships(state, seat, "hardship"):
        kicked = [list(t) for t in product(others, repeat=cards.count("Kicked Out"))] if others else [[]]
        leaders = [list(t) for t in product(_new_leaders(colony), repeat=cards.count("Lose Leader"))]
        fires = min(cards.count("Fire"), len(colony["buildings"]))
        burned = [list(b) for b in dict.fromkeys(permutations(colony["buildings"], fires))]
        for part in _merged(
            _optional("kicked_out_to", kicked), _optional("new_leaders", leaders), _optional("burned", burned)
        ):
            yield {"cards": cards, **part}


def build(state: JSON, seat: int) -> Iterator[JSON]:
    """BUILD PHASE: no Building, each one for 5 FT, each second one for 20 FT."""
    colony = _colony(state, seat)
    cards = [card for card in colony["hand"] if DECK_OF.get(card) == "build"]
    for count, cost in ((0, 0), (1, 5), (2, 25)):
        if cost <= colony["food"]:
            for built in dict.fromkeys(permutations(cards, count)):
                yield {"buildings": list(built)}


def give(state: JSON, seat: int) -> Iterator[JSON]:
    """TRADE OPTION (representative): to each other colony still playing, nothing, each card of
    the hand alone or with 1 FT, 1 FT, 1 CT."""
    if not state["options"]["trade_between_players"] or stage(state) != "play":
        return
    colonies = state["colonies"]
    for to in range(len(colonies)):
        if to != seat and not colonies[to]["gave_up"]:
            yield {"to": to}
            yield {"to": to, "food": 1}
            yield {"to": to, "colonists": 1}
            for card in dict.fromkeys(colonies[seat]["hand"]):
                yield {"to": to, "cards": [card]}
                yield {"to": to, "food": 1, "cards": [card]}
