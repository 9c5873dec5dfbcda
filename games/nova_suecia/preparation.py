"""Section 3, Game Preparation: the table before the first turn, and step 7's starting letter
resource, placed by each player in turn order."""

from __future__ import annotations

from games.contract import JSON, Move, Seat, obj
from games.kit import Table, move
from games.nova_suecia import sections
from games.nova_suecia.board import CHRISTINA, DISTRICT_IDS, NASSAU
from games.nova_suecia.components import RESOURCES, STARTING_MARKET_CUBES, resolve
from games.nova_suecia.queries import actor, stock
from games.nova_suecia.vocabulary import RESOURCE
from games.nova_suecia.words import cube, who


def setup(seats: list[Seat], options: dict[str, JSON]) -> JSON:
    """Steps 1-6: ships on their forts (2), 24 districts face down (2), 6 cubes on each market
    (3), 1 of each resource but plant in the ship bag (4; 7.1/7.2 add a plant, 7.3 has no bag),
    the Governor card to seat 0 (5), colonists and thaler (6); step 7 is the move below."""
    neutral = bool(options.get("neutral_player")) and len(seats) == 2  # refuse_setup refuses it otherwise
    sea = options.get("sea", "calm")
    answered = bool(options.get("letters_answered"))
    bag = {} if answered else {r: 1 for r in RESOURCES if r != "plant"}
    if sea != "calm" and not answered:
        bag["plant"] = 1
    players = [_player(seat, number) for number, seat in enumerate([*range(len(seats)), *([None] if neutral else [])])]
    return {
        "options": {
            "sea": sea,
            "letters_answered": answered,
            "royal_audience": bool(options.get("royal_audience")),
            "neutral_player": neutral,
        },
        "components": resolve(options.get("components", {})),
        "players": players,
        "markets": {r: STARTING_MARKET_CUBES for r in RESOURCES},
        "bag": bag,
        "districts": [_district() for _ in DISTRICT_IDS],
        "ships": {"swedish": {"at": CHRISTINA, "heading": 1}, "dutch": {"at": NASSAU, "heading": -1}},
        "forts": {"christina": 0, "nassau": 0},
        "governor": 0,
        "player": 0,
        "step": "setup",
        "round_turn": 0,
        "turn": 0,
        "treasury_taken": False,
        "deposited": False,
        "final_turns": None,
        "outcome": None,
    }


def _player(seat: int | None, number: int) -> JSON:
    """Step 6: 1 colonist and 1 thaler; players 3-4 one thaler more, player 5 two more."""
    extra = {2: 1, 3: 1, 4: 2}.get(number, 0)
    return {"seat": seat, "thaler": 1 + extra, "loan": 0, "deposit": 0, "letter": [], "standing": 1, "resting": 0}


def _district() -> JSON:
    return {"type": None, "open": False, "seal": None, "left": None, "right": None, "cabins": 0, "flipped": 0}


def letter_resource_refusal(state: JSON, resource: str, on_letter: list[str], placed: int = 0) -> str | None:
    """What is wrong with placing ``resource`` from stock on a letter holding ``on_letter``
    (``placed``: cubes of it this move already took from stock), if anything (step 7, 5.1, 7.4)."""
    if resource == "plant":
        return "Plant is never placed on a letter."
    if resource in on_letter:
        return f"The new resource must be of a different type than {resource}, already on the letter."
    if stock(state, resource) - placed < 1:
        return f"There is no {resource} left in stock to place on the letter."
    return None


@move(
    "choose_letter_resource",
    section=sections.PREPARATION,
    description="Section 3 step 7: in turn order, a player places a resource of their choice from stock on the letter.",
    schema=obj({"resource": RESOURCE}),
    example={"resource": "colonist"},
    choices=lambda state, seat: [{"resource": resource} for resource in RESOURCES],
    says=lambda state, move, names: (
        f"{who(state, move, names)} places 1 {cube(move.data.get('resource'))} from the stock on the letter."
    ),
)
def choose_letter_resource(table: Table, move: Move) -> None:
    """Step 7: the resource goes from stock on the player's letter."""
    refusal = letter_resource_refusal(table.state, move.data["resource"], [])
    if refusal:
        table.refuse(sections.PREPARATION, refusal)
    table.at("players", actor(table.state, move))["letter"] = [move.data["resource"]]


def next_to_choose(table: Table) -> None:
    """Step 7 goes in turn order; after the last player the governor starts the first turn."""
    state = table.state
    last = state["player"] == len(state["players"]) - 1
    table.update(player=state["governor"] if last else state["player"] + 1, step="letter" if last else "setup")
