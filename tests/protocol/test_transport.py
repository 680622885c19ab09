"""Transport faults of the External Editor API (issue 9, Tests): chunked, reordered,
duplicated, malformed, 10 MB, over the cap, refused, stalled, port in use, returnID matching."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from tests.protocol.inbox import Inbox
from tts_bridge.protocol import messages as m
from tts_bridge.protocol.link import EditorLink, LuaFailed
from tts_bridge.protocol.transport import (Listener, PortInUse, Sender, SequenceBuffer, TTSStalled, TTSUnavailable,
                                           free_port)


@pytest.fixture
def inbox():
    box = Inbox()
    listener = Listener(0, box.put, on_reject=box.reject, max_bytes=16 * 1024 * 1024, read_timeout=0.5).start()
    box.port = listener.port
    yield box
    listener.close()


def raw_send(port: int, payload: bytes, chunk: int | None = None, pause: float = 0.0) -> None:
    with socket.create_connection(("127.0.0.1", port)) as s:
        if chunk is None:
            s.sendall(payload)
        else:
            for i in range(0, len(payload), chunk):
                s.sendall(payload[i:i + chunk])
                if pause:
                    time.sleep(pause)


def test_chunked_message_is_read_to_eof(inbox):
    doc = {"messageID": 4, "customMessage": {"seq": 1, "text": "x" * 5000}}
    raw_send(inbox.port, json.dumps(doc).encode(), chunk=7, pause=0.0001)
    assert inbox.wait(lambda: inbox.items)
    assert inbox.items == [doc]


def test_ten_megabyte_message_arrives_whole(inbox):
    doc = {"messageID": 1, "savePath": "", "scriptStates": [{"name": "Global", "guid": "-1", "script": "-- " + "a" * 10_000_000}]}
    raw_send(inbox.port, json.dumps(doc).encode(), chunk=65536)
    assert inbox.wait(lambda: inbox.items, timeout=20)
    assert len(inbox.items[0]["scriptStates"][0]["script"]) == 10_000_003


def test_message_over_the_cap_is_refused_and_logged():
    box = Inbox()
    listener = Listener(0, box.put, on_reject=box.reject, max_bytes=1000).start()
    try:
        raw_send(listener.port, json.dumps({"messageID": 2, "message": "y" * 5000}).encode())
        assert box.wait(lambda: box.rejects)
        assert "cap" in box.rejects[0] and box.items == []
    finally:
        listener.close()


def test_malformed_json_is_dropped_and_the_listener_goes_on(inbox):
    raw_send(inbox.port, b'{"messageID": 4, "customMessage": {')
    raw_send(inbox.port, b"\xff\xfe not utf8")
    raw_send(inbox.port, json.dumps({"messageID": 2, "message": "still here"}).encode())
    assert inbox.wait(lambda: inbox.items and len(inbox.rejects) >= 2)
    assert inbox.items == [{"messageID": 2, "message": "still here"}]
    assert any("malformed JSON" in r for r in inbox.rejects)


def test_a_sender_that_stalls_mid_message_is_timed_out(inbox):
    s = socket.create_connection(("127.0.0.1", inbox.port))
    s.sendall(b'{"messageID": 2, "mess')
    assert inbox.wait(lambda: inbox.rejects, timeout=5)
    assert "stalled" in inbox.rejects[0]
    s.close()


def test_concurrent_connections_are_all_received(inbox):
    threads = [threading.Thread(target=raw_send, args=(inbox.port, json.dumps({"messageID": 2, "message": str(i)}).encode()))
               for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert inbox.wait(lambda: len(inbox.items) == 40)
    assert sorted(int(x["message"]) for x in inbox.items) == list(range(40))


def test_sequence_buffer_restores_order_and_drops_duplicates():
    buf = SequenceBuffer()
    out = []
    for seq in (3, 1, 1, 2, 5, 3, 4, 2):
        out += buf.push(seq, seq)
    assert out == [1, 2, 3, 4, 5]
    assert buf.duplicates == 3


def test_sequence_buffer_gives_up_on_a_lost_message():
    buf = SequenceBuffer(gap_timeout=0.0)
    assert buf.push(2, "b") == []
    time.sleep(0.01)
    assert buf.flush_stale() == ["b"]
    assert buf.skipped == 1 and buf.push(3, "c") == ["c"]


def test_port_in_use_names_the_editor_plugins():
    holder = Listener(0, lambda d: None).start()
    try:
        with pytest.raises(PortInUse) as err:
            Listener(holder.port, lambda d: None).start()
        text = str(err.value.strerror)
        assert str(holder.port) in text and "VS Code" in text and "Atom" in text
    finally:
        holder.close()


def test_connection_refused_is_retried_with_backoff_then_reported():
    port = free_port()
    waits = []
    sender = Sender(port, retry_for=0.4, on_waiting=lambda attempt, delay: waits.append(delay))
    with pytest.raises(TTSUnavailable) as err:
        sender.send({"messageID": 0})
    assert "is TTS running" in str(err.value)
    assert len(waits) >= 2 and waits[1] > waits[0]  # back-off grows


def test_refused_then_up_delivers_the_message(inbox):
    port = free_port()
    got = []

    def late_start():
        time.sleep(0.2)
        late = Listener(port, got.append).start()
        time.sleep(1.0)
        late.close()

    t = threading.Thread(target=late_start)
    t.start()
    Sender(port, retry_for=3.0).send({"messageID": 0})
    t.join()
    assert got == [{"messageID": 0}]


def test_stalled_tts_times_out_instead_of_hanging():
    # a TTS that is bound but accepts nothing: the backlog fills, then connects time out
    stuck = socket.socket()
    stuck.bind(("127.0.0.1", 0))
    stuck.listen(0)
    port = stuck.getsockname()[1]
    sender = Sender(port, timeout=0.3, retry_for=0.5)
    with pytest.raises(TTSStalled):
        for _ in range(50):
            sender.send({"messageID": 2, "customMessage": {"x": "y" * 100_000}})
    stuck.close()


def test_link_answers_are_matched_by_return_id():
    """Concurrent Execute-Lua calls get their own answers even when replies come back reversed."""
    tts = Inbox()
    tts_listener = Listener(0, tts.put).start()
    link = EditorLink(listen_port=0, tts_port=tts_listener.port).start()
    results = {}

    def call(code):
        results[code] = link.execute_lua(code, timeout=5)

    threads = [threading.Thread(target=call, args=(f"return {i}",)) for i in range(3)]
    for t in threads:
        t.start()
    assert tts.wait(lambda: len(tts.items) == 3)
    for req in reversed(tts.items):
        value = json.dumps({"code": req["script"]})
        raw_send(link.listen_port, json.dumps({"messageID": 5, "returnID": req["returnID"], "returnValue": value}).encode())
    for t in threads:
        t.join()
    assert results == {f"return {i}": {"code": f"return {i}"} for i in range(3)}
    link.close()
    tts_listener.close()


def test_link_reports_lua_errors_of_execute():
    tts = Inbox()
    tts_listener = Listener(0, tts.put).start()
    link = EditorLink(listen_port=0, tts_port=tts_listener.port).start()
    box = []
    t = threading.Thread(target=lambda: box.append(pytest.raises(LuaFailed, link.execute_lua, "x(", timeout=5)))
    t.start()
    assert tts.wait(lambda: tts.items)
    raw_send(link.listen_port, json.dumps({"messageID": 3, "guid": "-1", "error": "chunk_1:(1,2-3): unexpected symbol",
                                           "errorMessagePrefix": "Error in Global Script: function <executeScript>: "}).encode())
    t.join()
    assert "unexpected symbol" in str(box[0].value)
    link.close()
    tts_listener.close()


@pytest.mark.parametrize("raw,kind", [
    ({"messageID": 0, "scriptStates": [{"name": "Pawn", "guid": "db3f06", "script": ""}]}, m.NewObjectScript),
    ({"messageID": 1, "savePath": "", "scriptStates": [{"name": "Global", "guid": "-1", "script": "x"}]}, m.ScriptDump),
    ({"messageID": 2, "message": "hi"}, m.PrintMessage),
    ({"messageID": 3, "error": "e", "guid": "-1", "errorMessagePrefix": "p"}, m.LuaError),
    ({"messageID": 4, "customMessage": []}, m.CustomMessage),
    ({"messageID": 5.0, "returnID": 42.0}, m.ReturnValue),
    ({"messageID": 6, "savePath": "C:\\s.json"}, m.GameSaved),
    ({"messageID": 7, "guid": "e4f5a6"}, m.ObjectCreated),
    ({"messageID": 99}, m.UnknownMessage),
])
def test_every_inbound_kind_parses(raw, kind):
    msg = m.parse_inbound(raw)
    assert isinstance(msg, kind)
    if kind is m.ReturnValue:
        assert msg.return_id == 42 and msg.value is None  # 42.0 == 42; absent value is None
    if kind is m.CustomMessage:
        assert msg.custom == {}  # an empty Lua table sent as [] is an empty object


def test_bad_message_ids_are_refused():
    with pytest.raises(m.ProtocolError, match="messageID"):
        m.parse_inbound({"messageID": "4"})
    with pytest.raises(m.ProtocolError):
        m.parse_inbound([1, 2])


def test_outbound_messages_follow_the_spec():
    assert m.get_scripts() == {"messageID": 0}
    assert m.execute_lua("return 1", 7) == {"messageID": 3, "guid": "-1", "script": "return 1", "returnID": 7}
    assert m.custom_message({"a": 1}) == {"messageID": 2, "customMessage": {"a": 1}}
    with pytest.raises(m.ProtocolError):
        m.custom_message([1])
    with pytest.raises(m.ProtocolError, match="empty Global"):
        m.save_and_play([m.ScriptState("Global", "-1", "  ")])
    sp = m.save_and_play([m.ScriptState("Global", "-1", "-- x", ""), m.ScriptState("T", "a0b2d5", "s", "<Panel/>")])
    assert sp["scriptStates"][0] == {"name": "Global", "guid": "-1", "script": "-- x"}
    assert sp["scriptStates"][1]["ui"] == "<Panel/>"
