"""`tts-bridge view` and `tts-bridge bench view`."""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

import click

from tts_bridge.cli_common import fail
from tts_bridge.view import geometry
from tts_bridge.view.images import Images
from tts_bridge.view.render import render
from tts_bridge.view.scene import Scene, SceneError, from_journal, from_save, journal_file, read_save

SCREEN = re.compile(r"^(\d{3,5})x(\d{3,5})$")


def parse_screen(value: str) -> tuple[int, int]:
    m = SCREEN.match(value.strip().lower())
    if not m or not (320 <= int(m.group(1)) <= 7680 and 240 <= int(m.group(2)) <= 4320):
        raise SceneError(f"--screen {value!r}: expected WIDTHxHEIGHT in pixels, e.g. 1920x1080 (320x240 to 7680x4320)")
    return int(m.group(1)), int(m.group(2))


def table_save_for(table_or_game: str, build_dir: Path, say=click.echo) -> tuple[dict, Path]:
    """TABLE_OR_GAME: a save file, or a game id whose generated table save is used (built
    first when missing, as `tts-bridge demo` does)."""
    from engine.core.registry import game_ids

    path = Path(table_or_game)
    if path.suffix.lower() == ".json" or path.exists():
        return read_save(path), path
    if table_or_game not in game_ids():
        from tts_bridge.cli_common import unknown_game_message

        raise SceneError(f"{table_or_game!r} is neither a save file nor a game: " + unknown_game_message(table_or_game))
    from tts_bridge.session.demo import TableBuildFailed, generated_table, table_save_path

    saved = table_save_path(table_or_game, build_dir)
    if saved.is_file():
        return read_save(saved), saved
    try:
        return generated_table(table_or_game, build_dir, say=lambda s: say(s, err=True)), saved
    except TableBuildFailed as exc:
        raise SceneError(str(exc)) from None


def load_scene(table_or_game: str, journal: str | None, at: int | None, build_dir: Path,
               journal_dir: Path) -> Scene:
    save, path = table_save_for(table_or_game, build_dir)
    if journal is None:
        if at is not None:
            raise SceneError("--at N needs --journal ID (the session to replay)")
        return from_save(save, str(path))
    return from_journal(journal_file(journal, journal_dir), at, save, build_dir=build_dir)


@click.command("view")
@click.argument("table_or_game")
@click.option("--seat", default="White", show_default=True, help="The colour whose view is drawn.")
@click.option("--journal", help="A session id (in the sessions folder) or journal file: draw the table mid-game.")
@click.option("--at", type=int, help="With --journal: after this many decisions (default: all of them).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="The PNG to write (default view-<game>-<seat>.png).")
@click.option("--screen", default="1920x1080", show_default=True, help="Screen size the UI is laid out on.")
@click.option("--build-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("build"), show_default=True,
              help="Where `tts-bridge build` wrote the table saves.")
@click.option("--journal-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where session journals are (default build/sessions, or $TTS_BRIDGE_SESSIONS).")
@click.option("--json", "as_json", is_flag=True, help="Also print the geometry's warnings as one JSON line.")
def view(table_or_game: str, seat: str, journal: str | None, at: int | None, out: Path | None, screen: str,
         build_dir: Path, journal_dir: Path | None, as_json: bool) -> None:
    """Draw the table and its Global UI as SEAT sees them: from a save (a file, or GAME's generated
    table), or mid-game from a session journal. Warnings go in the picture's legend and here."""
    from tts_bridge.session.journal import default_dir

    try:
        size = parse_screen(screen)
        scene = load_scene(table_or_game, journal, at, build_dir, journal_dir or default_dir())
        geo = geometry.build(scene, seat, size)
    except SceneError as exc:
        fail([str(exc)])
    out = out or Path(f"view-{scene.game or 'table'}-{seat}.png")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        render(geo, Images(), scene.ui_tree, Path(scene.source).name).save(out, format="PNG")
    except OSError as exc:
        fail([f"--out {out}: cannot be written ({exc.strerror or exc})"])
    when = "as saved" if geo.decision is None else f"after decision {geo.decision}"
    click.echo(f"{out}: {geo.game or 'table'} seen by {seat}, {when}, {len(geo.objects)} objects, "
               f"{len(geo.warnings)} warning(s)")
    for w in geo.warnings:
        click.echo(f"  warning: {w.text}")
    if as_json:
        click.echo(json.dumps({"out": str(out), "game": geo.game, "seat": seat, "decision": geo.decision,
                               "warnings": [{"kind": w.kind, "text": w.text} for w in geo.warnings]}))


@click.command("view")
@click.option("--game", default="kaiju", show_default=True)
@click.option("--decisions", default=60, show_default=True, type=click.IntRange(min=0),
              help="Decisions the bots play first, so the table is full.")
@click.option("--runs", default=5, show_default=True, type=click.IntRange(min=1))
@click.option("--build-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("build"), show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench_view(game: str, decisions: int, runs: int, build_dir: Path, as_json: bool) -> None:
    """Time one full-table view (geometry, drawing, PNG) of a game in progress, on one core."""
    import io

    from tts_bridge.view.bench import busy_scene

    try:
        save, _ = table_save_for(game, build_dir)
    except SceneError as exc:
        fail([str(exc)])
    t0 = time.perf_counter()
    scene_from_save = from_save(save)
    load_s = time.perf_counter() - t0
    scene = busy_scene(game, save, decisions)
    times: dict[str, list[float]] = {"geometry": [], "draw": [], "png": [], "total": []}
    for _ in range(runs):
        t = time.perf_counter()
        geo = geometry.build(scene, "White")
        t1 = time.perf_counter()
        img = render(geo, Images(), scene.ui_tree)
        t2 = time.perf_counter()
        img.save(io.BytesIO(), format="PNG")
        t3 = time.perf_counter()
        for k, v in zip(times, (t1 - t, t2 - t1, t3 - t2, t3 - t)):
            times[k].append(v)
    med = {k: round(statistics.median(v), 3) for k, v in times.items()}
    report = {"game": game, "objects": len(scene.objects), "decisions": scene.decision, "runs": runs,
              "median_s": med, "load_save_s": round(load_s, 3), "target_s": 1.0,
              "objects_in_save": len(scene_from_save.objects)}
    if as_json:
        click.echo(json.dumps(report))
        return
    click.echo(f"view {game} after {scene.decision} decisions ({len(scene.objects)} objects, 1920x1080, {runs} runs): "
               f"{med['total']} s per view (geometry {med['geometry']}, draw {med['draw']}, PNG {med['png']}); "
               f"loading the save in the emulator {report['load_save_s']} s; target < 1 s")

