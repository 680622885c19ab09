"""One line of text for an engine event: the game's own narration when it has one."""

from __future__ import annotations

from typing import Any


def narrate(event: dict, rules: Any) -> str:
    own = getattr(rules, "narrate", None)
    return own(event) if own else ", ".join(f"{k}={v}" for k, v in event.items())
