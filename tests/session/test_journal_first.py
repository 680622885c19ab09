"""An accepted decision is fsynced in the journal before TTS hears of it, though a helper thread
now prepares the batch while the worker fsyncs (issue 21, scope 4)."""

from __future__ import annotations

import errno
import logging
import threading

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.protocol import messages as m
from tts_bridge.session.games import adapter_for
from tts_bridge.session.helper import Helper
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


def test_a_failed_fsync_sends_nothing_of_the_decision_and_is_reported_as_a_failed_step(tmp_path, caplog):
    """Through the session's worker, as a click on a prompt reaches it: the fsync's error is
    the step's error (logged), no batch goes out and the table's bookkeeping is untouched, so
    the next sync still tells the table everything."""
    disk = _Disk(fail=True)
    disk.release.set()
    session, wire, journal = _session(tmp_path, disk)
    color = COLORS[session.game.pending().seat]
    prompt = session.prompts[color][0]
    sent, shown = len(wire.batches), dict(session.shown)
    session.acked, session.guids = session._batch, {ref: "g" + ref for ref in shown}  # as if TTS had taken them
    session._thread = threading.Thread(target=session._run, daemon=True)
    session._thread.start()
    try:
        with caplog.at_level(logging.ERROR, logger="tts_bridge.session"):
            session.on_message(m.CustomMessage(4, {"token": session.token, "seq": 1, "event": "click",
                                                   "color": color, "prompt": prompt, "option": 1}))
            assert session.wait_idle(10)
        assert len(session.game.decisions) == 1 and disk.ended.is_set()
        failed = [r for r in caplog.records if r.getMessage() == "session step failed"]
        assert failed and isinstance(failed[0].exc_info[1], OSError)
        assert len(wire.batches) == sent and session.stats["decisions"] == 0 and session.shown == shown
        assert session.narration == []
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
