"""Protocol smoke for Qiguang through the referee session: whole games by JSON lines, refusals
with QG rule numbers, per-seat views that hide hands and libraries, concede and undo."""

import json
import random
import subprocess
import sys
from pathlib import Path

from engine.core.game import Game
from engine.core.registry import get_rules, game_ids
from engine.games.qiguang import RULES
from tts_bridge.referee import RefereeSession

ROOT = Path(__file__).resolve().parents[2]


def test_qiguang_is_registered():
    assert "qiguang" in game_ids() and get_rules("qiguang") is RULES


def test_whole_games_by_the_protocol():
    """Play three games through `handle_line` only, choosing among the offered options."""
    for seed in range(3):
        session = RefereeSession(Game(RULES, seed=seed))
        rnd = random.Random(seed)
        for _ in range(20_000):
            reply = session.handle_line(json.dumps({"op": "pending"}))
            assert reply["ok"]
            if reply["request"] is None:
                assert set(reply["result"]) >= {"winner", "draw", "reason"}
                break
            request = reply["request"]
            option = rnd.choice(request["options"])
            answer = session.handle_line(json.dumps({"op": "act", "seat": request["seat"], "action": option["action"]}))
            assert answer["ok"], answer
            for seat in (0, 1):
                state = session.handle({"op": "state", "seat": seat})["state"]
                other = state["players"][1 - seat]
                assert set(other["hand"]) == {"count"} and set(other["library"]) == {"count"}
        else:
            raise AssertionError("game did not end")
        log = session.handle({"op": "log"})
        assert log["ok"] and len(log["log"]["decisions"]) == len(log["log"]["hashes"]) > 10


def test_refusals_cite_qg_rules_and_change_nothing():
    session = RefereeSession(Game(RULES, seed=4))
    request = session.handle({"op": "pending"})["request"]
    session.handle({"op": "act", "seat": request["seat"], "action": request["options"][0]["action"]})
    request = session.handle({"op": "pending"})["request"]
    before = session.game.state_hash()
    wrong = session.handle({"op": "act", "seat": 1 - request["seat"], "action": {"type": "end_main"}})
    assert not wrong["ok"] and wrong["error"]["code"] == "wrong_seat" and wrong["error"]["rule"].startswith("QG-")
    bad = session.handle({"op": "act", "seat": request["seat"], "action": {"type": "attack", "lane": 9}})
    assert not bad["ok"] and bad["error"]["code"] == "bad_request"
    illegal = session.handle({"op": "act", "seat": request["seat"],
                              "action": {"type": "summon", "card": 0, "lane": 1, "row": "combat"}})
    assert not illegal["ok"] and illegal["error"]["rule"].startswith("QG-")
    assert session.game.state_hash() == before


def test_concede_and_undo_by_the_protocol():
    session = RefereeSession(Game(RULES, seed=2))
    request = session.handle({"op": "pending"})["request"]
    session.handle({"op": "act", "seat": request["seat"], "action": request["options"][0]["action"]})
    seat = session.handle({"op": "pending"})["request"]["seat"]
    reply = session.handle({"op": "act", "seat": seat, "action": {"type": "concede"}})
    assert reply["ok"] and any(e["type"] == "game_over" for e in reply["events"])
    pending = session.handle({"op": "pending"})
    assert pending["request"] is None and pending["result"]["winner"] == 1 - seat
    assert session.handle({"op": "undo", "to": 1})["ok"]
    assert session.handle({"op": "pending"})["request"]["seat"] == seat


def test_cli_referee_plays_by_json_lines():
    """`tts-bridge referee --game qiguang` answers pending/act/state lines."""
    lines = [json.dumps({"op": "pending"}), json.dumps({"op": "state", "seat": 0})]
    proc = subprocess.run([sys.executable, "-m", "tts_bridge.cli", "referee", "--game", "qiguang", "--seed", "1",
                           "--option", "lanes=3"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert replies[0]["request"]["kind"] == "choose_order"
    assert replies[1]["state"]["lanes"] == 3 and replies[1]["state"]["game"] == "qiguang"
