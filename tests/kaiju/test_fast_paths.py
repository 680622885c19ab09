"""The code written for speed gives what its plain definition gives: the options are exactly the
candidates the guards allow (the shortcuts that skip hopeless candidates drop nothing), and the
snapshot behind the state hash has the bytes of its plain formula."""

from __future__ import annotations

import json
from array import array

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
                assert game.state.advantage_memo is None  # only set while options are listed
                checked += 1
            game.act(request.seat, bots[request.seat].choose(request))
    assert checked > 500


def _plain_snapshot(state) -> bytes:
    """The snapshot's definition, written plainly: zones in order, each length-prefixed, then the
    face-down cards; damage pairs and enhancement stacks sorted; repr() of the scalars."""
    def pack(values):
        return array("I", values).tobytes()

    table = [x for ids in state.table.zones.values() for x in (len(ids), *ids)]
    table += [len(state.table.face_down), *sorted(state.table.face_down)]
    damage = [x for pair in sorted(state.damage.items()) for x in pair]
    stacks = [x for host in sorted(state.stack) for x in (host, len(state.stack[host]), *state.stack[host])]
    scalars = (
        state.phase, state.active, state.turn, state.first, state.coin_winner, state.facedown_seat,
        state.deploys_left, state.enhances_left, state.reinforcement_played, state.attack_or_heal_used,
        tuple(sorted(state.attacked_cards)), state.engaged_acted, tuple(sorted(state.action_uses.items())),
        state.retreats, tuple(sorted(state.turn_speed_bonus.items())), tuple(state.queue), state.waiting,
        state.result.to_json() if state.result else None, state.rng.calls,
    )
    return b"|".join((pack(table), pack(damage), pack(stacks), repr(scalars).encode()))


@pytest.mark.parametrize("rules,options", [(RULES, None), (TEST_RULES, ALT_OPTIONS)],
                         ids=["sample-cards", "test-cards-alt-options"])
def test_snapshot_bytes_are_those_of_the_plain_formula(rules, options):
    seen = set()
    for seed in range(25):
        game = Game(rules, seed=seed, options=options)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        while True:
            state = game.state
            assert rules.snapshot(state) == _plain_snapshot(state)
            seen.update(name for name in ("damage", "stack", "attacked_cards", "action_uses",
                                          "turn_speed_bonus", "queue", "face_down", "result")
                        if getattr(state.table if name == "face_down" else state, name))
            request = game.pending()
            if request is None:
                break
            game.act(request.seat, bots[request.seat].choose(request))
    # every container of the snapshot was seen non-empty, so each branch was compared
    assert seen == {"damage", "stack", "attacked_cards", "action_uses", "turn_speed_bonus", "queue",
                    "face_down", "result"}
