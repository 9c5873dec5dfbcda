"""Section 5, Course of the Game: whose turn it is and the end of a turn (the steps of a turn in
order are the phases of ``engine.py``), the Governor card passing to the right-hand player, who
plays two turns in a row; with 7.5 Two Player Variant, the neutral player's turn. Section 6's
last turns after the 24th seal follow their own order."""

from __future__ import annotations

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.nova_suecia import sections
from games.nova_suecia.ending import governor_victory, swedish_victory
from games.nova_suecia.queries import controller
from games.nova_suecia.words import who


def whose_turn(state: JSON) -> list[int]:
    """The seat to move: the player's own, the governor's for the neutral player (7.5)."""
    return [controller(state, state["player"])]


@move(
    "end_turn",
    section=sections.COURSE,
    description="The player ends the turn (after the Colonist action and the raid; a Treasury action may precede it).",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [{}],
    says=lambda state, move, names: f"{who(state, move, names)} ends the turn.",
)
def end_turn(table: Table, move: Move) -> None:
    """Pass the turn (5; 6 for the last turns) and look for a governor victory (6): "A governor
    starts the turn with at least 2 more provinces than any other player AND has a positive
    amount of thaler", a last turn after the 24th seal as well (README, reading 14). After the
    sealer's last turn the Swedish victory names its winner."""
    state = table.state
    if state["treasury_taken"] or state["deposited"]:
        table.update(treasury_taken=False, deposited=False)
    table.update(step="letter", turn=state["turn"] + 1)
    final = state["final_turns"]
    if final is not None:
        if not final["queue"]:
            table.set("outcome", swedish_victory(state))
            return
        table.update(player=final["queue"][0], final_turns={**final, "queue": final["queue"][1:]})
    elif state["options"]["neutral_player"]:
        _pass_turn_with_neutral(table)
    else:
        _pass_turn(table)
    won = governor_victory(state, state["player"])
    if won is not None:
        table.set("outcome", won)


def _pass_turn(table: Table) -> None:
    """In turn order from the governor; after the player to the governor's right, the card
    passes to that player, who starts the next round (two consecutive turns)."""
    state = table.state
    count = len(state["players"])
    next_turn = state["round_turn"] + 1
    if next_turn < count:
        table.update(round_turn=next_turn, player=(state["governor"] + next_turn) % count)
    else:
        table.update(governor=state["player"], round_turn=0)


def _pass_turn_with_neutral(table: Table) -> None:
    """7.5: governor, other player; the card passes to the other player, who then plays the
    neutral player's turn instead of a second consecutive turn, then starts the round."""
    state = table.state
    if state["round_turn"] == 0:
        table.update(round_turn=1, player=1 - state["governor"])
    elif state["round_turn"] == 1:
        table.update(governor=state["player"], round_turn=2, player=2)
    else:
        table.update(round_turn=0, player=state["governor"])
