"""How the search bot scores an unfinished Vividz game for a seat (engine/bots/search.py):
missions cleared (all three win, 1005.1) or checked on the way, characters in the Area that
clear them, and cards left in the Deck: the hand refills to five from it at both draw phases
(702.4, 706.4), so cards spent as Energy bring an empty Deck, which loses (1005.2), closer."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.vividz.state import VividzState, zone


def evaluate(state: VividzState, seat: int) -> float:
    face_down, checked = state.table.face_down, state.sleep
    started = state.phase != "setup"  # missions are placed face down, then turned up (601.1b-g)

    def standing(s: int) -> float:
        missions = zone(state, s, "mission") if started else ()
        cleared = sum(m in face_down for m in missions)
        ticked = sum(m in checked and m not in face_down for m in missions)
        deck = len(zone(state, s, "deck"))
        return 3.0 * cleared + ticked + len(zone(state, s, "area")) + 0.7 * deck - (6.0 if deck == 0 else 0.0)

    return share(standing(seat) - standing(1 - seat), 3.0)
