"""Declared state, derived hash (engine/core/hashing.py): every field of a game's state is
hashed unless declared a cache, the hash is derived from the declaration, and the rules read
every field they declare."""

from __future__ import annotations

import copy
import dataclasses
import marshal
import typing
from array import array
from collections import deque
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.flow import Flow, Step
from engine.core.game import Game
from engine.core.hashing import DeclarationError, cache, fixed, hashed_fields, is_cache, pack_state
from engine.core.registry import game_ids, get_rules
from engine.core.requests import Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec
from tests.declarations import unread_fields

ROOT = Path(__file__).resolve().parents[2]
# games on the declared state: their rules object writes no snapshot of its own
DECLARED = [g for g in game_ids() if not hasattr(get_rules(g), "snapshot")]


def _sources(game_id: str) -> list[Path]:
    """The game's package and its table adapter: where its rules read their state; and the core
    module that keeps a game's last decision's events (`held_events`, engine/core/events.py)."""
    package = ROOT / "engine" / "games" / game_id.replace("-", "_")
    adapter = ROOT / "tts_bridge" / "session" / "games" / f"{game_id.replace('-', '_')}.py"
    return (sorted(package.rglob("*.py")) + ([adapter] if adapter.exists() else [])  # rule modules too (mechanics/)
            + [ROOT / "engine" / "core" / "events.py"])


def _mid_game_states(game_id: str, games: int = 6) -> Iterator[Game]:
    rules = get_rules(game_id)
    for seed in range(games):
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 100)]
        for _ in range(30 + 7 * seed):
            request = game.pending()
            if request is None:
                break
            game.act(request.seat, bots[request.seat].choose(request))
        yield game


def test_kaiju_is_on_the_declared_state():
    assert "kaiju" in DECLARED


@pytest.mark.parametrize("game_id", DECLARED)
def test_every_state_field_is_hashed_or_a_cache(game_id):
    state = Game(get_rules(game_id)).state
    state_type = type(state)
    assert dataclasses.is_dataclass(state_type) and "__slots__" in vars(state_type)
    hashed = {name for name, _ in hashed_fields(state_type)}  # raises DeclarationError on a field it cannot hash
    caches = {f.name for f in dataclasses.fields(state_type) if is_cache(f)}
    assert hashed | caches == {f.name for f in dataclasses.fields(state_type)}
    assert not hasattr(state, "__dict__"), "a slotted state cannot grow undeclared attributes"


@pytest.mark.parametrize("game_id", DECLARED)
def test_the_rules_read_every_field_they_declare(game_id):
    state_type = type(Game(get_rules(game_id)).state)
    assert unread_fields(state_type, _sources(game_id)) == []


def _changed(value: Any, hint: Any = None) -> Any:
    """A different value of the same type (`hint`: the field's annotation), or None if this
    test cannot make one."""
    kind = type(value)
    if kind is bool:
        return not value
    if kind is int:
        return value + 1
    if kind is str:
        return value + "x"
    if kind is dict:
        sample = next(iter(value), 0)
        key = "zzz" if type(sample) is str else (987_654,) if type(sample) is tuple else 987_654
        args = typing.get_args(hint)
        item = [1] if len(args) == 2 and typing.get_origin(args[1]) is list else 1
        return {**value, key: item}
    if kind is set:  # one more item: an int, or a longer copy of an item that is a tuple
        sample = next(iter(value), None)
        return value | {_changed(sample) if type(sample) is tuple else 987_654}
    if kind is tuple:  # one item longer, so it still compares with the set's other items
        return (*value, value[-1]) if value else (0,)
    if kind is list:  # one item longer: a copy of its last item, or 0
        return [*value, value[-1] if value else 0]
    if kind is array:  # an int_list() held as an int_array: its first count one more
        other = array(value.typecode, value)
        other[0] += 1
        return other
    if value is None:  # an optional field that is unset now (e.g. `world: int | None`)
        return 0
    if kind is Rng:
        other = copy.deepcopy(value)
        other.calls += 1
        return other
    return None


@pytest.mark.parametrize("game_id", DECLARED)
def test_changing_any_hashed_field_changes_the_hash_and_a_cache_does_not(game_id):
    changed_fields: set[str] = set()
    for game in _mid_game_states(game_id):
        state = game.state
        before = pack_state(state)
        hints = typing.get_type_hints(type(state))
        for f in dataclasses.fields(state):
            old = getattr(state, f.name)
            new = _changed(old, hints[f.name])
            if new is None:
                continue
            setattr(state, f.name, new)
            try:
                if is_cache(f):
                    assert pack_state(state) == before, f"cache {f.name} changed the hash"
                else:
                    assert pack_state(state) != before, f"{f.name} is not in the hash"
                    changed_fields.add(f.name)
            finally:
                setattr(state, f.name, old)
        assert pack_state(state) == before
    hashed = {name for name, _ in hashed_fields(type(Game(get_rules(game_id)).state))}
    # the fields this test cannot alter generically (the table, the flow, the result) are below
    assert hashed - changed_fields <= {"table", "flow", "result"}, hashed - changed_fields


@pytest.mark.parametrize("game_id", DECLARED)
def test_the_table_the_pending_steps_and_the_result_are_in_the_hash(game_id):
    for game in _mid_game_states(game_id, games=3):
        state = game.state
        before = pack_state(state)
        result, state.result = state.result, Result(0, False, "test", None)
        assert pack_state(state) != before
        state.result = result
        state.flow.steps.append(state.flow.asking)
        assert pack_state(state) != before
        state.flow.steps.pop()
        table = state.table
        deck = next(z for z in table.zones.values() if len(z) > 1)
        deck.reverse()
        assert pack_state(state) != before
        deck.reverse()
        assert pack_state(state) == before


# -- the packer itself, on small declared records ------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class _Wait(Step):
    seat: int
    asks = True


@dataclasses.dataclass(slots=True, eq=False)
class _Toy:
    table: Table
    marks: dict[int, list[int]] = dataclasses.field(default_factory=dict)
    seen: set[int] = dataclasses.field(default_factory=set)
    flow: Flow = dataclasses.field(default_factory=Flow)
    memo: Any = cache(None)


def _toy() -> _Toy:
    table = Table((ZoneSpec("deck", Visibility.HIDDEN),))
    for i in range(3):
        table.add_card(0, None, "deck", i)
    return _Toy(table)


def test_equal_contents_hash_equal_whatever_the_insertion_order():
    a, b = _toy(), _toy()
    a.marks[1], a.marks[2] = [5], [6]
    b.marks[2], b.marks[1] = [6], [5]
    a.seen.update((3, 1, 2))
    b.seen.update((2, 3, 1))
    a.flow.steps = deque([_Wait(0)])
    b.flow.then(_Wait(0))
    a.memo = "anything"
    assert pack_state(a) == pack_state(b)
    b.flow.steps[0] = _Wait(1)
    assert pack_state(a) != pack_state(b)


def test_a_field_that_cannot_be_hashed_must_be_declared_a_cache():
    @dataclasses.dataclass(slots=True)
    class Live:
        pending: Iterator[int]  # a generator can be neither copied nor hashed

    with pytest.raises(DeclarationError, match=r"Live\.pending"):
        hashed_fields(Live)

    @dataclasses.dataclass(slots=True)
    class Fine:
        pending: Iterator[int] = cache(None)

    assert hashed_fields(Fine) == []


def test_a_state_that_is_not_a_declared_record_is_refused():
    class Loose:
        def __init__(self) -> None:
            self.turn = 1

    with pytest.raises(DeclarationError, match="declared record"):
        hashed_fields(Loose)


def test_a_field_written_but_never_read_is_found(tmp_path):
    source = tmp_path / "rules.py"
    source.write_text("def start(state):\n    state.turn = 1\n    state.ever_engaged = True\n"
                      "def step(state):\n    state.turn += 1\n    return state.table\n", encoding="utf-8")

    @dataclasses.dataclass(slots=True)
    class State:
        table: Table
        turn: int = 0
        ever_engaged: bool = False
        never_used: int = 0

    assert unread_fields(State, [source]) == ["ever_engaged", "never_used"]


def test_a_state_without_a_table_packs_too():
    """The generated packer's join must get a tuple even with no bytes field (a toy state)."""
    @dataclasses.dataclass(slots=True)
    class Counters:
        turn: int = 0
        phase: str = "main"

    a, b = Counters(), Counters(turn=1)
    assert pack_state(a) != pack_state(b)
    b.turn = 0
    assert pack_state(a) == pack_state(b)


@dataclasses.dataclass(slots=True, eq=False)
class _Counted:
    table: Table
    rules: dict[str, Any] = fixed()
    damage: dict[int, int] = dataclasses.field(default_factory=dict)
    marks: dict[int, list[int]] = dataclasses.field(default_factory=dict)
    seen: set[int] = dataclasses.field(default_factory=set)


def test_bytes_reused_while_a_field_compares_equal_never_go_stale():
    """The packer reuses the last bytes of a dict or set field while it equals a copy of the
    last one packed, and of a fixed() field while it is the same object: a change made in place
    (a card added to a set, a list inside a dict grown) must still change the hash, to what a
    fresh state with the same contents packs to."""
    def fresh(**fields: Any) -> _Counted:
        return _Counted(_toy().table, {"slots": 5}, **fields)

    state = fresh()
    packed = pack_state(state)
    state.seen.add(7)
    assert pack_state(state) != packed
    assert pack_state(state) == pack_state(fresh(seen={7}))
    state.marks[1] = [2]
    packed = pack_state(state)
    state.marks[1].append(3)  # the list inside the dict, in place
    assert pack_state(state) != packed
    assert pack_state(state) == pack_state(fresh(seen={7}, marks={1: [2, 3]}))
    state.damage[4] = 1
    packed = pack_state(state)
    state.damage[4] += 1
    assert pack_state(state) == pack_state(fresh(seen={7}, marks={1: [2, 3]}, damage={4: 2})) != packed
    state.seen.discard(7)
    assert pack_state(state) == pack_state(fresh(marks={1: [2, 3]}, damage={4: 2}))
    state.rules = {"slots": 3}  # a fixed() field is replaced, never mutated
    assert pack_state(state) != pack_state(fresh(marks={1: [2, 3]}, damage={4: 2}))


def test_the_packer_keys_the_flow_as_record_key_does():
    """The generated packer keys the Flow's steps in place (an empty queue, a known step type
    without a call): the bytes are those of `record_key`, for steps of no, one and two fields,
    a step type seen for the first time, and an empty flow."""
    from engine.core.hashing import _RECORD_GETTERS, packer, record_key

    @dataclasses.dataclass(frozen=True, slots=True)
    class Bare(Step):
        asks = True

    @dataclasses.dataclass(frozen=True, slots=True)
    class One(Step):
        seat: int
        asks = True

    @dataclasses.dataclass(frozen=True, slots=True)
    class Two(Step):
        seat: int
        card: int

    @dataclasses.dataclass(slots=True, eq=False)
    class Toy:
        flow: Flow = dataclasses.field(default_factory=Flow)

    pack, pack_v2 = packer(Toy, 3), packer(Toy, 2)
    flows = [Flow(), Flow(asking=Bare()), Flow(asking=One(1)), Flow(deque([Two(0, 5), One(0)]), Two(1, 7))]
    for flow in flows:
        for _ in range(2):  # a step type not yet keyed, then keyed in place
            keys = ((tuple(map(record_key, flow.steps)), record_key(flow.asking)),)
            assert pack_v2(Toy(flow)) == repr(keys).encode()  # hash version 2: by repr
            assert pack(Toy(flow)) == marshal.dumps((keys,), 0)  # version 3: the same keys, marshalled
    assert {Bare, One, Two} <= set(_RECORD_GETTERS)
    assert pack(Toy(Flow(asking=One(0)))) != pack(Toy(Flow(asking=One(1))))
