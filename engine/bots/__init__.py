"""Players that answer Requests: used by self-play, benchmarks, the demo and the fuzz tests."""
