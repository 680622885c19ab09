"""engine.core.carddata.validate remembers documents that passed (issue 21, scope 3: start-up),
and only those: a changed document, another schema or a failing document is validated again."""

from __future__ import annotations

import pytest

from engine.core import carddata
from engine.core.errors import DataError

SCHEMA = {"type": "object", "properties": {"draw": {"type": "integer"}}, "additionalProperties": False}


@pytest.fixture
def validator_calls(tmp_path, monkeypatch):
    """The number of times jsonschema is asked, with the user cache in a fresh folder."""
    import jsonschema

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    calls = []
    real = jsonschema.Draft202012Validator

    def counting(schema):
        calls.append(schema)
        return real(schema)

    monkeypatch.setattr(jsonschema, "Draft202012Validator", counting)
    return calls


def test_a_document_that_passed_is_not_validated_again(validator_calls):
    carddata.validate({"draw": 2}, SCHEMA, "cards.yaml")
    carddata.validate({"draw": 2}, SCHEMA, "cards.yaml")
    assert len(validator_calls) == 1


def test_a_changed_document_or_schema_is_validated_again(validator_calls):
    carddata.validate({"draw": 2}, SCHEMA, "cards.yaml")
    carddata.validate({"draw": 3}, SCHEMA, "cards.yaml")
    carddata.validate({"draw": 3}, {**SCHEMA, "required": ["draw"]}, "cards.yaml")
    assert len(validator_calls) == 3


def test_a_failing_document_reports_its_errors_every_time(validator_calls):
    for _ in range(2):
        with pytest.raises(DataError) as err:
            carddata.validate({"draw": "two"}, SCHEMA, "cards.yaml")
        assert "cards.yaml" in str(err.value) and "draw" in str(err.value)
    assert len(validator_calls) == 2


def test_an_unwritable_cache_only_costs_time(validator_calls, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    carddata.validate({"draw": 2}, SCHEMA, "cards.yaml")
    carddata.validate({"draw": 2}, SCHEMA, "cards.yaml")
    assert len(validator_calls) == 2
