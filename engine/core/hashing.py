"""State hashes derived from the state's declaration, stable across processes.

A game's state is a declared record (a slotted dataclass). Every field is hashed unless it is
declared a cache (`cache()`: derived data, scratch space, memos). One packer turns the hashed
fields into bytes: the `Table` as its zones, the random source as its draw count, dicts as
sorted items, sets sorted, nested records field by field; all of it in one `marshal` call
(hash version 4): the table's zones, scalars and lists of them, and records and enums as
tuples led by their class name, made from their declarations (`form`). Only a value no
declaration describes and `_canon` cannot canonicalise goes, with the fields after the plain
ones, by `repr` of values whose repr does not depend on hash randomisation. So no game writes
a snapshot, and a field the rules read cannot be forgotten by the hash. Versions 2 (everything
by repr, the table as a fixed-width dump) and 3 (records and enums by repr) are still
computed, so older logs and journals verify.

The packer is compiled once per state type from the field annotations, so it costs about
what a hand-written snapshot does.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import operator
import sys
import types
import typing
from array import array
from collections import deque
from enum import Enum
from hashlib import blake2b
from itertools import chain
from typing import Any, Callable, Iterable

# Bump when the packing of any state changes: journals record it (Game.log "hash_version").
# 4: records and enums marshalled too, as tuples (`form`); 3 (still verifiable): plain values and
# the table in one marshal call, records by repr; 2 (still verifiable): everything by repr.
HASH_VERSION = 4
HASH_VERSIONS = (2, 3, 4)
# marshal format 0 (CPython's Python/marshal.c): no object references and no interned-string
# marker, so the bytes depend on the values alone, never on object identity; format 0 has
# been frozen since Python 2. A value of any other type raises ValueError (never a wrong hash).
_MARSHAL_FORMAT = 0

_CACHE = "tts-bridge.cache"
_FIXED = "tts-bridge.fixed"
_INTS = "tts-bridge.ints"


def state_hash(snapshot: bytes) -> str:
    return blake2b(snapshot, digest_size=12).hexdigest()


def pack_ints(values: "Iterable[int]") -> bytes:
    """Non-negative ints as fixed-width bytes: much faster than repr for card-id lists."""
    return array("I", values).tobytes()


def cache(default: Any = dataclasses.MISSING, *, factory: Callable[[], Any] | None = None) -> Any:
    """Declare a state field that is not part of the game's state: derived again whenever it is
    needed (memos, per-decision scratch like the event list), so the hash leaves it out."""
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata={_CACHE: True}, compare=False, repr=False)
    return dataclasses.field(default=default, metadata={_CACHE: True}, compare=False, repr=False)


def fixed() -> Any:
    """Declare a hashed field that is set when the game is built and never changes (the rule
    options): it is packed once per game, not after every decision. Replace it, never mutate it."""
    return dataclasses.field(metadata={_FIXED: True})


def int_list() -> Any:
    """Declare a hashed list of ints with one entry per card id (zone-move counts, timestamps):
    non-negative ints below 2**32, packed as fixed-width bytes like `pack_ints` (a fraction of
    the cost of its repr for a list as long as the cards in the game; a negative value raises).
    Hold it as an `int_array` (read and written like a list): its bytes are then taken as they
    are, not copied out of a list after every decision. Opt-in, so no other field's packing
    changes."""
    return dataclasses.field(default_factory=int_array, metadata={_INTS: True})


def int_array(values: "Iterable[int] | bytes" = ()) -> array:
    """An `int_list()` field's value: `array("I")` of `values` (bytes: their 32-bit ints)."""
    return array("I", values)


def _int_list_bytes(values: "list[int] | array") -> bytes:
    """The values as 32-bit unsigned ints: an `int_array`'s own bytes, a list's by `pack_ints`
    (the same bytes)."""
    if type(values) is array and values.typecode == "I":
        return values.tobytes()
    return pack_ints(values)


def is_cache(f: dataclasses.Field) -> bool:
    return bool(f.metadata.get(_CACHE))


class DeclarationError(TypeError):
    """A state type the packer cannot hash: the message names the type and field."""


# -- how values are packed -------------------------------------------------------------------
_SCALARS = (int, str, bool, float, type(None), bytes)
_SCALAR_TYPES = frozenset(_SCALARS)  # one hash lookup, not six comparisons


def _canon(value: Any) -> Any:
    """A value whose repr is canonical: equal contents give equal reprs in every process.
    (`map` and `zip`, not generators: version 4 canonicalises the card data steps hold after
    every decision.)"""
    kind = type(value)
    if kind in _SCALAR_TYPES:
        return value
    if kind is tuple or kind is list or kind is deque:
        return tuple(map(_canon, value))
    if kind is dict:
        return tuple(sorted(zip(value, map(_canon, value.values()))))
    if kind is set or kind is frozenset:
        return tuple(sorted(map(_canon, value)))
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return (kind.__name__, *[_canon(getattr(value, name)) for name in _hashed_names(kind)])
    packed = getattr(value, "hash_bytes", None)
    if packed is not None:
        return packed()
    if isinstance(value, dict):  # a subclass: card data that remembers its YAML lines (carddata.LineDict)
        return tuple(sorted((k, _canon(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):  # carddata.LineList
        return tuple(_canon(v) for v in value)
    raise DeclarationError(f"cannot hash a {kind.__name__} value: {value!r}")


_HASHED_NAMES: dict[type, tuple[str, ...]] = {}


def _hashed_names(kind: type) -> tuple[str, ...]:
    """The names of a record type's hashed fields (not `cache()`), in declaration order, read
    once per type: `_canon` and `record_key` ask after every decision."""
    names = _HASHED_NAMES.get(kind)
    if names is None:
        names = _HASHED_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind) if not is_cache(f))
    return names


def _is_plain(tp: Any) -> bool:
    """Types whose repr is already canonical: scalars, tuples/lists of them, enums, and records
    that say so (`__canonical_repr__`: steps) or whose fields are all plain."""
    if tp is Any:
        return False
    if tp in _SCALARS:
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return all(_is_plain(a) for a in typing.get_args(tp))
    if origin in (list, tuple):
        return all(_is_plain(a) for a in typing.get_args(tp) if a is not Ellipsis)
    if isinstance(tp, type):
        if issubclass(tp, Enum) or getattr(tp, "__canonical_repr__", False):
            return True
        if dataclasses.is_dataclass(tp) and "__slots__" in vars(tp):
            hints = _field_types(tp)
            return all(not is_cache(f) and _is_plain(hints[f.name]) for f in dataclasses.fields(tp))
    return False


_MARSHAL_SCALARS = (int, str, bool, float, type(None), bytes)


def _marshal_safe(tp: Any) -> bool:
    """Types marshal writes from their values alone: scalars and lists/tuples of them (an
    enum or a record is not: it goes into the repr)."""
    if tp in _MARSHAL_SCALARS:
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType or origin in (list, tuple):
        args = [a for a in typing.get_args(tp) if a is not Ellipsis]
        return bool(args) and all(_marshal_safe(a) for a in args)
    return False


def _sorted_items(d: dict) -> tuple:
    return tuple(sorted(d.items())) if d else ()


def _int_pairs(d: dict) -> bytes:
    """dict[int, int] as signed 64-bit (key, value) pairs in key order: cheaper than repr."""
    if not d:
        return b"d"
    return b"d" + array("q", chain.from_iterable(sorted(d.items()))).tobytes()  # one C-level pass


def _int_lists(d: dict) -> bytes:
    """dict[int, list[int]] as (key, length, *items) in key order."""
    if not d:
        return b"l"
    flat = array("q")
    for key in sorted(d):
        items = d[key]
        flat.append(key)
        flat.append(len(items))
        flat.extend(items)
    return b"l" + flat.tobytes()


def _int_set(s: set) -> bytes:
    return b"s" + array("q", sorted(s)).tobytes() if s else b"s"


# encoders that give bytes: packed beside the table instead of inside the repr
_BYTES_ENCODERS = {_int_pairs, _int_lists, _int_set}
# how to keep a copy of a dict an encoder packed, to reuse its bytes while it compares equal
_COPIERS = {_int_pairs: dict, _int_lists: lambda d: {k: list(v) for k, v in d.items()}, _int_set: set}


def _while_equal(encode: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
    """`encode` whose last result is reused while the value compares equal to a copy of the
    last one packed: damage and stacks change on few decisions, comparing is cheaper."""
    copy = _COPIERS[encode]
    cell: list[tuple[Any, bytes]] = [(None, b"")]  # one tuple, replaced whole: safe across threads

    def changed(value: Any) -> bytes:
        result = encode(value)
        cell[0] = (copy(value), result)
        return result

    def packed(value: Any) -> bytes:
        last = cell[0]
        if value == last[0]:
            return last[1]
        return changed(value)
    packed.cell = cell  # the generated packer reads the cell inline (one call less per field)
    packed.changed = changed  # and, when it is not equal, packs without comparing again
    return packed


def _sorted(s: set) -> tuple:
    return tuple(sorted(s))


def _queue_encoder(tp: type) -> Callable[[Any], tuple] | None:
    """For a record of step queues and steps (the `Flow`): each step as `record_key`, which
    says what its repr says at a fraction of the cost."""
    if not (isinstance(tp, type) and dataclasses.is_dataclass(tp) and getattr(tp, "__canonical_repr__", False)):
        return None
    names = _hashed_names(tp)  # Flow.settled is not state
    hints = _field_types(tp)
    if not any(hints[n] is deque or typing.get_origin(hints[n]) is deque for n in names):
        return None
    queues = {n for n in names if hints[n] is deque or typing.get_origin(hints[n]) is deque}
    parts = [(operator.attrgetter(n), n in queues) for n in names]

    def encode(record: Any) -> tuple:
        out = []
        for get, is_queue in parts:
            value = get(record)
            out.append(tuple(map(record_key, value)) if is_queue else record_key(value))
        return tuple(out)
    # the same tuple as an expression over `{}` (the generated packer inlines it): an empty
    # queue is (), and a step whose getter `record_key` already made is keyed in place (no
    # call: the asking step is packed after every decision)
    encode.inline = "(" + "".join(
        f"(tuple(map(record_key, _q)) if (_q := {{0}}.{n}) else ()), " if n in queues else
        f"(None if (_r := {{0}}.{n}) is None else (type(_r).__name__, _g(_r)) "
        f"if (_g := _RECORD_GETTERS.get(type(_r))) is not None else record_key(_r)), "
        for n in names) + ")"
    return encode


def _encoder(tp: Any, where: str) -> Callable[[Any], Any] | None:
    """The function that canonicalises a field of type `tp` (None: the value as it is)."""
    queue = _queue_encoder(tp)
    if queue is not None:
        return queue
    if _is_plain(tp):
        return None
    if tp is Any:
        return _canon
    origin = typing.get_origin(tp)
    if origin is dict:
        key, val = typing.get_args(tp) or (Any, Any)
        if key is int and val is int:
            return _int_pairs
        if key is int and typing.get_origin(val) is list and typing.get_args(val) == (int,):
            return _int_lists
        return _sorted_items if _is_plain(key) and _is_plain(val) else _canon
    if origin in (set, frozenset):
        args = typing.get_args(tp)
        if args == (int,):
            return _int_set
        return _sorted if args and _is_plain(args[0]) else _canon
    if origin is typing.Union or origin is types.UnionType:
        return _canon
    if isinstance(tp, type):
        if callable(getattr(tp, "hash_bytes", None)):
            return _BYTES
        if callable(getattr(tp, "hash_key", None)):
            return tp.hash_key
        if tp in (deque, list, tuple) or dataclasses.is_dataclass(tp) or issubclass(tp, Enum):
            return _canon
    if origin in (deque, list, tuple):
        return _canon
    raise DeclarationError(f"{where}: a field of type {tp!r} cannot be hashed; declare it a cache() "
                           f"if the rules can derive it again, or give it a hashable type")


_RECORD_GETTERS: dict[type, Callable[[Any], Any]] = {}


def record_key(record: Any) -> Any:
    """A record (a step) as (type name, its fields): what its dataclass repr says, for a
    fraction of the cost (the generated repr guards against recursion on every call)."""
    if record is None:
        return None
    kind = type(record)
    getter = _RECORD_GETTERS.get(kind)
    if getter is None:
        names = _hashed_names(kind)
        getter = operator.attrgetter(*names) if names else (lambda r: ())  # one name: the value itself
        _RECORD_GETTERS[kind] = getter
    return kind.__name__, getter(record)


def _BYTES(value: Any) -> bytes:  # marker: the value packs itself (`hash_bytes()`)
    return value.hash_bytes()


def _field_types(state_type: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(state_type)
    except Exception as exc:  # an annotation that names something undefined
        raise DeclarationError(f"{state_type.__name__}: its annotations cannot be read ({exc})") from None


# -- hash version 4: records and enums as marshal-safe tuples --------------------------------
class _Formers(dict):
    """type -> its former, compiled from the type's declaration the first time it is met, so
    the packer finds a record's former by the record's own type (a step of any kind, a subclass)."""

    def __missing__(self, kind: type) -> Callable[[Any], Any]:
        former = self[kind] = _compile_former(kind)
        return former


_FORMERS = _Formers()


def form(value: Any) -> Any:
    """A value as hash version 4 marshals it: a record as (class name, its hashed fields formed
    by their declared types), an enum as (class name, value), a plain scalar as it is. A value of
    any other type raises ValueError: the packer then packs the state's other fields by repr."""
    return _FORMERS[type(value)](value)


def _is_record(tp: Any) -> bool:
    """Types whose values `form` takes by their own type: enums, records, and the classes that
    promise a canonical repr (`Step`: each step type is a record)."""
    if not isinstance(tp, type) or callable(getattr(tp, "hash_bytes", None)) or callable(getattr(tp, "hash_key", None)):
        return False
    return issubclass(tp, Enum) or dataclasses.is_dataclass(tp) or bool(getattr(tp, "__canonical_repr__", False))


def _names_record(tp: Any) -> bool:
    """Whether a declared type is, or holds, a record or an enum (what version 4 forms)."""
    return _is_record(tp) or any(_names_record(a) for a in typing.get_args(tp) if a is not Ellipsis)


def _is_homogeneous(tp: Any) -> bool:
    """list[T], deque[T] or tuple[T, ...]."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    return origin in (list, deque) and len(args) == 1 or origin is tuple and len(args) == 2 and args[1] is Ellipsis


def _form_source(tp: Any, expr: str, depth: int = 0) -> str | None:
    """Source that turns `expr`, a value declared `tp`, into its marshal-safe form (None: the
    value is its form): records and enums by `form`, containers of them item by item, sets
    sorted and dicts sorted by key; a value the declaration leaves open (`Any`, a bare tuple)
    by `_canon`, which sorts the sets and dicts inside it (their iteration order is no state)."""
    if _marshal_safe(tp):
        return None
    if _is_record(tp):
        return f"_F[type({expr})]({expr})"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if (origin is typing.Union or origin is types.UnionType) and all(_is_record(a) or a in _MARSHAL_SCALARS for a in args):
        return f"(None if {expr} is None else _F[type({expr})]({expr}))"
    if _is_homogeneous(tp):
        item = f"_x{depth}"
        inner = _form_source(args[0], item, depth + 1)
        if inner is None:
            return f"tuple({expr})" if origin is deque else None
        return f"(tuple([{inner} for {item} in {expr}]) if {expr} else ())"
    if origin in (set, frozenset) and args and _marshal_safe(args[0]):
        return f"(tuple(sorted({expr})) if {expr} else ())"
    if origin is dict and len(args) == 2 and _marshal_safe(args[0]):
        key, value = f"_k{depth}", f"_v{depth}"
        inner = _form_source(args[1], value, depth + 1)
        if inner is None:
            return f"(tuple(sorted({expr}.items())) if {expr} else ())"
        return f"(tuple([({key}, {inner}) for {key}, {value} in sorted({expr}.items(), key=_by_key)]) if {expr} else ())"
    return f"({expr} if type({expr}) in _S else _C({expr}))"


def _compile_former(kind: type) -> Callable[[Any], Any]:
    """The former of one type: scalars as they are, an enum as (name, value), a record as
    (name, each hashed field formed by its declared type; `_canon` if its annotations cannot
    be read); any other type raises ValueError, so a value its declaration does not describe
    is packed by repr, never formed as something it is not."""
    if kind in _MARSHAL_SCALARS:
        return _as_it_is
    if issubclass(kind, Enum):
        return lambda value, name=kind.__name__: (name, value._value_)
    if not (_is_record(kind) and dataclasses.is_dataclass(kind)):
        return _unformed
    body = _record_form_source(kind, "v")
    if body is None:
        return _canon
    env = dict(_FORM_NAMES)
    exec(compile(f"def form(v):\n    return {body}\n", f"<former of {kind.__name__}>", "exec"), env)
    return env["form"]


def _record_form_source(kind: type, expr: str) -> str | None:
    """Source of the form of `expr`, a `kind` record: (name, each hashed field formed by its
    declared type); None if its annotations cannot be read."""
    try:
        hints = _record_types(kind)
    except DeclarationError:
        return None
    parts = [_form_source(hints[name], f"{expr}.{name}") or f"{expr}.{name}" for name in _hashed_names(kind)]
    return f"({kind.__name__!r}, {''.join(p + ', ' for p in parts)})"


_ANNOTATIONS: dict[tuple[str, str], Any] = {}  # (module, annotation text) -> the type it names there


def _record_types(kind: type) -> dict[str, Any]:
    """The declared types of a record's fields, as `_field_types` reads them (typing looks a
    name up in the module first), each annotation text evaluated once per module: the step
    types of a game repeat "int" and "tuple", and evaluating text is most of a former's cost.
    A field declared in a base class, or a name the module does not define, goes to typing."""
    module, own = sys.modules.get(kind.__module__), vars(kind).get("__annotations__", {})
    out = {}
    for f in dataclasses.fields(kind):
        tp = f.type
        if isinstance(tp, str):
            if module is None or f.name not in own:
                return _field_types(kind)
            key = (kind.__module__, tp)
            if key not in _ANNOTATIONS:
                try:
                    _ANNOTATIONS[key] = _annotated_type(tp, vars(module))
                except Exception:  # noqa: BLE001 - a name only the class defines: typing finds it
                    return _field_types(kind)
            tp = _ANNOTATIONS[key]
        out[f.name] = tp
    return out


def _annotated_type(text: str, namespace: dict[str, Any]) -> Any:
    """The type an annotation text names in a module's namespace: a bare name is looked up
    (most are: "int", "tuple", a record's name), anything else evaluated, as typing does."""
    if text.isidentifier():
        return namespace[text] if text in namespace else vars(builtins)[text]
    return eval(text, namespace)  # noqa: S307 - what typing.get_type_hints does with the text


def _as_it_is(value: Any) -> Any:
    return value


def _unformed(value: Any) -> Any:
    raise ValueError(f"a {type(value).__name__} is not a record, an enum or a plain scalar: packed by repr")


# the names the generated forms use
_FORM_NAMES = {"_F": _FORMERS, "_C": _canon, "_S": _SCALAR_TYPES, "_by_key": operator.itemgetter(0),
               "DeclarationError": DeclarationError}


def hashed_fields(state_type: type) -> list[tuple[str, Callable[[Any], Any] | None]]:
    """(name, encoder) of every hashed field, in declaration order; refuses undeclared types."""
    if not dataclasses.is_dataclass(state_type) or "__slots__" not in vars(state_type):
        raise DeclarationError(f"{state_type.__name__} must be a declared record: @dataclass(slots=True)")
    types = _field_types(state_type)
    out = []
    for f in dataclasses.fields(state_type):
        if is_cache(f):
            continue
        if f.metadata.get(_INTS):  # int_list(): packed by the packer's own branch, whatever its annotation
            out.append((f.name, _int_list_bytes))
            continue
        out.append((f.name, _encoder(types[f.name], f"{state_type.__name__}.{f.name}")))
    return out


def _once(encode: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`encode` remembered for the last value object: for `fixed()` fields, set once per game."""
    cell: list[tuple[Any, Any]] = [(_once, None)]  # one tuple, replaced whole: safe across threads

    def remembered(value: Any) -> Any:
        last = cell[0]
        if value is last[0]:
            return last[1]
        result = encode(value)
        cell[0] = (value, result)
        return result
    remembered.cell = cell  # the generated packer reads the cell inline
    return remembered


def _tuple_head(n: int) -> bytes:
    """What marshal format 0 writes before the items of an n-tuple (Python/marshal.c: the type
    code and a 32-bit little-endian count; no short form below version 4), so a tuple's bytes
    are this head and its items' bytes one after another."""
    return b"(" + n.to_bytes(4, "little")


def _marshal_while_equal(copy: Callable[[Any], Any] | None = None) -> Callable[[Any], bytes]:
    """`marshal.dumps(value, 0)` remembered with a copy of the value and reused while the value
    compares equal: the table's zones change on few decisions of some games. Equal values of
    the table's types (ints, lists, tuples) marshal the same. The copy is the type's own
    (`copy`, e.g. `Table.hash_value_copy`: it copies only the parts the table keeps changing,
    a fraction of loading the bytes back) or else the bytes loaded back."""
    cell: list[tuple[Any, bytes]] = [(None, b"")]

    def changed(value: Any) -> bytes:
        result = marshal.dumps(value, _MARSHAL_FORMAT)
        cell[0] = (marshal.loads(result) if copy is None else copy(value), result)
        return result
    changed.cell = cell
    return changed


@dataclasses.dataclass(frozen=True, slots=True)
class _Rest:
    """Source for the fields that are not plain: `marshalled` in the one marshal call, or, if
    that raises `unwritable`, `by_repr` by repr; `prelude` computes what both name."""
    prelude: str
    marshalled: str
    by_repr: str
    unwritable: str = "ValueError"


def _rest_source(version: int, fields: list[tuple[str, str]], hints: dict[str, Any], env: dict[str, Any]) -> _Rest | None:
    """Version 3 marshals the values the repr path would write (computed once, as `rest`);
    version 4 marshals them formed (`_form_source`) where the declarations say how, and
    writes the version 3 values by repr only when marshal cannot write them."""
    if not fields:
        return None
    by_repr = f"({''.join(expr + ', ' for _, expr in fields)})"
    if version < 4:
        return _Rest(f"    rest = {by_repr}\n", "rest", "rest")
    formed = f"({''.join((_v4_source(hints[name], name, env) or expr) + ', ' for name, expr in fields)})"
    # marshal cannot write it (ValueError), or `_canon` cannot canonicalise an undeclared value
    return _Rest("", formed, by_repr, "(ValueError, DeclarationError)")


def _v4_source(tp: Any, name: str, env: dict[str, Any]) -> str | None:
    """The formed state field, or None where it holds no record or enum: the version 3
    encoder's value (sorted, canonical) is marshal-safe already. A field declared as one
    record type (the Flow) has its form inlined while it holds that type: one call less."""
    if not _names_record(tp):
        return None
    expr = f"state.{name}"
    inline = _record_form_source(tp, expr) if dataclasses.is_dataclass(tp) and isinstance(tp, type) else None
    if inline is None:
        return _form_source(tp, expr)
    env[f"_R_{name}"] = tp
    return f"({inline} if type({expr}) is _R_{name} else _F[type({expr})]({expr}))"


def _table_reused_source(marshals: list[str], joined: str, rest: _Rest | None, env: dict[str, Any],
                         table_type: type | None) -> str:
    """The reusing packer of hash versions 3 and 4 whose first plain field packs by
    `hash_value()` (the table): the bytes of its value are reused while it compares equal, and
    spliced into the one marshal call's bytes (a tuple's bytes are its head and its items'
    bytes), so the bytes are those of `full_pack`, which the fuzz checks after every decision."""
    changed = _marshal_while_equal(getattr(table_type, "hash_value_copy", None))
    env.update(_table_changed=changed, _table_cell=changed.cell, _marshal=marshal.dumps)
    others = "".join(m + ", " for m in marshals[1:])
    for n in (len(marshals), len(marshals) + 1):
        env[f"_head{n}"] = _tuple_head(n)
    table = (f"    _h = {marshals[0]}\n"
             f"    table = _t[1] if (_t := _table_cell[0])[0] == _h else _table_changed(_h)\n")
    if rest is None:
        return (f"def pack(state):\n{table}"
                f"    return {joined}_head{len(marshals)} + table + _marshal(({others}), {_MARSHAL_FORMAT})[5:],))\n")
    return (f"def pack(state):\n{rest.prelude}{table}    try:\n"
            f"        tail = _head{len(marshals) + 1} + table + _marshal(({others}{rest.marshalled},), {_MARSHAL_FORMAT})[5:]\n"
            f"    except {rest.unwritable}:\n"
            f"        tail = (_head{len(marshals)} + table + _marshal(({others}), {_MARSHAL_FORMAT})[5:]\n"
            f"                + b'|' + repr({rest.by_repr}).encode())\n"
            f"    return {joined}tail,))\n")


_PACKERS: dict[tuple[type, int, bool], Callable[[Any], bytes]] = {}
# encoders that give () for an empty container, and the container types that may take the
# packer's inline shortcut for empty values (states hold many per-turn sets that are mostly empty)
_EMPTY_IS_UNIT = {_canon, _sorted, _sorted_items}
_CONTAINERS = (dict, list, set, frozenset, deque, tuple)


def packer(state_type: type, version: int = HASH_VERSION, reuse: bool = True) -> Callable[[Any], bytes]:
    """The packer of a state type, generated from its declaration (it runs after every
    decision): `hash_bytes()` fields first, then (version 3) one marshal of the table and of
    every plain field and, while marshal can write them, of the other fields (version 4: with
    records and enums formed, `form`), else one repr of the other fields, encoded.

    `reuse`: the int dicts and sets keep a copy of the value last packed and reuse its bytes
    while they compare equal, and `fixed()` fields are packed once per value object; without
    it every field is packed from scratch (`full_pack`), and the bytes must be the same: the
    fuzz checks that after every decision (tests/hash_agreement.py)."""
    found = _PACKERS.get((state_type, version, reuse))
    if found is not None:
        return found
    if version not in HASH_VERSIONS:
        raise ValueError(f"hash version {version} is not one this engine computes ({HASH_VERSIONS})")
    marshals: list[str] = []
    table_type: type | None = None
    fixed = {f.name for f in dataclasses.fields(state_type) if f.metadata.get(_FIXED)}
    hints = _field_types(state_type)
    optional = {name for name, tp in hints.items()
                if typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)}
    env: dict[str, Any] = {}
    blobs: list[str] = []
    values: list[tuple[str, str]] = []  # (name, source) of the fields packed after the plain ones
    ints = {f.name for f in dataclasses.fields(state_type) if f.metadata.get(_INTS)}
    for name, encode in hashed_fields(state_type):
        if name in ints:  # int_list(): fixed-width bytes (the length shows in the byte count)
            env["_int_list_bytes"] = _int_list_bytes
            blobs.append(f"_int_list_bytes(state.{name})")
            continue
        if encode is _BYTES and name not in optional:
            if version >= 3 and callable(getattr(hints[name], "hash_value", None)):
                if not marshals:  # the first one's bytes are reused (`_table_reused_source`)
                    table_type = hints[name]
                marshals.append(f"state.{name}.hash_value()")
            else:
                blobs.append(f"state.{name}.hash_bytes()")
            continue
        if name in fixed and not reuse:
            plain = encode or (lambda v: v)
            env[f"_e_{name}"] = lambda v, plain=plain: repr(plain(v)).encode()
            blobs.append(f"_e_{name}(state.{name})")
            continue
        if name in fixed:  # set once per game: its packed bytes are remembered
            plain = encode or (lambda v: v)
            env[f"_e_{name}"] = _once(lambda v, plain=plain: repr(plain(v)).encode())
            env[f"_c_{name}"] = env[f"_e_{name}"].cell  # the last (value, bytes), read inline:
            blobs.append(f"(_t[1] if (_t := _c_{name}[0])[0] is state.{name} else _e_{name}(state.{name}))")
            continue
        if encode is None:
            if version >= 3 and _marshal_safe(hints[name]):
                marshals.append(f"state.{name}")
            else:
                values.append((name, f"state.{name}"))
            continue
        inline = getattr(encode, "inline", None)
        if inline is not None and name not in optional:  # the Flow: its tuple built in place
            env["record_key"] = record_key
            env["_RECORD_GETTERS"] = _RECORD_GETTERS
            values.append((name, inline.format(f"state.{name}")))
            continue
        reused = reuse and encode in _COPIERS
        env[f"_e_{name}"] = _while_equal(encode) if reused else encode
        call = f"_e_{name}(state.{name})"
        if reused:  # the last (copy, bytes) reused inline while equal, as _while_equal does
            env[f"_c_{name}"] = env[f"_e_{name}"].cell
            env[f"_n_{name}"] = env[f"_e_{name}"].changed
            call = f"(_t[1] if (_t := _c_{name}[0])[0] == state.{name} else _n_{name}(state.{name}))"
        if name in optional:
            call = f"({'b' if encode in _BYTES_ENCODERS else ''}'-' if state.{name} is None else {call})"
        elif encode in _EMPTY_IS_UNIT and typing.get_origin(hints[name]) in _CONTAINERS:
            call = f"({call} if state.{name} else ())"  # an empty container packs as () anyway: no call
        if encode in _BYTES_ENCODERS:
            blobs.append(call)
        else:
            values.append((name, call))
    joined = f"b'|'.join(({''.join(b + ', ' for b in blobs)}"
    plain = "".join(m + ", " for m in marshals)
    rest = _rest_source(version, values, hints, env)
    env.update(_FORM_NAMES)
    if reuse and version >= 3 and marshals and marshals[0].endswith(".hash_value()"):
        source = _table_reused_source(marshals, joined, rest, env, table_type)
    elif version < 3:
        rest = rest or _Rest("", "()", "()")
        source = f"def pack(state):\n{rest.prelude}    return {joined}repr({rest.by_repr}).encode(),))\n"
    elif rest is None:
        source = f"def pack(state):\n    return {joined}_marshal(({plain}), {_MARSHAL_FORMAT}),))\n"
    else:
        # the other fields (steps, records, card data) marshal too while they hold only values
        # marshal writes (version 4: formed; the usual case: one call for everything); else
        # they go by repr, after the plain fields marshalled one value shorter, so the two
        # forms cannot meet
        source = (f"def pack(state):\n{rest.prelude}    try:\n"
                  f"        tail = _marshal(({plain}{rest.marshalled},), {_MARSHAL_FORMAT})\n"
                  f"    except {rest.unwritable}:\n"
                  f"        tail = _marshal(({plain}), {_MARSHAL_FORMAT}) + b'|' + repr({rest.by_repr}).encode()\n"
                  f"    return {joined}tail,))\n")
    env["_marshal"] = marshal.dumps
    label = "" if reuse else ", from scratch"
    exec(compile(source, f"<packer of {state_type.__name__}, hash version {version}{label}>", "exec"), env)
    pack = env["pack"]
    _PACKERS[(state_type, version, reuse)] = pack
    return pack


def pack_state(state: Any) -> bytes:
    return packer(type(state))(state)


def full_pack(state: Any, version: int = HASH_VERSION) -> bytes:
    """The state packed from scratch, nothing reused: what the reusing packer must agree with."""
    return packer(type(state), version, reuse=False)(state)
