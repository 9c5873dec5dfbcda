"""Step losses, elimination (6.8) and truces (6.9)."""

from __future__ import annotations

from games.contract import JSON
from games.kit import Table
from games.pax_baltica import board


def lose_steps(table: Table, name: str, steps: int, *, may_eliminate: bool) -> None:
    """Reduce a block; only combat and force-marching eliminate (6.8), other losses stop at 1.
    No loss of these is combat (10.5)."""
    block = table.at("blocks", name)
    floor = 0 if may_eliminate else 1
    block["steps"] = max(floor, block["steps"] - steps)
    if block["steps"] == 0:
        eliminate(table, name, in_combat=False)


def eliminate(table: Table, name: str, kept: str | None = None, *, in_combat: bool = True) -> None:
    """6.8: an eliminated block goes to its replacement pool; a royal block is dead for good
    (Karl XII no longer waiting for his night ride, 11.1), and Frederik IV, August II or
    Pjotr I dying forces a truce. 8.2: ground blocks aboard a destroyed warship are destroyed
    with it. 10.8: the British warship is lost for good.
    ``kept``: the conquest the victor keeps in the truce (6.9). 10.5: the Turks' last block
    lost "due to combat" (not force-marching, 4.5) forces their truce ("see 6.9": one
    conquest kept too). 4.5: a block eliminated before its force-march roll (the weather move's
    step, lost with the move) owes none."""
    state = table.state
    data = board.info(state, name)
    place = state["blocks"][name]["at"]
    block = table.at("blocks", name)
    block.update(steps=0, revealed=False, aboard=False)
    if name in state["pending_force_march"]:
        table.at("pending_force_march").pop(name)
    if data["royal"]:
        block["at"] = "dead"
        if name == "Karl XII":
            table.set("karl_waiting", False)  # 11.1: killed while he waits, he rides no more
    elif data["nation"] == "britain" or (name == "Mazepa" and sivershchyna_held_against_sweden(state)):
        block["at"] = "out"
    else:
        block["at"] = "pool"
    if data["type"] == "warship" and board.is_sea(state, place):
        lose_passengers(table, place, board.owner(state, name))
    if name in board.TRUCE_ROYALS:
        call_truce(table, board.TRUCE_ROYALS[name], kept)
    elif name == "Mazepa":
        ukraine_rejoins_russia(table)
    elif data["nation"] == "britain":
        table.at("active")["britain"] = False
        table.at("truces")["britain"] = state["year"]
    elif (
        data["nation"] == "turkey"
        and in_combat
        and not any(
            board.info(state, n)["nation"] == "turkey" and board.on_map(table.state, n) for n in state["blocks"]
        )
    ):
        call_truce(table, "turkey", kept)


def sivershchyna_held_against_sweden(state: JSON) -> bool:
    """10.7: Mazepa may not return to the pool while the Allies or the Turks hold Sivershchyna."""
    holder = state["control"].get("Sivershchyna")
    return holder == "turkey" or board.side_of(state, holder or "") == 1


def ukraine_rejoins_russia(table: Table) -> None:
    """10.7: "Ukraine rejoins Russia as soon as the Mazepa block is killed. Adjust Russian RP's
    thereafter": Ukraine's garrisons are Russia's again (4.8), each held by Russia's side
    costing it nothing, each held by the other side 4 RP, as a Russian garrison conquered
    (4.3); another nation's garrison Ukraine took passes with it to Russia (a Russian one
    is Russia's own again, 5.1)."""
    table.at("active")["ukraine"] = False
    for place, holder in list(table.state["control"].items()):
        if board.original_nation(table.state, place) != "ukraine":
            if holder == "ukraine":
                change_hands(table, place, "russia")
            continue
        if holder == "ukraine":
            table.at("control")[place] = "russia"
        if board.controller_side(table.state, place) == board.side_of(table.state, "russia"):
            table.at("lost").pop(place, None)
        else:
            table.at("lost")[place] = "russia"


def change_hands(table: Table, place: str, nation: str) -> None:
    """4.3, 5.1: a garrison passes to ``nation``; its owner (Russia for Ukraine's until Ukraine
    is at war, 4.8) has lost it (4 RP) while the other side holds it, and has it back once
    its own side does."""
    table.at("control")[place] = nation
    rightful = board.rightful_nation(table.state, place)
    if board.side_of(table.state, nation) == board.side_of(table.state, rightful):
        table.at("lost").pop(place, None)
    else:
        table.at("lost")[place] = rightful


def lose_passengers(table: Table, sea: str, seat: int | None) -> None:
    """8.2: "Ground blocks aboard destroyed warship are likewise destroyed": eliminated as in
    combat (6.8), so a royal block aboard is dead for good and Frederik IV, August II or
    Pjotr I going down forces a truce. The seat's warships left in the sea zone keep as many
    as they carry (4.6), armies first as when ships part (``passenger_routes``), the rest are
    lost; also when the British warship leaves the map by its triggers (10.8, 9.10: README)."""
    state = table.state
    ships = [n for n in board.blocks_at(state, sea, seat) if board.info(state, n)["type"] == "warship"]
    capacity = 2 * len(ships)
    aboard = [n for n in board.blocks_at(state, sea, seat) if state["blocks"][n].get("aboard")]
    for name in sorted(aboard, key=lambda n: board.info(state, n)["type"] != "army"):
        load = 2 if board.info(state, name)["type"] == "army" else 1
        if load <= capacity:
            capacity -= load
        elif table.state["blocks"][name]["at"] == sea:
            eliminate(table, name)


def call_truce(table: Table, nation: str, kept: str | None = None) -> None:
    """6.9: the losing nation's blocks go to its pool, conquered garrisons go back to their
    owners (the victor may keep one, the loser's choice, never a capital), and the nation is
    out of the war until it may roll for activation three years on (6.10)."""
    state = table.state
    kept = kept if kept in board.conquests(state, [nation]) else None  # only the victor's may be kept
    to_pool(table, nation)
    for place, holder in list(state["control"].items()):
        original = board.rightful_nation(state, place)  # Ukraine's are Russia's until it enters (4.8)
        if holder == nation and original != nation:
            table.at("control")[place] = original
            table.at("lost").pop(place, None)
        elif original == nation and holder != nation and place != kept:
            table.at("control")[place] = nation
            table.at("lost").pop(place, None)
    table.at("active")[nation] = False
    table.at("truces")[nation] = state["year"]


def to_pool(table: Table, nation: str) -> None:
    """6.9: "all of the losing nation's combat blocks are placed in the replacement pool" (a
    national event's truce too: "Any Allied, Turkish or Ukraine block returns to their
    respective replacement pools"), those aboard an ally's warships too. An ally's blocks
    aboard the nation's warships at sea are left with no ship: the ally's warships staying
    in the sea zone keep those they can carry, the rest are eliminated, as when the British
    warship leaves the map (``lose_passengers``, 8.2, 8.4; README). A block of the nation still
    owing its force-march roll (4.5; Pjotr I dying of his own) owes none in the pool."""
    state = table.state
    seas = set()
    for name, block in state["blocks"].items():
        if board.info(state, name)["nation"] == nation and block["at"] not in board.OFF_MAP:
            if board.info(state, name)["type"] == "warship" and board.is_sea(state, block["at"]):
                seas.add(block["at"])
            table.at("blocks", name).update(at="pool", revealed=False, aboard=False)
            if name in state["pending_force_march"]:
                table.at("pending_force_march").pop(name)
    for sea in sorted(seas):
        lose_passengers(table, sea, board.side_of(state, nation))
