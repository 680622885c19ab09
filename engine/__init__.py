"""The rules engines: pure Python, no I/O towards TTS, deterministic from (decks, seed, decisions)."""

ENGINE_VERSION = "0.1.0"
