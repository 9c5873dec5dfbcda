"""How every move is said (``@move(says=...)``): one sentence in the rulebook's words, as a
person at the table would say it. ``state`` is the table before the move; a card the reader may
not see arrives masked (None) and is said as "a card", "2 cards"."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move
from games.first_settlement.cards import EFFECTS, HARDSHIP_VALUES, PRINTED_NAMES, colony_effects
from games.first_settlement.sequence import season_of, year_of
from games.kit import counted, listed

Names = Sequence[str]
#: Each Hardship phase and the Hardship type that hurts in it.
HURTS = {
    "blight": "Blight",
    "spoil": "Spoilage",
    "starve": "Hunger",
    "cold": "Cold",
    "sick": "Disease",
    "raid": "Raid",
    "rebel": "Mutiny",
    "hardship": "Special",
}


def sentence(text: str) -> str:
    """Capital first letter, a full stop at the end."""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!")) else ".")


def cards(value: JSON, none: str = "no card") -> str:
    """Cards as said: "the Cloth and the Beads"; hidden ones (None) as "a card", "2 cards"."""
    if value is None or isinstance(value, str):  # one card, None when hidden
        value = [value]
    if not value:
        return none
    if any(card is None for card in value):
        return "a card" if len(value) == 1 else counted(len(value), "card")
    return listed(f"the {card}" for card in value)


def _turn(state: JSON) -> int:
    return state["cursor"]["turn"] if state["cursor"] else 1


# SETUP and SITE SELECTION PROCESS


def roll_for_first(state: JSON, move: Move, names: Names) -> str:
    rolls = move.data["rolls"]
    rolled = {seat: roll for seat, roll in enumerate(rolls) if roll is not None and seat < len(state["colonies"])}
    if not rolled:
        return "Nobody rolls for first player."
    said = listed(f"{names[seat]} rolls {roll}" for seat, roll in rolled.items()) + " for first player"
    best = max(rolled.values())
    top = [names[seat] for seat, roll in rolled.items() if roll == best]
    outcome = f"{top[0]} goes first" if len(top) == 1 else f"{listed(top)} tie and roll again"
    return sentence(f"{said}: {outcome}")


def prepare_colony(state: JSON, move: Move, names: Names) -> str:
    data = move.data
    kept = data["leaders_kept"]
    said = (
        f"{names[move.seat]} rolls {data['food_roll']} Food Tokens (Victuals), "
        f"draws {counted(len(data['leaders_drawn']), 'Leader card')} and keeps {cards(kept, 'none')}, "
        f"is dealt {counted(len(data['actions_dealt']), 'Action card')} and discards {cards(data['action_discarded'])}, "
        f"and is dealt {counted(len(data['builds_dealt']), 'Build card')} and discards {cards(data['builds_discarded'])}"
    )
    if "start_season" in data:
        said += f"; the colony starts in {data['start_season']}"
    return sentence(said)


def select_site(state: JSON, move: Move, names: Names) -> str:
    offered, chosen = move.data["offered"], move.data["chosen"]
    site = offered[chosen] if 0 <= chosen < len(offered) else []
    return sentence(
        f"{names[move.seat]} selects the site of {listed(site) or 'no card'}, "
        f"1 of {counted(len(offered), 'site')} offered, to found the colony"
    )


# TURN SEQUENCE


def time(state: JSON, move: Move, names: Names) -> str:
    colony, turn = state["colonies"][move.seat], _turn(state)
    return sentence(f"{names[move.seat]}'s colony begins {season_of(colony, turn)} of year {year_of(colony, turn)}")


def draw_phase(state: JSON, move: Move, names: Names) -> str:
    data = move.data
    actions, builds = data["actions"], data["builds"]
    said = f"{names[move.seat]} draws {cards(actions)} from the Action Deck and {cards(builds)} from the Build Deck"
    if "build_discard" in data:
        said += f" and discards {cards(data['build_discard'])}"
    for swap in data.get("swaps", []):
        said += (
            f", discards {cards(swap['discard'])} to draw {cards(swap['card'])} from the {swap['deck'].title()} Deck"
        )
    if data.get("discards"):
        said += f", and discards {cards(data['discards'])} to the hand size"
    return sentence(said)


def plant(state: JSON, move: Move, names: Names) -> str:
    colonists = state["colonies"][move.seat]["colonists"]
    return sentence(f"{names[move.seat]} gains {counted(colonists, 'Plant Token')}, one for each CT")


def ship(state: JSON, move: Move, names: Names) -> str:
    data = move.data
    bonus = colony_effects(state["colonies"][move.seat])["ship_roll"]
    rolled = f"{names[move.seat]} rolls {data['roll']}{f' (+{bonus})' if bonus else ''} in the Ship Phase"
    if "colonists" in data:
        return sentence(f"{rolled}: a ship arrives with {data['colonists']} CT and {data['food']} FT")
    return sentence(f"{rolled}: no ship arrives")


def hardships(state: JSON, move: Move, names: Names) -> str:
    """The phases whose event is the Hardship cards drawn: which of them hurt in this phase."""
    return sentence(_drew(names[move.seat], move.type, move.data["cards"]))


def _drew(name: str, phase: str, drawn: list[str]) -> str:
    """The cards drawn, each named (two draws with as many of the phase's cards are other moves:
    other cards leave the deck; "Kicked Out:" as the card's name, ``PRINTED_NAMES``), then those
    that hurt in this phase."""
    drawn = [PRINTED_NAMES.get(card, card) for card in drawn]
    kind = HURTS[phase]
    hits = [card for card in drawn if card in HARDSHIP_VALUES[kind]]
    said = f"{name} draws and discards {counted(len(drawn), 'Hardship card')} in the {phase.title()} Phase"
    if drawn:
        said += f" ({listed(drawn)})"
    if not hits:
        return f"{said}, no {kind} card among them"
    return f"{said}, {counted(len(hits), f'{kind} card')} among them ({listed(hits)})"


def food(state: JSON, move: Move, names: Names) -> str:
    drawn = move.data["cards"]
    said = f"{names[move.seat]} draws {counted(len(drawn), 'Food card')} in the Food Phase"
    return sentence(f"{said} ({listed(drawn)})" if drawn else said)


def harvest(state: JSON, move: Move, names: Names) -> str:
    drawn = move.data["cards"]
    plant = state["colonies"][move.seat]["plant"]
    said = (
        f"{names[move.seat]} discards {counted(plant, 'Plant Token')} and draws "
        f"{counted(len(drawn), 'Food card')} in the Harvest Phase"
    )
    if drawn:
        said += f" ({listed(drawn)})"
    for crop, dice in sorted(move.data.get("crop_rolls", {}).items()):  # a stored event's keys come back reordered
        said += f", and rolls {listed(str(die) for die in dice)} VP for the {crop}"
    return sentence(said)


GAINS = {"food": "1 FT", "land": "1 Land Purchase Token"}


def trade(state: JSON, move: Move, names: Names) -> str:
    data = move.data
    done = [f"plays the {play['card']} for {GAINS[play['gain']]}" for play in data.get("cards", [])]
    done += [f"takes an extra Trade for {GAINS[gain]}" for gain in data.get("extra_trades", [])]
    if data.get("convert"):
        done.append(f"converts {5 * data['convert']} FT into {data['convert']} VP")
    return sentence(f"{names[move.seat]} {listed(done) if done else 'makes no trade in the Trade Phase'}")


def eat(state: JSON, move: Move, names: Names) -> str:
    colony = state["colonies"][move.seat]
    colonists, food_tokens = colony["colonists"], colony["food"]
    if food_tokens < colonists:
        return sentence(f"{names[move.seat]}'s {colonists} CT have only {food_tokens} FT to eat: a Food Shortage")
    return sentence(f"{names[move.seat]}'s {colonists} CT eat {counted(colonists, 'FT', 'FT')}")


def _played(data: JSON, key: str) -> str:
    played = data.get(key, [])
    return f", and plays {cards(played)} to negate {'it' if len(played) == 1 else 'them'}" if played else ""


def sick(state: JSON, move: Move, names: Names) -> str:
    return sentence(_drew(names[move.seat], "sick", move.data["cards"]) + _played(move.data, "medical"))


def raid(state: JSON, move: Move, names: Names) -> str:
    return sentence(_drew(names[move.seat], "raid", move.data["cards"]) + _played(move.data, "defense"))


def rebel(state: JSON, move: Move, names: Names) -> str:
    said = _drew(names[move.seat], "rebel", move.data["cards"]) + _played(move.data, "morale")
    leader = move.data.get("new_leader")
    if leader:
        said += f"; the hand is discarded and the {leader['drawn']} is the New Leader{_replacing(leader)}"
    return sentence(said)


def _replacing(leader: JSON) -> str:
    return f" in place of the {leader['replaces']}" if leader.get("replaces") else ""


def hardship(state: JSON, move: Move, names: Names) -> str:
    data = move.data
    said = _drew(names[move.seat], "hardship", data["cards"])
    targets = [_seat(state, to, names) for to in data.get("kicked_out_to", [])]
    if targets:
        said += f"; the CT kicked out goes to {listed(targets)}"
    for leader in data.get("new_leaders", []):
        said += f"; the {leader['drawn']} is the New Leader{_replacing(leader)}"
    if data.get("burned"):
        said += f"; the Fire takes {cards(data['burned'])}"
    return sentence(said)


def build(state: JSON, move: Move, names: Names) -> str:
    built = move.data["buildings"]
    if not built:
        return sentence(f"{names[move.seat]} builds nothing in the Build Phase")
    cost = 5 if len(built) == 1 else 25
    worth = [name for name in built if EFFECTS.get(name, {}).get("vp")]
    extra = f" ({listed(worth)} worth 20 VP more)" if worth else ""
    return sentence(f"{names[move.seat]} builds {cards(built)} for {cost} FT{extra}")


def give(state: JSON, move: Move, names: Names) -> str:
    data = move.data
    to = data["to"]
    gifts = [cards(data["cards"])] if data.get("cards") else []
    gifts += [f"{data[key]} {label}" for key, label in (("colonists", "CT"), ("food", "FT")) if data.get(key)]
    return sentence(f"{names[move.seat]} gives {_seat(state, to, names)} {listed(gifts) if gifts else 'nothing'}")


def _seat(state: JSON, seat: int, names: Names) -> str:
    return names[seat] if 0 <= seat < len(state["colonies"]) else f"seat {seat}"
