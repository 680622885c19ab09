"""An accepted decision is fsynced in the journal before TTS hears of it, though a helper thread
now prepares the batch while the worker fsyncs (issue 21, scope 4)."""

from __future__ import annotations

import errno
import threading
import time

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.protocol import messages as m
from tts_bridge.session.games import adapter_for
from tts_bridge.session.helper import Helper
from tts_bridge.session import journal as journal_module
from tts_bridge.session.journal import Journal, new_id
from tts_bridge.session.session import BridgeLatency, Session

RULES = get_rules("kaiju")
COLORS = ["White", "Red"]


class _Disk:
    """A journal's fsync that blocks until released (or fails), and notes when it ends."""

    def __init__(self, fail: bool = False) -> None:
        self.begun, self.release, self.ended = threading.Event(), threading.Event(), threading.Event()
        self.fail = fail

    def sync(self) -> None:
        self.begun.set()
        self.release.wait(30)
        self.ended.set()
        if self.fail:
            raise OSError(errno.EIO, "Input/output error")


class _Wire:
    """A link that keeps every batch, and whether the journal's fsync had ended when it came."""

    def __init__(self, disk: _Disk) -> None:
        self.disk = disk
        self.batches: list[tuple[dict, bool]] = []

    def send_custom(self, payload: dict) -> None:
        self.batches.append((payload, self.disk.ended.is_set()))


def _session(tmp_path, disk: _Disk) -> tuple[Session, _Wire, Journal]:
    game = Game(RULES, seed=5)
    journal = Journal.create(tmp_path, new_id(RULES.id), game, COLORS)
    journal.sync = disk.sync  # decisions only: the header above was fsynced for real
    wire = _Wire(disk)
    session = Session(game, adapter_for(RULES.id), COLORS, wire, journal)
    session.sync(full=True)
    return session, wire, journal


def _an_action(session: Session) -> tuple[int, dict]:
    pending = session.game.pending()
    return pending.seat, pending.options[0].action


def test_the_batch_is_prepared_while_the_journal_fsyncs_and_sent_only_after(tmp_path):
    disk = _Disk()
    session, wire, journal = _session(tmp_path, disk)
    prepared = threading.Event()
    real = session._prepared
    session._prepared = lambda events: (real(events), prepared.set())[0]
    sent = len(wire.batches)
    seat, action = _an_action(session)
    worker = threading.Thread(target=session._decide, args=(seat, action))
    worker.start()
    try:
        assert disk.begun.wait(10) and prepared.wait(10)  # the helper prepared it; the disk still works
        assert len(wire.batches) == sent and session.stats["decisions"] == 0 and session.narration == []
        assert journal.path.read_text().count("\n") == 2  # written (and flushed) already
    finally:
        disk.release.set()
        worker.join(10)
    assert len(wire.batches) == sent + 1 and wire.batches[-1][1]  # sent, and only after the fsync ended
    assert session.stats["decisions"] == 1 and session.narration
    session.close()


def _click_first_option(session: Session, disk: _Disk, wire: _Wire) -> tuple[list, dict]:
    """The colour to decide clicks its first option, through the session's worker as TTS's
    message reaches it; what had been sent and shown before it."""
    color = COLORS[session.game.pending().seat]
    prompt = session.prompts[color][0]
    sent, shown = list(wire.batches), dict(session.shown)
    session.acked, session.guids = session._batch, {ref: "g" + ref for ref in shown}  # as if TTS had taken them
    session._thread = threading.Thread(target=session._run, daemon=True)
    session._thread.start()
    session.on_message(m.CustomMessage(4, {"token": session.token, "seq": 1, "event": "click",
                                           "color": color, "prompt": prompt, "option": 1}))
    _handled(session)
    return sent, shown


def _handled(session: Session) -> None:
    """Every message reached and handled by the worker (whether TTS took the batches or not:
    this wire never acknowledges them)."""
    end = time.monotonic() + 10
    while session._busy or not session._inbox.empty():
        assert time.monotonic() < end, "the worker never finished"
        time.sleep(0.01)


def _taken_back(session: Session, journal: Journal, wire: _Wire, sent: list, shown: dict, said: list[str]) -> None:
    """The decision is not in the game, the journal or the table, and everyone was told why."""
    assert session.game.decisions == [] and session.stats == {**session.stats, "decisions": 0, "not_journaled": 1}
    header, decisions = Journal.read(journal.path)
    assert decisions == [] and journal.path.read_bytes().count(b"\n") == 1
    assert session.shown == shown
    batches = {payload["n"]: payload for payload, _ in wire.batches[len(sent):]}  # unacknowledged ones come again
    told = [op for payload in batches.values() for op in payload["cmds"] if op.get("op") == "message"]
    assert sorted(op["color"] for op in told) == sorted(COLORS)
    assert all("could not save that move to its journal" in op["text"] and "make the move again" in op["text"]
               for op in told)
    assert any("the move was taken back" in line for line in said)


class _FillingFile:
    """The journal's file on a disk that is full: a write gets part of its bytes out, as a
    write(2) short of space does, until `full` is cleared."""

    def __init__(self, real) -> None:
        self.real, self.full = real, True

    def write(self, data: bytes) -> int:
        return self.real.write(data[:10]) if self.full else self.real.write(data)

    def __getattr__(self, name: str):
        return getattr(self.real, name)


@pytest.mark.parametrize("fails", ["fsync", "write"])
def test_a_decision_the_journal_cannot_keep_is_taken_back_and_everyone_told(tmp_path, monkeypatch, fails):
    """A full or failing disk: the decision's journal line is cut off again, the game undoes it
    and the table is not told of it, so the referee never holds a state its journal lacks (before,
    the game kept the decision, its line stayed unsynced in the journal and TTS never heard of it:
    the next click was judged against a state nobody saw). Then, with the disk back, the same
    click is a decision like any other, journaled after the header."""
    disk = _Disk(fail=fails == "fsync")
    disk.release.set()
    session, wire, journal = _session(tmp_path, disk)
    said: list[str] = []
    session.say = said.append
    opened: list[_FillingFile] = []
    if fails == "write":
        monkeypatch.setattr(journal_module, "open", lambda *a, **k: opened.append(_FillingFile(open(*a, **k)))
                            or opened[-1], raising=False)
    try:
        sent, shown = _click_first_option(session, disk, wire)
        _taken_back(session, journal, wire, sent, shown, said)
        disk.fail = False
        for file in opened:
            file.full = False
        color = COLORS[session.game.pending().seat]
        session.on_message(m.CustomMessage(4, {"token": session.token, "seq": 2, "event": "click", "color": color,
                                               "prompt": session.prompts[color][0], "option": 1}))
        _handled(session)
        header, decisions = Journal.read(journal.path)
        assert len(decisions) == 1 == len(session.game.decisions) and session.stats["decisions"] == 1
        assert Journal.replay(RULES, header, decisions).hashes == session.game.hashes
    finally:
        session.close()


def test_the_worker_prepares_the_batch_itself_when_the_helper_has_not_begun(tmp_path):
    """A helper the machine did not schedule in time never holds the decision up: once its fsync
    is over, the worker takes the job back and does it."""
    disk = _Disk()
    disk.release.set()
    session, wire, journal = _session(tmp_path, disk)
    session.latency = BridgeLatency()
    busy = threading.Event()
    blocker = session._helper.submit(lambda: busy.wait(30))  # the helper is taken up elsewhere
    try:
        sent = len(wire.batches)
        session._decide(*_an_action(session))
        assert len(wire.batches) == sent + 1 and session.stats["decisions"] == 1
        assert session.latency.accepted_prepared_inline == 1
    finally:
        busy.set()
        blocker.answer()
        session.close()


def test_a_job_runs_once_its_error_reaches_the_caller_and_a_settled_job_never_starts():
    helper = Helper("test-helper")
    gate, ran = threading.Event(), []
    try:
        first = helper.submit(lambda: gate.wait(30))  # keeps the helper busy
        failing = helper.submit(lambda: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            failing.answer()  # done here: the helper had not begun it
        given_up = helper.submit(lambda: ran.append(1))
        given_up.settle()
        gate.set()
        assert first.answer() is True
        helper.submit(lambda: None).answer()  # a settled job is skipped, whoever comes to it
        assert ran == []
    finally:
        helper.close()


def test_a_dropped_card_whose_move_the_journal_cannot_keep_goes_back_where_it_was(tmp_path):
    disk = _Disk(fail=True)
    disk.release.set()
    session, wire, journal = _session(tmp_path, disk)
    session.say = lambda text: None
    try:
        ref = next(iter(session.shown))
        sent = len(wire.batches)
        session._decide(*_an_action(session), moved=ref)
        assert session.game.decisions == [] and session.stats["not_journaled"] == 1
        moves = [op for payload, _ in wire.batches[sent:] for op in payload["cmds"]
                 if op.get("op") == "move" and op.get("ref") == ref]
        assert moves and moves[0]["pos"] == {"x": session.shown[ref].pos[0], "y": session.shown[ref].pos[1],
                                             "z": session.shown[ref].pos[2]}
    finally:
        session.close()
