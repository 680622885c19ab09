"""`bench bridge`'s own bookkeeping stays out of the time it attributes to the bridge."""

from __future__ import annotations

from tts_bridge.session import bench
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
