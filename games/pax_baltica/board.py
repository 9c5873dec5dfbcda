"""Reading the table: who owns what, where blocks stand, the map's borders and ports."""

from __future__ import annotations

from games.contract import JSON, Violation
from games.kit import Table, last_answer

SIDE_NAMES = ("Swedish", "Allied")
OFF_MAP = frozenset(("pool", "dead", "out"))
#: 9.1: the Swedish homeland, where Swedish blocks deploy (and 11.3 Faderneslandet).
SWEDISH_HOMELAND = ("Skane", "Smaland", "Ostergotland", "Vastergotland", "Svealand", "Kopparberg", "Gavleborg")
#: 9.2: where Russian blocks deploy.
RUSSIAN_DEPLOYMENT = ("Moskva", "Jaroslav", "Tula")
#: 2.21: royal blocks whose loss forces a truce (6.8); Karl XII is only lost for good.
TRUCE_ROYALS = {"Frederik IV": "denmark", "August II": "saxony", "Pjotr I": "russia"}
#: Norway's garrisons belong to Denmark (9.4).
GARRISON_NATION = {"norway": "denmark"}


def refuse(table: Table, problem: Violation | None) -> bool:
    """Refuse the move for ``problem``, if any (the first rule a check found broken)."""
    if problem is None:
        return False
    table.refuse(problem.rule, problem.message)
    return True


def known_blocks(state: JSON, names: list[str]) -> bool:
    return state["blocks"].keys() >= set(names)


def info(state: JSON, name: str) -> dict[str, JSON]:
    """The block's printed data (nation, type, steps, rating, move, train, royal)."""
    return state["tables"]["blocks"][name]


def territory(state: JSON, name: str) -> dict[str, JSON]:
    return state["tables"]["territories"][name]


def is_known_block(state: JSON, name: str) -> bool:
    return name in state["blocks"]


def is_known_territory(state: JSON, name: str) -> bool:
    return name in state["tables"]["territories"]


def nations_at_war(state: JSON) -> list[str]:
    """The nations in the war now (Holstein-Gottorp is only a Swedish transit territory, 4.7)."""
    return sorted(n for n, active in state["active"].items() if active and n != "holstein-gottorp")


def side_of(state: JSON, nation: str) -> int | None:
    return state["sides"].get(nation)


def owner(state: JSON, name: str) -> int | None:
    """The seat that commands a block: its nation's side while that nation is at war."""
    nation = state["tables"]["blocks"][name]["nation"]
    return state["sides"].get(nation) if state["active"].get(nation) else None


def seats_at_war(active: JSON, sides: JSON) -> dict[str, int | None]:
    """Nation -> the seat commanding its blocks, for the nations at war (a state's ``active``
    and ``sides``): ``owner`` for every block at once, for the loops over all blocks."""
    return {nation: sides.get(nation) for nation, at_war in active.items() if at_war}


def on_map(state: JSON, name: str) -> bool:
    return state["blocks"][name]["at"] not in OFF_MAP


def blocks_at(state: JSON, place: str, seat: int | None = None) -> list[str]:
    """The blocks at ``place`` (of ``seat``'s side, when given), in the state's order."""
    here = [name for name, block in state["blocks"].items() if block["at"] == place]
    return here if seat is None else [n for n, commander in _commanders_of(state, here) if commander == seat]


def enemy_blocks_at(state: JSON, place: str, seat: int) -> list[str]:
    """The blocks at ``place`` a seat other than ``seat`` commands."""
    here = blocks_at(state, place)
    return [n for n, commander in _commanders_of(state, here) if commander not in (seat, None)]


def _commanders_of(state: JSON, names: list[str]) -> list[tuple[str, int | None]]:
    """Each block with the seat that commands it (``owner``, the nations looked up once)."""
    printed, active, sides = state["tables"]["blocks"], state["active"], state["sides"]
    return [
        (name, sides.get(nation) if active.get(nation) else None)
        for name in names
        for nation in (printed[name]["nation"],)
    ]


def controller_side(state: JSON, place: str) -> int | None:
    """The side of the nation holding a territory's garrison, at war or not (None for transit
    territories and sea zones, which have none): a garrison lost stays lost while its holder is
    out of the war (4.3, 10.2, 11.3), though it then befriends no one (``friendly_side``)."""
    nation = state["control"].get(place)
    if nation is None:
        return None
    return side_of(state, nation)


def serves_its_side(state: JSON, nation: str | None) -> bool:
    """Whether a nation's garrisons serve its side: while it is at war; of a nation out of it (not
    yet in, out by a truce, or for good, 10.1) only Poland's, the Allies' "non activated ally"
    whose territories the Saxons use "even if not activated" (9.3, 9.5). Any other is neutral
    (4.3 "a friendly or neutral territory"; a truce "ends all hostilities", 6.9)."""
    return bool(state["active"].get(nation)) or nation == "poland"


def friendly_side(state: JSON, place: str) -> int | None:
    """The side a territory is friendly to (1.4, 4.6, 6.6, 8.1): that of the nation holding its
    garrison, while it serves its side (``serves_its_side``)."""
    nation = state["control"].get(place)
    return side_of(state, nation) if nation is not None and serves_its_side(state, nation) else None


#: 10.4: the nations using Poland's territories as their ally's: the Saxons (9.3, 9.5), and
#: "The same rule applies to Sweden and her ally Turkey".
POLAND_TIES = ("saxony", "sweden", "turkey")


def closed_by_poland(state: JSON, place: str, nation: str) -> bool:
    """10.4: "If Poland changes side, it ends the ability for Saxon blocks to draw supply from
    Polish territories and freely move in to and through it. Even if occupied by its allies
    Russia or Denmark. The same rule applies to Sweden and her ally Turkey": while Poland stands
    against the side of Saxony, Sweden or Turkey, a Polish territory an ally of that nation
    holds is no friendly territory to its blocks (no supply, no retreat, regroup or boarding
    there); one Poland holds stands with Poland, and one the nation holds is its own (README)."""
    return (
        nation in POLAND_TIES
        and original_nation(state, place) == "poland"
        and side_of(state, "poland") != side_of(state, nation)
        and state["control"].get(place) not in ("poland", nation)
    )


def friendly_harbour_side(state: JSON, place: str) -> int | None:
    """The side whose warships may anchor in ``place``: the side it is friendly to, and the
    British warship's in Portsmouth, its own box (9.10: no one else may enter it)."""
    if place == "Portsmouth":
        return side_of(state, "britain")
    return friendly_side(state, place)


def is_enemy_territory(state: JSON, place: str, seat: int) -> bool:
    side = controller_side(state, place)
    return side is not None and side != seat and state["active"].get(state["control"][place], False)


def is_playable(state: JSON, place: str) -> bool:
    """12.5: "Playable map area: Denmark, Norway and Sweden" (Sweden without Finland and the
    provinces); the other scenarios play on the whole map."""
    playable = state["playable_nations"]
    if playable is None or is_sea(state, place):
        return True
    nation = territory(state, place)["nation"]
    swedish = state["playable_swedish_territories"]
    return nation in playable and (nation != "sweden" or swedish is None or place in swedish)


def original_nation(state: JSON, place: str) -> str:
    nation = territory(state, place)["nation"]
    return GARRISON_NATION.get(nation, nation)


def rightful_nation(state: JSON, place: str) -> str:
    """The nation a territory belongs to: its own, but Russia's for Ukraine until Ukraine
    is at war (4.8)."""
    nation = original_nation(state, place)
    if nation == "ukraine" and not state["active"].get("ukraine"):
        return "russia"
    return nation


def conquests(state: JSON, nations: list[str]) -> list[str]:
    """6.9: the garrisons of ``nations`` the other side holds, capitals aside: those a truce
    lets the victor keep one of ("If the victor of the truce has conquered any garrisons"; one
    an ally of the loser holds is no victor's)."""
    return sorted(
        place
        for place, holder in state["control"].items()
        if rightful_nation(state, place) in nations
        and holder != rightful_nation(state, place)
        and controller_side(state, place) not in (None, side_of(state, rightful_nation(state, place)))
        and not territory(state, place)["capital"]
    )


#: 4.8: nations not yet in the war prohibit movement into their territories, except Poland
#: (whose entry is triggered by movement, 9.5) and Ukraine (Russian until activated).
OPEN_WHILE_INACTIVE = ("poland", "ukraine", "none", "holstein-gottorp", "britain")


def is_prohibited(state: JSON, place: str) -> bool:
    """4.8; a nation out of the war by a truce is not "inactivated" (6.9, 6.10): its
    territories stay open (12.3 starts with Swedish armies in truce-bound Saxony)."""
    nation = original_nation(state, place)
    if nation in OPEN_WHILE_INACTIVE or state["active"].get(nation, False):
        return False
    return nation not in state["truces"] and nation not in state["returns"]


def kind(state: JSON, place: str) -> str:
    return territory(state, place)["kind"]


def is_sea(state: JSON, place: str) -> bool:
    return kind(state, place) == "sea"


def garrison_value(state: JSON, place: str) -> int:
    if place == "Nyen" and state["st_petersburg"]:
        return state["tables"]["st_petersburg_garrison"]
    return territory(state, place)["garrison"]


def port_of(state: JSON, place: str) -> str | None:
    if place == "Nyen" and state["st_petersburg"]:
        return "harbour"
    return territory(state, place)["port"]


def rating(state: JSON, name: str) -> tuple[str, int]:
    """The combat rating as (letter, number); 10.2: Russian armies rated C fight as B from 1711."""
    data = info(state, name)
    letter, number = data["rating"][0], int(data["rating"][1:])
    if letter == "C" and data["nation"] == "russia" and data["type"] == "army" and state["year"] >= 1711:
        letter = "B"
    return letter, number


def strongest(state: JSON, names: list[str]) -> list[str]:
    """The blocks sharing the highest current strength."""
    if not names:
        return []
    top = max(state["blocks"][n]["steps"] for n in names)
    return [n for n in names if state["blocks"][n]["steps"] == top]


def border_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def known_border(state: JSON, a: str, b: str) -> str | None:
    """The colour of the border between two territories when the play's map data has it."""
    for border in state["tables"]["borders"]:
        if {border["a"], border["b"]} == {a, b}:
            return border["colour"]
    return None


def is_impassable(state: JSON, a: str, b: str) -> bool:
    """1.1: "Lakes between 2 territories are non passable if there are no land connection." """
    return any({pair["a"], pair["b"]} == {a, b} for pair in state["tables"]["impassable"])


def map_has_borders(state: JSON) -> bool:
    return bool(state["tables"]["borders"])


def map_has_sea_borders(state: JSON) -> bool:
    """Whether the play's borders include a sea zone's: a play may give the land's borders only,
    and steps to, from and between sea zones are then taken as logged (README)."""
    return _prints_the_sea(state["tables"])


@last_answer  # the map never changes during a play
def _prints_the_sea(tables: JSON) -> bool:
    territories = tables["territories"]
    return any(
        territories.get(end, {}).get("kind") == "sea"
        for border in tables["borders"]
        for end in (border["a"], border["b"])
    )


def battle_territories(state: JSON) -> list[str]:
    """Territories and sea zones where both sides have blocks on the map."""
    return battles_among(state["blocks"], state["active"], state["sides"], state["tables"]["blocks"])


def battles_among(blocks: JSON, active: JSON, sides: JSON, printed: JSON) -> list[str]:
    """``battle_territories`` of a state's blocks, nations at war, sides and printed blocks (a
    hot path of the fold, hence the plain loop, over the blocks of the nations at war only)."""
    by_nation = _blocks_by_nation(printed)
    places: dict[int, set[str]] = {0: set(), 1: set()}  # seat -> where its blocks stand
    for nation, seat in seats_at_war(active, sides).items():
        found = places.get(seat)
        if found is None:
            continue
        for name in by_nation.get(nation, ()):
            block = blocks.get(name)
            if block is not None and block["at"] not in OFF_MAP and not block["aboard"]:
                found.add(block["at"])
    return sorted(places[0] & places[1])


#: The last blocks ``standing`` was asked of, and the blocks that stood as they do.
_last_standing: tuple[JSON, JSON] | None = None


def standing(blocks: JSON) -> JSON:
    """``blocks``, or the blocks last asked of when every block stands as it stood there (its
    place, steps and whether aboard): the key of the answers kept about where blocks stand
    (battles, forage, sea power), which only those read, so that a new game turn, a siege or a
    block revealed (its marks changed, not where it stands) keeps them. Asked, like
    ``last_answer``, only of parts that never change."""
    global _last_standing
    seen = _last_standing
    if seen is not None and seen[0] is blocks:
        return seen[1]
    found = seen[1] if seen is not None and _stand_alike(blocks, seen[1]) else blocks
    _last_standing = (blocks, found)
    return found


def _stand_alike(blocks: JSON, other: JSON) -> bool:
    """Whether every block stands in both as in the other (most are the same dict: a move
    copies only the blocks it changes)."""
    if len(blocks) != len(other):
        return False
    for name, block in blocks.items():
        was = other.get(name)
        if block is not was and (
            was is None
            or block["at"] != was["at"]
            or block["steps"] != was["steps"]
            or block["aboard"] != was["aboard"]
        ):
            return False
    return True


@last_answer  # the printed data never changes during a play
def _blocks_by_nation(printed: JSON) -> dict[str, list[str]]:
    """Nation -> its blocks, in printed order."""
    by_nation: dict[str, list[str]] = {}
    for name, data in printed.items():
        by_nation.setdefault(data["nation"], []).append(name)
    return by_nation
