"""The one view builder and redactor (engine/core/view.py): a card shows to exactly the seats
that may see it when the event happens, in every event shape."""

from __future__ import annotations

from engine.core.requests import NOBODY
from engine.core.view import CardRef, card_view, redact, zone_view
from engine.core.zones import Table, Visibility, ZoneSpec

SPECS = (ZoneSpec("deck", Visibility.HIDDEN), ZoneSpec("hand", Visibility.OWNER), ZoneSpec("field", Visibility.PUBLIC))


def _table() -> Table:
    table = Table(SPECS)
    for card in range(6):
        table.add_card(card % 2, f"c{card}", "deck", card)
    table.move(2, 0, "hand")  # seat 0's hand card
    table.move(3, 1, "hand")  # seat 1's hand card
    table.move(4, 0, "field")
    return table


def describe(card: int) -> dict:
    return {"id": card, "name": f"c{card}"}


def test_a_public_card_shows_to_everyone():
    event = redact(_table(), {"type": "play", "card": CardRef(4)}, describe)
    assert [event.for_seat(s) for s in (0, 1, None)] == [{"type": "play", "card": describe(4)}] * 3


def test_an_owner_only_card_is_left_out_for_the_other_seat():
    event = redact(_table(), {"type": "draw", "seat": 0, "card": CardRef(2)}, describe)
    assert event.for_seat(0) == {"type": "draw", "seat": 0, "card": describe(2)}
    assert event.for_seat(1) == {"type": "draw", "seat": 0}
    assert event.for_seat(None) == event.for_seat(0)


def test_a_card_nobody_sees_shows_only_in_the_omniscient_view():
    event = redact(_table(), {"type": "mill", "card": CardRef(0)}, describe)
    assert event.seat == NOBODY
    assert event.for_seat(0) == event.for_seat(1) == {"type": "mill"}
    assert event.for_seat(None) == {"type": "mill", "card": describe(0)}


def test_each_seat_sees_its_own_part_and_lists_keep_hidden_cards_face_down():
    event = redact(_table(), {"type": "swap", "cards": [CardRef(2), CardRef(3), CardRef(4)]}, describe)
    assert event.for_seat(0) == {"type": "swap", "cards": [describe(2), {"face_down": True}, describe(4)]}
    assert event.for_seat(1) == {"type": "swap", "cards": [{"face_down": True}, describe(3), describe(4)]}


def test_nested_references_are_redacted_too():
    event = redact(_table(), {"type": "x", "detail": {"from": CardRef(3), "to": CardRef(4)}}, describe)
    assert event.for_seat(0) == {"type": "x", "detail": {"to": describe(4)}}
    assert event.for_seat(1) == {"type": "x", "detail": {"from": describe(3), "to": describe(4)}}


def test_zone_views_follow_the_declaration():
    table = _table()
    assert zone_view(table, 0, "deck", 0, describe) == {"count": 1}
    assert zone_view(table, 0, "hand", 0, describe) == {"count": 1, "cards": [describe(2)]}
    assert zone_view(table, 0, "hand", 1, describe) == {"count": 1}
    assert zone_view(table, 0, "field", 1, describe) == [describe(4)]
    table.face_down.add(4)
    assert card_view(table, 4, 1, describe) == {"face_down": True}
    assert card_view(table, 4, 0, describe) == describe(4)
