"""A quick reader for the one shape of layout item our templates render: a block-list item
holding one flow mapping on one line, `- {type: text, x: 4, text: "Fire!", items: [...]}`.

Why: PyYAML's constructor is pure Python, and each card has a dozen items whose text is its
own (its name, its rules), so the item cache in `layout.py` misses on them; reading them was
most of laying out a card. Here the item's tokens are rewritten as JSON (bare words quoted)
and read by orjson. Only a strict subset is taken, where YAML and JSON mean the same thing:
bare or double-quoted keys; bare words YAML reads as strings, and `true`, `false`, `null`;
integers and decimals in their plain forms; double-quoted strings without `\\u` escapes;
flow lists and mappings; printable text. Anything else (`None` back) goes to YAML, so the
result is always what `yaml.safe_load` gives (tests/assets/test_layout.py checks both on
every sample card and on crafted items).
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from yaml.reader import Reader

# words YAML 1.1 resolves to a bool or null (any case, a superset of PyYAML's list)
_NOT_STRINGS = frozenset({"yes", "no", "true", "false", "on", "off", "null"})
_JSON_WORDS = frozenset({"true", "false", "null"})
_TOKEN = re.compile(r"""
    (?P<space>\ +)
  | (?P<punct>[{}\[\]]|,)
  | (?P<key>[A-Za-z_][A-Za-z0-9_]*):\ (?=\ *\S)
  | (?P<qkey>"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt])*"):\ (?=\ *\S)
  | (?P<string>"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt])*")
  | (?P<number>-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,17})?)(?![0-9A-Za-z_.:-])
  | (?P<word>[A-Za-z_][A-Za-z0-9_-]*)(?![0-9A-Za-z_.:-])
""", re.VERBOSE)
_ITEM = re.compile(r"- +(\{.*\})\s*", re.DOTALL)


def parse(item: str) -> Any | None:
    """The value of a one-line `- {...}` item as YAML reads it, or None when the item is not
    of the subset read here (the caller then asks YAML)."""
    whole = _ITEM.fullmatch(item)
    if whole is None or "\n" in whole.group(1) or Reader.NON_PRINTABLE.search(item):
        return None
    text, json, at = whole.group(1), [], 0
    for token in _TOKEN.finditer(text):
        if token.start() != at:
            return None  # something the tokens do not cover
        at = token.end()
        kind, value = token.lastgroup, token.group(token.lastgroup)
        if kind == "word" and value in _JSON_WORDS:
            json.append(value)  # YAML reads these three the same
        elif kind in ("key", "word") and value.lower() in _NOT_STRINGS:
            return None
        elif kind == "key":
            json.append(f'"{value}":')
        elif kind == "word":
            json.append(f'"{value}"')
        elif kind == "qkey":
            json.append(f"{value}:")
        elif kind != "space":
            json.append(value)
    if at != len(text):
        return None
    try:
        value = orjson.loads("".join(json))
    except orjson.JSONDecodeError:
        return None  # e.g. a key in a list, two words in a row: YAML says what they are
    return value if isinstance(value, dict) else None
