"""Who plays the balance games: the search bot or the random bot (engine/bots), chosen in one
place (`make_player`), so the balance command, its tests and the benchmark play the same players.
The search bot decides from the seat's information set only (engine/core/infoset.py); the
random bot from the pending Request."""

from __future__ import annotations

from engine.bots import Budget, Player, RandomPlayer, SearchPlayer

BOTS = ("search", "random")


def make_player(kind: str, seed: int, budget: Budget | None = None) -> Player:
    """A seeded player of `kind` (`search`, at `budget` or the search bot's default, or `random`)."""
    if kind == "search":
        return SearchPlayer(seed, budget) if budget is not None else SearchPlayer(seed)
    return RandomPlayer(seed)
