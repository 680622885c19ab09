"""The step processor: the one way a game pauses for a decision.

A game's rules work is a queue of small named records (`Step` subclasses: frozen, slotted
dataclasses declared with the game's state). One driver runs steps until one asks a player;
the pending Request is built from that step, carries that step's rule, and the answer goes
back to that step. This is ygopro-core's processor in small: nothing live (no generator, no
callback) sits in the state, so a state can be copied, hashed and replayed.

A game registers, per step type, what running it does (`runs`) or, for a step that asks,
what it asks and what an answer does (`asks`). A step that asks only sometimes (one legal
choice needs no question) is a running step that queues the asking one when it must ask.
Such a step that decides by itself says so (`Flow.settle`): until the next decision, a player who
sends the move for that choice is refused with the rule that fixed it, not with the rule of
whatever is asked next (design.md, "Why not, once").
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, TypeVar

from engine.core.errors import Refusal
from engine.core.hashing import cache
from engine.core.requests import Request

S = TypeVar("S")

MAX_STEPS_WITHOUT_A_QUESTION = 100_000  # a rules loop that never asks is an engine error, not a hang


class RulesLoop(RuntimeError):
    """The steps kept queueing steps without ever asking a player: a bug in a game's rules."""


class Step:
    """A unit of rules work. `asks` says whether the step waits for a player; `rule` is the
    rule that gives the decision to its seat, cited when another seat tries to move; `wait`
    is what that seat is told (by default: who is choosing what; it may name `{seat}`, the seat
    that is deciding, and `{prompt}`, what it is asked)."""

    __slots__ = ()
    __canonical_repr__: ClassVar[bool] = True  # steps hold scalars, records and card data: repr is canonical
    asks: ClassVar[bool] = False
    rule: ClassVar[str | None] = None
    wait: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True)
class Settled:
    """A choice the rules made by themselves because it had one outcome, so nobody was asked.
    `action` is the action type a player would have sent for it, `seat` whose choice it was
    (None: anyone's), `rule` the rule that fixed it and `message` what the player is told:
    what was decided and why, and what to do now."""

    action: str
    seat: int | None
    rule: str
    message: str

    def covers(self, seat: int, action: dict) -> bool:
        return action.get("type") == self.action and (self.seat is None or self.seat == seat)

    def refusal(self) -> Refusal:
        return Refusal(self.rule, self.message)


@dataclass(slots=True, eq=False)
class Flow:
    """The steps still to run (front first) and the step waiting for its answer, if any.
    Part of every game's declared state, so it is hashed like any other field; `settled` (the
    choices made by themselves since the last decision) only explains refusals: not hashed."""

    steps: deque[Step] = field(default_factory=deque)
    asking: Step | None = None
    settled: list[Settled] = cache(factory=list)
    __canonical_repr__: ClassVar[bool] = True  # a deque of steps and a step: the packer uses repr

    def then(self, *steps: Step) -> None:
        """Run `steps` after everything already queued."""
        self.steps.extend(steps)

    def next(self, *steps: Step) -> None:
        """Run `steps` (in the order given) before everything already queued."""
        self.steps.extendleft(reversed(steps))

    def stop(self) -> None:
        """The game is over: nothing more runs or asks."""
        self.steps.clear()
        self.asking = None

    def settle(self, action: str, seat: int | None, rule: str, message: str) -> None:
        """Record a choice that had one outcome and was made without asking (see `Settled`);
        kept until the next decision is answered."""
        self.settled.append(Settled(action, seat, rule, message))

    def settled_for(self, seat: int, action: dict, asked: Request | None = None) -> Settled | None:
        """The latest choice made by itself that `action` by `seat` would have made. A record
        no longer explains once the same kind of choice is asked of that seat again (`asked`,
        the pending request, offers that action type to it): that choice is live, and its own
        rules say why a move is not among its options."""
        if asked is not None and asked.seat == seat:
            live = {o.action.get("type") for o in asked.options if isinstance(o.action, dict)}
        else:
            live = set()
        for record in reversed(self.settled):
            if record.covers(seat, action) and record.action not in live:
                return record
        return None


@dataclass(frozen=True, slots=True)
class AskingStep(Generic[S]):
    """How one step type asks: `request` builds the Request, `answer` applies the chosen action.
    A step several seats may answer at once has `seats` (who may answer now, the first one
    asked first); its `request` then takes the seat it asks as a third argument."""

    request: Callable[..., Request]
    answer: Callable[[S, Any, int, dict], None]
    seats: Callable[[S, Any], tuple[int, ...]] | None = None


class Processor(Generic[S]):
    """The driver of one game. `flow_of(state)` finds the state's `Flow`."""

    def __init__(self, flow_of: Callable[[S], Flow]) -> None:
        self._flow_of = flow_of
        self._runs: dict[type, Callable[[S, Any], None]] = {}
        self._asks: dict[type, AskingStep] = {}

    # -- registration --------------------------------------------------------------------
    def runs(self, step_type: type) -> Callable:
        """Decorator: `fn(state, step)` does the work of a step that never asks."""
        assert not step_type.asks, f"{step_type.__name__} asks; register it with `asks`"

        def register(fn: Callable[[S, Any], None]) -> Callable[[S, Any], None]:
            self._runs[step_type] = fn
            return fn
        return register

    def asks(self, step_type: type, request: Callable[..., Request],
             answer: Callable[[S, Any, int, dict], None],
             seats: Callable[[S, Any], tuple[int, ...]] | None = None) -> None:
        """Register a step that asks. With `seats`, every seat it returns may answer now, each
        from `request(state, step, seat)`; the step's answer then decides what is asked next
        (usually the same step again for the seats still to answer)."""
        assert step_type.asks, f"{step_type.__name__} does not ask; register it with `runs`"
        self._asks[step_type] = AskingStep(request, answer, seats)

    # -- driving -------------------------------------------------------------------------
    def advance(self, state: S) -> None:
        """Run steps until one asks or none is left."""
        flow = self._flow_of(state)
        steps, runs, asks = flow.steps, self._runs, self._asks
        next_step = steps.popleft
        budget = MAX_STEPS_WITHOUT_A_QUESTION
        while flow.asking is None and steps:  # a running step may set `asking` itself
            budget -= 1
            if budget < 0:
                raise RulesLoop(f"the rules ran {MAX_STEPS_WITHOUT_A_QUESTION} steps without asking anyone; "
                                f"next: {list(steps)[:5]!r}")
            step = next_step()
            kind = type(step)
            handler = runs.get(kind)
            if handler is not None:
                handler(state, step)
            elif kind in asks:
                flow.asking = step
            else:
                raise TypeError(f"no handler is registered for step {step!r}")

    def request(self, state: S, seat: int | None = None) -> Request | None:
        """The pending Request; with `seat`, the one that seat may answer now (None if the
        asking step does not let it answer)."""
        step = self._flow_of(state).asking
        if step is None:
            return None
        asking = self._asks[type(step)]
        if asking.seats is None:
            request = asking.request(state, step)
            if seat is not None and seat != request.seat:
                return None
        else:
            seats = asking.seats(state, step)
            if seat is None:
                seat = seats[0]
            elif seat not in seats:
                return None
            request = asking.request(state, step, seat)
            request.also = tuple(s for s in seats if s != seat)
        request.rule = step.rule
        request.wait = step.wait
        return request

    def answer(self, state: S, seat: int, action: dict) -> None:
        """Give the asking step its answer (already checked against the options), then run on."""
        flow = self._flow_of(state)
        step = flow.asking
        flow.asking = None
        if flow.settled:
            flow.settled.clear()  # they explained refusals until this decision
        self._asks[type(step)].answer(state, step, seat, action)
        self.advance(state)


def wrong_seat(request: Request) -> Refusal:
    """The refusal for a move by a seat that is not deciding: the asking step's rule."""
    wait = request.wait or "Seat {seat} is choosing now ({prompt}); wait for them."
    message = wait.format(seat=request.seat, prompt=request.prompt)
    return Refusal(request.rule, message)
