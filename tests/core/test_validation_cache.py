"""engine.core.carddata.validate remembers the cards that passed (issue 21: start-up, and
rebuilds that cost what changed), and only those: a changed card, another schema or a failing
document is validated again, with the same messages as a whole-document validation."""

from __future__ import annotations

import pytest

from engine.core import carddata
from engine.core.errors import DataError
from engine.core.registry import game_ids, get_rules

CARD = {"type": "object", "required": ["id"], "additionalProperties": False,
        "properties": {"id": {"type": "string"}, "draw": {"type": "integer"}}}
SCHEMA = {"type": "object", "required": ["cards"], "additionalProperties": False,
          "properties": {"cards": {"type": "array", "items": CARD}, "version": {"type": "integer"}}}


def _doc(*draws: int) -> dict:
    return {"cards": [{"id": f"c{i}", "draw": d} for i, d in enumerate(draws)]}


@pytest.fixture
def checked(tmp_path, monkeypatch):
    """The parts jsonschema is asked about (the schema each validator was built for and the
    instance checked), with the user cache in a fresh folder."""
    import jsonschema

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    calls: list[tuple[dict, object]] = []
    real = jsonschema.Draft202012Validator

    class Counting:
        def __init__(self, schema: dict) -> None:
            self.schema, self.real = schema, real(schema)

        def iter_errors(self, instance):
            calls.append((self.schema, instance))
            return self.real.iter_errors(instance)

    monkeypatch.setattr(jsonschema, "Draft202012Validator", Counting)
    return calls


def test_a_document_that_passed_is_not_validated_again(checked):
    carddata.validate(_doc(1, 2, 3), SCHEMA, "cards.yaml")
    first = len(checked)
    carddata.validate(_doc(1, 2, 3), SCHEMA, "cards.yaml")
    assert first > 0 and len(checked) == first


def test_only_the_changed_card_is_validated_again(checked):
    carddata.validate(_doc(1, 2, 3), SCHEMA, "cards.yaml")
    checked.clear()
    carddata.validate(_doc(1, 5, 3), SCHEMA, "cards.yaml")
    items = [instance for schema, instance in checked if schema.get("properties", {}).get("draw")]
    assert items == [{"id": "c1", "draw": 5}]


def test_another_schema_validates_everything_again(checked):
    carddata.validate(_doc(1, 2), SCHEMA, "cards.yaml")
    checked.clear()
    stricter = {**SCHEMA, "properties": {**SCHEMA["properties"],
                                         "cards": {"type": "array", "items": {**CARD, "required": ["id", "draw"]}}}}
    carddata.validate(_doc(1, 2), stricter, "cards.yaml")
    assert len([i for _, i in checked if isinstance(i, dict) and "id" in i]) == 2


def test_a_failing_card_reports_the_whole_documents_errors_every_time(checked, tmp_path, monkeypatch):
    bad = {"cards": [{"id": "c0", "draw": 1}, {"id": "c1", "draw": "two"}], "version": "x"}
    messages = []
    for _ in range(2):
        with pytest.raises(DataError) as err:
            carddata.validate(bad, SCHEMA, "cards.yaml")
        messages.append(err.value.problems)
    assert messages[0] == messages[1]
    assert any("cards[1].draw" in p for p in messages[0]) and any("version" in p for p in messages[0])
    with pytest.raises(DataError) as plain:
        carddata._validate_whole(bad, SCHEMA, "cards.yaml")
    assert plain.value.problems == messages[0]


def test_a_document_level_error_is_found_although_every_card_passed(checked):
    carddata.validate(_doc(1, 2), SCHEMA, "cards.yaml")
    with pytest.raises(DataError) as err:
        carddata.validate({**_doc(1, 2), "extra": True}, SCHEMA, "cards.yaml")
    assert "extra" in str(err.value)
    with pytest.raises(DataError):
        carddata.validate({"cards": _doc(1, 2)["cards"] + _doc(1)["cards"][:0] + [{"draw": 1}]}, SCHEMA, "cards.yaml")


def test_an_unwritable_cache_only_costs_time(checked, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    carddata.validate(_doc(1), SCHEMA, "cards.yaml")
    first = len(checked)
    carddata.validate(_doc(1), SCHEMA, "cards.yaml")
    assert len(checked) == 2 * first


def _canonical(value):
    """Card data as plain values, sets sorted: a set's repr order depends on how it was built,
    and some card records compare by identity."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)})
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return ("set", sorted(map(repr, map(_canonical, value))))
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, _canonical(vars(value)))
    return value


@pytest.mark.parametrize("game", game_ids())
def test_every_games_card_file_loads_the_same_from_a_warm_cache(game, tmp_path, monkeypatch):
    """The real card files: a first load fills the cache, a second (in a fresh rules object)
    reads the same cards without asking the validator."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    rules = get_rules(game)
    path = rules.data / "cards.yaml"
    cold = type(rules).load_cards(path)
    import jsonschema

    monkeypatch.setattr(jsonschema, "Draft202012Validator", None)  # any use would fail
    assert _canonical(type(rules).load_cards(path)) == _canonical(cold)
