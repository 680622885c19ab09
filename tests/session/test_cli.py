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


def test_bench_bridge_times_accepted_and_refused_decisions_and_the_floor_in_one_run():
    """Issue 21, scope 4: the bridge side of accepted (journaled) and refused decisions, the
    emulator's share and a loopback floor of the same shape, all from one run (figures not judged:
    tests never time things; the counts and the shape of the report are)."""
    result = CliRunner().invoke(tts_main, ["bench", "bridge", "--drops", "10", "--decisions", "12", "--burst", "20",
                                           "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["bridge_refused_n"] == 10 and report["bridge_accepted_n"] >= 12
    assert report["emulator"] == "own process"  # TTS's side runs beside the bridge, not inside it
    assert report["burst_lost"] == 0
    assert report["floor_bytes"][0] > 0 and report["floor_bytes"][1] > 0
    for key in ("bridge_accepted_p50_ms", "bridge_accepted_cpu_p50_ms", "bridge_accepted_journal_p50_ms",
                "bridge_refused_p50_ms", "floor_p50_ms", "p50_ms"):
        assert report[key] > 0, key


def test_loopback_floor_moves_every_byte_of_both_messages():
    from tts_bridge.session.bench import loopback_floor

    times = loopback_floor(300, 5000, 5)
    assert len(times) == 5 and all(t > 0 for t in times)


def test_a_live_session_keeps_no_timings(tmp_path, build_dir):
    from tts_bridge.session.demo import TableBots, start_table

    emu, session = start_table("kaiju", seed=2, journal_dir=tmp_path, build_dir=build_dir)
    try:
        TableBots(emu, session, 2, cheat_rate=0.0).step()
        assert session.latency is None
    finally:
        session.close()
        session.link.close()
        emu.close()
