"""Events redacted when first read (engine/core/events.py): every way of reading a decision's
events redacts them once, and events held unread are redacted before the state changes again."""

from __future__ import annotations

import copy
import pickle

from engine.core import events
from engine.core.events import DecisionEvents
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
    """What `decision_events` reads of a game's state."""

    def __init__(self) -> None:
        self.table, self.events, self.held_events = None, [], None


def test_held_events_are_published_before_the_state_changes_and_dropped_ones_never(monkeypatch):
    """`publish_held` redacts the events somebody still holds, once; events nobody holds are
    never redacted; a pickled holder holds nothing."""
    made: list[str] = []
    monkeypatch.setattr(events, "redacted", lambda table, emitted, describe: made.extend(emitted) or list(emitted))
    state = _State()
    state.events = ["kept"]
    kept = events.decision_events(state, str)
    events.publish_held(state)
    assert made == ["kept"] and state.held_events is None
    state.events = ["dropped"]
    events.decision_events(state, str)  # dropped unread: the weak hold lets it go
    events.publish_held(state)
    assert kept == ["kept"] and made == ["kept"]
    state.events = ["again"]
    again = events.decision_events(state, str)
    assert state.held_events() is again and pickle.loads(pickle.dumps(state.held_events))() is None
    assert made == ["kept"]
    events.publish_held(state)
    state.events = []
    assert type(events.decision_events(state, str)) is list and state.held_events is None  # nothing to redact
