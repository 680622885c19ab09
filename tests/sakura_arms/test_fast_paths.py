"""The quick paths of issue 21 agree with the plain ones: the duel's cards found once
(`duel_cards`: the filters of timed effects, Devoted effects and Immediate Resurgence, the sets
of poison and Trap cards) and the redactor's quick path for events no seat was shown a card of
meanwhile. Seeded bot games over every sample deck, played both ways, must give the same
options, events and state hashes."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.requests import Event
from engine.core.view import CardRef, redact
from engine.games.sakura_arms import RULES, flow, state
from engine.games.sakura_arms.cards import CardDef
from engine.games.sakura_arms.mechanics import plan, poison, trap

DECKS = sorted((RULES.data / "decks").glob("*.txt"))
PAIRS = [(deck, DECKS[(i + 6) % len(DECKS)]) for i, deck in enumerate(DECKS)]
SEEDS = range(3)
EXACT_SETS = ("poison", "trap")  # used as the sets themselves, not as filters of a scan


def _plain_duel_cards(s: state.SakuraState, key: str, test: Callable[[CardDef], bool]) -> frozenset[int]:
    """No filter: every card of the duel is looked at; the exact sets are found afresh each time."""
    if key in EXACT_SETS:
        return frozenset(c.id for c in s.table.cards if test(c.defn))
    return frozenset(range(len(s.table.cards)))


def _plain_redacted(s: state.SakuraState) -> list[Event]:
    """Every event through the redactor with "saw it when it happened and sees it now"."""
    visible = s.table.visible_to
    return [e if type(e) is Event else
            redact(s.table, e.data, e.describe or (lambda card: state.card_json(s, card)),
                   lambda card, seat, unseen=e.unseen: (card, seat) not in unseen and visible(card, seat))
            for e in s.events]


def _transcript(pair: tuple, seed: int, check_events: bool = False) -> list[Any]:
    """Every request's options and every decision's events, then the state hashes."""
    game = Game(RULES, [RULES.load_deck(path) for path in pair], seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    out: list[Any] = []
    while (request := game.pending()) is not None:
        out.append((request.seat, [(o.label, o.action) for o in request.options]))
        events = game.act(request.seat, bots[request.seat].choose(request))
        if check_events:
            assert events == _plain_redacted(game.state)
        out.append(repr(events))
    return out + game.hashes


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_cards_found_once_play_as_the_plain_scans(pair, monkeypatch):
    fast = [_transcript(pair, seed, check_events=True) for seed in SEEDS]
    for module in (state, flow, poison, trap):
        monkeypatch.setattr(module, "duel_cards", _plain_duel_cards)
    assert [_transcript(pair, seed) for seed in SEEDS] == fast


def test_plan_cards_found_once_are_the_plan_cards():
    cards = RULES.cards().values()
    assert [plan.executes_plan(d) for d in cards] == ["'execute_plan'" in repr(d) for d in cards]
    assert any(plan.executes_plan(d) for d in cards)


def test_a_card_unseen_when_named_stays_unnamed_to_that_seat_after_it_is_shown():
    """The quick path is taken only when no seat was shown a card meanwhile: a hand card named to
    its owner alone, then played face up within the same decision, stays unnamed to the other."""
    game = Game(RULES, None, seed=1)
    s = game.state
    seat = s.first
    card = s.table.zone(seat, "hand")[0]
    s.events = []
    state.emit(s, {"type": "draw", "seat": seat, "card": CardRef(card)})
    s.table.move(card, seat, "played")
    [event] = state.redacted(s)
    assert [event] == _plain_redacted(s)
    assert "card" in event.for_seat(seat) and "card" not in event.for_seat(1 - seat)
