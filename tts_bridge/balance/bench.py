"""`bench balance`: games/s of the balance path on Ray with one worker and with every local core,
and what Ray costs per game over playing the same games in a plain loop, all in one run.

The four ways play the same games, round by round in turn (plain loop, plain loops in one
process per core, Ray with one worker, Ray on every core), so a machine busy with something else
slows all of them alike. One worker is the same Ray instance with each task asking for every CPU,
so tasks run one at a time. The plain processes (no Ray, `multiprocessing`) are the machine's own
ceiling for the speed-up: virtual cores that share a physical one, or a CPU share the host caps,
give less than one core's rate per process whatever runs on them, and Ray is judged against that.
They are spawned, not forked: the driver holds Ray's threads, and a fork copies their locks.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from tts_bridge.balance.plan import Plan, batches
from tts_bridge.balance.play import play_batch
from tts_bridge.balance.report import Tally
from tts_bridge.balance.runner import default_batch_size, run_balance, workers_of


@dataclass(slots=True)
class Way:
    name: str
    games: int = 0
    seconds: float = 0.0
    cpu_s: float = 0.0  # the games' own CPU time

    @property
    def cores_busy(self) -> float:
        """CPU time the games got per second of wall time: 2 workers on 2 free cores make 2."""
        return self.cpu_s / self.seconds if self.seconds else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def ms_per_game(self) -> float:
        return 1000 * self.seconds / self.games if self.games else 0.0


def _plain_loop(plan: Plan, size: int) -> tuple[float, float]:
    """The plan's games in this process, tallied the same way, no Ray: seconds and CPU seconds."""
    start = time.perf_counter()
    tally = Tally(plan)
    for batch in batches(plan, size):
        for record in play_batch(plan, batch):
            tally.add(record)
    return time.perf_counter() - start, tally.cpu_s


def _plain_batch(plan: Plan, batch) -> float:
    """One batch in a plain process: its games' CPU seconds."""
    return sum(r.cpu_s for r in play_batch(plan, batch))


def _plain_processes(pool, plan: Plan, size: int) -> tuple[float, float]:
    """The plan's games in a pool of plain processes (one per core, no Ray): seconds, CPU seconds."""
    start = time.perf_counter()
    results = pool.starmap(_plain_batch, [(plan, batch) for batch in batches(plan, size)], chunksize=1)
    return time.perf_counter() - start, sum(results)


def _add(way: Way, seconds: float, cpu_s: float, games: int) -> None:
    way.seconds += seconds
    way.cpu_s += cpu_s
    way.games += games


def bench_balance(ray, game: str, decks: tuple, games: int, rounds: int) -> dict:
    workers = workers_of(ray)
    size = default_batch_size(Plan(game, decks, games, 0, "random"), workers)
    import multiprocessing

    plain, one, every = Way("plain loop, this process"), Way("Ray, 1 worker"), Way(f"Ray, {workers} workers")
    ceiling = Way(f"plain loops, {workers} processes")
    # every worker process imports the engine and reads the card data once: not part of a game
    # (tasks of 10 games, all submitted at once, so Ray starts a worker per core for them)
    run_balance(ray, Plan(game, decks, 10 * workers, "warm-up", "random"), batch_size=10)
    _plain_loop(Plan(game, decks, 2, "warm-up", "random"), 1)
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        _plain_processes(pool, Plan(game, decks, 10 * workers, "warm-up", "random"), 10)
        load = os.getloadavg()[0]
        done = 0
        for r in range(rounds):
            chunk = games * (r + 1) // rounds - done
            done += chunk
            plan = Plan(game, decks, chunk, r, "random")
            _add(plain, *_plain_loop(plan, size), chunk)
            _add(ceiling, *_plain_processes(pool, plan, size), chunk)
            for way, cpus in ((one, workers), (every, 1)):
                run = run_balance(ray, plan, batch_size=size, cpus_per_task=cpus)
                _add(way, run.elapsed_s, run.tally.cpu_s, chunk)
    return {"game": game, "games": games, "rounds": rounds, "workers": workers, "batch": size,
            "load": round((load + os.getloadavg()[0]) / 2, 1), "cores": os.cpu_count(),
            "ways": [plain, ceiling, one, every],
            "overhead_ms_per_game": one.ms_per_game - plain.ms_per_game,
            "speed_up": every.games_per_s / one.games_per_s if one.games_per_s else 0.0,
            "ceiling": ceiling.games_per_s / plain.games_per_s if plain.games_per_s else 0.0}
