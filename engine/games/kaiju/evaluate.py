"""How the search bot scores an unfinished kaiju game for a seat (engine/bots/search.py).

A player loses with more than 15 cost in their spirit zone (KJ-4.1) or no battle card in play
(KJ-4.2): room under the spirit limit and battle cards in play are what a seat has to lose."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.kaiju.state import SPIRIT_LIMIT, KaijuState, in_play, spirit_total

# random decisions before the evaluation scores a rollout: 100 iterations won 14, 22, 26, 28 and
# 35 of 40 mirror games against 25 after 0, 2, 8, 16 and 32 (`bench bot --against search:4x
# --budget 25i`, 2026-12-07): this evaluation is rough, and a deeper search only exploits its
# errors unless the rollout plays on to where the game shows who is ahead
ROLLOUT = 32


def evaluate(state: KaijuState, seat: int) -> float:
    def standing(s: int) -> float:
        return (SPIRIT_LIMIT - spirit_total(state, s)) + 2.0 * len(in_play(state, s))

    return share(standing(seat) - standing(1 - seat), 4.0)
