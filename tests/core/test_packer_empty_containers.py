"""The generated packer skips the encoder of an empty container field (most per-turn sets
and queues are empty at most decisions): the bytes are the same as through the encoder, and
a field that is not a declared container never takes the shortcut."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core import hashing
from engine.core.hashing import pack_state


def _declare(name: str) -> type:
    @dataclasses.dataclass(slots=True, eq=False)
    class State:
        queue: list[dict] = dataclasses.field(default_factory=list)      # _canon
        names: set[str] = dataclasses.field(default_factory=set)         # _sorted
        slots: dict[str, int] = dataclasses.field(default_factory=dict)  # _sorted_items
        books: dict[int, set[str]] = dataclasses.field(default_factory=dict)
        anything: Any = None                                             # _canon, not a container
    State.__name__ = State.__qualname__ = name
    return State


def _variants(state_type: type) -> list:
    states = [state_type()]
    full = state_type(queue=[{"kind": "card", "card": 3}], names={"b", "a"}, slots={"g": 1}, books={4: {"x"}})
    states.append(full)
    for value in (0, (), [], "", False):
        states.append(state_type(anything=value))
    return states


def test_empty_containers_pack_as_their_encoders_would(monkeypatch):
    shortcut = _declare("WithShortcut")
    with monkeypatch.context() as m:
        m.setattr(hashing, "_EMPTY_IS_UNIT", set())
        plain = _declare("WithoutShortcut")
        expected = [pack_state(s) for s in _variants(plain)]
    assert [pack_state(s) for s in _variants(shortcut)] == expected


def test_a_field_that_is_no_declared_container_never_takes_the_shortcut():
    """An `Any` field holding 0, (), [] or "" must not pack like an empty container."""
    state_type = _declare("AnyField")
    packed = [pack_state(state_type(anything=v)) for v in (0, (), "", False)]
    assert len(set(packed)) == len(packed)
