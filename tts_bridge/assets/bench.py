"""`bench assets`: cold builds of every buildable game interleaved with a bare-Pillow loop
drawing the same texts (`bench_floor`, the reference), a no-op rebuild, and a rebuild after
changing one card's text (in a temporary copy of the card data, never the real files)."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from tts_bridge.assets.build import Settings, build_game, build_games
from tts_bridge.assets.games import buildable_games


def run(games: list[str] | None = None, rounds: int = 3) -> dict:
    """Cold builds interleaved with the bare-Pillow floor (`bench_floor`), `rounds` of each,
    then a no-op and a one-card rebuild; per-card figures are the medians of the rounds."""
    import statistics

    from tts_bridge.assets import bench_floor, fonts, layout
    from tts_bridge.assets.games import get_adapter

    games = games or buildable_games()[0]
    cores = os.cpu_count() or 1
    for g in games:  # module imports are not build work (as in every bench); card data is
        get_adapter(g).rules
    floor_cards = bench_floor.floor_cards(games)
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="tts-bench-") as tmp:
        for n in range(max(1, rounds)):
            floor = bench_floor.cards_per_cpu_s(floor_cards)
            # the workers fork from here: they load their own fonts and parse their own layouts
            # (preparing the floor parsed every card's here: inherited, they made the cold build
            # look 15 % cheaper than a `tts-bridge build`)
            fonts.pil_font.cache_clear()
            layout.forget_parsed_items()
            out = Path(tmp) / f"build-{n}"
            t = time.perf_counter()
            reports = build_games(games, Settings(out=out))
            cold = time.perf_counter() - t
            cards = sum(r.cards_rendered for r in reports)
            cpu = sum(r.cpu_seconds for r in reports)
            draw_cpu = sum(r.render_cpu_seconds for r in reports)
            rows.append({"cold_seconds": cold, "cpu": cpu, "draw_cpu": draw_cpu, "cards": cards,
                         "cards_per_cpu_s": cards / cpu if cpu else 0.0,
                         "drawn_cards_per_cpu_s": cards / draw_cpu if draw_cpu else 0.0,
                         "floor_cards_per_cpu_s": floor})
        errors = [f"{r.game}: {e}" for r in reports for e in r.errors]
        t = time.perf_counter()
        build_games(games, Settings(out=out))
        noop = time.perf_counter() - t
        one = _one_card_change("kaiju" if "kaiju" in games else games[0], out) if games else 0.0

    def median(key: str) -> float:
        return statistics.median(r[key] for r in rows)

    cold, ours, drawn, floor = (median(k) for k in ("cold_seconds", "cards_per_cpu_s", "drawn_cards_per_cpu_s",
                                                    "floor_cards_per_cpu_s"))
    cards = rows[-1]["cards"]
    return {"games": games, "cores": cores, "cards": cards, "rounds": len(rows), "cold_seconds": round(cold, 3),
            "cards_per_s": round(cards / cold, 1) if cold else 0.0,
            "cards_per_s_per_core": round(cards / cold / cores, 1) if cold else 0.0,
            "render_cpu_seconds": round(median("cpu"), 3),
            "cards_per_cpu_s": round(ours, 1),
            "draw_cpu_seconds": round(median("draw_cpu"), 3),
            "drawn_cards_per_cpu_s": round(drawn, 1),
            "floor_cards_per_cpu_s": round(floor, 1),
            "ratio_to_floor": round(ours / floor, 2) if floor else None,
            "drawn_ratio_to_floor": round(drawn / floor, 2) if floor else None,
            "per_round": [{k: round(v, 3) for k, v in r.items()} for r in rows],
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


# -- rebuilds of big card sets (`bench assets --cards N`) -----------------------------------------

# what a rebuild costs is timed in a fresh process, as `tts-bridge build` runs: nothing of the
# cold build stays in memory (the engine's per-process card cache, compiled templates)
_CHILD = """
import json, sys, time
from pathlib import Path
t0 = time.perf_counter()
from tts_bridge.assets.build import Settings, build_game
from tts_bridge.assets.games import get_adapter
game, data, out, dpi = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
t1 = time.perf_counter()
report = build_game(game, Settings(out=out, dpi=dpi), adapter=get_adapter(game).with_data(data))
t2 = time.perf_counter()
print(json.dumps({"build_s": t2 - t1, "process_s": t2 - t0, "rendered": report.cards_rendered,
                  "errors": report.errors[:3], "phases": report.phases}))
"""


def synthesize(game: str, cards: int, folder: Path) -> Path:
    """A copy of `game`'s card data in `folder` whose cards section is grown to `cards` cards:
    copies of its own cards (tokens excepted) under new ids and names."""
    import copy

    import yaml

    from tts_bridge.assets.games import get_adapter

    src = get_adapter(game).data_root
    data = folder / src.name
    shutil.copytree(src, data)
    doc = yaml.safe_load((data / "cards.yaml").read_text(encoding="utf-8"))
    pool = [c for c in doc["cards"] if c.get("type") != "token"]
    while len(doc["cards"]) < cards:
        n = len(doc["cards"])
        card = copy.deepcopy(pool[n % len(pool)])
        card["id"] = f"{card['id']}-x{n}"
        for field in ("name", "title"):
            if isinstance(card.get(field), str):
                card[field] = f"{card[field]} {n}"
        doc["cards"].append(card)
    (data / "cards.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100),
                                     encoding="utf-8")
    return data


def _child_build(game: str, data: Path, out: Path, dpi: int) -> dict:
    import json
    import subprocess
    import sys

    # the caches the build keeps by card-file path go with the synthesized set, not to the user's
    env = {**os.environ, "XDG_CACHE_HOME": str(Path(out).parent / "cache")}
    proc = subprocess.run([sys.executable, "-c", _CHILD, game, str(data), str(out), str(dpi)],
                          capture_output=True, text=True, check=False, env=env)
    if proc.returncode:
        raise RuntimeError(f"the rebuild failed: {proc.stderr.strip()[-500:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _edit_one_card(data: Path) -> None:
    """Change the text of one card in the middle of the file, and add a blank line before it so
    that every card after it moves down a line, as an author's edit does. The file is the one
    `synthesize` wrote (yaml.safe_dump: cards at column 0, their fields indented by two)."""
    path = data / "cards.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for n in range(len(lines) // 2, len(lines)):
        key, found, value = lines[n].partition("text: ")
        value = value.strip()
        if found and key == "  " and value and value[0] not in "|>":
            edited = f"{value[0]}Bench edit. {value[1:]}" if value[0] in "\"'" else f"Bench edit. {value}"
            lines[n] = f"{key}text: {edited}\n"
            lines.insert(n, "\n")
            path.write_text("".join(lines), encoding="utf-8")
            return
    raise RuntimeError(f"{path}: no one-line card text to edit")


def run_big(game: str, sizes: list[int], dpi: int) -> list[dict]:
    """Per size, each in a fresh process: a cold build, a no-op rebuild, and a rebuild after one
    card's text changed."""
    out = []
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="tts-bench-big-") as tmp:
            data = synthesize(game, size, Path(tmp))
            build_dir = Path(tmp) / "build"
            cold = _child_build(game, data, build_dir, dpi)
            noop = _child_build(game, data, build_dir, dpi)
            _edit_one_card(data)
            one = _child_build(game, data, build_dir, dpi)
            if one["rendered"] != 1 or noop["rendered"] != 0:
                raise RuntimeError(f"expected 0 and 1 cards drawn again, got {noop['rendered']} and {one['rendered']}")
            out.append({"game": game, "cards": size, "dpi": dpi, "cold_s": round(cold["build_s"], 2),
                        "noop_s": round(noop["build_s"], 3), "one_card_s": round(one["build_s"], 3),
                        "noop_process_s": round(noop["process_s"], 3), "one_card_process_s": round(one["process_s"], 3),
                        "noop_phases": noop["phases"], "one_card_phases": one["phases"]})
    return out


# -- against another checkout (`bench assets --against DIR`) --------------------------------------

# one cold build of every buildable game in a fresh process of the checkout on PYTHONPATH: the
# card jobs' CPU (layout, drawing, face PNG, sheet cell), as `run` counts it
_COLD_CHILD = """
import json, sys, tempfile
from pathlib import Path
from tts_bridge.assets.build import Settings, build_games
from tts_bridge.assets.games import buildable_games, get_adapter
games = buildable_games()[0]
for g in games:  # module imports and card data are not card work
    get_adapter(g).rules
with tempfile.TemporaryDirectory() as tmp:
    reports = build_games(games, Settings(out=Path(tmp) / "b"))
print(json.dumps({"cards": sum(r.cards_rendered for r in reports), "cpu": sum(r.cpu_seconds for r in reports),
                  "errors": sum(len(r.errors) for r in reports)}))
"""


class AgainstError(Exception):
    """A checkout that cannot be benchmarked: one line saying which and why."""


def _cold_build_of(tree: Path, cache: Path) -> dict:
    """Cards per CPU-second of one cold build by the code in `tree`, in a fresh process."""
    import json
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(tree), "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", _COLD_CHILD], cwd=tree, env=env, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise AgainstError(f"a cold build of {tree} failed: {last}")
    result = json.loads(lines[-1])
    result["cards_per_cpu_s"] = result["cards"] / result["cpu"] if result["cpu"] else 0.0
    return result


def run_against(other: Path, rounds: int = 3) -> dict:
    """Cold builds of another checkout of tts-bridge (e.g. the tree an issue was filed against)
    alternated with this one's, each in a fresh process with this Python: both medians and the
    ratio, so a speed-up is measured side by side in one run."""
    import statistics

    from tts_bridge.assets.build import REPO

    other = Path(other).resolve()
    if not (other / "tts_bridge" / "assets" / "build.py").is_file():
        raise AgainstError(f"{other} is not a checkout of tts-bridge (no tts_bridge/assets/build.py)")
    ours = Path(REPO).resolve()
    rows: dict[str, list[dict]] = {"theirs": [], "ours": []}
    with tempfile.TemporaryDirectory(prefix="tts-bench-against-") as tmp:
        for _ in range(max(1, rounds)):
            rows["theirs"].append(_cold_build_of(other, Path(tmp) / "theirs"))
            rows["ours"].append(_cold_build_of(ours, Path(tmp) / "ours"))
    theirs, mine = (statistics.median(r["cards_per_cpu_s"] for r in rows[k]) for k in ("theirs", "ours"))
    return {"against": str(other), "rounds": len(rows["ours"]),
            "theirs_cards_per_cpu_s": round(theirs, 1), "ours_cards_per_cpu_s": round(mine, 1),
            "ratio": round(mine / theirs, 2) if theirs else None,
            "per_round": {k: [round(r["cards_per_cpu_s"], 1) for r in v] for k, v in rows.items()},
            "cards": {k: v[-1]["cards"] for k, v in rows.items()},
            "errors": {k: v[-1]["errors"] for k, v in rows.items()}}
