"""`referee --bot SEAT` (issue 22, scope 2): the search bot answers its seat's requests in the
JSON-lines protocol, and the other seat sees the bot's moves as events it may see."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.bots import Budget, SearchPlayer
from engine.core.game import Game
from engine.core.registry import get_rules
from tts_bridge.referee import RefereeSession

ROOT = Path(__file__).resolve().parents[2]


def test_a_whole_game_against_the_bot_through_the_protocol():
    """The human seat only ever sees its own requests; the bot moves by itself (KJ-3.1.3's joint
    opening included), its events come back with the human's answers, and the game ends."""
    session = RefereeSession(Game(get_rules("kaiju"), seed=5), SearchPlayer(1, Budget(iterations=10)), 1)
    bot_events = 0
    for _ in range(2000):
        reply = session.handle({"op": "pending", "seat": 0})
        assert reply["ok"]
        bot_events += len(reply.get("events", []))
        if reply["request"] is None:
            assert "deciding" not in reply, "the bot left a request of its own unanswered"
            break
        assert reply["request"]["seat"] == 0
        option = reply["request"]["options"][0]
        reply = session.handle({"op": "act", "seat": 0, "action": option["action"]})
        assert reply["ok"], reply
        bot_events += sum(1 for e in reply["events"] if e.get("seat") == 1)
    result = session.game.result()
    assert result is not None and result.reason
    assert {d["seat"] for d in session.game.decisions} == {0, 1} and bot_events > 0


def test_the_bot_hides_what_its_seat_draws():
    """A card the bot's seat draws is shown to seat 0 face down: the events come from
    `Event.for_seat` of the human seat, never the bot's. Checked after every exchange against
    the cards in the bot's hand then (the bot may play its hand empty later)."""
    session = RefereeSession(Game(get_rules("kaiju"), seed=5), SearchPlayer(1, Budget(iterations=10)), 1)
    held_at_some_point = False
    for _ in range(60):
        reply = session.handle({"op": "pending", "seat": 0})
        events = list(reply.get("events", []))
        if reply["request"] is not None:
            events += session.handle({"op": "act", "seat": 0,
                                      "action": reply["request"]["options"][0]["action"]})["events"]
        hand = set(session.game.state.table.zone(1, "hand"))
        held_at_some_point |= bool(hand)
        assert not [e for e in events if isinstance(e.get("card"), dict) and e["card"].get("id") in hand]
        if reply["request"] is None:
            break
    assert held_at_some_point


def test_cli_referee_bot_budget_errors_are_one_line_and_exit_2():
    proc = subprocess.run([sys.executable, "-m", "tts_bridge.cli", "referee", "--game", "kaiju", "--bot", "1",
                           "--bot-budget", "fast"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "a bot budget is seconds or iterations per decision, e.g. 0.5s or 200i, not 'fast'" in proc.stderr


def test_cli_referee_with_the_bot_answers_for_it():
    proc = subprocess.run([sys.executable, "-m", "tts_bridge.cli", "referee", "--game", "kaiju", "--seed", "1",
                           "--bot", "1", "--bot-budget", "10i", "--bot-seed", "3"], cwd=ROOT,
                          input='{"op":"pending","seat":0}\n{"op":"log"}\n', capture_output=True, text=True, timeout=120)
    pending, log = (json.loads(line) for line in proc.stdout.splitlines())
    assert pending["ok"] and pending["request"]["seat"] == 0
    assert [d["seat"] for d in log["log"]["decisions"]].count(1) >= 1, "the bot made its opening choices"
