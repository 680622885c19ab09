"""`redact(..., visible=...)`: a game that redacts a decision's events when the decision ends
passes who saw each card when the event happened, so a card turned face down again in the
same decision is left out for the seat that no longer sees it (Sakura Arms 10-8, 10-17)."""

from __future__ import annotations

from engine.core.view import CardRef, card_refs, redact
from engine.core.zones import Table, Visibility, ZoneSpec


def _table() -> Table:
    table = Table((ZoneSpec("field", Visibility.PUBLIC),))
    for card in range(3):
        table.add_card(0, f"c{card}", "field", card)
    return table


def describe(card: int) -> dict:
    return {"id": card}


def test_card_refs_lists_the_cards_an_event_names():
    assert card_refs({"a": CardRef(2), "b": [CardRef(0), 5], "c": {"d": CardRef(1)}}) == [2, 0, 1]


def test_visible_replaces_the_tables_answer():
    table = _table()
    data = {"type": "use", "card": CardRef(1), "range": [1, 2]}
    assert redact(table, data, describe).for_seat(1)["card"] == {"id": 1}  # public now
    event = redact(table, data, describe, lambda card, seat: seat == 0)  # seat 1 no longer sees it
    assert event.for_seat(0) == {"type": "use", "card": {"id": 1}, "range": [1, 2]}
    assert event.for_seat(1) == {"type": "use", "range": [1, 2]}
