"""Write throttling: each user's writes are counted against ``WRITE_THROTTLE`` (say
``6000/min``) in the broker's Redis, so that every web process counts against one limit.

A count is one Redis key per user and window (fixed windows: a minute for ``/min``), made with
its expiry and incremented in one round trip: atomic however many processes write at once,
and as cheap at 6,000 writes a minute as at one. (DRF's own throttle keeps every request's
time in a list, read and written whole on each request: neither atomic across processes nor
cheap at a high rate.) Reads are not throttled.

Throttling is not worth losing a write for: with Redis unreachable, writes go unthrottled,
and the process leaves Redis alone for a while (``redis_down``) rather than wait for its
timeout on every write.
"""

from __future__ import annotations

import functools
import logging
import math

import redis
from django.conf import settings
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import UserRateThrottle

from config.outage import Outage

logger = logging.getLogger(__name__)


@functools.cache
def _redis() -> redis.Redis:
    # kombu's name for a Unix socket (the embedded Redis's) is redis-py's "unix://".
    url = settings.REDIS_URL.replace("redis+socket://", "unix://", 1)
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)


class WriteThrottle(UserRateThrottle):
    scope = "writes"
    redis_down = Outage(10)
    #: The Redis the counts are kept in (a function: a test may point it elsewhere).
    redis = staticmethod(_redis)

    def allow_request(self, request, view) -> bool:
        if request.method in SAFE_METHODS or self.rate is None or self.redis_down.ongoing():
            return True
        now = self.timer()
        window = math.floor(now / self.duration)
        key = f"tablelog:{self.get_cache_key(request, view)}:{window}"
        try:
            with self.redis().pipeline(transaction=False) as pipeline:
                count = pipeline.set(key, 0, ex=self.duration, nx=True).incr(key).execute()[1]
        except redis.RedisError as error:
            logger.warning(
                "Writes are not throttled for %d s: Redis did not answer (%s)", self.redis_down.seconds, error
            )
            self.redis_down.began()
            return True
        self.wait_seconds = (window + 1) * self.duration - now
        return count <= self.num_requests

    def wait(self) -> float:
        return self.wait_seconds
