"""EmulatorProcess: the emulator in a child process, reached by the bridge only over the
External Editor API's TCP wire (as TTS is), and by the table's driver through a pipe."""

from __future__ import annotations

import os

import pytest

from tts_bridge.emulator.process import EmulatorFailed, EmulatorProcess
from tts_bridge.protocol.transport import free_port
from tts_bridge.session.demo import TableBots, lua_seq, start_table


def test_bots_play_at_a_table_whose_emulator_runs_in_its_own_process(tmp_path, generated_save):
    emu, session = start_table("kaiju", seed=4, journal_dir=tmp_path, save=generated_save("kaiju"), own_process=True)
    try:
        assert isinstance(emu, EmulatorProcess) and emu._proc.pid != os.getpid()
        bots = TableBots(emu, session, seed=4, cheat_rate=0.3)
        steps = 0
        while steps < 60 and bots.step():
            steps += 1
        assert len(session.game.decisions) >= steps > 0
        assert bots.physical_moves > 0  # cards moved by hand in the child, decisions made here
        assert bots.cheats_seen and session.stats["reverted"] >= len(bots.cheats_seen)  # put back (by_guid checked it)
        assert lua_seq(emu) == session.seq.next - 1  # our Lua's sequence, read in the child's VM
    finally:
        session.close()
        session.link.close()
        emu.close()


def test_an_error_in_the_child_comes_back_with_its_traceback_and_the_emulator_keeps_answering(generated_save):
    emu = EmulatorProcess(editor_port=free_port(), seed=1)
    try:
        emu.load(generated_save("kaiju"))
        assert emu.tts_port > 0
        with pytest.raises(EmulatorFailed, match="no object with GUID nope"):
            emu.pick_up("White", "nope")
        assert emu.by_guid("nope") is None
    finally:
        emu.close()
    emu.close()  # a second close is harmless
    assert emu._proc.poll() is not None
