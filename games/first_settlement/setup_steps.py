"""SETUP and the SITE SELECTION PROCESS: who goes first, each colony's start, each colony's site.

The shuffles and rolls of the preparation arrive as events: the 1D10 rolls for the first
player, and for each colony its 1D6 of Victuals and the cards it was dealt (in any order of the
colonies: SETUP gives none), then each site selection in turn order.
"""

from __future__ import annotations

from games.contract import JSON, Move, obj
from games.first_settlement import choices, says
from games.first_settlement.cards import EFFECTS
from games.first_settlement.decks import discard, draw, return_to_deck
from games.first_settlement.sections import RANDOM_SEASON_START_OPTION, SETUP, SITE_SELECTION_PROCESS, TWO_LEADER_OPTION
from games.first_settlement.sequence import SEASONS, SETUP_STEPS, entered, report
from games.first_settlement.tokens import check_die, colony
from games.first_settlement.vocabulary import CARD, CARDS, DIE
from games.kit import Table, move
from games.secrets import MOVER, Secret

SITE_CARDS = 3
SITES_OFFERED = 3


def setup_deals(two_leaders: bool) -> dict[str, tuple[int, int]]:
    """SETUP, per deck: the cards a colony draws or is dealt, and how many of them it keeps.
    "Each player draws 3 Leader cards, selects 1 and discards the other 2. Each player is dealt
    4 Action cards and discards 1. Each player is dealt 4 Build cards and discards 2"; TWO
    LEADER OPTION: "Each colony has 2 Leaders"."""
    return {"leader": (3, 2 if two_leaders else 1), "action": (4, 3), "build": (4, 2)}


@move(
    "roll_for_first",
    section=SETUP,
    description=(
        "SETUP: players roll high on 1D10 to see who goes first: one roll per seat, null for a seat that does "
        "not roll (after a tie, the tied players roll again, or all players). Turn order follows the seats from the "
        "winner."
    ),
    schema=obj({"rolls": {"type": "array", "items": {"type": ["integer", "null"]}}}),
    example={"rolls": [7, 3]},
    seated=False,
    choices=choices.roll_for_first,
    says=says.roll_for_first,
)
def roll_for_first(table: Table, move: Move) -> None:
    """SETUP: "Players roll high on 1D10 to see who goes first"; after a tie for the highest, the tied
    players roll again (or all players: the rulebook does not say, and then every roll counts)."""
    entered(table, move, "roll_for_first")
    count = len(table.state["colonies"])
    rolls = move.data["rolls"]
    if len(rolls) != count:
        table.refuse(SETUP, f"Give one roll per seat ({count}), null for a seat that does not roll.")
    rolled = {seat: roll for seat, roll in enumerate(rolls) if roll is not None}
    contenders = list(range(count)) if set(rolled) == set(range(count)) else table.state["contenders"]
    if set(rolled) != set(contenders):
        table.refuse(SETUP, f"Seats {contenders} roll for first player: the players tied for the highest roll again.")
    for roll in rolled.values():
        check_die(table, roll, 10, "The roll for first player", SETUP)
    rolled = {seat: roll for seat, roll in rolled.items() if seat in contenders}
    best = max(rolled.values(), default=None)
    tied = [seat for seat, roll in rolled.items() if roll == best]
    if len(tied) == 1:
        table.set("order", [(tied[0] + step) % count for step in range(count)])
    elif tied:
        table.set("contenders", tied)
    report(table, None, "roll_for_first", tied=tied if len(tied) > 1 else [], first=tied[0] if len(tied) == 1 else None)


@move(
    "prepare_colony",
    section=SETUP,
    description=(
        "SETUP, each colony in any order: the 1D6 Victuals rolled, the 3 Leader cards drawn and the one kept (two with the "
        "two leader option), the 4 Action cards dealt and the one discarded, the 4 Build cards dealt and the two "
        "discarded; 'start_season' only with the random season start option."
    ),
    schema=obj(
        {
            "food_roll": DIE,
            "leaders_drawn": CARDS,
            "leaders_kept": CARDS,
            "actions_dealt": CARDS,
            "action_discarded": CARD,
            "builds_dealt": CARDS,
            "builds_discarded": CARDS,
            "start_season": {"enum": list(SEASONS)},
        },
        required=[
            "food_roll",
            "leaders_drawn",
            "leaders_kept",
            "actions_dealt",
            "action_discarded",
            "builds_dealt",
            "builds_discarded",
        ],
    ),
    example={
        "food_roll": 4,
        "leaders_drawn": ["Farmer", "Soldier", "Merchant"],
        "leaders_kept": ["Farmer"],
        "actions_dealt": ["Diplomacy", "Surgeon", "Compact", "Beads"],
        "action_discarded": "Compact",
        "builds_dealt": ["Church", "Granary", "Docks", "Fences"],
        "builds_discarded": ["Docks", "Fences"],
    },
    secrets=(
        Secret("leaders_drawn", MOVER, "SETUP: each player draws 3 Leader cards and discards 2 of them unseen"),
        Secret("actions_dealt", MOVER, "SETUP, ACTION DECK: the 4 Action cards dealt go into the hand"),
        Secret("action_discarded", MOVER, "SETUP: the Action card discarded leaves the hand unseen"),
        Secret("builds_dealt", MOVER, "SETUP, BUILD DECK: the 4 Build cards dealt go into the hand"),
        Secret("builds_discarded", MOVER, "SETUP: the Build cards discarded leave the hand unseen"),
    ),
    choices=choices.prepare_colony,
    says=says.prepare_colony,
)
def prepare_colony(table: Table, move: Move) -> None:
    """SETUP: 10 CT, 1D6 FT, a Stock Token; 3 Leaders (keep 1), 4 Action (discard 1), 4 Build (discard 2)."""
    entered(table, move, *SETUP_STEPS)
    seat, data = move.seat, move.data
    prepared = colony(table, seat)
    check_die(table, data["food_roll"], 6, "The Victuals roll", SETUP)
    deals = setup_deals(table.state["options"]["two_leaders"])
    dealt = {"leader": data["leaders_drawn"], "action": data["actions_dealt"], "build": data["builds_dealt"]}
    if any(len(cards) != deals[deck][0] for deck, cards in dealt.items()):
        table.refuse(SETUP, "Each player draws 3 Leader cards and is dealt 4 Action cards and 4 Build cards.")
    leaders, actions, builds = (draw(table, deck, cards, SETUP) for deck, cards in dealt.items())
    leaders_kept = deals["leader"][1]
    kept, others = [], list(leaders)
    for card in data["leaders_kept"]:
        if card in others:
            others.remove(card)
            kept.append(card)
    if len(kept) != len(data["leaders_kept"]) or len(kept) != leaders_kept:
        rule = TWO_LEADER_OPTION if leaders_kept == 2 else SETUP
        table.refuse(rule, f"Each player selects {leaders_kept} of the Leader cards drawn and discards the others.")
    discard(table, others + kept[leaders_kept:])
    kept = kept[:leaders_kept]
    prepared["leaders"] = kept
    prepared["hand"] = _keep(table, actions, [data["action_discarded"]], deals["action"][1], "Action") + _keep(
        table, builds, data["builds_discarded"], deals["build"][1], "Build"
    )
    prepared["food"] = data["food_roll"]
    _start_season(table, prepared, data.get("start_season"))
    prepared["prepared"] = True
    report(table, seat, "prepare_colony", food=prepared["food"], leaders=kept)


def _keep(table: Table, dealt: list[str], discarded: list[str], keep: int, what: str) -> list[str]:
    """The dealt cards left after the discards; refuses a wrong number or a card not dealt."""
    kept = list(dealt)
    for card in discarded:
        if card in kept:
            kept.remove(card)
        else:
            table.refuse(SETUP, f"{card} was not among the {what} cards dealt, so it cannot be discarded.")
    if len(kept) != keep:
        table.refuse(SETUP, f"Each player keeps {keep} of the {what} cards dealt, not {len(kept)}.")
    discard(table, _without(dealt, kept))
    return kept


def _without(cards: list[str], removed: list[str]) -> list[str]:
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def _start_season(table: Table, prepared: JSON, season: str | None) -> None:
    """SETUP: "The game starts in Winter of the first year"; RANDOM SEASON START OPTION: "players each
    Start in a random Season"."""
    if table.state["options"]["random_season_start"] and season is None:
        table.refuse(
            RANDOM_SEASON_START_OPTION, "With random season start, each player starts in a random Season: name it."
        )
    if not table.state["options"]["random_season_start"] and season not in (None, "Winter"):
        table.refuse(SETUP, "The game starts in Winter of the first year.")
    prepared["start_season"] = SEASONS.index(season or "Winter")


@move(
    "select_site",
    section=SITE_SELECTION_PROCESS,
    description=(
        "SITE SELECTION PROCESS, in turn order: the sites offered (3, or 4 with the Explorer; 3 site cards "
        "each, as drawn) and the index of the one chosen; the others go back into the deck."
    ),
    schema=obj(
        {
            "offered": {"type": "array", "items": CARDS},
            "chosen": {"type": "integer", "minimum": 0},
        }
    ),
    example={
        "offered": [
            ["Island", "Swampy", "Good Hunting"],
            ["Hill Top", "Rocky Soil", "River Mouth"],
            ["Cleared Land", "Windswept", "Safe Harbor"],
        ],
        "chosen": 2,
    },
    choices=choices.select_site,
    says=says.select_site,
)
def select_site(table: Table, move: Move) -> None:
    """SITE SELECTION PROCESS: pick 1 of 3 sites (4 with the Explorer) of 3 cards each; the others go
    back into the deck."""
    entered(table, move, *SETUP_STEPS)
    seat, data = move.seat, move.data
    selecting = colony(table, seat)
    offered = data["offered"]
    deck = table.state["decks"]["site"]
    in_deck = sum(deck["draw"].values()) + sum(deck["discard"].values())
    # "select from 4 sites instead of 3": two Explorers (two leader option) still give 4, not 8.
    wanted = max([SITES_OFFERED, *(EFFECTS.get(name, {}).get("site_choices", 0) for name in selecting["leaders"])])
    count = min(wanted, in_deck // SITE_CARDS)
    if len(offered) != count or any(len(site) != SITE_CARDS for site in offered):
        table.refuse(SITE_SELECTION_PROCESS, f"This player selects from {count} sites of {SITE_CARDS} site cards each.")
    if not 0 <= data["chosen"] < len(offered):
        table.refuse(
            SITE_SELECTION_PROCESS, f"Choose one of the {len(offered)} sites offered (0 to {len(offered) - 1})."
        )
        return
    drawn = draw(table, "site", [card for site in offered for card in site], SITE_SELECTION_PROCESS)
    chosen = [card for card in offered[data["chosen"]] if card in drawn]
    return_to_deck(table, _without(drawn, chosen))
    selecting["sites"] = chosen
    report(table, seat, "select_site", sites=chosen)
