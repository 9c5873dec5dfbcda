"""OPTIONAL RULES: the TRADE OPTION's ``give``, outside the turn order.

The other options change the turn order (SIMULTANEOUS TURNS OPTION, ``sequence``), the setup
(RANDOM SEASON START OPTION, TWO LEADER OPTION, ``setup_steps``) or a leader's loss (``phases``).
"""

from __future__ import annotations

from games.contract import Move, obj
from games.first_settlement import choices, says
from games.first_settlement.sections import TRADE_OPTION
from games.first_settlement.sequence import entered, stage
from games.first_settlement.tokens import cards_of, colony, from_hand
from games.first_settlement.vocabulary import CARDS, COUNT
from games.kit import Table, move
from games.secrets import Secret, Sibling

#: The optional rules a play may use, each a boolean option.
FLAGS = ("simultaneous_turns", "random_season_start", "two_leaders", "trade_between_players")


@move(
    "give",
    section=TRADE_OPTION,
    description=(
        "TRADE OPTION (optional rule): at any time a player gives another player cards from the hand, CT "
        "and FT; a trade between players is two gives."
    ),
    schema=obj(
        {"to": {"type": "integer", "minimum": 0}, "cards": CARDS, "colonists": COUNT, "food": COUNT},
        required=["to"],
    ),
    example={"to": 1, "cards": ["Beads"], "food": 2},
    # Giver and receiver both know the cards, but a secret has one owner: the receiver, whose hand the
    # view shows them in (the giver gave them out of a hand it already knew).
    secrets=(Secret("cards", Sibling("to"), "TRADE OPTION: the cards traded go into the receiver's hand"),),
    choices=choices.give,
    says=says.give,
)
def give(table: Table, move: Move) -> None:
    """TRADE OPTION: "Players may at any time freely trade cards from their hands, as well as CT and FT"."""
    entered(table, move, "roll_for_first", "prepare_colony", "select_site", "play")
    seat, data = move.seat, move.data
    if not table.state["options"]["trade_between_players"]:
        table.refuse(TRADE_OPTION, "Trading between players is an optional rule this play does not use.")
    if stage(table.state) != "play":
        table.refuse(TRADE_OPTION, "Players trade once the colonies are founded.")
    if table.state["colonies"][seat]["gave_up"]:
        table.refuse(TRADE_OPTION, "This colony's Settlers gave up: it trades no more.")
    target = data["to"]
    if target == seat or target >= len(table.state["colonies"]) or table.state["colonies"][target]["gave_up"]:
        table.refuse(TRADE_OPTION, f"Seat {target} is not another colony still in the game.")
        return
    giver = colony(table, seat)
    receiver = colony(table, target)
    cards_of(table, target, "hand").extend(from_hand(table, seat, data.get("cards", []), TRADE_OPTION))
    for key in ("colonists", "food"):
        amount = data.get(key, 0)
        if amount > giver[key]:
            table.refuse(TRADE_OPTION, f"This colony has {giver[key]} {key}, not {amount} to give.")
        amount = min(amount, giver[key])
        giver[key] -= amount
        receiver[key] += amount
