"""Protocol smoke test: whole Sakura Arms games through tts_bridge.referee.RefereeSession."""

import json
import random

from engine.core.game import Game
from engine.games.sakura_arms import RULES
from tts_bridge.referee import RefereeSession


def _play(session: RefereeSession, seed: int) -> dict:
    rnd = random.Random(seed)
    for _ in range(5000):
        reply = session.handle({"op": "pending"})
        assert reply["ok"]
        if reply["request"] is None:
            return reply["result"]
        req = reply["request"]
        option = rnd.choice(req["options"])
        assert set(option) == {"id", "label", "action"} and option["label"]
        wrong = session.handle({"op": "act", "seat": 1 - req["seat"], "action": option["action"]})
        assert not wrong["ok"] and wrong["error"]["code"] == "wrong_seat" and wrong["error"]["rule"]
        done = session.handle_line(json.dumps({"op": "act", "seat": req["seat"], "action": option["action"]}))
        assert done["ok"], done
    raise AssertionError("game did not end")


def test_referee_session_plays_whole_games_and_logs_replay():
    for seed in range(3):
        session = RefereeSession(Game(RULES, seed=seed))
        result = _play(session, seed)
        assert result["draw"] or result["winner"] in (0, 1)
        log = session.handle({"op": "log"})["log"]
        assert log["game"] == "sakura-arms" and len(log["hashes"]) == len(log["decisions"])
        replayed = Game.replay(RULES, json.loads(json.dumps(log)))
        assert replayed.hashes == log["hashes"]


def test_referee_refusals_cite_the_rule_and_change_nothing():
    session = RefereeSession(Game(RULES, seed=4))
    pending = session.handle({"op": "pending"})["request"]
    assert pending["kind"] == "mulligan"
    before = session.game.state_hash()
    reply = session.handle({"op": "act", "seat": pending["seat"], "action": {"type": "end_main"}})
    assert reply["error"]["code"] == "illegal_action" and reply["error"]["rule"] == "8-2-2"
    reply = session.handle({"op": "act", "seat": pending["seat"], "action": {"type": "use"}})
    assert reply["error"]["code"] == "bad_request"
    assert session.game.state_hash() == before


def test_referee_views_hide_hands_and_undo_replays():
    session = RefereeSession(Game(RULES, seed=5))
    for _ in range(6):
        req = session.handle({"op": "pending"})["request"]
        session.handle({"op": "act", "seat": req["seat"], "action": req["options"][-1]["action"]})
    for seat in (0, 1):
        view = session.handle({"op": "state", "seat": seat})["state"]
        assert "cards" in view["players"][seat]["hand"] and "cards" not in view["players"][1 - seat]["hand"]
        assert all("id" not in c for c in view["players"][1 - seat]["special"] if c.get("state") != "used")
    full = session.handle({"op": "state", "seat": None})["state"]
    assert full["distance"] >= 0 and len(full["players"]) == 2
    hashes = list(session.game.hashes)
    assert session.handle({"op": "undo", "to": 3})["decisions"] == 3
    assert session.game.hashes == hashes[:3]
