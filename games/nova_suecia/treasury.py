"""Section 5.3.5, Treasury: once a turn, at any step, a loan or a deposit at the gold market's
price."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.nova_suecia import sections
from games.nova_suecia.board import buy_square, sell_square
from games.nova_suecia.components import PRICE_SQUARES
from games.nova_suecia.queries import actor
from games.nova_suecia.words import who


def said_treasury(state: JSON, move: Move, names: Sequence[str]) -> str:
    """5.3.5 as the table says it: the gold step's thaler amount and the loan or deposit amount."""
    kind = move.data.get("kind")
    step = gold_step(state, kind)
    if kind == "loan":
        return (
            f"{who(state, move, names)} takes a loan: returns 1 gold to the stock, takes "
            f"{step['thaler']} thaler and places a seal on the -{step['loan']} space on the treasury."
        )
    return (
        f"{who(state, move, names)} makes a deposit: adds 1 gold from the stock, pays "
        f"{step['thaler']} thaler and places a seal on the +{step['deposit']} space on the treasury."
    )


@move(
    "treasury",
    section=sections.TREASURY,
    description="Section 5.3.5: once a turn, a 'loan' or a 'deposit' on the gold market.",
    schema=obj({"kind": {"enum": ["loan", "deposit"]}}),
    example={"kind": "loan"},
    choices=lambda state, seat: [{"kind": "loan"}, {"kind": "deposit"}],
    says=said_treasury,
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
