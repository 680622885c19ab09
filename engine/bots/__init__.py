"""Players that answer Requests: used by self-play, benchmarks, the demo and the fuzz tests.

Hosts drive every bot the same way, through a `Player`: `decide(game, seat)` returns an action
for the Request `seat` may answer now. The adapter is the only code that holds the Game: a
`SearchPlayer` hands its bot the seat's information set (engine/core/infoset.py), never the
game or its state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.core.game import Game


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

    def __init__(self, seed: int, iterations: int | None = None, seconds: float | None = None) -> None:
        from engine.bots.search import SearchBot

        self.bot = SearchBot(seed, iterations=iterations, seconds=seconds)

    def decide(self, game: "Game", seat: int) -> dict:
        from engine.core.infoset import information_set

        _request(game, seat)
        return self.bot.choose(information_set(game, seat))


def _request(game: "Game", seat: int):
    request = game.request_for(seat)
    if request is None:
        raise ValueError(f"seat {seat} has no decision to make now")
    return request
