"""How the search bot scores an unfinished Sakura Arms duel for a seat (engine/bots/search.py):
Life (a duellist at 0 loses, 4-2) and, far less, the Aura that shields it."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.sakura_arms.state import AURA, LIFE, SakuraState


def evaluate(state: SakuraState, seat: int) -> float:
    tok = state.tok

    def standing(s: int) -> float:
        return tok[LIFE[s]] + 0.3 * tok[AURA[s]]

    return share(standing(seat) - standing(1 - seat), 2.5)
