"""The shared ``sheets`` cache on Redis, where a Redis out of reach is a miss, never an error.

Everything the ``sheets`` cache holds can be made again from the database (drawn rows, whole
pages, the rules' replay of a version, a player's figures), and every write checks the game's
version in the database, not in the cache. So when Redis is down, restarting or too slow to
answer, a lookup finds nothing and a store keeps nothing: the pages are drawn as if for the
first time and the saves go through, slower but never a 500. Each failure is logged.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


class RedisCache(DjangoRedisCache):
    """Django's Redis cache, for a cache whose entries can all be made again: ``get`` answers ``default``
    and ``set`` keeps nothing while Redis cannot be reached (the only calls the app makes of it)."""

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except RedisError as exc:
            log.warning("The sheets cache could not be read (%s): drawn afresh.", exc)
            return default

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except RedisError as exc:
            log.warning("The sheets cache could not be written (%s): not kept.", exc)
