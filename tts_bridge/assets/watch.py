"""`watch`: rebuild a game when its card data, templates or art change (watchdog,
debounced). Editors that save atomically (write a temp file, rename) produce bursts of
events; the debounce waits for quiet before building. A failed build prints the error and
the watch goes on; a card whose template fails shows as a red placeholder card."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer


class Debouncer(FileSystemEventHandler):
    def __init__(self, action: Callable[[], None], delay: float = 0.4, ignore: tuple[str, ...] = ()) -> None:
        self.action, self.delay, self.ignore = action, delay, ignore
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def on_any_event(self, event: FileSystemEvent) -> None:
        path = str(getattr(event, "dest_path", "") or event.src_path)
        name = Path(path).name
        if event.is_directory or name.startswith(".") or name.endswith(("~", ".tmp", ".swp")) or \
                any(path.startswith(i) for i in self.ignore):
            return
        with self._lock:
            if self._timer:
                self._timer.cancel()
            self._timer = threading.Timer(self.delay, self.action)
            self._timer.daemon = True
            self._timer.start()


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
    """Run `rebuild` after each burst of changes under `paths` until `stop` is set."""
    handler = Debouncer(keep_going(rebuild, lambda exc: print(f"build failed: {exc}")), delay, ignore)
    observer = Observer()
    for p in paths:
        if p.exists():
            observer.schedule(handler, str(p), recursive=True)
    observer.start()
    stop = stop or threading.Event()
    try:
        while not stop.is_set():
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
