"""Card layouts: a sandboxed Jinja2 template per game and card type renders a declarative
layout (a YAML list of boxes) from the card's fields.

Why sandboxed with StrictUndefined: templates are content an author edits; they must not
reach Python internals, and a misspelt field must be an error (file, line, card id), never
an empty string on a printed card. Every `{{ expression }}` is emitted as a JSON scalar,
so card text with quotes, colons or newlines can never break the YAML structure.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from jinja2 import FileSystemLoader, StrictUndefined, TemplateError as JinjaError, TemplateSyntaxError
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from tts_bridge.assets import flowitems

_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NUM = {"type": "number"}
_COLOR = {"type": "string", "pattern": "^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"}
_XYWH = {"x": _NUM, "y": _NUM, "w": {"type": "number", "minimum": 0}, "h": {"type": "number", "minimum": 0}}


def _box(kind: str, required: list[str], **props: Any) -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["type", *required],
            "properties": {"type": {"const": kind}, **props}}


BOX_SCHEMA = {"oneOf": [
    _box("rect", ["x", "y", "w", "h"], **_XYWH, fill=_COLOR, outline=_COLOR, width=_NUM, radius=_NUM),
    _box("ellipse", ["x", "y", "w", "h"], **_XYWH, fill=_COLOR, outline=_COLOR, width=_NUM),
    _box("line", ["x1", "y1", "x2", "y2"], x1=_NUM, y1=_NUM, x2=_NUM, y2=_NUM, color=_COLOR, width=_NUM),
    _box("image", ["x", "y", "w", "h", "src"], **_XYWH, src={"type": "string"}, fit={"enum": ["cover", "contain"]},
         radius=_NUM, tint=_COLOR, id={"type": "string"}, overlap={"type": "boolean"}),
    _box("text", ["x", "y", "w", "h", "text"], **_XYWH, text={"type": "string"},
         font={"enum": ["sans", "bold", "serif", "condensed"]}, size=_NUM, min_size=_NUM, color=_COLOR,
         align={"enum": ["left", "center", "right"]}, valign={"enum": ["top", "middle", "bottom"]},
         line_spacing=_NUM, id={"type": "string"}, overlap={"type": "boolean"}),
    _box("icons", ["x", "y", "w", "h", "items"], **_XYWH, size=_NUM, color=_COLOR, font={"type": "string"},
         align={"enum": ["left", "center", "right"]}, id={"type": "string"}, overlap={"type": "boolean"},
         items={"type": "array", "items": {"type": "object", "additionalProperties": False, "required": ["icon"],
                                           "properties": {"icon": {"type": "string"},
                                                          "label": {"type": ["string", "number"]}}}}),
]}
LAYOUT_SCHEMA = {"type": "array", "items": BOX_SCHEMA}
_VALIDATOR = jsonschema.Draft202012Validator(LAYOUT_SCHEMA)


_BY_TYPE = {alt["properties"]["type"]["const"]: alt for alt in BOX_SCHEMA["oneOf"]}


def _box_ok(box: object) -> bool:
    """Fast structural check (jsonschema's oneOf is too slow per card); on failure the
    caller asks jsonschema for the detailed message."""
    if not isinstance(box, dict) or box.get("type") not in _BY_TYPE:
        return False
    alt = _BY_TYPE[box["type"]]
    props = alt["properties"]
    if any(k not in box for k in alt["required"]) or any(k not in props for k in box):
        return False
    try:
        return all(_VALIDATOR_OF[box["type"]][k](v) for k, v in box.items() if k in _VALIDATOR_OF[box["type"]])
    except (TypeError, ValueError):
        return False


_ANCHOR = re.compile(r"(^|[\s\[{,:-])[&*!][^\s,\]}]")  # an anchor, alias or tag could tie items together


@lru_cache(maxsize=8192)
def _parse_item(text: str) -> tuple[Any, bool]:
    """One top-level item of a rendered layout, parsed and checked once per distinct text:
    most of a frame renders to the same lines on every card. The usual one-line flow mapping
    is read without YAML's constructor (`flowitems`: the same value, a tenth of the time)."""
    box = flowitems.parse(text)
    if box is None:
        value = yaml.load(text, Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
        if not isinstance(value, list) or len(value) != 1:
            raise ValueError("not a single list item")
        box = value[0]
    return box, _box_ok(box)


def forget_parsed_items() -> None:
    """Empty this process's cache of parsed items (`bench assets`: what a build's workers
    inherit must not include work the bench did for its reference loop)."""
    _parse_item.cache_clear()


def parse_boxes(source: str) -> tuple[list, bool]:
    """The boxes of a rendered layout and whether all passed the fast check. A block list
    whose items are self-contained is parsed item by item (cached, shared: callers must not
    mutate the boxes); anything else, and any error, goes through one whole-document parse
    so that messages carry the document's own line numbers."""
    items: list[str] = []
    for line in source.split("\n"):
        if line.startswith("- "):
            items.append(line)
        elif items and (line.startswith((" ", "\t")) or not line.strip()):
            items[-1] += "\n" + line
        elif line.strip() and not line.startswith("#"):
            items = []
            break
    if items and not _ANCHOR.search(source):
        try:
            parsed = [_parse_item(item) for item in items]
            return [box for box, _ in parsed], all(ok for _, ok in parsed)
        except (yaml.YAMLError, ValueError):
            pass
    boxes = yaml.load(source, Loader=_YAML_LOADER) or []  # noqa: S506 - a safe loader
    return boxes, isinstance(boxes, list) and all(_box_ok(b) for b in boxes)


def _explain_box(box: dict) -> str:
    alt = _BY_TYPE.get(box.get("type"))
    if alt is None:
        return f"unknown type; expected one of {sorted(_BY_TYPE)}"
    unknown = sorted(k for k in box if k not in alt["properties"])
    missing = [k for k in alt["required"] if k not in box]
    wrong = [k for k in box if k in alt["properties"] and k != "type" and
             not jsonschema.Draft202012Validator(alt["properties"][k]).is_valid(box[k])]
    return "; ".join(x for x in (f"unknown {unknown}" if unknown else "", f"missing {missing}" if missing else "",
                                 f"wrong value for {wrong}" if wrong else "") if x)


def _simple(schema: dict):
    if "enum" in schema:
        return lambda v: v in schema["enum"]
    if schema.get("type") == "number":
        return lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v >= schema.get("minimum", -1e18)
    if schema.get("type") == "string" and "pattern" in schema:
        rx = re.compile(schema["pattern"])
        return lambda v: isinstance(v, str) and rx.match(v) is not None
    if schema.get("type") == "string":
        return lambda v: isinstance(v, str)
    if "const" in schema:
        return lambda v: v == schema["const"]
    validator = jsonschema.Draft202012Validator(schema)
    return validator.is_valid


_VALIDATOR_OF = {t: {k: _simple(v) for k, v in alt["properties"].items()} for t, alt in _BY_TYPE.items()}


class LayoutError(Exception):
    """A template that cannot be rendered for a card: names the file, the line and the card."""

    def __init__(self, template: str, line: int | None, card_id: str, message: str) -> None:
        where = f"{template}:{line}" if line else template
        super().__init__(f"{where}: card {card_id}: {message}")
        self.template, self.line, self.card_id = template, line, card_id


# `json.dumps(value, ensure_ascii=False)` without a new encoder made per call (every
# `{{ expression }}` of every card)
_JSON = json.JSONEncoder(ensure_ascii=False).encode


def _finalize(value: Any) -> str:
    if isinstance(value, (str, int, float, bool)) or value is None or isinstance(value, (list, dict)):
        return _JSON(value)
    return _JSON(str(value))


class Layouts:
    """The templates of one game (`templates/cards/<game>/`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.shared = self.folder.parent / "_shared"  # building blocks every game may include
        self.env = ImmutableSandboxedEnvironment(
            loader=FileSystemLoader([str(self.folder), str(self.shared)]), undefined=StrictUndefined, finalize=_finalize,
            trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False,
            auto_reload=False)  # no stat() per card: a changed folder gets a new Layouts (see fingerprint)

    def fingerprint(self) -> str:
        """Hash of every template file of the game (a template may include another)."""
        h = hashlib.sha256()
        for folder in (self.folder, self.shared):
            for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
                if path.is_file():
                    h.update(f"{folder.name}/{path.relative_to(folder).as_posix()}".encode() + b"\0" + path.read_bytes())
        return h.hexdigest()

    def check_syntax(self) -> None:
        """Compile every template of the game (and the shared ones it may include) once, so a
        syntax error is one message naming its file and line, before any card is drawn."""
        from engine.core.carddata import read_utf8
        from engine.core.errors import DataError

        problems = []
        for folder in (self.folder, self.shared):
            for path in sorted(folder.rglob("*.j2")) if folder.is_dir() else ():
                try:
                    self.env.get_template(path.relative_to(folder).as_posix())
                except TemplateSyntaxError as exc:
                    problems.append(f"{exc.filename or path}:{exc.lineno}: template syntax error: {exc.message}")
                except UnicodeDecodeError:  # said at its line as for a card file
                    try:
                        read_utf8(path)
                    except DataError as exc:
                        problems.extend(exc.problems)
                except RecursionError:  # Jinja's parser recurses once per bracket
                    problems.append(f"{path}: brackets nested too deeply for a template")
        if problems:
            raise DataError(problems)

    def render(self, name: str, context: dict, card_id: str) -> list[dict]:
        path = str(self.folder / name)
        try:
            source = self.env.get_template(name).render(**context)
        except TemplateSyntaxError as exc:
            raise LayoutError(exc.filename or path, exc.lineno, card_id, f"template syntax error: {exc.message}") from None
        except SecurityError as exc:
            raise LayoutError(path, _template_line(exc, path), card_id, f"not allowed in a template: {exc}") from None
        except JinjaError as exc:
            raise LayoutError(path, _template_line(exc, path), card_id, f"{exc.message or exc}") from None
        except Exception as exc:  # noqa: BLE001 - template expressions can raise anything
            raise LayoutError(path, _template_line(exc, path), card_id, f"{type(exc).__name__}: {exc}") from None
        try:
            boxes, ok = parse_boxes(source)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise LayoutError(path, None, card_id, f"the rendered layout is not valid YAML "
                              f"(rendered line {mark.line + 1 if mark else '?'}): {getattr(exc, 'problem', exc)}") from None
        if not ok:
            errors = sorted(_VALIDATOR.iter_errors(boxes), key=lambda e: list(map(str, e.path)))
            e = errors[0]
            where = "/".join(map(str, e.absolute_path)) or "(top)"
            detail = e.message
            if e.validator == "oneOf" and isinstance(e.instance, dict):
                detail = (f"box of type {e.instance.get('type')!r} has unknown, missing or wrong fields: "
                          f"{_explain_box(e.instance)}")
            raise LayoutError(path, None, card_id, f"layout box {where}: {detail}")
        return boxes


def _template_line(exc: BaseException, path: str) -> int | None:
    """The template line from the traceback (Jinja rewrites frames to template lines)."""
    line = getattr(exc, "lineno", None)
    tb = exc.__traceback__ or sys.exc_info()[2]
    name = Path(path).name
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(name):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
