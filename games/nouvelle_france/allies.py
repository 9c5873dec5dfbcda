"""ALLY TOKENS: the Fille du Roy, the Coureur des bois and the Huron.

"During a player's turn, players may use the 3 Ally tokens ... Once played, the token is turned
face down and can only be used again after the next snowflake [snowstorms.py]." SIMPLIFICATION
OF THE RULES 2: each token used once in the game, or the tokens left out.
"""

from __future__ import annotations

from collections import Counter

from games.contract import Move, obj
from games.kit import Table, move
from games.nouvelle_france import deck
from games.nouvelle_france.choices import ally_choices, points_being_scored, shared_placement
from games.nouvelle_france.says import said_ally
from games.nouvelle_france.sections import ALLY_TOKENS, COUREUR, FILLE, HURON, SETUP, SIMPLIFIED
from games.nouvelle_france.vocabulary import ALLY, CARD
from games.secrets import MOVER, Secret

#: Why the cards a Huron saw are its player's, in the rulebook's words.
HURON_LOOKS = f"{HURON}: the player looks in secret at the top 3 cards of the deck"


@move(
    "play_ally",
    section=ALLY_TOKENS,
    description=(
        "ALLY TOKENS: Fille du Roy (active player, doubles the turn's points), Coureur des bois "
        "(another player, half the active player's points), or Huron (before a turn: the top cards "
        "of the deck, up to 3, in the new order the player put them back, top first)."
    ),
    schema=obj({"ally": ALLY, "cards": {"type": "array", "items": CARD, "maxItems": 3}}, required=["ally"]),
    example={"ally": "fille_du_roy"},
    choices=ally_choices,
    says=said_ally,
    secrets=(Secret("cards", MOVER, HURON_LOOKS),),
)
def play_ally(table: Table, move: Move) -> None:
    """ALLY TOKENS: a face-up token is turned face down, then does what it does."""
    ally = move.data["ally"]
    judged = not _refuse_token(table, move)
    player = table.at("players", move.seat)
    player["allies"] = {**player["allies"], ally: "face down"}
    player["allies_used"] += 1
    if ally == "fille_du_roy":
        fille_du_roy(table, move, judged=judged)
    elif ally == "coureur_des_bois":
        coureur_des_bois(table, move, judged=judged)
    else:
        huron(table, move, judged=judged)


def _refuse_token(table: Table, move: Move) -> bool:
    """Whether the token may not be played at all (refused): left out, face down, or a card list
    given to another token than the Huron. A block on offer is still the active player's turn (A
    PLAYER IS UNABLE TO PLACE A BLOCK: "can now draw a new card and continue their turn"), so the
    tokens played "During a player's turn" may be played then (the Huron's own rule says when)."""
    state, ally = table.state, move.data["ally"]
    allies_rule = state["options"]["allies"]
    if allies_rule == "none":
        table.refuse(SIMPLIFIED, "This play leaves the Ally tokens out.")
    elif state["players"][move.seat]["allies"][ally] != "face up":
        if allies_rule == "once":
            table.refuse(SIMPLIFIED, "In this play each Ally token is used only once during the game.")
        else:
            table.refuse(
                ALLY_TOKENS, "That Ally token is face down: it can only be used again after the next snowflake."
            )
    elif ally != "huron" and "cards" in move.data:
        table.refuse(ALLY_TOKENS, "Only the Huron looks at the cards of the deck.")
    else:
        return False
    return True


def fille_du_roy(table: Table, move: Move, *, judged: bool) -> None:
    """FILLE DU ROY (King's Ward) TOKEN: "Used by the active player to double their points during
    their turn" (turn.build doubles them; once the block is placed, the points just counted,
    choices.points_being_scored). ``judged``: the token itself may be played."""
    state = table.state
    scored = points_being_scored(state)
    if scored is not None and move.seat == scored["seat"]:
        if not scored["doubled"]:
            table.at("scores")[move.seat] += scored["points"]
            table.set("last_placement", {**scored, "doubled": True})
        elif judged:
            table.refuse(FILLE, "A Fille du Roy already doubles this turn's points.")
        return
    if not judged:
        pass
    elif move.seat != state["active"]:
        table.refuse(FILLE, "The Fille du Roy is used by the active player, to double their own points.")
    elif state["turn"]["fille"]:
        table.refuse(FILLE, "A Fille du Roy already doubles this turn's points.")
    table.set("turn", {**state["turn"], "fille": True})


def coureur_des_bois(table: Table, move: Move, *, judged: bool) -> None:
    """COUREUR DES BOIS (Fur trader) TOKEN: "during someone else's turn ... half the number of
    points received by the active player (rounding down) ... Only a single 'Coureur des bois'
    token may be used each turn" (turn.build shares them; once the block is placed, the first
    other player to play one shares the points just counted, choices.points_being_scored)."""
    state = table.state
    shared = shared_placement(state, move.seat)
    if shared is not None:
        share = shared["points"] // 2
        table.at("scores")[move.seat] += share
        table.set("last_placement", {**shared, "coureur_des_bois": {"seat": move.seat, "points": share}})
        return
    if points_being_scored(state) is not None and move.seat == state["active"]:
        if judged:
            table.refuse(COUREUR, "Only a single Coureur des bois token may be used each turn.")
        return
    if not judged:
        pass
    elif move.seat == state["active"]:
        table.refuse(COUREUR, "The Coureur des bois is used during someone else's turn.")
    elif state["turn"]["coureur"] is not None:
        table.refuse(COUREUR, "Only a single Coureur des bois token may be used each turn.")
    table.set("turn", {**state["turn"], "coureur": move.seat})


def huron(table: Table, move: Move, *, judged: bool) -> None:
    """HURON (First Nations People) TOKEN: "look in secret at the top 3 cards of the deck and ...
    put them back in any order. This action may be played before or after a player's turn." The
    move names them in their new order, top first; they are then drawn in that order."""
    state, the_deck = table.state, table.state["deck"]
    cards = move.data.get("cards")
    expected = min(3, deck.remaining(the_deck))
    known = Counter(the_deck["known_top"])
    if not judged:
        pass
    elif state["phase"] != "draw" or state["turn"]["drawn"]:
        table.refuse(HURON, "The Huron is played before or after a player's turn, not during it.")
    elif cards is None or len(cards) != expected:
        table.refuse(HURON, f"Name the top {expected} cards of the deck in the order the Huron put them back.")
    elif known - Counter(cards):
        table.refuse(HURON, "The top cards are already known; the Huron can only put those back.")
    elif problem := deck.unseen_problem(the_deck, list((Counter(cards) - known).elements())):
        table.refuse(SETUP, problem)
    table.set("deck", {**the_deck, "known_top": list(move.data.get("cards", [])), "known_by": move.seat})
