"""4. Building: which good type may (or must) be built, the choice that goes round the table,
and every player placing a good of that type face down on the ship."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.secrets import MOVER, Secret
from games.vasa_regalis.course import end_round
from games.vasa_regalis.rulebook import GOOD, GOODS, SECTION_BUILDING, VALUE
from games.vasa_regalis.table import (
    complete,
    in_turn,
    put_on_ship,
    remaining,
    seat_after,
    step_moves,
    unbuilt_goods,
)
from games.vasa_regalis.words import a, name, sentence


def value3_in_play(state: JSON, good: str) -> int:
    """Goods of value 3 of that type held by players or on ships (not in the supply)."""
    return state["in_game"][good][2] - state["supply"][good][2]


def building_choices(state: JSON) -> list[str]:
    """Section 4: "Only a good type where at least 1 good of value 3 is in play may be chosen"
    (and "Each good type may only be built once")."""
    return [good for good in unbuilt_goods(state) if value3_in_play(state, good) > 0]


def forced_buildings(state: JSON) -> list[str]:
    """Section 4: "If all goods of value 3 are in play, the building action must take place for
    that good type"."""
    return [good for good in building_choices(state) if state["supply"][good][2] <= 0]


def building_moves(state: JSON) -> list[str]:
    """The moves open in the building: no pass when the building must take place."""
    legal = step_moves(state)
    if "pass_building" in legal and forced_buildings(state):
        legal.remove("pass_building")
    return legal


def start_building(table: Table) -> None:
    """Section 4: the shipyard leader, then each player clockwise, may choose a good type.
    "If there is no such good type, the building action may not take place": the round ends."""
    state = table.state
    if not building_choices(state):
        end_round(table)
        return
    table.update(
        phase="building",
        steps=[
            {"seat": seat_after(state, state["leader"], k), "type": "building_choice"}
            for k in range(state["seat_count"])
        ],
    )


def finish_building(table: Table) -> None:
    """Every player has placed: the part is built. Section 3: "The game ends immediately when all
    goods have been placed on all parts of the ships"; else the inspection follows, "starting
    with the last player to build and continuing in counter-clockwise order" (section 5). A part
    is counted once even if a record play built it again."""
    state = table.state
    if state["building"] not in state["built"]:
        table.set("built", [*state["built"], state["building"]])
    if len(table.state["built"]) == len(GOODS):
        table.set("phase", "finished")
        return
    last_builder = state["last_builder"]
    table.update(
        phase="inspection",
        steps=[{"seat": seat_after(state, last_builder, -k), "type": "inspect"} for k in range(state["seat_count"])],
    )


def _said_choice(state: JSON, move: Move, names: Sequence[str]) -> str:
    good = move.data["good"]
    return sentence(f"{name(names, move.seat)} chooses {good}: every player places {a(good)} on the ship.")


@move(
    "choose_building",
    section=SECTION_BUILDING,
    description="The seat asked chooses the good type every player now places on the ship.",
    schema=obj({"good": GOOD}),
    example={"good": "wood"},
    # The good types that may be chosen; when one must be built, check keeps only those.
    choices=lambda state, seat: [{"good": good} for good in building_choices(state)],
    says=_said_choice,
)
def choose_building(table: Table, move: Move) -> None:
    """Section 4: "If a player chooses to place a good, all players must place a good of the same
    type on their ships", in any order (README, reading 11)."""
    step = in_turn(table, move)
    state, good = table.state, move.data["good"]
    if step is not None:
        refused = _choice_refused(state, good)
        if refused is not None:
            table.refuse(SECTION_BUILDING, refused)
    table.update(
        phase="building",
        building=good,
        steps=[
            {"seat": seat_after(state, move.seat, k), "type": "place", "group": "placing"}
            for k in range(state["seat_count"])
        ],
    )


def _choice_refused(state: JSON, good: str) -> str | None:
    if good in state["built"]:
        return f"Each good type may only be built once, and {good} is built."
    if good not in building_choices(state):
        return f"Only a good with at least 1 of value 3 in play may be chosen; no {good} is."
    forced = forced_buildings(state)
    if forced and good not in forced:
        return f"All {' and '.join(forced)} of value 3 are in play: build that."
    return None


def _said_pass(state: JSON, move: Move, names: Sequence[str]) -> str:
    """The choice goes to the next player asked; after the last, no building takes place."""
    asked = [step["seat"] for step in state["steps"] if step["type"] == "building_choice"]
    later = asked[asked.index(move.seat) + 1 :] if move.seat in asked else asked
    passer = name(names, move.seat)
    if not later:
        return sentence(f"{passer} passes, and no building takes place this round.")
    return sentence(f"{passer} passes the building choice to {name(names, later[0])}.")


@move(
    "pass_building",
    section=SECTION_BUILDING,
    description="The seat asked passes the building choice to the next player clockwise.",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [{}],
    says=_said_pass,
)
def pass_building(table: Table, move: Move) -> None:
    """Section 4: "If the shipyard leader passes, the next player in clockwise order is given the
    choice", unless the building must take place."""
    step = in_turn(table, move)
    forced = forced_buildings(table.state) if step is not None else []
    if forced:
        table.refuse(
            SECTION_BUILDING, f"All {' and '.join(forced)} of value 3 are in play: the building must take place."
        )
    complete(table, move, step)


def _place_choices(state: JSON, seat: int) -> list[JSON]:
    """A good of the chosen type of each value in hand."""
    good = state["building"]
    if good is None:
        return []
    return [{"value": value} for value in (1, 2, 3) if state["hands"][seat][good][value - 1] > 0]


def _said_place(state: JSON, move: Move, names: Sequence[str]) -> str:
    good, value = state["building"] or "good", move.data["value"]
    shown = a(good) if value is None else f"{a(good)} of value {value}"
    return sentence(f"{name(names, move.seat)} places {shown} face down on the ship.")


@move(
    "place",
    section=SECTION_BUILDING,
    description="Place one good of the chosen type face down on your ship; 'value' is its value.",
    schema=obj({"value": VALUE}),
    example={"value": 2},
    choices=_place_choices,
    says=_said_place,
    secrets=(Secret("value", MOVER, "4. Building: the good is placed face down, its value undisclosed"),),
)
def place(table: Table, move: Move) -> None:
    """Section 4: "Each player may only place good on his or her own ship and only 1 good in each
    good square. The good must be placed face down"; it comes from the hand."""
    step = in_turn(table, move)
    good, value = table.state["building"], move.data["value"]
    if good is None:
        table.cannot(SECTION_BUILDING, "No good type was chosen for building, so the placed good has no square.")
    if step is not None and table.state["hands"][move.seat][good][value - 1] < 1:
        table.refuse(SECTION_BUILDING, f"You hold no {good} of value {value} to place.")
    put_on_ship(table, move.seat, good, value)
    table.update(last_builder=move.seat, steps=remaining(table.state["steps"], move, step))
