"""The Vasa Regalis engine: setup, check, apply, view and outcome (see README.md)."""

from __future__ import annotations

from games.contract import JSON, Engine, Move, Outcome, Seat, Violation
from games.secrets import EACH, MOVER, NOBODY, Secret, Sibling, hide
from games.vasa_regalis import data, moves, rules, scoring
from games.vasa_regalis.table import (
    STEP_EVENTS,
    building_choices,
    forced_buildings,
    open_steps,
    placed_goods,
    value3_in_play,
)
from games.vasa_regalis.vocabulary import EVENT_TYPES, GOODS, OPTIONS_SCHEMA, SECTION_OBJECT


class VasaRegalisEngine(Engine):
    slug = "vasa_regalis"
    title = "Vasa Regalis"
    min_players, max_players = data.player_count()
    options_schema = OPTIONS_SCHEMA
    event_types = EVENT_TYPES
    view_secrets = (
        Secret(
            "players.*.hand",
            EACH,
            "3. Course of the game: a player's goods are kept face down and may only be viewed by that player",
        ),
        Secret("players.*.hand_values", EACH, "3. Course of the game: the values of a player's goods on hand are his"),
        Secret(
            "players.*.ship",
            EACH,
            "4. Building: the good must be placed face down without being disclosed to the other players",
        ),
        Secret(
            "parts.*.total",
            NOBODY,
            "4. Building and 7. End of game: every good on the ships lies face down until all players turn them "
            "face up at the end, so no player knows a part's total",
        ),
        Secret("parts.*.operational", NOBODY, "7. End of game: whether a part is operational follows from its total"),
        Secret(
            "shown.*.value",
            Sibling("to"),
            "5. Inspection: a player looks at 1 placed good on another player's ship; its value is his to see",
        ),
    )
    move_secrets = {
        "place": (Secret("value", MOVER, "4. Building: the good is placed face down, its value undisclosed"),),
        "replace": (
            Secret("value", MOVER, "Admiral and King: the good put back on the ship lies face down like any other"),
        ),
    }

    def refuse_setup(self, seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
        """Section 2: every player starts with 1 of each good of value 1, so a play's own
        ``goods_in_game`` must keep at least that many markers of value 1 (else the supply
        would start below zero)."""
        count = len(seats)
        kept = data.goods_in_game(count, options)[0]
        least = count * max(data.starting_hand().values())
        if kept >= least:
            return []
        return [
            Violation(
                SECTION_OBJECT,
                f"Each of the {count} players starts with 1 of each good of value 1: the game needs at least "
                f"{least} markers of value 1 of every good, not {kept}.",
            )
        ]

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        """Section 2: goods for the player count; every player 1 of each good of value 1."""
        count = len(seats)
        in_game = data.goods_in_game(count, options)
        start = data.starting_hand()
        hand = {good: [start[good], 0, 0] for good in GOODS}
        return {
            "seat_count": count,
            "inventory_rule": bool(options.get("inventory", False)),
            "operational_total": data.operational_total(count, options),
            "in_game": {good: list(in_game) for good in GOODS},
            "supply": {good: [in_game[0] - count * start[good], in_game[1], in_game[2]] for good in GOODS},
            "hands": [hand] * count,
            "ships": [dict.fromkeys(GOODS)] * count,
            "phase": "leader",
            "round": 0,
            "leader": None,
            "roles": {},
            "steps": [],
            "building": None,
            "last_builder": None,
            "built": [],
            "shown": [],
        }

    def check(self, state: JSON, move: Move) -> list[Violation]:
        return rules.violations(state, move)

    def apply(self, state: JSON, move: Move) -> JSON:
        return moves.applied(state, move)

    def outcome(self, state: JSON) -> Outcome | None:
        return scoring.outcome(state)

    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        """The table with every good shown, then hidden as ``view_secrets`` say for ``seat``: the
        end of the game turns nothing face up here (the records service decides that)."""
        steps = open_steps(state)
        outcome = scoring.outcome(state)
        table = {
            "phase": state["phase"],
            "round": state["round"],
            "shipyard_leader": state["leader"],
            "active_seats": _active_seats(state, steps),
            "legal_event_types": _legal_event_types(state, steps),
            "next_steps": steps,
            "scores": None,
            "finished": state["phase"] == "finished",
            "roles": state["roles"],
            "supply": state["supply"],
            "value_3_in_play": {good: value3_in_play(state, good) for good in GOODS},
            "built": state["built"],
            "building": state["building"],
            "building_choices": building_choices(state) if state["phase"] == "building" else [],
            "forced_building": forced_buildings(state) if state["phase"] == "building" else [],
            "players": [_player(state, other) for other in range(state["seat_count"])],
            "parts": _parts(state),
            "operational_total": state["operational_total"],
            "shown": state["shown"],
            "outcome": None if outcome is None else outcome.as_dict(),
        }
        return hide(table, self.view_secrets, seat)


def _active_seats(state: JSON, steps: list[JSON]) -> list[int]:
    if state["phase"] == "inventory":
        return list(range(state["seat_count"]))
    return sorted({step["seat"] for step in steps})


def _legal_event_types(state: JSON, steps: list[JSON]) -> list[str]:
    if state["phase"] == "leader":
        return ["choose_leader"]
    if state["phase"] == "inventory":
        return ["trade", "end_inventory"]
    legal = dict.fromkeys(event for step in steps for event in STEP_EVENTS[step["type"]])
    if forced_buildings(state) and state["phase"] == "building":
        legal.pop("pass_building", None)
    return list(legal)


def _player(state: JSON, seat: int) -> JSON:
    """A seat's goods; the counts per type and the squares filled are seen by all (goods are
    procured, exchanged, traded and placed by type in the open)."""
    hand, ship = state["hands"][seat], state["ships"][seat]
    return {
        "seat": seat,
        "hand": hand,
        "hand_counts": {good: sum(hand[good]) for good in GOODS},
        "hand_values": scoring.hand_values(hand),
        "ship": ship,
        "ship_placed": placed_goods(ship),
    }


def _parts(state: JSON) -> JSON:
    totals = scoring.part_totals(state)
    return {
        good: {
            "built": good in state["built"],
            "total": totals[good],
            "operational": totals[good] >= state["operational_total"],
        }
        for good in GOODS
    }
