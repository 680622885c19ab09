"""Bot-vs-bot games: self-play statistics and the engine benchmark."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine.bots import Player, RandomPlayer
from engine.core.game import Deck, Game, GameRules
from tts_bridge.bench_reference import NO_FIGURES, Figures, FireplaceReference, ratio

MAX_DECISIONS = 20_000  # a game still running after this many decisions counts as unfinished

def random_players(seed: int) -> list[Player]:
    """The two seeded random bots of game `seed` (self-play and the engine benchmark)."""
    return [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]


@dataclass
class PlayedGame:
    game: Game
    decisions: int
    error: str | None = None
    decision_ns: list[int] = field(default_factory=list)


def play_one(rules: GameRules, seed: int, timed: bool = False,
             on_decision: Callable[[Game], None] | None = None, decks: list[Deck] | None = None,
             players: Sequence[Player] | None = None) -> PlayedGame:
    """One seeded bot game (`decks`: the game's sample decks when None; `players`: one per seat,
    the seeded random bots when None). `timed` records each decision's time (options + apply);
    `on_decision` sees the game after setup and after every decision."""
    game = Game(rules, decks, seed=seed)
    bots = random_players(seed) if players is None else players
    times: list[int] = []
    clock = time.perf_counter_ns
    try:
        if on_decision:
            on_decision(game)
        for _ in range(MAX_DECISIONS):
            start = clock() if timed else 0
            request = game.pending()
            if request is None:
                return PlayedGame(game, len(game.decisions), None, times)
            game.act(request.seat, bots[request.seat].decide(game, request.seat))
            if timed:
                times.append(clock() - start)
            if on_decision:
                on_decision(game)
        return PlayedGame(game, len(game.decisions), f"unfinished after {MAX_DECISIONS} decisions", times)
    except Exception as exc:  # an engine failure is an error of the run, reported, not raised
        return PlayedGame(game, len(game.decisions), f"{type(exc).__name__}: {exc}", times)


def selfplay(rules: GameRules, games: int, seed: int, decks: list[Deck] | None = None) -> dict:
    wins = {"0": 0, "1": 0}
    draws = errors = decisions = 0
    messages: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        played = play_one(rules, seed + i, decks=decks)
        decisions += played.decisions
        if played.error:
            errors += 1
            messages.append(f"game seed {seed + i}: {played.error}")
            continue
        result = played.game.result()
        if result.draw:
            draws += 1
        else:
            wins[str(result.winner)] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": rules.id, "games": games, "wins": wins, "draws": draws, "errors": errors,
        "avg_decisions": round(decisions / games, 1) if games else 0.0,
        "decisions_per_s": round(decisions / elapsed) if elapsed else 0,
        "error_messages": messages[:10],
    }


def percentile(sorted_values: list[int], q: float) -> int:
    if not sorted_values:
        return 0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def bench_engine(rules: GameRules, games: int, seed: int, rounds: int = 1,
                 reference: "FireplaceReference | None" = None, reference_games: int = 0) -> dict:
    """Decision time = computing the legal options + applying the chosen one (+ the log, and the
    state packed for its hash: the digest is taken when the hashes are read, here never).

    Throughput figures use wall time, so setup and the bots' choices count against us too. With
    a `reference`, the games are played in `rounds` chunks, each followed by a chunk of the
    reference's games, so both see the same load; the report adds its figures and the ratios."""
    times: list[int] = []
    errors = 0
    wall = 0.0
    theirs = NO_FIGURES
    done = 0
    for r in range(rounds):
        chunk = games * (r + 1) // rounds - done
        start = time.perf_counter()
        for i in range(done, done + chunk):
            played = play_one(rules, seed + i, timed=True)
            errors += played.error is not None
            times.extend(played.decision_ns)
        wall += time.perf_counter() - start
        done += chunk
        if reference is not None:
            share = reference_games * (r + 1) // rounds - reference_games * r // rounds
            theirs = theirs + reference.play(share, seed + reference_games * r // rounds)
    ours = Figures(games, len(times), sum(times), wall, errors)
    times.sort()
    report = {
        "game": rules.id, "games": games, "decisions": len(times), "errors": errors,
        "decisions_per_s": round(len(times) / wall) if wall else 0,
        "games_per_s": round(games / wall, 2) if wall else 0,
        "p50_ms": round(percentile(times, 0.50) / 1e6, 4),
        "p99_ms": round(percentile(times, 0.99) / 1e6, 4),
        "mean_ms": round(ours.ms_per_decision, 4),
        "ms_per_game": round(ours.ms_per_game, 2),
    }
    if reference is not None:
        faster = ratio(ours, theirs)
        report["fireplace"] = {"games": theirs.games, "decisions": theirs.decisions, "errors": theirs.errors,
                               "mean_ms": round(theirs.ms_per_decision, 4),
                               "ms_per_game": round(theirs.ms_per_game, 2)}
        report["faster_per_decision"] = faster.per_decision
        report["faster_per_game"] = faster.per_game
    return report
