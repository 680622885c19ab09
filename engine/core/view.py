"""One view builder and one redactor for every game, from the zone declarations.

Who may see a card is decided in one place, `Table.visible_to` (zone visibility, face-down
cards, owners). Views of zones and cards, and events, are built here from it, so no game
writes its own scrubber:

- `card_view` / `zone_view`: a card a seat may not see is `{"face_down": true}` without an
  id; a hidden zone is only its count, an owner-only zone shows its cards to its owner (and
  to a seat an effect lets look at some of them, `Table.reveal`, the others face down).
- `Events.emit`: a game names the cards an event is about with `CardRef`; the redactor turns
  each into the card's JSON for the seats that see that card when the event happens, and
  leaves it out (a dict value) or shows it face down (a list item) for the others.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core.requests import NOBODY, Event
from engine.core.zones import Table, Visibility

Describe = Callable[[int], dict]
FACE_DOWN = {"face_down": True}
_PUBLIC = Visibility.PUBLIC


class CardRef:
    """A card an event is about; the redactor decides, per seat, whether it shows."""

    __slots__ = ("id",)

    def __init__(self, card: int) -> None:
        self.id = card

    def __repr__(self) -> str:
        return f"CardRef({self.id})"


def card_view(table: Table, card: int, seat: int | None, describe: Describe) -> dict:
    """The card as `seat` may see it (`None`: the omniscient debug view)."""
    if not table.visible_to(card, seat):
        return {"face_down": True}
    return describe(card)


def zone_view(table: Table, owner: int, name: str, seat: int | None, describe: Describe) -> Any:
    """A zone by its declaration: hidden zones are counts, owner-only zones show their cards to
    their owner (and a count to everyone), public zones are lists of card views."""
    cards = table.zone(owner, name)
    visibility = table.specs[f"{owner}.{name}"].visibility
    if visibility is Visibility.PUBLIC:
        return [card_view(table, c, seat, describe) for c in cards]
    if visibility is Visibility.OWNER and (seat is None or seat == owner) or _looks_at(table, cards, seat):
        return {"count": len(cards), "cards": [card_view(table, c, seat, describe) for c in cards]}
    return {"count": len(cards)}


def _looks_at(table: Table, cards: list[int], seat: int | None) -> bool:
    """Whether an effect lets `seat` look at one of these cards now (`Table.reveal`): the zone
    then lists its cards to that seat, the ones not shown face down."""
    revealed = table.revealed
    return bool(revealed) and seat is not None and any((c, seat) in revealed for c in cards)


def _refs(data: Any, out: list[int]) -> None:
    kind = type(data)
    if kind is CardRef:
        out.append(data.id)
    elif kind is dict:
        for value in data.values():
            if type(value) in (CardRef, dict, list):
                _refs(value, out)
    elif kind is list:
        for value in data:
            if type(value) in (CardRef, dict, list):
                _refs(value, out)


def _shown(data: Any, hidden: set[int], describe: Describe) -> Any:
    """`data` with every CardRef described, except hidden ones: dropped from dicts, face down in lists."""
    kind = type(data)
    if kind is dict:
        out = {}
        for key, value in data.items():
            vkind = type(value)
            if vkind is CardRef:
                if value.id not in hidden:
                    out[key] = describe(value.id)
            elif vkind is dict or vkind is list:
                out[key] = _shown(value, hidden, describe)
            else:
                out[key] = value
        return out
    if kind is list:
        return [(dict(FACE_DOWN) if v.id in hidden else describe(v.id)) if type(v) is CardRef
                else _shown(v, hidden, describe) if type(v) in (dict, list) else v for v in data]
    return data


def card_refs(data: Any) -> list[int]:
    """The ids of the cards an event names (its `CardRef`s), in order."""
    refs: list[int] = []
    _refs(data, refs)
    return refs


def redact(table: Table, data: dict, describe: Describe,
           visible: Callable[[int, int], bool] | None = None) -> Event:
    """The event for each seat, from who sees each named card now (`visible`, by default
    `table.visible_to`: a game whose events are redacted at the end of a decision passes "saw
    it when it happened and still sees it", so a card hidden again meanwhile is not named).
    With the default, `data` must be the caller's own dict made for this event: a flat event's
    card reference is replaced in place (the usual case, kept cheap: it runs on every emit)."""
    if visible is None:
        ref_keys = None
        nested = False
        for key, value in data.items():  # most events are flat: one pass finds their cards
            kind = type(value)
            if kind is CardRef:
                if ref_keys is None:
                    ref_keys = [key]
                else:
                    ref_keys.append(key)
            elif kind is dict or kind is list:
                nested = True
        if not nested:
            if ref_keys is None:
                return Event(data)
            specs, zone_of, face_down = table.specs, table.zone_of, table.face_down
            for key in ref_keys:
                card = data[key].id
                if specs[zone_of[card]].visibility is not _PUBLIC or card in face_down:
                    break
            else:  # the usual event: every card it names is public
                for key in ref_keys:
                    data[key] = describe(data[key].id)
                return Event(data)
            if len(ref_keys) == 1:  # one card some seat may not see
                key = ref_keys[0]
                card = data[key].id
                sees = (table.visible_to(card, 0), table.visible_to(card, 1))
                others = {k: v for k, v in data.items() if k != key}
                data[key] = describe(card)
                if sees[0] and sees[1]:  # a hidden card a look shows to the other seat too
                    return Event(data)
                if sees[0] or sees[1]:
                    return Event(data, 0 if sees[0] else 1, others)
                return Event(data, NOBODY, others)
    refs: list[int] = []
    _refs(data, refs)
    if not refs:
        return Event(data)
    visible = visible or table.visible_to
    hidden = [{c for c in refs if not visible(c, seat)} for seat in (0, 1)]
    full = _shown(data, set(), describe)
    if not hidden[0] and not hidden[1]:
        return Event(full)
    if not hidden[0] or not hidden[1]:
        sees = 0 if not hidden[0] else 1
        return Event(full, sees, _shown(data, hidden[1 - sees], describe))
    if hidden[0] == hidden[1]:
        return Event(full, NOBODY, _shown(data, hidden[0], describe))
    return Event(full, NOBODY, None, (_shown(data, hidden[0], describe), _shown(data, hidden[1], describe)))
