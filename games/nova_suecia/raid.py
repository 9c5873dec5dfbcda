"""Section 5.4, Raid: after an Invest or Produce in a district within Dutch influence, the
Dutch take the closest fort's thaler less the player's log cabins; a deposit earlier in the turn
may not shelter thaler from it."""

from __future__ import annotations

from games.contract import JSON
from games.kit import Table
from games.nova_suecia.board import closest_fort, swedish_influence
from games.nova_suecia.queries import log_cabins_of


def raid_amount(state: JSON, player: int, card: int) -> int:
    """Nothing within Swedish influence; else the closest fort's thaler less the player's log
    cabins, never more than the player holds."""
    ships = state["ships"]
    if swedish_influence(card, ships["swedish"]["at"], ships["dutch"]["at"]):
        return 0
    demand = state["forts"][closest_fort(card)] - log_cabins_of(state, player)
    return min(max(demand, 0), max(state["players"][player]["thaler"], 0))


def raid(table: Table, player: int, card: int) -> None:
    """The raid on the district beside river card ``card`` where ``player`` just worked."""
    amount = raid_amount(table.state, player, card)
    if amount:
        table.at("players", player)["thaler"] -= amount


def deposit_before_raid(state: JSON, card: int) -> str | None:
    """5.4 "the Treasury action cannot be used to make a deposit before the Dutch raid": a deposit
    earlier in the turn forbids working within Dutch influence (README, reading 11)."""
    ships = state["ships"]
    if state["deposited"] and not swedish_influence(card, ships["swedish"]["at"], ships["dutch"]["at"]):
        return "The Treasury action cannot be used to make a deposit before the Dutch raid the district."
    return None


def said_raid(state: JSON, player: int, card: int, paid: int = 0, cabins_gained: int = 0) -> str:
    """The raid after an Invest or Produce, as a clause ("" within Swedish influence or when the
    Dutch take nothing): ``paid`` thaler spent (negative: received) and ``cabins_gained`` log
    cabins won by the action before it."""
    ships = state["ships"]
    if swedish_influence(card, ships["swedish"]["at"], ships["dutch"]["at"]):
        return ""
    demand = state["forts"][closest_fort(card)] - log_cabins_of(state, player) - cabins_gained
    amount = min(max(demand, 0), max(state["players"][player]["thaler"] - paid, 0))
    return f"; the Dutch raid {amount} thaler" if amount else ""
