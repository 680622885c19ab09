"""The one seeded random source of a game.

Every random event (shuffles, coin flips) goes through here so that a game is reproducible
from its seed. `calls` is part of the state hash; `force_coins` lets tests inject coin results
(KJ-G16 asks for that).
"""

from __future__ import annotations

import random
from collections import deque


class Rng:
    __slots__ = ("_random", "calls", "forced")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.calls = 0
        self.forced: deque[bool] = deque()

    def hash_bytes(self) -> bytes:
        """What the state hash knows of the random source: how many draws were made."""
        return b"rng%d" % self.calls

    def shuffle(self, items: list) -> None:
        self.calls += 1
        self._random.shuffle(items)

    def coin(self) -> bool:
        """A fair coin: True means heads."""
        self.calls += 1
        if self.forced:
            return self.forced.popleft()
        return self._random.random() < 0.5

    def force_coins(self, *results: bool) -> None:
        self.forced.extend(results)

    def permutation(self, n: int) -> list[int]:
        order = list(range(n))
        self.shuffle(order)
        return order

    def choice_index(self, n: int) -> int:
        self.calls += 1
        return self._random.randrange(n)
