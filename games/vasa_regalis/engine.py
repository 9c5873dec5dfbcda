"""Vasa Regalis on the engine kit: the table of contents of the rules (see README.md).

The phases follow a round as section 3 sums it up ("A round consists of the following
steps"): the shipyard leader card before the first round, then every round the roles, the
inventory (advanced rules), the building and the inspection; the game ends with the fourth
part built (section 7). Each move is one function, in the module of its section:

==========================  =====================  =========================================
phase (section)             move                   module
==========================  =====================  =========================================
leader (3)                  ``choose_leader``      course.py
roles (3, role cards)       ``choose_role``        course.py
                            ``procure``            roles.py (procurers, admiral, king)
                            ``exchange``           roles.py (craftsman, tailor/blacksmith)
                            ``replace``            roles.py (admiral, king's order)
                            ``order_replacement``  roles.py (king)
inventory (6)               ``trade``              inventory.py
                            ``end_inventory``      inventory.py
building (4)                ``choose_building``    building.py
                            ``pass_building``      building.py
                            ``place``              building.py
inspection (5)              ``inspect``            inspection.py
end (7, tie-breaks in 2)    (outcome)              end.py
==========================  =====================  =========================================

Setup and its refusal are section 2 (setup.py); the rulebook's sections, goods and role cards
are named once in rulebook.py; the queue of steps that says whose move it is, in table.py.
"""

from __future__ import annotations

from games.contract import JSON, Move, Outcome, Seat, Violation
from games.kit import Game, Phase, Table
from games.vasa_regalis import data, end, setup, view
from games.vasa_regalis.building import (
    building_moves,
    choose_building,
    finish_building,
    pass_building,
    place,
    start_building,
)
from games.vasa_regalis.course import choose_leader, choose_role, end_round
from games.vasa_regalis.inspection import inspect
from games.vasa_regalis.inventory import end_inventory, trade
from games.vasa_regalis.roles import exchange, order_replacement, procure, replace
from games.vasa_regalis.rulebook import (
    SECTION_BUILDING,
    SECTION_COURSE,
    SECTION_END,
    SECTION_INSPECTION,
    SECTION_INVENTORY,
)
from games.vasa_regalis.table import matching_step, out_of_turn, step_moves, step_seats

#: The moves the gate lets through to their own rule: taking the leader card in any phase but
#: the last, the inventory's moves in any phase but the first and the last.
_LEADER = choose_leader.name
_OWN_TIMING = (trade.name, end_inventory.name)


class VasaRegalisEngine(Game):
    slug = "vasa_regalis"
    title = "Vasa Regalis"
    min_players, max_players = data.player_count()
    options_schema = setup.OPTIONS_SCHEMA
    phases = (
        Phase("leader", SECTION_COURSE, moves=(choose_leader,), turn=lambda state: []),
        Phase(
            "roles",
            SECTION_COURSE,
            moves=(choose_role, procure, exchange, replace, order_replacement),
            turn=step_seats,
            now=step_moves,
        ),
        Phase(
            "inventory",
            SECTION_INVENTORY,
            moves=(trade, end_inventory),
            turn=lambda state: list(range(state["seat_count"])),
        ),
        Phase(
            "building",
            SECTION_BUILDING,
            moves=(choose_building, pass_building, place),
            turn=step_seats,
            now=building_moves,
        ),
        Phase("inspection", SECTION_INSPECTION, moves=(inspect,), turn=step_seats, now=step_moves),
    )
    end_section = SECTION_END
    #: A trade's goods are offered in one order of the many check accepts (README, Legal moves).
    representative_choices = frozenset({"trade"})
    view_secrets = view.SECRETS

    def refuse_setup(self, seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
        return setup.refuse_setup(seats, options)

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        return setup.setup(seats, options)

    def outcome(self, state: JSON) -> Outcome | None:
        return end.outcome(state)

    def over(self, state: JSON) -> bool:
        return state["phase"] == "finished"

    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        return view.table(state)

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """The turn order in the engine's own words: nothing after the end (7), nothing before
        the leader card is taken but taking it (3), the inventory before anything else (6), and
        otherwise the open step of the move's seat (3, 4, 5)."""
        phase = state["phase"]
        if phase == "finished":
            return Violation(SECTION_END, "The game is over: all four parts of the ship are built.")
        if move.type == _LEADER:
            return None
        if phase == "leader":
            return Violation(SECTION_COURSE, "First a player must take the shipyard leader card.")
        if move.type in _OWN_TIMING:
            return None
        if phase == "inventory":
            return Violation(SECTION_INVENTORY, "The inventory action comes first; end it before anything else.")
        if matching_step(state, move.type, move.seat) is None:
            return Violation(*out_of_turn(state, move))
        return None

    def after(self, table: Table, move: Move) -> None:
        """Section 3: once a phase's steps are done, the round goes on: the roles, the inventory
        (advanced rules), the building if a good type qualifies (4), the inspection after a
        building (5), then the next round; the fourth part built ends the game (7)."""
        state = table.state
        phase = state["phase"]
        if state["steps"] or phase in ("inventory", "finished", "leader"):
            return
        if phase == "roles":
            if state["inventory_rule"]:
                table.set("phase", "inventory")
            else:
                start_building(table)
        elif phase == "building":
            if state["building"] is None:
                end_round(table)
            else:
                finish_building(table)
        elif phase == "inspection":
            end_round(table)
