"""`tts-bridge bench bot`: the search bot's strength, printed by one run.

Against the random bot: its win rate with a 95 % Wilson interval and its seconds per decision.
`--against search:4x`: the search bot with 4x the budget against the same bot with 1x, in
mirror matches (both seats play the same deck) unless `--no-mirror`: between two bots that
play alike, a stronger deck wins whatever the budget (the sample Sakura Arms pair: seat 0's deck
won all of its games between equal bots), which would hide the budget's gain. Each deck of the
pair is mirrored in turn, two games at a time, so the figure is not one deck's: how much a
larger budget gains differs by deck (Qiguang's starlit-circle, where six Shards in hand win at
once, gained less than sunrise-herd). Seats alternate (the measured bot is seat 0 in even games,
seat 1 in odd ones), so neither side gets a seat's (or a deck's) advantage in more games than
the other.
"""

from __future__ import annotations

import json
import math
import os
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


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game of a match, as the measured bot saw it: `winner` is `me`, `other`, `draw` or
    `unfinished`; seconds (wall and CPU) per decision of each side."""

    index: int
    seat: int  # the measured bot's seat
    deck: str  # the deck both seats played (a mirror match), else ""
    winner: str
    seconds: tuple[float, ...]
    cpu_seconds: tuple[float, ...]
    other_seconds: tuple[float, ...]
    failed_iterations: int


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
    mirrors: dict[str, list[int]] = field(default_factory=dict)  # mirrored deck -> [wins, games]

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, game: GameOutcome) -> None:
        self.games += 1
        if game.winner == "me":
            self.wins += 1
            self.seat_wins[game.seat] += 1
        elif game.winner == "other":
            self.losses += 1
        elif game.winner == "draw":
            self.draws += 1
        else:
            self.unfinished += 1
        self.seconds += game.seconds
        self.cpu_seconds += game.cpu_seconds
        self.other_seconds += game.other_seconds
        self.failed_iterations += game.failed_iterations
        if game.deck:
            tally = self.mirrors.setdefault(game.deck, [0, 0])
            tally[0] += game.winner == "me"
            tally[1] += 1


def play_game(game_id: str, index: int, seed: int, budget: Budget, against: int | None,
              decks: list, mirror: bool = False) -> GameOutcome:
    """Game `index` of a match: the measured bot (seat `index % 2`) at `budget` (times `against`
    when given) against the random bot or the search bot at `budget`, with the deck pair, or in
    a mirror match with deck `index // 2` of it (in turn). Everything is seeded by `seed` and
    `index`, so with an iteration budget a game is the same in any process."""
    from engine.bots import RandomPlayer, SearchPlayer
    from engine.core.game import Game
    from engine.core.registry import get_rules

    measured = budget.times(against) if against else budget
    mine = index % 2
    bot = SearchPlayer(seed * 7919 + 2 * index, measured)
    other = (SearchPlayer(seed * 7919 + 2 * index + 1, budget) if against
             else RandomPlayer(seed * 7919 + 2 * index + 1))
    players = {mine: bot, 1 - mine: other}
    mirrored = decks[(index // 2) % len(decks)] if mirror else None
    game = Game(get_rules(game_id), [mirrored, mirrored] if mirrored else decks, seed=seed + index)
    seconds: list[float] = []
    cpu_seconds: list[float] = []
    other_seconds: list[float] = []
    failed = 0
    for _ in range(MAX_DECISIONS):
        request = game.pending()
        if request is None:
            break
        start, cpu = time.perf_counter(), time.process_time()
        action = players[request.seat].decide(game, request.seat)
        took = time.perf_counter() - start
        if request.seat == mine:
            seconds.append(took)
            cpu_seconds.append(time.process_time() - cpu)
            failed += bot.bot.last.failed
        elif against:
            other_seconds.append(took)
        game.act(request.seat, action)
    result = game.result()
    if result is None:
        winner = "unfinished"
    elif result.draw or result.winner is None:
        winner = "draw"
    else:
        winner = "me" if result.winner == mine else "other"
    return GameOutcome(index, mine, mirrored.name if mirrored else "", winner, tuple(seconds),
                       tuple(cpu_seconds), tuple(other_seconds), failed)


def play_match(rules, games: int, seed: int, budget: Budget, against: int | None,
               decks: list | None = None, jobs: int = 1, mirror: bool = False) -> Match:
    """`games` games of the search bot at `budget` (times `against` when given) against the
    random bot or the search bot at `budget`, with `decks` (the sample pair when None), or each
    of them against itself in turn if `mirror`; the seat of the measured bot alternates. `jobs` > 1 plays them in that many processes (each
    game is seeded on its own, so the results are the same; CPU seconds stay per process)."""
    decks = decks or rules.sample_decks()
    match = Match()
    if jobs <= 1 or games == 1:
        for i in range(games):
            match.add(play_game(rules.id, i, seed, budget, against, decks, mirror))
        return match
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
        futures = [pool.submit(play_game, rules.id, i, seed, budget, against, decks, mirror)
                   for i in range(games)]
        for future in futures:
            match.add(future.result())
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
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Games played at once, each in its own process  [default: every core]")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_bot(game: str, count: int, budget: str, against: str, mirror: bool | None, deck_a: Path | None,
              deck_b: Path | None, seed: int, jobs: int | None,
              as_json: bool) -> None:
    """The search bot's win rate (95 % Wilson interval) and seconds per decision."""
    from tts_bridge.cli_common import fail, load_deck_pair, rules_for

    rules = rules_for(game)
    try:
        base = parse_budget(budget)
        multiple = parse_against(against)
    except ValueError as exc:
        fail([str(exc)])
    decks = load_deck_pair(rules, deck_a, deck_b, {}) or rules.sample_decks()
    mirror = mirror if mirror is not None else multiple is not None
    match = play_match(rules, count, seed, base, multiple, decks, jobs or os.cpu_count() or 1, mirror)
    low, high = wilson(match.wins, match.games)
    measured = base.times(multiple) if multiple else base
    opponent = f"search {base}" if multiple else "random"
    if as_json:
        click.echo(json.dumps({
            "game": game, "games": match.games, "budget": str(measured), "against": opponent,
            "decks": [d.name for d in decks], "mirror": mirror, "mirror_wins": match.mirrors,
            "wins": match.wins, "losses": match.losses, "draws": match.draws, "unfinished": match.unfinished,
            "win_rate": round(match.rate, 4), "seat_wins": match.seat_wins, "wilson95": [round(low, 4), round(high, 4)],
            "p50_s": round(percentile(sorted(match.seconds), 0.5), 4),
            "p99_s": round(percentile(sorted(match.seconds), 0.99), 4),
            "cpu_p50_s": round(percentile(sorted(match.cpu_seconds), 0.5), 4),
            "cpu_p99_s": round(percentile(sorted(match.cpu_seconds), 0.99), 4),
            "failed_iterations": match.failed_iterations}))
        return
    if mirror:
        played = f"each deck against itself in turn ({' and '.join(d.name for d in decks)})"
    else:
        played = f"decks {decks[0].name} (seat 0) and {decks[1].name} (seat 1)"
    click.echo(f"{game}: search {measured} against {opponent}, {match.games} games, seats alternating, {played}")
    unfinished = f", {match.unfinished} unfinished" if match.unfinished else ""
    click.echo(f"  won {match.wins} ({match.seat_wins[0]} as seat 0, {match.seat_wins[1]} as seat 1), lost "
               f"{match.losses}, drew {match.draws}{unfinished}: win rate {100 * match.rate:.1f} % "
               f"(95 % Wilson interval {100 * low:.1f}-{100 * high:.1f} %)")
    for deck, (won, played_games) in match.mirrors.items():
        click.echo(f"  with {deck} on both sides: won {won} of {played_games}")
    click.echo(f"  seconds per decision, search {measured}: {_times(match.seconds)}")
    click.echo(f"  CPU seconds per decision (this process alone, so a busy machine does not count): "
               f"{_times(match.cpu_seconds)}")
    if multiple:
        click.echo(f"  seconds per decision, search {base}: {_times(match.other_seconds)}")
    if match.failed_iterations:
        click.echo(f"  {match.failed_iterations} search iterations raised in the rules and were skipped")
