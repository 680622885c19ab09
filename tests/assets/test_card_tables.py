"""CSV / TSV card data for every registered game (issue 7, scope 1): a table equivalent of a
few YAML cards gives the same engine records, and a bad row is reported as file:row: field."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from pathlib import Path

import pytest
import yaml

from engine.core.errors import DataError
from engine.core.registry import get_rules
from tts_bridge.assets.games import get_adapter

GAMES = ["kaiju", "qiguang", "sakura-arms", "vividz", "gundam-war"]
REPO = Path(__file__).resolve().parents[2]
# cards a file must hold whatever subset is taken (the Mana Source token, a goddess's extra card)
KEEP = {"qiguang": {"mana-source"}, "sakura-arms": {"hoshi-x1", "shigure-x1", "kagami-p1", "kagami-p2"}}


def _subset(game: str, n: int = 4) -> dict:
    """The game's sample YAML document cut down to its first n cards (plus required ones)."""
    doc = yaml.safe_load((REPO / "card_data" / game / "cards.yaml").read_text(encoding="utf-8"))
    keep = KEEP.get(game, set())
    doc["cards"] = [c for i, c in enumerate(doc["cards"]) if i < n or c["id"] in keep]
    return doc


def _record(card) -> dict:
    """Field by field (sakura-arms' CardDef compares by identity)."""
    return {f.name: getattr(card, f.name) for f in dataclasses.fields(card)}


def _cell(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _write_table(path: Path, records: list[dict]) -> None:
    """A spreadsheet export: UTF-8 with BOM, one column per field, list/object cells as flow text."""
    columns = list(dict.fromkeys(k for r in records for k in r))
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, delimiter="\t" if path.suffix == ".tsv" else ",")
    writer.writerow(columns)
    for r in records:
        writer.writerow([_cell(r[c]) if c in r else "" for c in columns])
    path.write_bytes(b"\xef\xbb\xbf" + buf.getvalue().encode("utf-8"))


def _tables(folder: Path, doc: dict, suffix: str) -> Path:
    folder.mkdir()
    for section, records in doc.items():
        _write_table(folder / f"{section}{suffix}", records)
    return folder / f"cards{suffix}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("suffix", [".csv", ".tsv"])
def test_table_equivalent_of_yaml_cards_gives_the_same_cards(game, suffix, tmp_path):
    doc = _subset(game)
    (tmp_path / "yaml").mkdir()
    (tmp_path / "yaml" / "cards.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    expected = type(get_rules(game)).load_cards(tmp_path / "yaml" / "cards.yaml")
    _tables(tmp_path / "table", doc, suffix)

    from_table = get_adapter(game).with_data(tmp_path / "table")
    got = from_table.engine_cards()
    assert {k: _record(v) for k, v in got.items()} == {k: _record(v) for k, v in expected.items()}
    assert len(got) >= 4
    assert getattr(got, "goddesses", None) == getattr(expected, "goddesses", None)
    from_yaml = get_adapter(game).with_data(tmp_path / "yaml")
    assert [(c.id, c.type, c.title) for c in from_table.cards()] == [(c.id, c.type, c.title) for c in from_yaml.cards()]
    assert from_table.context(from_table.cards()[-1]) == from_yaml.context(from_yaml.cards()[-1])


@pytest.mark.parametrize("game", GAMES)
def test_bad_row_is_reported_with_file_row_and_field(game, tmp_path):
    doc = _subset(game)
    doc["cards"][1]["type"] = "bogus"  # the second card is spreadsheet row 3
    path = _tables(tmp_path / "table", doc, ".csv")
    with pytest.raises(DataError) as exc:
        get_adapter(game).with_data(tmp_path / "table").cards()
    assert any(p.startswith(f"{path}:row 3: type:") for p in exc.value.problems), exc.value.problems
    assert all(str(path) in p for p in exc.value.problems)


@pytest.mark.parametrize("game", GAMES)
def test_engine_cross_card_check_names_table_row(game, tmp_path):
    """The engine's own loader runs on table rows: a duplicate id comes back as file:row: id."""
    doc = _subset(game)
    doc["cards"][2] = {**doc["cards"][2], "id": doc["cards"][0]["id"]}  # row 4 repeats row 2's id
    path = _tables(tmp_path / "table", doc, ".csv")
    with pytest.raises(DataError) as exc:
        get_adapter(game).with_data(tmp_path / "table").cards()
    assert any(p.startswith(f"{path}:row 4: id: duplicate") for p in exc.value.problems), exc.value.problems


def test_sakura_arms_needs_its_goddesses_table(tmp_path):
    doc = _subset("sakura-arms")
    del doc["goddesses"]
    _tables(tmp_path / "table", doc, ".csv")
    with pytest.raises(DataError) as exc:
        get_adapter("sakura-arms").with_data(tmp_path / "table").cards()
    assert any("goddesses.csv" in p and "goddesses" in p for p in exc.value.problems)


def test_goddess_row_error_names_the_goddesses_table(tmp_path):
    doc = _subset("sakura-arms")
    doc["goddesses"][0]["id"] = "Not An Id"
    _tables(tmp_path / "table", doc, ".csv")
    with pytest.raises(DataError) as exc:
        get_adapter("sakura-arms").with_data(tmp_path / "table").cards()
    assert any(p.startswith(f"{tmp_path / 'table' / 'goddesses.csv'}:row 2: id:") for p in exc.value.problems)


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_builds_from_tables(game, tmp_path, small):
    """The game's full card set as tables, with its sample decks: the build reads the decks
    against the table cards and produces the same cards and deck objects as from YAML."""
    import shutil

    from tts_bridge.assets.build import build_game

    src = get_adapter(game).data_root
    doc = yaml.safe_load((src / "cards.yaml").read_text(encoding="utf-8"))
    _tables(tmp_path / "data", doc, ".csv")
    shutil.copytree(src / "decks", tmp_path / "data" / "decks")
    adapter = get_adapter(game).with_data(tmp_path / "data")
    report = build_game(game, small, adapter=adapter)
    assert report.errors == [] and report.card_count == len(get_adapter(game).cards())
    assert [(c.id, c.title) for c in adapter.cards()] == [(c.id, c.title) for c in get_adapter(game).cards()]
    assert adapter.sample_decks() == get_adapter(game).sample_decks() and report.deck_objects


def test_a_card_table_leaves_no_card_cache_behind(tmp_path, monkeypatch):
    """Tables reach the engine as a temporary YAML file, loaded once: its built cards are not
    kept in the user cache (engine/core/cardset.py keys them by the file's path, which would
    be a new one every build), while the same cards as YAML are."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    doc = _subset("kaiju")
    _tables(tmp_path / "table", doc, ".csv")
    assert get_adapter("kaiju").with_data(tmp_path / "table").engine_cards()
    assert not list((tmp_path / "cache").rglob("cards/**/*.pickle"))
    (tmp_path / "yaml").mkdir()
    (tmp_path / "yaml" / "cards.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    type(get_rules("kaiju")).load_cards(tmp_path / "yaml" / "cards.yaml")
    assert len(list((tmp_path / "cache").rglob("cards/**/*.pickle"))) == 1
