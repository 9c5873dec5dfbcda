"""Supply lines (7.1, 7.2): who is in supply, for rebuilding and replacements. The forage
check of the supply phase (7.3 to 7.5) is in attrition.py."""

from __future__ import annotations

from collections import deque

from games.contract import JSON
from games.pax_baltica import board


def is_supply_source(state: JSON, place: str, seat: int) -> bool:
    """7.1: an un-besieged national territory whose garrison the player controls: of a nation
    at war on his side, or Poland's, at war or not (9.3, 9.5: "draw supply from its territories
    ... even if not activated", ``board.friendly_side``); never a transit territory, through
    which a line is only traced (4.7: Holstein-Gottorp with the garrison an edition gives it)."""
    return (
        board.kind(state, place) != "transit"
        and state["control"].get(place) == board.rightful_nation(state, place)
        and board.friendly_side(state, place) == seat
        and not board.enemy_blocks_at(state, place, seat)
    )


def in_supply(state: JSON, name: str) -> bool:
    """7.1: in supply in a national territory, or along a line of friendly (or unoccupied
    transit) territories back to one, across a sea zone too; a territory bordering such a
    territory is supplied too, but not one of the player's own side's that holds enemy blocks
    (besieged: no source, no line, and no enemy territory). 10.4: a Polish territory closed to
    the block's nation (``board.closed_by_poland``) carries no line for it and supplies it only
    as an enemy territory does. Without the edition's borders only
    the territory itself can be judged: a block outside its own side's territories is then
    taken to be in supply (README)."""
    seat = board.owner(state, name)
    place = state["blocks"][name]["at"]
    nation = board.info(state, name)["nation"]
    if seat is None or board.is_sea(state, place):
        return False
    if is_supply_source(state, place, seat):
        return True
    if not board.map_has_borders(state):
        return not board.enemy_blocks_at(state, place, seat)
    by_sea = _supplied_by_sea(state, seat, nation)
    reachable = _supplied_territories(state, seat, nation, by_sea)
    if place in reachable or place in by_sea:
        return True
    if board.friendly_side(state, place) == seat and not board.closed_by_poland(state, place, nation):
        return False
    return any(board.known_border(state, place, n) for n in reachable)


def _neighbours(state: JSON, place: str) -> list[str]:
    return [
        border["b"] if border["a"] == place else border["a"]
        for border in state["tables"]["borders"]
        if place in (border["a"], border["b"])
    ]


def _supplied_by_sea(state: JSON, seat: int, nation: str) -> set[str]:
    """7.1: a national territory with a port or harbour supplies, across a sea zone held by
    warships of the blocks' nationality, any territory that has a port or harbour itself."""
    supplied = set()
    for source in state["tables"]["territories"]:
        if board.is_sea(state, source) or board.port_of(state, source) is None:
            continue
        if not is_supply_source(state, source, seat):
            continue
        for sea in _neighbours(state, source):
            if board.is_sea(state, sea) and any(
                board.info(state, n)["nation"] == nation and board.info(state, n)["type"] == "warship"
                for n in board.blocks_at(state, sea, seat)
            ):
                supplied.update(p for p in _neighbours(state, sea) if board.port_of(state, p) is not None)
    return supplied


def _supplied_territories(state: JSON, seat: int, nation: str, by_sea: set[str]) -> set[str]:
    """7.1: the territories a supply line of ``nation``'s blocks reaches from the sources, by
    land or across a sea zone (a territory reached by sea that carries supply, a conquered one
    whose garrison the player controls, carries it on)."""
    reached = {
        p for p in state["tables"]["territories"] if not board.is_sea(state, p) and is_supply_source(state, p, seat)
    } | {p for p in by_sea if _carries_supply(state, p, seat, nation)}
    queue = deque(reached)
    while queue:
        here = queue.popleft()
        for there in _neighbours(state, here):
            if there not in reached and not board.is_sea(state, there) and _carries_supply(state, there, seat, nation):
                reached.add(there)
                queue.append(there)
    return reached


def _carries_supply(state: JSON, place: str, seat: int, nation: str) -> bool:
    """4.7: supply is traced through Mecklenburg and Schlesien "as long as they are
    non-occupied" (by any block, README); Holstein-Gottorp "works as a Swedish transit
    territory", for the side it stands with only, until "occupied or conquered by any allied
    force": while enemy blocks stand there, and once a garrison the edition gives it is
    another nation's (README), when it carries lines as any garrison does.
    10.4: no Polish territory closed to ``nation`` carries its line (``board.closed_by_poland``)."""
    if board.enemy_blocks_at(state, place, seat):
        return False
    if board.kind(state, place) == "transit" and state["control"].get(place) in (
        None,
        board.original_nation(state, place),
    ):
        side = board.side_of(state, board.territory(state, place)["nation"])
        return side == seat if side is not None else not board.blocks_at(state, place)
    return board.friendly_side(state, place) == seat and not board.closed_by_poland(state, place, nation)
