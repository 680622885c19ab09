"""The referee protocol (design.md): every op, refusals that keep the session going, and
malformed lines; the CLI end to end; bad deck files."""

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Game
from engine.games.kaiju import RULES
from tests.kaiju.scenario import arrange, started
from tts_bridge.referee import RefereeSession

ROOT = Path(__file__).resolve().parents[2]


def session(seed: int = 0) -> RefereeSession:
    return RefereeSession(Game(RULES, seed=seed))


def test_pending_lists_options_with_id_label_and_action():
    reply = session().handle({"op": "pending"})
    assert reply["ok"] and reply["request"]["kind"] == "choose_order"
    for option in reply["request"]["options"]:
        assert set(option) == {"id", "label", "action"} and option["label"]


def test_kj_3_1_3_pending_by_seat_gives_each_player_its_share_of_the_opening_placement():
    """KJ-3.1.3: both players place their opening cards at once, so `pending` names the other
    seat that may answer (`also`) and `pending` with a seat gives that seat its own options;
    a seat with nothing to answer gets null and who is deciding. A bad seat is bad_request."""
    s = session(seed=1)
    chooser = s.handle({"op": "pending"})["request"]["seat"]
    s.handle({"op": "act", "seat": chooser, "action": {"type": "choose_order", "first": True}})
    joint = s.handle({"op": "pending"})["request"]
    assert joint["seat"] == chooser and joint["also"] == [1 - chooser]
    second = s.handle({"op": "pending", "seat": 1 - chooser})["request"]
    assert second["seat"] == 1 - chooser and "also" in second and second["options"]
    assert {o["action"]["card"] for o in second["options"]} <= set(s.game.state.table.zone(1 - chooser, "hand"))
    assert s.handle({"op": "act", "seat": 1 - chooser, "action": second["options"][0]["action"]})["ok"]
    assert s.handle({"op": "pending", "seat": 1 - chooser}) == {"ok": True, "request": None, "result": None,
                                                              "deciding": [chooser]}
    assert s.handle({"op": "pending", "seat": 7})["error"]["code"] == "bad_request"


def test_malformed_lines_get_bad_request_and_change_nothing():
    s = session()
    before = s.game.state_hash()
    for line in ["not json", "[1,2]", '{"op":"fly"}', '{"op":"act"}', '{"op":"act","seat":0}',
                 '{"op":"act","seat":5,"action":{"type":"end_turn"}}', '{"op":"act","seat":0,"action":"x"}',
                 '{"op":"state"}', '{"op":"undo"}', '{"op":"undo","to":"x"}', "{}", "\u00ff\u0000"]:
        reply = s.handle_line(line)
        assert reply == {"ok": False, "error": reply["error"]} and reply["error"]["code"] == "bad_request", line
        assert reply["error"]["message"]
    assert s.game.state_hash() == before and s.game.decisions == []


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.dictionaries(st.text(max_size=8), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8),
    max_size=4).map(json.dumps)))
def test_fuzzed_lines_never_crash_or_change_state(line):
    s = SHARED
    before = s.game.state_hash()
    reply = s.handle_line(line)
    assert isinstance(reply, dict) and "ok" in reply
    if not reply["ok"]:
        assert reply["error"]["code"] in ("bad_request", "illegal_action", "wrong_seat", "bad_undo", "game_over")
        assert s.game.state_hash() == before


SHARED = RefereeSession(started(seed=3))


def test_wrong_seat_is_refused_with_rule_and_session_goes_on():
    s = RefereeSession(started(first=0))
    reply = s.handle({"op": "act", "seat": 1, "action": {"type": "end_turn"}})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "wrong_seat" and reply["error"]["rule"] == "KJ-3.3.1"
    assert reply["error"]["game"] == "kaiju" and "turn" in reply["error"]["message"]
    assert s.handle({"op": "act", "seat": 0, "action": {"type": "end_turn"}})["ok"]


def test_action_not_among_options_is_refused_citing_the_rule():
    game = started(first=0)
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta")
    s = RefereeSession(game)
    reply = s.handle({"op": "act", "seat": 0, "action": {"type": "attack", "index": 0}})
    assert reply["error"]["code"] == "illegal_action" and reply["error"]["rule"] == "KJ-3.6.3"
    assert s.handle({"op": "pending"})["request"]["seat"] == 0


def test_acting_after_the_game_is_over_is_refused():
    from tts_bridge.selfplay import play_one

    s = RefereeSession(play_one(RULES, 2).game)
    assert s.handle({"op": "pending"}) == {"ok": True, "request": None, "result": s.game.result().to_json()}
    reply = s.handle({"op": "act", "seat": 0, "action": {"type": "end_turn"}})
    assert reply["ok"] is False and reply["error"]["code"] == "game_over"


def test_state_views_hide_the_opponents_hand():
    s = RefereeSession(started(first=0))
    mine = s.handle({"op": "state", "seat": 0})["state"]
    assert "cards" in mine["players"][0]["hand"] and "cards" not in mine["players"][1]["hand"]
    full = s.handle({"op": "state", "seat": None})["state"]
    assert "cards" in full["players"][1]["hand"]


def test_act_events_are_filtered_for_the_acting_seat():
    s = RefereeSession(started(first=0, seed=1))
    reply = s.handle({"op": "act", "seat": 0, "action": {"type": "end_turn"}})
    draws = [e for e in reply["events"] if e["type"] == "draw"]
    assert draws == [{"type": "draw", "seat": 1}]  # seat 0 does not see what seat 1 drew


def test_log_and_undo():
    s = session(seed=9)
    for _ in range(5):
        req = s.handle({"op": "pending"})["request"]
        assert s.handle({"op": "act", "seat": req["seat"], "action": req["options"][0]["action"]})["ok"]
    log = s.handle({"op": "log"})["log"]
    assert {"game", "seed", "decks", "decisions", "hashes"} <= set(log)
    assert len(log["decisions"]) == len(log["hashes"]) == 5 and log["seed"] == 9
    assert s.handle({"op": "undo", "to": 2}) == {"ok": True, "decisions": 2}
    assert s.handle({"op": "log"})["log"]["hashes"] == log["hashes"][:2]
    assert s.handle({"op": "undo", "to": 99})["error"]["code"] == "bad_undo"


def _run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tts_bridge.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def _play_by_protocol(seed: int) -> dict:
    """Play a whole game through the CLI, always answering with the first option."""
    proc = subprocess.Popen([sys.executable, "-m", "tts_bridge.cli", "referee", "--game", "kaiju", "--seed", str(seed)],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(msg: dict) -> dict:
        proc.stdin.write(json.dumps(msg) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        for _ in range(5000):
            reply = ask({"op": "pending"})
            if reply["request"] is None:
                return {"result": reply["result"], "log": ask({"op": "log"})["log"]}
            req = reply["request"]
            option = req["options"][len(req["options"]) // 2]
            assert ask({"op": "act", "seat": req["seat"], "action": option["action"]})["ok"]
        raise AssertionError("game did not end")
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def test_cli_referee_plays_a_whole_game_deterministically():
    first, second = _play_by_protocol(4), _play_by_protocol(4)
    assert first["result"]["reason"]
    assert first["log"]["decisions"] == second["log"]["decisions"]
    assert first["log"]["hashes"] == second["log"]["hashes"]


def test_cli_rejects_bad_decks_with_every_problem_and_exit_2(tmp_path):
    bad = tmp_path / "bad.txt"
    good = ROOT / "card_data" / "kaiju" / "decks"
    bad.write_text("# a broken deck\n3 Nonexistent Beast\n2 Lava Beast Pyroclasm\n", encoding="utf-8")
    deck_b = sorted(good.glob("*.txt"))[0]
    result = _run_cli("referee", "--game", "kaiju", "--deck-a", str(bad), "--deck-b", str(deck_b))
    assert result.returncode == 2
    assert f"{bad}:2: unknown card 'Nonexistent Beast'" in result.stderr
    assert f"{bad}:3: unknown card 'Lava Beast Pyroclasm'; did you mean 'Lava Beast Pyroclast'" in result.stderr
    assert result.stdout == ""


def test_cli_games_and_actions_schema():
    games = _run_cli("games")
    assert games.returncode == 0 and "kaiju" in games.stdout
    schema = json.loads(_run_cli("actions", "kaiju").stdout)
    import jsonschema

    game = started(first=0)
    for option in game.pending().options:
        jsonschema.validate(option.action, schema)


def test_concede_any_time_where_the_rules_allow_it_and_replay_keeps_it():
    from engine.core.registry import get_rules

    for game_id in ("vividz", "qiguang"):
        rules = get_rules(game_id)
        s = RefereeSession(Game(rules, seed=2))
        req = s.handle({"op": "pending"})["request"]
        s.handle({"op": "act", "seat": req["seat"], "action": req["options"][0]["action"]})
        waiting = s.handle({"op": "pending"})["request"]["seat"]
        reply = s.handle({"op": "concede", "seat": 1 - waiting})  # not the deciding seat
        assert reply["ok"], reply
        result = s.handle({"op": "pending"})["result"]
        assert result["winner"] == waiting and not result["draw"]
        log = s.handle({"op": "log"})["log"]
        assert Game.replay(rules, log).hashes == log["hashes"]
        assert s.handle({"op": "concede", "seat": 0})["error"]["code"] == "game_over"
    kaiju = RefereeSession(Game(RULES, seed=1))
    assert kaiju.handle({"op": "concede", "seat": 0})["error"]["code"] == "illegal_action"
