"""What a test Listener received: messages and rejected connections, waited for with a timeout."""

from __future__ import annotations

import threading
import time


class Inbox:
    def __init__(self) -> None:
        self.items: list = []
        self.rejects: list[str] = []
        self.cond = threading.Condition()

    def put(self, item) -> None:
        with self.cond:
            self.items.append(item)
            self.cond.notify_all()

    def reject(self, reason: str) -> None:
        with self.cond:
            self.rejects.append(reason)
            self.cond.notify_all()

    def wait(self, pred, timeout: float = 10.0) -> bool:
        with self.cond:
            return self.cond.wait_for(pred, timeout)

    def poll(self, pred, timeout: float = 10.0) -> bool:
        """Wait for a predicate over the listener's own state, which notifies nobody."""
        deadline = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True
