"""Playthrough files: a whole game as data, replayed through an engine (and scenes: part of one).

A playthrough is a JSON file in ``games/<slug>/playthroughs/``::

    {
      "title": "Two players, a governor victory",
      "source": {"kind": "hand", "by": "...", "how": "...", "rules": "nova_suecia.txt 3-6"},
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

``source`` (required) says where the game and its outcome come from, so a test knows whether
the outcome is an independent expected value or the engine's own output:

- ``{"kind": "rulebook", "section": "..."}``: transcribes a worked example of the rulebook,
  whose result the rulebook prints; ``section`` cites it.
- ``{"kind": "hand", "by": "...", "how": "..."}``: written from the rules, the final outcome
  computed by a person; ``how`` gives the arithmetic (or where it is written down).
- ``{"kind": "generated", "how": "..."}``: seeded or invented play whose outcome nobody
  computed by hand; a regression snapshot of what the engine answered.

Any kind may add ``rules``: the rulebook sections the game goes through; a ``rulebook``
source may add ``how``: which events are ours, written to reach the example's table. Any kind
may add ``examples``: the worked examples of the rulebook that a run of its events transcribes,
each ``{"section": "...", "events": [first, last]}`` (1-based, inclusive), the ``expect``s on
those events being what the rulebook prints, an independent expected value whatever the kind
(a ``generated`` game may go on from a transcribed example). A file without a valid
``source`` does not load.

A **scene** (``games/<slug>/scenes/<name>.json``) is a playthrough that stops before the game
ends: the same file without ``outcome``. It holds a worked example that is not a whole game:
the events that reach the table the example starts from, then the example's, whose ``expect``
(on the example's last event at least) is what the rulebook prints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from games.contract import JSON, Engine, Move, Seat, Violation

GAMES_DIR = Path(__file__).parent

#: The kinds of ``source``, each with the keys it requires (besides ``kind``).
SOURCE_KINDS = {"rulebook": ("section",), "hand": ("by", "how"), "generated": ("how",)}
INDEPENDENT = frozenset({"rulebook", "hand"})


class PlaythroughError(ValueError):
    """A playthrough file that does not say what it must."""


def check_source(source: object) -> dict[str, str]:
    """The ``source`` field if it is valid, else :class:`PlaythroughError`."""
    if not isinstance(source, dict) or source.get("kind") not in SOURCE_KINDS:
        raise PlaythroughError(f"source must be an object whose kind is one of {sorted(SOURCE_KINDS)}: {source!r}")
    required = SOURCE_KINDS[source["kind"]]
    missing = [key for key in required if not (isinstance(source.get(key), str) and source[key].strip())]
    if missing:
        raise PlaythroughError(f"a {source['kind']} source needs {missing} (non-empty text)")
    unknown = set(source) - {"kind", "rules", "examples", "how", *required}
    if unknown:
        raise PlaythroughError(f"a {source['kind']} source has unknown keys {sorted(unknown)}")
    if not all(isinstance(source.get(key, ""), str) for key in ("rules", "how")):
        raise PlaythroughError("source rules and how must be text")
    for example in source.get("examples", []):
        if not (
            isinstance(example, dict)
            and set(example) == {"section", "events"}
            and isinstance(example["section"], str)
            and example["section"].strip()
            and _span(example["events"])
        ):
            raise PlaythroughError(f"an example is {{'section': text, 'events': [first, last]}}, not {example!r}")
    return source


def _span(events: object) -> bool:
    """Whether ``events`` is ``[first, last]``, 1-based and in order."""
    return (
        isinstance(events, list)
        and len(events) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in events)
        and 1 <= events[0] <= events[1]
    )


@dataclass(frozen=True)
class Playthrough:
    slug: str
    name: str
    seats: list[Seat]
    options: dict[str, JSON]
    events: list[dict[str, JSON]]
    #: The final outcome's keys to compare; None for a scene, which stops before the end.
    outcome: dict[str, JSON] | None
    illegal: list[dict[str, JSON]]
    source: dict[str, JSON]

    @property
    def scene(self) -> bool:
        return self.outcome is None

    @property
    def independent(self) -> bool:
        """Whether a person (the rulebook's author or one of us) computed the outcome."""
        return self.source["kind"] in INDEPENDENT

    def moves(self) -> list[Move]:
        return [as_move(e) for e in self.events]


def as_move(event: dict[str, JSON]) -> Move:
    return Move(event["type"], event.get("seat"), event.get("data", {}))


def load(path: Path) -> Playthrough:
    raw = json.loads(path.read_text())
    try:
        source = check_source(raw.get("source"))
        if ("outcome" in raw) == (path.parent.name == "scenes"):
            raise PlaythroughError("a playthrough ends with an outcome; a scene, which stops before, has none")
        if any(example["events"][1] > len(raw["events"]) for example in source.get("examples", [])):
            raise PlaythroughError("an example's events run past the last event")
    except PlaythroughError as error:
        raise PlaythroughError(f"{path}: {error}") from None
    return Playthrough(
        slug=path.parent.parent.name,
        name=path.stem,
        seats=[Seat(**seat) for seat in raw["seats"]],
        options=raw.get("options", {}),
        events=raw["events"],
        outcome=raw.get("outcome"),
        illegal=raw.get("illegal", []),
        source=source,
    )


def all_playthroughs() -> list[Path]:
    return sorted(GAMES_DIR.glob("*/playthroughs/*.json"))


def all_scenes() -> list[Path]:
    return sorted(GAMES_DIR.glob("*/scenes/*.json"))


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
