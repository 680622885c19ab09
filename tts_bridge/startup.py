"""`tts-bridge bench startup`: how long a user waits before a command answers.

Three things are timed in fresh processes, interleaved round by round so that a shared machine's
drift hits them alike: a bare `python -c pass` (the floor no command can beat), `tts-bridge
--help`, and a `referee` process per game from its start until its first answer line (the
pending decision) is read. Each figure is printed with its ratio to the bare start.

The children run as an installed Python runs for a user: bytecode is cached (a
PYTHONDONTWRITEBYTECODE of the calling shell is dropped; compiling every module on each start
would add about 90 ms), and one untimed warm-up run per command fills the OS file cache, the
`__pycache__` folders and the card-validation cache (engine/core/carddata.py).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

# `python -m tts_bridge.cli` is what the `tts-bridge` script runs (its entry point is
# tts_bridge.cli:run), without the console-script wrapper that differs between installers
COMMAND = [sys.executable, "-m", "tts_bridge.cli"]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
HELP_TARGET_S = 0.15
REFEREE_TARGET_S = 0.30


@dataclass(frozen=True, slots=True)
class StartupFigure:
    """The median of one timed start, and its ratio to a bare Python start in the same run."""

    name: str
    median_s: float
    ratio: float
    target_s: float | None


def _time_exit(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=ENV)
    return time.perf_counter() - start


def _time_first_answer(game: str) -> float:
    """From spawning `referee` to its first reply line; the process is then told to stop (EOF)."""
    start = time.perf_counter()
    proc = subprocess.Popen([*COMMAND, "referee", "--game", game, "--seed", "1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b'{"op":"pending"}\n')
    proc.stdin.flush()
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.stdin.close()
    proc.wait(timeout=30)
    if not line.startswith(b'{"ok":true'):
        raise RuntimeError(f"referee --game {game} did not answer: {line[:200]!r}")
    return elapsed


def bench_startup(games: list[str], rounds: int) -> list[StartupFigure]:
    """Median start-up times over `rounds` interleaved rounds, the bare start first."""
    samples: dict[str, list[float]] = {"python -c pass": [], "tts-bridge --help": []}
    samples.update({f"referee --game {g}: first answer": [] for g in games})
    _time_exit([*COMMAND, "--help"])  # warm-up, untimed
    for g in games:
        _time_first_answer(g)
    for _ in range(rounds):
        samples["python -c pass"].append(_time_exit([sys.executable, "-c", "pass"]))
        samples["tts-bridge --help"].append(_time_exit([*COMMAND, "--help"]))
        for g in games:
            samples[f"referee --game {g}: first answer"].append(_time_first_answer(g))
    bare = statistics.median(samples["python -c pass"])
    figures = []
    for name, values in samples.items():
        median = statistics.median(values)
        target = HELP_TARGET_S if name.endswith("--help") else REFEREE_TARGET_S if name.startswith("referee") else None
        figures.append(StartupFigure(name, round(median, 4), round(median / bare, 1) if bare else 0.0, target))
    return figures
