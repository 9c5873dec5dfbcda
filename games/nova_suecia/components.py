"""Component data: the printed counts of section 2 and the card values of components.json.

The rulebook prints the counts of cubes, cards and chits, so they are constants here. The
price squares, the gold steps and the district recipes are printed on the cards, not in the
text: they come from ``components.json`` (each value with its source) and a play may supply
its own edition's values through the option ``components``.
"""

from __future__ import annotations

import json
from pathlib import Path

from games.contract import JSON

#: Section 2: 120 resource cubes.
CUBES = {"grain": 12, "timber": 18, "iron": 12, "plant": 12, "tobacco": 18, "fur": 18, "colonist": 12, "gold": 18}
RESOURCES = tuple(CUBES)
#: Section 2: 24 district cards, 4 of each kind.
DISTRICT_TYPES = ("farm", "forestry", "forge", "plantation", "spin", "trade_post")
CARDS_PER_DISTRICT_TYPE = 4
#: Section 2: 24 colonist meeples, 12 log cabins, 12 seals of each player colour.
MEEPLES = 24
LOG_CABINS = 12
SEALS_PER_PLAYER = 12
PRICE_SQUARES = 12
#: Section 3 step 3: 6 cubes on each market.
STARTING_MARKET_CUBES = 6
#: Section 5.1: supplied by the motherland (added to the market), demanded (removed from it).
SUPPLIED = ("colonist", "grain", "iron")
DEMANDED = ("fur", "timber", "tobacco")
#: Section 5.3.2: trade posts' wildcard square produces any resource but gold, colonists, tobacco (and fur).
WILDCARD_RESOURCES = ("grain", "timber", "iron", "plant")

_DATA = json.loads((Path(__file__).parent / "components.json").read_text())


def _values(node: JSON) -> JSON:
    """Strip the {"value", "source"} wrappers, keeping only the values."""
    if isinstance(node, dict) and set(node) == {"value", "source"}:
        return node["value"]
    if isinstance(node, dict):
        return {key: _values(value) for key, value in node.items() if key != "about"}
    if isinstance(node, list):
        return [_values(item) for item in node]
    return node


DEFAULTS = _values(_DATA)


def resolve(overrides: JSON) -> JSON:
    """The card values a play uses: the defaults, with the play's own edition data on top."""
    prices = {**DEFAULTS["prices"], **overrides.get("prices", {})}
    districts = {
        kind: {**options, **overrides.get("districts", {}).get(kind, {})}
        for kind, options in DEFAULTS["districts"].items()
    }
    return {"prices": prices, "gold": overrides.get("gold", DEFAULTS["gold"]), "districts": districts}
