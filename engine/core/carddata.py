"""Card-data files: YAML read with line numbers, validated by JSON Schema.

Every error names the file, the line and the field, and says what was expected, so a mod
author can fix a card file without reading our code.

Validating a game's card file is most of the time a command takes to start (84 ms of 107 for
Gundam War's), and the file rarely changes between runs: a document that passed is remembered
in the user cache by the hash of its content, its schema and the engine version, so the next
run with the same file skips the validator (and does not even import it). A document that
failed is never remembered, so its errors are reported every time.
"""

from __future__ import annotations

import hashlib
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
    """The line of the deepest element of `path` we know a line for."""
    node, line = root, getattr(root, "line", 1)
    for part in path:
        if isinstance(node, LineDict) and part in node:
            line = node.key_lines.get(part, line)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and part < len(node):
            line = node.item_lines[part]
            node = node[part]
        else:
            break
    return line


def card_entries(data: Any, path: Path | str, problems: list[str]) -> Iterator[tuple[int, Any, str]]:
    """Each entry of a card file's `cards` list with its index and `file:line`, as every game's
    loader walks them; a repeated id is reported in `problems` and skipped."""
    seen: set[str] = set()
    for i, raw in enumerate(data["cards"]):
        where = f"{path}:{line_of(data, ['cards', i])}"
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
    except yaml.YAMLError as exc:
        raise data_error(filename, 0, "(yaml)", str(exc)) from None


def validate(data: Any, schema: dict, filename: str) -> None:
    """Raise DataError listing every schema violation with file, line and field."""
    passed = _passed_marker(data, schema)
    if passed is not None and passed.exists():
        return
    import jsonschema  # 70 ms of imports, only when a document is new

    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(error.absolute_path)
        problems.append(f"{filename}:{line_of(data, path)}: {field_path(path)}: {_explain(error)}")
    if problems:
        raise DataError(problems)
    if passed is not None:
        try:
            passed.parent.mkdir(parents=True, exist_ok=True)
            passed.touch()
        except OSError:  # a read-only or full cache only costs time
            pass


def _passed_marker(data: Any, schema: dict) -> Path | None:
    """The cache file that says this exact document passed this exact schema (None: not hashable
    as JSON, e.g. a YAML date as a key; such a document is simply validated every time)."""
    try:
        digest = hashlib.sha256(orjson.dumps([ENGINE_VERSION, schema, data], option=orjson.OPT_SORT_KEYS))
    except (TypeError, orjson.JSONEncodeError):
        return None
    return user_cache_dir("validated", f"engine-{ENGINE_VERSION}") / digest.hexdigest()


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
    return load_yaml(path.read_text(encoding="utf-8-sig"), str(path))
