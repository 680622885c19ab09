"""`bench bridge`: what a move at the table costs, split into its parts (benchmark, not a test).

In one run, on the game's generated table in the emulator, which runs in a process of its own
(EmulatorProcess) as TTS does beside the bridge, so its Lua does not share the bridge's
interpreter lock and the bridge's timings are the bridge's:
- the **bridge's own** latency (Session.latency: from a decoded message reaching the session to
  the worker having handled it, the journal's fsync and the commands to TTS sent), per
  **accepted** decision (bots play whole games at the table) and per **refused** drop; for an
  accepted one also the journal's write and fsync, and how long the worker then still waited for
  the helper thread preparing the batch meanwhile;
- the whole round trip of a refused drop (Lua's drop event to Lua having applied the verdict),
  timed inside the emulator's process, so that the **emulator's share** (its Lua and its side
  of the wire) is the difference;
- the **loopback floor**: a bare exchange of the same shape and sizes over TCP (connect, send,
  close, answered by a connection back), the least any bridge could cost on this machine;
- a burst of events, reordered and duplicated on the wire, none of which may be lost.
"""

from __future__ import annotations

import socket
import statistics
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tts_bridge.emulator import TTSEmulator
from tts_bridge.emulator.process import EmulatorProcess
from tts_bridge.protocol import messages as m
from tts_bridge.protocol.transport import encode
from tts_bridge.session.demo import TableBots, settle, start_table
from tts_bridge.session.games import card_ref
from tts_bridge.session.runner import long_lived_frozen
from tts_bridge.session.session import BridgeLatency


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _ms(values: list[float], q: float) -> float:
    return round(_pct(values, q) * 1000, 3) if values else 0.0


@dataclass
class _Seen:
    """The custom messages into and out of the session while the bench watched, kept as they
    are and measured (encoded) only after the run, so that sizing them costs the timed bridge
    nothing; the floor is an exchange of their median sizes."""

    inbound: list[dict]
    outbound: list[dict]

    def inbound_bytes(self) -> list[int]:
        return [_wire_bytes(p) for p in self.inbound]

    def outbound_bytes(self) -> list[int]:
        return [_wire_bytes(p) for p in self.outbound]


def _wire_bytes(payload: dict) -> int:
    """Bytes of a custom message (message 2) on the wire."""
    return len(encode(m.custom_message(payload)))


def _watch(session) -> _Seen:
    """Keep every custom message in and out of the session (a reference each, nothing encoded)."""
    seen = _Seen([], [])
    link, custom = session.link, session._custom
    send = link.send_custom

    def kept_send(payload: dict) -> None:
        seen.outbound.append(payload)
        send(payload)

    def kept_custom(payload: dict) -> None:
        seen.inbound.append(payload)
        custom(payload)

    link.send_custom = kept_send
    session._custom = kept_custom
    return seen


def loopback_floor(request_bytes: int, reply_bytes: int, rounds: int) -> list[float]:
    """Seconds per bare exchange shaped like a drop and its verdict in the External Editor API:
    one connection carries the request and closes, the answer comes back on a new connection
    (TTS and the bridge each listen; wire protocol, docs/reference)."""
    request, reply = b"x" * request_bytes, b"y" * reply_bytes
    server = socket.create_server(("127.0.0.1", 0))
    client = socket.create_server(("127.0.0.1", 0))
    server_port, client_port = server.getsockname()[1], client.getsockname()[1]

    def read_all(listener: socket.socket) -> bytes:
        conn, _ = listener.accept()
        with conn:
            chunks = []
            while chunk := conn.recv(65536):
                chunks.append(chunk)
            return b"".join(chunks)

    def send(port: int, data: bytes) -> None:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(data)

    def answer() -> None:
        for _ in range(rounds):
            read_all(server)
            send(client_port, reply)

    worker = threading.Thread(target=answer, daemon=True)
    worker.start()
    times = []
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            send(server_port, request)
            if len(read_all(client)) != reply_bytes:
                raise RuntimeError("the loopback floor lost bytes")
            times.append(time.perf_counter() - start)
    finally:
        worker.join(timeout=5)
        server.close()
        client.close()
    return times


def _timed_drop(emu: TTSEmulator, color: str, guid: str, target: tuple) -> float:
    """Inside the emulator's process: pick `guid` up as `color`, drop it on `target` and return
    the seconds from the drop (our Lua's onObjectDrop sends the event) to the bridge's verdict
    having reached Lua (its next message 2 handed to onExternalMessage)."""
    with emu.delivered:
        before = emu.custom_count
    if not emu.pick_up(color, guid):
        raise RuntimeError("the bench card could not be picked up")
    start = time.perf_counter()
    emu.drop(color, guid, target)
    with emu.delivered:
        while emu.custom_count <= before:
            if not emu.delivered.wait(5.0):
                raise RuntimeError("no verdict from the bridge within 5 s")
    return time.perf_counter() - start


def _pick_up_many(emu: TTSEmulator, color: str, guid: str, times: int) -> None:
    """Inside the emulator's process: `times` pick-up attempts as `color` (each one vetoed by our
    Lua and reported to the bridge as a `blocked` event)."""
    for _ in range(times):
        emu.pick_up(color, guid)


def _refused_drops(emu: EmulatorProcess, session, drops: int) -> list[float]:
    """Round trips of drops the referee refuses: a hand card of the seat that is not deciding."""
    game = session.game
    idle = 1 - game.pending().seat
    color = session.colors[idle]
    card = game.state.table.zone(idle, "hand")[0]
    target = session.shown[card_ref(game.state.table.zone(idle, "engaged")[0])].pos \
        if game.state.table.zone(idle, "engaged") else (0.0, 1.0, 0.0)
    guid = session.guids[card_ref(card)]
    times = []
    for _ in range(drops):
        times.append(emu.run(_timed_drop, color, guid, target))
        settle(emu, session)
    return times


def _accepted_decisions(game_id: str, decisions: int, seed: int, journal_dir: Path | None,
                        latency: BridgeLatency, seen: list[_Seen]) -> int:
    """Bots play whole games at the table (new tables as games end) until `decisions` accepted."""
    games = 0
    while len(latency.accepted) < decisions:
        emu, session = start_table(game_id, seed=seed + 1000 + games, journal_dir=journal_dir, own_process=True)
        games += 1
        try:
            seen.append(_watch(session))
            session.latency = latency
            bots = TableBots(emu, session, seed + games, cheat_rate=0.0)
            bots.cheats_tried = 1
            with long_lived_frozen():  # as `serve` runs its session
                while len(latency.accepted) < decisions and bots.step():
                    pass
        finally:
            session.latency = None
            session.close()
            session.link.close()
            emu.close()
    return games


def bench_bridge(game_id: str = "kaiju", drops: int = 200, burst: int = 1000, seed: int = 3,
                 journal_dir: Path | None = None, decisions: int = 200) -> dict:
    latency = BridgeLatency()
    seen: list[_Seen] = []
    emu, session = start_table(game_id, seed=seed, journal_dir=journal_dir, own_process=True)
    try:
        bots = TableBots(emu, session, seed, cheat_rate=0.0)
        bots.cheats_tried = 1  # no illegal attempts while getting to the main phase
        while session.game.pending() is not None and session.game.pending().kind != "main":
            bots.step()
        settle(emu, session)
        seen.append(_watch(session))
        session.latency = latency
        with long_lived_frozen():  # as `serve` runs its session
            round_trips = _refused_drops(emu, session, drops)
        session.latency = None
        # burst: the other colour tries to pick up a card it may not touch, `burst` times
        game = session.game
        idle = 1 - game.pending().seat
        emu.set_mode(reorder=True, duplicate=True)
        blocked_before = session.events_by_kind.get("blocked", 0)
        other_guid = session.guids[card_ref(game.state.table.zone(1 - idle, "hand")[0])]
        t0 = time.perf_counter()
        emu.run(_pick_up_many, session.colors[idle], other_guid, burst)
        settle(emu, session, timeout=60)
        burst_s = time.perf_counter() - t0
        emu.set_mode(reorder=False, duplicate=False)
        received = session.events_by_kind.get("blocked", 0) - blocked_before
        duplicates = session.seq.duplicates
    finally:
        session.close()
        session.link.close()
        emu.close()
    games = _accepted_decisions(game_id, decisions, seed, journal_dir, latency, seen)
    inbound = [n for s in seen for n in s.inbound_bytes()]
    outbound = [n for s in seen for n in s.outbound_bytes()]
    floor = loopback_floor(int(statistics.median(inbound)) if inbound else 200,
                           int(statistics.median(outbound)) if outbound else 400, max(drops, 50))
    refused_bridge = statistics.median(latency.refused) if latency.refused else 0.0
    floor_p50 = statistics.median(floor)
    return {
        "emulator": "own process", "drops": drops, "p50_ms": _ms(round_trips, 0.5), "p99_ms": _ms(round_trips, 0.99),
        "max_ms": round(max(round_trips) * 1000, 3),
        "bridge_refused_n": len(latency.refused), "bridge_refused_p50_ms": _ms(latency.refused, 0.5),
        "bridge_refused_p99_ms": _ms(latency.refused, 0.99),
        "bridge_accepted_n": len(latency.accepted), "bridge_accepted_p50_ms": _ms(latency.accepted, 0.5),
        "bridge_accepted_p99_ms": _ms(latency.accepted, 0.99), "accepted_games": games,
        "bridge_accepted_cpu_p50_ms": _ms(latency.accepted_cpu, 0.5),
        "bridge_accepted_cpu_p99_ms": _ms(latency.accepted_cpu, 0.99),
        "bridge_accepted_journal_p50_ms": _ms(latency.accepted_journal, 0.5),
        "bridge_accepted_journal_p99_ms": _ms(latency.accepted_journal, 0.99),
        "bridge_accepted_helper_wait_p50_ms": _ms(latency.accepted_helper_wait, 0.5),
        "bridge_accepted_helper_wait_p99_ms": _ms(latency.accepted_helper_wait, 0.99),
        "bridge_accepted_prepared_inline": latency.accepted_prepared_inline,
        "emulator_share_p50_ms": round((statistics.median(round_trips) - refused_bridge) * 1000, 3),
        "floor_p50_ms": round(floor_p50 * 1000, 3), "floor_p99_ms": _ms(floor, 0.99),
        "floor_bytes": [int(statistics.median(inbound)) if inbound else 0,
                        int(statistics.median(outbound)) if outbound else 0],
        "bridge_refused_per_floor": round(refused_bridge / floor_p50, 2) if floor_p50 else 0.0,
        "bridge_accepted_per_floor": round(statistics.median(latency.accepted) / floor_p50, 2)
        if latency.accepted and floor_p50 else 0.0,
        "burst": burst, "burst_received": received, "burst_lost": burst - received,
        "burst_duplicates_dropped": duplicates, "burst_s": round(burst_s, 3),
        "burst_events_per_s": round(burst / burst_s, 1),
    }
