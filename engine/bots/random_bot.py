"""A seeded random bot: answers any Request with a uniformly random legal option."""

from __future__ import annotations

import random

from engine.core.requests import Request


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose(self, request: Request) -> dict:
        return request.options[self._random.randrange(len(request.options))].action
