"""Issue 17, "The referee process crashes": type-confused moves are refused (a float is not an
int, a bool is not an int), an exception inside the rules answers internal_error with the state
restored, and no line (deep nesting, a 5,000-digit number, invalid UTF-8, a huge line) can end
the process. The fuzz drives one live `tts-bridge referee` process and checks, after every
line, that it still answers and that every refusal left the state hash unchanged."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import Game
from engine.core.registry import get_rules
from tests.kaiju.scenario import started
from tts_bridge.referee import RefereeSession

ROOT = Path(__file__).resolve().parents[2]
RULES = get_rules("kaiju")


def _options_with_ints(session: RefereeSession) -> list[dict]:
    request = session.handle({"op": "pending"})["request"]
    return [o["action"] for o in request["options"]
            if any(type(v) is int for v in o["action"].values())]


def _advance_to_int_options(session: RefereeSession) -> dict:
    """Play first options until a legal action carries an int field (e.g. a card id)."""
    for _ in range(200):
        found = _options_with_ints(session)
        if found:
            return found[0]
        request = session.handle({"op": "pending"})["request"]
        session.handle({"op": "act", "seat": request["seat"], "action": request["options"][0]["action"]})
    raise AssertionError("no option with an int field")


def test_a_float_card_id_equal_to_a_legal_one_is_refused():
    s = RefereeSession(started(seed=3))
    legal = _advance_to_int_options(s)
    key = next(k for k, v in legal.items() if type(v) is int)
    seat = s.handle({"op": "pending"})["request"]["seat"]
    before, decisions = s.game.state_hash(), len(s.game.decisions)
    reply = s.handle({"op": "act", "seat": seat, "action": {**legal, key: float(legal[key])}})
    assert not reply["ok"] and reply["error"]["code"] in ("bad_request", "illegal_action")
    assert s.game.state_hash() == before and len(s.game.decisions) == decisions
    assert s.handle({"op": "act", "seat": seat, "action": legal})["ok"]  # the int itself is fine
    assert all(type(d["action"][key]) is int for d in s.game.decisions if key in d["action"])


def test_zero_is_not_false_and_one_is_not_true():
    s = RefereeSession(Game(RULES, seed=1))
    request = s.handle({"op": "pending"})["request"]
    assert request["kind"] == "choose_order"
    for fake in (0, 1, 0.0, 1.0):
        reply = s.handle({"op": "act", "seat": request["seat"], "action": {"type": "choose_order", "first": fake}})
        assert not reply["ok"], fake
    assert s.game.decisions == []
    assert s.handle({"op": "act", "seat": request["seat"], "action": {"type": "choose_order", "first": True}})["ok"]


def test_an_exception_inside_the_rules_answers_internal_error_and_restores_the_state(monkeypatch):
    s = RefereeSession(started(seed=3))
    before, decisions = s.game.state_hash(), len(s.game.decisions)
    request = s.handle({"op": "pending"})["request"]
    real_apply = type(s.game.rules).apply
    target = request["options"][0]["action"]

    def broken(self, state, seat, action):
        events = real_apply(self, state, seat, action)
        if action == target:  # this move changes the state, then the rules fail
            raise KeyError("a bug in the rules")
        return events

    monkeypatch.setattr(type(s.game.rules), "apply", broken)
    reply = s.handle({"op": "act", "seat": request["seat"], "action": request["options"][0]["action"]})
    assert reply["ok"] is False and reply["error"]["code"] == "internal_error" and reply["error"]["message"]
    assert s.game.state_hash() == before and len(s.game.decisions) == decisions
    monkeypatch.setattr(type(s.game.rules), "view", lambda self, state, seat: 1 / 0)
    assert s.handle({"op": "state", "seat": 0})["error"]["code"] == "internal_error"
    monkeypatch.undo()
    assert s.handle({"op": "act", "seat": request["seat"], "action": request["options"][0]["action"]})["ok"]


HOSTILE_LINES = [b"[" * 100_000, b'{"op":"act","seat":0,"action":{"type":"x","card":' + b"9" * 5000 + b"}}",
                 b"\xff\xfe\xfa{\"op\": \"pending\"}", b'{"op":"act","seat":0,"action":{"type":"x","n":NaN}}',
                 b'{"op":"act","seat":0,"action":{"type":"x","n":1e999}}', b"x" * (3 << 20),
                 b'{"op":"undo","to":' + b"1" * 5000 + b"}", b"{" * 70 + b"}" * 70, b"\x00\x00"]


def test_no_hostile_line_ends_the_referee_process():
    lines = b"".join(line + b"\n" for line in HOSTILE_LINES) + b'{"op":"pending"}\n'
    proc = subprocess.run([sys.executable, "-m", "tts_bridge.cli", "referee", "--game", "kaiju", "--seed", "1"],
                          cwd=ROOT, input=lines, capture_output=True, timeout=60)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(HOSTILE_LINES) + 1
    assert all(r["ok"] is False and r["error"]["code"] == "bad_request" for r in replies[:-1]), replies
    assert replies[-1]["ok"] and replies[-1]["request"]["kind"] == "choose_order"


class Referee:
    """One live `tts-bridge referee` process, asked one line at a time."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "tts_bridge.cli", "referee", "--game", "kaiju"],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask_raw(self, line: bytes) -> dict:
        assert self.proc.poll() is None, "the referee process died"
        self.proc.stdin.write(line.replace(b"\n", b" ") + b"\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], 30)  # one line in, one line out
        assert ready, f"the referee gave no answer to {line[:120]!r}"
        reply = self.proc.stdout.readline()
        assert reply, f"the referee process died (exit {self.proc.wait(5)})"
        return json.loads(reply)

    def ask(self, msg: dict) -> dict:
        return self.ask_raw(json.dumps(msg).encode())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(10)


@pytest.fixture(scope="module")
def referee():
    r = Referee()
    yield r
    r.close()


def _confuse(value: Any, pick: int) -> Any:
    """A value Python's == confuses with `value`, or one of another JSON type (`pick` chooses)."""
    if type(value) is bool:
        choices = [int(value), float(value), str(value).lower(), None]
    elif type(value) is int:
        choices = [float(value), value == 1, str(value), [value], {"v": value}, value + 0.5]
    elif isinstance(value, str):
        choices = [value.upper() + "x", [value], None, 0]
    elif isinstance(value, list):
        choices = [[*value, 0], {}, json.dumps(value), [float(v) if type(v) is int else v for v in value] or [0]]
    else:
        choices = [None, True, 0.0, [], {}]
    return choices[pick % len(choices)]


JUNK = st.one_of(
    st.binary(max_size=64),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                 | st.text(max_size=6), lambda inner: st.lists(inner, max_size=3)
                 | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=10).map(
        lambda v: json.dumps({"op": "act", "seat": 0, "action": v}).encode()),
    st.integers(min_value=65, max_value=3000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(min_value=41, max_value=6000).map(lambda n: b'{"op":"undo","to":' + b"7" * n + b"}"),
)


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["confused", "junk", "legal", "wrong_seat"]), option=st.integers(0, 999),
       key=st.integers(0, 99), pick=st.integers(0, 99), junk=JUNK)
def test_fuzzed_lines_never_end_the_process_and_refusals_keep_the_state(referee, kind, option, key, pick, junk):
    """Every draw is made up front and applied to whatever the live game offers, so the data
    does not depend on the process's state (hypothesis replays the same draws)."""
    state = referee.ask({"op": "hash"})
    pending = referee.ask({"op": "pending"})
    if pending["request"] is None:  # the game ended: start over
        assert referee.ask({"op": "undo", "to": 0})["ok"]
        return
    request = pending["request"]
    options = request["options"]
    chosen = options[option % len(options)]["action"]
    expect_refusal = kind != "legal"
    if kind == "confused":
        action = dict(chosen)
        name = sorted(action)[key % len(action)]
        action[name] = _confuse(action[name], pick)
        line = json.dumps({"op": "act", "seat": request["seat"], "action": action}).encode()
        expect_refusal = not any(json.dumps(o["action"], sort_keys=True) == json.dumps(action, sort_keys=True)
                                 for o in options)
    elif kind == "junk":
        line = junk if junk.replace(b"\n", b" ").strip() else b"{}"  # a blank line gets no answer, by design
        expect_refusal = False  # a junk line may happen to be a legal move; the reply says which
    elif kind == "legal":
        line = json.dumps({"op": "act", "seat": request["seat"], "action": chosen}).encode()
    else:
        line = json.dumps({"op": "act", "seat": 1 - request["seat"], "action": chosen}).encode()
    reply = referee.ask_raw(line)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    after = referee.ask({"op": "hash"})
    if expect_refusal:
        assert reply["ok"] is False, (line[:200], reply)
    if reply["ok"] is False:
        assert reply["error"]["code"] != "internal_error", reply
        assert after == state, (line[:200], reply)
    elif line.startswith(b'{"op":'):
        assert after["decisions"] == state["decisions"] + 1 or b'"act"' not in line
