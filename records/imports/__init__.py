"""Plays from elsewhere: BoardGameGeek's plays XML (:mod:`.bgg`) and BG Stats' JSON export
(:mod:`.bgstats`), each read as a stream into the same normalised :class:`ImportedPlay`, which
:mod:`.results` turns into a generic play's finish and :mod:`.service` stores.

A parser never holds the whole file: it reads it in chunks through :class:`CountingReader`,
which reports every byte read (an import's progress), and yields one play at a time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import BinaryIO


class MalformedFile(Exception):
    """The file is not what its source writes; the message names the element or line."""


@dataclass(frozen=True)
class ImportedSeat:
    name: str
    bgg_username: str = ""
    colour: str = ""
    team: str = ""
    score: float | None = None
    winner: bool = False
    #: The place the file gives (BG Stats' rank; 0 for none).
    rank: int = 0


@dataclass(frozen=True)
class ImportedPlay:
    """One play as the file records it, whatever the file's format."""

    source: str
    #: The play's id in its source; copies of a play with a quantity above 1 add ":2", ":3"...
    source_id: str
    #: Where the play is in the file, for messages ("play 123 at line 45").
    where: str
    title: str
    bgg_id: int | None
    played_on: date
    #: When it started, where the file says (BG Stats), and how long it lasted in minutes.
    started_at: datetime | None
    minutes: int
    location: str
    #: Seats in turn order.
    seats: tuple[ImportedSeat, ...]
    quantity: int = 1
    incomplete: bool = False
    #: False for a play the file keeps out of statistics.
    rated: bool = True
    #: True or False where the file says whether the game is cooperative; None where it cannot.
    cooperative: bool | None = None
    #: Whether higher scores win, where the file says; None where it cannot.
    highest_wins: bool | None = None
    comments: str = ""


class CountingReader:
    """A binary file whose reads are reported to ``on_read(bytes)``: the parsers pull the file
    through it in their own chunks, so progress follows the parse exactly."""

    def __init__(self, raw: BinaryIO, on_read: Callable[[int], None]):
        self.raw, self.on_read, self.offset = raw, on_read, 0

    def read(self, size: int = -1) -> bytes:
        chunk = self.raw.read(size)
        self.offset += len(chunk)
        self.on_read(len(chunk))
        return chunk


def number(text: str) -> float | int | None:
    """A score as a number; None for a blank one or one that is not a number ("won", "n/a")."""
    try:
        value = float(text)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    return int(value) if value.is_integer() else value


def detect_source(head: bytes) -> str | None:
    """``bgg`` for XML, ``bgstats`` for JSON, from the file's first bytes; None for neither."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"<"):
        return "bgg"
    if text.startswith(b"{"):
        return "bgstats"
    return None


def reads_of(source: str) -> int:
    """How many times a parse of ``source`` reads the file through (for the progress total)."""
    return _parser(source).READS


def read_plays(path: Path, source: str, on_read: Callable[[int], None]) -> Iterator[ImportedPlay]:
    """The plays of the file at ``path``, one at a time; raises :class:`MalformedFile`."""
    return _parser(source).read_plays(path, on_read)


def _parser(source: str):
    from records.imports import bgg, bgstats

    return {"bgg": bgg, "bgstats": bgstats}[source]
