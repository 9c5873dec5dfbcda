"""The state of the table and the course of a round (section 3).

A state is plain JSON. Goods are counted per type and value: ``hand["wood"] == [2, 1, 0]``
is two wood of value 1 and one of value 2. Everything still to be done in the current phase
is a queue of *steps* (``{"seat": 2, "type": "procure", ...}``); the head step says whose
move it is. Steps that may come in any order share a ``group`` and are open together: the
admiral's or the king's two actions, and the players' placements in a building.

Helpers that take a state and return a new value never mutate their input; ``advance``
and ``end_round`` fill in a fresh top-level copy that ``apply`` already made.
"""

from __future__ import annotations

from games.contract import JSON
from games.vasa_regalis.vocabulary import GOODS, ROLES

#: Which events complete a step of each type.
STEP_EVENTS = {
    "choose_role": ("choose_role",),
    "procure": ("procure",),
    "exchange": ("exchange",),
    "replace": ("replace",),
    "order_replacement": ("order_replacement",),
    "building_choice": ("choose_building", "pass_building"),
    "place": ("place",),
    "inspect": ("inspect",),
}


def seat_after(state: JSON, seat: int, places: int = 1) -> int:
    """The seat ``places`` positions clockwise (negative: counter-clockwise)."""
    return (seat + places) % state["seat_count"]


def changed(holding: JSON, good: str, value: int, delta: int) -> JSON:
    """A copy of a hand or supply with ``delta`` more goods of that type and value."""
    counts = list(holding[good])
    counts[value - 1] += delta
    return {**holding, good: counts}


def placed_goods(ship: JSON) -> list[str]:
    return [good for good in GOODS if ship[good] is not None]


def unbuilt_goods(state: JSON) -> list[str]:
    return [good for good in GOODS if good not in state["built"]]


def value3_in_play(state: JSON, good: str) -> int:
    """Goods of value 3 of that type held by players or on ships (not in the supply)."""
    return state["in_game"][good][2] - state["supply"][good][2]


def building_choices(state: JSON) -> list[str]:
    """Section 4: unbuilt types with at least one good of value 3 in play."""
    return [good for good in unbuilt_goods(state) if value3_in_play(state, good) > 0]


def forced_buildings(state: JSON) -> list[str]:
    """Section 4: unbuilt types whose goods of value 3 are all in play; the building must be one of them."""
    return [good for good in building_choices(state) if state["supply"][good][2] <= 0]


def open_steps(state: JSON) -> list[JSON]:
    """The steps that may be taken now: the head of the queue, with its any-order partners."""
    steps = state["steps"]
    if not steps:
        return []
    group = steps[0].get("group")
    if group is None:
        return steps[:1]
    open_now = []
    for step in steps:
        if step.get("group") != group:
            break
        open_now.append(step)
    return open_now


def matching_step(state: JSON, move_type: str, seat: int | None) -> JSON | None:
    """The open step of that seat the move type would complete, if any."""
    return next(
        (step for step in open_steps(state) if move_type in STEP_EVENTS[step["type"]] and step["seat"] == seat),
        None,
    )


def without_step(state: JSON, move_type: str, seat: int | None) -> list[JSON]:
    """The queue once the move completes its step: the open one it matches, else (a move the
    table made out of turn) the first queued step of that type, preferably the seat's own."""
    step = matching_step(state, move_type, seat)
    if step is None:
        candidates = [s for s in state["steps"] if move_type in STEP_EVENTS[s["type"]]]
        own = [s for s in candidates if s["seat"] == seat]
        step = (own or candidates or [None])[0]
    if step is None:
        return state["steps"]
    steps = list(state["steps"])
    steps.remove(step)
    return steps


def role_choice_steps(state: JSON, leader: int) -> list[JSON]:
    """Section 3: every player chooses a role, the shipyard leader first, then clockwise."""
    return [{"seat": seat_after(state, leader, k), "type": "choose_role"} for k in range(state["seat_count"])]


def role_steps(state: JSON, role_name: str, chooser: int) -> list[JSON]:
    """The actions a chosen role gives, in order (role cards)."""
    action = ROLES[role_name].action
    if action in ("procure", "exchange"):
        # The chooser twice, the others once each in turn, the last in turn (the chooser's right) never.
        return [
            {"seat": seat_after(state, chooser, k), "type": action, "role": role_name, "limit": 2 if k == 0 else 1}
            for k in range(state["seat_count"] - 1)
        ]
    steps = [{"seat": chooser, "type": "procure", "role": role_name, "limit": 1, "group": role_name}]
    if action == "admiral" and placed_goods(state["ships"][chooser]):
        steps.append({"seat": chooser, "type": "replace", "role": role_name, "group": role_name})
    if action == "king" and any(placed_goods(ship) for seat, ship in enumerate(state["ships"]) if seat != chooser):
        steps.append({"seat": chooser, "type": "order_replacement", "role": role_name, "group": role_name})
    return steps


def advance(new: JSON) -> None:
    """When the queue is empty, move ``new`` (a fresh copy) on to the next phase."""
    if new["steps"] or new["phase"] in ("inventory", "finished", "leader"):
        return
    if new["phase"] == "roles":
        if new["inventory_rule"]:
            new["phase"] = "inventory"
        else:
            start_building(new)
    elif new["phase"] == "building":
        if new["building"] is None:
            end_round(new)
        else:
            finish_building(new)
    elif new["phase"] == "inspection":
        end_round(new)


def start_building(new: JSON) -> None:
    """Section 4: the shipyard leader, then each player clockwise, may choose a good type.
    With no type eligible, the building action may not take place and the round ends."""
    if not building_choices(new):
        end_round(new)
        return
    new["phase"] = "building"
    new["steps"] = [
        {"seat": seat_after(new, new["leader"], k), "type": "building_choice"} for k in range(new["seat_count"])
    ]


def placing_steps(state: JSON, chooser: int) -> list[JSON]:
    """Section 4: every player places a good of the chosen type, in any order (face down)."""
    return [
        {"seat": seat_after(state, chooser, k), "type": "place", "group": "placing"} for k in range(state["seat_count"])
    ]


def finish_building(new: JSON) -> None:
    """Every player has placed: the part is built; the game ends with the fourth part (section 7),
    else the inspection follows, from the last player to build counter-clockwise (section 5).
    A part is counted once even if a record play built it again."""
    if new["building"] not in new["built"]:
        new["built"] = [*new["built"], new["building"]]
    if len(new["built"]) == len(GOODS):
        new["phase"] = "finished"
        return
    new["phase"] = "inspection"
    last_builder = new["last_builder"]
    new["steps"] = [{"seat": seat_after(new, last_builder, -k), "type": "inspect"} for k in range(new["seat_count"])]


def end_round(new: JSON) -> None:
    """Section 3: the role cards return and the player to the leader's left takes the leader card."""
    leader = seat_after(new, new["leader"])
    new.update(
        phase="roles",
        round=new["round"] + 1,
        leader=leader,
        roles={},
        building=None,
        last_builder=None,
        steps=role_choice_steps(new, leader),
    )
