"""Lua compile check with a real Lua 5.2 VM (lupa), the dialect TTS's MoonSharp follows."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _load():
    from lupa import lua52

    return lua52.LuaRuntime(register_eval=False).eval("load")


def compile_error(source: str, chunk: str = "script") -> str | None:
    """None if `source` compiles as Lua 5.2, else the compiler's message (with line)."""
    if not source.strip():
        return None
    result = _load()(source, "=" + chunk)
    if isinstance(result, tuple):
        return str(result[1])
    return None
