"""After a server failed to answer once, leave it alone for a while: the requests in between
go on without it instead of each waiting for its timeout. Used for the broker's Redis, which
an append uses twice and needs neither time: for waking the projector (analytics/tasks.py)
and for counting writes against the throttle (records/throttle.py)."""

from __future__ import annotations

import time


class Outage:
    """One process's view of one server being down, for ``seconds`` after its last failure."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._until = 0.0  # time.monotonic()

    def ongoing(self) -> bool:
        return time.monotonic() < self._until

    def began(self) -> None:
        self._until = time.monotonic() + self.seconds
