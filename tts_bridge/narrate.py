"""One line of text for an engine event: the game's own narration when it has one."""

from __future__ import annotations

from typing import Any


def narrate(event: dict, rules: Any = None) -> str:
    if rules is None:  # callers that do not say which game: kaiju's events (the first game)
        from engine.games.kaiju import RULES as rules
    own = getattr(rules, "narrate", None)
    return own(event) if own else ", ".join(f"{k}={v}" for k, v in event.items())
