"""BoardGameGeek's plays XML (XML API2 ``/xmlapi2/plays``, or a saved page of it), as a stream.

The document::

    <plays username="..." userid="..." total="..." page="...">
      <play id="8765" date="2024-03-01" quantity="1" length="60" incomplete="0" nowinstats="0"
            location="Club house">
        <item name="Azul" objecttype="thing" objectid="230802"><subtypes>...</subtypes></item>
        <comments>...</comments>
        <players>
          <player username="ada" userid="12" name="Ada" startposition="1" color="blue"
                  score="61" new="0" rating="0" win="1"/>
        </players>
      </play>
    </plays>

What is read, and what it becomes:

- ``play/@id`` -> the play's ``source_id`` (``"8765"``; its copies for ``quantity="3"`` are
  ``"8765"``, ``"8765:2"``, ``"8765:3"``, so a play whose quantity grew imports only the new copies).
- ``@date`` (``YYYY-MM-DD``, required) -> ``played_on``; ``@length`` (minutes) -> the play's
  length (its first and last events that far apart); ``@location`` -> ``location``;
  ``@incomplete="1"`` -> the play is abandoned; ``@nowinstats="1"`` -> the play is not rated.
- ``item/@name`` -> the generic play's ``title``; ``item/@objectid`` -> its ``bgg_id``.
- ``comments`` -> the text of the play's first event (a note saying where it came from).
- ``player/@username`` -> matches the club's player by BGG username; ``@name`` -> by name, or
  names the new player; ``@startposition`` -> turn order where every player has a number
  (else the file's order); ``@color`` -> the seat's colour; ``@score`` (may be blank or not a
  number) and ``@win`` -> the result (:mod:`records.imports.results`).
- Not read: ``userid``, ``new``, ``rating``, ``objecttype``, ``subtypes``. BGG has no
  cooperative flag nor teams (see :mod:`records.imports.results`).

XML is parsed with ``defusedxml``: a document that declares entities (the "billion laughs")
or refers to external ones is refused before anything is expanded. Each ``play`` element is
cleared once read, so memory stays bounded by one play however long the file is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import defusedxml.ElementTree as defused
from defusedxml import DefusedXmlException

from records.imports import CountingReader, ImportedPlay, ImportedSeat, MalformedFile, number

READS = 1


class _LineKeepingParser(defused.DefusedXMLParser):
    """Notes the line each ``play`` element starts on, for messages: iterparse hands elements
    over a chunk at a time, when the parser's own position has moved on."""

    def __init__(self):
        super().__init__(target=defused._TreeBuilder())
        self.lines: dict[object, int] = {}

    def _start(self, tag, attr_list):
        element = super()._start(tag, attr_list)
        if tag == "play":
            self.lines[element] = self.parser.CurrentLineNumber
        return element


def read_plays(path: Path, on_read: Callable[[int], None]) -> Iterator[ImportedPlay]:
    parser = _LineKeepingParser()
    with open(path, "rb") as raw:
        events = defused.iterparse(CountingReader(raw, on_read), events=("start", "end"), parser=parser)
        try:
            root = None
            for event, element in events:
                if root is None:
                    root = element
                    if element.tag != "plays":
                        raise MalformedFile(f"line 1: the document is <{element.tag}>, not BoardGameGeek's <plays>.")
                if event == "end" and element.tag == "play":
                    yield _play(element, parser.lines.pop(element, 0))
                    root.clear()  # the plays read so far: memory stays bounded by one play
        except defused.ParseError as error:
            raise MalformedFile(f"XML is malformed: {error}.") from None
        except DefusedXmlException as error:
            raise MalformedFile(f"XML refused: {error}; entities are not taken.") from None


def _play(element, line: int) -> ImportedPlay:
    play_id = element.get("id", "").strip()
    where = f"play {play_id or '(no id)'} at line {line}"
    if not play_id:
        raise MalformedFile(f"<play> at line {line} has no id.")
    item = element.find("item")
    if item is None or not item.get("name", "").strip():
        raise MalformedFile(f"{where}: no <item> with the game's name.")
    players = element.find("players")
    seats = [_seat(player) for player in ([] if players is None else players.findall("player"))]
    if not seats:
        raise MalformedFile(f"{where}: no <player>.")
    order = [player.get("startposition", "").strip() for player in players.findall("player")]
    if all(position.isdigit() for position in order):
        seats = [seat for _, seat in sorted(zip(map(int, order), seats), key=lambda pair: pair[0])]
    object_id = _whole(item, "objectid", where, default=0)
    return ImportedPlay(
        source="bgg",
        source_id=play_id,
        where=where,
        title=item.get("name").strip(),
        bgg_id=object_id or None,
        played_on=_date(element.get("date", ""), where),
        started_at=None,
        minutes=_whole(element, "length", where, default=0),
        location=element.get("location", "").strip(),
        seats=tuple(seats),
        quantity=_whole(element, "quantity", where, default=1, low=1),
        incomplete=element.get("incomplete", "0") == "1",
        rated=element.get("nowinstats", "0") != "1",
        comments=(element.findtext("comments") or "").strip(),
    )


def _seat(player) -> ImportedSeat:
    return ImportedSeat(
        name=player.get("name", "").strip(),
        bgg_username=player.get("username", "").strip(),
        colour=player.get("color", "").strip()[:30],
        score=number(player.get("score", "")),
        winner=player.get("win", "0") == "1",
    )


def _date(text: str, where: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise MalformedFile(f"{where}: date {text!r} is not a date (YYYY-MM-DD).") from None


def _whole(element, name: str, where: str, *, default: int, low: int = 0) -> int:
    text = element.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < low:
        raise MalformedFile(f"{where}: {name} {text!r} is not a whole number of at least {low}.")
    return int(text)
