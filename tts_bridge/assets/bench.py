"""`bench assets`: cold build of every buildable game, a no-op rebuild, and a rebuild after
changing one card's text (in a temporary copy of the card data, never the real files)."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from tts_bridge.assets.build import Settings, build_game, build_games
from tts_bridge.assets.games import buildable_games


def run(games: list[str] | None = None) -> dict:
    games = games or buildable_games()[0]
    cores = os.cpu_count() or 1
    from tts_bridge.assets.games import get_adapter

    for g in games:  # module imports are not build work (as in every bench); card data is
        get_adapter(g).rules
    with tempfile.TemporaryDirectory(prefix="tts-bench-") as tmp:
        out = Path(tmp) / "build"
        t = time.perf_counter()
        reports = build_games(games, Settings(out=out))
        cold = time.perf_counter() - t
        cards = sum(r.cards_rendered for r in reports)
        cpu = sum(r.cpu_seconds for r in reports)
        draw_cpu = sum(r.render_cpu_seconds for r in reports)
        errors = [f"{r.game}: {e}" for r in reports for e in r.errors]
        t = time.perf_counter()
        build_games(games, Settings(out=out))
        noop = time.perf_counter() - t
        one = _one_card_change("kaiju" if "kaiju" in games else games[0], out) if games else 0.0
    return {"games": games, "cores": cores, "cards": cards, "cold_seconds": round(cold, 3),
            "cards_per_s": round(cards / cold, 1) if cold else 0.0,
            "cards_per_s_per_core": round(cards / cold / cores, 1) if cold else 0.0,
            "render_cpu_seconds": round(cpu, 3),
            "cards_per_cpu_s": round(cards / cpu, 1) if cpu else 0.0,
            "draw_cpu_seconds": round(draw_cpu, 3),
            "drawn_cards_per_cpu_s": round(cards / draw_cpu, 1) if draw_cpu else 0.0,
            "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "phases": {r.game: r.phases for r in reports}, "errors": errors,
            "noop_seconds": round(noop, 3), "one_card_seconds": round(one, 3),
            "targets": {"cards_per_s_per_core": 50, "noop_seconds": 1.0, "one_card_seconds": 2.0}}


def _one_card_change(game: str, out: Path) -> float:
    """Copy the game's card data, edit one card's text, rebuild against the copy."""
    from tts_bridge.assets.games import get_adapter

    adapter = get_adapter(game)
    src = adapter.data_root
    with tempfile.TemporaryDirectory(prefix="tts-bench-data-") as tmp:
        data = Path(tmp) / src.name
        shutil.copytree(src, data)
        clone = adapter.with_data(data)
        build_game(game, Settings(out=out), adapter=clone)  # warm: same content, all reused
        cards = data / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        cards.write_text(text.replace('text: "', 'text: "Bench edit. ', 1), encoding="utf-8")
        t = time.perf_counter()
        report = build_game(game, Settings(out=out), adapter=clone)
        elapsed = time.perf_counter() - t
        if report.cards_rendered != 1:
            raise RuntimeError(f"expected 1 card re-rendered, got {report.cards_rendered}")
        return elapsed
