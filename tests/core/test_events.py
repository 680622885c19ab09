"""Events redacted when first read (engine/core/events.py): every way of reading a decision's
events redacts them once, and events held unread are redacted before the state changes again."""

from __future__ import annotations

import copy
import pickle

from engine.core.events import DecisionEvents, HeldEvents, handed_out, publish_held
from engine.core.requests import Event


def test_decision_events_read_as_the_list_they_redact_to_once():
    """Every way of reading the events redacts them, once; copies and pickles are plain lists."""
    made: list[int] = []

    def events(*items: Event) -> DecisionEvents:
        return DecisionEvents((), lambda: made.append(1) or list(items))

    first, second = Event({"type": "a"}), Event({"type": "b"})
    assert len(events(first)) == 1 and list(events(first, second)) == [first, second]
    assert events(first) == [first] and [first] == events(first) and events(first) == events(first)
    assert events(first) != events(second) and events(first)[0] is first and first in events(first)
    assert [second] + events(first) == [second, first] and events(first) + [second] == [first, second]
    assert repr(events(first)) == repr([first]) and bool(events()) is False
    assert copy.deepcopy(events(first)) == [first] and type(copy.copy(events(first))) is list
    assert pickle.loads(pickle.dumps(events(first))) == [first]
    held = events(first)
    made.clear()
    held.append(second)
    assert held == [first, second] and made == [1]


class _State:
    held_events: HeldEvents | None = None


def test_held_events_are_published_before_the_state_changes_and_dropped_ones_never():
    """`publish_held` redacts the events somebody still holds, once; events nobody holds are
    never redacted; a pickled holder holds nothing."""
    made: list[str] = []
    state = _State()
    kept = handed_out(state, lambda: made.append("kept") or [Event({"type": "kept"})])
    publish_held(state)
    assert made == ["kept"] and state.held_events is None
    handed_out(state, lambda: made.append("dropped") or [])  # dropped unread: the weak hold lets it go
    publish_held(state)
    assert made == ["kept"] and kept == [Event({"type": "kept"})] and made == ["kept"]
    again = handed_out(state, lambda: made.append("again") or [])
    assert state.held_events() is again and pickle.loads(pickle.dumps(state.held_events))() is None
