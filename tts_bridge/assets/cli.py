"""Click commands of the asset pipeline: `build`, `watch`, `pdf`, `validate-save`, `fonts` and
`bench assets` (`tts_bridge/cli.py` lists them; this module is imported only when one runs)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from tts_bridge.assets.build import Settings, build_game, build_games
from tts_bridge.assets.fonts import complex_layout_status
from tts_bridge.assets.io import OutputError, writable_folder
from tts_bridge.cli_common import fail as _fail, unknown_game_message

# option ranges: below 10 dpi a card is a few pixels; above 1200 a sheet cell is capped anyway
MIN_DPI, MAX_DPI, MAX_BLEED_MM = 10, 1200, 20.0


def _settings(out: Path | None, **kw) -> Settings:
    s = Settings()
    if out:
        s.out = out
    for k, v in kw.items():
        if v is not None:
            setattr(s, k, v)
    return s


def _games(game: str | None, all_games: bool) -> tuple[list[str], list[str]]:
    from engine.core.registry import game_ids
    from tts_bridge.assets.games import buildable_games

    ok, missing = buildable_games()
    if all_games:
        return ok, missing
    if not game:
        raise click.UsageError("name a GAME or pass --all")
    if game not in game_ids():
        _fail([unknown_game_message(game)])  # the same line as every other command's
    if game not in ok:
        raise click.BadParameter(f"game {game!r} has no asset adapter yet", param_hint="GAME")
    return [game], []


def _progress(quiet: bool):
    if quiet or not sys.stderr.isatty():
        return None

    def show(stage: str, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        click.echo(f"\r  {stage:<7} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", err=True, nl=done >= total)
    return show


_build_options = [
    click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Output folder (default build/)."),
    click.option("--base-url", help="Prefix image URLs with this (hosted images) instead of file:/// paths."),
    click.option("--format", "fmt", type=click.Choice(["png", "jpeg"]), help="Sheet image format (default png)."),
    click.option("--quality", type=click.IntRange(1, 100), help="JPEG quality (default 90)."),
    click.option("--cap", type=click.IntRange(256, 16384), help="Max sheet side in px (default 4096)."),
    click.option("--hidden-cell/--no-hidden-cell", default=None, help="Reserve each sheet's last cell as the hidden picture (BackIsHidden false)."),
    click.option("--unique-backs/--shared-back", default=None, help="A back sheet per face sheet (UniqueBack)."),
    click.option("--dpi", type=click.IntRange(MIN_DPI, MAX_DPI), help=f"Render resolution, {MIN_DPI}-{MAX_DPI} (default 300)."),
    click.option("--bleed", "bleed_mm", type=click.FloatRange(0, MAX_BLEED_MM),
                 help=f"Bleed in mm on each side, 0-{MAX_BLEED_MM:g} (default 0)."),
    click.option("--force", is_flag=True, default=None, help="Ignore the cache and render everything."),
]


def _apply(options):
    def deco(f):
        for o in reversed(options):
            f = o(f)
        return f
    return deco


def build_cmd_impl(games: list[str], missing: list[str], settings: Settings, as_json: bool) -> int:
    """Build, print the report, return the exit code: 2 when a game has errors (bad card data,
    template or output folder: each one line), else 0."""
    t0 = time.perf_counter()
    try:
        writable_folder(Path(settings.out))
    except OutputError as exc:
        _fail([str(exc)])
    progress = _progress(as_json)
    if progress:
        click.echo(f"building {', '.join(games)}", err=True)
    reports = build_games(games, settings, progress=progress)
    total = {"games": {r.game: {"table_save": r.table_save, "deck_objects": r.deck_objects, "sheets": r.sheets,
                                "preview": r.preview, "card_count": r.card_count, "warnings": r.warnings,
                                "errors": r.errors, "glue": r.glue, "cards_rendered": r.cards_rendered,
                                "cards_reused": r.cards_reused, "seconds": r.seconds} for r in reports},
             "missing_adapters": missing,
             "text_layout": complex_layout_status(),
             "cards_rendered": sum(r.cards_rendered for r in reports),
             "cards_reused": sum(r.cards_reused for r in reports),
             "seconds": round(time.perf_counter() - t0, 3)}
    if as_json:
        click.echo(json.dumps(total, indent=2, ensure_ascii=False))
    else:
        for r in reports:
            if not r.table_save:  # the game stopped early: only what stopped it
                for e in r.errors:
                    click.echo(f"error: {r.game}: {e}" if len(reports) > 1 else f"error: {e}", err=True)
                continue
            click.echo(f"{r.game}: {r.card_count} cards ({r.cards_rendered} rendered, {r.cards_reused} reused), "
                       f"{len(r.sheets)} sheet(s), table {r.table_save}, preview {r.preview}")
            for w in r.warnings:
                click.echo(f"  warning: {w}")
            for e in r.errors:
                click.echo(f"  error: {e}")
        for m in missing:
            click.echo(f"{m}: no asset adapter yet (skipped)")
        if any(r.table_save for r in reports):
            click.echo(f"{total['cards_rendered']} rendered, {total['cards_reused']} reused in {total['seconds']} s")
    return 2 if any(r.errors for r in reports) else 0


@click.command("build")
@click.argument("game", required=False)
@click.option("--all", "all_games", is_flag=True, help="Every registered game with an adapter.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report.")
@_apply(_build_options)
def build_cmd(game, all_games, as_json, out, **kw) -> None:
    """Build card faces, sheets, deck objects, a table save and a preview page."""
    from engine.core.gcpause import one_shot_process

    games, missing = _games(game, all_games)
    one_shot_process()
    sys.exit(build_cmd_impl(games, missing, _settings(out, **kw), as_json))


@click.command("watch")
@click.argument("game")
@click.option("--delay", default=0.4, show_default=True, help="Quiet time (s) before a rebuild.")
@_apply(_build_options)
def watch_cmd(game, delay, out, **kw) -> None:
    """Rebuild GAME whenever its card data or templates change (Ctrl-C stops)."""
    from tts_bridge.assets.games import get_adapter
    from tts_bridge.assets.watch import watch

    games, _ = _games(game, False)
    settings = _settings(out, **kw)
    adapter = get_adapter(game)

    def rebuild() -> None:
        try:
            r = build_game(game, settings)
            click.echo(f"[{time.strftime('%H:%M:%S')}] {game}: {r.cards_rendered} rendered, {r.cards_reused} reused "
                       f"in {r.seconds} s")
            for m in r.warnings + r.errors:
                click.echo(f"  {m}")
        except Exception as exc:  # noqa: BLE001 - the watch keeps running after any failure
            click.echo(click.style(f"[{time.strftime('%H:%M:%S')}] build failed: {exc}", fg="red"), err=True)

    rebuild()
    click.echo(f"watching {adapter.data_root} and templates/cards/{game} (Ctrl-C to stop)")
    watch([adapter.data_root, settings.templates / "cards" / game], rebuild, delay,
          ignore=(str(Path(settings.out).resolve()),))


@click.command("pdf")
@click.argument("game")
@click.option("--page", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path))
def pdf_cmd(game, page, out) -> None:
    """Print-and-play PDF of GAME's cards (true size, crop marks, duplex backs)."""
    from tts_bridge.assets.build import BACK_ID
    from tts_bridge.assets.games import get_adapter
    from tts_bridge.assets.pdf import write_pdf

    from engine.core.errors import DataError

    games, _ = _games(game, False)
    settings = _settings(out)
    root = Path(settings.out) / game
    path = root / f"{game}-{page}.pdf"
    try:
        writable_folder(root)
        report = build_game(game, settings)
    except (OutputError, DataError) as exc:
        _fail(list(getattr(exc, "problems", [str(exc)])))
    adapter = get_adapter(game)
    geo = settings.geometry(adapter)
    faces = [root / "faces" / f"{c.id}.png" for c in adapter.cards()]
    try:
        pages = write_pdf(faces, root / "faces" / f"{BACK_ID}.png", path, (geo.w_mm, geo.h_mm), page, geo.bleed_px)
    except OSError as exc:
        _fail([f"cannot write {path}: {exc.strerror or exc} (choose another --out)"])
    click.echo(f"{path}: {pages} pages ({len(faces)} cards, backs on even pages)")
    if report.errors:
        _fail(report.errors)


@click.command("validate-save")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@click.option("--strict", is_flag=True, help="Treat GUID and completeness warnings as errors.")
@click.option("--no-files", is_flag=True, help="Do not open referenced local image files.")
def validate_cmd(files, as_json, strict, no_files) -> None:
    """Check TTS save / saved-object FILES; every problem with its JSON path."""
    from tts_bridge.saves.validate import errors, validate_file

    out, bad = {}, False
    for f in files:
        problems = validate_file(f, strict=strict, check_files=not no_files)
        out[str(f)] = [p.to_json() for p in problems]
        bad |= bool(errors(problems))
        if not as_json:
            errs = errors(problems)
            click.echo(f"{f}: {'FAIL' if errs else 'ok'} ({len(errs)} errors, {len(problems) - len(errs)} warnings)")
            for p in problems:
                click.echo(f"  {p}")
    if as_json:
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
    sys.exit(1 if bad else 0)


@click.command("assets")
@click.option("--cards", "sizes", multiple=True, type=click.IntRange(min=1),
              help="Instead: grow --game's card set to N cards (copies under new names; repeatable, e.g. "
                   "--cards 1000 --cards 10000) and time its no-op and one-card rebuilds.")
@click.option("--game", default="kaiju", show_default=True, help="The game whose cards --cards copies.")
@click.option("--dpi", default=300, show_default=True, type=click.IntRange(min=10), help="With --cards.")
@click.option("--rounds", default=3, show_default=True, type=click.IntRange(min=1),
              help="Cold builds, each after a round of the bare-Pillow reference loop (medians printed).")
@click.option("--against", type=click.Path(path_type=Path), default=None,
              help="Instead: alternate cold builds with another checkout of tts-bridge (e.g. a `git worktree` "
                   "of an older commit), each in a fresh process, and print both cards per CPU-second.")
@click.option("--json", "as_json", is_flag=True)
def bench_assets_cmd(sizes: tuple[int, ...], game: str, dpi: int, rounds: int, against: Path | None,
                     as_json: bool) -> None:
    """Asset speed: cold build (cards/s per core), no-op rebuild, one-card rebuild."""
    from tts_bridge.assets.bench import AgainstError, run, run_against, run_big

    if against is not None:
        if sizes:
            _fail(["--against compares cold builds of the sample sets, --cards rebuilds of a grown set: give one"])
        try:
            res = run_against(against, rounds)
        except AgainstError as exc:
            _fail([str(exc)])
        if as_json:
            click.echo(json.dumps(res))
            return
        click.echo(f"cold builds, card work (layout, drawing, face PNG, sheet cell) per CPU-second, fresh processes, "
                   f"{res['rounds']} alternated rounds (medians):")
        click.echo(f"  {res['against']}: {res['theirs_cards_per_cpu_s']} ({res['cards']['theirs']} cards; rounds "
                   f"{res['per_round']['theirs']})")
        click.echo(f"  this checkout: {res['ours_cards_per_cpu_s']} ({res['cards']['ours']} cards; rounds "
                   f"{res['per_round']['ours']}): x{res['ratio']} of it")
        return

    if sizes:
        from tts_bridge.cli_common import rules_for

        rules_for(game)  # an unknown game: one clear line, exit 2
        rows = run_big(game, list(sizes), dpi)
        if as_json:
            click.echo(json.dumps(rows))
            return
        for r in rows:
            click.echo(f"{game}, {r['cards']} cards at {r['dpi']} dpi: cold build {r['cold_s']} s; no-op rebuild "
                       f"{r['noop_s']} s (target <= 0.5 s at 5,000); one card changed {r['one_card_s']} s "
                       f"(target <= 1 s at 5,000); in fresh processes, imports excluded")
        if len(rows) > 1:
            first, last = rows[0], rows[-1]
            click.echo(f"from {first['cards']} to {last['cards']} cards: no-op x{last['noop_s'] / first['noop_s']:.2f}, "
                       f"one card x{last['one_card_s'] / first['one_card_s']:.2f} (target < 2x from 1,000 to 10,000)")
        return
    res = run(rounds=rounds)
    if as_json:
        click.echo(json.dumps(res))
    else:
        click.echo(f"cold build: {res['cards']} cards in {res['cold_seconds']} s = {res['cards_per_s']} cards/s "
                   f"({res['cards_per_s_per_core']} per core, {res['cores']} cores; target >= 50)")
        click.echo(f"  per-card CPU (draw + PNG face + sheet cell): {res['render_cpu_seconds']} s = "
                   f"{res['cards_per_cpu_s']} cards per CPU-second; drawing alone {res['drawn_cards_per_cpu_s']} "
                   f"cards per CPU-second (load average {res['load_average']})")
        click.echo(f"  bare-Pillow reference (same texts, fonts and card size, plain ImageDraw.text, PNG at the same "
                   f"level): {res['floor_cards_per_cpu_s']} cards per CPU-second; ours x{res['ratio_to_floor']} "
                   f"of it (drawing alone x{res['drawn_ratio_to_floor']}); medians of {res['rounds']} interleaved rounds")
        click.echo(f"no-op rebuild: {res['noop_seconds']} s (target < 1 s)")
        click.echo(f"one card changed: {res['one_card_seconds']} s (target < 2 s)")


@click.group("fonts")
def fonts_group() -> None:
    """The shipped Noto Sans CJK subset (tts_bridge/assets/font_files/)."""


@fonts_group.command("check")
def fonts_check_cmd() -> None:
    """Characters the sample cards draw that the shipped subset lacks (exit 1 if any)."""
    from tts_bridge.assets.fontsubset import missing_from_subset
    from tts_bridge.assets.games import buildable_games

    bad = False
    for game in buildable_games()[0]:
        missing = missing_from_subset(game)
        bad |= bool(missing)
        click.echo(f"{game}: " + (f"the subset lacks {missing!r}; run `tts-bridge fonts subset`" if missing else "ok"))
    sys.exit(1 if bad else 0)


@fonts_group.command("subset")
@click.option("--source", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder holding NotoSansCJK-Regular.ttc and -Bold.ttc (default: the installed fonts).")
def fonts_subset_cmd(source) -> None:
    """Regenerate the shipped subset from Noto Sans CJK for every character the sample games draw."""
    from tts_bridge.assets.fontsubset import SubsetError, find_sources, needed_characters, write_subsets
    from tts_bridge.assets.games import buildable_games

    try:
        sources = find_sources(source)
        chars = needed_characters(buildable_games()[0])
        written = write_subsets(chars, sources)
    except SubsetError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    for path in written:
        click.echo(f"{path}: {path.stat().st_size // 1024} KiB")

