"""A seeded random bot: answers any Request with a uniformly random legal option."""

from __future__ import annotations

import random

from engine.core.requests import Request


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._bits = self._random.getrandbits

    def choose(self, request: Request) -> dict:
        return request.options[self.index_below(len(request.options))].action

    def index_below(self, n: int) -> int:
        """`random.Random.randrange(n)`, drawn the way it draws (`_randbelow`: k-bit draws
        until one is below n), without its argument checks: the same stream and numbers, a
        fraction of the cost (it runs on every decision of self-play). n < 1 raises as it does."""
        if n < 1:
            return self._random.randrange(n)
        k = n.bit_length()
        value = self._bits(k)
        while value >= n:
            value = self._bits(k)
        return value
