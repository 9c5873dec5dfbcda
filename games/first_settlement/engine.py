"""The First Settlement engine: each colony fights 5 years of hardship; the most VP wins."""

from __future__ import annotations

from games.contract import JSON, Engine, EngineError, Move, Outcome, Seat, Violation, places_from_scores
from games.first_settlement import sequence, setup_steps
from games.first_settlement.cards import DECKS, card_vp, default_copies
from games.first_settlement.draft import Draft
from games.first_settlement.phases import HANDLERS, PHASES, SEASONS, season_of, year_of
from games.first_settlement.vocabulary import EVENT_TYPES, OPTIONS_SCHEMA
from games.secrets import EACH, MOVER, NOBODY, Secret, Sibling

GAME_LENGTH = "TIME & GAME LENGTH"
TRADE_OPTION = "TRADE OPTION"
FLAGS = ("simultaneous_turns", "random_season_start", "two_leaders", "trade_between_players")
COUNTERS = {
    "colonists": "colonists",
    "food_tokens": "food",
    "plant_tokens": "plant",
    "land_purchase_tokens": "land",
    "vp_gained": "vp",
    "stock_tokens": "stock",
}
REASONS = {
    "end": "The player with the most Victory Points (VP) at the end of the game wins.",
    "gave_up": (
        "If there are 2 or more un-negated Mutiny cards the Settlers give up: The Survivors go back to England "
        "on the next ship and you lose the game."
    ),
}
SETUP_STEPS = {
    "prepare_colony": setup_steps.prepare_colony,
    "select_site": setup_steps.select_site,
}


def new_colony() -> JSON:
    return {
        "colonists": 10,
        "food": 0,
        "stock": True,
        "plant": 0,
        "land": 0,
        "vp": 0,
        "leaders": [],
        "sites": [],
        "hand": [],
        "buildings": [],
        "start_season": 0,
        "turn": 0,
        "shortage": False,
        "no_ship_turn": 0,
        "gave_up": False,
        "prepared": False,
    }


def victory_points(colony: JSON) -> int:
    """END GAME SCORING: 2 VP per CT, 5 VP per Building plus its extra VP, 1 VP per Land Purchase
    Token, the site's VP (Quality Timber), and the VP gained in play (trades, food, crops)."""
    buildings = sum(5 + card_vp(name) for name in colony["buildings"])
    sites = sum(card_vp(name) for name in colony["sites"])
    return 2 * colony["colonists"] + buildings + colony["land"] + sites + colony["vp"]


class FirstSettlementEngine(Engine):
    slug = "first_settlement"
    title = "First Settlement"
    min_players = 2
    max_players = 6
    options_schema = OPTIONS_SCHEMA
    event_types = EVENT_TYPES

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        copies = default_copies()
        for deck, overrides in options.get("copies", {}).items():
            copies[deck].update(overrides)
        return {
            "options": {flag: bool(options.get(flag, False)) for flag in FLAGS},
            "colonies": [new_colony() for _ in seats],
            "decks": {
                deck: {"draw": {card: n for card, n in copies[deck].items() if n > 0}, "discard": {}} for deck in DECKS
            },
            "contenders": list(range(len(seats))),
            "order": None,
            "cursor": None,
            "over": None,
            "last": None,
        }

    def check(self, state: JSON, move: Move) -> list[Violation]:
        if state["over"]:
            return [Violation(GAME_LENGTH, "The game is over: the 5 years are played or the colonies gave up.")]
        if move.type == "give":
            return self._run(state, move).violations
        due = sequence.expected(state)
        played = (move.type, move.seat)
        if played != due and played != sequence.early_site_selection(state):
            return [self._out_of_turn(state, move, due)]
        return self._run(state, move).violations

    def apply(self, state: JSON, move: Move) -> JSON:
        if state["over"]:
            raise EngineError("The game is over; no move can follow its end.")
        return self._run(state, move).state

    def _run(self, state: JSON, move: Move) -> Draft:
        """The move played on a draft, as the table played it, with the rules it breaks."""
        d = Draft(state)
        step = sequence.stage(state)
        if move.type == "give":
            _give(d, move.seat, move.data)
        elif move.type == "roll_for_first" and step == "roll_for_first":
            setup_steps.roll_for_first(d, move.data)
        elif move.type in SETUP_STEPS and step != "play":
            SETUP_STEPS[move.type](d, move.seat, move.data)
        elif move.type in HANDLERS and step == "play":
            self._play_phase(d, move)
        else:
            raise EngineError(f"A '{move.type}' event cannot be played during {step}.")
        if step != "play" and sequence.stage(d.state) == "play":
            d.state["cursor"] = sequence.first_slot(d.state)
        return d

    def _play_phase(self, d: Draft, move: Move) -> None:
        """Play a phase; a phase logged out of turn (record plays) moves the turn on to it when it
        lies ahead in this turn, else it is applied and the phase due stays due."""
        cursor = d.state["cursor"]
        on_turn = (move.type, move.seat) == sequence.expected(d.state)
        slot = cursor if on_turn else sequence.find_slot(d.state, move.seat, move.type)
        HANDLERS[move.type](d, move.seat, move.data, (slot or cursor)["turn"])
        colonies = d.state["colonies"]
        if colonies[move.seat]["gave_up"] and all(colony["gave_up"] for colony in colonies):
            d.state["cursor"], d.state["over"] = None, "gave_up"
            return
        if slot is None and sequence.is_due(d.state, cursor):
            return
        d.state["cursor"] = sequence.next_slot(d.state, slot or cursor)
        if d.state["cursor"] is None:
            d.state["over"] = "end"

    def _out_of_turn(self, state: JSON, move: Move, due: tuple[str, int | None]) -> Violation:
        step = sequence.stage(state)
        if step == "play" and move.type in PHASES and move.seat is not None:
            reason = sequence.skip_reason(state, move.seat, move.type, state["cursor"]["turn"])
            if reason is not None:
                return Violation(*reason)
        rule = sequence.TURN_SEQUENCE if step == "play" else setup_steps.SETUP
        return Violation(rule, f"It is {_whose(*due)} now, not {_whose(move.type, move.seat)}.")

    #: A card in hand is its holder's; it is shown only when built or played for its effect (a
    #: Trade, Medical, Defense or Morale card), never when dealt, drawn or discarded to a limit.
    view_secrets = (
        Secret(
            "colonies.*.hand", EACH, "ACTION DECK, BUILD DECK: each player keeps a hand; cards go face up when built"
        ),
        Secret("decks.*.cards", NOBODY, "THE DECKS: no player sees the draw piles, nor the cards discarded from hands"),
    )
    move_secrets = {
        "prepare_colony": (
            Secret("leaders_drawn", MOVER, "SETUP: each player draws 3 Leader cards and discards 2 of them unseen"),
            Secret("actions_dealt", MOVER, "SETUP, ACTION DECK: the 4 Action cards dealt go into the hand"),
            Secret("action_discarded", MOVER, "SETUP: the Action card discarded leaves the hand unseen"),
            Secret("builds_dealt", MOVER, "SETUP, BUILD DECK: the 4 Build cards dealt go into the hand"),
            Secret("builds_discarded", MOVER, "SETUP: the Build cards discarded leave the hand unseen"),
        ),
        "draw": (
            Secret("actions", MOVER, "DRAW PHASE, ACTION DECK: the Action cards drawn go into the hand"),
            Secret("builds", MOVER, "DRAW PHASE, BUILD DECK: drawn Build cards are kept in a player's hand"),
            Secret("build_discard", MOVER, "DRAW PHASE: the Build card discarded leaves the hand unseen"),
            Secret("swaps.*.discard", MOVER, "DRAW PHASE: the 2 cards discarded to draw 1 leave the hand unseen"),
            Secret("swaps.*.card", MOVER, "DRAW PHASE: the card drawn for 2 discarded goes into the hand"),
            Secret("discards", MOVER, "DRAW PHASE: the cards discarded to the hand size leave the hand unseen"),
        ),
        # Giver and receiver both know the cards, but a secret has one owner: the receiver, whose hand the
        # view shows them in (the giver gave them out of a hand it already knew).
        "give": (Secret("cards", Sibling("to"), "TRADE OPTION: the cards traded go into the receiver's hand"),),
    }

    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        due = sequence.expected(state)
        step = sequence.stage(state)
        colonies = state["colonies"]
        legal = [] if due is None else [due[0]]
        if state["options"]["trade_between_players"] and step == "play":
            legal.append("give")
        cursor = state["cursor"]
        view = {
            "phase": step if step != "play" else PHASES[cursor["phase"]],
            "active_seats": _active_seats(state, due),
            "legal_event_types": legal,
            "scores": [victory_points(colony) for colony in colonies],
            "finished": due is None,
            "turn": cursor and cursor["turn"],
            "turn_order": state["order"],
            **{name: [colony[key] for colony in colonies] for name, key in COUNTERS.items()},
            "colonies": [_colony_view(colony, seat in (None, n)) for n, colony in enumerate(colonies)],
            "decks": {name: _deck_view(deck, seat is None) for name, deck in state["decks"].items()},
            "options": state["options"],
            "last": state["last"],
        }
        outcome = self.outcome(state)
        view["outcome"] = outcome and outcome.as_dict()
        return view

    def outcome(self, state: JSON) -> Outcome | None:
        if not state["over"]:
            return None
        colonies = state["colonies"]
        scores = [victory_points(colony) for colony in colonies]
        standing = [n for n, colony in enumerate(colonies) if not colony["gave_up"]]
        ranks = places_from_scores([scores[n] for n in standing])
        places = [len(standing) + 1] * len(colonies)
        for n, rank in zip(standing, ranks):
            places[n] = rank
        winners = [n for n in standing if places[n] == 1]
        return Outcome(places=places, winners=winners, reason=REASONS[state["over"]], scores=scores)


def _whose(event: str, seat: int | None) -> str:
    return event.replace("_", " ") if seat is None else f"seat {seat}'s {event.replace('_', ' ')}"


def _active_seats(state: JSON, due: tuple[str, int | None] | None) -> list[int]:
    if due is None:
        return []
    return state["contenders"] if due[1] is None else [due[1]]


def _colony_view(colony: JSON, own: bool) -> JSON:
    turn = max(1, colony["turn"])
    shown = {
        "season": season_of(colony, turn),
        "year": year_of(colony, turn),
        "turn": colony["turn"],
        "start_season": SEASONS[colony["start_season"]],
        "leaders": colony["leaders"],
        "sites": colony["sites"],
        "buildings": colony["buildings"],
        "hand_size": len(colony["hand"]),
        "food_shortage": colony["shortage"],
        "no_ship_next_turn": colony["no_ship_turn"] == colony["turn"] + 1,
        "gave_up": colony["gave_up"],
        "vp": victory_points(colony),
    }
    if own:
        shown["hand"] = colony["hand"]
    return shown


def _deck_view(deck: JSON, arbiter: bool) -> JSON:
    shown = {"draw_pile": sum(deck["draw"].values()), "discard_pile": sum(deck["discard"].values())}
    if arbiter:
        shown["cards"] = deck
    return shown


def _give(d: Draft, seat: int, data: JSON) -> None:
    """TRADE OPTION: players may at any time freely trade cards from their hands, as well as CT and FT."""
    if not d.state["options"]["trade_between_players"]:
        d.refuse(TRADE_OPTION, "Trading between players is an optional rule this play does not use.")
    if sequence.stage(d.state) != "play":
        d.refuse(TRADE_OPTION, "Players trade once the colonies are founded.")
    if d.state["colonies"][seat]["gave_up"]:
        d.refuse(TRADE_OPTION, "This colony's Settlers gave up: it trades no more.")
    target = data["to"]
    if target == seat or target >= len(d.state["colonies"]) or d.state["colonies"][target]["gave_up"]:
        d.refuse(TRADE_OPTION, f"Seat {target} is not another colony still in the game.")
        return
    giver = d.colony(seat)
    receiver = d.colony(target)
    receiver["hand"].extend(d.from_hand(seat, data.get("cards", []), TRADE_OPTION))
    for key in ("colonists", "food"):
        amount = data.get(key, 0)
        if amount > giver[key]:
            d.refuse(TRADE_OPTION, f"This colony has {giver[key]} {key}, not {amount} to give.")
        amount = min(amount, giver[key])
        giver[key] -= amount
        receiver[key] += amount
