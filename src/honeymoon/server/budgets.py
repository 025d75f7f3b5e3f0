"""Budgets of messages and hellos: per seat and per address, shared by every node.

A budget is a token bucket (``rate`` a second, at most ``burst`` saved up) charged before the
work it pays for: a message before it is parsed, a hello before its token is looked up. Each
seat has one budget whatever number of sockets it has open and however often it reconnects,
and each client address has one for all its seats; so opening sockets in a row buys nothing.

On several nodes (a Redis URL) the buckets live in Redis, so N nodes do not allow N times as
much. A node does not ask Redis for every message: it takes a few tokens at a time
(:attr:`SharedBuckets.chunk`) and spends them locally for at most a second, so Redis sees one
round trip per few messages, and the tokens a node took and did not spend are simply lost
(the budget errs on the side of less). The local bucket is always charged first, so a flood
is refused without a round trip. Redis away: the local buckets alone hold (the limit is then
per node), and a move is never stopped by Redis.

>>> budget = Budget(rate=1.0, burst=2)
>>> [budget.local.take("seat", now=0.0) for _ in range(3)]
[0.0, 0.0, 1.0]
"""

from __future__ import annotations

import contextlib
import logging
import time
from dataclasses import dataclass, field

from honeymoon.server.limits import RateLimiter

__all__ = ["Budget", "Budgets", "SharedBuckets", "BUCKET_SCRIPT"]

logger = logging.getLogger("honeymoon.server")

#: A token bucket in Redis: refill by the time elapsed (Redis's own clock, so the nodes'
#: clocks do not matter), grant up to ARGV[3] whole tokens, keep the rest; the key lapses once
#: the bucket would be full again. Returns the tokens granted.
BUCKET_SCRIPT = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'since')
local tokens = tonumber(state[1])
local since = tonumber(state[2])
if tokens == nil or since == nil then
  tokens = burst
  since = now
end
tokens = math.min(burst, tokens + math.max(0, now - since) * rate)
local granted = math.min(want, math.floor(tokens))
tokens = tokens - granted
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'since', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return granted
"""

#: How long a node may spend tokens it took from Redis before they lapse.
LEASE_SECONDS = 1.0


@dataclass
class _Allotment:
    tokens: int
    until: float


class SharedBuckets:
    """The Redis side of the budgets: tokens taken ``chunk`` at a time for each key."""

    def __init__(self, url: str, *, prefix: str = "honeymoon:budget:") -> None:
        import redis.asyncio as aioredis

        self._client = aioredis.Redis.from_url(url, socket_connect_timeout=1.0, socket_timeout=1.0)
        self._script = self._client.register_script(BUCKET_SCRIPT)
        self._prefix = prefix
        self._allotments: dict[str, _Allotment] = {}
        #: Round trips made to Redis (a test reads it: the work per message is bounded).
        self.round_trips = 0
        self._warned = False

    async def take(self, key: str, *, rate: float, burst: int, chunk: int) -> bool | None:
        """Take one token of ``key``'s shared bucket: True if taken, False if the bucket is
        empty, None if Redis did not answer (the caller's local bucket then decides)."""
        now = time.monotonic()
        allotment = self._allotments.get(key)
        if allotment is not None and allotment.tokens > 0 and allotment.until > now:
            allotment.tokens -= 1
            return True
        try:
            self.round_trips += 1
            granted = int(
                await self._script(keys=[self._prefix + key], args=[rate, burst, max(1, chunk)])
            )
        except Exception as error:  # Redis away: the local budget holds alone
            if not self._warned:
                logger.warning(
                    "budgets are per node: Redis did not answer (%s)", type(error).__name__
                )
                self._warned = True
            return None
        self._warned = False
        if len(self._allotments) > 100_000:
            self._allotments = {k: a for k, a in self._allotments.items() if a.until > now}
        if granted <= 0:
            self._allotments.pop(key, None)
            return False
        self._allotments[key] = _Allotment(granted - 1, now + LEASE_SECONDS)
        return True

    async def close(self) -> None:
        """Release the connection to Redis."""
        with contextlib.suppress(Exception):  # closing after Redis went away
            await self._client.aclose()


@dataclass
class Budget:
    """One kind of budget: a bucket for each key on this node, and in Redis if shared."""

    rate: float
    burst: int
    #: Tokens taken from Redis at a time.
    chunk: int = 1
    local: RateLimiter = field(init=False)

    def __post_init__(self) -> None:
        self.local = RateLimiter(rate=self.rate, burst=self.burst)

    async def take(self, key: str, shared: SharedBuckets | None) -> float:
        """Charge one token of ``key``: 0.0 if allowed, else the seconds to wait."""
        wait = self.local.take(key)
        if wait > 0 or shared is None:
            return wait
        taken = await shared.take(key, rate=self.rate, burst=self.burst, chunk=self.chunk)
        if taken is False:
            return 1.0 / self.rate if self.rate > 0 else float("inf")
        return 0.0


class Budgets:
    """Every budget of one application (kept in the lifespan state, never shared).

    * messages: ``messages_per_second`` per seat, ``address_messages_per_second`` per client
      address, each with a burst of twice as many;
    * hellos (a socket opening a seat): ``hellos_per_minute`` per address and per seat, in
      bursts of half as many.
    """

    def __init__(
        self,
        *,
        messages_per_second: float,
        address_messages_per_second: float,
        hellos_per_minute: float,
        redis_url: str | None = None,
    ) -> None:
        self.seat_messages = Budget(
            messages_per_second,
            max(1, int(2 * messages_per_second)),
            chunk=max(1, int(messages_per_second) // 4),
        )
        self.address_messages = Budget(
            address_messages_per_second,
            max(1, int(2 * address_messages_per_second)),
            chunk=max(1, int(address_messages_per_second) // 8),
        )
        hello_rate = hellos_per_minute / 60.0
        self.hellos = Budget(hello_rate, max(1, int(hellos_per_minute / 2)))
        self.shared = SharedBuckets(redis_url) if redis_url is not None else None

    async def message(self, address: str, seat_key: str) -> float:
        """Charge one message of a seat (``seat_key``: the game id and seat) from an address;
        0.0 if allowed, else the seconds until one more is."""
        wait = await self.seat_messages.take(f"seat:{seat_key}", self.shared)
        if wait > 0:
            return wait
        return await self.address_messages.take(f"address:{address}", self.shared)

    async def hello(self, key: str) -> float:
        """Charge one hello of an address (``address:...``) or a seat (``seat:...``)."""
        return await self.hellos.take(f"hello:{key}", self.shared)

    async def close(self) -> None:
        """Release Redis, if the budgets are shared."""
        if self.shared is not None:
            await self.shared.close()
