"""Rows in bulk: a binary COPY, the fastest way in for psycopg (a quarter of the cost of
``write_row`` in text). The event store's batches and the projector's rebuilds both write so."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from django.db import connection


@contextmanager
def copy_rows(cursor, table: str, columns: dict[str, str]) -> Iterator[Callable[[Sequence], None]]:
    """Write rows into ``table``'s ``columns`` (name -> PostgreSQL type, which a binary COPY
    sends values as), in a Django ``cursor``'s transaction. Yields the function that writes
    one row, its values in the columns' order."""
    with connection.wrap_database_errors:
        with cursor.cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(list(columns.values()))
            yield copy.write_row
