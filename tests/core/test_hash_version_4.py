"""Hash version 4 marshals records and enums as tuples made from their declarations (`form`:
a record as its class name and its hashed fields, an enum as its class name and value), so a
state of records goes through the one marshal call instead of the repr path. These tests show
that the forms keep every field (states that differ only inside a nested record or enum hash
apart), that they do not depend on the process (another hash seed gives the same hashes), and
that a value its declaration does not describe still takes the repr path."""

from __future__ import annotations

import dataclasses
import enum
import json
import marshal
import os
import subprocess
import sys
from collections import deque
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.flow import Flow, Step
from engine.core.game import Game
from engine.core.hashing import _canon, form, full_pack, hashed_fields, is_cache, packer, state_hash
from engine.core.registry import game_ids, get_rules
from tests.core.test_hash_versions import bot_decisions

ROOT = Path(__file__).resolve().parents[2]


class Level(enum.Enum):
    LOW = 1
    HIGH = 2


class Tier(enum.Enum):
    LOW = 1  # the value of Level.LOW, in another enum


@dataclasses.dataclass(frozen=True, slots=True)
class Target:
    card: int
    zone: str


@dataclasses.dataclass(slots=True)
class Strike:
    attacker: int
    target: Target | None
    level: Level
    marks: set[str]
    hits: list[tuple[int, int]]
    note: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Resolve(Step):
    seat: int
    strike: Strike
    pool: tuple


@dataclasses.dataclass(slots=True, eq=False)
class Toy:
    turn: int = 0
    level: Level = Level.LOW
    strike: Strike | None = None
    strikes: list[Strike] = dataclasses.field(default_factory=list)
    credits: dict[int, Target] = dataclasses.field(default_factory=dict)
    flow: Flow = dataclasses.field(default_factory=Flow)


def _strike(attacker: int = 5) -> Strike:
    return Strike(attacker, Target(3, "area"), Level.LOW, {"b", "a"}, [(1, 2)], {"y": [1], "x": {"s", "t"}})


def _rich() -> Toy:
    flow = Flow(deque([Resolve(1, _strike(6), (4, 5))]), Resolve(0, _strike(), (1, 2)))
    return Toy(2, Level.LOW, _strike(), [_strike(7)], {3: Target(3, "hand")}, flow)


def test_a_state_of_records_and_enums_is_marshalled_as_their_forms():
    state = _rich()
    strike = ("Strike", 5, ("Target", 3, "area"), ("Level", 1), ("a", "b"), [(1, 2)],
              (("x", ("s", "t")), ("y", (1,))))
    resolve = ("Resolve", 0, strike, (1, 2))
    assert form(state.strike) == strike and form(state.flow.asking) == resolve
    flow = ("Flow", (("Resolve", 1, ("Strike",) + (6,) + strike[2:], (4, 5)),), resolve)
    expected = (2, (("Level", 1), strike, (("Strike", 7) + strike[2:],), ((3, ("Target", 3, "hand")),), flow))
    assert marshal.loads(packer(Toy)(state)) == expected  # one marshal call, no repr


def _changes() -> list[tuple[str, Any]]:
    """Changes deep inside the records, one at a time."""
    def target(s: Toy) -> None: s.strike.target = Target(4, "area")
    def no_target(s: Toy) -> None: s.strike.target = None
    def level(s: Toy) -> None: s.strike.level = Level.HIGH
    def tier(s: Toy) -> None: s.strike.level = Tier.LOW
    def top_level(s: Toy) -> None: s.level = Level.HIGH
    def mark(s: Toy) -> None: s.strike.marks.add("c")
    def hit(s: Toy) -> None: s.strike.hits[0] = (1, 3)
    def note(s: Toy) -> None: s.strike.note["x"].add("u")
    def listed(s: Toy) -> None: s.strikes[0].attacker = 8
    def listed_deep(s: Toy) -> None: s.strikes[0].target = Target(3, "hand")
    def credit(s: Toy) -> None: s.credits[3] = Target(3, "area")
    def asking(s: Toy) -> None: s.flow.asking.strike.marks.discard("a")
    def queued(s: Toy) -> None: s.flow.steps[0].strike.hits.append((0, 0))
    def pool(s: Toy) -> None: s.flow.asking = Resolve(0, _strike(), (2, 1))
    def no_strike(s: Toy) -> None: s.strike = None
    return [(f.__name__, f) for f in (target, no_target, level, tier, top_level, mark, hit, note, listed, listed_deep,
                                      credit, asking, queued, pool, no_strike)]


def test_version_4_tells_apart_states_that_differ_only_inside_a_nested_record_or_enum():
    pack = packer(Toy)
    packed = {"unchanged": pack(_rich())}
    for name, change in _changes():
        state = _rich()
        change(state)
        packed[name] = pack(state)
        assert packed[name] == full_pack(state), name
    assert len(set(packed.values())) == len(packed)  # every change shows, and no two meet


def test_equal_states_pack_the_same_whatever_order_their_sets_and_dicts_were_filled_in():
    state, other = _rich(), _rich()
    other.strike.marks = {"a", "b"}
    other.strike.note = {"x": {"t", "s"}, "y": [1]}
    other.credits = {3: Target(3, "hand")}
    assert packer(Toy)(other) == packer(Toy)(state)


@dataclasses.dataclass(slots=True, eq=False)
class LoudFlow(Flow):
    volume: int = 0


def test_a_subclass_of_a_declared_record_is_formed_as_its_own_type():
    """The packer inlines the form of the declared `Flow`; a `LoudFlow` there is formed with
    its own fields."""
    packed = {packer(Toy)(Toy(flow=flow)) for flow in (Flow(), LoudFlow(volume=1), LoudFlow(volume=2))}
    assert len(packed) == 3
    assert form(LoudFlow(volume=2)) == ("LoudFlow", (), None, 2)


@dataclasses.dataclass(slots=True)
class Outer:
    class Inner(enum.Enum):
        A = 1
        B = 2

    inner: Inner = Inner.A  # a name the class defines, not the module


def test_a_record_whose_annotations_name_the_class_own_names_is_formed_by_them():
    assert form(Outer()) == ("Outer", ("Inner", 1)) != form(Outer(Outer.Inner.B))


class _Opaque:
    """A value no declaration describes, with a canonical repr."""

    def __repr__(self) -> str:
        return "_Opaque()"


def test_a_value_its_declaration_does_not_describe_takes_the_repr_path():
    pack = packer(Toy)
    state = _rich()
    state.flow.asking = Resolve(0, _strike(), _Opaque())  # a step's undeclared value `_canon` cannot take
    assert b"_Opaque()" in pack(state) and pack(state) == full_pack(state)
    state.flow.asking.strike.attacker = 9
    assert b"attacker=9" in pack(state)  # the step as version 3 writes it, by repr
    posing = _rich()
    posing.strikes = [("Strike", 7) + form(posing.strike)[2:]]  # a tuple where records are declared
    assert pack(posing) != pack(_rich())  # not formed as the record it looks like


def _records_in(value: Any, found: dict[type, Any]) -> None:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found.setdefault(type(value), value)
        for f in dataclasses.fields(value):
            if not is_cache(f):
                _records_in(getattr(value, f.name), found)
    elif isinstance(value, (list, tuple, deque, set, frozenset)):
        for item in value:
            _records_in(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _records_in(item, found)


def _played(game_id: str, seed: int, decisions: int) -> Iterator[Game]:
    """The game after each of its first `decisions` decisions between random bots."""
    return bot_decisions(Game(get_rules(game_id), seed=seed), [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)],
                         decisions)


def _plain(value: Any) -> Any:
    """Lists as tuples: the only difference a form may have from `_canon`'s."""
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value


@pytest.mark.parametrize("game_id", game_ids())
def test_every_record_of_a_game_is_formed_with_every_hashed_field_and_no_repr(game_id, monkeypatch):
    """Each record type met in self-play forms to what `_canon` (the generic form of every
    hashed field, versions 2 and 3) makes of it, lists aside; and version 4 packs every state
    of that self-play in the one marshal call (the packer never calls repr)."""
    game = Game(get_rules(game_id), seed=0)
    pack = packer(type(game.state))
    reprs: list[Any] = []
    monkeypatch.setitem(pack.__globals__, "repr", lambda value: reprs.append(value) or repr(value))
    records: dict[type, Any] = {}
    for seed in range(3):
        for game in _played(game_id, seed, 400):
            for name, _ in hashed_fields(type(game.state)):
                if name not in ("table", "rng"):
                    _records_in(getattr(game.state, name), records)
    assert reprs == []
    for kind, record in records.items():
        assert _plain(form(record)) == _plain(_canon(record)), kind.__name__


def fingerprints() -> dict[str, list[str]]:
    """Version 4 hashes of the toy states and of seeded self-play of every game (run again
    in another process by the test below)."""
    toys = []
    for _, change in _changes():
        state = _rich()
        change(state)
        toys.append(state_hash(packer(Toy)(state)))
    out = {"toys": toys}
    for game_id in game_ids():
        out[game_id] = [game.hashes[-1] for game in _played(game_id, 1, 120)]
    return out


def test_version_4_hashes_are_the_same_in_processes_with_other_hash_seeds():
    here = fingerprints()
    for seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        run = subprocess.run([sys.executable, "-c", "import json; from tests.core.test_hash_version_4 import "
                              "fingerprints; print(json.dumps(fingerprints()))"],
                             cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        assert json.loads(run.stdout) == here, f"PYTHONHASHSEED={seed}"
