"""The referee protocol plays whole Vividz games; replays reproduce every hash; refusals cite rules."""

import json

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.registry import game_ids, get_rules
from engine.games.vividz import RULES
from tts_bridge.referee import RefereeSession


def test_vividz_is_registered():
    assert "vividz" in game_ids() and get_rules("vividz") is RULES


def test_a_whole_game_through_the_protocol():
    s = RefereeSession(Game(RULES, seed=11))
    bot = RandomBot(5)
    for _ in range(5000):
        reply = s.handle_line(json.dumps({"op": "pending"}))
        assert reply["ok"]
        if reply["request"] is None:
            assert reply["result"]["reason"]
            break
        req = reply["request"]
        assert all(set(o) == {"id", "label", "action"} for o in req["options"])
        action = bot._random.choice(req["options"])["action"]
        reply = s.handle_line(json.dumps({"op": "act", "seat": req["seat"], "action": action}))
        assert reply["ok"], reply
        view = s.handle({"op": "state", "seat": 1 - req["seat"]})["state"]
        assert view["players"][req["seat"]]["hand"].keys() == {"count"}
    else:
        raise AssertionError("the game did not end")
    log = s.handle({"op": "log"})["log"]
    replayed = Game.replay(RULES, json.loads(json.dumps(log)))
    assert replayed.hashes == log["hashes"] and replayed.result().to_json() == s.game.result().to_json()


def test_refusals_cite_a_rule_and_keep_the_session():
    s = RefereeSession(Game(RULES, seed=2))
    # a pass before the game starts: refused by the rule of passing (703.3a), by either seat
    wrong = s.handle({"op": "act", "seat": 1, "action": {"type": "pass"}})
    assert wrong["error"]["code"] == "wrong_seat" and wrong["error"]["rule"] == "703.3a"
    bad = s.handle({"op": "act", "seat": 0, "action": {"type": "fly"}})
    assert bad["error"]["code"] == "bad_request"
    illegal = s.handle({"op": "act", "seat": 0, "action": {"type": "pass"}})
    assert illegal["error"]["code"] == "illegal_action" and illegal["error"]["rule"] == "703.3a"
    # the right kind of move by the seat that is not placing: whose decision it is (601.1b)
    order = s.game.pending().options[0].action["order"]
    early = s.handle({"op": "act", "seat": 1, "action": {"type": "place_missions", "order": order}})
    assert early["error"]["code"] == "wrong_seat" and early["error"]["rule"] == "601.1b"
    assert s.game.decisions == []


def test_undo_and_same_seed_same_hashes():
    a, b = Game(RULES, seed=9), Game(RULES, seed=9)
    for game in (a, b):
        bots = [RandomBot(1), RandomBot(2)]
        for _ in range(60):
            req = game.pending()
            game.act(req.seat, bots[req.seat].choose(req))
    assert a.hashes == b.hashes
    a.undo(30)
    assert a.state_hash() == b.hashes[29]
