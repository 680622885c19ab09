"""How the search bot scores an unfinished Qiguang game for a seat (engine/bots/search.py):
life (a player at 0 loses, QG-2.3.1) and characters in play, which deal and block damage."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.qiguang.state import QgState, characters


def evaluate(state: QgState, seat: int) -> float:
    def standing(s: int) -> float:
        return state.life[s] + 2.0 * len(characters(state, s))

    return share(standing(seat) - standing(1 - seat), 5.0)
