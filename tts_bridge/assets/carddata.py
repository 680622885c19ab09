"""Card tables: CSV / TSV card files (UTF-8, with or without a BOM) read into the same
records as the YAML files and validated with the game's own JSON Schema, so a spreadsheet
author gets `file:row N: field: message` errors.

Cells are typed from the schema: integer and boolean fields are converted, list and object
fields are written as YAML flow text in the cell (`[{name: Bite, kind: attack, amount: 3}]`),
empty cells are absent fields. Row numbers count the header as row 1, as spreadsheets do.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from engine.core.carddata import section_schema
from engine.core.cardset import uncached
from engine.core.errors import DataError

_INT = re.compile(r"^[+-]?\d+$")


def _prop_types(schema: dict, record_type: str | None) -> dict[str, set]:
    """Field -> JSON types allowed, from `properties` and any if/then branch for this type."""
    out: dict[str, set] = {}

    def take(props: dict) -> None:
        for name, sub in props.items():
            t = sub.get("type")
            types = set(t) if isinstance(t, list) else ({t} if t else set())
            if "enum" in sub or "const" in sub:
                vals = sub.get("enum", [sub.get("const")])
                types |= {"boolean" if isinstance(v, bool) else "integer" if isinstance(v, int) else "string" for v in vals}
            out.setdefault(name, set()).update(types)

    take(schema.get("properties", {}))
    for branch in schema.get("allOf", []):
        cond = branch.get("if", {}).get("properties", {}).get("type", {}).get("const")
        if cond is None or cond == record_type:
            take(branch.get("then", {}).get("properties", {}))
    return out


def _convert(cell: str, types: set, where: str, field: str) -> Any:
    text = cell.strip()
    if "integer" in types and _INT.match(text):
        return int(text)
    if "number" in types:
        try:
            return float(text)
        except ValueError:
            pass
    if "boolean" in types and text.lower() in ("true", "false", "yes", "no", "1", "0"):
        return text.lower() in ("true", "yes", "1")
    if types & {"array", "object"}:
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise DataError([f"{where}: {field}: not valid YAML flow text: {getattr(exc, 'problem', exc)}"]) from None
    return cell.replace("\\n", "\n")


def read_table(path: Path, schema: dict) -> list[dict]:
    """Read a .csv or .tsv card file; raise DataError listing every problem (file:row: field)."""
    path = Path(path)
    text = path.read_bytes().decode("utf-8-sig")  # the BOM, if any, is not part of the first header
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    if not reader.fieldnames:
        raise DataError([f"{path}:1: (header): the file has no header row"])
    header = [h.strip() for h in reader.fieldnames]
    problems, records = [], []
    dupes = {h for h in header if header.count(h) > 1}
    if dupes:
        problems.append(f"{path}:1: (header): duplicate columns {sorted(dupes)}")
    validator = jsonschema.Draft202012Validator(schema)
    for n, row in enumerate(reader, start=2):
        where = f"{path}:row {n}"
        if None in row:
            problems.append(f"{where}: (row): more cells than header columns")
            continue
        clean = {k.strip(): v for k, v in row.items() if k is not None}
        types = _prop_types(schema, clean.get("type", "").strip() or None)
        record: dict[str, Any] = {}
        for field, cell in clean.items():
            if cell is None or not cell.strip():
                continue
            try:
                record[field] = _convert(cell, types.get(field, {"string"}), where, field)
            except DataError as exc:
                problems.extend(exc.problems)
        for err in sorted(validator.iter_errors(record), key=lambda e: list(map(str, e.absolute_path))):
            field = ".".join(map(str, err.absolute_path)) or "(row)"
            problems.append(f"{where}: {field}: {err.message}")
        records.append(record)
    if problems:
        raise DataError(problems)
    return records


# --------------------------------------------------------------------------------------------
# A whole game's card data from tables: every game, through the engine's own loader.

TABLE_SUFFIXES = (".csv", ".tsv")
_ROW_FIELD = re.compile(r"^[a-z_]+(?:\[\d+\]|\.\d+)(\.|(?=:))")


def file_schema(loader: Any) -> dict:
    """The JSON Schema of a whole card file, from the module of the engine's `load_cards`
    (`FILE_SCHEMA`, or `CARD_SCHEMA` when that already describes the whole file)."""
    import sys

    module = sys.modules[loader.__module__]
    schema = getattr(module, "FILE_SCHEMA", None) or getattr(module, "CARD_SCHEMA")
    if "properties" not in schema or not any(p.get("type") == "array" for p in schema["properties"].values()):
        raise TypeError(f"{loader.__module__}: no card-file schema with list sections")
    return schema


def table_paths(folder: Path, schema: dict) -> dict[str, Path]:
    """Section -> its table file (`cards.csv`, `goddesses.tsv`...) present in `folder`."""
    out = {}
    for section, sub in schema["properties"].items():
        if sub.get("type") != "array":
            continue
        for suffix in TABLE_SUFFIXES:
            path = Path(folder) / f"{section}{suffix}"
            if path.is_file():
                out[section] = path
                break
    return out


def load_tables(loader: Any, folder: Path) -> Any:
    """Read the card tables of `folder` and return what the engine's `loader` returns for the
    equivalent YAML file. Each row is checked against its section's schema first (errors
    `file:row N: field: message`); the rows are then handed to the engine's own loader as a
    YAML file holding one record per line, so every cross-card rule the engine checks applies
    and its messages are mapped back to the table file and row."""
    import json
    import tempfile

    schema = file_schema(loader)
    paths = table_paths(folder, schema)
    missing = [s for s in schema.get("required", []) if s not in paths]
    if missing:
        raise DataError([f"{Path(folder) / (s + '.csv')}: missing (a .csv or .tsv table of the {s!r} "
                         f"section is needed; or write cards.yaml)" for s in missing])
    problems: list[str] = []
    tables = {}
    for section, path in paths.items():
        try:
            tables[section] = read_table(path, section_schema(schema, section))
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    lines, where = [], {}
    for section, records in tables.items():
        lines.append(f"{section}:" if records else f"{section}: []")
        for n, record in enumerate(records, start=2):
            lines.append("- " + json.dumps(record, ensure_ascii=False))
            where[len(lines)] = f"{paths[section]}:row {n}"
    main = paths.get("cards") or next(iter(paths.values()))
    with tempfile.TemporaryDirectory(prefix="tts-cards-") as tmp:
        doc = Path(tmp) / "cards.yaml"
        doc.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            with uncached():  # a file for this one load: its cards' cache would never be read
                return loader(doc)
        except DataError as exc:
            raise DataError([_relocate(p, str(doc), where, main) for p in exc.problems]) from None


def _relocate(problem: str, doc: str, where: dict[int, str], main: Path) -> str:
    """`<tmp>/cards.yaml:LINE: cards[3].hp: msg` -> `<folder>/cards.csv:row 5: hp: msg`."""
    m = re.match(re.escape(doc) + r":(\d+):\s*", problem)
    if m and int(m.group(1)) in where:
        rest = problem[m.end():]
        rest = _ROW_FIELD.sub(lambda f: "" if f.group(1) else "(row)", rest, count=1)
        return f"{where[int(m.group(1))]}: {rest}"
    if m:
        return f"{main}: {problem[m.end():]}"
    return problem.replace(doc, str(main))
