"""Nothing lost: `serve` killed with SIGKILL mid-game and resumed from its journal comes back
with the same state hash, re-syncs the table and plays on (issue 9, "Nothing lost")."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from engine.core.registry import get_rules

from tts_bridge.emulator import TTSEmulator
from tts_bridge.protocol.transport import free_port
from tts_bridge.session.journal import Journal

ROOT = Path(__file__).resolve().parents[2]
RULES = get_rules("kaiju")


class Serve:
    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "tts_bridge.session.cli", "serve", "--game", "kaiju", *args],
                                     cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.lines.append(line)

    def wait_for(self, pattern: str, timeout: float = 30.0) -> re.Match:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in self.lines:
                found = re.search(pattern, line)
                if found:
                    return found
            if self.proc.poll() is not None and not self.proc.stderr.closed:
                time.sleep(0.05)
            time.sleep(0.02)
        raise AssertionError(f"serve never printed {pattern!r}; it said: {''.join(self.lines)}")


def wait_until(pred, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def decide_by_click(emu: TTSEmulator, journal: Path, rng: random.Random) -> None:
    """The colour that has buttons clicks one; wait until it is journaled and the table updated.
    A click that raced a prompt update is stale (the bridge ignores it): look again and retry."""
    lines = len(journal.read_text().splitlines())
    for _ in range(5):
        wait_until(lambda: emu.ui_buttons("White") or emu.ui_buttons("Red"))
        color = "White" if emu.ui_buttons("White") else "Red"
        buttons = emu.ui_buttons(color)
        with emu.delivered:
            batches = emu.custom_count
        if not buttons or not emu.click(color, rng.choice(buttons)[0]):
            continue
        try:
            wait_until(lambda: len(journal.read_text().splitlines()) == lines + 1, timeout=4)
        except AssertionError:
            continue
        wait_until(lambda: emu.custom_count > batches)
        return
    raise AssertionError("no click was taken")


def test_sigkill_then_resume_reproduces_the_state_hash(tmp_path, generated_save):
    listen = free_port()
    emu = TTSEmulator(editor_port=listen, seed=2)
    emu.load(generated_save("kaiju"))
    rng = random.Random(4)
    common = ["--listen-port", str(listen), "--tts-port", str(emu.tts_port), "--journal-dir", str(tmp_path)]
    first = Serve("--seed", "5", *common)
    try:
        sid = first.wait_for(r"as session (\S+) ").group(1)
        journal = tmp_path / f"{sid}.jsonl"
        for _ in range(14):
            decide_by_click(emu, journal, rng)
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(10)
        header, decisions = Journal.read(journal)
        assert len(decisions) == 14
        killed_hash = decisions[-1]["hash"]

        second = Serve("--resume", sid, *common)
        try:
            found = second.wait_for(r"(\d+) decisions so far, state (\w+)")
            assert int(found.group(1)) == 14 and found.group(2) == killed_hash
            game = Journal.replay(RULES, header, decisions)
            pending = game.pending()
            color = header["seats"][pending.seat]
            wait_until(lambda: [label for _, label in emu.ui_buttons(color)] == [o.label for o in pending.options])
            hand = {game.state.table.cards[c].defn.title for c in game.state.table.zone(pending.seat, "hand")}
            assert hand <= {o.nickname for o in emu.live_objects()}  # the table was laid out again
            decide_by_click(emu, journal, rng)
            header2, decisions2 = Journal.read(journal)
            assert decisions2[:14] == decisions and len(decisions2) == 15
            assert Journal.replay(RULES, header2, decisions2).hashes[-1] == decisions2[-1]["hash"]
        finally:
            second.proc.send_signal(signal.SIGTERM)
            second.proc.wait(10)
    finally:
        if first.proc.poll() is None:
            first.proc.kill()
        emu.close()
