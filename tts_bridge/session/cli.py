"""Click commands of the TTS bridge: `serve`, `sessions` and `bench bridge`.

`tts_bridge/cli.py` lists them in the `tts-bridge` group; `python -m tts_bridge.session.cli`
runs them standalone (the tests start `serve` that way, so they can SIGKILL it).
"""

from __future__ import annotations

import json
import logging
import signal
import sys
import threading
from pathlib import Path

import click

from tts_bridge.cli_common import fail, load_deck_pair, parse_options, rules_for
from tts_bridge.cli_types import PORT, SEED

PORTS_HELP = "Ports are fixed inside TTS (39998/39999); change them only for tests and the emulator."


@click.command()
@click.option("--game", required=True, help="Game id (see `tts-bridge games`).")
@click.option("--deck-a", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--deck-b", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seats", default="White,Red", show_default=True, help="Colours of seat 0 and seat 1.")
@click.option("--seed", default=None, type=SEED,
              help="Seed of a new game: a whole number or 64 hex digits (default: 256 bits from `secrets`).")
@click.option("--option", "rule_options", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--resume", metavar="ID", help="Resume session ID from its journal (after a crash or a TTS restart).")
@click.option("--resume-upto", type=click.IntRange(min=0), metavar="N",
              help="With --resume: resume a damaged journal from its first N decisions (the number its error offers).")
@click.option("--listen-port", default=39998, show_default=True, type=PORT, help=PORTS_HELP)
@click.option("--tts-port", default=39999, show_default=True, type=PORT, help=PORTS_HELP)
@click.option("--journal-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where session journals live (default build/sessions or $TTS_BRIDGE_SESSIONS).")
@click.option("--wait-for-tts", default=120.0, show_default=True, type=click.FloatRange(min=0),
              help="Seconds to keep retrying while TTS refuses connections (not running, no game loaded).")
@click.option("--bot", "bot_color", default=None, metavar="COLOUR",
              help="Seat the search bot at this colour (one of --seats): it plays that seat's cards at the table.")
@click.option("--bot-budget", default="0.5s", show_default=True,
              help="The bot's thinking per decision: seconds (0.5s) or iterations (200i).")
@click.option("--bot-delay", default=0.8, show_default=True, type=click.FloatRange(min=0),
              help="Seconds the bot waits before each move, so the people at the table can follow.")
@click.option("--bot-seed", type=int, default=None, help="Seed of the bot's own random stream (default: fresh).")
@click.option("-v", "--verbose", is_flag=True, help="Log every message.")
def serve(game: str, deck_a: Path | None, deck_b: Path | None, seats: str, seed: int | str | None,
          rule_options: tuple[str, ...], resume: str | None, resume_upto: int | None, listen_port: int, tts_port: int,
          journal_dir: Path | None, wait_for_tts: float, bot_color: str | None, bot_budget: str, bot_delay: float,
          bot_seed: int | None, verbose: bool) -> None:
    """Referee a live game at the Tabletop Simulator table loaded in TTS.

    With --bot COLOUR, the search bot plays that colour's seat."""
    import secrets

    from engine.bots import SearchPlayer, parse_budget
    from engine.core.rng import new_seed
    from tts_bridge.protocol.transport import PortInUse, TTSStalled, TTSUnavailable
    from tts_bridge.session.games import adapter_for
    from tts_bridge.assets.io import OutputError, writable_folder
    from tts_bridge.session.journal import JournalError, default_dir
    from tts_bridge.session.runner import long_lived_frozen, open_session
    from tts_bridge.session.session import WrongTable

    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(message)s")
    rules = rules_for(game)
    if resume:
        refuse_new_game_options(click.get_current_context())
    try:
        adapter_for(game)
    except KeyError as exc:
        raise click.BadParameter(str(exc.args[0]), param_hint="--game") from None
    colors = [c.strip() for c in seats.split(",")]
    if len(colors) != 2 or len(set(colors)) != 2:
        raise click.BadParameter("give two different colours, e.g. White,Red", param_hint="--seats")
    opts = parse_options(rules, rule_options)
    decks = load_deck_pair(rules, deck_a, deck_b, opts)
    try:  # said now, not once TTS has connected and the first journal line cannot be written
        writable_folder(journal_dir or default_dir(), "choose another --journal-dir")
    except OutputError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    seed = seed if seed is not None else new_seed()
    bots = {}
    if bot_color is not None:
        try:
            budget = parse_budget(bot_budget)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--bot-budget") from None
        if not resume and bot_color not in colors:
            raise click.BadParameter(f"{bot_color!r} is not one of the seats' colours ({', '.join(colors)})",
                                     param_hint="--bot")
        bots[bot_color] = SearchPlayer(secrets.randbits(64) if bot_seed is None else bot_seed, budget)
    try:
        session = open_session(game, decks=decks, seed=seed, options=opts, colors=None if resume else colors,
                               listen_port=listen_port, tts_port=tts_port, journal_dir=journal_dir, resume=resume,
                               resume_upto=resume_upto, bots=bots, bot_delay=bot_delay,
                               say=lambda text: click.echo(text, err=True), retry_for=wait_for_tts)
    except PortInUse as exc:
        click.echo(f"error: {exc.strerror}", err=True)
        sys.exit(2)
    except (TTSUnavailable, TTSStalled, WrongTable, JournalError, ValueError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(3 if isinstance(exc, (TTSUnavailable, TTSStalled)) else 2)
    sid = getattr(session, "session_id", "?")
    click.echo(f"Refereeing {rules.name} as session {sid} ({session.colors[0]} = seat 0, {session.colors[1]} = seat 1; "
               f"{len(session.game.decisions)} decisions so far, state {session.game.state_hash()}).", err=True)
    if bot_color is not None:
        click.echo(f"The search bot plays {bot_color} ({bot_budget} a decision).", err=True)
    click.echo(f"If anything crashes: tts-bridge serve --game {game} --resume {sid}"
               + (f" --bot {bot_color}" if bot_color else ""), err=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: stop.set())
    try:
        with long_lived_frozen():
            while not stop.is_set() and not session.finished.wait(0.2):
                pass
            if session.finished.is_set():
                session.wait_idle(5)
                result = session.game.result()
                click.echo(f"Game over: {result.reason}" if result else "Game over.", err=True)
    except KeyboardInterrupt:
        click.echo(f"Stopped; resume with: tts-bridge serve --game {game} --resume {sid}", err=True)
    finally:
        session.close()
        session.link.close()


# what a resumed game takes from its journal, not from the command line
_NEW_GAME_OPTIONS = {"seed": "--seed", "deck_a": "--deck-a", "deck_b": "--deck-b", "rule_options": "--option",
                     "seats": "--seats"}


def refuse_new_game_options(ctx: click.Context) -> None:
    """`--resume` continues the journal's game with its seed, decks, options and seats: any of
    those on the command line would be ignored, so it is refused instead (one line, exit 2)."""
    from click.core import ParameterSource

    given = [flag for name, flag in _NEW_GAME_OPTIONS.items()
             if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
    if given:
        fail([f"{', '.join(given)} cannot be combined with --resume: a resumed game keeps the seed, decks, "
              f"options and seats of its journal; drop {', '.join(given)}, or start a new game without --resume"])


@click.command("sessions")
@click.option("--journal-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where session journals live (default build/sessions or $TTS_BRIDGE_SESSIONS).")
@click.option("--prune", "prune_days", type=click.FloatRange(min=0), metavar="DAYS",
              help="Remove the journals not written to for more than DAYS days.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per session.")
def sessions(journal_dir: Path | None, prune_days: float | None, as_json: bool) -> None:
    """List the refereed sessions (game, start, decisions, finished or not; any can be
    continued with `serve --resume ID`), or prune the old journals."""
    from tts_bridge.session.journal import default_dir
    from tts_bridge.session.listing import list_sessions, prune

    folder = journal_dir or default_dir()
    if prune_days is not None:
        try:
            pruned = prune(folder, prune_days)
        except OSError as exc:
            fail([f"{exc.filename or folder}: cannot remove it ({exc.strerror or exc})"])
        click.echo(f"{folder}: removed {len(pruned.removed)} journal file(s) older than {prune_days:g} days, "
                   f"kept {pruned.kept} session(s)")
        return
    found = list_sessions(folder)
    if as_json:
        for info in found:
            click.echo(json.dumps(info.to_json(), ensure_ascii=False))
        return
    if not found:
        click.echo(f"{folder}: no session journals")
        return
    rows = [("id", "game", "started (UTC)", "decisions", "finished")]
    for info in found:
        state = f"yes: {info.result}" if info.finished else \
            ("cannot be resumed (below)" if info.problem else "no: tts-bridge serve --resume ID")
        rows.append((info.id, info.game, info.started, str(info.decisions), state))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for row in rows:
        click.echo("  ".join(c.rjust(w) if i == 3 else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))) +
                   "  " + row[4])
    for info in found:
        if info.problem:
            click.echo(f"warning: {info.problem}", err=True)


@click.command("bridge")
@click.option("--game", default="kaiju", show_default=True)
@click.option("--drops", default=200, show_default=True, type=click.IntRange(min=10))
@click.option("--decisions", default=200, show_default=True, type=click.IntRange(min=10),
              help="Accepted decisions to time (bots play whole games at the table, journaled).")
@click.option("--burst", default=1000, show_default=True, type=click.IntRange(min=1))
@click.option("--json", "as_json", is_flag=True)
def bench_bridge(game: str, drops: int, decisions: int, burst: int, as_json: bool) -> None:
    """The bridge's own latency per accepted and refused decision, the emulator's share and the
    loopback floor, in one run; and a burst with none lost."""
    import tempfile

    from tts_bridge.session.bench import bench_bridge as run

    rules_for(game)  # an unknown game: one clear line, exit 2
    with tempfile.TemporaryDirectory(prefix="tts-bridge-bench-") as tmp:
        r = run(game, drops, burst, journal_dir=Path(tmp), decisions=decisions)
    if as_json:
        click.echo(json.dumps(r))
        return
    click.echo(f"{game}, bridge side (decoded message -> handled, journal fsync and commands sent; "
               f"the emulator in its {r['emulator']}, as TTS):")
    click.echo(f"  accepted decision  p50 {r['bridge_accepted_p50_ms']} ms, p99 {r['bridge_accepted_p99_ms']} ms "
               f"({r['bridge_accepted_n']} in {r['accepted_games']} games; target p99 <= 2 ms)   "
               f"{r['bridge_accepted_per_floor']}x the floor")
    click.echo(f"    the bridge's own CPU (its worker and helper threads): p50 {r['bridge_accepted_cpu_p50_ms']} ms, "
               f"p99 {r['bridge_accepted_cpu_p99_ms']} ms (the rest is waiting: the fsync, the wire, other processes)")
    click.echo(f"    the journal's write and fsync: p50 {r['bridge_accepted_journal_p50_ms']} ms, "
               f"p99 {r['bridge_accepted_journal_p99_ms']} ms (the disk's share, while the helper thread prepares "
               f"the batch; until the worker has the interpreter lock back from it); then the worker waited for "
               f"the helper p50 {r['bridge_accepted_helper_wait_p50_ms']} ms, p99 {r['bridge_accepted_helper_wait_p99_ms']} ms, "
               f"and prepared {r['bridge_accepted_prepared_inline']} batches itself (the helper had not begun)")
    click.echo(f"  refused drop       p50 {r['bridge_refused_p50_ms']} ms, p99 {r['bridge_refused_p99_ms']} ms "
               f"({r['bridge_refused_n']})   {r['bridge_refused_per_floor']}x the floor")
    click.echo(f"loopback floor (bare TCP exchange of {r['floor_bytes'][0]} + {r['floor_bytes'][1]} bytes, same shape): "
               f"p50 {r['floor_p50_ms']} ms, p99 {r['floor_p99_ms']} ms")
    click.echo(f"refused drop, whole round trip through the emulator's Lua: p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms "
               f"(target p99 <= 20 ms); the emulator's share p50 {r['emulator_share_p50_ms']} ms")
    click.echo(f"burst of {r['burst']} events (reordered and duplicated on the wire): "
               f"{r['burst_received']} received, {r['burst_lost']} lost, "
               f"{r['burst_events_per_s']} events/s")


@click.group()
def standalone() -> None:
    """The bridge commands on their own (`python -m tts_bridge.session.cli`)."""


standalone.add_command(serve)
standalone.add_command(bench_bridge)

if __name__ == "__main__":
    standalone()
