"""Card-data files: YAML read with line numbers, validated by JSON Schema.

Every error names the file, the line and the field, and says what was expected, so a mod
author can fix a card file without reading our code.

Validating a game's card file is most of the time a command takes to start (84 ms of 107 for
Gundam War's), and a mod author's set of thousands of cards changes one card at a time: each
card that passed is remembered in the user cache by the hash of its data, its schema and the
engine version, so the next run validates only new or changed cards (and imports no validator
when there are none). A card that failed is never remembered: its errors are reported every time.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import orjson
import yaml

from engine import ENGINE_VERSION
from engine.core.errors import DataError, data_error
from engine.core.usercache import user_cache_dir

if TYPE_CHECKING:
    import jsonschema


class LineDict(dict):
    """A mapping from YAML that remembers the line of itself and of each key."""

    line: int = 0
    key_lines: dict


class LineList(list):
    line: int = 0
    item_lines: list


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml parses about 5x faster
    """A safe loader whose mappings and lists remember their line numbers."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise yaml.MarkedYAMLError("while reading a mapping", node.start_mark,
                                       f"duplicate key {key!r}", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = value_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(n, deep=True) for n in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [n.start_mark.line + 1 for n in node.value]
    return out


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def line_of(root: Any, path: list) -> int:
    """The line of the deepest element of `path` we know a line for.

    A node may carry `shift`: the lines inside it (its own included) are those of where it was
    parsed, `shift` lines above where it is now (a cached card that moved down the file,
    engine/core/yamlchunks.py): moving it costs nothing until a line is asked for."""
    node, off = root, getattr(root, "shift", 0)
    line = getattr(root, "line", 1) + off
    for part in path:
        if isinstance(node, LineDict) and part in node:
            line = node.key_lines[part] + off if part in node.key_lines else line
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and part < len(node):
            line = node.item_lines[part] + off
            node = node[part]
        else:
            break
        off += getattr(node, "shift", 0)
    return line


def card_entries(data: Any, path: Path | str, problems: list[str],
                 section: str = "cards") -> Iterator[tuple[int, Any, str]]:
    """Each entry of a card file's `cards` list with its index and `file:line`, as every game's
    loader walks them; a repeated id is reported in `problems` and skipped."""
    seen: set[str] = set()
    for i, raw in enumerate(data[section]):
        where = f"{path}:{line_of(data, [section, i])}"
        if raw["id"] in seen:
            problems.append(f"{where}: cards[{i}].id: duplicate card id {raw['id']!r}")
            continue
        seen.add(raw["id"])
        yield i, raw, where


def field_path(path: list) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def load_yaml(text: str, filename: str) -> Any:
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark else 0
        raise data_error(filename, line, "(yaml)", f"{exc.problem}") from None
    except yaml.reader.ReaderError as exc:  # a character YAML forbids: PyYAML says where as an offset
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character[:1] or "\0")
        raise data_error(filename, line, "(yaml)", f"character U+{code:04X} is not allowed in YAML "
                                                   f"({exc.reason}); delete it") from None
    except yaml.YAMLError as exc:
        raise data_error(filename, 0, "(yaml)", " ".join(str(exc).split())) from None


def validate(data: Any, schema: dict, filename: str) -> None:
    """Raise DataError listing every schema violation with file, line and field.

    Each card (each item of a list section) is checked on its own and remembered once it passed
    (`_Passed`), so a rebuild validates only the cards whose data changed; whatever fails is
    reported by one validation of the whole document, with the same messages as always."""
    passed = _Passed.for_schema(schema)
    split = _split_schema(schema) if passed is not None else None
    if passed is not None and split is not None:
        try:
            if _validate_parts(data, split, passed):
                return
        except Exception:  # noqa: BLE001 - any surprise in the fast path: the whole document decides
            pass
    _validate_whole(data, schema, filename)


def _validate_whole(data: Any, schema: dict, filename: str) -> None:
    import jsonschema  # 70 ms of imports, only when something is new

    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(error.absolute_path)
        problems.append(f"{filename}:{line_of(data, path)}: {field_path(path)}: {_explain(error)}")
    if problems:
        raise DataError(problems)


@dataclass(frozen=True, slots=True)
class _SplitSchema:
    """A card-file schema as its parts: one schema per list section's item, and the rest."""

    items: dict[str, dict]  # section -> the schema of one of its items (with the file's $defs)
    rest: dict              # the file schema without those item schemas


# keywords that tie an array's items to each other or to their position: such a section is not split
_POSITIONAL = ("prefixItems", "unevaluatedItems", "contains")


def section_schema(schema: dict, section: str) -> dict:
    """The schema of one record of a list section, with the file's shared `$defs`."""
    items = dict(schema["properties"][section]["items"])
    if "$defs" in schema:
        items["$defs"] = {**schema["$defs"], **items.get("$defs", {})}
    return items


def _split_schema(schema: dict) -> _SplitSchema | None:
    props = schema.get("properties")
    if not isinstance(props, dict):
        return None
    items, rest_props = {}, dict(props)
    for section, sub in props.items():
        if not (isinstance(sub, dict) and isinstance(sub.get("items"), dict)) or any(k in sub for k in _POSITIONAL):
            continue
        items[section] = section_schema(schema, section)
        rest_props[section] = {k: v for k, v in sub.items() if k != "items"}
    return _SplitSchema(items, {**schema, "properties": rest_props}) if items else None


def _validate_parts(data: Any, split: _SplitSchema, passed: "_Passed") -> bool:
    """True if every new part passes (and is remembered); False at the first that does not."""
    if not isinstance(data, dict):
        return False
    keys: list[tuple[bytes, str | None, Any]] = []  # (digest, section or None for the rest, part)
    lists = {s: data[s] for s in split.items if isinstance(data.get(s), list)}
    for section, items in lists.items():
        keys.extend((_digest(section, item), section, item) for item in items)
    item_digests = b"".join(k[0] for k in keys)
    others = {k: v for k, v in data.items() if k not in lists}
    shape = [others, sorted(lists), [len(v) for v in lists.values()], hashlib.blake2b(item_digests).hexdigest()]
    keys.append((_digest(None, shape), None, data))
    new = [k for k in keys if k[0] not in passed.digests]
    if not new:
        return True
    import jsonschema

    validators: dict[str | None, Any] = {}
    for digest, section, part in new:
        if section not in validators:
            validators[section] = jsonschema.Draft202012Validator(split.items[section] if section else split.rest)
        if next(validators[section].iter_errors(part), None) is not None:
            return False
    passed.add([k[0] for k in new])
    return True


def item_passes(schema: dict, section: str, item: Any) -> bool:
    """Whether one record of a list section passes its part of the file schema (remembered as
    `validate` remembers it: the next run checks it without a validator)."""
    return _part_passes(schema, section, _digest(section, item), item)


def rest_passes(schema: dict, section: str, count: int) -> bool:
    """Whether a file holding only `section` with `count` records passes the rest of the file
    schema (what it says besides each record: required sections, no other keys, the list's
    own limits). The records are stood in for by nulls, which only the records' schema reads."""
    stand_in = {section: [None] * count}
    return _part_passes(schema, None, _digest(None, ["stand-in", section, count]), stand_in)


def _part_passes(schema: dict, section: str | None, digest: bytes, part: Any) -> bool:
    checker = _checker(schema)
    if checker is None or (section is not None and section not in checker.split.items):
        return False
    if digest in checker.passed.digests:
        return True
    if section not in checker.validators:
        import jsonschema

        checker.validators[section] = jsonschema.Draft202012Validator(
            checker.split.items[section] if section else checker.split.rest)
    if next(checker.validators[section].iter_errors(part), None) is not None:
        return False
    checker.passed.add([digest])
    return True


@dataclass
class _Checker:
    """A schema's split, its remembered passes and its validators, once per process."""

    schema: dict
    split: _SplitSchema
    passed: "_Passed"
    validators: dict


_CHECKERS: dict[int, _Checker] = {}


def _checker(schema: dict) -> _Checker | None:
    known = _CHECKERS.get(id(schema))
    if known is not None and known.schema is schema:
        return known
    passed = _Passed.for_schema(schema)
    split = _split_schema(schema) if passed is not None else None
    if split is None:
        return None
    if len(_CHECKERS) >= 16:
        _CHECKERS.clear()
    _CHECKERS[id(schema)] = checker = _Checker(schema, split, passed, {})
    return checker


def _digest(section: str | None, part: Any) -> bytes:
    return hashlib.blake2b(orjson.dumps([section, part], option=orjson.OPT_SORT_KEYS), digest_size=16).digest()


class _Passed:
    """The digests of card-file parts that passed one schema, in the user cache (one file per
    schema and engine version: 16 bytes per part, appended). Deleting it only costs time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            raw = path.read_bytes()
        except OSError:
            raw = b""
        self.digests = {raw[i:i + 16] for i in range(0, len(raw) - len(raw) % 16, 16)}

    @classmethod
    def for_schema(cls, schema: dict) -> "_Passed | None":
        try:
            key = hashlib.blake2b(orjson.dumps(schema, option=orjson.OPT_SORT_KEYS), digest_size=16).hexdigest()
        except (TypeError, orjson.JSONEncodeError):
            return None
        return cls(user_cache_dir("validated", f"engine-{ENGINE_VERSION}") / f"{key}.bin")

    def add(self, digests: list[bytes]) -> None:
        self.digests.update(digests)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("ab") as out:  # appends of a few bytes: concurrent builds do not clobber
                out.write(b"".join(digests))
        except OSError:  # a read-only or full cache only costs time
            pass


def _explain(error: jsonschema.ValidationError) -> str:
    """jsonschema's message plus what was expected, in plain words."""
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        return f"{error.message}; allowed fields: {', '.join(allowed)}"
    if error.validator == "enum":
        return f"{error.instance!r} is not allowed; expected one of {error.validator_value}"
    if error.validator == "type":
        return f"expected {error.validator_value}, got {error.instance!r}"
    return error.message


def read_yaml_file(path: Path) -> Any:
    """The card file at `path`, parsed card by card with the cached parses of unchanged cards
    (engine/core/yamlchunks.py); the same result and errors as `load_yaml` of the whole text."""
    from engine.core.yamlchunks import load_chunked

    path = Path(path)
    return load_chunked(read_utf8(path), path, lambda text: load_yaml(text, str(path)), LineDict, LineList)


def read_utf8(path: Path) -> str:
    """A data file's text (UTF-8, a byte-order mark dropped); any other bytes are one DataError
    at their line, not a UnicodeDecodeError."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise data_error(str(path), raw.count(b"\n", 0, exc.start) + 1, "(file)",
                         f"not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
