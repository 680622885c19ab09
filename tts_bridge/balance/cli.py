"""`tts-bridge balance` and `tts-bridge bench balance` (Ray is imported only when they run)."""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

import click

from tts_bridge.cli_types import SEED


class DecksCommand(click.Command):
    """A command whose `--decks` takes every deck file that follows it (`--decks A.txt B.txt`),
    as well as one per `--decks`. click's options take a fixed number of values, so the
    arguments are rewritten to one `--decks FILE` each before click parses them."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        taking = False
        for arg in args:
            if arg == "--decks":
                taking = True
                continue
            if taking and not arg.startswith("-"):
                out += ["--decks", arg]
                continue
            taking = False
            out.append(arg)
        return super().parse_args(ctx, out)


def _unique_names(decks: list) -> list:
    """Decks named apart in the report: a second deck of the same name becomes `name #2`."""
    seen: dict[str, int] = {}
    named = []
    for deck in decks:
        seen[deck.name] = seen.get(deck.name, 0) + 1
        named.append(deck if seen[deck.name] == 1 else replace(deck, name=f"{deck.name} #{seen[deck.name]}"))
    return named


@click.command("balance", cls=DecksCommand)
@click.argument("game")
@click.option("--decks", "deck_paths", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE...", help="Deck lists to pair (two or more; default: the game's sample decks).")
@click.option("--games", "count", default=1000, show_default=True, type=int,
              help="Games in all, dealt in turn to every pairing (both seat orders).")
@click.option("--bot", type=click.Choice(["search", "random"]), default="search", show_default=True,
              help="Who plays both seats: the search bot, or the random bot.")
@click.option("--bot-budget", "budget_text", default=None, metavar="0.5s|200i",
              help="The search bot's budget per decision: seconds, or iterations (reproducible); default 25i.")
@click.option("--ray", "address", default=None, metavar="ADDRESS",
              help="An existing Ray cluster (HOST:PORT, ray://HOST:PORT or auto); default: Ray on this machine.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Report folder (default: build/balance/GAME).")
@click.option("--seed", default=0, show_default=True, type=SEED, help="The run's seed; every game's seed derives from it.")
def balance_cmd(game: str, deck_paths: tuple[Path, ...], count: int, bot: str, budget_text: str | None,
                address: str | None, out: Path | None, seed: int | str) -> None:
    """Play every pairing of decks many times on Ray and write a balance report (JSON and HTML)."""
    from tts_bridge.balance.plan import Plan
    from engine.bots import parse_budget
    from tts_bridge.balance.report import write_report
    from tts_bridge.balance.runner import BalanceError, ProgressLine, check_address, ray_session, run_balance
    from tts_bridge.cli_common import fail, load_decks, rules_for

    rules = rules_for(game)
    if count < 1:
        fail([f"--games {count}: a balance run needs at least 1 game"])
    budget = None
    if budget_text is not None:
        try:
            budget = parse_budget(budget_text)
        except ValueError as exc:
            fail([f"--bot-budget: {exc}"])
        if bot == "random":
            fail([f"--bot-budget {budget_text}: the random bot has no budget; leave it out, or play --bot search"])
    if bot == "search" and budget is None:
        from tts_bridge.balance.players import BALANCE_BUDGET

        budget = BALANCE_BUDGET  # recorded in the report
    decks = load_decks(rules, list(deck_paths), {}) if deck_paths else rules.sample_decks()
    if len(decks) < 2:
        fail([f"--decks: a balance run pairs two or more decks, not {len(decks)}; give another deck file"])
    if address is not None:
        try:
            check_address(address)
        except BalanceError as exc:
            fail([str(exc)])
    out = out or Path("build") / "balance" / rules.id
    try:  # before the games: a run's report must have somewhere to go
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail([f"{out}: cannot write the report there ({exc.strerror}); give another --out folder"])
    plan = Plan(rules.id, tuple(_unique_names(decks)), count, seed, bot, budget)
    try:
        with ray_session(address) as ray:
            run = run_balance(ray, plan, on_progress=ProgressLine())
    except BalanceError as exc:
        fail([str(exc)], code=1)
    except KeyboardInterrupt:
        fail(["interrupted: no report written (a run is one report; start it again, with fewer --games)"], code=130)
    report = run.tally.to_json(run.elapsed_s, run.workers)
    json_path, html_path = write_report(report, out)
    click.echo(f"{run.tally.played} games of {rules.id} ({len(plan.pairings)} pairings, {bot} bots) in "
               f"{run.elapsed_s:.1f} s on {run.workers} CPUs: {html_path} and {json_path}")
    if report["errors"]:
        click.echo(f"{report['errors']} games ended in an engine error (listed in the report)", err=True)
        sys.exit(1)


@click.command("balance")
@click.option("--game", default="kaiju", show_default=True)
@click.option("--games", "count", default=3000, show_default=True, type=click.IntRange(min=3),
              help="Games for each of the four ways (random bots, the game's sample decks).")
@click.option("--rounds", default=3, show_default=True, type=click.IntRange(min=1),
              help="The ways take turns this many times.")
def bench_balance_cmd(game: str, count: int, rounds: int) -> None:
    """Balance games/s on Ray with 1 worker and with every local core, interleaved, and the Ray path's cost per game over a plain loop."""
    from tts_bridge.balance.bench import bench_balance
    from tts_bridge.balance.runner import ray_session
    from tts_bridge.cli_common import rules_for

    rules = rules_for(game)
    start = time.perf_counter()
    with ray_session(None) as ray:
        click.echo(f"Ray started in {time.perf_counter() - start:.1f} s")
        figures = bench_balance(ray, rules.id, tuple(rules.sample_decks()), count, rounds)
    load_note = (" (above the core count: other programs share them)"
                 if figures["load"] > figures["cores"] else "")
    click.echo(f"{figures['games']} games of {game} each way, random bots, {figures['batch']} games per task, "
               f"{figures['rounds']} rounds taking turns; load average {figures['load']} on {figures['cores']} cores"
               f"{load_note}:")
    for way in figures["ways"]:
        click.echo(f"  {way.name:<28} {way.games_per_s:8.1f} games/s  {way.ms_per_game:7.2f} ms/game  "
                   f"{way.cores_busy:4.2f} cores busy with games")
    click.echo(f"  speed-up, {figures['workers']} workers over 1: Ray {figures['speed_up']:.2f}x, plain processes "
               f"{figures['ceiling']:.2f}x (the machine's ceiling), so Ray gets "
               f"{100 * figures['speed_up'] / figures['ceiling'] if figures['ceiling'] else 0:.0f} % of it; "
               f"Ray's cost per game over the plain loop: {figures['overhead_ms_per_game']:+.2f} ms")
