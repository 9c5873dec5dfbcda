"""Section 5.1, Letter: the letter's resources go into the ship bag, a new one goes on the
letter, and the cubes drawn from the bag supply or demand at the markets; with the variants of
7.1 Stormy Seas and 7.2 Pirate Seas (a plant cube in the bag) and 7.3 Letters Answered (no bag)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, listed, move
from games.nova_suecia import sections
from games.nova_suecia.components import DEMANDED, PRICE_SQUARES, RESOURCES, SUPPLIED
from games.nova_suecia.preparation import letter_resource_refusal
from games.nova_suecia.queries import actor
from games.nova_suecia.vocabulary import DRAW, RESOURCE
from games.nova_suecia.words import cube, who

#: The keys a draw may carry besides its resource: ``gold`` (add or remove) for a gold cube, and
#: for a drawn plant the cube ``discarded`` (7.1) or ``picked`` (7.2).
DRAW_KEYS = ("gold", "discarded", "picked")


def letter_choices(state: JSON, seat: int | None) -> list[JSON]:
    """5.1: each new resource the letter may take, with each outcome of the draws from the ship
    bag (or, with 7.3, the letter's own resources). Two or more draws (7.4) are listed once per
    set of cubes drawn, in the order of the resources (README, "Legal moves")."""
    old = state["players"][state["player"]]["letter"]
    news = [resource for resource in RESOURCES if letter_resource_refusal(state, resource, old) is None]
    if state["options"]["letters_answered"]:
        bag: dict[str, int] = {}
        kinds = _answered_kinds()
    else:
        bag = dict(state["bag"])
        kinds = _bag_kinds(state["options"]["sea"])
    for resource in old:
        bag[resource] = bag.get(resource, 0) + 1
    outcomes = list(_draws(kinds, bag, len(old), 0))
    return [{"resource": resource, "draws": draws} for resource in news for draws in outcomes]


#: A kind of draw: (the draw, the cubes the bag must hold for it, the cubes it takes for good).
DrawKind = tuple[JSON, tuple[str, ...], tuple[str, ...]]


def _gold_draws(draw: JSON) -> list[JSON]:
    """A gold cube is added or removed, as the drawer chooses (5.1)."""
    return [{**draw, "gold": choice} for choice in ("add", "remove")]


def _answered_kinds() -> list[DrawKind]:
    """7.3: each of the letter's own resources affects its market."""
    kinds: list[DrawKind] = []
    for resource in RESOURCES:
        draws = _gold_draws({"resource": "gold"}) if resource == "gold" else [{"resource": resource}]
        kinds += ((draw, (resource,), (resource,)) for draw in draws)
    return kinds


def _bag_kinds(sea: str) -> list[DrawKind]:
    """5.1: each cube of the ship bag; a drawn plant (7.1, 7.2) goes back after the cube it
    discards or picks."""
    key = "discarded" if sea == "stormy" else "picked"
    kinds: list[DrawKind] = []
    for resource in RESOURCES:
        if resource == "plant":
            for other in RESOURCES:
                if other == "plant":
                    continue
                draw = {"resource": "plant", key: other}
                draws = _gold_draws(draw) if key == "picked" and other == "gold" else [draw]
                kinds += ((each, ("plant", other), (other,)) for each in draws)
            continue
        draws = _gold_draws({"resource": "gold"}) if resource == "gold" else [{"resource": resource}]
        kinds += ((draw, (resource,), (resource,)) for draw in draws)
    return kinds


def _draws(kinds: list[DrawKind], bag: dict[str, int], count: int, start: int) -> Iterator[list[JSON]]:
    """Every set of ``count`` draws ``bag`` can give, each listed in the order of ``kinds``."""
    if count == 0:
        yield []
        return
    for index in range(start, len(kinds)):
        draw, needs, taken = kinds[index]
        if any(bag.get(resource, 0) < needs.count(resource) for resource in needs):
            continue
        rest = dict(bag)
        for resource in taken:
            rest[resource] -= 1
        for tail in _draws(kinds, rest, count - 1, index):
            yield [draw, *tail]


def said_letter(state: JSON, move: Move, names: Sequence[str]) -> str:
    """5.1 as the table says it: the letter's cubes into the bag, the new one on it, the draws."""
    old = state["players"][actor(state, move)]["letter"]
    new = f"1 {cube(move.data['resource'])} on the letter"
    draws = move.data.get("draws", [])
    if state["options"]["letters_answered"]:
        sent = listed(_said_draw(state, draw) for draw in draws) or "nothing"
        return f"{who(state, move, names)} places {new}, and the letter's own {sent} affect the markets directly."
    put = listed(f"1 {cube(resource)}" for resource in old) or "nothing"
    drawn = listed(_said_draw(state, draw) for draw in draws) or "nothing"
    return f"{who(state, move, names)} places {put} in the ship bag and {new}, then draws {drawn}."


def _said_draw(state: JSON, draw: JSON) -> str:
    resource = draw.get("resource")
    if resource != "plant":
        return f"1 {cube(resource)}{_market_change(resource, draw.get('gold'))}"
    if state["options"]["sea"] == "stormy":
        return f"1 plant (1 {cube(draw.get('discarded'))} drawn and returned to the stock)"
    picked = draw.get("picked")
    change = _market_change(picked, draw.get("gold")).replace(" (", ", ").rstrip(")")
    return f"1 plant (picking 1 {cube(picked)} from the ship bag{change})"


def _market_change(resource: str | None, gold: str | None) -> str:
    """The market change a cube makes (5.1): supplied ones add, demanded ones remove, gold as chosen."""
    if resource in SUPPLIED or (resource == "gold" and gold == "add"):
        return f" (1 added to the {resource} market)"
    if resource in DEMANDED or (resource == "gold" and gold == "remove"):
        return f" (1 removed from the {resource} market)"
    return ""


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
    choices=letter_choices,
    says=said_letter,
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
        refusal = _gold_refusal(draw["resource"], draw) or _stray_refusal(draw, _gold_key(draw["resource"]))
        if refusal:
            table.refuse(sections.LETTER, refusal)


def _draw_refusal(state: JSON, bag: dict[str, int], draw: JSON) -> tuple[str, str] | None:
    """Take one drawn cube out of ``bag`` (a working copy) and say what is wrong with it: the
    section and the sentence, if anything (5.1; 7.1 and 7.2 for a drawn plant); last, a choice
    the draw names that its cube does not offer."""
    refused = _drawn_cube_refusal(state, bag, draw)
    if refused:
        return refused
    resource, other = draw["resource"], draw.get("picked")
    if resource != "plant":
        allowed = _gold_key(resource)
    elif state["options"]["sea"] == "stormy":
        allowed = ("discarded",)
    else:
        allowed = ("picked", *_gold_key(other))
    refusal = _stray_refusal(draw, allowed)
    return (sections.LETTER, refusal) if refusal else None


def _gold_key(resource: str | None) -> tuple[str, ...]:
    return ("gold",) if resource == "gold" else ()


def _stray_refusal(draw: JSON, allowed: tuple[str, ...]) -> str | None:
    """5.1: only a gold cube is added or removed by choice, only a drawn plant names the cube it
    discards (7.1) or picks (7.2): a draw naming another choice is not one the table made."""
    stray = [key for key in DRAW_KEYS if key in draw and key not in allowed]
    if stray:
        return f"A drawn {draw['resource']} offers no choice of '{stray[0]}'."
    return None


def _drawn_cube_refusal(state: JSON, bag: dict[str, int], draw: JSON) -> tuple[str, str] | None:
    """The drawn cube taken out of ``bag`` and what is wrong with it, if anything."""
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
