"""Issue 17: a bridge that cannot be frozen by a TTS stall, re-keyed by forged messages, or
made deaf to our Lua by one forged sequence number. Each test plays the generated kaiju table
in the emulator, with the bridge session attached as `serve` attaches it."""

from __future__ import annotations

import json
import socket
import threading
import time

from engine.core.game import Game
from engine.core.registry import get_rules

from tests.session.helpers import Table

RULES = get_rules("kaiju")


def raw_send(port: int, doc: dict) -> None:
    """What any local process can do: write a document to the bridge's port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
            s.sendall(json.dumps(doc).encode())
    except OSError:
        pass


def wait_until(predicate, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def click_first_option(t: Table) -> int:
    """The deciding colour clicks its first button; returns the decisions count before."""
    before = len(t.session.game.decisions)
    color = t.colors[t.session.game.pending().seat]
    assert t.emu.click(color, f"tb_opt_{color}_1")
    return before


def test_a_stall_longer_than_the_send_timeout_ends_with_the_table_in_sync(tmp_path, generated_save):
    """TTS stops accepting (its backlog fills, further connects time out): batches sent then are
    lost on the wire. They stay unacknowledged and are sent again once TTS accepts, so the
    table catches up with every decision instead of waiting forever for the missing batch."""
    t = Table(Game(RULES, seed=2), tmp_path, generated_save(RULES.id), ack_timeout=0.3)
    try:
        t.link.sender.timeout = 0.3  # a connect TTS does not take fails fast
        t.emu.set_mode(stuck=True)
        click_first_option(t)
        assert wait_until(lambda: len(t.session.game.decisions) == 1)
        for _ in range(4):  # more updates than the stuck backlog holds: some connects time out
            t.session._submit(("sync", False))
        assert wait_until(lambda: any("not confirmed" in s for s in t.said))
        time.sleep(1.0)  # a stall of several send time-outs
        assert t.session.acked < t.session._batch
        t.emu.set_mode(stuck=False)
        t.settle()
        assert t.session.acked == t.session._batch and not t.session.unacked
        assert t.session.resent >= 1
        pending = t.session.game.pending()
        color = t.colors[pending.seat]
        assert [label for _, label in t.emu.ui_buttons(color)] == [o.label for o in pending.options]
        assert any("taking the referee's updates again" in s for s in t.said)
    finally:
        t.close()


def _forge_reload(port: int, stop: threading.Event) -> None:
    """A forged script dump and tokenless "loaded" ping, then forged Execute-Lua answers for
    every returnID a sequential counter would use, saying our Lua lost its token."""
    script = "-- tts-bridge table: kaiju\n"
    raw_send(port, {"messageID": 1, "savePath": "forged", "scriptStates": [{"name": "Global", "guid": "-1",
                                                                               "script": script, "ui": ""}]})
    raw_send(port, {"messageID": 4, "customMessage": {"event": "loaded", "game": "kaiju"}})
    answer = json.dumps({"game": "kaiju", "glue": 2, "has_token": False, "seq": 0, "objects": 0, "last_batch": 0})
    while not stop.is_set():
        for rid in range(1, 40):
            raw_send(port, {"messageID": 5, "returnID": rid, "returnValue": answer})
        time.sleep(0.01)


def test_forged_dumps_and_answers_never_re_key_or_re_lay_the_table(tmp_path, generated_save):
    t = Table(Game(RULES, seed=2), tmp_path, generated_save(RULES.id))
    try:
        token, batches = t.session.token, t.session._batch
        t.emu.set_mode(stuck=True)  # TTS's real answer is late, so forged ones have every chance
        stop = threading.Event()
        forger = threading.Thread(target=_forge_reload, args=(t.link.listen_port, stop), daemon=True)
        forger.start()
        time.sleep(1.0)
        stop.set()
        forger.join()
        t.emu.set_mode(stuck=False)
        t.settle()
        assert t.session.token == token
        assert not any("reloaded" in s for s in t.said)
        assert t.session._batch == batches  # nothing laid out again
        before = click_first_option(t)  # the table still plays
        assert wait_until(lambda: len(t.session.game.decisions) == before + 1)
    finally:
        t.close()


def test_a_real_reload_is_still_laid_out_again(tmp_path, generated_save):
    """The proof is answered by our Lua itself after a real reload: the table is re-keyed."""
    t = Table(Game(RULES, seed=2), tmp_path, generated_save(RULES.id))
    try:
        token = t.session.token
        t.emu.load(generated_save(RULES.id))
        assert wait_until(lambda: t.session.token != token)
        t.settle()
        pending = t.session.game.pending()
        color = t.colors[pending.seat]
        assert [label for _, label in t.emu.ui_buttons(color)] == [o.label for o in pending.options]
    finally:
        t.close()


def test_one_forged_jump_in_sequence_numbers_does_not_deafen_the_bridge(tmp_path, generated_save):
    """A script that learnt the token sends one payload 100,000 ahead; the real payloads that
    follow are still taken (the buffer refuses the jump instead of skipping to it)."""
    t = Table(Game(RULES, seed=2), tmp_path, generated_save(RULES.id))
    try:
        seq = t.session.seq.next
        raw_send(t.link.listen_port, {"messageID": 4, "customMessage": {
            "event": "blocked", "color": "White", "seq": seq + 100_000, "token": t.session.token}})
        time.sleep(1.5)  # longer than the gap time-out after which a held payload is skipped to
        before = click_first_option(t)
        assert wait_until(lambda: len(t.session.game.decisions) == before + 1, timeout=5)
        assert t.session.seq.implausible == 1
    finally:
        t.close()
