"""check(): the rules a move breaks, each naming the rulebook section it comes from."""

from __future__ import annotations

from collections import Counter

from games.contract import JSON, Move, Violation
from games.nouvelle_france import deck, geometry
from games.nouvelle_france.components import BONUS_BLOCKS, MAX_HEIGHT, STRIP_AT_SETUP, block_name
from games.nouvelle_france.sections import (
    ALLY_TOKENS,
    BONUS,
    COUREUR,
    END,
    FILLE,
    HURON,
    PLACEMENT,
    SETUP,
    SIMPLIFIED,
    TURN,
    UNABLE,
)

BONUS_WINDOWS = (
    "before the first snowflake card is drawn",
    "after the first snowflake card is drawn but before the second",
    "after the second snowflake card is drawn but before the third",
)


def check_move(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] == "finished":
        return [Violation(END, "The game ended when the final snowflake card was drawn; no move may follow.")]
    if move.type == "setup_table":
        return _check_setup(state, move)
    if state["phase"] == "setup":
        return [Violation(SETUP, "The table must be set up (tally sticks, strip, first player) before play starts.")]
    return CHECKS[move.type](state, move)


def colour_of(state: JSON, seat: int) -> str:
    return state["players"][seat]["colour"].capitalize()


def _not_your_turn(state: JSON) -> Violation:
    return Violation(TURN, f"It is {colour_of(state, state['active'])}'s turn.")


def _check_setup(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] != "setup":
        return [Violation(SETUP, "The table is already set up.")]
    data, violations = move.data, []
    sticks = [stick["stick"] for stick in data["tally_sticks"].values()]
    if len(set(sticks)) < len(sticks):
        violations.append(Violation(SETUP, "Each construction site gets its own tally stick."))
    if state["options"]["one_card"] and data["strip"]:
        violations.append(Violation(SIMPLIFIED, "With one card per turn, no card is laid on the strip at setup."))
    elif not state["options"]["one_card"] and len(data["strip"]) != STRIP_AT_SETUP:
        violations.append(
            Violation(SETUP, f"The first {STRIP_AT_SETUP} cards of the deck are placed on the identification strip.")
        )
    problem = deck.unseen_problem(state["deck"], data["strip"])
    if problem:
        violations.append(Violation(SETUP, problem))
    if data["first_player"] >= len(state["players"]):
        violations.append(Violation(SETUP, f"Seat {data['first_player']} is not at this table."))
    return violations


def _check_draw(state: JSON, move: Move) -> list[Violation]:
    if move.seat != state["active"]:
        return [_not_your_turn(state)]
    if state["phase"] == "place":
        return [Violation(TURN, "You have drawn already: choose one of the visible cards and place its block.")]
    if state["phase"] == "offer":
        return [Violation(UNABLE, "The offered block must be placed or passed on before anyone draws.")]
    card, known = move.data["card"], state["deck"]["known_top"]
    if known:
        if card != known[0]:
            name = deck.card_name(known[0])
            return [Violation(HURON, f"The Huron put the {name} card on top of the deck, so it is the card drawn.")]
        return []
    problem = deck.unseen_problem(state["deck"], [card])
    return [Violation(SETUP, problem)] if problem else []


def _check_place_block(state: JSON, move: Move) -> list[Violation]:
    card, phase = move.data["card"], state["phase"]
    if phase == "offer":
        offer = state["offer"]
        if move.seat != offer["to"]:
            return [Violation(UNABLE, f"The block is offered to {colour_of(state, offer['to'])} now.")]
        if card != offer["card"]:
            return [Violation(UNABLE, f"Only the offered {block_name(offer['card'])} may be placed now.")]
    elif move.seat != state["active"]:
        return [_not_your_turn(state)]
    elif phase == "draw":
        return [Violation(TURN, "Draw a construction-block card first (or place a bonus construction block).")]
    elif card not in state["strip"]:
        not_visible = Violation(
            TURN, f"The {block_name(card)} is not one of the visible cards on the identification strip."
        )
        return [not_visible, *placement_problems(state, move.data, card)]
    return placement_problems(state, move.data, card)


def _check_bonus_block(state: JSON, move: Move) -> list[Violation]:
    if move.seat != state["active"]:
        return [_not_your_turn(state)]
    if state["turn"]["drawn"]:
        return [Violation(BONUS, "Having drawn a card this turn, you cannot place a bonus construction block.")]
    block, player = move.data["block"], state["players"][move.seat]
    index = BONUS_BLOCKS.index(block)
    if index != state["snowflakes"]:
        return [Violation(BONUS, f"The {block_name(block).lower()} must be placed {BONUS_WINDOWS[index]}.")]
    if player["bonus_blocks"][block] != "in hand":
        return [Violation(BONUS, f"Your {block_name(block).lower()} is {player['bonus_blocks'][block]}.")]
    violations = placement_problems(state, move.data, block)
    if any(cube["colour"] != player["colour"] for cube in move.data["cubes"]):
        violations.insert(0, Violation(BONUS, f"Your bonus construction blocks are all {player['colour']}."))
    return violations


def _check_offer(state: JSON, move: Move) -> list[Violation]:
    if move.seat != state["active"]:
        return [_not_your_turn(state)]
    if state["phase"] != "place":
        return [Violation(UNABLE, "Only a block of the visible cards, after drawing, can be offered to the others.")]
    if move.data["card"] not in state["strip"]:
        return [Violation(TURN, f"The {block_name(move.data['card'])} is not one of the visible cards.")]
    return []


def _check_pass(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] != "offer":
        return [Violation(UNABLE, "No block is on offer.")]
    if move.seat != state["offer"]["to"]:
        return [Violation(UNABLE, f"The block is offered to {colour_of(state, state['offer']['to'])} now.")]
    return []


def _check_ally(state: JSON, move: Move) -> list[Violation]:
    allies_rule = state["options"]["allies"]
    if allies_rule == "none":
        return [Violation(SIMPLIFIED, "This play leaves the Ally tokens out.")]
    if state["phase"] == "offer":
        return [Violation(ALLY_TOKENS, "Ally tokens are played during a turn, not while a block is on offer.")]
    ally = move.data["ally"]
    if state["players"][move.seat]["allies"][ally] != "face up":
        if allies_rule == "once":
            return [Violation(SIMPLIFIED, "In this play each Ally token is used only once during the game.")]
        return [
            Violation(ALLY_TOKENS, "That Ally token is face down: it can only be used again after the next snowflake.")
        ]
    if ally != "huron" and "cards" in move.data:
        return [Violation(ALLY_TOKENS, "Only the Huron looks at the cards of the deck.")]
    return ALLY_CHECKS[ally](state, move)


def _check_fille(state: JSON, move: Move) -> list[Violation]:
    if move.seat != state["active"]:
        return [Violation(FILLE, "The Fille du Roy is used by the active player, to double their own points.")]
    if state["turn"]["fille"]:
        return [Violation(FILLE, "A Fille du Roy already doubles this turn's points.")]
    return []


def _check_coureur(state: JSON, move: Move) -> list[Violation]:
    if move.seat == state["active"]:
        return [Violation(COUREUR, "The Coureur des bois is used during someone else's turn.")]
    if state["turn"]["coureur"] is not None:
        return [Violation(COUREUR, "Only a single Coureur des bois token may be used each turn.")]
    return []


def _check_huron(state: JSON, move: Move) -> list[Violation]:
    if state["phase"] != "draw" or state["turn"]["drawn"]:
        return [Violation(HURON, "The Huron is played before or after a player's turn, not during it.")]
    cards, the_deck = move.data.get("cards"), state["deck"]
    expected = min(3, deck.remaining(the_deck))
    if cards is None or len(cards) != expected:
        return [Violation(HURON, f"Name the top {expected} cards of the deck in the order the Huron put them back.")]
    known = Counter(the_deck["known_top"])
    if known - Counter(cards):
        return [Violation(HURON, "The top cards are already known; the Huron can only put those back.")]
    problem = deck.unseen_problem(the_deck, list((Counter(cards) - known).elements()))
    return [Violation(SETUP, problem)] if problem else []


def placement_problems(state: JSON, data: dict[str, JSON], block: str) -> list[Violation]:
    """The PLACEMENT RULES a block's cubes break on their site (and whether they are that block)."""
    site = state["sites"][data["site"]]
    cells = [(cube["x"], cube["y"], cube["z"]) for cube in data["cubes"]]
    shape = state["blocks"][block]
    if len(set(cells)) < len(cells):
        return [Violation(PLACEMENT, "Two cubes of one block cannot fill the same space.")]
    violations = []
    if shape is not None and not geometry.fits_shape(cells, shape):
        violations.append(Violation(TURN, f"These cubes are not the {block_name(block)} block in any orientation."))
    existing = site["cubes"]
    if any(f"{x},{y}" not in site["footprint"] for x, y, _ in cells):
        violations.append(Violation(PLACEMENT, "The blocks must stay within the limits of the foundations."))
    if any(z > MAX_HEIGHT for _, _, z in cells):
        violations.append(Violation(PLACEMENT, f"The walls cannot be more than {MAX_HEIGHT} cubes high."))
    if any(geometry.key(*cell) in existing for cell in cells):
        violations.append(Violation(PLACEMENT, "The block would fill a space another block already fills."))
    if _inserted_under(cells, existing):
        violations.append(
            Violation(PLACEMENT, "Blocks are placed from above; they cannot be inserted under other blocks.")
        )
    if not any(violation.rule == PLACEMENT for violation in violations):
        violations.extend(_support_problems(cells, existing))
    return violations


def _inserted_under(cells: list[geometry.Cell], existing: dict[str, str]) -> bool:
    tops: dict[tuple[int, int], int] = {}
    for cell_key in existing:
        x, y, z = geometry.parse(cell_key)
        tops[(x, y)] = max(z, tops.get((x, y), 0))
    return any(tops.get((x, y), 0) > z for x, y, z in cells)


def _support_problems(cells: list[geometry.Cell], existing: dict[str, str]) -> list[Violation]:
    resting = geometry.resting_cells(cells, existing)
    if not resting:
        return [
            Violation(
                PLACEMENT,
                "The block must be free standing: nothing holds it from below, and blocks beside it or "
                "the snowdrifts may not support it.",
            )
        ]
    if not geometry.balanced(cells, resting):
        return [
            Violation(
                PLACEMENT,
                "The block must be free standing: its weight is not over the cubes it rests on, so it "
                "would need the blocks beside it for support.",
            )
        ]
    return []


CHECKS = {
    "draw_card": _check_draw,
    "place_block": _check_place_block,
    "place_bonus_block": _check_bonus_block,
    "offer_block": _check_offer,
    "pass_offer": _check_pass,
    "play_ally": _check_ally,
}

ALLY_CHECKS = {"fille_du_roy": _check_fille, "coureur_des_bois": _check_coureur, "huron": _check_huron}
