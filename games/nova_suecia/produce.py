"""Section 5.3.2, Produce: lay down an upright colonist of yours and sell what its production
square makes (a trade post: fur or the wildcard by the colonists at trade posts; a log cabin is
built); the raid of 5.4 follows."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import ceil

from games.contract import JSON, Move, obj
from games.kit import Table, listed, move
from games.nova_suecia import sections
from games.nova_suecia.board import DISTRICT_IDS, DISTRICT_INDEX, named_district, river_card, sell
from games.nova_suecia.components import LOG_CABINS, WILDCARD_RESOURCES
from games.nova_suecia.queries import actor, colonists_at_trade_posts, log_cabins_built, recipe_of
from games.nova_suecia.raid import deposit_before_raid, raid, said_raid
from games.nova_suecia.vocabulary import DISTRICT, RESOURCE
from games.nova_suecia.words import cubes, district_name, who


def produce_choices(state: JSON, seat: int | None) -> list[JSON]:
    """5.3.2: each upright colonist of the player's; at a trade post's wildcard square each
    list of other resources it may make (in every order), elsewhere no choice (left out or empty)."""
    player = state["player"]
    choices: list[JSON] = []
    for district_id, district in zip(DISTRICT_IDS, state["districts"]):
        for triangle in ("left", "right"):
            colonist = district[triangle]
            if not colonist or colonist["player"] != player or not colonist["upright"]:
                continue
            base = {"district": district_id, "triangle": triangle}
            recipe = recipe_of(state, district, colonist["option"]) or {}
            if recipe.get("trade") != "wildcard":
                choices += [base, {**base, "resources": []}]
                continue
            amount = wildcard_amount(state, triangle)
            choices += ({**base, "resources": list(made)} for made in product(WILDCARD_RESOURCES, repeat=amount))
    return choices


def said_produce(state: JSON, move: Move, names: Sequence[str]) -> str:
    """5.3.2 as the table says it: the colonist laid down, what it sells (or builds), the raid (5.4)."""
    data = move.data
    player = actor(state, move)
    index, district = named_district(state, data)
    colonist = district[data["triangle"]]
    where = f"the {data['triangle']}-hand investment triangle of {district_name(data['district'], district)}"
    said = f"{who(state, move, names)} lays down the colonist in {where}"
    if not colonist:
        return f"{said}, where there is none."
    made = production(state, district, data["triangle"], data.get("resources") or [])
    received, cabins, sold = 0, 0, []
    for resource, count in made.items():
        if resource == "log_cabin":
            cabins = min(count, LOG_CABINS - log_cabins_built(state))
        elif resource in state["components"]["prices"]:
            received += sell(state["components"]["prices"][resource], state["markets"][resource], count)[0]
            sold.append(cubes(count, resource))
    if sold:
        said += f" and sells {listed(sold)} for {received} thaler"
    if cabins:
        said += f" and builds {cubes(cabins, 'log_cabin')}"
    gained = cabins if district["seal"] == player else 0
    return said + said_raid(state, player, river_card(index), -received, gained) + "."


@move(
    "produce",
    section=sections.PRODUCE,
    description=(
        "Section 5.3.2: lay down your upright colonist in 'district' / 'triangle' and sell its production "
        "('resources' lists the wildcard resources chosen at a trade post). The raid (5.4) follows."
    ),
    schema=obj(
        {
            "district": DISTRICT,
            "triangle": {"enum": ["left", "right"]},
            "resources": {"type": "array", "items": RESOURCE, "maxItems": 24},
        },
        required=["district", "triangle"],
    ),
    example={"district": "N2", "triangle": "left"},
    choices=produce_choices,
    says=said_produce,
)
def produce(table: Table, move: Move) -> None:
    """5.3.2: the colonist is laid down, its production sold on the markets (log cabins built
    in the district); then the raid (5.4). An empty triangle (a record play) produces nothing."""
    state, data = table.state, move.data
    player = actor(state, move)
    index = DISTRICT_INDEX[data["district"]]
    _refuse(table, player, data)
    if not state["districts"][index][data["triangle"]]:
        return
    made = production(state, state["districts"][index], data["triangle"], data.get("resources", []))
    district = table.at("districts", index)
    district[data["triangle"]] = {**district[data["triangle"]], "upright": False}
    markets = table.at("markets")
    holder = table.at("players", player)
    for resource, count in made.items():
        if resource == "log_cabin":
            district["cabins"] += min(count, LOG_CABINS - log_cabins_built(state))
            continue
        if resource not in state["components"]["prices"]:
            continue
        received, markets[resource] = sell(state["components"]["prices"][resource], markets[resource], count)
        holder["thaler"] += received
    raid(table, player, river_card(index))


def production(state: JSON, district: JSON, triangle: str, chosen: list[str]) -> dict[str, int]:
    """What a colonist produces: the production square, 1 less in the right-hand triangle
    but never less than 1; trade posts count the colonists at trade posts."""
    recipe = recipe_of(state, district, district[triangle]["option"]) or {"produce": {}}
    less = 1 if triangle == "right" else 0
    trade = recipe.get("trade")
    if trade == "fur":
        return {"fur": max(colonists_at_trade_posts(state) - less, 1)}
    if trade == "wildcard":
        made: dict[str, int] = {}
        for resource in chosen:
            made[resource] = made.get(resource, 0) + 1
        return made
    return {resource: max(count - less, 1) for resource, count in recipe["produce"].items()}


def wildcard_amount(state: JSON, triangle: str) -> int:
    """Half as many resources as colonists at trade posts, rounded up."""
    return max(ceil(colonists_at_trade_posts(state) / 2) - (1 if triangle == "right" else 0), 1)


def _refuse(table: Table, player: int, data: JSON) -> None:
    """The rules the production breaks: an upright colonist of the player's (the first alone),
    the wildcard's choice, the log cabins (2), the deposit before the raid (5.4)."""
    state = table.state
    index, district = named_district(state, data)
    colonist = district[data["triangle"]]
    where = f"the {data['triangle']}-hand triangle of {data['district']}"
    if not colonist or colonist["player"] != player:
        table.refuse(sections.PRODUCE, f"You have no colonist in {where}.")
        return
    if not colonist["upright"]:
        table.refuse(sections.PRODUCE, f"The colonist in {where} is laid down: it has already produced.")
        return
    recipe = recipe_of(state, district, colonist["option"]) or {}
    chosen = data.get("resources", [])
    if recipe.get("trade") == "wildcard":
        amount = wildcard_amount(state, data["triangle"])
        if len(chosen) != amount or any(r not in WILDCARD_RESOURCES for r in chosen):
            table.refuse(
                sections.PRODUCE,
                f"The wildcard square produces {amount} resource(s) of your choice: "
                f"not gold, colonists, tobacco or fur.",
            )
    elif chosen:
        table.refuse(sections.PRODUCE, "Only a trade post's wildcard square lets you choose resources.")
    if "log_cabin" in recipe.get("produce", {}) and log_cabins_built(state) >= LOG_CABINS:
        table.refuse(sections.COMPONENTS, f"All {LOG_CABINS} log cabins are already built.")
    refusal = deposit_before_raid(state, river_card(index))
    if refusal:
        table.refuse(sections.RAID, refusal)
