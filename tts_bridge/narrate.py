"""One line of text for an engine event: the game's own narration when it has one, else the
event's kind and fields in words (a narration line never shows a raw `key=value` dump)."""

from __future__ import annotations

from typing import Any


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("name") or value.get("title") or "a card")
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) or "nothing"
    return str(value).replace("_", " ")


def describe(event: dict) -> str:
    """`Seat 0: pay (amount 2)  [905.3c]` for an event no game sentence covers."""
    kind = str(event.get("type", "event")).replace("_", " ")
    who = f"Seat {event['seat']}: " if "seat" in event else ""
    details = "; ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in event.items() if k not in ("type", "seat", "rule"))
    rule = f"  [{event['rule']}]" if event.get("rule") else ""
    return f"{who}{kind}" + (f" ({details})" if details else "") + rule


def narrate(event: dict, rules: Any) -> str:
    own = getattr(rules, "narrate", None)
    return own(event) if own else describe(event)
