"""Nouvelle France (Jacques-Dominique Landry): three buildings raised block by block before winter.

The rules engine (README.md has the vocabulary and the readings taken), on the kit
(games/kit.py). Its table of contents, in the rulebook's order; the rulebook numbers no
section, so each is named by its printed title (sections.py) and found with grep:

=====================================  ==================  ====================================
section                                module              moves
=====================================  ==================  ====================================
GAME SETUP                             setup.py, deck.py   setup_table
PLAYER TURN                            turn.py             draw_card, place_block
PLACEMENT RULES (SPECIAL RULE)         placement.py,       (every block placed)
                                       geometry.py
SNOWSTORMS (COMPLETING A BUILDING:     snowstorms.py       (a snowflake drawn)
turn.build)
BONUS CONSTRUCTION BLOCKS              bonus.py            place_bonus_block
ALLY TOKENS, FILLE DU ROY, COUREUR     allies.py           play_ally
DES BOIS, HURON
A PLAYER IS UNABLE TO PLACE A BLOCK    unable.py           offer_block, pass_offer
END OF THE GAME                        end.py              (the third snowflake), the outcome
SIMPLIFICATION OF THE RULES            setup.py, deck.py   (options one_card; allies once, none)
                                       allies.py,
                                       snowstorms.py
=====================================  ==================  ====================================

components.py (+ components.json) holds the component data, vocabulary.py the schemas' parts
and the options, view.py the table as a seat sees it, choices.py and says.py each move's
choices (its legal moves) and its sentence.
"""

from __future__ import annotations

from games.contract import JSON, Move, Outcome, Seat, Violation
from games.kit import Game, Phase, Table
from games.nouvelle_france import components, end, view
from games.nouvelle_france.allies import play_ally
from games.nouvelle_france.bonus import may_place_bonus_block, place_bonus_block
from games.nouvelle_france.choices import REPRESENTATIVE
from games.nouvelle_france.sections import END, SETUP, TURN, UNABLE
from games.nouvelle_france.setup import new_table, setup_table
from games.nouvelle_france.turn import draw_card, in_play, outside_play, place_block
from games.nouvelle_france.unable import offer_block, pass_offer
from games.nouvelle_france.vocabulary import OPTIONS_SCHEMA

#: The phases between GAME SETUP and the END OF THE GAME (asked first: most moves are played there).
PLAYING = frozenset({"draw", "place", "offer"})


def _nobody(state: JSON) -> list[int]:
    return []


def _active(state: JSON) -> list[int]:
    return [state["active"]]


def _offered_to(state: JSON) -> list[int]:
    return [state["offer"]["to"]]


def _allies_in_play(state: JSON) -> bool:
    return state["options"]["allies"] != "none"


def _and_allies(state: JSON, *moves: str) -> list[str]:
    """``moves``, and an Ally (ALLY TOKENS) unless SIMPLIFICATION 2 leaves them out."""
    return [*moves, play_ally.name] if _allies_in_play(state) else list(moves)


def _drawing(state: JSON) -> list[str]:
    """PLAYER TURN, before drawing: draw, or (BONUS CONSTRUCTION BLOCKS) place the window's block;
    an Ally."""
    bonus = [place_bonus_block.name] if may_place_bonus_block(state) else []
    return _and_allies(state, draw_card.name, *bonus)


def _placing(state: JSON) -> list[str]:
    """PLAYER TURN, after drawing: place a visible card's block, or offer it (A PLAYER IS UNABLE TO
    PLACE A BLOCK); an Ally."""
    return _and_allies(state, place_block.name, offer_block.name)


def _offering(state: JSON) -> list[str]:
    """A PLAYER IS UNABLE TO PLACE A BLOCK: the player offered the block places it or passes it on;
    an Ally (the offer is still the active player's turn)."""
    return _and_allies(state, place_block.name, pass_offer.name)


class NouvelleFranceEngine(Game):
    slug = "nouvelle_france"
    title = "Nouvelle France"
    min_players = 2
    max_players = components.MAX_PLAYERS
    options_schema = OPTIONS_SCHEMA
    phases = (
        Phase("setup", SETUP, moves=(setup_table,), turn=_nobody),
        Phase("draw", TURN, moves=(draw_card, place_bonus_block, play_ally), turn=_active, now=_drawing),
        Phase("place", TURN, moves=(place_block, offer_block, play_ally), turn=_active, now=_placing),
        Phase("offer", UNABLE, moves=(place_block, pass_offer, play_ally), turn=_offered_to, now=_offering),
        Phase("finished", END, moves=(), turn=_nobody),
    )
    #: ALLY TOKENS: "It is possible that several players play an Ally token during the same turn"
    #: (the Coureur des bois during someone else's turn, the Huron before or after a turn): every
    #: seat may play one whoever's turn it is (``seats``); the phases still name play_ally where
    #: the view offers it.
    anytime = (play_ally,)
    end_section = END
    view_secrets = view.VIEW_SECRETS
    #: The moves whose legal moves are representative, not complete (README.md, "Legal moves").
    representative_choices = REPRESENTATIVE

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        return new_table(seats, options)

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """Only GAME SETUP and END OF THE GAME, in the engine's words: each move refuses a turn
        out of order itself, naming the section whose rule it breaks (the Allies are played by
        others than the active player, a block on offer by the player it is offered to)."""
        return None if state["phase"] in PLAYING else outside_play(state, move)

    def seats(self, state: JSON) -> list[int]:
        """Every player: who may play an Ally token (``anytime``)."""
        return list(range(len(state["players"])))

    def before(self, table: Table, move: Move) -> None:
        """Nothing is played before GAME SETUP or after the END OF THE GAME."""
        if table.state["phase"] not in PLAYING:
            in_play(table, move)

    def outcome(self, state: JSON) -> Outcome | None:
        return None if state["phase"] in PLAYING else end.outcome(state)

    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        return view.table_view(state)


ENGINE = NouvelleFranceEngine()
