"""Section 5.2, Ship: the Swedish ship sails 1 or 2 river cards and opens a district beside it,
then the Dutch ship sails 1 or 2 and closes the open districts without a seal beside it; each
time the ships pass, 1 thaler goes on the fort closest to where they met."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.contract import JSON, Move, obj
from games.kit import Table, counted, listed, move
from games.nova_suecia import sections
from games.nova_suecia.board import (
    CHRISTINA,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    NASSAU,
    closest_fort,
    districts_beside,
    sail,
)
from games.nova_suecia.components import CARDS_PER_DISTRICT_TYPE, DISTRICT_TYPES
from games.nova_suecia.vocabulary import DISTRICT
from games.nova_suecia.words import district_name, who

FORTS = {"christina": "Fort Christina", "nassau": "Fort Nassau"}
#: A ship's moves: 1 or 2 river cards, or 0 when both would end on the other ship (reading 5).
STEPS = (0, 1, 2)


def sail_choices(state: JSON, seat: int | None) -> list[JSON]:
    """5.2: each move of the Swedish ship (1 or 2 cards, not onto the Dutch ship, or 0 when both
    would be) with each face-down district beside its end it may open (none when none is), each
    card it may turn up, and each move of the Dutch ship."""
    swedish, dutch = state["ships"]["swedish"], state["ships"]["dutch"]
    ends = {steps: sail(swedish["at"], swedish["heading"], steps, dutch["at"])[0] for steps in STEPS}
    choices = []
    for steps in [steps for steps in (1, 2) if ends[steps] != dutch["at"]] or [0]:
        end = ends[steps]
        face_down = [index for index in districts_beside(end) if not state["districts"][index]["open"]]
        for opened in [DISTRICT_IDS[index] for index in face_down] or [None]:
            for revealed in _revealed_choices(state, opened):
                choices += [{"swedish": steps, "open": opened, **revealed, "dutch": d} for d in STEPS]
    return choices


def _revealed_choices(state: JSON, opened: str | None) -> list[JSON]:
    """The ways to name the card turned up: a card seen before may be named or not; a card
    never turned up is one of the kinds not all turned up yet; with nothing opened, no card
    matters (any naming is accepted)."""
    if opened is None:
        return [{}, {"revealed": None}, *({"revealed": kind} for kind in DISTRICT_TYPES)]
    kind = state["districts"][DISTRICT_INDEX[opened]]["type"]
    if kind is not None:
        return [{}, {"revealed": None}, {"revealed": kind}]
    seen = [district["type"] for district in state["districts"]]
    return [{"revealed": kind} for kind in DISTRICT_TYPES if seen.count(kind) < CARDS_PER_DISTRICT_TYPE]


def said_sail(state: JSON, move: Move, names: Sequence[str]) -> str:
    """5.2 as the table says it: both ships' moves, the district opened, those closed, the forts."""
    data = move.data
    swedish, dutch = state["ships"]["swedish"], state["ships"]["dutch"]
    sailed = sail(swedish["at"], swedish["heading"], data["swedish"], dutch["at"])
    dutch_sailed = sail(dutch["at"], dutch["heading"], data["dutch"], sailed[0])
    opened = data.get("open")
    if opened is None:
        opening = "opens no district"
    else:
        district = state["districts"][DISTRICT_INDEX[opened]]
        kind = data.get("revealed") or district["type"]
        opening = f"opens {district_name(opened, {'type': kind})}"
    opened_index = DISTRICT_INDEX[opened] if opened else None
    closed = [
        DISTRICT_IDS[index]
        for index in districts_beside(dutch_sailed[0])
        if _closable(state["districts"][index], index == opened_index)
    ]
    closing = f"closing {listed(closed)}" if closed else "closing no district"
    said = (
        f"{who(state, move, names)} moves the Swedish ship {counted(data['swedish'], 'river card')} and {opening}, "
        f"then the Dutch ship {counted(data['dutch'], 'river card')}, {closing}"
    )
    passes = [closest_fort(card) for card in (*sailed[2], *dutch_sailed[2])]
    for fort in sorted(set(passes)):
        count = passes.count(fort)
        said += f"; the ships pass and {count} thaler {'is' if count == 1 else 'are'} placed on {FORTS[fort]}"
    return said + "."


@move(
    "sail",
    section=sections.SHIP,
    description=(
        "Section 5.2: the Swedish ship moves 1 or 2 river cards and opens the district 'open' beside it "
        "('revealed' names the card the first time it is turned up; null when no district can be opened); "
        "then the Dutch ship moves 1 or 2 and closes the empty districts beside it. A ship whose moves "
        "would both end on the other ship stays (0)."
    ),
    schema=obj(
        {
            "swedish": {"enum": list(STEPS)},
            "open": {"anyOf": [DISTRICT, {"type": "null"}]},
            "revealed": {"anyOf": [{"enum": list(DISTRICT_TYPES)}, {"type": "null"}]},
            "dutch": {"enum": list(STEPS)},
        },
        required=["swedish", "open", "dutch"],
    ),
    example={"swedish": 2, "open": "N2", "revealed": "farm", "dutch": 1},
    choices=sail_choices,
    says=said_sail,
)
def ship(table: Table, move: Move) -> None:
    """5.2: both ships, the Swedish first; the district opened turned face up (named the first
    time), the districts beside the Dutch ship closed."""
    state, data = table.state, move.data
    swedish, dutch = state["ships"]["swedish"], state["ships"]["dutch"]
    for name, ship_at in (("Swedish", swedish["at"]), ("Dutch", dutch["at"])):
        if data[name.lower()] == 0 and ship_at in (CHRISTINA, NASSAU):  # where it starts (section 3)
            table.cannot(sections.SHIP, f"The {name} ship on its fort card must move 1 or 2 river cards.")
    opened = DISTRICT_INDEX[data["open"]] if data["open"] else None
    swedish_moves = _moves(swedish, dutch["at"])
    swedish_end = swedish_moves[data["swedish"]][0]
    dutch_moves = _moves(dutch, swedish_end)
    _refuse(table, data, swedish_moves, dutch_moves, opened)
    _sail(table, "swedish", swedish_moves[data["swedish"]])
    if opened is not None:
        district = table.at("districts", opened)
        district["open"] = True
        district["type"] = district["type"] or data.get("revealed")
    _sail(table, "dutch", dutch_moves[data["dutch"]])
    for index in districts_beside(dutch_moves[data["dutch"]][0]):
        if _closable(table.state["districts"][index]):
            table.at("districts", index)["open"] = False


def _moves(ship: JSON, other: int) -> dict[int, tuple[int, int, list[int]]]:
    """The ship's move of 0, 1 and 2 river cards, the other ship where it is (``board.sail``)."""
    return {steps: sail(ship["at"], ship["heading"], steps, other) for steps in STEPS}


def _refuse(table: Table, data: JSON, swedish_moves: JSON, dutch_moves: JSON, opened: int | None) -> None:
    """The rules the Ship action breaks: the Swedish move, the district it opens, the Dutch move."""
    state = table.state
    districts = state["districts"]
    dutch_at, swedish_end = state["ships"]["dutch"]["at"], swedish_moves[data["swedish"]][0]
    refusal = _ship_move_refusal(
        swedish_moves, data["swedish"], dutch_at, lambda c: _can_open(districts, c), "Swedish", "Dutch", "opened"
    )
    if refusal:
        table.refuse(sections.SHIP, refusal)
    refused = _opening_refusal(state, swedish_end, data)
    if refused:
        table.refuse(*refused)
    refusal = _ship_move_refusal(
        dutch_moves,
        data["dutch"],
        swedish_end,
        lambda c: _can_close(districts, c, opened),
        "Dutch",
        "Swedish",
        "closed",
    )
    if refusal:
        table.refuse(sections.SHIP, refusal)


def _can_open(districts: list[JSON], card: int) -> bool:
    """Whether a district beside ``card`` is face down."""
    above, below = districts_beside(card)
    return not districts[above]["open"] or not districts[below]["open"]


def _can_close(districts: list[JSON], card: int, opened: int | None = None) -> bool:
    """Whether a district beside ``card`` can be closed, the district ``opened`` being open."""
    above, below = districts_beside(card)
    return _closable(districts[above], above == opened) or _closable(districts[below], below == opened)


def _closable(district: JSON, opened: bool = False) -> bool:
    """Open (or just opened) and without a seal: the Dutch ship closes it."""
    return (opened or district["open"]) and district["seal"] is None


def _ship_move_refusal(
    moves: JSON, steps: int, other: int, can_act: Callable[[int], bool], name: str, other_name: str, act: str
) -> str | None:
    """What is wrong with the ship's move: a ship may not end on the other, and must move so
    that it can act if either move allows it; it stays only when both would end on the other
    (reading 5: from card 11 towards Fort Nassau, the other ship on card 12)."""
    ends = [moves[1][0], moves[2][0]]
    end = moves[steps][0]
    if steps == 0 and set(ends) != {other}:
        return f"The {name} ship moves 1 or 2 river cards; it stays only when both would end on the {other_name} ship."
    if end == other:
        return f"The {name} ship may not end its move on the {other_name} ship."
    if not can_act(end) and any(can_act(e) for e in ends if e != other):
        return f"The {name} ship must move so that a district can be {act}: move it {3 - steps} card(s)."
    return None


def _opening_refusal(state: JSON, card: int, data: JSON) -> tuple[str, str] | None:
    """What is wrong with the district the Swedish ship opens at river card ``card``."""
    district_id, revealed = data["open"], data.get("revealed")
    if district_id is None:
        if _can_open(state["districts"], card):
            return sections.SHIP, f"Open one of the face down districts beside river card {card}."
        return None
    index = DISTRICT_INDEX[district_id]
    district = state["districts"][index]
    if index not in districts_beside(card):
        return sections.SHIP, f"District {district_id} is not beside the Swedish ship (river card {card})."
    if district["open"]:
        return sections.SHIP, f"District {district_id} is already open."
    if district["type"] is not None:
        if revealed not in (None, district["type"]):
            return sections.SHIP, f"District {district_id} is a {district['type']}, not a {revealed}."
        return None
    if revealed is None:
        return sections.SHIP, f"Name the district card turned up at {district_id}."
    known = sum(1 for d in state["districts"] if d["type"] == revealed)
    if known >= CARDS_PER_DISTRICT_TYPE:
        return sections.COMPONENTS, f"All {CARDS_PER_DISTRICT_TYPE} {revealed} districts are already turned up."
    return None


def _sail(table: Table, name: str, moved: tuple[int, int, list[int]]) -> None:
    """A ship's move; each time it passed the other, 1 thaler goes on the fort closest to where
    they met."""
    at, heading, passed_at = moved
    table.at("ships")[name] = {"at": at, "heading": heading}
    if passed_at:
        forts = table.at("forts")
        for card in passed_at:
            forts[closest_fort(card)] += 1
