"""`tts-bridge sessions` (issue 18, scope 9): the journals with game, start, decisions and
whether the game finished; `--prune DAYS` removes the old ones."""

from __future__ import annotations

import json
import os
import time

from click.testing import CliRunner

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.registry import get_rules
from tts_bridge.cli import main
from tts_bridge.session.journal import Journal


def _journal(folder, session_id: str, seed: int, decisions: int | None) -> Game:
    """A real journal: a kaiju game played by bots, `decisions` of them (None: to the end)."""
    game = Game(get_rules("kaiju"), seed=seed)
    journal = Journal.create(folder, session_id, game, ["White", "Red"])
    bots = [RandomBot(1), RandomBot(2)]
    while (request := game.pending()) is not None and (decisions is None or len(game.decisions) < decisions):
        action = bots[request.seat].choose(request)
        game.act(request.seat, action)
        journal.append(len(game.decisions), request.seat, action, game.hashes[-1])
    journal.close()
    return game


def _lines(result) -> dict[str, dict]:
    return {r["id"]: r for r in map(json.loads, result.output.splitlines())}


def test_sessions_lists_game_start_decisions_and_whether_it_finished(tmp_path):
    done = _journal(tmp_path, "20261130-095359-kaiju-aaaaaa", 3, None)
    open_game = _journal(tmp_path, "20261201-101500-kaiju-bbbbbb", 4, 6)
    assert open_game.result() is None
    (tmp_path / "20261201-120000-kaiju-cccccc.jsonl").write_text("not json\n")
    listed = CliRunner().invoke(main, ["sessions", "--journal-dir", str(tmp_path), "--json"])
    assert listed.exit_code == 0, listed.output
    rows = _lines(listed)
    finished = rows["20261130-095359-kaiju-aaaaaa"]
    assert finished["game"] == "kaiju" and finished["started"] == "2026-11-30 09:53"
    assert finished["decisions"] == len(done.decisions) and finished["finished"] is True
    assert f"(seat {done.result().winner}) wins" in finished["result"]
    unfinished = rows["20261201-101500-kaiju-bbbbbb"]
    assert unfinished["decisions"] == 6 and unfinished["finished"] is False and unfinished["problem"] == ""
    assert "not JSON" in rows["20261201-120000-kaiju-cccccc"]["problem"]
    table = CliRunner().invoke(main, ["sessions", "--journal-dir", str(tmp_path)])
    header, *body = [line for line in table.output.splitlines() if not line.startswith("warning:")]
    assert header.split()[:4] == ["id", "game", "started", "(UTC)"] and len(body) == 3
    assert "no: tts-bridge serve --resume ID" in body[1] and "yes:" in body[0]


def test_prune_removes_only_the_journals_older_than_the_given_days(tmp_path):
    _journal(tmp_path, "20260101-000000-kaiju-old000", 5, 3)
    _journal(tmp_path, "20261201-000000-kaiju-new000", 6, 3)
    old = tmp_path / "20260101-000000-kaiju-old000.jsonl"
    ten_days_ago = time.time() - 10 * 86400
    os.utime(old, (ten_days_ago, ten_days_ago))
    staging = tmp_path / ".20260101-000000-kaiju-die000.jsonl.4242-0.tmp"  # a bridge killed while creating it
    staging.write_text('{"journal": 2')
    os.utime(staging, (ten_days_ago, ten_days_ago))
    listed = CliRunner().invoke(main, ["sessions", "--journal-dir", str(tmp_path)])
    assert "die000" not in listed.output  # not a session: it never got its name
    pruned = CliRunner().invoke(main, ["sessions", "--journal-dir", str(tmp_path), "--prune", "7"])
    assert pruned.exit_code == 0, pruned.output
    assert "removed 2 journal file(s) older than 7 days, kept 1 session(s)" in pruned.output
    assert not old.exists() and (tmp_path / "20261201-000000-kaiju-new000.jsonl").exists()
    assert not staging.exists()
    refused = CliRunner().invoke(main, ["sessions", "--journal-dir", str(tmp_path), "--prune", "-1"])
    assert refused.exit_code == 2
