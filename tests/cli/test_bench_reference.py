"""`bench engine` beside Fireplace: the hint without it, and the ratios from the reference's
answers (a fake interpreter stands in for Fireplace's virtualenv; the ratio arithmetic and the
output are what is checked, not Fireplace)."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tts_bridge.bench_reference import FIREPLACE_ENV, FIREPLACE_HINT, Figures, ratio
from tts_bridge.cli import main

# 1 ms per decision, 100 decisions and 0.2 s per game; one line per request, as fireplace_loop.py answers
FAKE = """#!{python}
import json, sys
print(json.dumps({{"ready": True}}), flush=True)
for line in sys.stdin:
    n = json.loads(line)["games"]
    with open({log!r}, "a") as log:
        log.write(line)
    print({answer}, flush=True)
"""
GOOD = 'json.dumps({"games": n, "decisions": 100 * n, "decision_ns": 100 * n * 1_000_000, "wall_s": 0.2 * n, "errors": 0})'


def fake_python(tmp_path: Path, answer: str = GOOD) -> tuple[Path, Path]:
    log = tmp_path / "requests.jsonl"
    script = tmp_path / "python"
    script.write_text(FAKE.format(python=sys.executable, log=str(log), answer=answer))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script, log


def test_ratio_is_reference_time_over_ours_per_decision_and_per_game():
    ours = Figures(games=4, decisions=400, decision_ns=400 * 50_000, wall_s=0.1)  # 0.05 ms, 25 ms per game
    theirs = Figures(games=2, decisions=300, decision_ns=300 * 1_500_000, wall_s=0.5)  # 1.5 ms, 250 ms per game
    assert ratio(ours, theirs).per_decision == 30.0
    assert ratio(ours, theirs).per_game == 10.0
    assert (ours + theirs).decisions == 700


def test_without_fireplace_bench_engine_says_how_to_enable_it(monkeypatch):
    monkeypatch.delenv(FIREPLACE_ENV, raising=False)
    out = CliRunner().invoke(main, ["bench", "engine", "--game", "kaiju", "--games", "1"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[-1].strip() == FIREPLACE_HINT
    assert "--fireplace PYTHON" in FIREPLACE_HINT and FIREPLACE_ENV in FIREPLACE_HINT


def test_fireplace_figures_are_interleaved_and_the_ratios_printed(tmp_path, monkeypatch):
    python, log = fake_python(tmp_path)
    monkeypatch.setenv(FIREPLACE_ENV, str(python))  # the variable is read when --fireplace is not given
    out = CliRunner().invoke(main, ["bench", "engine", "--game", "kaiju", "--games", "3", "--rounds", "3",
                                    "--fireplace-games", "6", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["games"] for r in requests] == [2, 2, 2]  # one chunk of Fireplace games after each of ours
    assert report["fireplace"] == {"games": 6, "decisions": 600, "errors": 0, "mean_ms": 1.0, "ms_per_game": 200.0}
    # the ratios come from the unrounded figures; the report rounds them (and the ratio to 0.1)
    assert report["faster_per_decision"] == pytest.approx(1.0 / report["mean_ms"], abs=0.1)
    assert report["faster_per_game"] == pytest.approx(200.0 / report["ms_per_game"], abs=0.1)

    text = CliRunner().invoke(main, ["bench", "engine", "--game", "kaiju", "--games", "2",
                                     "--fireplace", str(python)])
    assert text.exit_code == 0, text.output
    assert "Fireplace, interleaved: 1200 decisions in 12 games" in text.output
    assert "ours faster by " in text.output and "x per decision (" in text.output
    assert "vs 1.0 ms mean" in text.output and "vs 200.0 ms)" in text.output


def test_a_reference_that_answers_nonsense_is_one_error_line_and_exit_2(tmp_path):
    python, _ = fake_python(tmp_path, answer='"not figures"')
    out = CliRunner().invoke(main, ["bench", "engine", "--game", "kaiju", "--games", "1", "--fireplace", str(python)])
    assert out.exit_code == 2
    assert out.output.count("error:") == 1 and "Fireplace loop" in out.output and "Traceback" not in out.output
    missing = CliRunner().invoke(main, ["bench", "engine", "--game", "kaiju", "--games", "1",
                                        "--fireplace", str(tmp_path / "none")])
    assert missing.exit_code == 2 and "cannot run the Fireplace Python" in missing.output
