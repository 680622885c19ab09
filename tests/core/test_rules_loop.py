"""A rules loop that never asks a player is reported as an engine error, never a hang (the
guard Vividz's own driver had before the core processor took over)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.core.flow import Flow, Processor, RulesLoop, Step


@dataclass(frozen=True, slots=True)
class Again(Step):
    """Queues itself again: a rules bug."""


@dataclass(frozen=True, slots=True)
class Done(Step):
    """Runs once."""


@dataclass
class Toy:
    flow: Flow = field(default_factory=Flow)
    runs: int = 0


PROCESSOR: Processor[Toy] = Processor(lambda toy: toy.flow)


@PROCESSOR.runs(Again)
def _again(toy: Toy, step: Again) -> None:
    toy.runs += 1
    toy.flow.then(step)


@PROCESSOR.runs(Done)
def _done(toy: Toy, step: Done) -> None:
    toy.runs += 1


def test_a_step_that_queues_itself_forever_raises_a_rules_loop_naming_it():
    toy = Toy()
    toy.flow.then(Again())
    with pytest.raises(RulesLoop, match="without asking anyone; next: \\[Again\\(\\)\\]"):
        PROCESSOR.advance(toy)


def test_many_steps_that_end_run_to_the_end():
    toy = Toy()
    toy.flow.then(*[Done()] * 5000)
    PROCESSOR.advance(toy)
    assert toy.runs == 5000 and not toy.flow.steps
