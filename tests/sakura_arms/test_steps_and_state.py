"""The duel on the core processor with a declared state (issue #15): the state can be copied and
hashed mid-game, `destroying` (9-6) is part of the hash, and wrong-seat refusals come from the
asking step's rule."""

from __future__ import annotations

import copy

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.hashing import pack_state
from engine.games.sakura_arms import RULES
from engine.games.sakura_arms.state import AttackEnd, Main, Reaction
from tests.sakura_arms.scenario import act, enhancement, kinds, place, refused, started, tokens


def _play(game: Game, bots: list[RandomBot], decisions: int) -> list:
    """Let the bots answer up to `decisions` requests; returns (action, hash) per decision."""
    out = []
    for _ in range(decisions):
        request = game.pending()
        if request is None:
            break
        action = bots[request.seat].choose(request)
        game.act(request.seat, action)
        out.append((action, game.hashes[-1]))
    return out


def test_two_states_that_differ_only_in_destroying_hash_differently():
    game = started(first=0)
    s = game.state
    card = enhancement(game, 0, "sora-n7")
    before = pack_state(s)
    s.destroying.add(card)  # 9-6: its Disenchant effects resolve, its Ongoing effects are gone
    assert pack_state(s) != before
    s.destroying.discard(card)
    assert pack_state(s) == before


def test_a_state_copied_mid_game_plays_on_like_the_original():
    for seed in (3, 11):
        game = Game(RULES, seed=seed)
        _play(game, [RandomBot(seed), RandomBot(seed + 50)], 25)
        twin = copy.copy(game)
        twin.state = copy.deepcopy(game.state)
        twin.decisions, twin.hashes = list(game.decisions), list(game.hashes)
        twin.state_changed()
        assert twin.state_hash() == game.state_hash()
        ours = _play(game, [RandomBot(seed + 7), RandomBot(seed + 8)], 200)
        theirs = _play(twin, [RandomBot(seed + 7), RandomBot(seed + 8)], 200)
        assert ours and ours == theirs
        assert game.view(None) == twin.view(None)


def test_a_copy_keeps_the_attack_of_its_steps_the_attack_in_play():
    """The «Attack» waiting for a Reaction is one object in <Attacking> and in the steps; a
    deep copy keeps them one object, so a Reaction that changes it changes the one in play."""
    for seed in range(20):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while game.pending() is not None and type(game.state.flow.asking) is not Reaction:
            _play(game, bots, 1)
        if game.pending() is not None:
            break
    twin = copy.deepcopy(game.state)
    assert twin.flow.asking.attack is twin.attacks[-1]
    assert any(type(step) is AttackEnd and step.attack is twin.attacks[-1] for step in twin.flow.steps)


def test_the_opponent_in_the_main_phase_is_refused_with_5_1_1():
    game = started(first=0)
    assert type(game.state.flow.asking) is Main
    refused(game, 1, {"type": "end_main"}, "8-2-2")


def test_a_destruction_cut_short_by_victory_gives_the_card_its_effects_back():
    """9-6 / 4-2: the game ends while a Disenchant effect resolves (Burnout from its draw); the
    card is not left marked as being destroyed and nothing is left to run or ask."""
    game = started(first=0)
    s = game.state
    full_moon = place(game, 1, "tsuki-s1", "enhancement")  # no tokens: destroyed by 5-5; Disenchant: draw 1
    for card in list(s.table.zone(1, "deck")):
        place(game, 1, s.table.cards[card].defn.id, "out")
    tokens(game, aura=(3, 0), life=(10, 1))
    pay = s.table.zone(0, "hand")[0]
    events = act(game, 0, {"type": "basic", "action": "focus", "pay": pay})
    assert [k for k in kinds(events) if k in ("destroyed", "burnout", "game_over")] == ["destroyed", "burnout", "game_over"]
    assert s.result.winner == 0 and game.pending() is None
    assert full_moon not in s.destroying and not s.flow.steps and s.flow.asking is None
