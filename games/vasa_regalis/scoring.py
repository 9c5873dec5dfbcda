"""The end of the game (sections 7 and 2): which parts are operational, and who wins."""

from __future__ import annotations

from games.contract import JSON, Outcome
from games.vasa_regalis.vocabulary import GOODS

#: Section 7: "Missing wood causes the ship to sink, missing cloth to be lost at sea, missing
#: iron to be lost in battle and missing sculptures to be disgraced."
FATES = {
    "wood": "missing wood causes the ship to sink",
    "cloth": "missing cloth causes the ship to be lost at sea",
    "iron": "missing iron causes the ship to be lost in battle",
    "sculpture": "missing sculptures cause the ship to be disgraced",
}


def part_totals(state: JSON) -> dict[str, int]:
    """The total value placed by all players on each part of the ship."""
    return {good: sum(ship[good] or 0 for ship in state["ships"]) for good in GOODS}


def operational_parts(state: JSON) -> dict[str, bool]:
    return {good: total >= state["operational_total"] for good, total in part_totals(state).items()}


def hand_values(hand: JSON) -> list[int]:
    """Goods on hand of value 3, 2 and 1 (the '3/2/1' of the example in section 2)."""
    return [sum(hand[good][value - 1] for good in GOODS) for value in (3, 2, 1)]


def ship_values(ship: JSON, goods: list[str]) -> list[int]:
    """Goods of value 3, 2 and 1 on those parts of a ship."""
    return [sum(1 for good in goods if ship[good] == value) for value in (3, 2, 1)]


def ranking_keys(state: JSON) -> list[list[int]] | None:
    """Per seat, what decides the winner, most important first; None if all players lose.

    All parts operational: value 3, then 2, then 1 on hand. Some parts not operational:
    value 3 on those parts, then value 3, 2 and 1 on the whole ship. The shipyard leader
    wins a remaining tie."""
    operational = operational_parts(state)
    failed = [good for good in GOODS if not operational[good]]
    if len(failed) == len(GOODS):
        return None
    keys = []
    for seat, (hand, ship) in enumerate(zip(state["hands"], state["ships"])):
        if failed:
            key = ship_values(ship, failed)[:1] + ship_values(ship, list(GOODS))
        else:
            key = hand_values(hand)
        keys.append([*key, int(seat == state["leader"])])
    return keys


def outcome(state: JSON) -> Outcome | None:
    if state["phase"] != "finished":
        return None
    keys = ranking_keys(state)
    count = state["seat_count"]
    if keys is None:
        reason = "No part is operational: no shipyard leader escapes the King's wrath and all players lose."
        return Outcome(places=[1] * count, winners=[], reason=reason, cooperative=True)
    places = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    winners = [seat for seat, place in enumerate(places) if place == 1]
    return Outcome(places=places, winners=winners, reason=_reason(state))


def _reason(state: JSON) -> str:
    operational = operational_parts(state)
    failed = [good for good in GOODS if not operational[good]]
    if not failed:
        return "All parts are operational: the player having the most goods of value 3 on hand wins."
    fates = ", ".join(FATES[good] for good in failed)
    return f"1-3 parts are not operational ({fates}): the player having the most goods of value 3 on those parts wins."
