"""Nova Suecia on the engine kit: the table of contents, in rulebook order.

Each phase is a step of a turn (section 5) and names the moves it allows, each declared with
its section in the module of that section:

====================  ======================  ===============================================
phase (``step``)      section                 moves (module)
====================  ======================  ===============================================
``setup``             3 Game Preparation      ``choose_letter_resource`` (preparation)
``letter``            5.1 Letter              ``letter`` (letter; 7.1-7.3)
``ship``              5.2 Ship                ``sail`` (ship)
``colonist``          5.3 Colonist            ``invest`` 5.3.1 (invest), ``produce`` 5.3.2
                                              (produce), ``day_work`` 5.3.3 and ``assemble``
                                              5.3.4 (assemble; 7.4); the raid 5.4 (raid)
``end``               5 Course of the Game    ``end_turn`` (turn; the Governor card, 7.5)
====================  ======================  ===============================================

5.3.5 Treasury (``treasury``, treasury) fits in every step of a turn, once a turn. Section 6,
the end of the game, is ``ending``: a governor victory at the start of a turn, the Dutch
victory after a Ship action or an Assemble, the last turns after the 24th seal.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.contract import JSON, Move, Outcome, Seat, Violation
from games.kit import Game, Phase, Rule, Table
from games.nova_suecia import sections
from games.nova_suecia.assemble import assemble, day_work
from games.nova_suecia.board import DISTRICT_IDS, buy_square, sell_square
from games.nova_suecia.components import RESOURCES
from games.nova_suecia.ending import dutch_victory, seal_scores
from games.nova_suecia.invest import invest
from games.nova_suecia.letter import letter
from games.nova_suecia.preparation import choose_letter_resource, next_to_choose, setup
from games.nova_suecia.produce import produce
from games.nova_suecia.queries import controller, log_cabins_of, net_thaler, seals_of, stock, total_seals
from games.nova_suecia.ship import ship
from games.nova_suecia.treasury import gold_step, treasury
from games.nova_suecia.turn import end_turn, whose_turn
from games.nova_suecia.vocabulary import OPTIONS_SCHEMA


@dataclass(frozen=True)
class Step(Phase):
    """A step of a turn: a phase with ``expects``, the sentence refusing a move out of it, and
    ``then``, the step its own moves lead to (none: the turn waits for ``end_turn``)."""

    expects: str = ""
    then: str | None = None


def _and_treasury(*rules: Rule):
    """The step's own moves, then 5.3.5 Treasury while it has not been taken this turn."""
    names = [rule.name for rule in rules]

    def now(state: JSON) -> list[str]:
        return list(names) if state["treasury_taken"] else [*names, treasury.name]

    return now


#: 6: the moves after which fort thaler grow (the ships pass) or seals leave districts.
FORTS_OR_SEALS_CHANGE = (ship.name, assemble.name)


class NovaSueciaEngine(Game):
    slug = "nova_suecia"
    title = "Nova Suecia: The Last Letter Home"
    min_players = 2
    max_players = 5
    options_schema = OPTIONS_SCHEMA
    phases = (
        Step(
            "setup",
            sections.PREPARATION,
            (choose_letter_resource,),
            whose_turn,
            expects="First each player, in turn order, places a resource on the letter.",
        ),
        Step(
            "letter",
            sections.LETTER,
            (letter, treasury),
            whose_turn,
            _and_treasury(letter),
            expects="A turn starts with the Letter action.",
            then="ship",
        ),
        Step(
            "ship",
            sections.SHIP,
            (ship, treasury),
            whose_turn,
            _and_treasury(ship),
            expects="The Ship action comes next.",
            then="colonist",
        ),
        Step(
            "colonist",
            sections.COLONIST,
            (invest, produce, day_work, assemble, treasury),
            whose_turn,
            _and_treasury(invest, produce, day_work, assemble),
            expects="Choose 1 of the work actions next: Invest, Produce, Day Work or Assemble.",
            then="end",
        ),
        Step(
            "end",
            sections.COURSE,
            (end_turn, treasury),
            whose_turn,
            _and_treasury(end_turn),
            expects="Your Colonist action is done: end the turn.",
        ),
    )
    end_section = sections.END
    #: Two or more draws, and a Royal Audience's favours, are offered once per set, in the
    #: order of the resources, of the many orders check accepts (README, Legal moves).
    representative_choices = frozenset({"assemble", "letter"})

    def refuse_setup(self, seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
        """7.5: the neutral player is the Two Player Variant's; with more seats there is none."""
        if options.get("neutral_player") and len(seats) != 2:
            return [
                Violation(
                    sections.TWO_PLAYER,
                    f"The neutral player joins a 2 player game only, not one of {len(seats)}: start the play without it.",
                )
            ]
        return []

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        return setup(seats, options)

    def phase_name(self, state: JSON) -> str:
        return state["step"]

    def over(self, state: JSON) -> bool:
        return state["outcome"] is not None

    def outcome(self, state: JSON) -> Outcome | None:
        return None if state["outcome"] is None else Outcome.from_dict(state["outcome"])

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """The kit's gate in the engine's own words: after the end (6), out of turn (3 before
        the first turn, else 5), out of its step (the step's section)."""
        if state["outcome"] is not None:
            return Violation(sections.END, f"The game is over: {state['outcome']['reason']}.")
        step, player = state["step"], state["player"]
        seat = state["players"][player]["seat"]
        if move.seat != (state["governor"] if seat is None else seat):
            return _out_of_turn(state, move)
        phase = self._phases[step]
        if move.type not in phase.names:
            return Violation(phase.section, phase.expects)
        return None

    def after(self, table: Table, move: Move) -> None:
        """The turn goes on: the next player chooses a letter resource (3 step 7) or the turn
        its next step (5); after a Ship action or an Assemble, the Dutch may have won (6)."""
        state = table.state
        if move.type == choose_letter_resource.name:
            if state["step"] == "setup":
                next_to_choose(table)
            return
        step = self._phases[state["step"]]
        if step.then is not None and move.type != treasury.name and move.type in step.names:
            table.set("step", step.then)  # a move recorded out of its step leaves the turn at its step
        if move.type in FORTS_OR_SEALS_CHANGE and state["outcome"] is None and state["final_turns"] is None:
            table.set("outcome", dutch_victory(state))

    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        """Everything in Nova Suecia lies open on the table, so every seat and a spectator see the same
        view, and the engine declares no secret (README, "Hidden information"): a district card face
        down (3 step 2) is unknown to everyone, the arbiter too, until it is turned up (5.2)."""
        players = state["players"]
        return {
            "phase": "finished" if state["outcome"] is not None else state["step"],
            "scores": seal_scores(state),
            "outcome": state["outcome"],
            "turn": state["turn"],
            "player": state["player"],
            "governor": state["governor"],
            "thaler": [p["thaler"] for p in players],
            "net_thaler": [net_thaler(p) for p in players],
            "loans": [p["loan"] for p in players],
            "deposits": [p["deposit"] for p in players],
            "seals": [seals_of(state, index) for index in range(len(players))],
            "log_cabins": [log_cabins_of(state, index) for index in range(len(players))],
            "letters": [p["letter"] for p in players],
            "colonists_on_letter": [{"standing": p["standing"], "laid_down": p["resting"]} for p in players],
            "neutral_player": 2 if state["options"]["neutral_player"] else None,
            "markets": dict(state["markets"]),
            "buy_prices": {r: _price(state, r, buy_square) for r in RESOURCES if r != "gold"},
            "sell_prices": {r: _price(state, r, sell_square) for r in RESOURCES if r != "gold"},
            "gold": {"loan": gold_step(state, "loan"), "deposit": gold_step(state, "deposit")},
            "stock": {r: stock(state, r) for r in RESOURCES},
            "ship_bag": dict(state["bag"]),
            "ships": {
                name: {"river_card": ship["at"], "heading": "Fort Nassau" if ship["heading"] > 0 else "Fort Christina"}
                for name, ship in state["ships"].items()
            },
            "forts": dict(state["forts"]),
            "raid_multiplier": state["forts"]["christina"] * state["forts"]["nassau"],
            "seals_on_districts": total_seals(state),
            "districts": {district_id: _district_view(d) for district_id, d in zip(DISTRICT_IDS, state["districts"])},
            "treasury_taken": state["treasury_taken"],
            "final_turns": state["final_turns"],
        }


def _out_of_turn(state: JSON, move: Move) -> Violation:
    """A move by a seat whose turn it is not (3 before the first turn, else 5)."""
    player = state["player"]
    seat = controller(state, player)
    section = sections.PREPARATION if state["step"] == "setup" else sections.COURSE
    whose = (
        f"the neutral player's turn, played by seat {seat}"
        if state["players"][player]["seat"] is None
        else f"seat {seat}'s turn"
    )
    return Violation(section, f"It is {whose}, not seat {move.seat}'s.")


def _price(state: JSON, resource: str, square) -> int:
    return state["components"]["prices"][resource][square(state["markets"][resource])]


def _district_view(district: JSON) -> JSON:
    return {
        "type": district["type"],
        "open": district["open"],
        "seal": district["seal"],
        "left": district["left"],
        "right": district["right"],
        "log_cabins": district["cabins"],
        "flipped_log_cabins": district["flipped"],
    }
