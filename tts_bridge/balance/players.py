"""Who plays the balance games: the search bot or the random bot (engine/bots), chosen in one
place (`make_player`), so the balance command, its tests and the benchmark play the same players.
The search bot decides from the seat's information set only (engine/core/infoset.py); the
random bot from the pending Request."""

from __future__ import annotations

from engine.bots import Budget, Player, RandomPlayer, SearchPlayer

BOTS = ("search", "random")
# the search bot's default budget in balance runs: cheap enough for thousands of games on one
# machine, and it beats the random bot in kaiju (README, bench bot); raise it with --bot-budget
BALANCE_BUDGET = Budget(iterations=25)


def make_player(kind: str, seed: int, budget: Budget | None = None) -> Player:
    """A seeded player of `kind` (`search`, at `budget` or BALANCE_BUDGET, or `random`)."""
    if kind == "search":
        return SearchPlayer(seed, budget or BALANCE_BUDGET)
    return RandomPlayer(seed)
