"""`bench bridge`: loopback round trip from an emulated drop to Lua receiving the bridge's
verdict, and a burst of events that must all arrive (benchmark, not a test)."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from tts_bridge.session.demo import TableBots, settle, start_table
from tts_bridge.session.games import card_ref


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_bridge(game_id: str = "kaiju", drops: int = 200, burst: int = 1000, seed: int = 3,
                 journal_dir: Path | None = None) -> dict:
    emu, session = start_table(game_id, seed=seed, journal_dir=journal_dir)
    try:
        bots = TableBots(emu, session, seed, cheat_rate=0.0)
        bots.cheats_tried = 1  # no illegal attempts while getting to the main phase
        while session.game.pending() is not None and session.game.pending().kind != "main":
            bots.step()
        settle(emu, session)
        game = session.game
        # a hand card of the seat that is NOT deciding: every drop of it is refused and put back
        idle = 1 - game.pending().seat
        color = session.colors[idle]
        card = game.state.table.zone(idle, "hand")[0]
        target = session.shown[card_ref(game.state.table.zone(idle, "engaged")[0])].pos \
            if game.state.table.zone(idle, "engaged") else (0.0, 1.0, 0.0)
        guid = session.guids[card_ref(card)]
        times = []
        for _ in range(drops):
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
            times.append((time.perf_counter() - start) * 1000)
            settle(emu, session)
        # burst: the other colour tries to pick up a card it may not touch, `burst` times
        emu.set_mode(reorder=True, duplicate=True)
        blocked_before = session.events_by_kind.get("blocked", 0)
        opponent_card = game.state.table.zone(1 - idle, "hand")[0]
        other_guid = session.guids[card_ref(opponent_card)]
        t0 = time.perf_counter()
        for _ in range(burst):
            emu.pick_up(color, other_guid)
        settle(emu, session, timeout=60)
        burst_s = time.perf_counter() - t0
        emu.set_mode(reorder=False, duplicate=False)
        received = session.events_by_kind.get("blocked", 0) - blocked_before
        return {"drops": drops, "p50_ms": round(statistics.median(times), 3), "p99_ms": round(_pct(times, 0.99), 3),
                "max_ms": round(max(times), 3), "burst": burst, "burst_received": received,
                "burst_lost": burst - received, "burst_duplicates_dropped": session.seq.duplicates,
                "burst_s": round(burst_s, 3), "burst_events_per_s": round(burst / burst_s, 1)}
    finally:
        session.close()
        session.link.close()
        emu.close()
