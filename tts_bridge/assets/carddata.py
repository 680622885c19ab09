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
