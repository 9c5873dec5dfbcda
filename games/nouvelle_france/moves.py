"""apply(): the table after a move. Pure: every changed path is copied, the input never changes.

In a record play these also apply moves check() refused, as the table played them.
"""

from __future__ import annotations

from games.contract import JSON, EngineError, Move
from games.nouvelle_france import deck, geometry
from games.nouvelle_france.components import BONUS_BLOCKS, LEVELS, MAX_HEIGHT, SNOWFLAKE, TALLY_VALUES

FRESH_TURN = {"drawn": False, "fille": False, "coureur": None}
TALLY_FACTORS = dict(zip(TALLY_VALUES, (1, 2, -1)))


def apply_move(state: JSON, move: Move) -> JSON:
    if state["phase"] == "finished":
        raise EngineError("The game is over: no move can follow the final snowflake.")
    if move.type == "setup_table":
        if state["phase"] != "setup":
            raise EngineError("The table is already set up.")
        return _setup_table(state, move)
    if state["phase"] == "setup":
        raise EngineError("The table must be set up before play starts.")
    return MOVES[move.type](state, move)


def _setup_table(state: JSON, move: Move) -> JSON:
    data = move.data
    new = dict(state)
    new["sites"] = {site: {**layout, "tally": data["tally_sticks"][site]} for site, layout in state["sites"].items()}
    the_deck = state["deck"]
    for card in data["strip"]:
        the_deck = deck.draw(the_deck, card)
    new["deck"] = the_deck
    new["strip"] = list(data["strip"])
    new["active"] = data["first_player"] % len(state["players"])
    new["phase"] = "draw"
    return new


def _draw_card(state: JSON, move: Move) -> JSON:
    card = move.data["card"]
    new = dict(state)
    new["deck"] = deck.draw(state["deck"], card)
    new["turn"] = {**state["turn"], "drawn": True}
    if card == SNOWFLAKE:
        return _snowstorm(new)
    new["strip"] = [*state["strip"], card]
    new["phase"] = "place"
    return new


def _place_block(state: JSON, move: Move) -> JSON:
    card = move.data["card"]
    offered = state["phase"] == "offer" and move.seat != state["active"]
    new = _build(state, move.seat, move.data, card, with_allies=not offered)
    new["strip"] = _without(state["strip"], card)
    new["discard"] = [*state["discard"], card]
    new["stockpile"] = {**state["stockpile"], card: max(0, state["stockpile"][card] - 1)}
    return _end_turn(new)


def _place_bonus_block(state: JSON, move: Move) -> JSON:
    block = move.data["block"]
    new = _build(state, move.seat, move.data, block, with_allies=True)
    players = list(new["players"])
    players[move.seat] = {
        **players[move.seat],
        "bonus_blocks": {**players[move.seat]["bonus_blocks"], block: "placed"},
    }
    new["players"] = players
    return _end_turn(new)


def _offer_block(state: JSON, move: Move) -> JSON:
    new = dict(state)
    new["phase"] = "offer"
    new["offer"] = {"card": move.data["card"], "to": _left_of(state, state["active"])}
    return new


def _pass_offer(state: JSON, move: Move) -> JSON:
    offer = state["offer"]
    if offer is None:
        raise EngineError("No block is on offer to pass.")
    new = dict(state)
    following = _left_of(state, offer["to"])
    if following != state["active"]:
        new["offer"] = {**offer, "to": following}
        return new
    card = offer["card"]
    new["strip"] = _without(state["strip"], card)
    new["removed"] = [*state["removed"], card]
    new["stockpile"] = {**state["stockpile"], card: max(0, state["stockpile"][card] - 1)}
    new["offer"] = None
    new["phase"] = "draw"
    return new


def _play_ally(state: JSON, move: Move) -> JSON:
    ally, seat = move.data["ally"], move.seat
    new = dict(state)
    players = list(state["players"])
    player = players[seat]
    players[seat] = {
        **player,
        "allies": {**player["allies"], ally: "face down"},
        "allies_used": player["allies_used"] + 1,
    }
    new["players"] = players
    if ally == "fille_du_roy":
        new["turn"] = {**state["turn"], "fille": True}
    elif ally == "coureur_des_bois":
        new["turn"] = {**state["turn"], "coureur": seat}
    else:
        new["deck"] = {**state["deck"], "known_top": list(move.data.get("cards", [])), "known_by": seat}
    return new


def _build(state: JSON, seat: int, data: dict[str, JSON], block: str, *, with_allies: bool) -> JSON:
    """Put the block's cubes on their site and score the placement for ``seat`` (PLAYER TURN)."""
    site_key = data["site"]
    site = state["sites"][site_key]
    cubes = dict(site["cubes"])
    cells = []
    for cube in data["cubes"]:
        cell = (cube["x"], cube["y"], cube["z"])
        cubes[geometry.key(*cell)] = cube["colour"]
        cells.append(cell)
    colour = state["players"][seat]["colour"]
    points = geometry.linked_cubes(cubes, cells, colour, site["joints"], covered_level=state["snowflakes"])
    turn = state["turn"]
    doubled = with_allies and turn["fille"]
    coureur = turn["coureur"] if with_allies and turn["coureur"] is not None else None
    scores = list(state["scores"])
    scores[seat] += points * 2 if doubled else points
    if coureur is not None:
        scores[coureur] += points // 2
    new_site = {**site, "cubes": cubes}
    if site["standee"] is None and geometry.covered_from_above(cubes, site["footprint"], MAX_HEIGHT):
        new_site["standee"] = seat
    new = dict(state)
    new["sites"] = {**state["sites"], site_key: new_site}
    new["scores"] = scores
    new["last_placement"] = {
        "seat": seat,
        "block": block,
        "site": site_key,
        "points": points,
        "doubled": doubled,
        "coureur_des_bois": None if coureur is None else {"seat": coureur, "points": points // 2},
    }
    return new


def _snowstorm(state: JSON) -> JSON:
    """SNOWSTORMS: score the level in play with the tally sticks, cover it, prepare the next round."""
    level = state["snowflakes"] + 1
    colours = [player["colour"] for player in state["players"]]
    scores = list(state["scores"])
    tally: dict[str, dict[str, int]] = {}
    for site_key, site in state["sites"].items():
        factor = TALLY_FACTORS[site["tally"]["levels"][level - 1]]
        counts = dict.fromkeys(colours, 0)
        for cell_key, colour in site["cubes"].items():
            if colour in counts and cell_key.rsplit(",", 1)[1] == str(level):
                counts[colour] += 1
        tally[site_key] = {colour: factor * count for colour, count in counts.items()}
        for seat, colour in enumerate(colours):
            scores[seat] += tally[site_key][colour]
    state = {**state, "scores": scores, "snowflakes": level, "snowstorms": [*state["snowstorms"], tally]}
    state["players"] = [_after_snowflake(player, level, state["options"]["allies"]) for player in state["players"]]
    if level == LEVELS:
        return _end_of_game(state)
    state["phase"] = "draw"
    return state


def _after_snowflake(player: JSON, level: int, allies_rule: str) -> JSON:
    """Unused bonus blocks of the window go back to the box; Allies come back (normal rule)."""
    window_block = BONUS_BLOCKS[level - 1]
    bonus_blocks = dict(player["bonus_blocks"])
    if bonus_blocks[window_block] == "in hand":
        bonus_blocks[window_block] = "returned to the box"
    allies = player["allies"]
    if allies_rule == "normal":
        allies = dict.fromkeys(allies, "face up")
    return {**player, "bonus_blocks": bonus_blocks, "allies": allies}


def _end_of_game(state: JSON) -> JSON:
    """END OF THE GAME: the owners of standees score the points on their bases."""
    scores = list(state["scores"])
    for site in state["sites"].values():
        if site["standee"] is not None:
            scores[site["standee"]] += site["tally"]["standee_points"]
    return {**state, "scores": scores, "phase": "finished", "active": None, "offer": None}


def _end_turn(state: JSON) -> JSON:
    """The turn ends; the game restarts on the left of the player whose turn it was."""
    return {
        **state,
        "active": _left_of(state, state["active"]),
        "phase": "draw",
        "turn": FRESH_TURN,
        "offer": None,
    }


def _left_of(state: JSON, seat: int) -> int:
    return (seat + 1) % len(state["players"])


def _without(cards: list[str], card: str) -> list[str]:
    if card not in cards:
        return list(cards)
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


MOVES = {
    "draw_card": _draw_card,
    "place_block": _place_block,
    "place_bonus_block": _place_bonus_block,
    "offer_block": _offer_block,
    "pass_offer": _pass_offer,
    "play_ally": _play_ally,
}
