"""A PLAYER IS UNABLE TO PLACE A BLOCK: the block is offered to the others, then goes to the box.

"the other players, starting on the left of the active player, can each try to place it. If a
player succeeds, they receive the points for the placement [turn.place_block] ... The game then
restarts on the left of the player who was initially unable to place the block ... If no one is
able to place the block, the active player returns it to the box and can now draw a new card
and continue their turn." Whether the player truly cannot place it is the table's to settle
(README.md, rules not enforced).
"""

from __future__ import annotations

from games.contract import EngineError, Move, obj
from games.kit import Table, move
from games.nouvelle_france.choices import offer_choices, pass_choices
from games.nouvelle_france.components import block_name
from games.nouvelle_france.says import said_offer, said_pass
from games.nouvelle_france.sections import TURN, UNABLE
from games.nouvelle_france.turn import colour_of, left_of, not_your_turn, without
from games.nouvelle_france.vocabulary import SHAPE


@move(
    "offer_block",
    section=UNABLE,
    description=(
        "A PLAYER IS UNABLE TO PLACE A BLOCK: the active player cannot place the block of a visible "
        "card; it is offered to the others from the left."
    ),
    schema=obj({"card": SHAPE}),
    example={"card": "horseshoe"},
    choices=offer_choices,
    says=said_offer,
)
def offer_block(table: Table, move: Move) -> None:
    """A PLAYER IS UNABLE TO PLACE A BLOCK "(from the three visible cards on the identification
    strip)", after drawing: it is offered to the player on the left first."""
    state, card = table.state, move.data["card"]
    if move.seat != state["active"]:
        table.refuse(TURN, not_your_turn(state))
    elif state["phase"] != "place":
        table.refuse(UNABLE, "Only a block of the visible cards, after drawing, can be offered to the others.")
    elif card not in state["strip"]:
        table.refuse(TURN, f"The {block_name(card)} is not one of the visible cards.")
    table.update(phase="offer", offer={"card": card, "to": left_of(state, state["active"])})


@move(
    "pass_offer",
    section=UNABLE,
    description="A PLAYER IS UNABLE TO PLACE A BLOCK: the player offered the block cannot place it either.",
    schema=obj({}),
    example={},
    choices=pass_choices,
    says=said_pass,
)
def pass_offer(table: Table, move: Move) -> None:
    """A PLAYER IS UNABLE TO PLACE A BLOCK: the block goes on to the next player on the left;
    back at the active player, nobody could place it: it goes to the box and the active player
    draws again."""
    state, offer = table.state, table.state["offer"]
    if state["phase"] != "offer":
        table.refuse(UNABLE, "No block is on offer.")
    elif move.seat != offer["to"]:
        table.refuse(UNABLE, f"The block is offered to {colour_of(state, offer['to'])} now.")
    if offer is None:
        raise EngineError("No block is on offer to pass.")
    following = left_of(state, offer["to"])
    if following != state["active"]:
        table.set("offer", {**offer, "to": following})
        return
    card = offer["card"]
    stockpile = table.at("stockpile")
    stockpile[card] = max(0, stockpile[card] - 1)
    table.update(strip=without(state["strip"], card), removed=[*state["removed"], card], offer=None, phase="draw")
