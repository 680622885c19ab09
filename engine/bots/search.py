"""A search bot for every game: single-observer information-set Monte Carlo tree search.

SO-ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search"): each
iteration deals one determinization of the seat's information set (engine/core/infoset.py, never
the true state), walks one tree of actions shared by all determinizations, choosing by UCB among
the options available in *that* determinization (each child counts how often it was available),
adds one node, plays a short random rollout and backs the outcome up for the seat that chose at
each step. A move that brings a walk back to a state it has already passed (Qiguang: a play
taken back before paying) is marked and never walked again: counted as a move, the way back
would give the seat one more choice of everything it could do before, so every play with a cost
would look better than it is (and iterations would go on re-searching the same position).
Written once against `GameRules.request/apply/result`: the only per-game knowledge is
an optional evaluation (`engine/games/<game>/evaluate.py`: `evaluate(state, seat) -> [0, 1]`)
that scores a state where the rollout stops, after `ROLLOUT` random decisions if the module sets
it (a rough evaluation is better read further on: kaiju's, after 32); without one, rollouts play
on to the end.

Simulations call the rules directly: no Game wrapper, no hashing, no log. A determinization is
one unpickling of the information set's redacted state (see `InformationSet.determinize`).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from engine.core.game import GameRules
from engine.core.hashing import pack_state
from engine.core.infoset import InformationSet, TripwireError

Evaluate = Callable[[Any, int], float]
EXPLORATION = 0.7       # UCB1's constant for rewards in [0, 1]
EVALUATED_ROLLOUT = 8   # random decisions before an evaluation scores the state (unless the game says)
FULL_ROLLOUT = 2_000    # without an evaluation, rollouts play on to the end (a draw past this)
DEFAULT_ITERATIONS = 200


def unknown(state: Any, seat: int) -> float:
    """The generic evaluation: an unfinished game is worth a draw to both seats."""
    return 0.5


@dataclass(frozen=True, slots=True)
class Scoring:
    """How rollouts end: after `rollout` random decisions, scored by `evaluate`."""

    evaluate: Evaluate
    rollout: int


def game_scoring(rules: GameRules) -> Scoring | None:
    """The game's own evaluation (`<game package>.evaluate.evaluate`) and its rollout length
    (the module's `ROLLOUT`, else EVALUATED_ROLLOUT), if it has one."""
    name = type(rules).__module__ + ".evaluate"
    if importlib.util.find_spec(name) is None:
        return None
    module = importlib.import_module(name)
    return Scoring(module.evaluate, getattr(module, "ROLLOUT", EVALUATED_ROLLOUT))


@dataclass
class SearchStats:
    """What the last decision cost: iterations run, seconds, and iterations that raised in the
    rules (an engine error in an unlikely determinization is counted and skipped)."""

    iterations: int = 0
    seconds: float = 0.0
    failed: int = 0
    error: str = ""  # the first such error, for the curious


class _Node:
    """One action in the tree: `reward` is summed for the seat that chose it; `decisive` counts
    the visits in which the action ended the game at once in that seat's favour."""

    __slots__ = ("children", "visits", "reward", "avail", "decisive", "loop")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.decisive = 0
        self.loop = False  # the action led back to a state already on the walk: never chosen again


def _key(action: Any) -> str:
    return repr(action)


class SearchBot:
    """SO-ISMCTS within a budget per decision: `iterations`, `seconds`, or both (whichever ends
    first; only an iteration budget is reproducible). Seeded: the same seed, budget in iterations
    and information set give the same choice."""

    def __init__(self, seed: int, iterations: int | None = None, seconds: float | None = None,
                 evaluate: Evaluate | None = None, rollout: int | None = None) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self._random = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self._evaluate = evaluate
        self._rollout = rollout
        self.last = SearchStats()
        self.tree: _Node | None = None  # the last search's root, for inspection
        # information sets decided at -> the choices made there: a choice that led back to the same
        # information set (a play cancelled at its payment, Qiguang) is not made again while
        # another is left, so the bot cannot loop where the rules allow going back and forth
        self._made: dict[bytes, set[str]] = {}

    def _scoring(self, rules: GameRules) -> tuple[Evaluate, int]:
        own = game_scoring(rules)
        evaluate = self._evaluate or (own.evaluate if own else None)
        if evaluate is None:
            return unknown, self._rollout if self._rollout is not None else FULL_ROLLOUT
        default = own.rollout if own and not self._evaluate else EVALUATED_ROLLOUT
        return evaluate, self._rollout if self._rollout is not None else default

    def choose(self, info: InformationSet) -> dict:
        """An action among `info.request.options`: one that won at once in every determinization
        it was tried in (a decisive move, Teytaud & Teytaud 2010), else the most visited."""
        options = info.request.options
        if len(options) == 1:
            self.last = SearchStats()
            return options[0].action
        rng = random.Random(self._random.getrandbits(64))
        evaluate, rollout = self._scoring(info.rules)
        root = _Node()
        made = self._made_at(info)
        allowed = {_key(o.action) for o in options} - made or {_key(o.action) for o in options}
        options = [o for o in options if _key(o.action) in allowed]
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else math.inf
        done = failed = 0
        error = ""
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            try:
                self._iterate(info, root, allowed, rng, evaluate, rollout)
            except TripwireError:
                raise
            except Exception as exc:  # an engine error in this determinization: skip it
                failed += 1
                error = error or f"{type(exc).__name__}: {exc}"
            done += 1
        self.last = SearchStats(done, time.perf_counter() - start, failed, error)
        self.tree = root
        best = max(options, key=lambda o: _rank(root, o.action))  # the first of equals
        made.add(_key(best.action))
        return best.action

    def _made_at(self, info: InformationSet) -> set[str]:
        """The choices already made at this information set (by its redacted state)."""
        if len(self._made) > 4096:  # a long game: forget the oldest half
            for key in list(self._made)[:2048]:
                del self._made[key]
        return self._made.setdefault(hashlib.blake2b(info.blob, digest_size=16).digest(), set())

    def _iterate(self, info: InformationSet, root: _Node, allowed: set[str], rng: random.Random,
                 evaluate: Evaluate, rollout: int) -> None:
        rules = info.rules
        state = info.determinize(rng)
        request = rules.request(state, info.seat)
        if request is None:
            return
        options = [o for o in request.options if _key(o.action) in allowed]
        path: list[tuple[_Node, int]] = []
        node = root
        seen = {pack_state(state)}
        while options:
            keys = [_key(o.action) for o in options]
            children = node.children
            live = [i for i, k in enumerate(keys) if k not in children or not children[k].loop]
            if not live:
                break
            fresh = [i for i in live if keys[i] not in children]
            for i in live:
                child = children.get(keys[i])
                if child is not None:
                    child.avail += 1
            if fresh:
                i = fresh[rng.randrange(len(fresh))]
                child = children[keys[i]] = _Node()
                child.avail = 1
            else:
                i = _ucb(children, keys, live)
                child = children[keys[i]]
            rules.apply(state, request.seat, options[i].action)
            here = pack_state(state)
            if here in seen:  # back where this walk has been (a play taken back before paying)
                child.loop = True
                return
            seen.add(here)
            path.append((child, request.seat))
            node = child
            result = rules.result(state)
            if result is not None and len(path) == 1 and result.winner == request.seat:
                child.decisive += 1
            if fresh or result is not None:
                break
            request = rules.request(state)
            if request is None:
                break
            options = request.options
        value = _playout(rules, state, rng, evaluate, rollout)
        for child, seat in path:
            child.visits += 1
            child.reward += value if seat == 0 else 1.0 - value


def _ucb(children: dict[str, _Node], keys: list[str], live: list[int]) -> int:
    best, best_score = live[0], -math.inf
    for i in live:
        child = children[keys[i]]
        score = child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = i, score
    return best


def _rank(root: _Node, action: Any) -> tuple[bool, int]:
    child = root.children.get(_key(action))
    if child is None:
        return False, -1
    return child.decisive == child.visits > 0, child.visits


def _playout(rules: GameRules, state: Any, rng: random.Random, evaluate: Evaluate, depth: int) -> float:
    """Random decisions up to `depth`, then seat 0's share of the outcome: 1 a win, 0 a loss,
    0.5 a draw, or the evaluation of an unfinished game."""
    for _ in range(depth):
        if rules.result(state) is not None:
            break
        request = rules.request(state)
        if request is None:
            break
        options = request.options
        if not options:  # nothing to answer (a deal the rules did not expect): score it as it is
            break
        rules.apply(state, request.seat, options[rng.randrange(len(options))].action)
    result = rules.result(state)
    if result is None:
        return evaluate(state, 0)
    if result.draw or result.winner is None:
        return 0.5
    return 1.0 if result.winner == 0 else 0.0
