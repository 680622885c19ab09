"""A headless, wire-faithful Tabletop Simulator peer that runs our Lua in a real Lua 5.2 VM."""

from tts_bridge.emulator.peer import TTSEmulator

__all__ = ["TTSEmulator"]
