"""Who plays the balance games: the search bot when this build has it, else the random bot.

The bot is chosen in one place (`make_player`), so the balance command, its tests and the
benchmark play the same players. The search bot decides from the seat's information set only
(engine/core/infoset.py); the random bot from the pending Request.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass

from engine.bots.random_bot import RandomBot
from tts_bridge.selfplay import Player

BOTS = ("search", "random")
_BUDGET = re.compile(r"^(?P<amount>\d+(?:\.\d+)?)(?P<unit>s|i)$")


@dataclass(frozen=True, slots=True)
class Budget:
    """The search bot's budget per decision: seconds of thinking or a number of iterations
    (iterations make a game reproducible from its seed; seconds do not)."""

    seconds: float | None = None
    iterations: int | None = None

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else f"{self.iterations}i"


def parse_budget(text: str) -> Budget:
    """`0.5s` (seconds per decision) or `200i` (iterations per decision); ValueError otherwise."""
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


def search_available() -> bool:
    """Whether this build has the search bot (engine/bots/search.py)."""
    return importlib.util.find_spec("engine.bots.search") is not None


def bot_that_plays(kind: str) -> str:
    """The bot that will play when `kind` is asked for: `search` falls back to `random` in a
    build without the search bot (the report and the command's note say which played)."""
    return "search" if kind == "search" and search_available() else "random"


def make_player(kind: str, seed: int, budget: Budget | None = None) -> Player:
    """A seeded player of `kind` (`search` or `random`, as `bot_that_plays` resolves it)."""
    if bot_that_plays(kind) == "search":
        from engine.bots.search import SearchBot
        from engine.core.infoset import information_set

        budget = budget or Budget()
        bot = SearchBot(seed, iterations=budget.iterations, seconds=budget.seconds)
        return lambda game, request: bot.choose(information_set(game, request.seat))
    random_bot = RandomBot(seed)
    return lambda game, request: random_bot.choose(request)
