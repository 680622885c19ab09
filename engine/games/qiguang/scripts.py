"""The Python escape hatch: effects too odd for the vocabulary, referenced as `script: name`.

Each function receives the state and the effect context (seat, source, target, x).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.games.qiguang.state import emit


def refresh_crystals(state: Any, ctx: tuple) -> None:
    """"Second Wind": untap all of your tapped race crystals."""
    seat = ctx[0]
    c = state.crystals[seat]
    for i in range(3):
        c[i] += c[i + 3]
        c[i + 3] = 0
    emit(state, {"type": "untapped", "seat": seat, "rule": "QG-0.1"})


SCRIPTS: dict[str, Callable[[Any, tuple], None]] = {"refresh_crystals": refresh_crystals}
