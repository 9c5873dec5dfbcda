"""Reading the table: who moves, what lies where, what a player holds. Queries on a state,
which never change it (a move changes the table through the kit's :class:`~games.kit.Table`)."""

from __future__ import annotations

from games.contract import JSON, Move
from games.nova_suecia.components import CUBES


def controller(state: JSON, player: int) -> int:
    """The seat that makes a player's moves: the player's own, or for the neutral player
    (7.5) the seat holding the Governor card."""
    seat = state["players"][player]["seat"]
    return state["governor"] if seat is None else seat


def actor(state: JSON, move: Move) -> int:
    """The player a move acts for: whose turn it is, unless (in a record play) another seat moved."""
    player, seat = state["player"], move.seat
    if seat is None:
        return player
    own = state["players"][player]["seat"]
    return player if seat == (state["governor"] if own is None else own) else seat


def real_players(state: JSON) -> list[int]:
    return [index for index, player in enumerate(state["players"]) if player["seat"] is not None]


def seals_of(state: JSON, player: int) -> int:
    return len([district for district in state["districts"] if district["seal"] == player])


def total_seals(state: JSON) -> int:
    return len([district for district in state["districts"] if district["seal"] is not None])


def log_cabins_of(state: JSON, player: int) -> int:
    return sum([district["cabins"] for district in state["districts"] if district["seal"] == player])


def log_cabins_built(state: JSON) -> int:
    return sum(district["cabins"] for district in state["districts"])


def colonists_in_play(state: JSON) -> int:
    on_letters = sum(player["standing"] + player["resting"] for player in state["players"])
    in_districts = sum(1 for district in state["districts"] for side in ("left", "right") if district[side])
    return on_letters + in_districts


def stock(state: JSON, resource: str) -> int:
    """Cubes of a resource in stock: those on no market, in no bag and on no letter."""
    on_letters = sum([player["letter"].count(resource) for player in state["players"]])
    return CUBES[resource] - state["markets"][resource] - state["bag"].get(resource, 0) - on_letters


def net_thaler(player: JSON) -> int:
    """Section 5.3.5: thaler with loans and deposits netted against them."""
    return player["thaler"] + player["deposit"] - player["loan"]


def colonists_at_trade_posts(state: JSON) -> int:
    return sum(
        1
        for district in state["districts"]
        if district["type"] == "trade_post"
        for side in ("left", "right")
        if district[side]
    )


def recipe_of(state: JSON, district: JSON, option: str) -> JSON | None:
    """The recipe ``option`` of a district's card (components.json, or the play's own)."""
    return state["components"]["districts"].get(district["type"] or "", {}).get(option)
