"""`import-deck` and `export-deck`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from engine.core.errors import DataError
from tts_bridge.cli_common import parse_options, rules_for
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
@click.option("--game", help="Resolve card names against this game (and report cards that are not its).")
def export_deck_cmd(file: Path, game: str | None) -> None:
    """Turn a TTS deck object or save FILE back into a deck list."""
    from tts_bridge.decks.export import export_deck

    try:
        data = json.loads(file.read_text(encoding="utf-8-sig"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        click.echo(f"error: {file}: not a JSON file ({exc})", err=True)
        sys.exit(2)
    text, problems = export_deck(data, rules_for(game).name_index() if game else None)
    for problem in problems:
        click.echo(f"warning: {problem}", err=True)
    click.echo(text, nl=False)
    if not text.strip():
        sys.exit(2)


def register(main: click.Group) -> None:
    main.add_command(import_deck)
    main.add_command(export_deck_cmd)
