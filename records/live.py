"""Live: what commits, told to any number of readers as it commits, on the ASGI server.

PostgreSQL tells (records/migrations/0007_live_notifications.py): triggers ``pg_notify`` the
channel ``tablelog`` with ``<topic> <news>`` when a transaction commits. Each web process (each
event loop) has one :class:`Hub`: one LISTEN connection, which hands every notification to the
mailboxes subscribed to its topic. So a thousand idle readers hold no database connection and
nothing polls.

Whatever a stream must read from the database, it reads in the hub's one thread
(:func:`read`), which gives its connection back to the process's pool after each read: the
readers of a process share one connection however many they are. Readers who ask for the same read
at once share it (:func:`shared_read`), and what that thread tells a reader of a play
(:func:`told`) it keeps for the next reader with the same eyes, so a move watched by a
thousand spectators is read and rendered once.

A play's stream (:func:`play_stream`) gives its events in seq order from a position on, each
once: it subscribes before it reads, so what commits while it reads is not missed, and it reads
from the last seq it sent, so nothing comes twice. Each event is told as the table stood when
it was logged (the view after it, as ``state/?at=seq`` shows it; its sentence, on the table
before it). A reader's eyes are checked again whenever the club's access may have changed; a
reader who may no longer read the play is cut off, and one whose eyes changed (the play ended
and the table turned its cards over) is asked to reconnect.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import psycopg
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection

from records import narration, selectors, services
from records.meta import META_EVENT_TYPES
from records.models import Play
from records.replay import VOID_SOURCES, engine_of, fold, state_as_of
from records.serializers import EventSerializer

logger = logging.getLogger(__name__)

CHANNEL = "tablelog"
#: The two forms of a play's stream: Server-Sent Events, and NDJSON lines (events/?follow=1).
SSE, NDJSON = "sse", "ndjson"
#: A comment line this often keeps proxies from closing a quiet stream.
HEARTBEAT_SECONDS = float(os.environ.get("LIVE_HEARTBEAT_SECONDS", "15"))
#: How long a client waits before it reconnects (the SSE ``retry`` field).
RETRY_MILLISECONDS = 2000
#: The most events one read takes: a reader far behind catches up in steps of this many.
CHUNK = 200
#: Notifications a mailbox keeps for a reader busy sending; past it, they are dropped, and the
#: reader is told DROPPED instead: it reads everything again (and checks its access again).
MAILBOX_SIZE = 1000
DROPPED = ("*", "")
#: How long the listener waits before it connects again after losing its connection.
RECONNECT_SECONDS = 1.0


@dataclass(eq=False)
class Mailbox:
    """One reader's notifications: (topic, news), until it takes them."""

    news: list[tuple[str, str]] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: bool = False

    def put(self, topic: str, news: str) -> None:
        if len(self.news) < MAILBOX_SIZE:
            self.news.append((topic, news))
        else:
            self.dropped = True
        self.arrived.set()

    async def take(self, timeout: float) -> list[tuple[str, str]] | None:
        """What arrived, waiting up to ``timeout`` seconds for something; None if nothing did."""
        try:
            await asyncio.wait_for(self.arrived.wait(), timeout)
        except TimeoutError:
            return None
        self.arrived.clear()
        news, self.news = self.news + [DROPPED] * self.dropped, []
        self.dropped = False
        return news


class Hub:
    """One event loop's LISTEN connection and the mailboxes subscribed to each topic."""

    def __init__(self) -> None:
        self.topics: dict[str, set[Mailbox]] = {}
        #: The reads under way (see :func:`shared_read`), by what they read.
        self.reading: dict[tuple, asyncio.Future] = {}
        self.listening = asyncio.Event()
        self.listener: asyncio.Task | None = None

    def subscribe(self, box: Mailbox, topics: tuple[str, ...]) -> None:
        for topic in topics:
            self.topics.setdefault(topic, set()).add(box)
        if self.listener is None:
            self.listener = asyncio.create_task(self._listen(), name="tablelog-listen")

    def unsubscribe(self, box: Mailbox, topics: tuple[str, ...]) -> None:
        for topic in topics:
            boxes = self.topics.get(topic, set())
            boxes.discard(box)
            if not boxes:
                self.topics.pop(topic, None)

    def tell(self, payload: str) -> None:
        topic, _, news = payload.partition(" ")
        for box in self.topics.get(topic, ()):
            box.put(topic, news)

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(**_conninfo(), autocommit=True) as listener:
                    await listener.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    # Whatever committed while nobody listened is read now: every reader looks.
                    for boxes in list(self.topics.values()):
                        for box in boxes:
                            box.arrived.set()
                    async for note in listener.notifies():
                        self.tell(note.payload)
            except Exception:  # whatever it was, the process's readers need the listener back
                logger.exception("the live listener lost its connection; connecting again")
            self.listening.clear()
            await asyncio.sleep(RECONNECT_SECONDS)


def _conninfo() -> dict:
    """Where Django's connections go (a socket folder too), as plain connection parameters."""
    params = connection.get_connection_params()
    return {key: params[key] for key in ("dbname", "host", "port", "user", "password") if params.get(key)}


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()
_reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablelog-live")


def hub() -> Hub:
    """The running event loop's hub."""
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub()
    return _hubs[loop]


@asynccontextmanager
async def subscribed(*topics: str) -> AsyncIterator[Mailbox]:
    """A mailbox for these topics, once the hub listens: what commits from then on reaches it."""
    box, current = Mailbox(), hub()
    current.subscribe(box, topics)
    try:
        await current.listening.wait()
        yield box
    finally:
        current.unsubscribe(box, topics)


async def read(function: Callable, *args):
    """``function(*args)`` in the hub's thread, which then gives its connection back."""

    def reading():
        try:
            return function(*args)
        finally:
            connection.close()

    return await asyncio.get_running_loop().run_in_executor(_reader, reading)


async def shared_read(key: tuple, function: Callable, *args):
    """``read(function, *args)``, one for every reader that asks for the same ``key`` while it
    is under way: readers woken together by one commit make one read, not one each."""
    reading = hub().reading
    if key not in reading:
        future = reading[key] = asyncio.ensure_future(read(function, *args))
        future.add_done_callback(lambda done: reading.pop(key) if reading.get(key) is done else None)
    return await asyncio.shield(reading[key])  # a reader who leaves does not cancel the others' read


# A play, told (in the hub's thread).


class LRU(OrderedDict):
    """A dict that forgets its least recently used entries past ``size``."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get(self, key, default=None):
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        if len(self) > self.size:
            self.popitem(last=False)


#: (play, seq, viewer) -> (the event as JSON, the view after it as JSON): the same for every
#: reader with those eyes, and for ever (events are immutable, a view as of a seq is fixed).
_told: LRU = LRU(20_000)
#: (play, seq) -> the whole table after seq, to tell the next event from.
_states: LRU = LRU(64)


@dataclass(frozen=True)
class Told:
    """One event for one reader: its seq, the event with its sentence, and the view after it."""

    seq: int
    event: str
    view: str

    def sse(self) -> str:
        return f'id: {self.seq}\ndata: {{"event": {self.event}, "view": {self.view}}}\n\n'

    def ndjson(self) -> str:
        return self.event + "\n"


def told_before(play_id: int, after: int, viewer: int | None, upto: int | None) -> list[Told] | None:
    """The events after seq ``after`` up to ``upto`` (the last a notification named), if they
    are told already for ``viewer``; else None. It only reads the cache: the event loop asks
    it first, so a thousand readers of one move cost one read of the database, not a thousand
    trips to the hub's thread."""
    if upto is None or upto <= after or upto - after > CHUNK:
        return None
    try:
        return [Told(seq, *_told[play_id, seq, viewer]) for seq in range(after + 1, upto + 1)]
    except KeyError:
        return None


def told(play_id: int, after: int, viewer: int | None) -> list[Told]:
    """The events of the play after seq ``after`` (up to CHUNK of them) as ``viewer`` sees them."""
    play = services.fresh(Play.objects.get(pk=play_id))
    events = list(
        play.events.filter(seq__gt=after, seq__lte=play.last_seq).select_related("recorded_by").order_by("seq")[:CHUNK]
    )
    engine, names = engine_of(play), narration.seat_names(play)
    result, state = [], None
    for event in events:
        key = (play.pk, event.seq, viewer)
        if key not in _told:
            if state is None:
                state = _states.get((play.pk, event.seq - 1)) or state_as_of(play, event.seq - 1)
            text = narration.sentence(engine, state, event, viewer, names)
            state = _after(play, engine, state, event)
            context = {"engine": engine, "viewer": viewer, "texts": {event.seq: text}}
            _told[key] = (
                json.dumps(EventSerializer(event, context=context).data),
                json.dumps(engine.seen_view(state, viewer)),
            )
        else:
            state = _states.get((play.pk, event.seq))
        result.append(Told(event.seq, *_told[key]))
    return result


def _after(play: Play, engine, state, event):
    """The table after ``event``, from ``state``, the table before it; kept for the next."""
    if event.seq == play.last_seq:
        after = play.state
    elif event.type in VOID_SOURCES:  # a void reaches back: fold again as of it
        after = state_as_of(play, event.seq)
    elif event.type in META_EVENT_TYPES:
        after = state
    else:
        after, _ = fold(engine, state, [event], {}, play_id=play.pk)
    _states[(play.pk, event.seq)] = after
    return after


def eyes(play_id: int, user_id: int | None, seat: int | None) -> int | None:
    """The reader's eyes now (see :func:`records.selectors.viewer_of`); raises Refused when
    the reader may no longer read the play, or that seat."""
    user = AnonymousUser() if user_id is None else get_user_model().objects.filter(pk=user_id).first()
    play = Play.objects.filter(pk=play_id, club__in=selectors.visible_clubs(user or AnonymousUser())).first()
    if user is None or play is None:
        raise Refused("You may no longer read this play.")
    try:
        return selectors.viewer_of(play, user, seat)
    except selectors.SeatNotYours as refused:
        raise Refused(str(refused)) from None


class Refused(Exception):
    """The reader may no longer read what they follow."""


@dataclass(frozen=True)
class Reader:
    """Who follows a play, and with which eyes they began."""

    play_id: int
    club_id: int
    user_id: int | None
    seat: int | None
    viewer: int | None


#: News a stream reads as "tell what there is", when it starts.
START: list[tuple[str, str]] = []


async def streamed(
    topics: tuple[str, ...],
    tell: Callable[[list[tuple[str, str]]], AsyncIterator[str]],
    recheck: Callable[[], Awaitable[tuple[str, str] | None]],
    form: str,
) -> AsyncIterator[str]:
    """A stream of what ``tell`` makes of the news on ``topics`` (START first, then each
    notification as it comes), as Server-Sent Events (``form`` SSE) or NDJSON lines: a
    comment or an empty line every HEARTBEAT_SECONDS while nothing happens. When the club's
    access changes, ``recheck`` says whether the reader still reads: None, or the SSE event
    that ends the stream and why."""
    sse = form == SSE
    async with subscribed(*topics) as box:
        if sse:
            yield f"retry: {RETRY_MILLISECONDS}\n\n"
        news = START
        while True:
            if any(topic.startswith("access:") or (topic, _) == DROPPED for topic, _ in news):
                ending = await recheck()
                if ending is not None:
                    if sse:
                        yield f"event: {ending[0]}\ndata: {json.dumps({'detail': ending[1]})}\n\n"
                    return
            async for text in tell(news):
                yield text
            news = await box.take(HEARTBEAT_SECONDS)
            if news is None:
                yield ": heartbeat\n\n" if sse else "\n"
                news = []


def play_stream(reader: Reader, after: int, form: str) -> AsyncIterator[str]:
    """The play's events after seq ``after``, then each as it commits, for ``reader``."""
    sent = after

    async def tell(news: list[tuple[str, str]]) -> AsyncIterator[str]:
        nonlocal sent
        seqs = [int(seq) for topic, seq in news if topic.startswith("play:")]
        if news is not START and not seqs and DROPPED not in news:
            return
        batch = None if DROPPED in news else told_before(reader.play_id, sent, reader.viewer, max(seqs, default=None))
        while True:
            if batch is None:
                batch = await shared_read(
                    (reader.play_id, sent, reader.viewer), told, reader.play_id, sent, reader.viewer
                )
            if batch:
                yield "".join(item.sse() if form == SSE else item.ndjson() for item in batch)
                sent = batch[-1].seq
            if len(batch) < CHUNK:
                return
            batch = None

    async def recheck() -> tuple[str, str] | None:
        try:
            viewer = await read(eyes, reader.play_id, reader.user_id, reader.seat)
        except Refused as refused:
            return "refused", str(refused)
        if viewer != reader.viewer:
            return "reconnect", "What you may see of this play has changed: connect again."
        return None

    return streamed((f"play:{reader.play_id}", f"access:{reader.club_id}"), tell, recheck, form)
