"""A per-seat reveal (`Table.reveal`): an effect lets a seat look at cards it could not see. The
one definition of who sees a card (`Table.visible_to`) includes it, so views, events and that
seat's choices may name the cards to that seat alone, and only while the reveal lasts; the
state hash includes it."""

from __future__ import annotations

from types import SimpleNamespace

from engine.core.events import emit, redacted
from engine.core.view import CardRef, redact, zone_view
from engine.core.zones import Table, Visibility, ZoneSpec

SPECS = (ZoneSpec("deck", Visibility.HIDDEN), ZoneSpec("hand", Visibility.OWNER), ZoneSpec("field", Visibility.PUBLIC))


def _table() -> Table:
    table = Table(SPECS)
    for card in range(6):
        table.add_card(card % 2, f"c{card}", "deck", card)
    table.move(1, 1, "hand")
    table.move(3, 1, "hand")  # seat 1's hand: cards 1 and 3
    table.move(4, 0, "field")
    table.face_down.add(4)  # a face-down card of seat 0 in a public zone
    return table


def describe(card: int) -> dict:
    return {"id": card, "name": f"c{card}"}


def test_a_revealed_card_is_visible_to_that_seat_alone_until_concealed():
    table = _table()
    assert table.reveal([1, 4], 0) == [1]          # card 4 is seat 0's own: nothing to show
    assert table.visible_to(1, 0) and table.visible_to(1, 1) and not table.visible_to(3, 0)
    table.conceal(0)
    assert not table.visible_to(1, 0) and table.visible_to(1, 1)


def test_a_face_down_card_and_a_hidden_zone_card_can_be_revealed_too():
    table = _table()
    table.reveal([4, 5], 1)
    assert table.visible_to(4, 1) and table.visible_to(5, 1) and not table.visible_to(5, 0)
    table.conceal(1, [4])
    assert not table.visible_to(4, 1) and table.visible_to(5, 1)


def test_the_reveal_of_a_card_ends_when_it_moves():
    table = _table()
    table.reveal([1, 3], 0)
    table.move(1, 1, "deck")
    assert not table.visible_to(1, 0) and table.visible_to(3, 0)
    table.move(1, 1, "hand")
    assert not table.visible_to(1, 0)               # back where it was: the look saw it before it moved


def test_the_zone_view_lists_the_looked_at_cards_to_that_seat_and_only_to_it():
    table = _table()
    assert zone_view(table, 1, "hand", 0, describe) == {"count": 2}
    table.reveal([3], 0)
    assert zone_view(table, 1, "hand", 0, describe) == {"count": 2, "cards": [{"face_down": True}, describe(3)]}
    assert zone_view(table, 1, "hand", 1, describe) == {"count": 2, "cards": [describe(1), describe(3)]}
    table.conceal(0)
    assert zone_view(table, 1, "hand", 0, describe) == {"count": 2}


def test_an_event_about_a_revealed_card_names_it_to_both_seats_and_to_neither_after_the_look():
    table = _table()
    table.reveal([3], 0)
    event = redact(table, {"type": "look", "card": CardRef(3)}, describe)
    assert event.for_seat(0) == event.for_seat(1) == {"type": "look", "card": describe(3)}
    state = SimpleNamespace(table=table, events=[])
    emit(state, {"type": "look", "card": CardRef(3)})
    assert state.events[0].unseen == frozenset()  # recorded as seen by both seats (engine/core/events.py)
    [event] = redacted(table, state.events, describe)
    assert event.for_seat(0) == event.for_seat(1) == {"type": "look", "card": describe(3)}
    table.conceal(0)
    event = redact(table, {"type": "look", "card": CardRef(3)}, describe)
    assert event.for_seat(0) == {"type": "look"} and event.for_seat(1) == {"type": "look", "card": describe(3)}


def test_the_hash_of_a_table_includes_who_looks_at_what():
    plain, looked, other = _table(), _table(), _table()
    looked.reveal([3], 0)
    other.reveal([1], 0)
    assert len({plain.snapshot(), looked.snapshot(), other.snapshot()}) == 3
    assert len({repr(plain.hash_value()), repr(looked.hash_value()), repr(other.hash_value())}) == 3
    looked.conceal(0)
    assert looked.snapshot() == plain.snapshot() and looked.hash_value() == plain.hash_value()


def test_a_card_given_to_another_player_is_theirs_to_see_and_hashes_differently_until_given_back():
    """Owners may change (Sakura Arms 5-4: the owner is who prepared the card "at the start of the
    duel"): the new owner sees it in an owner-only zone, the first owner no longer does."""
    table, plain = _table(), _table()
    table.give(0, 1)
    table.move(0, 1, "hand")
    plain.move(0, 1, "hand")
    assert table.visible_to(0, 1) and not table.visible_to(0, 0) and table.first_owner(0) == 0
    assert table.snapshot() != plain.snapshot() and table.hash_value() != plain.hash_value()
    table.give(0, 0)
    assert table.first_owner(0) == 0 and not table.given
    assert table.snapshot() == plain.snapshot() and table.hash_value() == plain.hash_value()


def _agrees(table: Table) -> None:
    """`zone_visible_to` says what `visible_to` says of every card in the zone, and `unseen`
    names exactly the (card, seat) pairs `visible_to` says no to."""
    cards = [card for ids in table.zones.values() for card in ids]
    assert table.unseen(cards) == {(card, seat) for card in cards for seat in (0, 1) if not table.visible_to(card, seat)}
    for key, ids in table.zones.items():
        for seat in (0, 1, None):
            whole = table.zone_visible_to(key, seat)
            if whole is not None:
                assert all(table.visible_to(card, seat) is whole for card in ids), (key, seat, whole)


def test_a_zone_and_a_batch_of_cards_answer_as_visible_to_does_for_each_card():
    table = _table()
    _agrees(table)
    assert table.zone_visible_to("0.deck", 1) is False and table.zone_visible_to("1.hand", 1) is None
    assert table.zone_visible_to("0.field", 0) is None  # card 4 lies face down there
    table.reveal([5], 1)  # a look into a hidden zone: that zone is answered card by card
    assert table.zone_visible_to("1.deck", 1) is None and table.zone_visible_to("1.deck", 0) is False
    _agrees(table)
    table.move(4, 0, "field")  # face up again
    assert table.zone_visible_to("0.field", 1) is True
    table.give(2, 1)
    table.move(2, 0, "hand")
    _agrees(table)


def test_zone_visibility_and_unseen_agree_with_visible_to_after_every_decision_of_every_game():
    from engine.bots import RandomPlayer
    from engine.core.game import Game
    from engine.core.registry import game_ids, get_rules

    for game_id in game_ids():
        game = Game(get_rules(game_id), seed=4)
        bots = [RandomPlayer(1), RandomPlayer(2)]
        while game.pending() is not None and len(game.decisions) < 300:
            pending = game.pending()
            game.act(pending.seat, bots[pending.seat].decide(game, pending.seat))
            _agrees(game.state.table)
