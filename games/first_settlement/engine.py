"""The First Settlement engine on the kit: the table of contents of the rulebook.

Each colony fights 5 years of hardship; the most VP wins. The rulebook prints no section
numbers: every phase and move names its heading (``sections``), in the rulebook's order:

- TIME & GAME LENGTH, VICTORY, END GAME SCORING: ``sequence`` (20 turns), ``scoring``
- THE DECKS: ``decks``; the card lists: ``cards`` (``cards.json``)
- COLONIST, FOOD, STOCK, PLANT and LAND PURCHASE TOKENS, DICE: ``tokens``
- SETUP, SITE SELECTION PROCESS: ``setup_steps`` (roll_for_first, prepare_colony, select_site)
- TURN SEQUENCE: ``sequence`` (whose move, which phase, which phases are skipped)
- TIME PHASE ... BUILD PHASE, the 17 phases: ``phases`` (one move each)
- OPTIONAL RULES: ``options`` (TRADE OPTION's give, outside the turn order)
"""

from __future__ import annotations

from games.contract import JSON, Move, Outcome, Seat, Violation
from games.first_settlement import phases as p
from games.first_settlement.cards import DECKS, default_copies
from games.first_settlement.choices import REPRESENTATIVE
from games.first_settlement.options import FLAGS, give
from games.first_settlement.scoring import final_outcome, victory_points
from games.first_settlement.sections import (
    BLIGHT_PHASE,
    BUILD_PHASE,
    COLD_PHASE,
    DRAW_PHASE,
    EAT_PHASE,
    FOOD_PHASE,
    HARDSHIP_PHASE,
    HARVEST_PHASE,
    PHASE_SECTIONS,
    PLANT_PHASE,
    RAID_PHASE,
    REBEL_PHASE,
    SETUP,
    SHIP_PHASE,
    SICK_PHASE,
    SITE_SELECTION_PROCESS,
    SPOIL_PHASE,
    STARVE_PHASE,
    TIME_AND_GAME_LENGTH,
    TIME_PHASE,
    TRADE_PHASE,
)
from games.first_settlement.sequence import SEASONS, advance, events_due, founded, out_of_turn, seats_due, slot_due
from games.first_settlement.sequence import phase_name as sequence_phase_name
from games.first_settlement.setup_steps import SITE_CARDS, prepare_colony, roll_for_first, select_site, setup_deals
from games.first_settlement.tokens import new_colony
from games.first_settlement.vocabulary import OPTIONS_SCHEMA
from games.kit import Game, Phase, Table
from games.secrets import EACH, NOBODY, Secret

#: The per-seat counters of the view: view key -> colony key.
COUNTERS = {
    "colonists": "colonists",
    "food_tokens": "food",
    "plant_tokens": "plant",
    "land_purchase_tokens": "land",
    "vp_gained": "vp",
    "stock_tokens": "stock",
}


def _copies(options: dict[str, JSON]) -> dict[str, dict[str, int]]:
    """Deck -> card -> copies: cards.json's, with the play's own (edition data, ``copies``)."""
    copies = default_copies()
    for deck, overrides in options.get("copies", {}).items():
        copies[deck].update(overrides)
    return copies


def _turn_phase(name: str, section: str, rule) -> Phase:
    """A phase of TURN SEQUENCE: one colony's (the seat due), its one move, and give with the TRADE OPTION."""
    return Phase(name, section, moves=(rule,), turn=seats_due, now=events_due)


class FirstSettlementEngine(Game):
    slug = "first_settlement"
    title = "First Settlement"
    min_players = 2
    max_players = 6
    options_schema = OPTIONS_SCHEMA
    end_section = TIME_AND_GAME_LENGTH

    phases = (
        # SETUP: "Players roll high on 1D10 to see who goes first", then each colony's start.
        Phase("roll_for_first", SETUP, moves=(roll_for_first,), turn=seats_due),
        # SETUP gives the preparations no order, nor one colony's site selection against the
        # others' preparations (README, "Order of setup"): a prepared colony may select early.
        Phase("prepare_colony", SETUP, moves=(prepare_colony, select_site), turn=seats_due, now=events_due),
        # SITE SELECTION PROCESS: "Each player in turn gets to select 1 of 3 possible sites".
        Phase("select_site", SITE_SELECTION_PROCESS, moves=(select_site,), turn=seats_due),
        # TURN SEQUENCE: "Each turn has 17 Phases".
        _turn_phase("time", TIME_PHASE, p.time),
        _turn_phase("draw", DRAW_PHASE, p.draw_phase),
        _turn_phase("plant", PLANT_PHASE, p.plant),
        _turn_phase("ship", SHIP_PHASE, p.ship),
        _turn_phase("blight", BLIGHT_PHASE, p.blight),
        _turn_phase("food", FOOD_PHASE, p.food),
        _turn_phase("harvest", HARVEST_PHASE, p.harvest),
        _turn_phase("spoil", SPOIL_PHASE, p.spoil),
        _turn_phase("trade", TRADE_PHASE, p.trade),
        _turn_phase("eat", EAT_PHASE, p.eat),
        _turn_phase("starve", STARVE_PHASE, p.starve),
        _turn_phase("cold", COLD_PHASE, p.cold),
        _turn_phase("sick", SICK_PHASE, p.sick),
        _turn_phase("raid", RAID_PHASE, p.raid),
        _turn_phase("rebel", REBEL_PHASE, p.rebel),
        _turn_phase("hardship", HARDSHIP_PHASE, p.hardship),
        _turn_phase("build", BUILD_PHASE, p.build),
    )
    # TRADE OPTION: "Players may at any time freely trade cards from their hands, as well as CT and FT."
    anytime = (give,)

    #: A card in hand is its holder's; it is shown only when built or played for its effect (a
    #: Trade, Medical, Defense or Morale card), never when dealt, drawn or discarded to a limit.
    view_secrets = (
        Secret(
            "colonies.*.hand", EACH, "ACTION DECK, BUILD DECK: each player keeps a hand; cards go face up when built"
        ),
        Secret("decks.*.cards", NOBODY, "THE DECKS: no player sees the draw piles, nor the cards discarded from hands"),
    )

    def refuse_setup(self, seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
        """SETUP: each colony draws 3 Leader cards and keeps 1 (2 with the TWO LEADER OPTION),
        is dealt 4 Action cards and keeps 3, 4 Build cards and keeps 2; SITE SELECTION PROCESS:
        it keeps the 3 site cards of its site. What is not kept goes back to be drawn again
        (THE DECKS), so the last colony to prepare draws from what the others left. A deck of
        the edition data (``copies``) too small for that cannot start the table: no colony could
        be prepared. The rulebook's decks start up to 6 colonies."""
        dealt = {**setup_deals(bool(options.get("two_leaders"))), "site": (SITE_CARDS, SITE_CARDS)}
        copies = _copies(options)
        refused = []
        for deck, (drawn, kept) in dealt.items():
            held, needed = sum(copies[deck].values()), kept * (len(seats) - 1) + drawn
            if held < needed:
                refused.append(
                    Violation(
                        SETUP,
                        f"The {deck} deck holds {held} cards: {len(seats)} colonies drawing {drawn} and keeping "
                        f"{kept} each need {needed}.",
                    )
                )
        return refused

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        """SETUP: each colony's 10 CT and Stock Token, the six decks; the rest arrives as events."""
        copies = _copies(options)
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

    #: The moves whose legal moves are representative, not complete (README "Legal moves").
    representative_choices = REPRESENTATIVE

    def phase_name(self, state: JSON) -> str:
        return sequence_phase_name(state)

    def seats(self, state: JSON) -> list[int]:
        """TRADE OPTION: "Players may at any time freely trade": every colony still playing may give,
        whoever's turn it is."""
        return [seat for seat, colony in enumerate(state["colonies"]) if not colony["gave_up"]]

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """TIME & GAME LENGTH, then TURN SEQUENCE (or SETUP) in the engine's own words: a phase the rules
        skip names the rule that skips it. The commonest answer is read straight off the state: once the
        turns have begun, the phase due at the cursor played by its seat is in turn."""
        if state["over"]:
            return Violation(TIME_AND_GAME_LENGTH, "The game is over: the 5 years are played or the colonies gave up.")
        if move.type == give.name:
            return None
        cursor = state["cursor"]
        if cursor is not None and (move.type, move.seat) == slot_due(state, cursor):
            return None
        return out_of_turn(state, move)

    def after(self, table: Table, move: Move) -> None:
        """After a phase the turn moves on; after the last site selection the first turn begins."""
        if move.type in PHASE_SECTIONS:
            advance(table, move)
        else:
            founded(table)

    def outcome(self, state: JSON) -> Outcome | None:
        return final_outcome(state) if state["over"] else None

    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        colonies = state["colonies"]
        cursor = state["cursor"]
        outcome = self.outcome(state)
        return {
            "phase": sequence_phase_name(state),
            "scores": [victory_points(colony) for colony in colonies],
            "turn": cursor and cursor["turn"],
            "turn_order": state["order"],
            **{name: [colony[key] for colony in colonies] for name, key in COUNTERS.items()},
            "colonies": [_colony_view(colony, seat in (None, n)) for n, colony in enumerate(colonies)],
            "decks": {name: _deck_view(deck, seat is None) for name, deck in state["decks"].items()},
            "options": state["options"],
            "last": state["last"],
            "outcome": outcome and outcome.as_dict(),
        }


def _colony_view(colony: JSON, own: bool) -> JSON:
    turn = max(1, colony["turn"])
    shown = {
        "season": SEASONS[(colony["start_season"] + turn - 1) % 4],
        "year": (colony["start_season"] + turn - 1) // 4 + 1,
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
