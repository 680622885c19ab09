"""Building the JSON Schema of a game's actions (`tts-bridge actions GAME`)."""

from __future__ import annotations

from typing import Any

CARD_ID = {"type": "integer", "minimum": 0, "description": "a card id from the state view"}


def action(kind: str, description: str, **props: Any) -> dict:
    """One action kind: an object with `type` = kind and the given fields.

    A field's schema may carry `"optional": True`; it is then not required (the marker is
    removed from the schema).
    """
    required = ["type"]
    fields = {}
    for name, schema in props.items():
        schema = dict(schema)
        if not schema.pop("optional", False):
            required.append(name)
        fields[name] = schema
    return {"type": "object", "description": description, "additionalProperties": False,
            "required": required, "properties": {"type": {"const": kind}, **fields}}


def action_schema(game_id: str, *actions: dict) -> dict:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"{game_id} action",
            "oneOf": list(actions)}
