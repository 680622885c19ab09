"""`watch` settles (issue 18, scope 2): real file events from watchdog, one rebuild per
change, never a rebuild caused by the rebuild's own reads, a broken cards.yaml reported once."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tts_bridge.assets.watch import watch

REPO = Path(__file__).resolve().parents[2]
QUIET = 1.5  # seconds in which a watch that does not settle rebuilds several times (delay 0.2)


def _until(pred, timeout=60.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end and not pred():
        time.sleep(0.05)
    return pred()


class Watching:
    """`watch` on a folder in a thread; each rebuild reads every file there, as a build does."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.builds, self.stop = folder, 0, threading.Event()
        self.thread = threading.Thread(target=watch, args=([folder], self.rebuild, 0.2, self.stop), daemon=True)

    def rebuild(self) -> None:
        self.builds += 1
        for path in sorted(self.folder.rglob("*")):
            if path.is_file():
                path.read_bytes()

    def __enter__(self) -> "Watching":
        self.thread.start()
        time.sleep(0.5)  # the observer is scheduled
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(5)
        assert not self.thread.is_alive()

    def settled_after(self, builds: int) -> bool:
        """`builds` rebuilds happened, and no more within QUIET seconds."""
        reached = _until(lambda: self.builds >= builds, 20)
        time.sleep(QUIET)
        return reached and self.builds == builds


def test_one_change_one_rebuild_and_the_rebuilds_own_reads_never_trigger_it(tmp_path):
    (tmp_path / "cards.yaml").write_text("cards: []\n")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "a.png").write_bytes(b"png")
    with Watching(tmp_path) as w:
        assert w.settled_after(0)  # nothing changed yet: the watch waits
        (tmp_path / "cards.yaml").write_text("cards: [1]\n")
        assert w.settled_after(1)
        os.utime(tmp_path / "cards.yaml")  # `touch`: one rebuild, then quiet
        assert w.settled_after(2)


@pytest.mark.parametrize("change", ["created", "deleted", "moved", "atomic save"])
def test_every_kind_of_content_change_rebuilds_once(change, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("cards: []\n")
    with Watching(tmp_path) as w:
        if change == "created":
            (tmp_path / "new.png").write_bytes(b"png")
        elif change == "deleted":
            cards.unlink()
        elif change == "moved":
            cards.rename(tmp_path / "renamed.yaml")
        else:  # an editor writes a hidden temp file and renames it over the original, several times
            for n in range(5):
                temp = tmp_path / f".cards.yaml.{n}.tmp"
                temp.write_text(f"cards: [{n}]\n")
                temp.replace(cards)
        assert w.settled_after(1)


def test_opening_and_reading_inputs_does_not_rebuild(tmp_path):
    (tmp_path / "cards.yaml").write_text("cards: []\n")
    with Watching(tmp_path) as w:
        for _ in range(5):
            (tmp_path / "cards.yaml").read_text()
            with (tmp_path / "cards.yaml").open("rb"):
                pass
        assert w.settled_after(0)


def _watch_lines(process: subprocess.Popen, lines: list[str]) -> threading.Thread:
    def read() -> None:
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def test_tts_bridge_watch_rebuilds_once_per_change_and_reports_a_broken_file_once(tmp_path):
    """The real command on a copy of the kaiju card data (TTS_BRIDGE_DATA), driven by edits."""
    data = tmp_path / "card_data"
    shutil.copytree(REPO / "card_data" / "kaiju", data / "kaiju")
    cards = data / "kaiju" / "cards.yaml"
    env = {**os.environ, "TTS_BRIDGE_DATA": str(data), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "tts_bridge.cli", "watch", "kaiju", "--out", str(tmp_path / "out"),
                                "--dpi", "20", "--delay", "0.2"], env=env, cwd=tmp_path, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines: list[str] = []
    reader = _watch_lines(process, lines)

    def builds() -> list[str]:
        return [line for line in lines if line.startswith("[") and ("kaiju:" in line or "failed" in line)]

    def settled_after(count: int) -> bool:
        reached = _until(lambda: len(builds()) >= count, 120)
        time.sleep(QUIET)
        return reached and len(builds()) == count

    try:
        assert _until(lambda: any(line.startswith("watching ") for line in lines), 120), lines
        assert settled_after(1), lines  # the first build, then nothing
        os.utime(cards)
        assert settled_after(2), lines
        good = cards.read_text(encoding="utf-8")
        cards.write_text(good + "\n  - this: [is not valid\n", encoding="utf-8")
        assert settled_after(3), lines
        assert "failed" in builds()[-1]
        errors = [line for line in lines if "cards.yaml" in line]
        assert len(errors) == 1, lines  # the broken file is reported once, not twice a second
        cards.write_text(good, encoding="utf-8")
        assert settled_after(4), lines
        assert "kaiju:" in builds()[-1]
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        reader.join(5)
