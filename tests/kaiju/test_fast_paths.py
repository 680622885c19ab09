"""The code written for speed gives what its plain definition gives: the options are exactly the
candidates the guards allow (the checks written out in choices.py drop and add nothing). (The
state hash has no hand-written fast path any more: tests/core/test_declared_state.py.)"""

from __future__ import annotations

import json

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.games.kaiju import RULES, guards
from tests.kaiju.scenario import RULES as TEST_RULES

ALT_OPTIONS = {"support_slots": 3, "heal_target": "engaged", "enhance_target": "engaged",
               "retreat_limit": "once", "attack_limit": "card"}


def _every_candidate(state, seat: int):
    """Every main-phase move naming a hand card, a card in play or none, with no shortcut."""
    table = state.table
    in_play = [c for c in range(len(table.cards)) if table.name_of[c] in ("engaged", "support", "deployment")]
    targets = [None, *in_play]

    def with_target(base: dict, target):
        return base if target is None else {**base, "target": target}

    for card in table.zone(seat, "hand"):
        yield {"type": "deploy", "card": card, "zone": "support"}
        yield {"type": "deploy", "card": card, "zone": "engaged"}
        for kind in ("enhance", "evolve", "convert"):
            for target in in_play:
                yield {"type": kind, "card": card, "target": target}
        for kind in ("skill", "reinforce"):
            for target in targets:
                yield with_target({"type": kind, "card": card}, target)
    engaged = table.zone(seat, "engaged")
    if engaged:
        d = engaged[0]
        defn = table.cards[d].defn
        for i in range(len(defn.actions)):
            for target in targets:
                yield with_target({"type": "action", "card": d, "index": i}, target)
        for i in range(len(defn.moves)):
            for target in targets:
                yield with_target({"type": "attack", "index": i}, target)
                if target is not None:
                    yield {"type": "heal", "index": i, "target": target}
        for enh in table.zone(seat, "enhancement"):
            for support in table.zone(seat, "support"):
                yield {"type": "retreat", "support": support, "enhancement": enh}
    yield {"type": "end_turn"}


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


@pytest.mark.parametrize("rules,options", [(RULES, None), (TEST_RULES, None), (TEST_RULES, ALT_OPTIONS)],
                         ids=["sample-cards", "test-cards", "test-cards-alt-options"])
def test_main_phase_options_are_exactly_the_candidates_the_guards_allow(rules, options):
    checked = 0
    for seed in range(10):
        game = Game(rules, seed=seed, options=options)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        while (request := game.pending()) is not None:
            if request.kind == "main":
                allowed = {_key(a) for a in _every_candidate(game.state, request.seat)
                           if guards.check(game.state, request.seat, a) is None}
                offered = [_key(o.action) for o in request.options]
                assert len(offered) == len(set(offered)), "an option is listed twice"
                assert set(offered) == allowed, f"seed {seed}, decision {len(game.decisions)}"
                checked += 1
            game.act(request.seat, bots[request.seat].choose(request))
    assert checked > 500


def test_emit_describes_as_the_core_redactor_does():
    """kaiju's emit describes the usual event (flat, its cards public) itself: for a card in
    every zone, face down or not, alone, with a public card, or in a list, it gives the Event
    the core redactor gives."""
    from engine.core.view import CardRef, redact
    from engine.games.kaiju.state import describe, emit

    game = Game(RULES, seed=3)
    bots = [RandomBot(7), RandomBot(8)]
    state = game.state
    for _ in range(20):  # to mid-game: cards in hands, in play and in the piles
        request = game.pending()
        game.act(request.seat, bots[request.seat].choose(request))
    while not (state.table.zone(0, "hand") and state.table.zone(0, "support")):
        request = game.pending()
        game.act(request.seat, bots[request.seat].choose(request))
    state.table.face_down.add(state.table.zone(0, "support")[0])  # a face-down card in play
    public = state.table.zone(1, "discard")[0] if state.table.zone(1, "discard") else state.table.zone(1, "engaged")[0]
    zones_seen = set()
    for card in range(len(state.table.cards)):
        zones_seen.add((state.table.name_of[card], card in state.table.face_down))
        for make in (lambda: {"type": "t", "seat": 0, "card": CardRef(card)},
                     lambda: {"type": "t", "card": CardRef(card), "target": CardRef(public), "n": 2},
                     lambda: {"type": "t", "cards": [CardRef(card), CardRef(public)]}):
            state.events = []
            emit(state, make())
            expected = redact(state.table, make(), lambda c: describe(state, c))
            assert state.events == [expected], (card, make())
    assert {("deck", False), ("hand", False), ("support", True), ("engaged", False)} <= zones_seen


def _played(seed: int) -> tuple[list, list]:
    game = Game(RULES, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    events = []
    while (request := game.pending()) is not None:
        events.append([e.for_seat(0) for e in game.act(request.seat, bots[request.seat].choose(request))])
    return game.hashes, events


def test_moves_done_at_once_give_what_the_queued_steps_give(monkeypatch):
    """The state check after a move with no effect queued, and the next turn after end_turn, run
    at once instead of as queued steps: the same games give the same hashes and events as with
    every step queued for the processor."""
    from engine.games.kaiju import flow
    from engine.games.kaiju.state import Check, MainPhase, StartTurn

    fast = [_played(seed) for seed in range(12)]
    monkeypatch.setattr(flow, "_after_step", lambda state, seat: state.flow.then(Check(), MainPhase(seat)))
    monkeypatch.setattr(flow, "_MOVES", {**flow._MOVES, "end_turn": lambda state, seat, action: (
        flow.emit(state, {"type": "end_turn", "seat": seat}), state.flow.then(StartTurn(1 - seat)))})
    assert [_played(seed) for seed in range(12)] == fast


def test_state_check_defeats_what_it_defeats_when_every_card_in_play_is_looked_at(monkeypatch):
    """The state check looks at the cards in play only when some damaged card reached its HP:
    the same games give the same hashes and events when it always looks."""
    from engine.games.kaiju import effects

    fast = [_played(seed) for seed in range(12)]
    defeats = sum(1 for _, events in fast for decision in events for e in decision if e["type"] == "defeated")
    assert defeats > 20  # the games do defeat cards, so the comparison means something
    monkeypatch.setattr(effects, "_some_damage_reaches_hp", lambda state: True)
    assert [_played(seed) for seed in range(12)] == fast


def _told(seed: int) -> tuple[list, list]:
    """The hashes of a seeded bot game and what each decision's events told each seat."""
    game = Game(RULES, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    told = []
    while (request := game.pending()) is not None:
        events = game.act(request.seat, bots[request.seat].choose(request))
        told.append([(e.for_seat(0), e.for_seat(1), e.for_seat(None)) for e in events])
    return game.hashes, told


def test_draw_events_written_out_are_those_emit_gives(monkeypatch):
    """A draw's event is written out (state.emit_drawn): the same games tell every seat the same
    as with the event recorded through emit."""
    from engine.core.view import CardRef
    from engine.games.kaiju import effects

    fast = [_told(seed) for seed in range(12)]
    monkeypatch.setattr(effects, "emit_drawn", lambda state, seat, card: effects.emit(
        state, {"type": "draw", "seat": seat, "card": CardRef(card)}))
    assert [_told(seed) for seed in range(12)] == fast
