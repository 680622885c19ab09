"""A rebuild after an edit to a grown card set writes exactly the files a clean build of the
edited set writes in another folder, byte for byte (issue 21, scope 1: a one-card rebuild
works on what changed, from the records the last build left). Edits that break the set stop
the rebuild as they stop a clean build: the same lines, exit code 2."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tts_bridge.assets import build as build_mod
from tts_bridge.assets.bench import _edit_one_card, synthesize
from tts_bridge.assets.build import Settings, build_game
from tts_bridge.assets.games import get_adapter
from tts_bridge.cli import main

CARDS = 100  # the 37 sample cards and copies (the middle card is a copy): 10 sheets of 10 below


def _settings(out: Path) -> Settings:
    return Settings(out=out, dpi=20, max_cols=5, max_rows=2)


def _rewrite(data: Path, change) -> None:
    path = data / "cards.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc["cards"])
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")


def _added(cards: list) -> None:
    cards.insert(45, {**cards[-1], "id": "kj-added", "name": "Added Beast"})


def _renamed(cards: list) -> None:
    cards[-3]["name"] = "Renamed Beast"


def _deck_card_edited(cards: list) -> None:
    card = next(c for c in cards if c["id"] == "kj-tidal-nursery")  # in a sample deck
    card["text"] = "Edited. " + card.get("text", "")


EDITS = {
    "one card's text": _edit_one_card,
    "a deck card's text": lambda data: _rewrite(data, _deck_card_edited),
    "a card removed": lambda data: _rewrite(data, lambda cards: cards.pop(50)),
    "a card added": lambda data: _rewrite(data, _added),
    "a card renamed": lambda data: _rewrite(data, _renamed),
}


# a table save says when it was written (TTS shows it in the load menu)
_WRITTEN = re.compile(rb'"(EpochTime|Date)": ("[^"]*"|\d+)')


def _outputs(root: Path) -> dict[Path, bytes]:
    """Every file the build wrote but its own records, with the folder's own path and the
    time a table save was written taken out."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and ".cache" not in path.relative_to(root).parts:
            data = path.read_bytes()
            for name in {str(root), str(root.resolve())}:
                data = data.replace(name.encode(), b"<out>")
            out[path.relative_to(root)] = _WRITTEN.sub(rb'"\1": 0', data)
    return out


@pytest.fixture
def grown(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return synthesize("kaiju", CARDS, tmp_path / "set")


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_rebuild_after_an_edit_writes_what_a_clean_build_writes(edit, grown, tmp_path, monkeypatch):
    adapter = get_adapter("kaiju").with_data(grown)
    warm = tmp_path / "warm"
    build_game("kaiju", _settings(warm), adapter=adapter)
    EDITS[edit](grown)
    if "text" in edit:  # the faces folder is not listed: the build looks at the changed card only
        monkeypatch.setattr(build_mod, "_names_in", lambda folder: pytest.fail("every card was looked at"))
    if edit == "one card's text":  # no deck names it: the decks resolve as last time
        monkeypatch.setattr(adapter, "sample_deck_groups", lambda: pytest.fail("the decks were resolved again"))
    again = build_game("kaiju", _settings(warm), adapter=adapter)
    monkeypatch.undo()
    assert again.cards_rendered == (0 if edit == "a card removed" else 1) and not again.errors
    cold_data = tmp_path / "cold-set" / "kaiju"
    shutil.copytree(grown, cold_data)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cold-cache"))
    cold = tmp_path / "cold"
    build_game("kaiju", _settings(cold), adapter=get_adapter("kaiju").with_data(cold_data))
    ours, theirs = _outputs(warm / "kaiju"), _outputs(cold / "kaiju")
    assert list(ours) == list(theirs)
    assert [p for p in ours if ours[p] != theirs[p]] == []


def _unknown_in_deck(cards: list) -> None:
    next(c for c in cards if c["id"] == "kj-tidal-nursery")["name"] = "Tidal Pool"


def _name_twice(cards: list) -> None:
    cards[40]["name"], cards[40]["prefix"] = cards[41]["name"], cards[41].get("prefix", "")


@pytest.mark.parametrize("bad", [_unknown_in_deck, _name_twice], ids=["deck name unknown", "a title twice"])
def test_an_edit_that_breaks_the_set_stops_the_rebuild_as_it_stops_a_clean_build(bad, grown, tmp_path, monkeypatch):
    monkeypatch.setenv("TTS_BRIDGE_DATA", str(grown.parent))
    args = ["build", "kaiju", "--dpi", "20"]
    first = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "warm")])
    assert first.exit_code == 0, first.output
    _rewrite(grown, bad)
    again = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "warm")])
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cold-cache"))
    cold = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "cold")])
    assert again.exit_code == cold.exit_code == 2
    assert again.output == cold.output and again.output.startswith("error: ")
    assert "Traceback" not in again.output
    if bad is _unknown_in_deck:
        assert "unknown card 'Tidal Nursery'" in again.output
    else:
        assert "is already used by another card" in again.output


def test_the_changed_places_are_found_in_a_run_of_digests():
    old = [bytes([i % 251, i // 251]) * 16 for i in range(300)]
    new = list(old)
    for i in (0, 63, 64, 299):
        new[i] = b"x" * 32
    assert build_mod._differing(b"".join(old), b"".join(new), 300) == [0, 63, 64, 299]
    assert build_mod._differing(b"".join(old), b"".join(old), 300) == []
