"""`demo --json` at the emulated table and the bridge commands in the `tts-bridge` group."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner

from tts_bridge.cli import main as tts_main
from tts_bridge.session.cli import bench_bridge, serve, sessions
from tts_bridge.session.journal import Journal


def test_demo_table_json_reports_a_finished_game_with_a_reverted_move(tmp_path, build_dir):
    """The demo plays on the table save `tts-bridge build --out BUILD_DIR` wrote."""
    result = CliRunner().invoke(tts_main, ["demo", "--game", "kaiju", "--seed", "5", "--json",
                                           "--journal-dir", str(tmp_path), "--build-dir", str(build_dir)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.strip().splitlines()[-1])
    assert set(report) == {"game", "decisions", "illegal_moves_reverted", "result", "journal"}
    assert report["game"] == "kaiju" and report["result"]["reason"]
    assert report["illegal_moves_reverted"] >= 1
    header, decisions = Journal.read(tmp_path / report["journal"].split("/")[-1])
    assert len(decisions) == report["decisions"] and header["game"] == "kaiju"


def test_demo_refuses_an_unknown_game():
    result = CliRunner().invoke(tts_main, ["demo", "--game", "nope"])
    assert result.exit_code == 2 and "unknown game" in result.output


def test_the_group_runs_serve_sessions_and_bench_bridge_from_the_session_module():
    ctx = click.Context(tts_main)
    assert tts_main.get_command(ctx, "serve") is serve and tts_main.get_command(ctx, "sessions") is sessions
    bench = tts_main.get_command(ctx, "bench")
    assert bench.get_command(click.Context(bench), "bridge") is bench_bridge


def test_demo_whose_table_cannot_be_built_says_why_in_one_line(tmp_path):
    """The table save is built first when missing; a build folder that cannot be written is
    one error line and exit 2, never a traceback."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(tts_main, ["demo", "--game", "kaiju", "--build-dir", str(blocker / "build")])
    assert result.exit_code == 2
    assert "error:" in result.output and "Not a directory" in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
