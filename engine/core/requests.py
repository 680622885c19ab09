"""Requests (what the engine waits for), options (what may be answered) and events.

The engine never blocks: it exposes one pending Request whose options list every legal
answer. The same list feeds the UI, input validation, the bots and the fuzzer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def _json_kind(value: Any) -> type:
    """The JSON type a value is written as (a tuple is an array, an IntEnum an int)."""
    for kind in (bool, int, float, str, dict):
        if isinstance(value, kind):
            return kind
    return list if isinstance(value, (list, tuple)) else type(value)


_ATOMS = frozenset((int, str, bool, float, type(None)))


def same_json(a: Any, b: Any) -> bool:
    """Type-strict JSON equality: `True` is not `1` and `76.0` is not `76` (Python's `==` says
    they are, which let type-confused moves through as if they were legal options). Values of
    one exact type compare directly: every decision checks its action with this."""
    kind = type(a)
    if kind is type(b):
        if kind in _ATOMS:
            return a == b
        if kind is dict:
            if a.keys() != b.keys():
                return False
            for key, value in a.items():
                other = b[key]
                if type(value) is type(other) and type(value) in _ATOMS:
                    if value != other:
                        return False
                elif not same_json(value, other):
                    return False
            return True
    kind = _json_kind(a)
    if kind is not _json_kind(b):
        return False
    if kind is dict:
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if kind is list:
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b


class Option:
    """One legal answer. Its `id` is derived from the action only when asked for (it is for
    UIs; the engine matches on the action itself), which keeps option generation cheap. An
    Option and its action are never changed once made: a game may hand the same Option out at
    several decisions (sakura-arms makes its main-phase options once per duel, gundam-war shares
    its Pass), and the log keeps the chosen action object itself."""

    __slots__ = ("label", "action")

    def __init__(self, label: str, action: dict[str, Any]) -> None:
        self.label = label
        self.action = action

    @property
    def id(self) -> str:
        return ":".join(str(v) for v in self.action.values())

    def __repr__(self) -> str:
        return f"Option({self.label!r}, {self.action!r})"

    def to_json(self) -> dict:
        return {"id": self.id, "label": self.label, "action": self.action}


@dataclass(slots=True)
class Request:
    """What the engine waits for. `rule` and `wait` come from the step that asks (see
    engine/core/flow.py): the rule that gives this decision to `seat`, and what any other
    seat is told when it tries to move. `also` names the other seats that may answer the same
    step now, each from its own Request (`Game.request_for`): choices the rules let players
    make at the same time, such as kaiju's opening cards (KJ-3.1.3)."""

    seat: int
    kind: str
    prompt: str
    options: list[Option]
    rule: str | None = None
    wait: str | None = None
    also: tuple[int, ...] = ()

    def find(self, action: Any) -> Option | None:
        """The first option whose action is `action` (type-strict, `same_json`). A bot answers
        with an option's own action object, which is the same JSON as itself: no comparison."""
        for option in self.options:
            known = option.action
            if known is action or known == action and same_json(known, action):
                return option
        return None

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            **({"also": list(self.also)} if self.also else {}),
        }


@dataclass(slots=True)
class Result:
    winner: int | None
    draw: bool
    reason: str
    rule: str | None = None

    def to_json(self) -> dict:
        out = {"winner": self.winner, "draw": self.draw, "reason": self.reason}
        if self.rule:
            out["rule"] = self.rule
        return out


NOBODY = -1  # an Event's `seat` when no seat sees all of it (only the omniscient view does)


@dataclass(slots=True)
class Event:
    """Something that happened. `private` events show `data` to `seat` and `redacted` to the
    others (or nothing when `redacted` is None), so hidden cards never leak through events;
    `per_seat` gives each seat its own version when each sees a different part (built by the
    redactor, engine/core/view.py)."""

    data: dict[str, Any]
    seat: int | None = None
    redacted: dict[str, Any] | None = field(default=None)
    per_seat: tuple | None = None

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        if self.seat is None or seat is None or seat == self.seat:
            return self.data
        if self.per_seat is not None:
            return self.per_seat[seat]
        return self.redacted
