"""A play's log in words: each event's sentence, as its reader may read it.

A game event is said by its engine (``Engine.narrate``) on the table before it, as the log
now folds it (voided events are said, and skipped by the fold); the service says its own
meta events. Sentences are computed when read, never stored: nothing here changes an event.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence

from games.contract import Move
from games.secrets import NOBODY
from records.meta import META_EVENT_TYPES
from records.models import Play, Status
from records.replay import as_move, engine_of, fold, state_as_of, voids_as_of

logger = logging.getLogger(__name__)


def seat_names(play: Play) -> list[str]:
    """Each seat's name in the play: its player's."""
    return list(play.seats.order_by("position").values_list("player__display_name", flat=True))


def _meta(event, names: Sequence[str]) -> str:
    data = event.data
    if event.type == "note":
        return f"Note: {data['text']}"
    if event.type == "correction":
        return f"Event {data['seq']} is corrected away: {data['reason']}"
    if event.type == "dispute":
        return f"Event {data['seq']} is disputed: {data['claim']}"
    if event.type == "ruling":
        voids = ", which voids the disputed event" if data.get("void") else ""
        return f"Ruling on dispute {data['dispute']}{voids}: {data['decision']}"
    reason = data.get("reason")
    return f"The play is abandoned: {reason}" if reason else "The play is abandoned."


def sentence(engine, state, event, viewer: int | None, names: Sequence[str]) -> str:
    """``event``'s sentence for ``viewer`` on ``state``, the table before it (a meta event is
    the service's, said without it). A sentence an engine fails to make is its bug, logged, and
    the reader gets the event's type and seat instead of an error."""
    if event.type in META_EVENT_TYPES:
        return _meta(event, names)
    move = as_move(event)
    try:
        return engine.narrate(state, move, viewer, names)
    except Exception:
        logger.exception("engine %s failed to narrate play %s seq %s", engine.slug, event.play_id, event.seq)
        mover = "" if move.seat is None else f" by {names[move.seat]}"
        return f"A {move.type}{mover}."


def said(play: Play, events: Iterable, viewer: int | None, voids: dict[int, int]) -> Iterator[tuple[object, str]]:
    """(event, its sentence) for each of ``events``, consecutive and in seq order, as
    ``viewer`` may read it (see :func:`records.selectors.viewer_of`), folded with the play's
    ``voids`` (:func:`records.replay.voids_as_of` its last seq); lazily, for a stream."""
    engine, names = engine_of(play), seat_names(play)
    state = None
    for event in events:
        if state is None:
            state = state_as_of(play, event.seq - 1, voids)
        yield event, sentence(engine, state, event, viewer, names)
        state, _ = fold(engine, state, [event], voids, play_id=play.pk)


def numbered(play: Play, events: Iterable, viewer: int | None) -> Iterator[str]:
    """The log as numbered lines of text, one an event, voids marked."""
    voids = voids_as_of(play, play.last_seq)
    for event, text in said(play, events, viewer, voids):
        voided = f" (voided by {voids[event.seq]})" if event.seq in voids else ""
        yield f"{event.seq}. {text}{voided}\n"


def legal(play: Play, seat: int | None, arbiter: bool) -> list[Move]:
    """The moves the rules allow now (``seat``'s, or every seat's), as their reader may see
    them. A reader who is not the ``arbiter`` reads them with no secret at all: before a card
    is drawn nobody at the table knows it, so the list says "a card", once."""
    if play.status != Status.IN_PROGRESS:
        return []
    engine = engine_of(play)
    moves = engine.legal_moves(play.state, seat)
    if arbiter:
        return list(moves)
    shown: dict[str, Move] = {}
    for move in moves:
        seen = Move(move.type, move.seat, engine.seen_data(move, NOBODY))
        shown.setdefault(repr(seen), seen)
    return list(shown.values())


def offered(play: Play, moves: Iterable[Move]) -> list[dict]:
    """Each of ``moves`` (from :func:`legal`: a page of them) as it can be POSTed to the log,
    with its sentence; its data is already as its reader may see it."""
    engine, names = engine_of(play), seat_names(play)
    return [
        {"type": move.type, "seat": move.seat, "data": move.data, "text": engine.narrate(play.state, move, None, names)}
        for move in moves
    ]
