"""Meta events: the same for every game, handled by the records service, never by engines.

Corrections are events, never edits: ``correction`` voids an earlier game event; ``dispute``
flags one with a claim; ``ruling`` resolves a dispute and may void what it disputed. In a
strict play a void also voids the later moves the rules then refuse (``records.replay``).
"""

from collections.abc import Iterable

from games.contract import EventType, obj
from records.models import Role

_seq = {"type": "integer", "minimum": 1}
_text = {"type": "string", "minLength": 1, "maxLength": 2000}

META_EVENT_TYPES = {
    "note": EventType(
        description="A remark for the log; changes nothing.",
        schema=obj({"text": _text}),
        example={"text": "Break for pizza."},
        seated=False,
    ),
    "correction": EventType(
        description=(
            "Void an earlier game event, with the reason. The fold skips it from here on; in a strict play, "
            "also every later game event the rules refuse without it."
        ),
        schema=obj({"seq": _seq, "reason": _text}),
        example={"seq": 3, "reason": "Wrong colour logged."},
        seated=False,
    ),
    "dispute": EventType(
        description="Flag an earlier game event with a claim, for an arbiter to rule on.",
        schema=obj({"seq": _seq, "claim": _text}),
        example={"seq": 3, "claim": "The ship may not end on the other ship."},
        seated=False,
    ),
    "ruling": EventType(
        description=(
            "Resolve a dispute (by the seq of the dispute event); 'void' also voids the disputed event, as a "
            "correction does."
        ),
        schema=obj({"dispute": _seq, "decision": _text, "void": {"type": "boolean"}}, required=["dispute", "decision"]),
        example={"dispute": 4, "decision": "Upheld: the move stands.", "void": False},
        seated=False,
    ),
    "abandon": EventType(
        description="The play was abandoned; no game event may follow, and it is not rated.",
        schema=obj({"reason": {"type": "string", "maxLength": 2000}}, required=[]),
        example={"reason": "The café closed."},
        seated=False,
    ),
}


def role_to_log(types: Iterable[str | None]) -> Role:
    """The role that may append events of these types: anyone at the table (a member) may
    dispute a move and ask for a ruling; everything else is logged by the club's recorders."""
    types = list(types)
    return Role.MEMBER if types and all(t == "dispute" for t in types) else Role.RECORDER


#: Rulebook-style section names for the service's own rules.
RULE_LOG = "Tablelog: the log"


def void_targets(meta_events) -> dict[int, int]:
    """Voided seq -> seq of the correction or ruling that names it, from meta events in seq
    order (what a void voids as its consequence is the fold's: ``records.replay.voiding``)."""
    disputed = {e.seq: e.data["seq"] for e in meta_events if e.type == "dispute"}
    voided: dict[int, int] = {}
    for event in meta_events:
        if event.type == "correction":
            voided.setdefault(event.data["seq"], event.seq)
        elif event.type == "ruling" and event.data.get("void"):
            voided.setdefault(disputed[event.data["dispute"]], event.seq)
    return voided
