"""A busy table to time `tts-bridge bench view` on: bots play some decisions at the emulated
table (not timed), and the view is drawn from the emulator's state."""

from __future__ import annotations

import tempfile
from pathlib import Path

from tts_bridge.view.scene import Scene, from_emulator


def busy_scene(game: str, save: dict, decisions: int, seed: int = 7) -> Scene:
    from tts_bridge.session.demo import TableBots, settle, start_table

    with tempfile.TemporaryDirectory(prefix="tts-bridge-bench-view-") as tmp:
        emu, session = start_table(game, seed=seed, journal_dir=Path(tmp), save=save)
        try:
            bots = TableBots(emu, session, seed)
            while len(session.game.decisions) < decisions and bots.step():
                pass
            settle(emu, session)
            return from_emulator(emu, save, decision=len(session.game.decisions), seats=list(session.colors))
        finally:
            session.close()
            session.link.close()
            emu.close()
