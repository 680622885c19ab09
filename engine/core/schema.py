"""Building the JSON Schema of a game's actions (`tts-bridge actions GAME`)."""

from __future__ import annotations

import re
from typing import Any, Iterable

CARD_ID = {"type": "integer", "minimum": 0, "description": "a card id from the state view"}


# a rule number as the specs write them: 703.2a, 9-7-1, GW-A-18.2, KJ-3.2, QG-G15
_RULE = re.compile(r"^(?:[A-Z]{1,3}-[A-Z0-9][\w.-]*|\d+(?:[.-]\d+)*[a-z]?)$")
_PARENTHESES = re.compile(r"\(([^()]*)\)")


def cited_rules(text: str) -> tuple[str, ...]:
    """The rule numbers cited in parentheses in `text` ("(KJ-3.4, KJ-5.11)"; "(8-1-3 iii)" cites 8-1-3)."""
    out = []
    for group in _PARENTHESES.findall(text):
        for item in group.split(","):
            token = item.strip().split(" ")[0].rstrip(".;:")
            if _RULE.match(token) and token not in out:
                out.append(token)
    return tuple(out)


def action(kind: str, description: str, rules: Iterable[str] = (), **props: Any) -> dict:
    """One action kind: an object with `type` = kind and the given fields.

    A field's schema may carry `"optional": True`; it is then not required (the marker is
    removed from the schema). `x-rules` is the action's family: the rules cited in the
    description and `rules`, the other rules that govern this kind of move (timing, costs,
    limits, the rule options that change it). A refusal of the action cites one of them.
    """
    required = ["type"]
    fields = {}
    for name, schema in props.items():
        schema = dict(schema)
        if not schema.pop("optional", False):
            required.append(name)
        fields[name] = schema
    family = list(dict.fromkeys((*cited_rules(description), *rules)))
    return {"type": "object", "description": description, "additionalProperties": False,
            "required": required, "properties": {"type": {"const": kind}, **fields}, "x-rules": family}


def action_schema(game_id: str, *actions: dict) -> dict:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"{game_id} action",
            "oneOf": list(actions)}


def action_families(schema: dict) -> dict[str, tuple[str, ...]]:
    """Action type -> the rules of its family (`x-rules`), from a game's action schema."""
    return {branch["properties"]["type"]["const"]: tuple(branch.get("x-rules", ())) for branch in schema["oneOf"]}


def in_family(rule: str, family: Iterable[str]) -> bool:
    """Whether `rule` is one of `family` or inside one: KJ-3.4 holds KJ-3.4.2 and 703.2 holds
    703.2a, but KJ-3.4 does not hold KJ-3.40 (nor QG-G1 QG-G15)."""
    for f in family:
        if rule == f or (rule.startswith(f) and not rule[len(f)].isdigit()):
            return True
    return False
