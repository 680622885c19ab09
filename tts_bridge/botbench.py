"""`tts-bridge bench bot`: the search bot's strength, printed by one run.

Against the random bot: its win rate with a 95 % Wilson interval and its seconds per decision.
`--against search:4x`: the search bot with 4x the budget against the same bot with 1x, in
mirror matches (both seats play the first deck) unless `--no-mirror`: between two bots that
play alike, a stronger deck wins whatever the budget (the sample Sakura Arms pair: seat 0's deck
won all of its games between equal bots), which would hide the budget's gain. Seats alternate
(the measured bot is seat 0 in even games, seat 1 in odd ones), so neither side gets a seat's
(or a deck's) advantage in more games than the other.
"""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import click

from engine.bots import Budget, parse_budget
from tts_bridge.selfplay import MAX_DECISIONS, percentile

_AGAINST = re.compile(r"^(random|search:(\d+)x)$")


def parse_against(text: str) -> int | None:
    """`random` (None) or `search:Kx` (K, the measured bot's budget multiple)."""
    m = _AGAINST.match(text.strip())
    if not m or (m.group(2) and int(m.group(2)) < 1):
        raise ValueError(f"--against is random or search:Kx (e.g. search:4x), not {text!r}")
    return int(m.group(2)) if m.group(2) else None


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % for z = 1.96): sound at 0 or n wins."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Match:
    """The measured bot's games: results, and seconds per decision of each side."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])  # the measured bot's wins as seat 0, seat 1
    seconds: list[float] = field(default_factory=list)
    other_seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)  # this process's CPU time: shared-machine proof
    failed_iterations: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play_match(rules, games: int, seed: int, budget: Budget, against: int | None,
               decks: list | None = None) -> Match:
    """`games` games of the search bot at `budget` (times `against` when given) against the
    random bot or the search bot at `budget`, with `decks` (the sample pair when None); the
    seat of the measured bot alternates."""
    from engine.bots import RandomPlayer, SearchPlayer
    from engine.core.game import Game

    measured = budget.times(against) if against else budget
    match = Match()
    for i in range(games):
        mine = i % 2
        bot = SearchPlayer(seed * 7919 + 2 * i, measured)
        other = (SearchPlayer(seed * 7919 + 2 * i + 1, budget) if against
                 else RandomPlayer(seed * 7919 + 2 * i + 1))
        players = {mine: bot, 1 - mine: other}
        game = Game(rules, decks, seed=seed + i)
        for _ in range(MAX_DECISIONS):
            request = game.pending()
            if request is None:
                break
            start, cpu = time.perf_counter(), time.process_time()
            action = players[request.seat].decide(game, request.seat)
            took = time.perf_counter() - start
            if request.seat == mine:
                match.seconds.append(took)
                match.cpu_seconds.append(time.process_time() - cpu)
                match.failed_iterations += bot.bot.last.failed
            elif against:
                match.other_seconds.append(took)
            game.act(request.seat, action)
        match.games += 1
        result = game.result()
        if result is None:
            match.unfinished += 1
        elif result.draw or result.winner is None:
            match.draws += 1
        elif result.winner == mine:
            match.wins += 1
            match.seat_wins[mine] += 1
        else:
            match.losses += 1
    return match


def _times(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return (f"p50 {percentile(ordered, 0.50):.3f} s, p99 {percentile(ordered, 0.99):.3f} s "
            f"over {len(ordered)} decisions")


@click.command("bot")
@click.option("--game", required=True, help="Game id (see `tts-bridge games`).")
@click.option("--games", "count", default=20, show_default=True, type=click.IntRange(min=1))
@click.option("--budget", default="200i", show_default=True,
              help="Per decision: seconds (0.5s) or iterations (200i, reproducible).")
@click.option("--against", default="random", show_default=True,
              help="random, or search:4x: the bot with 4x the budget against the bot with 1x.")
@click.option("--mirror/--no-mirror", default=None,
              help="Both seats play the first deck (default with --against search:Kx, not against random).")
@click.option("--deck-a", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--deck-b", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_bot(game: str, count: int, budget: str, against: str, mirror: bool | None, deck_a: Path | None,
              deck_b: Path | None, seed: int, as_json: bool) -> None:
    """The search bot's win rate (95 % Wilson interval) and seconds per decision."""
    from tts_bridge.cli_common import fail, load_deck_pair, rules_for

    rules = rules_for(game)
    try:
        base = parse_budget(budget)
        multiple = parse_against(against)
    except ValueError as exc:
        fail([str(exc)])
    decks = load_deck_pair(rules, deck_a, deck_b, {}) or rules.sample_decks()
    if mirror if mirror is not None else multiple is not None:
        decks = [decks[0], decks[0]]
    match = play_match(rules, count, seed, base, multiple, decks)
    low, high = wilson(match.wins, match.games)
    measured = base.times(multiple) if multiple else base
    opponent = f"search {base}" if multiple else "random"
    if as_json:
        click.echo(json.dumps({
            "game": game, "games": match.games, "budget": str(measured), "against": opponent,
            "decks": [d.name for d in decks],
            "wins": match.wins, "losses": match.losses, "draws": match.draws, "unfinished": match.unfinished,
            "win_rate": round(match.rate, 4), "seat_wins": match.seat_wins, "wilson95": [round(low, 4), round(high, 4)],
            "p50_s": round(percentile(sorted(match.seconds), 0.5), 4),
            "p99_s": round(percentile(sorted(match.seconds), 0.99), 4),
            "cpu_p50_s": round(percentile(sorted(match.cpu_seconds), 0.5), 4),
            "cpu_p99_s": round(percentile(sorted(match.cpu_seconds), 0.99), 4),
            "failed_iterations": match.failed_iterations}))
        return
    click.echo(f"{game}: search {measured} against {opponent}, {match.games} games, seats alternating, "
               f"decks {decks[0].name} (seat 0) and {decks[1].name} (seat 1)")
    unfinished = f", {match.unfinished} unfinished" if match.unfinished else ""
    click.echo(f"  won {match.wins} ({match.seat_wins[0]} as seat 0, {match.seat_wins[1]} as seat 1), lost "
               f"{match.losses}, drew {match.draws}{unfinished}: win rate {100 * match.rate:.1f} % "
               f"(95 % Wilson interval {100 * low:.1f}-{100 * high:.1f} %)")
    click.echo(f"  seconds per decision, search {measured}: {_times(match.seconds)}")
    click.echo(f"  CPU seconds per decision (this process alone, so a busy machine does not count): "
               f"{_times(match.cpu_seconds)}")
    if multiple:
        click.echo(f"  seconds per decision, search {base}: {_times(match.other_seconds)}")
    if match.failed_iterations:
        click.echo(f"  {match.failed_iterations} search iterations raised in the rules and were skipped")
