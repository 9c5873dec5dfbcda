"""Section 5.1, Letter: the letter's resources go into the ship bag, a new one goes on the
letter, and the cubes drawn from the bag supply or demand at the markets; with the variants of
7.1 Stormy Seas and 7.2 Pirate Seas (a plant cube in the bag) and 7.3 Letters Answered (no bag)."""

from __future__ import annotations

from games.contract import JSON, Move, obj
from games.kit import Table, move
from games.nova_suecia import sections
from games.nova_suecia.components import DEMANDED, PRICE_SQUARES, SUPPLIED
from games.nova_suecia.preparation import letter_resource_refusal
from games.nova_suecia.queries import actor
from games.nova_suecia.vocabulary import DRAW, RESOURCE


@move(
    "letter",
    section=sections.LETTER,
    description=(
        "Section 5.1: the letter's resources go into the ship bag, 'resource' is the new one placed on the "
        "letter, and 'draws' are the cubes drawn from the bag in order (one per resource put in). A gold draw "
        "says whether gold is added to or removed from its market; a plant draw says which cube was "
        "'discarded' (7.1 Stormy Seas) or 'picked' (7.2 Pirate Seas). With 7.3 Letters Answered the draws "
        "are the letter's own resources."
    ),
    schema=obj({"resource": RESOURCE, "draws": {"type": "array", "items": DRAW, "maxItems": 13}}),
    example={"resource": "iron", "draws": [{"resource": "gold", "gold": "add"}]},
)
def letter(table: Table, move: Move) -> None:
    """5.1: place the letter's resources in the ship bag and a new resource from stock on the
    letter, then draw as many cubes from the bag, each affecting its market."""
    state, data = table.state, move.data
    player = actor(state, move)
    old = state["players"][player]["letter"]
    _refuse(table, old, data)
    table.at("players", player)["letter"] = [data["resource"]]
    if state["options"]["letters_answered"]:
        for draw in data["draws"]:
            _affect_market(table, draw["resource"], draw.get("gold"))
        return
    bag = table.at("bag")
    for resource in old:
        bag[resource] = bag.get(resource, 0) + 1
    for draw in data["draws"]:
        resource = draw["resource"]
        _take(bag, resource)
        if resource != "plant":
            _affect_market(table, resource, draw.get("gold"))
            continue
        bag["plant"] = bag.get("plant", 0) + 1
        if state["options"]["sea"] == "stormy" and draw.get("discarded"):
            _take(bag, draw["discarded"])
        elif state["options"]["sea"] == "pirate" and draw.get("picked"):
            _take(bag, draw["picked"])
            _affect_market(table, draw["picked"], draw.get("gold"))


def _refuse(table: Table, old: list[str], data: JSON) -> None:
    """The rules the letter breaks: its new resource (5.1), then its draws (5.1, 7.1-7.3)."""
    state = table.state
    refusal = letter_resource_refusal(state, data["resource"], old)
    if refusal:
        table.refuse(sections.LETTER, refusal)
    if state["options"]["letters_answered"]:
        _refuse_answered_letter(table, old, data["draws"])
    elif len(data["draws"]) != len(old):
        table.refuse(sections.LETTER, f"Draw as many resources from the ship bag as you placed in it ({len(old)}).")
    else:
        bag = dict(state["bag"])
        for resource in old:
            bag[resource] = bag.get(resource, 0) + 1
        for draw in data["draws"]:
            refused = _draw_refusal(state, bag, draw)
            if refused:
                table.refuse(*refused)


def _refuse_answered_letter(table: Table, old: list[str], draws: list[JSON]) -> None:
    """7.3 Letters Answered: the letter's own resources affect the markets, without a bag."""
    if sorted(draw["resource"] for draw in draws) != sorted(old):
        table.refuse(
            sections.LETTERS_ANSWERED, f"The resources on your letter ({', '.join(old)}) affect the markets directly."
        )
    for draw in draws:
        refusal = _gold_refusal(draw["resource"], draw)
        if refusal:
            table.refuse(sections.LETTER, refusal)


def _draw_refusal(state: JSON, bag: dict[str, int], draw: JSON) -> tuple[str, str] | None:
    """Take one drawn cube out of ``bag`` (a working copy) and say what is wrong with it: the
    section and the sentence, if anything (5.1; 7.1 and 7.2 for a drawn plant)."""
    resource = draw["resource"]
    if not _take(bag, resource):
        return sections.LETTER, f"There is no {resource} in the ship bag to draw."
    if resource != "plant":
        refusal = _gold_refusal(resource, draw)
        return (sections.LETTER, refusal) if refusal else None
    bag["plant"] += 1  # 7.1 / 7.2: the plant cube goes back into the bag
    sea = state["options"]["sea"]
    rule, key = (sections.STORMY_SEAS, "discarded") if sea == "stormy" else (sections.PIRATE_SEAS, "picked")
    other = draw.get(key)
    if other is None or other == "plant":
        verb = "drawn and returned to stock" if key == "discarded" else "picked to affect a market"
        return rule, f"After the plant cube, name the cube from the ship bag {verb}."
    if not _take(bag, other):
        return rule, f"There is no {other} in the ship bag."
    refusal = _gold_refusal(other, draw) if key == "picked" else None
    return (sections.LETTER, refusal) if refusal else None


def _gold_refusal(resource: str, draw: JSON) -> str | None:
    if resource == "gold" and "gold" not in draw:
        return "The player drawing gold chooses whether to add it to or remove it from the market."
    return None


def _take(bag: dict[str, int], resource: str) -> bool:
    if bag.get(resource, 0) < 1:
        return False
    bag[resource] -= 1
    return True


def _affect_market(table: Table, resource: str, gold: str | None) -> None:
    """5.1: supplied resources add a cube to their market, demanded ones remove one; gold does
    as the drawer chose."""
    if resource in SUPPLIED or (resource == "gold" and gold == "add"):
        change = 1
    elif resource in DEMANDED or resource == "gold":
        change = -1
    else:
        return
    markets = table.at("markets")
    markets[resource] = min(max(markets[resource] + change, 0), PRICE_SQUARES)
