"""A refereed game at a TTS table: session (events <-> engine), journal, per-game adapters."""
