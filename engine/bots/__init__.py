"""Players that answer Requests: used by self-play, benchmarks, the demo and the fuzz tests.

Hosts drive every bot the same way, through a `Player`: `decide(game, seat)` returns an action
for the Request `seat` may answer now. The adapter is the only code that holds the Game: a
`SearchPlayer` hands its bot the seat's information set (engine/core/infoset.py), never the
game or its state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.requests import Request

_BUDGET = re.compile(r"^(?P<amount>\d+(?:\.\d+)?)(?P<unit>s|i)$")


@dataclass(frozen=True)
class Budget:
    """The search bot's budget per decision: iterations (reproducible) or seconds."""

    iterations: int | None = None
    seconds: float | None = None

    def times(self, k: int) -> "Budget":
        if self.iterations is not None:
            return Budget(iterations=self.iterations * k)
        return Budget(seconds=self.seconds * k)

    def __str__(self) -> str:
        return f"{self.iterations}i" if self.iterations is not None else f"{self.seconds:g}s"


def parse_budget(text: str) -> Budget:
    """`0.5s` (seconds per decision) or `200i` (iterations per decision), as every command line
    (`serve --bot-budget`, `referee`, `balance`, `bench bot`) gives it; ValueError otherwise."""
    match = _BUDGET.match(text.strip().lower())
    if match is None:
        raise ValueError(f"a bot budget is seconds or iterations per decision, e.g. 0.5s or 200i, not {text!r}")
    amount, unit = match["amount"], match["unit"]
    if unit == "i":
        if "." in amount or int(amount) < 1:
            raise ValueError(f"an iteration budget is a whole number of at least 1, e.g. 200i, not {text!r}")
        return Budget(iterations=int(amount))
    if float(amount) <= 0:
        raise ValueError(f"a time budget is more than 0 seconds, e.g. 0.5s, not {text!r}")
    return Budget(seconds=float(amount))


class Player(Protocol):
    def decide(self, game: "Game", seat: int) -> dict: ...


class RandomPlayer:
    """A uniformly random legal option (engine/bots/random_bot.py)."""

    def __init__(self, seed: int) -> None:
        from engine.bots.random_bot import RandomBot

        self.bot = RandomBot(seed)

    def decide(self, game: "Game", seat: int) -> dict:
        return self.bot.choose(_request(game, seat))


class SearchPlayer:
    """The search bot (engine/bots/search.py) on the seat's information set."""

    def __init__(self, seed: int, budget: Budget = Budget(iterations=200)) -> None:
        from engine.bots.search import SearchBot

        self.bot = SearchBot(seed, iterations=budget.iterations, seconds=budget.seconds)

    def decide(self, game: "Game", seat: int) -> dict:
        from engine.core.infoset import information_set

        _request(game, seat)
        return self.bot.choose(information_set(game, seat))


def _request(game: "Game", seat: int) -> "Request":
    request = game.request_for(seat)
    if request is None:
        raise ValueError(f"seat {seat} has no decision to make now")
    return request
