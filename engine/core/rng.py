"""The one seeded random source of a game: a keyed cryptographic stream.

Every random event (shuffles, coin flips) goes through here so that a game is reproducible
from its seed. The seed is 256 bits from `secrets` (`new_seed`), written as 64 hex digits in
the log and the journal; an integer seed (tests, demos, `--seed 7`) is stretched into a key
the same way. Draws are bytes of HMAC-SHA256(key, counter) for counter 0, 1, 2, ...: knowing
every past outcome reveals nothing about the next one (HMAC is a PRF), unlike a Mersenne
Twister seeded with 31 bits, whose seed a player could search for from their own opening hand.
`calls` is part of the state hash; `force_coins` lets tests inject coin results (KJ-G16).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections import deque

RNG_VERSION = "hmac-sha256/1"  # recorded in logs and journals: the stream that made the shuffles
SEED_BITS = 256
_HEX_SEED = re.compile(r"^[0-9a-f]{64}$")
_KEY_DOMAIN = b"tts-bridge rng seed v1\x00"

Seed = int | str


def new_seed() -> str:
    """A fresh 256-bit seed as 64 lower-case hex digits."""
    return secrets.token_hex(SEED_BITS // 8)


def parse_seed(text: str) -> Seed:
    """A seed as the command line gives it: a whole number, or 64 hex digits."""
    text = text.strip().lower()
    if _HEX_SEED.match(text):
        return text
    if text.lstrip("-").isdigit() and len(text) <= 80:
        return int(text)
    raise ValueError(f"a seed is a whole number or {SEED_BITS // 4} hex digits, not {text[:80]!r}")


def seed_key(seed: Seed) -> bytes:
    """The HMAC key of a seed: SHA-256 over a domain tag and the seed's canonical text, so an
    integer seed and a hex seed are stretched the same way and never share a key."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed is an int or {SEED_BITS // 4} hex digits, not {type(seed).__name__}")
    if isinstance(seed, str):
        if not _HEX_SEED.match(seed):
            raise ValueError(f"a seed string must be {SEED_BITS // 4} lower-case hex digits, not {seed[:80]!r}")
        canonical = b"hex:" + seed.encode("ascii")
    else:
        canonical = b"int:" + str(seed).encode("ascii")
    return hashlib.sha256(_KEY_DOMAIN + canonical).digest()


class Rng:
    __slots__ = ("_key", "_counter", "_pool", "_at", "calls", "forced")

    def __init__(self, seed: Seed) -> None:
        self._key = seed_key(seed)
        self._counter = 0
        self._pool = b""  # stream bytes made and not all used yet: the next one is _pool[_at]
        self._at = 0
        self.calls = 0
        self.forced: deque[bool] = deque()

    def hash_bytes(self) -> bytes:
        """What the state hash knows of the random source: how many draws were made."""
        return b"rng%d" % self.calls

    # -- the stream -----------------------------------------------------------------------
    def _refill(self, n: int) -> None:
        """Make sure `n` unused stream bytes are pooled (the used ones are dropped)."""
        pool = self._pool[self._at:]
        while len(pool) < n:
            pool += hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
            self._counter += 1
        self._pool, self._at = pool, 0

    def _bytes(self, n: int) -> bytes:
        """The next `n` bytes of the stream."""
        if self._at + n > len(self._pool):
            self._refill(n)
        at = self._at
        self._at = at + n
        return self._pool[at:at + n]

    def _below(self, n: int) -> int:
        """Uniform in [0, n) by rejection sampling (no modulo bias): the low `bits` bits of the
        next big-endian draw of as many bytes as they need, until one is below n."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        mask = (1 << bits) - 1
        if bits <= 8:  # one byte per draw (every shuffle of a deck): read it in place
            while True:
                if self._at >= len(self._pool):
                    self._refill(1)
                value = self._pool[self._at] & mask
                self._at += 1
                if value < n:
                    return value
        size = (bits + 7) // 8
        while True:
            value = int.from_bytes(self._bytes(size), "big") & mask
            if value < n:
                return value

    # -- draws ----------------------------------------------------------------------------
    def shuffle(self, items: list) -> None:
        """Fisher-Yates over the stream."""
        self.calls += 1
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def coin(self) -> bool:
        """A fair coin: True means heads."""
        self.calls += 1
        if self.forced:
            return self.forced.popleft()
        return self._below(2) == 1

    def force_coins(self, *results: bool) -> None:
        self.forced.extend(results)

    def permutation(self, n: int) -> list[int]:
        order = list(range(n))
        self.shuffle(order)
        return order

    def choice_index(self, n: int) -> int:
        self.calls += 1
        return self._below(n)
