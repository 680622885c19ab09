"""The `tts-bridge` command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tts_bridge.cli_lazy import LazyCommand, LazyGroup
from tts_bridge.cli_types import PORT, SEED

if TYPE_CHECKING:
    from engine.core.game import GameRules

# Commands that live with their feature, imported only when they run (`--help` imports none of
# them). The help line is the command's own first sentence; tests/cli/test_lazy_commands.py
# checks each against the command, so a changed docstring fails the test until it is copied here.
FEATURE_COMMANDS = {
    "balance": LazyCommand("tts_bridge.balance.cli:balance_cmd",
                           "Play every pairing of decks many times on Ray and write a balance report (JSON and HTML)."),
    "build": LazyCommand("tts_bridge.assets.cli:build_cmd",
                         "Build card faces, sheets, deck objects, a table save and a preview page."),
    "watch": LazyCommand("tts_bridge.assets.cli:watch_cmd",
                         "Rebuild GAME whenever its card data or templates change (Ctrl-C stops)."),
    "pdf": LazyCommand("tts_bridge.assets.cli:pdf_cmd",
                       "Print-and-play PDF of GAME's cards (true size, crop marks, duplex backs)."),
    "validate-save": LazyCommand("tts_bridge.assets.cli:validate_cmd",
                                 "Check TTS save / saved-object FILES; every problem with its JSON path."),
    "fonts": LazyCommand("tts_bridge.assets.cli:fonts_group",
                         "The shipped Noto Sans CJK subset (tts_bridge/assets/font_files/)."),
    "import-deck": LazyCommand("tts_bridge.decks.cli:import_deck",
                               "Import the deck list SOURCE (a file, '-' for stdin, or an http(s) URL) for GAME."),
    "export-deck": LazyCommand("tts_bridge.decks.cli:export_deck_cmd",
                               "Turn a TTS deck object or save FILE back into deck lists, one per seat, that "
                               "`import-deck` reads back as the same decks."),
    "rule": LazyCommand("tts_bridge.cli_rules:rule_cmd",
                        "Print the text of a rule the referee cites, as the spec in docs/rules/ gives it."),
    "serve": LazyCommand("tts_bridge.session.cli:serve",
                         "Referee a live game at the Tabletop Simulator table loaded in TTS."),
    "sessions": LazyCommand("tts_bridge.session.cli:sessions",
                            "List the refereed sessions (game, start, decisions, finished or not; any can be "
                            "continued with `serve --resume ID`), or prune the old journals."),
    "view": LazyCommand("tts_bridge.view.cli:view",
                        "Draw the table and its Global UI as SEAT sees them: from a save (a file, or GAME's "
                        "generated table), or mid-game from a session journal."),
}
FEATURE_BENCHMARKS = {
    "assets": LazyCommand("tts_bridge.assets.cli:bench_assets_cmd",
                          "Asset speed: cold build (cards/s per core), no-op rebuild, one-card rebuild."),
    "balance": LazyCommand("tts_bridge.balance.cli:bench_balance_cmd",
                           "Balance games/s on Ray with 1 worker and with every local core, interleaved, and "
                           "the Ray path's cost per game over a plain loop."),
    "bot": LazyCommand("tts_bridge.botbench:bench_bot",
                       "The search bot's win rate (95 % Wilson interval) and seconds per decision."),
    "bridge": LazyCommand("tts_bridge.session.cli:bench_bridge",
                          "The bridge's own latency per accepted and refused decision, the emulator's share and "
                          "the loopback floor, in one run; and a burst with none lost."),
    "view": LazyCommand("tts_bridge.view.cli:bench_view",
                        "Time one full-table view (geometry, drawing, PNG) of a game in progress, on one core."),
}


@click.group(cls=LazyGroup, lazy=FEATURE_COMMANDS)
@click.version_option(package_name="tts-bridge")
def main() -> None:
    """Rules referee, asset generator and deck importer for Tabletop Simulator card games."""


def _rules(game: str) -> GameRules:
    """The registered rules of GAME, or one clear line and exit 2 (imported here: the engine is
    not needed for `--help`)."""
    from tts_bridge.cli_common import rules_for

    return rules_for(game)


@main.command()
def games() -> None:
    """List the registered games."""
    from engine.core.registry import game_ids, get_rules

    for game_id in game_ids():
        rules = get_rules(game_id)
        cited = f"as {rules.rule_prefix}*" if rules.rule_prefix else "by number, e.g. 703.2a"
        click.echo(f"{rules.id:<12} {rules.name}  (rules cited {cited})")


@main.command()
@click.argument("game")
def actions(game: str) -> None:
    """Print the JSON Schema of GAME's actions."""
    click.echo(json.dumps(_rules(game).action_schema(), indent=2))


@main.command()
@click.argument("game")
def options(game: str) -> None:
    """List GAME's named rule options (defaults are the spec's proposals)."""
    for o in _rules(game).rule_options:
        click.echo(f"{o.name + '=' + json.dumps(o.default):<26} [{o.rule}] {o.doc} Choices: {json.dumps(list(o.choices))}")


@main.command()
@click.option("--game", required=True, help="Game id (see `tts-bridge games`).")
@click.option("--seed", default=None, type=SEED,
              help="A whole number or 64 hex digits (default: a fresh 256-bit seed from `secrets`).")
@click.option("--deck-a", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--deck-b", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--option", "rule_options", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--bot", "bot_seat", type=click.IntRange(0, 1), default=None,
              help="Seat the search bot plays (0 or 1); its moves' events come with the other seat's answers.")
@click.option("--bot-budget", default="0.5s", show_default=True,
              help="The bot's budget per decision: seconds (0.5s) or iterations (200i).")
@click.option("--bot-seed", type=int, default=None,
              help="Seed of the bot's own random stream (default: fresh from `secrets`).")
def referee(game: str, seed: int | str | None, deck_a: Path | None, deck_b: Path | None, rule_options: tuple[str, ...],
            bot_seat: int | None, bot_budget: str, bot_seed: int | None) -> None:
    """Referee one game over JSON lines on stdin/stdout."""
    import secrets

    from engine.bots import SearchPlayer, parse_budget
    from engine.core.game import Game
    from tts_bridge.cli_common import load_deck_pair, parse_options
    from tts_bridge.referee import RefereeSession

    rules = _rules(game)
    opts = parse_options(rules, rule_options)
    try:
        budget = parse_budget(bot_budget)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bot-budget") from None
    decks = load_deck_pair(rules, deck_a, deck_b, opts)
    from engine.core.rng import new_seed
    from tts_bridge.referee import serve_lines

    bot = None
    if bot_seat is not None:
        bot = SearchPlayer(secrets.randbits(64) if bot_seed is None else bot_seed, budget)
    serve_lines(RefereeSession(Game(rules, decks, new_seed() if seed is None else seed, opts), bot, bot_seat),
                sys.stdin.buffer, sys.stdout)


@main.command()
@click.option("--game", required=True)
@click.option("--games", "count", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--deck-a", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--deck-b", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def selfplay(game: str, count: int, seed: int, deck_a: Path | None, deck_b: Path | None, as_json: bool) -> None:
    """Random bot vs random bot; reports wins, draws, errors and speed."""
    from tts_bridge.cli_common import load_deck_pair
    from tts_bridge.selfplay import selfplay as run

    rules = _rules(game)
    report = run(rules, count, seed, load_deck_pair(rules, deck_a, deck_b, {}))
    if as_json:
        click.echo(json.dumps({k: report[k] for k in ("games", "wins", "draws", "errors", "avg_decisions", "decisions_per_s")}))
        return
    click.echo(f"{report['games']} games of {game}: seat 0 won {report['wins']['0']}, seat 1 won {report['wins']['1']}, "
               f"{report['draws']} draws, {report['errors']} errors")
    click.echo(f"{report['avg_decisions']} decisions per game on average, {report['decisions_per_s']} decisions/s")
    for message in report["error_messages"]:
        click.echo(f"  error: {message}")
    if report["errors"]:
        sys.exit(1)


@main.group(cls=LazyGroup, lazy=FEATURE_BENCHMARKS)
def bench() -> None:
    """Benchmarks that print figures."""


@bench.command("engine")
@click.option("--game", required=True)
@click.option("--games", "count", default=200, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--fireplace", "fireplace", metavar="PYTHON",
              help="The Python of a virtualenv with Fireplace (default: $TTS_BRIDGE_FIREPLACE_PYTHON): its random "
                   "games run interleaved with ours, and the ratios are printed.")
@click.option("--fireplace-games", default=12, show_default=True, type=click.IntRange(min=1))
@click.option("--rounds", default=3, show_default=True, type=click.IntRange(min=1),
              help="Chunks ours and Fireplace's games alternate in.")
@click.option("--json", "as_json", is_flag=True)
def bench_engine(game: str, count: int, seed: int, fireplace: str | None, fireplace_games: int, rounds: int,
                 as_json: bool) -> None:
    """Time per decision (legal options + apply) over bot games, beside Fireplace's."""
    from tts_bridge.bench_reference import FIREPLACE_HINT, FireplaceReference, ReferenceFailed, fireplace_python
    from tts_bridge.cli_common import fail
    from tts_bridge.selfplay import bench_engine as run

    rules = _rules(game)
    python = fireplace_python(fireplace)
    try:
        if python is None:
            report = run(rules, count, seed)
        else:
            with FireplaceReference(python) as reference:
                report = run(rules, count, seed, min(rounds, count), reference, fireplace_games)
    except ReferenceFailed as exc:
        fail([str(exc)])
    if as_json:
        keys = ("decisions_per_s", "games_per_s", "p50_ms", "p99_ms", "mean_ms", "ms_per_game", "decisions", "games",
                "fireplace", "faster_per_decision", "faster_per_game")
        click.echo(json.dumps({k: report[k] for k in keys if k in report}))
        return
    click.echo(f"{game}: {report['decisions']} decisions in {report['games']} games")
    click.echo(f"  {report['decisions_per_s']} decisions/s, {report['games_per_s']} games/s, "
               f"p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms per decision")
    if "fireplace" not in report:
        click.echo(f"  {FIREPLACE_HINT}")
        return
    fp = report["fireplace"]
    failed = f", {fp['errors']} failed in Fireplace" if fp["errors"] else ""
    click.echo(f"  Fireplace, interleaved: {fp['decisions']} decisions in {fp['games']} games{failed}")
    click.echo(f"  ours faster by {report['faster_per_decision']}x per decision "
               f"({report['mean_ms']} vs {fp['mean_ms']} ms mean), {report['faster_per_game']}x per game "
               f"({report['ms_per_game']} vs {fp['ms_per_game']} ms)")


@bench.command("startup")
@click.option("--game", "games", multiple=True, help="Time `referee` for this game (repeatable; default: every game).")
@click.option("--rounds", default=7, show_default=True, type=click.IntRange(min=1))
@click.option("--json", "as_json", is_flag=True)
def bench_startup(games: tuple[str, ...], rounds: int, as_json: bool) -> None:
    """Start-up: `--help` and the first `referee` answer, next to a bare `python -c pass`."""
    from engine.core.registry import game_ids
    from tts_bridge.startup import bench_startup as run

    for game in games:
        _rules(game)  # an unknown game: one clear line, exit 2
    figures = run(list(games) or game_ids(), rounds)
    if as_json:
        click.echo(json.dumps([{"name": f.name, "median_s": f.median_s, "ratio": f.ratio, "target_s": f.target_s}
                               for f in figures]))
        return
    click.echo(f"start-up, median of {rounds} interleaved rounds (fresh processes):")
    for f in figures:
        target = f"   target <= {f.target_s} s" if f.target_s else ""
        click.echo(f"  {f.name:<40} {f.median_s:7.3f} s  {f.ratio:5.1f}x bare{target}")


@main.command()
@click.option("--game", default="all", show_default=True, help="A game id, or `all` for every registered game.")
@click.option("--seed", default=7, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True,
              help='One JSON report per game: {"game","decisions","illegal_moves_reverted","result","journal"}.')
@click.option("--engine-only", is_flag=True, help="Referee protocol only, without the emulated TTS table.")
@click.option("--journal-dir", type=click.Path(file_okay=False, path_type=Path), help="Where table demos journal.")
@click.option("--build-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where `tts-bridge build --out` wrote the table saves the emulated table loads (default build/; "
                   "a missing one is built first).")
def demo(game: str, seed: int, as_json: bool, engine_only: bool, journal_dir: Path | None,
         build_dir: Path | None) -> None:
    """Bots play whole games with illegal moves refused (rule cited): at an emulated TTS table
    through the bridge and our Lua where the game has a table adapter, else through the engine.
    The emulated table is the game's generated table save, build/<game>/table/<game>-table.json."""
    from engine.core.errors import DataError
    from engine.core.registry import game_ids
    from tts_bridge.assets.io import OutputError as BuildOutputError
    from tts_bridge.cli_common import fail_data
    from tts_bridge.demo import run_demo, summary_table
    from tts_bridge.session.demo import TableBuildFailed, run_table_demo
    from tts_bridge.session.games import has_adapter

    unfinished = 0
    reports: list[dict] = []
    for game_id in game_ids() if game == "all" else [game]:
        rules = _rules(game_id)
        if has_adapter(game_id) and not engine_only:
            try:
                report = run_table_demo(game_id, seed, out=(lambda line: None) if as_json else click.echo,
                                        journal_dir=journal_dir, build_dir=build_dir)
            except DataError as exc:  # broken card data: the build says where
                fail_data(exc)
            except (TableBuildFailed, BuildOutputError, OSError) as exc:  # e.g. a --build-dir that cannot be written
                click.echo(f"error: {exc}", err=True)
                sys.exit(2)
            colors = report["colors"]
            report = {k: report[k] for k in ("game", "decisions", "illegal_moves_reverted", "result", "journal")}
            unfinished += report["result"] is None
        else:
            played = run_demo(rules, seed, out=(lambda line: None) if as_json else click.echo)
            result = played.game.result()
            report = {"game": game_id, "decisions": len(played.game.decisions),
                      "illegal_moves_reverted": played.refused, "result": result.to_json() if result else None,
                      "journal": None}
            colors = None
        reports.append({**report, "colors": colors})
        if as_json:
            click.echo(json.dumps(report))
        else:
            click.echo()
    if not as_json:  # the results side by side, after thousands of narrated lines
        for line in summary_table(reports):
            click.echo(line)
    if unfinished:
        sys.exit(1)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document with every field (for bug reports).")
@click.option("--listen-port", default=39998, show_default=True, type=PORT,
              help="Ports are fixed inside TTS (39998/39999); change them only for tests and the emulator.")
@click.option("--tts-port", default=39999, show_default=True, type=PORT,
              help="Ports are fixed inside TTS (39998/39999); change them only for tests and the emulator.")
@click.option("--timeout", default=10.0, show_default=True, type=click.FloatRange(min=0.1),
              help="Seconds to wait for each answer from TTS.")
@click.option("--no-interactive", is_flag=True,
              help="Skip the facts that need the player to do something (reported n/a).")
def doctor(as_json: bool, listen_port: int, tts_port: int, timeout: float, no_interactive: bool) -> None:
    """Check what the bridge assumes about TTS against the running game. Run it on the computer
    that hosts the game, with TTS open and any table loaded. Exit 0 if nothing DIFFERS, 1 if
    something does, 2 if TTS cannot be reached."""
    from tts_bridge.doctor import DIFFERS, format_line, report_json, run_doctor, summary, table_info
    from tts_bridge.protocol.link import EditorLink
    from tts_bridge.protocol.transport import PortInUse, TTSStalled, TTSUnavailable

    unreachable = (f"error: Tabletop Simulator does not answer on 127.0.0.1:{tts_port}. Start TTS on this "
                   f"computer (the host), load a game (any table), then run `tts-bridge doctor` again.")
    link = EditorLink(listen_port=listen_port, tts_port=tts_port, retry_for=min(timeout, 3.0), send_timeout=timeout)
    try:
        link.start()
    except PortInUse as exc:
        click.echo(f"error: {exc.strerror}", err=True)
        sys.exit(2)

    def ask(step: str) -> bool:
        click.echo(f"\n>>> {step}", err=True)
        return sys.stdin.readline() != ""  # EOF: nobody there, the fact is n/a

    interactive = not no_interactive and sys.stdin.isatty()
    try:
        info = table_info(link, timeout)
        if not as_json:
            click.echo(info.describe())
        results = run_doctor(link, ask if interactive else None, timeout=timeout)
    except (TTSUnavailable, TTSStalled):
        click.echo(unreachable, err=True)
        sys.exit(2)
    finally:
        link.close()
    if as_json:
        click.echo(json.dumps(report_json(info, results), indent=2, ensure_ascii=False))
    else:
        for r in results:
            for line in format_line(r):
                click.echo(line)
        click.echo(summary(results))
    if any(r.status == DIFFERS for r in results):
        sys.exit(1)


def run() -> None:
    """The `tts-bridge` program: one command in a process of its own, which ends with it (so a
    command may leave process-wide settings as it likes, e.g. `build`'s garbage collector;
    `main` is the same commands for callers that live on, such as tests)."""
    from engine.core import gcpause

    gcpause.ONE_SHOT = True
    main()


if __name__ == "__main__":
    run()
