"""A thread that works something out for the session's worker while the worker waits on the disk.

An accepted decision is fsynced in the journal before TTS hears of it; os.fsync lets go of the
interpreter lock, so the batch for TTS (narration, layout, allow-lists, status) can be worked out
meanwhile. The worker hands that job to the helper and fsyncs itself, then takes the answer, or
does the job itself when the helper has not begun it (a busy machine did not schedule it): the
fsync never waits for another thread, and the job never costs more than doing it inline.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable


class Job:
    """One piece of work, done once: by the helper if it claims it first, else by the caller of
    `answer`. `on_helper` says which; `helper_cpu` is the helper thread's CPU seconds on it."""

    __slots__ = ("_work", "_claim", "_done", "_result", "_error", "on_helper", "helper_cpu")

    def __init__(self, work: Callable[[], Any]) -> None:
        self._work = work
        self._claim, self._done = threading.Lock(), threading.Lock()  # raw locks: the cheapest hand-off
        self._done.acquire()
        self._result: Any = None
        self._error: BaseException | None = None
        self.on_helper = False
        self.helper_cpu = 0.0

    def _run(self, on_helper: bool) -> None:
        start = time.thread_time()
        try:
            self._result = self._work()
        except BaseException as exc:  # noqa: BLE001 - raised again by `answer`, on the worker
            self._error = exc
        if on_helper:
            self.on_helper, self.helper_cpu = True, time.thread_time() - start
        self._done.release()

    def _run_on_helper(self) -> None:
        if self._claim.acquire(blocking=False):
            self._run(on_helper=True)

    def answer(self) -> Any:
        """The job's result (or its exception), worked out here if the helper has not begun it."""
        if self._claim.acquire(blocking=False):
            self._run(on_helper=False)
        self._done.acquire()
        self._done.release()
        if self._error is not None:
            raise self._error
        return self._result

    def settle(self) -> None:
        """The job will not run any more: never begun (it never will be), or over."""
        if self._claim.acquire(blocking=False):
            return
        self._done.acquire()
        self._done.release()


class Helper:
    """The helper thread (started with the first job, ended by `close`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: "queue.SimpleQueue[Job | None]" = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def submit(self, work: Callable[[], Any]) -> Job:
        job = Job(work)
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put(job)
        return job

    def _loop(self) -> None:
        while (job := self._jobs.get()) is not None:
            job._run_on_helper()

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=5)
            self._thread = None
