"""Pax Baltica: the Great Northern War 1700-1721 in blocks, for two players.

Seat 0 commands Sweden and her allies, seat 1 the Allies (Russia, Saxony, Denmark...).
Component data lives in the JSON files beside data.py (see README.md).

The table of contents: the phases of the year and of each game turn in the rulebook's order
("The game"), each with its section, whose move it is and the moves it allows; every move is
declared with its section where its rule is written:

- year_start (activation and replacements): upkeep.py, 5.x, 6.10, 9.x
- action_roll (3.1, 11.1, 13.x): actions.py
- events (3.1 a 6, 14.1): events.py
- action (3.2 to 3.45, 4.x, 8.1): actions.py, movement.py, events.py
- battle (6.x, 8.2 to 8.4; sieges 3.43, 6.7): battle.py, siege.py
- supply (7.3 to 7.5): attrition.py
- weather, weather_move (Never mind the weather): actions.py, movement.py
- at any time, Sweden's cessions (10.1, ``anytime``): actions.py

Below the moves: sections.py (every section cited), board.py (reading the table),
supply.py (supply lines, 7.1, 7.2), losses.py (6.8, 6.9), turn.py (the sequence of play),
victory.py (12.x), scenario.py (set-up), view.py (the table and its secrets).
"""

from __future__ import annotations

from games.contract import JSON, Move, Outcome, Seat, Violation, obj
from games.kit import Game, Phase, Table
from games.pax_baltica import board, data, scenario, sections, turn
from games.pax_baltica.actions import (
    action_roll,
    cede_territory,
    declare_siege,
    end_actions,
    finish_weather_move,
    night_rider_roll,
    rebuild,
    spy,
    weather_roll,
)
from games.pax_baltica.attrition import supply_check, supply_order_problem
from games.pax_baltica.battle import after_combat_turn, combat_fire, combat_retreat, regroup, start_battle
from games.pax_baltica.events import cossacks_return, general_event, national_event
from games.pax_baltica.movement import force_march, group_move, record_attack
from games.pax_baltica.siege import forgo_siege, lapse_sieges, siege
from games.pax_baltica.upkeep import activation_roll, draw_block, end_replacements, reinforce
from games.pax_baltica.view import VIEW_SECRETS, table_view

_edition_entries = {"type": "object", "additionalProperties": {"type": "object"}}


class PaxBalticaEngine(Game):
    slug = "pax_baltica"
    title = "Pax Baltica"
    min_players = 2
    max_players = 2
    options_schema = obj(
        {
            "scenario": {"enum": list(data.SCENARIOS), "default": "12.1"},
            "optional_rules": {"type": "array", "items": {"enum": ["13.1", "13.2", "13.3"]}, "uniqueItems": True},
            "map": obj(
                {
                    "territories": _edition_entries,
                    "borders": {
                        "type": "array",
                        "items": obj(
                            {"a": {"type": "string"}, "b": {"type": "string"}, "colour": {"enum": ["black", "red"]}}
                        ),
                    },
                },
                required=[],
            ),
            "blocks": _edition_entries,
            "nations": _edition_entries,
        },
        required=[],
    )
    #: The game: the year begins with activation and replacements (not in the first year),
    #: then each game turn: action roll, events, actions (Player 1, then Player 2), battles,
    #: supply; after winter, "Never mind the weather".
    phases = (
        Phase(
            "year_start",
            sections.YEAR_START,
            moves=(activation_roll, draw_block, reinforce, end_replacements),
            turn=turn.year_start_seats,
        ),
        Phase(
            "action_roll",
            sections.ACTION_ROLL_PHASE,
            moves=(action_roll, night_rider_roll),
            turn=turn.action_roll_seats,
            now=turn.action_roll_moves,
        ),
        Phase("events", sections.ACTION_TABLE, moves=(general_event,), turn=turn.event_seats),
        Phase(
            "action",
            sections.ACTION_SEQUENCE,
            moves=(spy, group_move, declare_siege, national_event, rebuild, end_actions, cede_territory, force_march),
            turn=turn.acting_seat,
            now=turn.action_moves,
        ),
        Phase(
            "battle",
            sections.BATTLE_SEQUENCE,
            moves=(start_battle, combat_fire, combat_retreat, regroup, siege, forgo_siege, supply_check),
            turn=turn.battle_seats,
            now=turn.battle_event_types,
        ),
        Phase("supply", sections.SUPPLY_PHASE, moves=(supply_check,), turn=turn.supply_seats),
        Phase("weather", sections.WEATHER, moves=(weather_roll,), turn=turn.sweden),
        Phase(
            "weather_move",
            sections.WEATHER,
            moves=(group_move, force_march, end_actions),
            turn=turn.sweden,
            now=turn.weather_move_moves,
        ),
    )
    #: 10.1: "The Swedish player may at any time during the game cede" Bremen-Verden or
    #: Pommern: in any phase, whoever's turn it is (``seats``; the move refuses the Allies); the
    #: action phase still names it where the view offers it, in Sweden's actions.
    anytime = (cede_territory,)
    end_section = sections.SCENARIOS
    #: Dice offered in one order, movement along one path per group, results and steps placed
    #: in one order each: bounded forms of spaces too large to list (README, Legal moves).
    representative_choices = frozenset(
        {
            "action_roll",
            "combat_fire",
            "combat_retreat",
            "force_march",
            "general_event",
            "group_move",
            "national_event",
            "regroup",
            "siege",
            "supply_check",
        }
    )
    view_secrets = VIEW_SECRETS

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        return scenario.prepare(options)

    def over(self, state: JSON) -> bool:
        """12.0: the scenario is over once its victory level is decided (the outcome stored)."""
        return state["outcome"] is not None

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """The turn order in the engine's own words: the end of the scenario, the force-march
        rolls owed and the moves they close (4.5), the supply phase's order (3.43), the night ride's turns (11.1), the phase's moves and whose
        move it is (the phase looked up once)."""
        if state["outcome"] is not None:
            return Violation(self.end_section, "The scenario has ended; no move may follow.")
        if move.type in self._anytime:
            return None
        phase = self.phase(state)
        legal = phase.names if phase.now is None else phase.now(state)
        if move.type not in legal:
            if state["pending_force_march"]:
                due = ", ".join(state["pending_force_march"])
                return Violation(
                    sections.FORCE_MARCHING, f"Roll for the force-marching blocks ({due}) once all movement is done."
                )
            if move.type == "group_move" and state["phase"] == "action" and turn.movement_over(state):
                return Violation(
                    sections.FORCE_MARCHING,
                    "The force-march rolls are made after all movement: no move may follow them.",
                )
            out_of_order = supply_order_problem(state, move) if move.type == "supply_check" else None
            if move.type == "night_rider_roll" and state["phase"] == "action_roll":
                out_of_order = turn.night_rider_closed(state)
            if out_of_order is not None:
                return out_of_order
            allowed = ", ".join(legal)
            return Violation(
                self._phase_section(state), f"A {move.type} is not possible now; the table expects: {allowed}."
            )
        seats = phase.turn(state)
        if move.seat is None or move.seat not in seats:
            waiting = " or ".join(f"the {board.SIDE_NAMES[s]} player" for s in seats)
            return Violation(self._phase_section(state), f"It is not your move: waiting for {waiting}.")
        return None

    def seats(self, state: JSON) -> list[int]:
        """Both players: who may make an ``anytime`` move (10.1's cession, the Swedish one's)."""
        return [0, 1]

    def _phase_section(self, state: JSON) -> str:
        """The rule a move out of turn or out of phase breaks (6.2, 6.21 within a battle)."""
        battle = state["battle"]
        if state["phase"] == "battle" and battle is not None:
            return sections.BATTLE_TURNS if battle["retreat_due"] else sections.COMBAT_ROUNDS
        return self.phase(state).section

    def before(self, table: Table, move: Move) -> None:
        """6.6: the victor regroups at once; any other move but the supply check that ends
        the battle phase and 10.1's cession (at any time) forgoes the regroup."""
        if table.state["regroup"] is not None and move.type not in (
            regroup.name,
            supply_check.name,
            cede_territory.name,
        ):
            table.set("regroup", None)

    def after(self, table: Table, move: Move) -> None:
        """3.2: an action spends an action point, and a player without actions passes the
        turn on; the weather move ends with its force-march rolls; 6.2: a group move into
        enemy blocks makes its player the attacker there; 3.43: a siege nobody is left to
        attempt lapses; 10.1: a cession that takes a nation's blocks out of the battle being
        fought ends it when a side has none left, as a combat turn would; 14.2 Russia 3: the
        excluded Cossacks return once Ukraine and Turkey are out of the game."""
        phase = table.state["phase"]
        if phase == "action":
            if move.type in turn.ACTION_ORDER:
                turn.spend_action(table, move)
            turn.skip_idle_player(table)
        elif phase == "weather_move" and move.type in ("group_move", "force_march"):
            finish_weather_move(table)
        if move.type == "group_move":
            record_attack(table, move)
        if move.type == cede_territory.name and table.state["battle"] is not None:
            after_combat_turn(table)
        if table.state["sieges"]:
            lapse_sieges(table)
        cossacks_return(table)

    def outcome(self, state: JSON) -> Outcome | None:
        return None if state["outcome"] is None else Outcome.from_dict(state["outcome"])

    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        return table_view(state)


ENGINE = PaxBalticaEngine()

__all__ = ["ENGINE", "PaxBalticaEngine"]
