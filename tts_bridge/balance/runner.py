"""Playing a plan's games as Ray tasks and streaming the results into one tally.

Each task plays one batch of games and returns all its records at once; nothing is reported
before a task ends. A worker lost mid-task takes its unfinished batch with it and Ray runs the
task again (`max_retries`); should Ray give up, the driver submits the batch once more itself.
The tally counts every game index once, so a batch whose result arrives twice cannot count a
game twice either, and the run ends only when every index is counted.
"""

from __future__ import annotations

import logging
import socket
import sys
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, TextIO

from tts_bridge.balance.plan import Batch, Plan, batches
from tts_bridge.balance.play import GameRecord, play_batch
from tts_bridge.balance.report import Tally

if TYPE_CHECKING:
    import ray as ray_module

TASK_RETRIES = 3  # Ray re-runs a task whose worker died this many times
RESUBMITS = 2  # then the driver submits the batch again this many times before giving up
PlayBatch = Callable[[Plan, Batch], list[GameRecord]]


class BalanceError(Exception):
    """A run that cannot go on (a cluster that cannot be reached, a batch that keeps failing)."""


@dataclass(frozen=True, slots=True)
class Progress:
    done: int
    total: int
    elapsed_s: float
    workers: int

    def line(self) -> str:
        rate = self.done / self.elapsed_s if self.elapsed_s > 0 else 0.0
        eta = f"{(self.total - self.done) / rate:.0f} s" if rate > 0 else "?"
        return f"{self.done}/{self.total} games  {rate:.1f} games/s  ETA {eta}  ({self.workers} CPUs)"


class ProgressLine:
    """The progress line on stderr: redrawn in place on a terminal (10 times a second at most),
    otherwise a line at every tenth of the run."""

    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last = 0.0
        self.tenths = -1

    def __call__(self, progress: Progress) -> None:
        finished = progress.done == progress.total
        if self.tty:
            now = time.monotonic()
            if finished or now - self.last >= 0.1:
                self.last = now
                self.stream.write("\r" + progress.line() + ("\n" if finished else ""))
                self.stream.flush()
            return
        tenths = progress.done * 10 // progress.total
        if tenths != self.tenths:
            self.tenths = tenths
            print(progress.line(), file=self.stream, flush=True)


@dataclass(frozen=True, slots=True)
class Run:
    tally: Tally
    elapsed_s: float
    workers: int


def check_address(address: str, timeout_s: float = 3.0) -> None:
    """BalanceError unless `address` (`host:port`, `ray://host:port` or `auto`) answers on TCP:
    Ray itself retries an unreachable cluster for minutes before it gives up."""
    if address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BalanceError(f"--ray {address!r}: a Ray address is HOST:PORT (the head node's GCS port, "
                           f"6379 by default), ray://HOST:PORT (Ray Client) or auto")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise BalanceError(f"--ray {address}: no Ray cluster answers there ({exc.strerror or exc}); "
                           f"start one with `ray start --head` or give its head node's address") from None


@contextmanager
def ray_session(address: str | None, num_cpus: int | None = None) -> Iterator["ray_module"]:
    """Ray, connected: to the cluster at `address` (check it first with `check_address`), else a
    local instance started here on all cores (or `num_cpus`) and stopped at the end. A Ray the
    caller already started is used as it is."""
    import ray

    if ray.is_initialized():
        yield ray
        return
    try:
        # "local": a new instance even where `ray start` left a cluster (or its address file) behind
        ray.init(address=address or "local", num_cpus=None if address else num_cpus, include_dashboard=False,
                 log_to_driver=False, logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        hint = ("; a cluster with token authentication needs its RAY_AUTH_MODE and token here too (see README)"
                if address else "")
        raise BalanceError(f"Ray did not start{f' at {address}' if address else ''}: {exc}{hint}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _task(play: PlayBatch, plan: Plan, batch: Batch) -> list[GameRecord]:
    """The Ray task: one batch, played by `play` (play.play_batch; tests wrap it)."""
    return play(plan, batch)


def default_batch_size(plan: Plan, workers: int) -> int:
    """Games per task: a random-bot game takes milliseconds, so batches amortise a task's own
    cost (about a millisecond) while leaving 8 batches per worker for an even finish; a search
    game takes long enough to be a task on its own, and a lost worker then loses one game."""
    if plan.bot == "search":
        return 1
    return max(1, min(50, plan.games // (workers * 8)))


def workers_of(ray: "ray_module") -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def run_balance(ray: "ray_module", plan: Plan, *, on_progress: Callable[[Progress], None] | None = None,
                play: PlayBatch = play_batch, batch_size: int | None = None,
                cpus_per_task: float = 1) -> Run:
    """Every game of `plan` on the connected Ray, results tallied as they arrive.
    `cpus_per_task` = all CPUs runs one task at a time (the 1-worker benchmark)."""
    from ray.exceptions import RayError, RayTaskError

    workers = workers_of(ray)
    tally = Tally(plan)
    remote = ray.remote(max_retries=TASK_RETRIES, num_cpus=cpus_per_task)(_task)
    plan_ref = ray.put(plan)
    queue = deque(batches(plan, batch_size or default_batch_size(plan, workers)))
    window = max(2, int(2 * workers / cpus_per_task))  # submitted ahead, so no worker waits for the driver
    in_flight: dict = {}
    resubmitted: dict[int, int] = {}
    start = time.perf_counter()
    while queue or in_flight:
        while queue and len(in_flight) < window:
            batch = queue.popleft()
            in_flight[remote.remote(play, plan_ref, batch)] = batch
        ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=1.0)  # signals are seen in between
        for ref in ready:
            batch = in_flight.pop(ref)
            try:
                records = ray.get(ref)
            except RayTaskError as exc:  # the code itself failed: running it again would fail again
                raise BalanceError(f"games {batch.start}-{batch.stop - 1} failed: {_first_line(exc)}") from None
            except RayError as exc:  # workers or nodes lost more often than Ray retries
                tries = resubmitted[batch.start] = resubmitted.get(batch.start, 0) + 1
                if tries > RESUBMITS:
                    raise BalanceError(f"games {batch.start}-{batch.stop - 1} were lost {tries} times "
                                       f"({_first_line(exc)})") from None
                queue.appendleft(batch)
                continue
            for record in records:
                tally.add(record)
            if on_progress:
                on_progress(Progress(tally.played, plan.games, time.perf_counter() - start, workers))
    if not tally.complete:  # cannot happen while every batch's records cover its indices; say so if it does
        raise BalanceError(f"games {tally.missing()[:10]} were never reported")
    return Run(tally, time.perf_counter() - start, workers)


def _first_line(exc: BaseException) -> str:
    cause = getattr(exc, "cause", None) or exc
    text = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {text[0] if text else ''}"
