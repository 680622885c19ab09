"""Determinism, replay and undo: the same seed and decisions give identical logs and hashes,
in this process and in others with different hash randomisation."""

import json
import os
import subprocess
import sys

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.games.kaiju import RULES
from tts_bridge.selfplay import play_one

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_SCRIPT = ("import json,sys; from engine.games.kaiju import RULES; from tts_bridge.selfplay import play_one; "
           "print(json.dumps(play_one(RULES, int(sys.argv[1])).game.log()))")


def _log_in_subprocess(seed: int, hash_seed: str) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run([sys.executable, "-c", _SCRIPT, str(seed)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_same_seed_same_log_across_processes():
    here = play_one(RULES, 11).game.log()
    first = _log_in_subprocess(11, "1")
    second = _log_in_subprocess(11, "987")
    assert here["decisions"] and here["hashes"]
    assert first == second == json.loads(json.dumps(here))


def test_different_seeds_differ():
    assert play_one(RULES, 1).game.log()["hashes"] != play_one(RULES, 2).game.log()["hashes"]


def test_replay_reproduces_every_hash_and_detects_tampering():
    log = play_one(RULES, 5).game.log()
    replayed = Game.replay(RULES, log)
    assert replayed.hashes == log["hashes"]
    log["hashes"][10] = "0" * 24
    with pytest.raises(ValueError, match="decision 11"):
        Game.replay(RULES, log)


def test_undo_by_replay_returns_to_the_earlier_state():
    game = play_one(RULES, 3).game
    decisions, hashes = list(game.decisions), list(game.hashes)
    game.undo(20)
    assert game.hashes == hashes[:20] and game.state_hash() == hashes[19]
    for d in decisions[20:]:  # the same decisions lead to the same end
        game.act(d["seat"], d["action"])
    assert game.hashes == hashes
    game.undo(0)
    assert game.decisions == [] and game.pending().kind == "choose_order"
    with pytest.raises(IllegalAction):
        game.undo(5)


def test_failing_apply_leaves_state_unchanged(monkeypatch):
    game = Game(RULES, seed=4)
    for _ in range(12):
        req = game.pending()
        game.act(req.seat, req.options[-1].action)
    before, count = game.state_hash(), len(game.decisions)
    req = game.pending()

    from engine.games.kaiju import flow

    real = flow.apply
    crashes = [True]

    def half_then_crash(state, seat, action):
        real(state, seat, action)  # the state is changed, then something fails (once)
        if crashes:
            crashes.pop()
            raise RuntimeError("boom")

    monkeypatch.setattr(flow, "apply", half_then_crash)
    with pytest.raises(RuntimeError):
        game.act(req.seat, req.options[0].action)
    monkeypatch.setattr(flow, "apply", real)
    assert game.state_hash() == before and len(game.decisions) == count
    game.act(req.seat, req.options[0].action)  # and the game goes on


@pytest.mark.parametrize("game_id", ["kaiju", "vividz", "sakura-arms"])
def test_hashes_digested_when_read_are_the_hashes_of_each_decisions_state(game_id):
    """A decision packs its state but digests it only when `hashes` is read: read at the end, or
    after every decision, or in between, every hash is the one `state_hash()` gave right after
    its decision (the eager hash)."""
    from engine.bots.random_bot import RandomBot
    from engine.core.registry import get_rules

    rules = get_rules(game_id)
    lazy, eager = Game(rules, seed=9), Game(rules, seed=9)
    bots, expected = [RandomBot(1), RandomBot(2)], []
    for i in range(120):
        request = eager.pending()
        if request is None:
            break
        action = bots[request.seat].choose(request)
        eager.act(request.seat, action)
        expected.append(eager.state_hash())
        assert eager.hashes[-1] == expected[-1]
        lazy.act(request.seat, action)
        if i % 17 == 0:
            assert lazy.hashes == expected
    assert len(expected) > 30 and lazy.hashes == eager.hashes == expected
    assert lazy.log()["hashes"] == expected
