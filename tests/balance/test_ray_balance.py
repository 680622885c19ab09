"""Balance on a local Ray instance (issue 22, scope 3): a worker killed mid-run loses no game
and counts none twice, and `tts-bridge balance` writes its report. One Ray instance with two
CPUs serves the whole module; every run is bounded in time."""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.core.registry import get_rules
from tts_bridge.balance import runner
from tts_bridge.balance.plan import Batch, Plan
from tts_bridge.balance.play import GameRecord, play_batch, play_game
from tts_bridge.cli import main

CRASH_AT = 9  # the game whose worker dies on its first attempt
LIMIT_S = 120  # any one test; Ray starts in a few seconds and these games take milliseconds


@pytest.fixture(scope="module")
def ray():
    import ray

    with within(LIMIT_S):
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


@contextmanager
def within(seconds: int):
    """Fail the test instead of hanging (the run loop waits at most a second at a time, so the
    alarm is seen)."""
    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def crash_once(marker: str, plan: Plan, batch: Batch) -> list[GameRecord]:
    """play_batch, except that the worker process playing game CRASH_AT dies the first time,
    halfway through its batch (the games before it in the batch are already played)."""
    records = []
    for index in batch.indices:
        if index == CRASH_AT and not os.path.exists(marker):
            Path(marker).write_text(str(os.getpid()))
            os._exit(1)  # the worker vanishes as on a lost node: no exception, no result
        records += play_batch(plan, Batch(index, index + 1))
    return records


def _plan(games: int) -> Plan:
    return Plan("kaiju", tuple(get_rules("kaiju").sample_decks()), games, 7, "random")


@pytest.mark.parametrize("ray_retries", [runner.TASK_RETRIES, 0], ids=["ray-retries", "driver-resubmits"])
def test_a_worker_killed_mid_batch_loses_no_game_and_counts_none_twice(ray, tmp_path, monkeypatch, ray_retries):
    monkeypatch.setattr(runner, "TASK_RETRIES", ray_retries)  # 0: Ray gives up, the driver submits again
    plan = _plan(24)
    marker = tmp_path / "crashed"
    seen = []
    with within(LIMIT_S):
        run = runner.run_balance(ray, plan, play=partial(crash_once, str(marker)), batch_size=4,
                                 on_progress=seen.append)
    assert marker.exists() and int(marker.read_text()) != os.getpid()  # a worker process died
    tally = run.tally
    assert tally.played == 24 and tally.complete and tally.duplicates == 0 and tally.errors == 0
    assert [p.done for p in seen] == sorted(p.done for p in seen) and seen[-1].done == 24
    # the counts are those of the same 24 games played one by one here
    local = [play_game(plan, i) for i in range(24)]
    report = tally.to_json(run.elapsed_s, run.workers)
    wins = [sum(r.winner == seat for r in local[slot::2]) for slot in (0, 1) for seat in (0, 1)]
    assert [w for p in report["pairings"] for w in p["wins"]] == wins
    assert report["length"]["counts"] == {str(n): sum(r.decisions == n for r in local)
                                          for n in sorted({r.decisions for r in local})}


def slow_play(plan: Plan, batch: Batch) -> list[GameRecord]:
    """play_batch, slowed so that a task is still running when the test kills its worker."""
    time.sleep(0.5)
    return play_batch(plan, batch)


def running_task_pids() -> list[int]:
    """This test's Ray workers running a balance task now: Ray titles them `ray::_task` while
    they do, and they descend from this process (which started Ray)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes().startswith(b"ray::_task") \
                    and _descends_from_me(int(entry.name)):
                pids.append(int(entry.name))
        except OSError:  # gone meanwhile
            continue
    return pids


def _descends_from_me(pid: int) -> bool:
    while pid > 1:
        stat = Path(f"/proc/{pid}/stat").read_text()
        pid = int(stat.rsplit(")", 1)[1].split()[1])  # the parent's pid, after the command's name
        if pid == os.getpid():
            return True
    return False


def test_a_worker_killed_from_outside_mid_task_loses_no_game_and_counts_none_twice(ray):
    plan = _plan(16)
    killed: list[int] = []

    def kill_one_running_worker(progress: runner.Progress) -> None:
        if not killed and (pids := running_task_pids()):
            os.kill(pids[0], signal.SIGKILL)  # as a node lost mid-task would: no word from it
            killed.append(pids[0])

    with within(LIMIT_S):
        run = runner.run_balance(ray, plan, play=slow_play, batch_size=2, on_progress=kill_one_running_worker)
    assert killed, "no task was running when the first batch came back"
    assert run.tally.played == 16 and run.tally.complete and run.tally.duplicates == 0
    local = [play_game(plan, i) for i in range(16)]
    assert sum(p["games"] for p in run.tally.to_json(1, 2)["pairings"]) == 16 - sum(r.error is not None for r in local)
    assert run.tally.lengths == Counter(r.decisions for r in local if r.error is None)


def test_balance_command_writes_the_report_on_the_running_ray(ray, tmp_path):
    out = tmp_path / "report"
    with within(LIMIT_S):
        result = CliRunner().invoke(main, ["balance", "kaiju", "--games", "12", "--bot", "random",
                                           "--out", str(out), "--seed", "3"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["counted"] == report["games"] == 12 and report["bot"] == "random"
    assert sum(p["games"] + 0 for p in report["pairings"]) == 12 - report["errors"]
    assert [p["seat0"] for p in report["pairings"]] == ["ember-tide", "stone-wing"]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 5  # pairings, first player, length, cards drawn, cards played
    assert "12 of 12 counted" in page and "12 games of kaiju" in result.output


def test_bench_balance_prints_the_four_ways_side_by_side(ray, monkeypatch):
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 0.5, 0.5))  # a quiet machine: no note on sharing
    with within(LIMIT_S):
        result = CliRunner().invoke(main, ["bench", "balance", "--games", "6", "--rounds", "2"])
    assert result.exit_code == 0, result.output
    rows = [line.split()[:3] for line in result.output.splitlines() if "games/s" in line]
    assert [" ".join(r) for r in rows] == ["plain loop, this", "plain loops, 2", "Ray, 1 worker", "Ray, 2 workers"]
    assert "plain processes" in result.output and "the machine's ceiling" in result.output
    assert "load average 0.5 on 2 cores:" in result.output and "above the core count" not in result.output
    assert "6 games of kaiju each way" in result.output and "Ray's cost per game over the plain loop" in result.output
