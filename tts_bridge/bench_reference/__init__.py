"""References that `bench` commands print beside their own figures, and the ratios.

The engine's reference is Fireplace (pure-Python Hearthstone), run from its own virtualenv as a
subprocess (`fireplace_loop.py`, which imports nothing of ours): it is never a dependency of
tts-bridge, and a machine without it gets one line saying how to enable it.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

FIREPLACE_ENV = "TTS_BRIDGE_FIREPLACE_PYTHON"
FIREPLACE_PINS = "fireplace2==1.0.2 hearthstone==8.0.0 hearthstone_data==137922.1"
FIREPLACE_HINT = (f"Fireplace reference not run: give --fireplace PYTHON (or set {FIREPLACE_ENV}), the Python "
                  f"of a virtualenv with {FIREPLACE_PINS}, to print how many times faster we are.")
LOOP = Path(__file__).with_name("fireplace_loop.py")


class ReferenceFailed(Exception):
    """The reference could not be run or answered nonsense: one line saying what and where."""


@dataclass(frozen=True)
class Figures:
    """One engine's totals over some games: time spent deciding, and the games' wall time."""

    games: int
    decisions: int
    decision_ns: int
    wall_s: float
    errors: int = 0

    def __add__(self, other: "Figures") -> "Figures":
        return Figures(self.games + other.games, self.decisions + other.decisions,
                       self.decision_ns + other.decision_ns, self.wall_s + other.wall_s,
                       self.errors + other.errors)

    @property
    def ms_per_decision(self) -> float:
        return self.decision_ns / self.decisions / 1e6 if self.decisions else 0.0

    @property
    def ms_per_game(self) -> float:
        return self.wall_s * 1e3 / self.games if self.games else 0.0


NO_FIGURES = Figures(0, 0, 0, 0.0)


@dataclass(frozen=True)
class Ratio:
    """How many times faster ours is than the reference, per decision and per whole game."""

    per_decision: float
    per_game: float


def ratio(ours: Figures, reference: Figures) -> Ratio:
    def times(theirs: float, mine: float) -> float:
        return round(theirs / mine, 1) if mine else 0.0
    return Ratio(times(reference.ms_per_decision, ours.ms_per_decision),
                 times(reference.ms_per_game, ours.ms_per_game))


def fireplace_python(given: str | None) -> str | None:
    """The Fireplace interpreter: `--fireplace`, else $TTS_BRIDGE_FIREPLACE_PYTHON, else none."""
    return given or os.environ.get(FIREPLACE_ENV) or None


class FireplaceReference:
    """Fireplace's loop in a subprocess that stays up, so chunks of its games can be interleaved
    with chunks of ours (its card database loads once, outside the figures)."""

    def __init__(self, python: str) -> None:
        self.python = python
        self._stderr = tempfile.TemporaryFile("w+")  # a file, not a pipe: nobody reads it until the end
        try:
            self._proc = subprocess.Popen([python, str(LOOP)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=self._stderr, text=True)
        except OSError as exc:
            self._stderr.close()
            raise ReferenceFailed(f"cannot run the Fireplace Python {python!r}: {exc.strerror or exc}") from None
        self._answer("starting")

    def _answer(self, what: str) -> dict:
        line = self._proc.stdout.readline() if self._proc.stdout else ""
        try:
            data = json.loads(line)
        except ValueError:
            self._stderr.seek(0)
            err = self._stderr.read()
            last = (err.strip().splitlines() or [line.strip() or "no answer"])[-1]
            raise ReferenceFailed(f"the Fireplace loop run by {self.python!r} failed while {what}: {last}") from None
        if not isinstance(data, dict):
            raise ReferenceFailed(f"the Fireplace loop run by {self.python!r} answered {line.strip()!r} while {what}")
        return data

    def play(self, games: int, seed: int) -> Figures:
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps({"games": games, "seed": seed}) + "\n")
        self._proc.stdin.flush()
        data = self._answer(f"playing {games} games")
        try:
            return Figures(int(data["games"]), int(data["decisions"]), int(data["decision_ns"]),
                           float(data["wall_s"]), int(data.get("errors", 0)))
        except (KeyError, TypeError, ValueError):
            raise ReferenceFailed(f"the Fireplace loop run by {self.python!r} answered {data!r}, "
                                 f"not games/decisions/decision_ns/wall_s") from None

    def close(self) -> None:
        if self._proc.stdin:
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        if self._proc.stdout:
            self._proc.stdout.close()
        self._stderr.close()

    def __enter__(self) -> "FireplaceReference":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
