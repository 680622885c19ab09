"""A rewind reruns onLoad in a fresh Lua state, with no session token and (undocumented) no
script dump: the glue's tokenless "loaded" ping makes the bridge re-handshake and lay the
table out again (fact onload_reruns_on_rewind)."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.registry import get_rules

from tests.session.helpers import Table, wait_until
from tts_bridge.session.demo import TableBots, settle as settle_table


def _lua_token(t: Table):
    with t.emu.lock:
        return t.emu.vm.globals.TTSBridge.token


def test_a_rewind_is_followed_by_a_new_handshake_and_a_full_layout(tmp_path, generated_save):
    t = Table(Game(get_rules("kaiju"), seed=7), tmp_path, generated_save("kaiju"))
    try:
        bots = TableBots(t.emu, t.session, seed=7, cheat_rate=0.0)
        for _ in range(6):
            bots.step()
        old_token = t.session.token
        t.emu.checkpoint()
        bots.step()
        t.emu.rewind()  # TTS restores the checkpoint and reruns the Global script and onLoad
        assert wait_until(lambda: t.session.token != old_token and _lua_token(t) == t.session.token, 10.0)
        assert settle_table(t.emu, t.session)
        # the table shows the engine's state again: every referee object exists, one per ref
        assert set(t.session.guids) == set(t.session.shown)
        for ref, guid in t.session.guids.items():
            assert t.emu.by_guid(guid) is not None, ref
        before = len(t.session.game.decisions)
        bots.step()  # and play goes on
        assert len(t.session.game.decisions) == before + 1
        assert any("reloaded" in line for line in t.said)
    finally:
        t.close()


def test_a_forged_loaded_ping_changes_nothing(tmp_path, generated_save):
    """Any local process can send a 'loaded' ping: the bridge asks TTS whether the token is
    really gone and keeps the session as it is when it is not."""
    t = Table(Game(get_rules("kaiju"), seed=7), tmp_path, generated_save("kaiju"))
    try:
        token, batches = t.session.token, t.session._batch
        t.emu._emit({"messageID": 4, "customMessage": {"event": "loaded", "game": "kaiju"}})
        t.settle()
        assert t.session.token == token and t.session._batch == batches
    finally:
        t.close()


def test_a_lua_error_on_the_table_is_reported_to_the_host(tmp_path, generated_save):
    """The glue reports errors it caught (pcall) as an 'error' event: the host is told where."""
    t = Table(Game(get_rules("kaiju"), seed=7), tmp_path, save=generated_save("kaiju"))
    try:
        with t.emu.lock:
            t.emu.vm.run('TTSBridge.report("onObjectDrop", "attempt to index a nil value")', "probe")
        assert wait_until(lambda: any("Lua error in the table's script (onObjectDrop)" in s for s in t.said))
        assert t.session.stats["lua_errors"] == 1
    finally:
        t.close()
