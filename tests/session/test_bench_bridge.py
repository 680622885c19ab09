"""`bench bridge`'s own bookkeeping stays out of the time it attributes to the bridge."""

from __future__ import annotations

import gc

from tts_bridge.session import bench
from tts_bridge.session.runner import long_lived_frozen
from tts_bridge.session.session import BridgeLatency


def test_the_floor_s_message_sizes_are_measured_after_the_run_not_inside_the_timed_bridge(tmp_path, monkeypatch):
    """The bench keeps each message as it is while the session works and encodes it afterwards
    (it used to encode every message a second time inside the bridge's timed handling)."""
    encoded: list[object] = []
    real = bench.encode
    monkeypatch.setattr(bench, "encode", lambda obj: encoded.append(obj) or real(obj))
    latency, seen = BridgeLatency(), []
    games = bench._accepted_decisions("kaiju", 3, 5, tmp_path, latency, seen)
    assert games >= 1 and len(latency.accepted) >= 3
    assert encoded == []  # nothing sized while the session worked
    inbound, outbound = seen[0].inbound_bytes(), seen[0].outbound_bytes()
    assert inbound and outbound and min(inbound + outbound) > 0
    assert len(encoded) == len(inbound) + len(outbound)


def test_the_timed_decisions_run_with_the_long_lived_heap_frozen_as_serve_runs_its_session(tmp_path, monkeypatch):
    """`serve` and the bench run a laid-out session inside `long_lived_frozen()` (gc.freeze), so a
    full collection walking every object of the process never lands in a decision; the freeze
    ends with the session."""
    frozen_during: list[int] = []
    real_step = bench.TableBots.step

    def step(self) -> bool:
        frozen_during.append(gc.get_freeze_count())
        return real_step(self)

    monkeypatch.setattr(bench.TableBots, "step", step)
    before = gc.get_freeze_count()
    bench._accepted_decisions("kaiju", 3, 5, tmp_path, BridgeLatency(), [])
    assert frozen_during and min(frozen_during) > 0
    assert gc.get_freeze_count() == before


def test_long_lived_frozen_hands_every_object_back_on_the_way_out():
    before = gc.get_freeze_count()
    with long_lived_frozen():
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == before
