"""SETUP and the SITE SELECTION PROCESS: who goes first, each colony's start, each colony's site.

The shuffles and rolls of the preparation arrive as events: the 1D10 rolls for the first
player, and for each colony its 1D6 of Victuals and the cards it was dealt, in turn order.
"""

from __future__ import annotations

from games.contract import JSON
from games.first_settlement.cards import EFFECTS
from games.first_settlement.draft import Draft
from games.first_settlement.phases import SEASONS, TWO_LEADERS, check_die, report

SETUP = "SETUP"
SITE_SELECTION = "SITE SELECTION PROCESS"
RANDOM_SEASON = "RANDOM SEASON START OPTION"
SITE_CARDS = 3
SITES_OFFERED = 3


def roll_for_first(d: Draft, data: JSON) -> None:
    """Players roll high on 1D10 to see who goes first; after a tie for the highest, the tied players roll
    again (or all players: the rulebook does not say, and then every roll counts)."""
    count = len(d.state["colonies"])
    rolls = data["rolls"]
    if len(rolls) != count:
        d.refuse(SETUP, f"Give one roll per seat ({count}), null for a seat that does not roll.")
    rolled = {seat: roll for seat, roll in enumerate(rolls) if roll is not None}
    contenders = list(range(count)) if set(rolled) == set(range(count)) else d.state["contenders"]
    if set(rolled) != set(contenders):
        d.refuse(SETUP, f"Seats {contenders} roll for first player: the players tied for the highest roll again.")
    for roll in rolled.values():
        check_die(d, roll, 10, "The roll for first player", SETUP)
    rolled = {seat: roll for seat, roll in rolled.items() if seat in contenders}
    best = max(rolled.values(), default=None)
    tied = [seat for seat, roll in rolled.items() if roll == best]
    if len(tied) == 1:
        d.state["order"] = [(tied[0] + step) % count for step in range(count)]
    elif tied:
        d.state["contenders"] = tied
    report(d, None, "roll_for_first", tied=tied if len(tied) > 1 else [], first=tied[0] if len(tied) == 1 else None)


def _keep(d: Draft, dealt: list[str], discarded: list[str], keep: int, what: str) -> list[str]:
    """The dealt cards left after the discards; refuses a wrong number or a card not dealt."""
    kept = list(dealt)
    for card in discarded:
        if card in kept:
            kept.remove(card)
        else:
            d.refuse(SETUP, f"{card} was not among the {what} cards dealt, so it cannot be discarded.")
    if len(kept) != keep:
        d.refuse(SETUP, f"Each player keeps {keep} of the {what} cards dealt, not {len(kept)}.")
    d.discard(_without(dealt, kept))
    return kept


def prepare_colony(d: Draft, seat: int, data: JSON) -> None:
    """10 CT, 1D6 FT, a Stock Token; 3 Leaders (keep 1), 4 Action (discard 1), 4 Build (discard 2)."""
    colony = d.colony(seat)
    check_die(d, data["food_roll"], 6, "The Victuals roll", SETUP)
    if len(data["leaders_drawn"]) != 3 or len(data["actions_dealt"]) != 4 or len(data["builds_dealt"]) != 4:
        d.refuse(SETUP, "Each player draws 3 Leader cards and is dealt 4 Action cards and 4 Build cards.")
    leaders = d.draw("leader", data["leaders_drawn"], SETUP)
    actions = d.draw("action", data["actions_dealt"], SETUP)
    builds = d.draw("build", data["builds_dealt"], SETUP)
    leaders_kept = 2 if d.state["options"]["two_leaders"] else 1
    kept, others = [], list(leaders)
    for card in data["leaders_kept"]:
        if card in others:
            others.remove(card)
            kept.append(card)
    if len(kept) != len(data["leaders_kept"]) or len(kept) != leaders_kept:
        rule = TWO_LEADERS if leaders_kept == 2 else SETUP
        d.refuse(rule, f"Each player selects {leaders_kept} of the Leader cards drawn and discards the others.")
    d.discard(others + kept[leaders_kept:])
    kept = kept[:leaders_kept]
    colony["leaders"] = kept
    colony["hand"] = _keep(d, actions, [data["action_discarded"]], 3, "Action") + _keep(
        d, builds, data["builds_discarded"], 2, "Build"
    )
    colony["food"] = data["food_roll"]
    _start_season(d, colony, data.get("start_season"))
    colony["prepared"] = True
    report(d, seat, "prepare_colony", food=colony["food"], leaders=kept)


def _without(cards: list[str], removed: list[str]) -> list[str]:
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def _start_season(d: Draft, colony: JSON, season: str | None) -> None:
    if d.state["options"]["random_season_start"] and season is None:
        d.refuse(RANDOM_SEASON, "With random season start, each player starts in a random Season: name it.")
    if not d.state["options"]["random_season_start"] and season not in (None, "Winter"):
        d.refuse(SETUP, "The game starts in Winter of the first year.")
    colony["start_season"] = SEASONS.index(season or "Winter")


def select_site(d: Draft, seat: int, data: JSON) -> None:
    """Pick 1 of 3 sites (4 with the Explorer) of 3 cards each; the others go back into the deck."""
    colony = d.colony(seat)
    offered = data["offered"]
    deck = d.state["decks"]["site"]
    in_deck = sum(deck["draw"].values()) + sum(deck["discard"].values())
    # "select from 4 sites instead of 3": two Explorers (two leader option) still give 4, not 8.
    wanted = max([SITES_OFFERED, *(EFFECTS.get(name, {}).get("site_choices", 0) for name in colony["leaders"])])
    count = min(wanted, in_deck // SITE_CARDS)
    if len(offered) != count or any(len(site) != SITE_CARDS for site in offered):
        d.refuse(SITE_SELECTION, f"This player selects from {count} sites of {SITE_CARDS} site cards each.")
    if not 0 <= data["chosen"] < len(offered):
        d.refuse(SITE_SELECTION, f"Choose one of the {len(offered)} sites offered (0 to {len(offered) - 1}).")
        return
    drawn = d.draw("site", [card for site in offered for card in site], SITE_SELECTION)
    chosen = [card for card in offered[data["chosen"]] if card in drawn]
    d.return_to_deck(_without(drawn, chosen))
    colony["sites"] = chosen
    report(d, seat, "select_site", sites=chosen)
