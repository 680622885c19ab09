"""`watch`: rebuild a game when its card data, templates or art change (watchdog, debounced).

Only content changes count: a file modified, created, deleted or moved. Watchdog also reports
opens and closes (`opened`, `closed_no_write`), so the rebuild's own reads of cards.yaml
would otherwise schedule the next rebuild, forever; those event types are not even asked for
(`event_filter`), and any that arrive are ignored. A burst of events (an editor's atomic save:
temp file, rename) is one change: the watch waits until the inputs have been quiet for
`delay` seconds, then compares the inputs' sizes and modification times with those of the
last build and rebuilds only if they differ, so whatever the platform reports, a rebuild
never triggers itself and one change gives one rebuild. Rebuilds run one at a time on the
calling thread; a failed build is reported once and the watch waits for the next change.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from watchdog import events
from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileCreatedEvent,
                             FileDeletedEvent, FileModifiedEvent, FileMovedEvent, FileSystemEvent,
                             FileSystemEventHandler)
from watchdog.observers import Observer

# `touch` and editors that set times report IN_ATTRIB, a FileAttribEvent in newer watchdogs
# (older ones report it as modified); chmod does too, but changes no size or mtime below
CONTENT_EVENTS = [FileModifiedEvent, FileCreatedEvent, FileDeletedEvent, FileMovedEvent,
                  DirCreatedEvent, DirDeletedEvent, DirMovedEvent,
                  *([events.FileAttribEvent] if hasattr(events, "FileAttribEvent") else [])]
_CONTENT_TYPES = frozenset(cls.event_type for cls in CONTENT_EVENTS)
_SCRATCH_SUFFIXES = ("~", ".tmp", ".swp", ".swx", ".part", ".crdownload")

Snapshot = frozenset[tuple[str, int, int]]


@dataclass(frozen=True)
class Inputs:
    """The watched folders, minus the build's own output and editors' scratch files."""

    roots: tuple[Path, ...]
    ignore: tuple[str, ...] = ()

    def counts(self, path: str) -> bool:
        name = os.path.basename(path)
        return bool(name) and not name.startswith(".") and not name.endswith(_SCRATCH_SUFFIXES) \
            and not any(path.startswith(i) for i in self.ignore)

    def snapshot(self) -> Snapshot:
        """(path, size, mtime) of every input file: what a rebuild depends on."""
        seen = set()
        for root in self.roots:
            for folder, dirs, files in os.walk(root):
                dirs[:] = [d for d in dirs if self.counts(os.path.join(folder, d))]
                for name in files:
                    path = os.path.join(folder, name)
                    if self.counts(path):
                        try:
                            st = os.stat(path)
                        except OSError:  # deleted while we looked: the next event says so
                            continue
                        seen.add((path, st.st_size, st.st_mtime_ns))
        return frozenset(seen)


@dataclass(eq=False)  # watchdog keeps handlers in a set: hashed by identity
class ChangeFeed(FileSystemEventHandler):
    """Records when an input last changed; `next_burst` waits for a change and then for quiet."""

    inputs: Inputs
    delay: float = 0.4
    _last: float = 0.0
    _changed: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        super().__init__()

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type not in _CONTENT_TYPES or (event.is_directory and event.event_type == "modified"):
            return
        paths = [os.fsdecode(p) for p in (event.src_path, getattr(event, "dest_path", "")) if p]
        if any(self.inputs.counts(p) for p in paths):
            self._last = time.monotonic()
            self._changed.set()

    def next_burst(self, stop: threading.Event) -> bool:
        """Block until something changed and the inputs have then been quiet for `delay`;
        False once `stop` is set."""
        while not stop.is_set():
            if not self._changed.wait(0.1):
                continue
            quiet = time.monotonic() - self._last
            if quiet >= self.delay:
                self._changed.clear()
                return True
            stop.wait(self.delay - quiet)
        return False


def keep_going(action: Callable[[], None], on_error: Callable[[BaseException], None]) -> Callable[[], None]:
    """Wrap a rebuild so that any failure is reported and the watch carries on."""
    def run() -> None:
        try:
            action()
        except Exception as exc:  # noqa: BLE001 - a watch must survive every build failure
            on_error(exc)
    return run


def watch(paths: list[Path], rebuild: Callable[[], None], delay: float = 0.4, stop: threading.Event | None = None,
          ignore: tuple[str, ...] = ()) -> None:
    """Run `rebuild` once after each change of the files under `paths` (the caller has built
    once already) until `stop` is set or Ctrl-C."""
    inputs = Inputs(tuple(p for p in paths if p.exists()), ignore)
    feed = ChangeFeed(inputs, delay)
    run = keep_going(rebuild, lambda exc: print(f"build failed: {exc}"))
    observer = Observer()
    for root in inputs.roots:
        observer.schedule(feed, str(root), recursive=True, event_filter=CONTENT_EVENTS)
    observer.start()
    stop = stop or threading.Event()
    built = inputs.snapshot()
    try:
        while feed.next_burst(stop):
            now = inputs.snapshot()
            if now != built:
                built = now
                run()
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
