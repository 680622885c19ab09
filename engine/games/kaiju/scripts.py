"""The Python escape hatch: effects too odd for the vocabulary, referenced as `script: name`.

Each function receives the state and the effect context (`seat`, `source`, `target`).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.games.kaiju.state import card_json, emit, engaged, speed


def outpace(state: Any, ctx: dict) -> None:
    """"Time Warp": until the end of the turn your engaged card is one faster than the opponent's."""
    mine, theirs = engaged(state, ctx["seat"]), engaged(state, 1 - ctx["seat"])
    if mine is None or theirs is None:
        return
    gap = speed(state, theirs) + 1 - speed(state, mine)
    if gap > 0:
        state.turn_speed_bonus[mine] = state.turn_speed_bonus.get(mine, 0) + gap
    emit(state, {"type": "speed_changed", "card": card_json(state, mine), "speed": speed(state, mine)})


SCRIPTS: dict[str, Callable[[Any, dict], None]] = {"outpace": outpace}
