"""Section 5.3.5, Treasury: once a turn, at any step, a loan or a deposit at the gold market's
price."""

from __future__ import annotations

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.nova_suecia import sections
from games.nova_suecia.board import buy_square, sell_square
from games.nova_suecia.components import PRICE_SQUARES
from games.nova_suecia.queries import actor


@move(
    "treasury",
    section=sections.TREASURY,
    description="Section 5.3.5: once a turn, a 'loan' or a 'deposit' on the gold market.",
    schema=obj({"kind": {"enum": ["loan", "deposit"]}}),
    example={"kind": "loan"},
)
def treasury(table: Table, move: Move) -> None:
    """A loan takes the last full gold square's thaler (its cube returns to stock); a deposit
    pays the first empty square's thaler and adds a gold cube to the market."""
    state, kind = table.state, move.data["kind"]
    player = actor(state, move)
    step = gold_step(state, kind)
    if state["treasury_taken"]:
        table.refuse(sections.TREASURY, "The Treasury action may be taken only once a turn.")
    elif kind == "deposit" and step["thaler"] > state["players"][player]["thaler"]:
        thaler = state["players"][player]["thaler"]
        table.refuse(sections.TREASURY, f"A deposit costs {step['thaler']} thaler but you hold {thaler}.")
    holder = table.at("players", player)
    markets = table.at("markets")
    if kind == "loan":
        holder["thaler"] += step["thaler"]
        holder["loan"] += step["loan"]
        markets["gold"] = max(markets["gold"] - 1, 0)
    else:
        holder["thaler"] -= step["thaler"]
        holder["deposit"] += step["deposit"]
        markets["gold"] = min(markets["gold"] + 1, PRICE_SQUARES)
        table.set("deposited", True)
    table.set("treasury_taken", True)


def gold_step(state: JSON, kind: str) -> JSON:
    """The gold step a loan (last full square) or a deposit (first empty square) uses."""
    cubes = state["markets"]["gold"]
    square = buy_square(cubes) if kind == "loan" else sell_square(cubes)
    return state["components"]["gold"][square]
