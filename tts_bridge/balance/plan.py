"""Which games a balance run plays: every ordered pairing of the decks, game by game.

Game `i` of a run is fully named by the run's seed and `i`: its pairing (round-robin over the
pairings), its game seed and its bots' seeds all derive from them. So a game re-run after a
lost worker is the same game, and the driver counts each index once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import permutations

from engine.core.game import Deck
from engine.core.rng import Seed
from engine.bots import Budget


@dataclass(frozen=True, slots=True)
class Pairing:
    """Deck `first` in seat 0 against deck `second` in seat 1 (indices into `Plan.decks`)."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Plan:
    game: str
    decks: tuple[Deck, ...]
    games: int
    seed: Seed
    bot: str  # the bot that plays both seats (players.BOTS)
    budget: Budget | None = None

    @property
    def pairings(self) -> tuple[Pairing, ...]:
        """Every ordered pair of different decks: both seat orders of every matchup."""
        return tuple(Pairing(a, b) for a, b in permutations(range(len(self.decks)), 2))

    def slot(self, index: int) -> int:
        """Which of `pairings` game `index` plays (round-robin, so every pairing gets its share)."""
        return index % (len(self.decks) * (len(self.decks) - 1))

    def pairing_of(self, index: int) -> Pairing:
        return self.pairings[self.slot(index)]

    def game_seed(self, index: int) -> int:
        """Game `index`'s 256-bit seed, derived from the run's seed."""
        return int.from_bytes(_derive(self.seed, "game", index), "big")

    def bot_seed(self, index: int, seat: int) -> int:
        """The seed of the bot in `seat` of game `index`."""
        return int.from_bytes(_derive(self.seed, "bot", index, seat)[:8], "big")


@dataclass(frozen=True, slots=True)
class Batch:
    """Games `start` to `stop - 1` of a plan: one Ray task."""

    start: int
    stop: int

    @property
    def indices(self) -> range:
        return range(self.start, self.stop)


def batches(plan: Plan, size: int) -> list[Batch]:
    return [Batch(start, min(start + size, plan.games)) for start in range(0, plan.games, size)]


def _derive(seed: Seed, *parts: object) -> bytes:
    text = "\0".join(["tts-bridge balance v1", repr(seed), *map(str, parts)])
    return hashlib.sha256(text.encode("utf-8")).digest()
