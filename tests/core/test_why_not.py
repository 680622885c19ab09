"""Why not, once (design.md; engine/core/game.py `Game._explain`): a refused move is explained
by a choice the rules made by themselves since the last decision, then by the rules of the
action itself, and only then by whose decision it is. A toy game of two steps shows each case:
seat 0 draws (T-1), and a hand of one card is discarded without asking (T-2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.errors import Refusal
from engine.core.flow import Flow, Processor, Step
from engine.core.game import Deck, Game
from engine.core.hashing import packer
from engine.core.requests import Option, Request
from engine.core.schema import action, action_families, action_schema, cited_rules, in_family
from tests.fuzzing import expect_refused
from tests.refusals import refused


@dataclass(frozen=True, slots=True)
class Draw(Step):
    asks = True
    rule = "T-1"
    wait = "Seat {seat} draws now."


@dataclass(frozen=True, slots=True)
class Discard(Step):
    """Discard a card: asks only when the hand holds more than one."""


@dataclass(frozen=True, slots=True)
class ChooseDiscard(Step):
    asks = True
    rule = "T-2"


@dataclass(frozen=True, slots=True)
class Pass(Step):
    asks = True
    rule = "T-9"
    wait = "Seat 1 is passing; wait."


@dataclass(slots=True)
class Toy:
    hand: list[int]
    flow: Flow = field(default_factory=Flow)


PROCESSOR: Processor[Toy] = Processor(lambda toy: toy.flow)


@PROCESSOR.runs(Discard)
def _discard(toy: Toy, step: Discard) -> None:
    if len(toy.hand) > 1:
        toy.flow.next(ChooseDiscard())
        return
    card = toy.hand.pop()
    toy.flow.settle("discard", 0, "T-2", f"Your only card ({card}) was discarded by itself (T-2); nothing to choose.")
    toy.flow.then(Pass())


def _request(toy: Toy, step: Step) -> Request:
    if isinstance(step, Draw):
        return Request(0, "draw", "Draw", [Option("Draw", {"type": "draw"})])
    if isinstance(step, ChooseDiscard):
        return Request(0, "discard", "Discard", [Option(f"Discard {c}", {"type": "discard", "card": c}) for c in toy.hand])
    return Request(1, "pass", "Pass", [Option("Pass", {"type": "pass"})])


def _answer(toy: Toy, step: Step, seat: int, act: dict) -> None:
    if act["type"] == "draw":
        toy.hand.append(len(toy.hand))
        toy.flow.then(Discard())
    elif act["type"] == "discard":
        toy.hand.remove(act["card"])
        toy.flow.then(Pass())
    else:
        toy.flow.then(Draw())


for _step in (Draw, ChooseDiscard, Pass):
    PROCESSOR.asks(_step, _request, _answer)

SCHEMA = action_schema(
    "toy",
    action("draw", "Draw a card (T-1)."),
    action("discard", "Discard a card (T-2, T-3).", card={"type": "integer"}),
    action("pass", "Pass (T-9).", rules=("T-10",)),
)


class ToyRules:
    id = name = "toy"
    rule_prefix = "T-"
    rule_options: tuple = ()

    def __init__(self, start: list[int] | None = None, draw_rule: str = "T-1") -> None:
        self.start = start or []
        self.draw_rule = draw_rule

    def sample_decks(self) -> list[Deck]:
        return [Deck("a"), Deck("b")]

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> Toy:
        toy = Toy(list(self.start))
        toy.flow.then(Draw())
        PROCESSOR.advance(toy)
        return toy

    def request(self, toy: Toy) -> Request | None:
        return PROCESSOR.request(toy)

    def check(self, toy: Toy, seat: int, act: dict) -> Refusal | None:
        asking = toy.flow.asking
        if act["type"] == "draw" and not isinstance(asking, Draw):
            return Refusal(self.draw_rule, "You draw only at the start of your turn.")
        if act["type"] == "discard" and not isinstance(asking, ChooseDiscard):
            return Refusal("T-3", "You discard only after drawing, when your hand holds two cards or more.")
        return None

    def apply(self, toy: Toy, seat: int, act: dict) -> list:
        PROCESSOR.answer(toy, seat, act)
        return []

    def result(self, toy: Toy) -> None:
        return None

    def view(self, toy: Toy, seat: int | None) -> dict:
        return {"hand": list(toy.hand)}

    def check_invariants(self, toy: Toy) -> None:
        pass

    def action_schema(self) -> dict:
        return SCHEMA


def test_a_choice_made_by_itself_is_refused_with_the_rule_that_fixed_it():
    game = Game(ToyRules())
    game.act(0, {"type": "draw"})  # one card: discarded without asking; seat 1 passes next
    refusal = refused(game, 0, {"type": "discard", "card": 0})
    assert (refusal.code, refusal.rule) == ("wrong_seat", "T-2")
    assert "discarded by itself" in refusal.message


def test_the_record_explains_only_until_the_next_decision():
    game = Game(ToyRules())
    game.act(0, {"type": "draw"})
    game.act(1, {"type": "pass"})
    refusal = refused(game, 0, {"type": "discard", "card": 0})
    assert (refusal.code, refusal.rule) == ("illegal_action", "T-3")


def test_the_record_is_rebuilt_by_undo_and_replay():
    game = Game(ToyRules())
    game.act(0, {"type": "draw"})
    game.act(1, {"type": "pass"})
    game.undo(1)
    assert refused(game, 0, {"type": "discard", "card": 0}).rule == "T-2"
    replayed = Game.replay(ToyRules(), game.log())
    assert refused(replayed, 0, {"type": "discard", "card": 0}).rule == "T-2"


def test_a_move_by_the_seat_not_deciding_is_explained_by_its_own_rules_first():
    game = Game(ToyRules())
    game.act(0, {"type": "draw"})
    refusal = refused(game, 0, {"type": "draw"})  # seat 1 is passing, but the draw's rule says why
    assert (refusal.code, refusal.rule, refusal.message) == ("wrong_seat", "T-1", "You draw only at the start of your turn.")


def test_whose_decision_it_is_comes_last():
    game = Game(ToyRules())
    game.act(0, {"type": "draw"})
    refusal = refused(game, 0, {"type": "pass"})  # the game's check has nothing against a pass
    assert (refusal.code, refusal.rule, refusal.message) == ("wrong_seat", "T-9", "Seat 1 is passing; wait.")


def test_a_choice_that_must_be_asked_leaves_no_record():
    game = Game(ToyRules(start=[7]))
    game.act(0, {"type": "draw"})  # two cards: seat 0 is asked
    assert game.pending().kind == "discard" and not game.state.flow.settled
    assert refused(game, 1, {"type": "discard", "card": 7}).code == "wrong_seat"


def test_the_records_are_not_part_of_the_state_hash():
    game = Game(ToyRules())
    game.act(0, {"type": "draw"})
    for version in (2, 3):
        pack = packer(Toy, version)
        with_record = pack(game.state)
        game.state.flow.settled.clear()
        assert pack(game.state) == with_record
        game.state.flow.settle("discard", 0, "T-2", "again")


def test_an_actions_family_is_the_rules_its_description_cites_and_the_rules_it_adds():
    families = action_families(SCHEMA)
    assert families == {"draw": ("T-1",), "discard": ("T-2", "T-3"), "pass": ("T-9", "T-10")}
    assert cited_rules("Play (8-1-3 iii, 9-8), then (803.1 defense) or (incl. Accel) (QG-G19).") == (
        "8-1-3", "9-8", "803.1", "QG-G19")


@pytest.mark.parametrize(("rule", "family", "inside"), [
    ("KJ-3.4.2", ("KJ-3.4",), True), ("KJ-3.4", ("KJ-3.4",), True), ("703.2a", ("703.2",), True),
    ("9-5 i", ("9-5",), True), ("9-5-1", ("9-5",), True),
    ("KJ-3.40", ("KJ-3.4",), False), ("QG-G15", ("QG-G1",), False), ("KJ-3", ("KJ-3.4",), False),
])
def test_a_rule_is_in_a_family_when_it_is_one_of_its_rules_or_inside_one(rule, family, inside):
    assert in_family(rule, family) is inside


def test_the_fuzz_fails_a_refusal_that_cites_a_rule_outside_the_actions_family():
    game = Game(ToyRules(draw_rule="T-9"))  # a draw refused by the passing rule: whose turn, not why
    game.act(0, {"type": "draw"})
    with pytest.raises(AssertionError, match="not one of its family"):
        expect_refused(game, 0, {"type": "draw"}, action_families(SCHEMA))
    expect_refused(Game(ToyRules()), 1, {"type": "discard", "card": 0}, action_families(SCHEMA))  # T-3: its own


def test_a_record_no_longer_explains_once_the_same_choice_is_asked_of_that_seat():
    """A choice made by itself earlier in a resolution, then the same kind of choice asked of the
    same seat before anyone answered: the live choice's own rules explain a wrong pick."""
    game = Game(ToyRules(start=[7]))
    game.act(0, {"type": "draw"})  # two cards: seat 0 is asked to discard
    game.state.flow.settle("discard", 0, "T-2", "An earlier discard was made by itself.")
    refusal = refused(game, 0, {"type": "discard", "card": 99})
    assert refusal.code == "illegal_action" and "made by itself" not in refusal.message
    assert "not one of the choices" in refusal.message
    other = refused(game, 1, {"type": "discard", "card": 7})  # not asked of seat 1: the record is not its
    assert other.code == "wrong_seat"


def test_a_move_after_the_end_cites_the_rule_that_ended_the_game():
    from engine.core.errors import IllegalAction
    from engine.core.requests import Result

    class Ended(ToyRules):
        def request(self, toy: Toy) -> Request | None:
            return None

        def result(self, toy: Toy) -> Result:
            return Result(0, False, "seat 1 ran out of cards", "T-7")

    game = Game(Ended())
    for attempt in (lambda: game.act(1, {"type": "draw"}), lambda: game.concede(1)):
        with pytest.raises(IllegalAction) as exc:
            attempt()
        assert (exc.value.code, exc.value.rule) == ("game_over", "T-7") and "ran out of cards" in exc.value.message
