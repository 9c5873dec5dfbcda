"""Playthrough files: a whole game as data, replayed through an engine.

A playthrough is a JSON file in ``games/<slug>/playthroughs/``::

    {
      "title": "Rulebook section 8, sample game",
      "source": "nova_suecia.txt section 8",
      "seats": [{"colour": "blue"}, {"colour": "red"}],
      "options": {},
      "events": [
        {"type": "...", "seat": 0, "data": {...}, "expect": {"scores": [0, 1]}},
        ...
      ],
      "outcome": {"places": [1, 2], "winners": [0], "reason": "...", "scores": [9, 4]},
      "illegal": [
        {"after": 3, "event": {"type": "...", "seat": 1, "data": {...}}, "rule": "5.2"}
      ]
    }

``expect`` (optional, on any event) is a partial view: each key it names must equal the
arbiter view after that event. ``outcome`` names the keys of the final outcome to compare.
``illegal`` (optional) lists moves the rules refuse at a point of the game: after event
number ``after`` (1-based; 0 is right after setup), ``event`` must get a violation whose
rule starts with ``rule``. The conformance test and the API tests (strict 422, record flag,
audit) use them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from games.contract import JSON, Engine, Move, Seat, Violation

GAMES_DIR = Path(__file__).parent


@dataclass(frozen=True)
class Playthrough:
    slug: str
    name: str
    seats: list[Seat]
    options: dict[str, JSON]
    events: list[dict[str, JSON]]
    outcome: dict[str, JSON]
    illegal: list[dict[str, JSON]]

    def moves(self) -> list[Move]:
        return [as_move(e) for e in self.events]


def as_move(event: dict[str, JSON]) -> Move:
    return Move(event["type"], event.get("seat"), event.get("data", {}))


def load(path: Path) -> Playthrough:
    raw = json.loads(path.read_text())
    return Playthrough(
        slug=path.parent.parent.name,
        name=path.stem,
        seats=[Seat(**seat) for seat in raw["seats"]],
        options=raw.get("options", {}),
        events=raw["events"],
        outcome=raw["outcome"],
        illegal=raw.get("illegal", []),
    )


def all_playthroughs() -> list[Path]:
    return sorted(GAMES_DIR.glob("*/playthroughs/*.json"))


def replay(engine: Engine, playthrough: Playthrough) -> tuple[JSON, list[tuple[int, list[Violation]]]]:
    """Fold every move; return the final state and (seq, violations) for each illegal move."""
    state = engine.setup(playthrough.seats, playthrough.options)
    illegal = []
    for seq, move in enumerate(playthrough.moves(), start=1):
        violations = engine.check(state, move)
        if violations:
            illegal.append((seq, violations))
        state = engine.apply(state, move)
    return state, illegal
