"""An accepted decision is fsynced in the journal before TTS hears of it, though the fsync now
runs on the journal's own thread while the session prepares the batch (issue 21, scope 4)."""

from __future__ import annotations

import errno
import logging
import threading

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.protocol import messages as m
from tts_bridge.session.games import adapter_for
from tts_bridge.session.journal import Journal, PendingSync, new_id
from tts_bridge.session.session import Session

RULES = get_rules("kaiju")
COLORS = ["White", "Red"]


class _Disk:
    """A journal's fsync that blocks until released (or fails), and notes when it ends."""

    def __init__(self, fail: bool = False) -> None:
        self.begun, self.release, self.ended = threading.Event(), threading.Event(), threading.Event()
        self.fail = fail

    def fsync(self) -> None:
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
    journal._fsync = disk.fsync  # decisions only: the header above was fsynced for real
    wire = _Wire(disk)
    session = Session(game, adapter_for(RULES.id), COLORS, wire, journal)
    session.sync(full=True)
    return session, wire, journal


def _an_action(session: Session) -> tuple[int, dict]:
    pending = session.game.pending()
    return pending.seat, pending.options[0].action


def test_no_batch_reaches_the_link_before_the_journal_s_fsync_has_ended(tmp_path, monkeypatch):
    disk = _Disk()
    session, wire, journal = _session(tmp_path, disk)
    waiting = threading.Event()
    real_wait = PendingSync.wait
    monkeypatch.setattr(PendingSync, "wait", lambda self: waiting.set() or real_wait(self))
    sent = len(wire.batches)
    seat, action = _an_action(session)
    worker = threading.Thread(target=session._decide, args=(seat, action))
    worker.start()
    try:
        assert disk.begun.wait(10) and waiting.wait(10)  # the batch is prepared; the disk still works
        assert len(wire.batches) == sent and session.stats["decisions"] == 0
        assert journal.path.read_text().count("\n") == 2  # written (and flushed) already
    finally:
        disk.release.set()
        worker.join(10)
    assert len(wire.batches) == sent + 1 and wire.batches[-1][1]  # sent, and only after the fsync ended
    assert session.stats["decisions"] == 1
    journal.close()


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


def test_a_failed_fsync_is_not_lost_when_preparing_the_batch_failed_first(tmp_path, monkeypatch):
    disk = _Disk(fail=True)
    disk.release.set()
    session, wire, journal = _session(tmp_path, disk)

    def broken(game, colors):
        raise RuntimeError("a bug in the adapter")

    monkeypatch.setattr(session.adapter, "status_lines", broken)
    seat, action = _an_action(session)
    sent = len(wire.batches)
    try:
        session._decide(seat, action)
    except OSError as exc:
        assert isinstance(exc.__context__, RuntimeError)  # both are in the step's report
    else:
        raise AssertionError("the fsync's error was lost")
    finally:
        journal.close()
    assert len(wire.batches) == sent and session.stats["decisions"] == 0


def test_the_journal_thread_hands_back_any_error_and_close_waits_for_a_begun_fsync(tmp_path):
    """An fsync failing with something other than an OSError (a file closed under it) still
    reaches the waiter, who would otherwise wait for ever; `close` lets a begun fsync end."""
    game = Game(RULES, seed=5)
    journal = Journal.create(tmp_path, new_id(RULES.id), game, COLORS)
    calls: list[int] = []

    def odd_fsync() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("I/O operation on closed file")

    journal._fsync = odd_fsync
    first = journal.begin_append(1, 0, {"type": "pass"}, "h1")
    try:
        first.wait()
    except ValueError:
        pass
    else:
        raise AssertionError("the journal thread's error was lost")
    second = journal.begin_append(2, 1, {"type": "pass"}, "h2")
    journal.close()
    second.wait()
    assert len(calls) == 2 and journal.path.read_text().count("\n") == 3
