"""A Listener in a process with few file descriptors (RLIMIT_NOFILE), for the descriptor test:
prints "port N", then one JSON line per message received; on "stop" from stdin it prints
"accept_errors K" and exits."""

from __future__ import annotations

import json
import resource
import sys

from tts_bridge.protocol.transport import Listener


def main(limit: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    listener = Listener(0, lambda doc: print(json.dumps(doc), flush=True), max_connections=10_000,
                        read_timeout=30.0, message_deadline=30.0).start()
    print("port", listener.port, flush=True)
    for line in sys.stdin:
        if line.strip() == "stop":
            break
    print("accept_errors", listener.accept_errors, flush=True)
    listener.close()


if __name__ == "__main__":
    main(int(sys.argv[1]))
