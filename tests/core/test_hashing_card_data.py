"""Card data read from YAML (engine.core.carddata's LineDict/LineList, which remember their
lines) can sit in a game's state, e.g. the effect list of an ability being resolved: the packer
hashes it by its contents, like the plain dicts and lists it equals."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core.carddata import read_yaml_file
from engine.core.hashing import pack_state
from engine.core.zones import Table, Visibility, ZoneSpec


@dataclasses.dataclass(slots=True, eq=False)
class _Frame:
    effects: list[Any]
    table: Table = dataclasses.field(default_factory=lambda: Table((ZoneSpec("deck", Visibility.HIDDEN),)))


def test_card_data_from_yaml_hashes_like_the_plain_data_it_equals(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("effects:\n  - charge: {from: hand, count: 1}\n  - draw: 2\n", encoding="utf-8")
    data = read_yaml_file(path)
    loaded = data["effects"]
    plain = [{"charge": {"from": "hand", "count": 1}}, {"draw": 2}]
    assert type(loaded) is not list and type(loaded[0]) is not dict  # the line-keeping types
    assert pack_state(_Frame(loaded)) == pack_state(_Frame(plain))
    assert pack_state(_Frame(loaded)) != pack_state(_Frame(plain[:1]))
