"""3. Course of the game: the shipyard leader card, the choice of roles, the end of a round."""

from __future__ import annotations

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.vasa_regalis.roles import role_steps
from games.vasa_regalis.rulebook import ROLES, SEAT, SECTION_COURSE, SECTION_END
from games.vasa_regalis.table import existing, in_turn, remaining, seat_after, seat_missing
from games.vasa_regalis.words import name, sentence


def role_choice_steps(state: JSON, leader: int) -> list[JSON]:
    """Section 3: every player chooses a role, the shipyard leader first, then clockwise."""
    return [{"seat": seat_after(state, leader, k), "type": "choose_role"} for k in range(state["seat_count"])]


@move(
    "choose_leader",
    section=SECTION_COURSE,
    description=(
        "Before the first round: the player who last built something takes the shipyard "
        "leader card (section 3). 'seat' names that player."
    ),
    schema=obj({"seat": SEAT}),
    example={"seat": 0},
    # Any seat at the table may be the one who last built something.
    choices=lambda state, seat: [{"seat": leader} for leader in range(state["seat_count"])],
    says=lambda state, move, names: sentence(
        f"{name(names, move.data['seat'])} takes the shipyard leader card"
        f"{' and starts the first round' if state['phase'] == 'leader' else ''}."
    ),
    seated=False,
)
def choose_leader(table: Table, move: Move) -> None:
    """Section 3: "The player who last built something takes the shipyard leader card and starts
    the first round", a fact of the table (README, reading 3). A late one moves the card."""
    state, seat = table.state, move.data["seat"]
    if state["phase"] == "finished":
        table.cannot(SECTION_END, "The game is over; no move can follow it.")
    if state["phase"] != "leader":
        table.refuse(SECTION_COURSE, "The shipyard leader card was taken before the first round.")
    elif (missing := seat_missing(state, seat)) is not None:
        table.refuse(SECTION_COURSE, missing)
    leader = existing(table, seat, SECTION_COURSE)
    if state["phase"] == "leader":
        table.update(phase="roles", round=1, leader=leader, steps=role_choice_steps(state, leader))
    else:
        table.set("leader", leader)


@move(
    "choose_role",
    section=SECTION_COURSE,
    description="The seat whose turn it is chooses one of the eight role cards not yet chosen this round.",
    schema=obj({"role": {"enum": list(ROLES)}}),
    example={"role": "wood_procurer"},
    # The role cards not yet chosen this round.
    choices=lambda state, seat: [{"role": role} for role in ROLES if role not in state["roles"]],
    says=lambda state, move, names: sentence(
        f"{name(names, move.seat)} chooses the {ROLES[move.data['role']].card} role card."
    ),
)
def choose_role(table: Table, move: Move) -> None:
    """Section 3: "Choose a role card and take the actions of that role"; each card once a
    round ("After the round, the roles cards are returned"). The role's actions come next."""
    step = in_turn(table, move)
    state, role = table.state, move.data["role"]
    if step is not None and role in state["roles"]:
        card = ROLES[role].card
        table.refuse(SECTION_COURSE, f"The {card} role is already chosen this round; choose another role.")
    steps = role_steps(state, role, move.seat) + remaining(state["steps"], move, step)
    table.update(roles={**state["roles"], role: move.seat}, steps=steps)
    if state["phase"] != "roles":
        table.set("phase", "roles")


def end_round(table: Table) -> None:
    """Section 3: "After the round, the roles cards are returned and the player to the left of the
    shipyard leader takes the shipyard leader card and starts the next game round"."""
    state = table.state
    leader = seat_after(state, state["leader"])
    table.update(
        phase="roles",
        round=state["round"] + 1,
        leader=leader,
        roles={},
        building=None,
        last_builder=None,
        steps=role_choice_steps(state, leader),
    )
