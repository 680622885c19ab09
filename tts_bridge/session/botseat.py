"""Bot seats at a refereed table: `serve --bot Red` seats a bot at a colour.

The bot's decisions go through the same path as a person's (`Session._decide`): they are
journaled, narrated to every colour in the same words, and the table sync moves the cards, so
at the table a bot's move looks like a player's. A short delay before each decision lets the
people at the table follow the game.

Hidden information: the session never hands a bot the game's state. A `Player` gets the
`Game` only to ask its seat's information set (engine/core/infoset.py builds it: the seat's
view, with hidden cards unusable), or its Request for the random bot (engine/bots).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable

from engine.bots import Player
from engine.core.game import Game


@dataclass(frozen=True)
class BotTurn:
    """A queued bot decision: valid only while the game still has `decisions` decisions (a
    decision made meanwhile, by a person in a joint step or on a resume, makes it stale)."""

    seat: int
    decisions: int


class BotSeats:
    """The bots of one session and the one timer each may have running."""

    def __init__(self, players: dict[int, Player], delay: float) -> None:
        self.players = dict(players)
        self.delay = delay
        self._queued: set[BotTurn] = set()
        self._lock = threading.Lock()

    def __contains__(self, seat: object) -> bool:
        return seat in self.players

    def schedule(self, game: Game, submit: Callable[[Any], None]) -> None:
        """Queue a decision for every bot seat that may answer now (once per decision count)."""
        if not self.players or game.result() is not None:
            return
        n = len(game.decisions)
        for seat in self.players:
            if game.request_for(seat) is None:
                continue
            turn = BotTurn(seat, n)
            with self._lock:
                if turn in self._queued:
                    continue
                self._queued.add(turn)
            if self.delay > 0:
                timer = threading.Timer(self.delay, submit, (turn,))
                timer.daemon = True
                timer.start()
            else:
                submit(turn)

    def decision(self, turn: BotTurn, game: Game) -> dict | None:
        """The bot's action for `turn`, or None when the turn is stale."""
        with self._lock:
            self._queued.discard(turn)
        if len(game.decisions) != turn.decisions or game.request_for(turn.seat) is None:
            return None
        return self.players[turn.seat].decide(game, turn.seat)
