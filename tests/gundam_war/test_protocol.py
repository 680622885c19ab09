"""Protocol smoke (issue 5, Done when): whole games through `RefereeSession`, refusals with
rule numbers, hidden hands, undo and replay with identical hashes."""

import json

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.games.gundam_war import RULES
from tts_bridge.referee import RefereeSession


def _play(session: RefereeSession, seed: int) -> dict:
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(5000):
        reply = session.handle_line(json.dumps({"op": "pending"}))
        assert reply["ok"]
        if reply["request"] is None:
            return reply["result"]
        req = reply["request"]
        option = req["options"][bots[req["seat"]]._random.randrange(len(req["options"]))]
        answer = session.handle({"op": "act", "seat": req["seat"], "action": option["action"]})
        assert answer["ok"], answer
    raise AssertionError("game did not end")


def test_whole_games_by_the_protocol_end_with_a_result():
    for seed in (1, 2, 3):
        result = _play(RefereeSession(Game(RULES, seed=seed)), seed)
        assert result["draw"] or result["winner"] in (0, 1)
        assert result["reason"]


def test_refusals_name_a_gundam_war_rule_and_change_nothing():
    s = RefereeSession(Game(RULES, seed=4))
    seat = s.handle({"op": "pending"})["request"]["seat"]
    before = s.game.state_hash()
    wrong = s.handle({"op": "act", "seat": 1 - seat, "action": {"type": "keep"}})
    assert wrong["error"]["code"] == "wrong_seat" and wrong["error"]["rule"] == "GW-X-7"
    early = s.handle({"op": "act", "seat": seat, "action": {"type": "pass"}})
    assert early["error"]["code"] == "illegal_action" and early["error"]["rule"].startswith("GW-")
    bad = s.handle({"op": "act", "seat": seat, "action": {"type": "play", "card": "x"}})
    assert bad["error"]["code"] == "bad_request"
    assert s.game.state_hash() == before


def test_state_views_hide_the_other_hand_and_the_face_down_piles():
    s = RefereeSession(Game(RULES, seed=5))
    view = s.handle({"op": "state", "seat": 0})["state"]
    assert "cards" in view["players"][0]["hand"] and "cards" not in view["players"][1]["hand"]
    assert set(view["players"][1]["homeland"]) == {"count"}
    assert set(view["players"][0]["discard_pile"]) == {"count"}


def test_log_replays_to_the_same_hashes_and_undo_restores():
    s = RefereeSession(Game(RULES, seed=6))
    _play(s, 6)
    log = s.handle({"op": "log"})["log"]
    replayed = Game.replay(RULES, json.loads(json.dumps(log)))
    assert replayed.hashes == log["hashes"]
    s.handle({"op": "undo", "to": 5})
    assert s.game.hashes == log["hashes"][:5]


def test_same_seed_same_log_in_processes_with_different_hash_randomisation():
    import os
    import subprocess
    import sys

    from tts_bridge.selfplay import play_one
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    script = ("import json,sys; from engine.games.gundam_war import RULES; from tts_bridge.selfplay import play_one; "
              "print(json.dumps(play_one(RULES, int(sys.argv[1])).game.log()))")
    logs = [json.loads(subprocess.run([sys.executable, "-c", script, "13"], cwd=root, check=True, text=True,
                                      capture_output=True, env=dict(os.environ, PYTHONHASHSEED=h)).stdout)
            for h in ("1", "987")]
    here = json.loads(json.dumps(play_one(RULES, 13).game.log()))
    assert logs[0] == logs[1] == here and here["hashes"]
