"""How the search bot scores an unfinished kaiju game for a seat (engine/bots/search.py).

A player loses with more than 15 cost in their spirit zone (KJ-4.1) or no battle card in play
(KJ-4.2): room under the spirit limit and battle cards in play are what a seat has to lose."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.kaiju.state import SPIRIT_LIMIT, KaijuState, in_play, spirit_total


def evaluate(state: KaijuState, seat: int) -> float:
    def standing(s: int) -> float:
        return (SPIRIT_LIMIT - spirit_total(state, s)) + 2.0 * len(in_play(state, s))

    return share(standing(seat) - standing(1 - seat), 4.0)
