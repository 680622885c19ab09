"""A decision's events, redacted for each seat only when somebody reads them.

A game records each event when it happens with the (card, seat) pairs of the cards it names
that a seat did not see then (`emit`); when the decision ends its events are redacted by
"saw it when it happened and still sees it" (`redacted`, through engine/core/view.py `redact`):
a card shown and hidden again within one decision is not named. Self-play, benchmarks and
search playouts never read the events, so `apply` hands them out unredacted (`decision_events`,
a `DecisionEvents` list that redacts on first read). They must be redacted while the state is
as their decision left it: a game's `apply` calls `publish_held` before it changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable
from weakref import ref

from engine.core.requests import Event
from engine.core.view import CardRef, Describe, card_refs, redact
from engine.core.zones import Table, Visibility

_PUBLIC = Visibility.PUBLIC
SEEN_BY_BOTH: frozenset = frozenset()  # `unseen` of an event whose cards both seats saw


@dataclass(slots=True)
class Emitted:
    """An event of the decision being applied that names cards, before redaction: `unseen`
    holds the (card, seat) pairs of its cards that a seat did not see when it happened (made on
    many emits: not frozen, which would cost a setattr call per field); `describe`, if set,
    names its cards instead of the game's usual description."""

    data: dict
    describe: Callable[[int], Any] | None
    unseen: frozenset


def emit(state: Any, data: dict, describe: Callable[[int], Any] | None = None) -> None:
    """Record an event of the decision being applied to `state` (`state.events`), after the
    move it reports; the cards it is about are `CardRef`s, at any depth (named by `describe` if
    given, else by the game's description). A seat is shown a card if it saw the card when the
    event happened and still sees it when the decision ends (`redacted`): a card shown and
    hidden again within one decision (a bounce, a reshuffle) is not named. An event naming no
    card is an Event now; else an `Emitted` records who does not see its cards now, asking the
    seats only if a card is not face up in a public zone (one call per event: games call it
    directly)."""
    refs = None
    for value in data.values():
        kind = type(value)
        if kind is CardRef:
            if refs is None:
                refs = [value.id]
            else:
                refs.append(value.id)
        elif kind is dict or kind is list:
            refs = card_refs(data)
            break
    if not refs:
        state.events.append(Event(data))
        return
    table = state.table
    specs, zone_of, face_down = table.specs, table.zone_of, table.face_down
    for card in refs:
        if specs[zone_of[card]].visibility is not _PUBLIC or card in face_down:
            state.events.append(Emitted(data, describe, table.unseen(refs)))
            return
    state.events.append(Emitted(data, describe, SEEN_BY_BOTH))  # both seats see them (`Table.visible_to`)


def redacted(table: Table, events: list, describe: Describe) -> list[Event]:
    """The decision's events (`emit`) for each seat, as the state is when the decision ends.
    An event whose unseen cards are all still unseen by those seats is redacted by who sees each
    card now, the redactor's default and its quick path for flat events (on a copy: the default
    replaces card references in place)."""
    visible = table.visible_to
    out = []
    for e in events:
        if type(e) is Event:
            out.append(e)
            continue
        unseen = e.unseen
        if not unseen or not any(visible(card, seat) for card, seat in unseen):
            out.append(redact(table, dict(e.data), e.describe or describe))
            continue
        out.append(redact(table, e.data, e.describe or describe,
                          lambda card, seat, unseen=unseen: (card, seat) not in unseen and visible(card, seat)))
    return out


class DecisionEvents(list):
    """The events of one decision as `apply` returns them, redacted for each seat when first
    read, by any list operation: self-play and search playouts never read them and never pay
    for it. They must be redacted before the state changes again: `apply` publishes the last
    decision's events first if somebody still holds them (`publish_held`), so they are what
    redaction gave when that decision ended. Copies and pickles are plain lists."""

    __slots__ = ("_redact", "__weakref__")

    def __init__(self, items: Any = (), redact: Callable[[], list[Event]] | None = None) -> None:
        list.__init__(self, items)
        self._redact = redact

    def publish(self) -> "DecisionEvents":
        """Redact the events now (once): they are read, or the state is about to change."""
        redact = self._redact
        if redact is not None:
            self._redact = None
            list.extend(self, redact())
        return self

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return list, (list(self.publish()),)

    def __radd__(self, other: Any) -> Any:
        return other + list(self.publish())


def _reading(name: str) -> Callable[..., Any]:
    """The list method `name`, on the published events (and on published events given to it)."""
    method = getattr(list, name)

    def read(self: DecisionEvents, *args: Any) -> Any:
        return method(self.publish(), *[a.publish() if type(a) is DecisionEvents else a for a in args])
    read.__name__ = read.__qualname__ = name
    return read


for _name in ("__iter__", "__len__", "__getitem__", "__contains__", "__reversed__", "__repr__", "__eq__", "__ne__",
              "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__", "__rmul__", "__iadd__", "__imul__",
              "__setitem__", "__delitem__", "__sizeof__", "append", "extend", "insert", "pop", "remove", "clear",
              "sort", "reverse", "index", "count", "copy"):
    setattr(DecisionEvents, _name, _reading(_name))


class HeldEvents:
    """A weak reference to the last decision's events (self-play drops them unread, and then
    they are never redacted). A copied or pickled state holds none: its events were handed out
    by the state it was copied from (a bare weak reference would make the state unpicklable)."""

    __slots__ = ("_ref",)

    def __init__(self, events: DecisionEvents | None = None) -> None:
        self._ref = None if events is None else ref(events)

    def __call__(self) -> DecisionEvents | None:
        return None if self._ref is None else self._ref()

    def __reduce__(self) -> tuple:
        return HeldEvents, ()


def decision_events(state: Any, describe: Callable[[int], Any]) -> list[Event]:
    """The events of the decision just applied to `state` (`state.events`, each recorded by
    `emit`), redacted when first read (`DecisionEvents`, by `redacted` with `describe`);
    `state.held_events` (a cache field) keeps a weak hold on them for `publish_held`. A
    decision without events (many a pass) hands out a plain empty list: nothing to redact."""
    if not state.events:
        return []
    events = DecisionEvents((), partial(redacted, state.table, state.events, describe))
    state.held_events = HeldEvents(events)
    return events


def last_events(state: Any, describe: Callable[[int], Any]) -> list[Event]:
    """The last decision's events for each seat, asked between two decisions (the state as that
    decision left it; a table adapter reading what the decision told each seat): those handed
    out if somebody still holds them, else redacted again (`redacted` leaves `state.events` as
    emitted, so it gives the same events)."""
    held = state.held_events
    events = held() if held is not None else None
    return events if events is not None else redacted(state.table, state.events, describe)


def publish_held(state: Any) -> None:
    """Before the state changes: the last decision's events, if somebody still holds them, are
    redacted while the state is as that decision left it."""
    held = state.held_events
    if held is not None:
        events = held()
        if events is not None:
            events.publish()
        state.held_events = None
