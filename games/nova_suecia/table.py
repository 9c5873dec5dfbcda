"""Reading the table (queries on a state) and changing it without touching the original.

A state is plain JSON. :class:`Draft` copies only the parts a move changes (copy on first
write), so ``apply`` stays pure and a fold stays fast.
"""

from __future__ import annotations

from games.contract import JSON
from games.nova_suecia.components import CUBES


class Draft:
    """A new state sharing every part of the old one that a move leaves alone."""

    def __init__(self, state: JSON) -> None:
        self.state = dict(state)
        self._copied: set = set()

    def part(self, key: str) -> JSON:
        """A top-level dict or list of the state, copied once."""
        if key not in self._copied:
            self.state[key] = self.state[key].copy()
            self._copied.add(key)
        return self.state[key]

    def item(self, key: str, index: int | str) -> JSON:
        """An element (dict) of a top-level list or dict, copied once."""
        container = self.part(key)
        if (key, index) not in self._copied:
            container[index] = container[index].copy()
            self._copied.add((key, index))
        return container[index]

    def player(self, index: int) -> JSON:
        return self.item("players", index)

    def district(self, index: int) -> JSON:
        return self.item("districts", index)

    def set(self, key: str, value: JSON) -> None:
        self.state[key] = value


def controller(state: JSON, player: int) -> int:
    """The seat that makes a player's moves: the player's own, or for the neutral player
    (7.5) the seat holding the Governor card."""
    seat = state["players"][player]["seat"]
    return state["governor"] if seat is None else seat


def real_players(state: JSON) -> list[int]:
    return [index for index, player in enumerate(state["players"]) if player["seat"] is not None]


def seals_of(state: JSON, player: int) -> int:
    return sum(1 for district in state["districts"] if district["seal"] == player)


def total_seals(state: JSON) -> int:
    return sum(1 for district in state["districts"] if district["seal"] is not None)


def log_cabins_of(state: JSON, player: int) -> int:
    return sum(district["cabins"] for district in state["districts"] if district["seal"] == player)


def log_cabins_built(state: JSON) -> int:
    return sum(district["cabins"] for district in state["districts"])


def colonists_in_play(state: JSON) -> int:
    on_letters = sum(player["standing"] + player["resting"] for player in state["players"])
    in_districts = sum(1 for district in state["districts"] for side in ("left", "right") if district[side])
    return on_letters + in_districts


def stock(state: JSON, resource: str) -> int:
    """Cubes of a resource in stock: those on no market, in no bag and on no letter."""
    on_letters = sum(player["letter"].count(resource) for player in state["players"])
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
