"""`make demo` ends with a summary table (issue 18, scope 7): game, decisions, illegal moves
reverted, winner, rule and journal, one row per game played."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tts_bridge.cli import main


def _summary(output: str) -> list[str]:
    lines = output.rstrip("\n").splitlines()
    return lines[lines.index("Summary"):]


def test_the_demo_ends_with_one_summary_row_per_game(tmp_path, _built_tables):
    args = ["demo", "--game", "kaiju", "--seed", "5", "--journal-dir", str(tmp_path), "--build-dir", str(_built_tables)]
    shown = CliRunner().invoke(main, args)
    assert shown.exit_code == 0, shown.output
    title, header, rule, row = _summary(shown.output)
    assert header.split() == ["game", "decisions", "illegal", "moves", "reverted", "winner", "rule", "journal"]
    assert set(rule.replace(" ", "")) == {"-"}
    report = json.loads(CliRunner().invoke(main, [*args, "--json"]).output.strip().splitlines()[-1])
    cells = row.split()
    assert cells[0] == "kaiju" and cells[1] == str(report["decisions"]) and cells[2] == str(report["illegal_moves_reverted"])
    winner = report["result"]["winner"]
    assert f"(seat {winner})" in row and report["result"]["rule"] in cells and cells[-1].endswith(".jsonl")


def test_engine_only_games_have_a_row_too():
    shown = CliRunner().invoke(main, ["demo", "--game", "kaiju", "--engine-only", "--seed", "3"])
    assert shown.exit_code == 0, shown.output
    rows = _summary(shown.output)[3:]
    assert len(rows) == 1 and rows[0].split()[0] == "kaiju" and rows[0].split()[-1] == "-"
