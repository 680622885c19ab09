"""`import-deck` and `export-deck`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from engine.core.errors import DataError
from tts_bridge.cli_common import fail, parse_options, rules_for
from tts_bridge.cli_types import PORT


def _fail(problems: list[str], as_json: bool, report: dict) -> None:
    if as_json:
        click.echo(json.dumps({**report, "ok": False, "problems": problems}, ensure_ascii=False))
    else:
        for problem in problems:
            click.echo(f"error: {problem}", err=True)
    sys.exit(2)


@click.command("import-deck")
@click.argument("game")
@click.argument("source")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Write into this folder.")
@click.option("--tts-dir", type=click.Path(file_okay=False, path_type=Path),
              help="The TTS data folder (default: the platform's, or $TTS_BRIDGE_TTS_DIR).")
@click.option("--live", is_flag=True, help="Also spawn the deck in the running TTS game (External Editor API).")
@click.option("--listen-port", default=39998, show_default=True, type=PORT, help="With --live: where TTS answers.")
@click.option("--tts-port", default=39999, show_default=True, type=PORT, help="With --live: where TTS listens.")
@click.option("--force", is_flag=True, help="Replace an existing file of the same name.")
@click.option("--build-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where the card sheets are built (default: build/).")
@click.option("--option", "rule_options", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report.")
def import_deck(game: str, source: str, out: Path | None, tts_dir: Path | None, live: bool, listen_port: int,
                tts_port: int, force: bool, build_dir: Path | None, rule_options: tuple[str, ...],
                as_json: bool) -> None:
    """Import the deck list SOURCE (a file, '-' for stdin, or an http(s) URL) for GAME."""
    from tts_bridge.decks.folders import NoTTSFolder, saved_objects_dir
    from tts_bridge.decks.importer import SourceError, read_deck
    from tts_bridge.assets.build import Settings
    from tts_bridge.decks.output import OutputError, card_index, deck_object_for, write_deck_object

    rules = rules_for(game)
    report: dict = {"game": game, "source": source}
    if out and tts_dir:
        raise click.UsageError("give --out or --tts-dir, not both")
    try:
        deck = read_deck(rules, source, parse_options(rules, rule_options))
        settings = Settings(out=build_dir) if build_dir else Settings()
        obj = deck_object_for(game, deck, card_index(game, settings))
        folder = out or saved_objects_dir(game, tts_dir)
        try:
            paths = write_deck_object(obj, folder, deck.name, force)
        except OSError as exc:  # a read-only or missing drive, a file where the folder should be
            raise OutputError(f"{exc.filename or folder}: cannot write the deck there "
                              f"({exc.strerror or exc}); give another --out folder") from None
    except (SourceError, NoTTSFolder) as exc:
        _fail([str(exc)], as_json, report)
        return
    except DataError as exc:
        _fail(exc.problems, as_json, report)
        return
    except OutputError as exc:
        _fail([str(exc)], as_json, report)
        return
    report.update(ok=True, deck=deck.name, cards=obj.card_count, sections=obj.sections,
                  paths=[str(p) for p in paths], problems=[])
    if live:
        from tts_bridge.decks.live import spawn_live
        from tts_bridge.protocol.link import LuaFailed
        from tts_bridge.protocol.transport import PortInUse, TTSStalled, TTSUnavailable

        try:
            report["live"] = spawn_live(obj.data, listen_port, tts_port)
        except (PortInUse, TTSUnavailable, TTSStalled, LuaFailed) as exc:
            _fail([f"the deck was written to {paths[0]} but could not be spawned in TTS: {exc}"], as_json, report)
            return
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        click.echo(f"{deck.name}: {obj.card_count} cards ({', '.join(obj.sections)}) -> {paths[0]}")
        if live:
            click.echo(f"spawned in TTS as {', '.join(report['live'])}")


@click.command("export-deck")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", help="The game whose deck lists to write (default: the one the objects are tagged with).")
@click.option("--seat", help="Only this seat's list (a table save holds one per seat).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Write each list to DIR/<deck name>.txt instead of printing it.")
def export_deck_cmd(file: Path, game: str | None, seat: str | None, out: Path | None) -> None:
    """Turn a TTS deck object or save FILE back into deck lists, one per seat, that
    `import-deck` reads back as the same decks."""
    from tts_bridge.decks.export import detect_game, export_lists
    from tts_bridge.decks.folders import safe_file_name
    from tts_bridge.saves.files import SaveFileError, read_save_json

    try:
        data = read_save_json(file)
    except SaveFileError as exc:
        fail([str(exc)])
    game = game or detect_game(data)
    result = export_lists(data, rules_for(game) if game else None)
    for problem in result.problems:
        click.echo(f"warning: {problem}", err=True)
    lists = [e for e in result.lists if seat is None or e.seat == seat]
    if not lists:
        seats = ", ".join(str(e.seat) for e in result.lists if e.seat is not None)
        fail([f"{file}: no seat {seat!r} in this save (seats: {seats or 'none'})" if seat and result.lists
              else f"{file}: no cards to export"])
    if out is None:
        click.echo(lists[0].text if len(lists) == 1 else type(result)(lists).text(), nl=False)
        return
    for exported in lists:
        path = out / f"{safe_file_name(exported.name)}.txt"
        try:
            out.mkdir(parents=True, exist_ok=True)
            path.write_text(exported.text, encoding="utf-8")
        except OSError as exc:
            fail([f"{exc.filename or path}: cannot write the list there ({exc.strerror or exc}); give another --out"])
        click.echo(f"{'seat ' + exported.seat + ': ' if exported.seat is not None else ''}{path}")

