"""7. End of game (and its tie-breaks, printed in section 2): which parts are operational, and who wins."""

from __future__ import annotations

from games.contract import JSON, Outcome
from games.kit import places_from_scores
from games.vasa_regalis.rulebook import GOODS

#: Section 7: "Missing wood causes the ship to sink, missing cloth to be lost at sea, missing
#: iron to be lost in battle and missing sculptures to be disgraced."
FATES = {
    "wood": "missing wood causes the ship to sink",
    "cloth": "missing cloth causes the ship to be lost at sea",
    "iron": "missing iron causes the ship to be lost in battle",
    "sculpture": "missing sculptures cause the ship to be disgraced",
}


def part_totals(state: JSON) -> dict[str, int]:
    """Section 7: "For each part of the ship, count the total value of goods placed by all players"."""
    return {good: sum(ship[good] or 0 for ship in state["ships"]) for good in GOODS}


def failed_parts(state: JSON) -> list[str]:
    """Section 7: the parts whose total falls short of the operational total for the player count."""
    totals = part_totals(state)
    return [good for good in GOODS if totals[good] < state["operational_total"]]


def hand_values(hand: JSON) -> list[int]:
    """Goods on hand of value 3, 2 and 1 (the '3/2/1' of the example in section 2)."""
    return [sum(hand[good][value - 1] for good in GOODS) for value in (3, 2, 1)]


def ship_values(ship: JSON, goods: list[str] | tuple[str, ...]) -> list[int]:
    """Goods of value 3, 2 and 1 on those parts of a ship."""
    return [sum(1 for good in goods if ship[good] == value) for value in (3, 2, 1)]


def ranking(state: JSON, failed: list[str]) -> list[tuple[int, ...]]:
    """Per seat, what decides the winner, most important first (sections 7 and 2).

    All parts operational: "the player having the most goods of value 3 on hand wins", then
    value 2, then value 1 on hand. 1-3 parts not operational: "the player having the most goods
    of value 3 on those parts wins", then value 3, 2 and 1 on the whole ship (README, reading
    14). "If a tie still remains, the shipyard leader wins"."""
    keys = []
    for seat, (hand, ship) in enumerate(zip(state["hands"], state["ships"])):
        if failed:
            key = ship_values(ship, failed)[:1] + ship_values(ship, GOODS)
        else:
            key = hand_values(hand)
        keys.append((*key, int(seat == state["leader"])))
    return keys


def outcome(state: JSON) -> Outcome | None:
    """None until the fourth part is built; then, section 7: "If no part is operational, no
    shipyard leader escapes the King's wrath and all players lose"; else the ranking."""
    if state["phase"] != "finished":
        return None
    failed = failed_parts(state)
    count = state["seat_count"]
    if len(failed) == len(GOODS):
        reason = "No part is operational: no shipyard leader escapes the King's wrath and all players lose."
        return Outcome(places=[1] * count, winners=[], reason=reason, cooperative=True)
    places = places_from_scores(ranking(state, failed))
    winners = [seat for seat, place in enumerate(places) if place == 1]
    return Outcome(places=places, winners=winners, reason=_reason(failed))


def _reason(failed: list[str]) -> str:
    if not failed:
        return "All parts are operational: the player having the most goods of value 3 on hand wins."
    fates = ", ".join(FATES[good] for good in failed)
    return f"1-3 parts are not operational ({fates}): the player having the most goods of value 3 on those parts wins."
