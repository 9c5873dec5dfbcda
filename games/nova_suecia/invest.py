"""Section 5.3.1, Invest: seal an open district, move a colonist (bought first if none is on
the letter) to one of its investment triangles and buy the inputs of the chosen recipe; the
raid of 5.4 follows."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, listed, move
from games.nova_suecia import sections
from games.nova_suecia.board import DISTRICT_IDS, DISTRICT_INDEX, buy, named_district, river_card
from games.nova_suecia.components import MEEPLES, SEALS_PER_PLAYER
from games.nova_suecia.ending import start_last_turns
from games.nova_suecia.queries import actor, colonists_in_play, recipe_of, seals_of
from games.nova_suecia.raid import deposit_before_raid, raid, said_raid
from games.nova_suecia.vocabulary import DISTRICT
from games.nova_suecia.words import cubes, district_name, who


def invest_choices(state: JSON, seat: int | None) -> list[JSON]:
    """5.3.1: each open district without another player's seal, each free investment triangle,
    each recipe of its card; a colonist bought only when none is on the letter, a log cabin
    flipped only where one stands unflipped (each flag also left out or false)."""
    player = state["player"]
    holder = state["players"][player]
    colonist = (
        [{"buy_colonist": True}] if holder["standing"] + holder["resting"] == 0 else [{}, {"buy_colonist": False}]
    )
    choices = []
    for district_id, district in zip(DISTRICT_IDS, state["districts"]):
        if not district["open"] or district["type"] is None or district["seal"] not in (None, player):
            continue
        recipes = state["components"]["districts"].get(district["type"], {})
        for triangle in ("left", "right"):
            if district[triangle]:
                continue
            for option, recipe in recipes.items():
                flips = [{}, {"flip_log_cabin": False}]
                if district["cabins"] > district["flipped"] and recipe["buy"].get("grain"):
                    flips.append({"flip_log_cabin": True})
                base = {"district": district_id, "triangle": triangle, "option": option}
                choices += ({**base, **bought, **flip} for bought in colonist for flip in flips)
    return choices


def said_invest(state: JSON, move: Move, names: Sequence[str]) -> str:
    """5.3.1 as the table says it: the seal, the colonist and what it buys, the raid (5.4)."""
    data = move.data
    player = actor(state, move)
    index, district = named_district(state, data)
    cost, _, inputs = investment(state, player, data)
    said = f"{who(state, move, names)} invests in {district_name(data['district'], district)}"
    if district["seal"] is None:
        seal = seals_of(state, player)
        said += f", places a seal there for {seal} thaler" if seal else ", places a seal there at no cost"
    bought = listed(cubes(count, resource) for resource, count in inputs.items() if count)
    triangle = f"the {data['triangle']}-hand investment triangle"
    said += f", moves a colonist to {triangle} ({data['option'].replace('_', ' ')})"
    if bought:
        said += f" and buys {bought}"
    if data.get("flip_log_cabin"):
        said += ", flipping a log cabin instead of buying 1 grain"
    said += f", paying {cost} thaler in all"
    sealed = district["seal"] is None
    return said + said_raid(state, player, river_card(index), cost, district["cabins"] if sealed else 0) + "."


@move(
    "invest",
    section=sections.INVEST,
    description=(
        "Section 5.3.1: seal the open 'district' (if not yet yours), move a colonist (bought first when "
        "'buy_colonist') to its left or right investment triangle and buy the inputs of 'option' (a recipe "
        "of the district card: basic, tools, log_cabin, fur, wildcard); 'flip_log_cabin' feeds the colonist "
        "with the district's log cabin instead of 1 grain. The raid (5.4) follows."
    ),
    schema=obj(
        {
            "district": DISTRICT,
            "triangle": {"enum": ["left", "right"]},
            "option": {"type": "string", "minLength": 1, "maxLength": 40},
            "buy_colonist": {"type": "boolean"},
            "flip_log_cabin": {"type": "boolean"},
        },
        required=["district", "triangle", "option"],
    ),
    example={"district": "N2", "triangle": "left", "option": "basic", "buy_colonist": False},
    choices=invest_choices,
    says=said_invest,
)
def invest(table: Table, move: Move) -> None:
    """5.3.1: pay the seal (as many thaler as seals placed) and the inputs, seal the district,
    place the colonist; then the raid (5.4), and the 24th seal starts the last turns (6)."""
    state, data = table.state, move.data
    player = actor(state, move)
    index = DISTRICT_INDEX[data["district"]]
    cost, markets, _ = investment(state, player, data)
    _refuse(table, player, data, cost)
    holder = table.at("players", player)
    holder["thaler"] -= cost
    holder["standing"] = max(holder["standing"] + (1 if data.get("buy_colonist") else 0) - 1, 0)
    table.set("markets", markets)
    district = table.at("districts", index)
    district["seal"] = player if district["seal"] is None else district["seal"]
    district[data["triangle"]] = {"player": player, "option": data["option"], "upright": True}
    if data.get("flip_log_cabin"):
        district["flipped"] += 1
    raid(table, player, river_card(index))
    start_last_turns(table, player)


def investment(state: JSON, player: int, data: JSON) -> tuple[int, JSON, dict[str, int]]:
    """(thaler the investment costs, the markets after it, the inputs bought)."""
    _, district = named_district(state, data)
    recipe = recipe_of(state, district, data["option"]) or {"buy": {}}
    inputs = dict(recipe["buy"])
    if data["triangle"] == "right":
        for resource in recipe.get("right_hand_buys_less", []):
            inputs[resource] = max(inputs.get(resource, 0) - 1, 0)
    if data.get("flip_log_cabin") and inputs.get("grain"):
        inputs["grain"] -= 1
    cost = seals_of(state, player) if district["seal"] is None else 0
    markets = dict(state["markets"])
    if data.get("buy_colonist"):
        inputs = {"colonist": 1, **inputs}
    for resource, count in inputs.items():
        paid, markets[resource] = buy(state["components"]["prices"][resource], markets[resource], count)
        cost += paid
    return cost, markets, inputs


def _refuse(table: Table, player: int, data: JSON, cost: int) -> None:
    """The rules the investment breaks: the district first (the first of those alone), then the
    colonist, the log cabin, the seals (2), the price and the deposit before the raid (5.4)."""
    state = table.state
    index, district = named_district(state, data)
    refusal = _district_refusal(state, player, district, data)
    if refusal:
        table.refuse(sections.INVEST, refusal)
        return
    recipe = recipe_of(state, district, data["option"])
    refused = _colonist_refusal(state, player, data)
    if refused:
        table.refuse(*refused)
    refusal = _log_cabin_refusal(district, recipe, data)
    if refusal:
        table.refuse(sections.INVEST, refusal)
    if district["seal"] is None and seals_of(state, player) >= SEALS_PER_PLAYER:
        table.refuse(sections.COMPONENTS, f"You have placed all {SEALS_PER_PLAYER} of your seals.")
    thaler = state["players"][player]["thaler"]
    if cost > thaler:
        table.refuse(sections.INVEST, f"This investment costs {cost} thaler but you hold {thaler}.")
    refusal = deposit_before_raid(state, river_card(index))
    if refusal:
        table.refuse(sections.RAID, refusal)


def _district_refusal(state: JSON, player: int, district: JSON, data: JSON) -> str | None:
    """5.3.1 "choose 1 open district": without another player's seal, a free triangle, a recipe of the card."""
    if not district["open"]:
        return f"District {data['district']} is not open."
    if district["type"] is None:
        return f"District {data['district']} has never been turned up."
    if district["seal"] not in (None, player):
        return f"District {data['district']} carries another player's seal."
    if district[data["triangle"]]:
        return f"The {data['triangle']}-hand investment triangle of {data['district']} is taken."
    if recipe_of(state, district, data["option"]) is None:
        choices = ", ".join(state["components"]["districts"][district["type"]])
        return f"A {district['type']} has no '{data['option']}' investment: one of {choices}."
    return None


def _colonist_refusal(state: JSON, player: int, data: JSON) -> tuple[str, str] | None:
    """A standing colonist on the letter, or one bought from the market when none is there."""
    holder = state["players"][player]
    on_letter = holder["standing"] + holder["resting"]
    if data.get("buy_colonist"):
        if on_letter:
            return sections.INVEST, "You may only buy colonists from the market if you have none on your letter."
        if colonists_in_play(state) >= MEEPLES:
            return sections.COMPONENTS, f"All {MEEPLES} colonists are already in play."
        return None
    if holder["standing"]:
        return None
    if holder["resting"]:
        return sections.INVEST, "Your colonists on the letter are laid down: only Assemble stands them up again."
    return sections.INVEST, "You have no colonist on your letter: you must first buy one from the market."


def _log_cabin_refusal(district: JSON, recipe: JSON, data: JSON) -> str | None:
    """A flipped log cabin feeds the colonist instead of 1 grain."""
    if not data.get("flip_log_cabin"):
        return None
    if district["cabins"] - district["flipped"] < 1:
        return "There is no unflipped log cabin in this district to feed the colonist."
    if not recipe["buy"].get("grain"):
        return "A log cabin replaces 1 grain, and this investment buys none."
    return None
