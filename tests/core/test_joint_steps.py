"""A step several seats answer at once (engine/core/flow.py `asks(..., seats=)`): the pending
Request names the others in `also`, each seat gets its own Request, and a seat that may not
answer gets none. Kaiju's opening cards (KJ-3.1.3) are the game that needs it."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.flow import Flow, Processor, Step
from engine.core.requests import Option, Request


@dataclass(frozen=True, slots=True)
class BothSay(Step):
    """Each seat says a word, in any order."""
    said: tuple[int, ...] = ()
    asks = True
    rule = "TOY-1"


@dataclass
class Toy:
    flow: Flow = field(default_factory=Flow)
    words: dict[int, str] = field(default_factory=dict)


PROCESSOR: Processor[Toy] = Processor(lambda toy: toy.flow)


def _seats(toy: Toy, step: BothSay) -> tuple[int, ...]:
    return tuple(s for s in (0, 1) if s not in step.said)


def _request(toy: Toy, step: BothSay, seat: int) -> Request:
    return Request(seat, "say", f"seat {seat}, say a word", [Option(f"say {seat}", {"type": "say", "word": f"w{seat}"})])


def _answer(toy: Toy, step: BothSay, seat: int, action: dict) -> None:
    toy.words[seat] = action["word"]
    said = (*step.said, seat)
    if len(said) < 2:
        toy.flow.next(BothSay(said))


PROCESSOR.asks(BothSay, _request, _answer, seats=_seats)


def test_a_joint_step_asks_every_seat_and_each_gets_its_own_request():
    toy = Toy()
    toy.flow.then(BothSay())
    PROCESSOR.advance(toy)
    pending = PROCESSOR.request(toy)
    assert (pending.seat, pending.also, pending.rule) == (0, (1,), "TOY-1")
    own = PROCESSOR.request(toy, 1)
    assert (own.seat, own.also) == (1, (0,)) and own.options[0].action == {"type": "say", "word": "w1"}
    assert own.to_json()["also"] == [0]


def test_the_second_seat_may_answer_first_and_then_only_the_other_is_asked():
    toy = Toy()
    toy.flow.then(BothSay())
    PROCESSOR.advance(toy)
    PROCESSOR.answer(toy, 1, {"type": "say", "word": "w1"})
    pending = PROCESSOR.request(toy)
    assert (pending.seat, pending.also) == (0, ()) and "also" not in pending.to_json()
    assert PROCESSOR.request(toy, 1) is None  # it has answered
    PROCESSOR.answer(toy, 0, {"type": "say", "word": "w0"})
    assert PROCESSOR.request(toy) is None and toy.words == {0: "w0", 1: "w1"}
