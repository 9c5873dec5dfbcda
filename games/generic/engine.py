"""Seats, scores and a result for any game without a rules engine of its own.

A play names its title (and optionally its BoardGameGeek id) and how it is decided:
``highest_wins`` or ``lowest_wins`` on score, ``places`` given explicitly, or
``cooperative`` (the whole table wins or loses together). Seats that share a ``team`` share
their place; a team's score is the sum of its members' scores.

The smallest game on the kit, and the worked example of games/README.md: one phase, two moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import JSON, Move, Outcome, Seat, Violation, obj
from games.kit import Game, Phase, Table, listed, move, places_from_scores

SCORINGS = ("highest_wins", "lowest_wins", "places", "cooperative")
#: The one rule of a generic play: no rulebook stands behind it.
RULE = "Generic play"

_number_list = {"type": "array", "items": {"type": "number"}}


def _points(points: float) -> str:
    return f"{points:g} point{'' if abs(points) == 1 else 's'}"


@move(
    "score",
    section=RULE,
    description="Add points to a seat's running score (negative points subtract).",
    schema=obj({"points": {"type": "number"}}),
    example={"points": 12},
    # Points are any number read off the table: one point stands for them all.
    choices=lambda state, seat: [{"points": 1}],
    says=lambda state, move, names: (
        f"{names[move.seat]} {'scores' if move.data['points'] >= 0 else 'loses'} {_points(abs(move.data['points']))}."
    ),
)
def score(table: Table, move: Move) -> None:
    table.at("scores")[move.seat] += move.data["points"]


@move(
    "finish",
    section=RULE,
    description=(
        "End the play. 'scores' gives final scores per seat (else the running scores "
        "count); 'places' gives places per seat when scoring is 'places'; 'result' is "
        "'won' or 'lost' for a cooperative game; 'reason' in the game's own words."
    ),
    schema=obj(
        {
            "scores": _number_list,
            "places": {"type": "array", "items": {"type": "integer", "minimum": 1}},
            "result": {"enum": ["won", "lost"]},
            "reason": {"type": "string", "maxLength": 200},
        },
        required=[],
    ),
    example={"scores": [41, 37, 52], "reason": "final scoring"},
    choices=lambda state, seat: _endings(state),
    says=lambda state, move, names: _said_finish(state, move.data, names),
    seated=False,
)
def finish(table: Table, move: Move) -> None:
    state, data = table.state, move.data
    scoring, count = state["scoring"], len(state["scores"])
    if "scores" in data and len(data["scores"]) != count:
        table.cannot(RULE, f"'scores' must give one score for each of the {count} seats.")
    if scoring == "places":
        places, sides = data.get("places"), _sides(state["teams"])
        if places is None or len(places) != count:
            table.refuse(RULE, f"A play decided by places needs one place for each of the {count} seats.")
        elif any(len({places[seat] for seat in side}) > 1 for side in sides):
            table.refuse(RULE, "Seats that share a team share their place.")
        elif places != places_from_scores(places, highest_wins=False):
            table.refuse(
                RULE, "Places must rank the seats: tied seats share a place and the next place skips (1, 1, 3)."
            )
    elif "places" in data:
        table.refuse(RULE, f"This play is decided by {scoring}; places are derived, not given.")
    if scoring == "cooperative" and "result" not in data:
        table.refuse(RULE, "A cooperative play ends with a 'result': 'won' or 'lost'.")
    elif scoring != "cooperative" and "result" in data:
        table.refuse(RULE, "Only a cooperative play ends with a shared 'result'.")
    scores = list(data.get("scores", state["scores"]))
    table.update(scores=scores, outcome=_decided(state, scores, data).as_dict())


def _endings(state: JSON) -> list[JSON]:
    """The simplest ending of each kind: as the running scores stand, the table won or lost,
    every seat tied (final scores and places are numbers read off the table)."""
    scoring = state["scoring"]
    if scoring == "cooperative":
        return [{"result": "won"}, {"result": "lost"}]
    if scoring == "places":
        return [{"places": [1] * len(state["scores"])}]
    return [{}]


def _said_finish(state: JSON, data: JSON, names: Sequence[str]) -> str:
    seats = range(len(state["scores"]))
    if "result" in data:
        said = f"The table {data['result']} the play"
    elif "places" in data and len(data["places"]) == len(seats):
        said = "The play ends with " + listed(f"{names[seat]} {_ordinal(data['places'][seat])}" for seat in seats)
    else:
        scores = data.get("scores", state["scores"])
        said = "The play ends with " + listed(f"{names[seat]} on {score:g}" for seat, score in zip(seats, scores))
    reason = data.get("reason")
    return f"{said} ({reason})." if reason else f"{said}."


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _decided(state: JSON, scores: list[float], data: JSON) -> Outcome:
    scoring, teams = state["scoring"], state["teams"]
    count = len(scores)
    reason = data.get("reason", "")
    if scoring == "cooperative":
        won = data.get("result") == "won"
        return Outcome(
            places=[1] * count,
            winners=list(range(count)) if won else [],
            reason=reason or ("the table won" if won else "the table lost"),
            cooperative=True,
        )
    if scoring == "places":
        places = list(data.get("places") or [1] * count)
        scored = None
    else:
        highest_wins = scoring == "highest_wins"
        sides = _sides(teams)  # teams rank by their members' total; a seat without a team alone
        ranks = places_from_scores([sum(scores[seat] for seat in side) for side in sides], highest_wins=highest_wins)
        places = [0] * count
        for side, rank in zip(sides, ranks):
            for seat in side:
                places[seat] = rank
        scored = scores
    winners = [seat for seat, place in enumerate(places) if place == 1]
    return Outcome(places=places, winners=winners, reason=reason or scoring.replace("_", " "), scores=scored)


def _sides(teams: list[str | None]) -> list[list[int]]:
    """The seats of each side, in the order the sides first sit: a team's, or a seat without one
    alone."""
    seats: dict[str | int, list[int]] = {}
    for seat, team in enumerate(teams):
        seats.setdefault(team or seat, []).append(seat)
    return list(seats.values())


#: The scorings that keep a running score (the others are decided at the end).
KEEPS_SCORES = frozenset({"highest_wins", "lowest_wins"})


class GenericEngine(Game):
    slug = "generic"
    title = "Any other game"
    min_players = 1
    max_players = 100
    options_schema = obj(
        {
            "title": {"type": "string", "minLength": 1, "maxLength": 200},
            "bgg_id": {"type": "integer", "minimum": 1},
            "scoring": {"enum": list(SCORINGS)},
        },
        required=["title"],
    )
    phases = (
        Phase(
            "playing",
            RULE,
            moves=(score, finish),
            turn=lambda state: range(len(state["scores"])),
            now=lambda state: ("score", "finish") if state["scoring"] in KEEPS_SCORES else ("finish",),
        ),
    )
    end_section = RULE
    #: Points, scores and places are numbers read off the table: one choice stands for them all.
    representative_choices = frozenset({"score", "finish"})

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        return {
            "title": options["title"],
            "bgg_id": options.get("bgg_id"),
            "scoring": options.get("scoring", "highest_wins"),
            "teams": [seat.team for seat in seats],
            "scores": [0] * len(seats),
            "outcome": None,
        }

    def phase_name(self, state: JSON) -> str:
        return "playing"

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """The kit's gate, with its commonest answer read straight off the state: a seat at the
        table scores in an unfinished play that keeps scores. A generic move is so small that
        the kit's general gate would be a visible share of it (bench/RESULTS.md, Engine folds)."""
        if (
            move.type == "score"
            and state["outcome"] is None
            and state["scoring"] in KEEPS_SCORES
            and move.seat in range(len(state["scores"]))
        ):
            return None
        return super().gate(state, move)

    def over(self, state: JSON) -> bool:
        return state["outcome"] is not None

    def outcome(self, state: JSON) -> Outcome | None:
        return None if state["outcome"] is None else Outcome.from_dict(state["outcome"])

    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        return {
            "title": state["title"],
            "bgg_id": state["bgg_id"],
            "scoring": state["scoring"],
            "phase": "finished" if state["outcome"] is not None else "playing",
            "scores": state["scores"] if state["scoring"] in KEEPS_SCORES else None,
            "outcome": state["outcome"],
        }
