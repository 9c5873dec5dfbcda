"""Sections 5.3.3 Day Work and 5.3.4 Assemble: the colonists on the letter laid down for a
thaler, and every laid down colonist taken back (1 thaler each), seals coming back from the
districts left empty; with 7.4 Royal Audience, favours bought at Assemble."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, counted, listed, move
from games.nova_suecia import sections
from games.nova_suecia.board import DISTRICT_IDS
from games.nova_suecia.components import RESOURCES
from games.nova_suecia.preparation import letter_resource_refusal
from games.nova_suecia.queries import actor, stock
from games.nova_suecia.vocabulary import RESOURCE
from games.nova_suecia.words import cubes, who

SIDES = ("left", "right")


def assemble_choices(state: JSON, seat: int | None) -> list[JSON]:
    """5.3.4: Assemble (with the audience left out or empty); with 7.4 each set of favours the
    colonists assembled and the thaler allow, listed once in the order of the resources
    (README, "Legal moves")."""
    choices: list[JSON] = [{}, {"audience": []}]
    if state["options"]["royal_audience"]:
        player = state["player"]
        assembled = colonists_to_assemble(state, player)
        budget = min(assembled, state["players"][player]["thaler"] + assembled)
        letter = state["players"][player]["letter"]
        kinds = [resource for resource in RESOURCES if resource != "plant"]
        choices += ({"audience": audience} for audience in _audiences(state, budget, letter, kinds) if audience)
    return choices


def _audiences(state: JSON, budget: int, letter: list[str], kinds: list[str]) -> Iterator[list[JSON]]:
    """Every list of favours costing at most ``budget`` thaler, the first of ``kinds`` first."""
    if not kinds:
        yield []
        return
    for favours, cost in _favours(state, budget, letter, kinds[0]):
        for tail in _audiences(state, budget - cost, letter, kinds[1:]):
            yield [*favours, *tail]


def _favours(state: JSON, budget: int, letter: list[str], resource: str) -> Iterator[tuple[list[JSON], int]]:
    """(favours, their cost) of one resource: a cube of a new type (1 thaler), then cubes of a
    type already there (2 thaler each), as many as the stock holds."""
    new_types = (0, 1) if resource not in letter else (0,)
    for new in new_types:
        repeats = 0
        while new + 2 * repeats <= budget and new + repeats <= stock(state, resource):
            yield [{"resource": resource}] * new + [{"resource": resource, "repeat": True}] * repeats, new + 2 * repeats
            if not new and resource not in letter:
                break  # a repeat needs the type on the letter
            repeats += 1


def said_assemble(state: JSON, move: Move, names: Sequence[str]) -> str:
    """5.3.4 as the table says it: the colonists assembled, those lost, the seals back, 7.4's favours."""
    player = actor(state, move)
    holder = state["players"][player]
    assembled = colonists_to_assemble(state, player)
    said = f"{who(state, move, names)} assembles {counted(assembled, 'colonist')} and takes {assembled} thaler"
    if holder["standing"]:
        verb = "returns" if holder["standing"] == 1 else "return"
        said += f"; {cubes(holder['standing'], 'colonist')} standing on the letter {verb} to the stock"
    emptied = [
        DISTRICT_IDS[index]
        for index, district in enumerate(state["districts"])
        if district["seal"] == player
        and all(not district[side] or _laid_down_by(district[side], player) for side in SIDES)
    ]
    if len(emptied) == 1:
        said += f"; the seal on {emptied[0]} returns to the letter and the district closes"
    elif emptied:
        said += f"; the seals on {listed(emptied)} return to the letter and those districts close"
    audience = move.data.get("audience") or []
    if audience:
        paid = len(audience) + sum(1 for wish in audience if wish.get("repeat"))
        favours = listed(
            f"1 {wish.get('resource') or 'cube'}{' of a type already there' if wish.get('repeat') else ''}"
            for wish in audience
        )
        said += f"; at the Royal Audience pays {paid} thaler to place {favours} on the letter"
    return said + "."


@move(
    "day_work",
    section=sections.DAY_WORK,
    description="Section 5.3.3: lay down 1 colonist on the letter and take 1 thaler.",
    schema=obj({}),
    example={},
    choices=lambda state, seat: [{}],
    says=lambda state, move, names: f"{who(state, move, names)} lays down 1 colonist on the letter and takes 1 thaler.",
)
def day_work(table: Table, move: Move) -> None:
    """5.3.3: a standing colonist on the letter is laid down; the player takes 1 thaler."""
    player = actor(table.state, move)
    if table.state["players"][player]["standing"] < 1:
        table.refuse(sections.DAY_WORK, "You have no standing colonist on your letter to lay down.")
    holder = table.at("players", player)
    moved = min(holder["standing"], 1)
    holder["standing"] -= moved
    holder["resting"] += moved
    holder["thaler"] += 1


@move(
    "assemble",
    section=sections.ASSEMBLE,
    description=(
        "Section 5.3.4: take back the laid down colonists (1 thaler each); standing ones on the letter go to "
        "stock; seals on districts left without colonists come back and those districts close. With 7.4 "
        "Royal Audience, 'audience' lists resources added to the letter (1 thaler each, 1 more when "
        "'repeat' allows a type already there)."
    ),
    schema=obj(
        {
            "audience": {
                "type": "array",
                "items": obj({"resource": RESOURCE, "repeat": {"type": "boolean"}}, required=["resource"]),
                "maxItems": 24,
            }
        },
        required=[],
    ),
    example={},
    choices=assemble_choices,
    says=said_assemble,
)
def assemble(table: Table, move: Move) -> None:
    """5.3.4: the laid down colonists come back standing on the letter (1 thaler each); a
    district of the player's left without colonists loses its seal and closes; flipped log
    cabins are unflipped. 7.4: the audience's resources go on the letter, paid."""
    player = actor(table.state, move)
    audience = move.data.get("audience", [])
    if audience:
        _refuse_audience(table, player, audience)
    assembled = table.state["players"][player]["resting"]
    for index, district in enumerate(table.state["districts"]):
        if district["seal"] != player and not (district["left"] or district["right"]):
            continue  # nothing of the player's here: the usual case, skipped fast
        laid_down = [side for side in SIDES if _laid_down_by(district[side], player)]
        if not laid_down and district["seal"] != player:
            continue
        changed = table.at("districts", index)
        for side in laid_down:
            changed[side] = None
        assembled += len(laid_down)
        if changed["seal"] == player:
            changed["flipped"] = 0
            if not changed["left"] and not changed["right"]:
                changed["seal"] = None
                changed["open"] = False
    holder = table.at("players", player)
    holder["standing"] = assembled
    holder["resting"] = 0
    holder["thaler"] += assembled - len(audience) - sum(1 for wish in audience if wish.get("repeat"))
    holder["letter"] = holder["letter"] + [wish["resource"] for wish in audience]


def colonists_to_assemble(state: JSON, player: int) -> int:
    """Laid down colonists: on the letter (Day Work) and in the districts."""
    in_districts = sum(1 for district in state["districts"] for side in SIDES if _laid_down_by(district[side], player))
    return state["players"][player]["resting"] + in_districts


def _refuse_audience(table: Table, player: int, audience: list[JSON]) -> None:
    """7.4 Royal Audience: at most one favour per colonist assembled, 1 thaler each (the thaler
    taken for assembling may pay), each resource of a new type unless paid to repeat one."""
    state = table.state
    if not state["options"]["royal_audience"]:
        table.refuse(sections.ROYAL_AUDIENCE, "This play does not use the Royal Audience rule.")
        return
    assembled = colonists_to_assemble(state, player)
    favours = len(audience) + sum(1 for wish in audience if wish.get("repeat"))
    if favours > assembled:
        table.refuse(
            sections.ROYAL_AUDIENCE,
            f"You assemble {assembled} colonist(s), so you may pay for at most {assembled} favour(s).",
        )
    thaler = state["players"][player]["thaler"] + assembled
    if favours > thaler:
        table.refuse(sections.ROYAL_AUDIENCE, f"The audience costs {favours} thaler but you hold {thaler}.")
    letter = list(state["players"][player]["letter"])
    added: list[str] = []
    for wish in audience:
        if wish.get("repeat") and wish["resource"] not in letter:
            table.refuse(sections.ROYAL_AUDIENCE, "Pay to repeat a type only for a type already on the letter.")
        allowed = [] if wish.get("repeat") else letter
        refusal = letter_resource_refusal(state, wish["resource"], allowed, added.count(wish["resource"]))
        if refusal:
            table.refuse(sections.ROYAL_AUDIENCE, refusal)
        letter.append(wish["resource"])
        added.append(wish["resource"])


def _laid_down_by(colonist: JSON | None, player: int) -> bool:
    return bool(colonist) and colonist["player"] == player and not colonist["upright"]
