"""Putting a club's archive (:func:`analytics.exports.archive`) back, into another instance that
holds the same ``CHAIN_KEY``, with every chain intact.

An event's hash covers its play's id and its recorder's user id, so plays and the users an
archive names keep their ids; the club, its players, memberships and seats take new ones
(nothing hashes them), and what refers to them is translated. Events take new positions, in
the order the archive lists them (the order they were stored), so plays finish in the same
order and ratings fold to the same numbers.

Two passes over the file, so a bad archive stores nothing and a large one is never held in
memory: the first checks everything (the format, every event's link and hash, that the club's
slug, the plays' ids and the users' ids are free), the second writes it all in one
transaction and rebuilds each play's caches from its events, as ``rebuild_caches`` does. The
projector then catches up as after any append.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import connection, models, transaction

from records import chain
from records.models import Club, Event, Membership, Play, Player, PlaySeat
from records.services import events_appended, rebuild_play_caches

#: What an archive's first line says it is (analytics.exports writes it, this reads it).
ARCHIVE_KIND = "tablelog-archive"
ARCHIVE_VERSION = 1

#: Each kind of line, in the order an archive lists them, with its model.
KINDS: dict[str, type[models.Model]] = {
    "club": Club,
    "user": User,
    "player": Player,
    "membership": Membership,
    "play": Play,
    "seat": PlaySeat,
    "event": Event,
}
#: The models whose rows keep their ids: the hash chain covers them.
KEEP_IDS = (Play, User)
#: A progress bar over the file's bytes: called as ``tqdm`` is, with ``total`` and ``desc``.
Progress = Callable[..., Any]


class Refused(Exception):
    """The archive cannot be restored here; the message says why. Nothing was stored."""


class _Silent(contextlib.AbstractContextManager):
    """No progress bar."""

    def __exit__(self, *exc_info) -> None:
        return None

    def update(self, amount: int) -> None:
        return None


def restore(path: Path, *, progress: Progress = lambda **bar: _Silent()) -> Club:
    """Check the archive at ``path``, then store it; raises :class:`Refused` with nothing stored."""
    _check(path, progress)
    with transaction.atomic():
        club = _write(path, progress)
        with connection.cursor() as cursor:
            for model in KEEP_IDS:
                table, pk = model._meta.db_table, model._meta.pk.column
                cursor.execute(f"SELECT setval(pg_get_serial_sequence(%s, %s), max({pk})) FROM {table}", [table, pk])
        plays = [
            rebuild_play_caches(play_id) for play_id in Play.objects.filter(club=club).values_list("id", flat=True)
        ]
        if plays:
            events_appended.send(sender=Play, play=plays[-1])  # wakes the projector once this commits
    return club


def _lines(path: Path, label: str, progress: Progress) -> Iterator[tuple[int, dict]]:
    """Each line of the archive as (line number, object), the bar moved by its bytes."""
    with path.open("rb") as file, progress(total=path.stat().st_size, desc=label, unit="B", unit_scale=True) as bar:
        for number, raw in enumerate(file, start=1):
            bar.update(len(raw))
            try:
                record = json.loads(raw)
            except ValueError:
                raise Refused(f"Line {number} is not JSON.") from None
            if not isinstance(record, dict):
                raise Refused(f"Line {number} is not a JSON object.")
            yield number, record


def _check(path: Path, progress: Progress) -> None:
    """The first pass: refuses anything the second would stumble on, before it writes."""
    heads: dict[int, tuple[int, str]] = {}
    last_kind = 0
    for number, record in _lines(path, "checking", progress):
        kind = record.get("kind")
        if number == 1:
            _check_header(record)
            continue
        if kind not in KINDS:
            raise Refused(f"Line {number}: unknown kind {kind!r}.")
        order = list(KINDS).index(kind)
        if order < last_kind or (kind == "club") != (number == 2):
            raise Refused(f"Line {number}: a {kind} out of order; an archive lists {', '.join(KINDS)}.")
        last_kind = order
        values = _values(KINDS[kind], record, number)
        if kind == "club" and Club.objects.filter(slug=values["slug"]).exists():
            raise Refused(f"A club named {values['slug']!r} exists here already.")
        if kind == "user":
            _check_user(values)
        if kind == "play":
            if Play.objects.filter(pk=values["id"]).exists():
                raise Refused(f"Play id {values['id']} is taken here: the archive's plays must keep their ids.")
            heads[values["id"]] = (0, chain.GENESIS)
        if kind == "event":
            _check_link(values, heads)
    if last_kind == 0:
        raise Refused("The archive holds no club.")


def _check_header(record: dict) -> None:
    if record.get("kind") != ARCHIVE_KIND or record.get("version") != ARCHIVE_VERSION:
        raise Refused(f"Not a Tablelog archive of version {ARCHIVE_VERSION}: its first line is {record!r:.200}.")


def _check_user(values: dict) -> None:
    """A user id the archive names is free here, or the same username's."""
    taken = User.objects.filter(pk=values["id"]).first()
    if taken is not None and taken.username != values["username"]:
        raise Refused(f"User id {values['id']} ({values['username']}) is taken here by {taken.username}.")
    if taken is None and User.objects.filter(username=values["username"]).exists():
        raise Refused(f"Username {values['username']} is taken here by another user id than {values['id']}.")


def _check_link(values: dict, heads: dict[int, tuple[int, str]]) -> None:
    """The event follows the last one of its play in the chain, and its hash is its own."""
    play_id, seq = values["play_id"], values["seq"]
    if play_id not in heads:
        raise Refused(f"Play {play_id}, seq {seq}: an event of a play the archive does not hold.")
    last_seq, last_hash = heads[play_id]
    event = Event(**values)
    if seq != last_seq + 1 or event.prev_hash != last_hash or chain.event_hash(event) != event.hash:
        raise Refused(
            f"Play {play_id}, seq {seq}: the event does not verify (changed, or out of its chain); "
            "nothing was restored."
        )
    heads[play_id] = (seq, event.hash)


def _values(model: type[models.Model], record: dict, number: int) -> dict:
    """A line's fields as the model's Python values (by attname)."""
    values = {}
    for name, raw in record.items():
        if name == "kind":
            continue
        try:
            field = model._meta.get_field(name)
            values[field.attname] = None if raw is None else field.to_python(raw)
        except FieldDoesNotExist:
            raise Refused(f"Line {number}: this instance has no field {name!r} of a {record['kind']}.") from None
        except ValidationError as error:
            raise Refused(f"Line {number}: {name}: {' '.join(error.messages)}") from None
    return values


def _write(path: Path, progress: Progress) -> Club:
    """The second pass: every line stored, references to renumbered rows translated."""
    new_ids: dict[type[models.Model], dict[int, int]] = {Club: {}, Player: {}}
    club = None
    for number, record in _lines(path, "restoring", progress):
        if number == 1:
            continue
        model = KINDS[record["kind"]]
        old_id = record.get(model._meta.pk.attname)
        values = _translated(model, _values(model, record, number), new_ids)
        if model is User:
            if not User.objects.filter(pk=values["id"]).exists():
                user = User(id=values["id"], username=values["username"])
                user.set_unusable_password()  # they set one with a password reset
                user.save(force_insert=True)
            continue
        new_id = _insert(model, values)
        if model in new_ids:
            new_ids[model][old_id] = new_id
        if model is Club:
            club = Club.objects.get(pk=new_id)
    return club


def _translated(model: type[models.Model], values: dict, new_ids: dict) -> dict:
    """References to renumbered rows (the club, players) given their new ids; the rows that
    keep no id lose it, and a play's caches start empty (rebuilt from its events)."""
    for field in model._meta.concrete_fields:
        if field.is_relation and field.related_model in new_ids and values.get(field.attname) is not None:
            values[field.attname] = new_ids[field.related_model][values[field.attname]]
    if model not in KEEP_IDS:
        values.pop(model._meta.pk.attname, None)
    if model is Play:
        values["state"] = {}
    return values


def _insert(model: type[models.Model], values: dict) -> int:
    """One row, as it is (a model's save would stamp ``auto_now_add`` times anew); a field the
    archive does not carry takes its default. Returns the row's id."""
    fields = [
        field
        for field in model._meta.concrete_fields
        if field.attname in values or not (field.primary_key or field.db_default is not models.NOT_PROVIDED)
    ]
    params = [
        field.get_db_prep_save(values[field.attname] if field.attname in values else field.get_default(), connection)
        for field in fields
    ]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {quote(model._meta.pk.column)}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0]
