"""Rebuilds that cost what changed: a no-op rebuild reads no card and writes nothing (the build
record, tts_bridge/assets/buildrecord.py); an incremental rebuild writes exactly what a clean
build of the same data writes; an edit to each kind of input rebuilds what depends on it."""

import json
import os
import shutil
from pathlib import Path

import pytest

from engine.core.errors import DataError
from tts_bridge.assets import build as build_mod
from tts_bridge.assets.build import build_game


def _build(adapter, settings):
    return build_game("kaiju", settings, adapter=adapter)


def _outputs(root: Path) -> dict[str, bytes]:
    """Every output file's bytes (the `.cache` folder is the build's own memory, not output).
    The table save's `EpochTime` and `Date` say when it was written, not what from: left out."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_file() and ".cache" not in p.relative_to(root).parts:
            data = p.read_bytes()
            if p.name.endswith("-table.json"):
                save = json.loads(data)
                data = json.dumps({k: v for k, v in save.items() if k not in ("EpochTime", "Date")}).encode()
            out[p.relative_to(root).as_posix()] = data
    return out


def _mtimes(root: Path) -> dict[str, int]:
    return {str(p): p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def _edit_card_text(data: Path, old: str, new: str) -> None:
    cards = data / "cards.yaml"
    text = cards.read_text()
    assert old in text
    cards.write_text(text.replace(old, new, 1))


def test_noop_rebuild_reads_no_card_and_writes_nothing(kaiju_copy, small, monkeypatch):
    adapter, _ = kaiju_copy
    first = _build(adapter, small)
    root = small.out / "kaiju"
    before = _mtimes(root)
    planned = []
    monkeypatch.setattr(build_mod.GameBuild, "__init__", lambda *a, **k: planned.append(a) or 1 / 0)
    again = _build(adapter, small)
    assert planned == [] and _mtimes(root) == before
    assert again.cards_rendered == 0 and again.cards_reused == first.card_count
    assert again.sheets_composed == 0 and again.sheets_reused == len(first.sheets)
    assert (again.table_save, again.deck_objects, again.sheets, again.warnings) == \
        (first.table_save, first.deck_objects, first.sheets, first.warnings)


def test_a_deleted_or_touched_output_is_written_again(kaiju_copy, small):
    adapter, _ = kaiju_copy
    first = _build(adapter, small)
    deck = Path(first.deck_objects[0])
    good = deck.read_bytes()
    deck.unlink()
    _build(adapter, small)
    assert deck.read_bytes() == good
    deck.write_text("{}")
    _build(adapter, small)
    assert deck.read_bytes() == good


def test_a_deleted_or_stray_face_is_seen_without_a_stat_per_face(kaiju_copy, small, monkeypatch):
    """The record stands for the faces folder by the folder's own stat: a face deleted (or a
    stray file added) after the build still sends the rebuild to the ordinary build."""
    from tts_bridge.assets import buildrecord

    adapter, _ = kaiju_copy
    first = _build(adapter, small)
    faces = small.out / "kaiju" / "faces"
    face = next(faces.glob("kj-*.png"))
    good = face.read_bytes()
    face.unlink()
    again = _build(adapter, small)
    assert again.cards_rendered == 1 and face.read_bytes() == good
    (faces / "stray.png").write_bytes(b"")
    assert buildrecord.recorded_report(small.out / "kaiju", _inputs(adapter, small)) is None
    listed = [rel for rel, _ in buildrecord._files(small.out / "kaiju", buildrecord._ONE_PER_CARD)]
    assert "faces" + os.sep in listed and not [rel for rel in listed if rel.startswith("faces" + os.sep + "kj")]
    assert first.card_count > 1


def _inputs(adapter, settings):
    from tts_bridge.assets import buildrecord

    return buildrecord.input_digest(adapter, settings, build_mod._template_dir(settings, "kaiju"))


def test_incremental_rebuild_is_byte_identical_to_a_clean_build(kaiju_copy, small):
    adapter, data = kaiju_copy
    root = small.out / "kaiju"
    _build(adapter, small)
    _edit_card_text(data, 'text: "Spark Bite - Attack 3."', 'text: "Spark Bite - Attack 3. Edited."')
    r = _build(adapter, small)
    assert r.cards_rendered == 1
    incremental = _outputs(root)
    shutil.rmtree(root)
    clean = _build(adapter, small)
    assert clean.cards_rendered == clean.card_count
    assert sorted(incremental) == sorted(_outputs(root))
    assert [name for name, data in _outputs(root).items() if incremental[name] != data] == []


_SPARE = """
  - id: kj-spare
    type: battle
    name: Sparemaw
    category: Volcanic
    hp: 5
    speed: 2
    cost: 1
    moves:
      - name: Spare Bite
        kind: attack
        amount: 2
    text: "Spare Bite - Attack 2."
"""


def test_an_edit_to_a_card_in_no_deck_leaves_the_objects_and_matches_a_clean_build(kaiju_copy, small):
    """The deck objects and the table save show the decks' cards (and every card's tags): an
    edit to a card in no deck rewrites neither, and the folder is still a clean build's."""
    adapter, data = kaiju_copy
    cards = data / "cards.yaml"
    cards.write_text(cards.read_text() + _SPARE)
    root = small.out / "kaiju"
    first = _build(adapter, small)
    objects = {p: Path(p).stat().st_mtime_ns for p in [first.table_save, *first.deck_objects]}
    _edit_card_text(data, 'text: "Spare Bite - Attack 2."', 'text: "Spare Bite - Attack 2. Edited."')
    r = _build(adapter, small)
    assert r.cards_rendered == 1 and {p: Path(p).stat().st_mtime_ns for p in objects} == objects
    incremental = _outputs(root)
    shutil.rmtree(root)
    _build(adapter, small)
    assert [name for name, data in _outputs(root).items() if incremental.get(name) != data] == []
    assert sorted(incremental) == sorted(_outputs(root))


def test_a_new_card_error_is_reported_after_a_clean_build(kaiju_copy, small):
    """The record (and the engine's memo of cards that passed) never hides a new error."""
    adapter, data = kaiju_copy
    _build(adapter, small)
    cards = data / "cards.yaml"
    good = cards.read_text()
    cards.write_text(good.replace("hp: ", "hp: -", 1))
    with pytest.raises(DataError) as err:
        _build(adapter, small)
    assert "cards.yaml:" in err.value.problems[0] and "hp" in err.value.problems[0]
    with pytest.raises(DataError):  # and again: an error is never remembered
        _build(adapter, small)
    cards.write_text(good)
    assert _build(adapter, small).errors == []


# -- each kind of input: an edit rebuilds what depends on it ------------------------------------

def test_a_template_edit_redraws_the_cards_of_that_template(kaiju_copy, small, tmp_path):
    adapter, _ = kaiju_copy
    templates = tmp_path / "templates"
    shutil.copytree(small.templates / "cards", templates / "cards")
    small.templates = templates
    _build(adapter, small)
    skill = templates / "cards" / "kaiju" / "skill.yaml.j2"
    skill.write_text(skill.read_text() + "\n# an edit\n")
    r = _build(adapter, small)
    assert r.cards_rendered > 0 and not r.errors


def test_a_font_edit_redraws_every_card(kaiju_copy, small, tmp_path, monkeypatch):
    from tts_bridge.assets import fonts

    adapter, _ = kaiju_copy
    installed = fonts.find_font("DejaVuSans.ttf")
    assert installed, "the test needs DejaVu Sans (fonts-dejavu-core)"
    folder = tmp_path / "fonts"
    folder.mkdir()
    font = Path(shutil.copy(installed, folder / "DejaVuSans.ttf"))
    monkeypatch.setenv("TTS_BRIDGE_FONT_DIRS", str(folder))
    _build(adapter, small)
    st = font.stat()
    os.utime(font, (st.st_atime + 100, st.st_mtime + 100))  # a new version of the font
    r = _build(adapter, small)
    assert r.cards_rendered == r.card_count


def test_an_art_file_edit_redraws_its_card(kaiju_copy, small):
    from PIL import Image

    adapter, data = kaiju_copy
    card = adapter.cards()[0].id
    (data / "art").mkdir(exist_ok=True)
    art = data / "art" / f"{card}.png"
    Image.new("RGB", (8, 8), "#205080").save(art)
    assert _build(adapter, small).errors == []
    Image.new("RGB", (16, 16), "#802050").save(art)
    r = _build(adapter, small)
    assert r.cards_rendered == 1


def test_a_deck_list_edit_rewrites_the_deck_objects(kaiju_copy, small):
    adapter, data = kaiju_copy
    first = _build(adapter, small)
    (deck,) = json.loads(Path(first.deck_objects[0]).read_text())["ObjectStates"]
    first_order = [c["GMNotes"] for c in deck["ContainedObjects"]]
    deck_file = sorted((data / "decks").glob("*.txt"))[0]
    lines = deck_file.read_text().splitlines()
    deck_file.write_text("\n".join(reversed(lines)) + "\n")  # the same cards, another order
    r = _build(adapter, small)
    assert r.cards_rendered == 0
    (deck,) = json.loads(Path(r.deck_objects[0]).read_text())["ObjectStates"]
    order = [c["GMNotes"] for c in deck["ContainedObjects"]]
    assert order == adapter.sample_decks()[0][1] and order != first_order


def test_a_setting_edit_rewrites_the_objects(kaiju_copy, small):
    adapter, _ = kaiju_copy
    _build(adapter, small)
    small.base_url = "https://example.org/mod"
    r = _build(adapter, small)
    assert r.cards_rendered == 0
    assert "https://example.org/mod/kaiju/sheets/" in Path(r.deck_objects[0]).read_text()


def test_one_card_rebuild_builds_the_context_of_that_card_only(kaiju_copy, small, monkeypatch):
    """Unchanged cards keep their plan by their source digest (adapter.source): no template
    context is built for them, and the cards index and the preview page are not rewritten
    when nothing they show changed."""
    adapter, data = kaiju_copy
    _build(adapter, small)
    asked = []
    real = type(adapter).context
    monkeypatch.setattr(type(adapter), "context", lambda self, card: asked.append(card.id) or real(self, card))
    root = small.out / "kaiju"
    index, page = ((root / name).stat().st_mtime_ns for name in ("cards.json", "index.html"))
    _edit_card_text(data, 'text: "Spark Bite - Attack 3."', 'text: "Spark Bite - Attack 3. Edited."')
    r = _build(adapter, small)
    assert r.cards_rendered == 1 and len(asked) == 1
    assert (root / "cards.json").stat().st_mtime_ns != index  # the card's text is in the index...
    assert (root / "index.html").stat().st_mtime_ns == page   # ...not on the preview page


def test_one_card_rebuild_makes_the_tts_text_of_that_card_only(kaiju_copy, small, monkeypatch):
    """A card's TTS description and tags are kept in its manifest entry with the source they
    were made from: a one-card rebuild makes them for that card only, and cards.json shows the
    edit (the whole folder is a clean build's: the test above)."""
    import gc
    import json

    adapter, data = kaiju_copy
    _build(adapter, small)
    asked = []
    real = type(adapter).description
    monkeypatch.setattr(type(adapter), "description", lambda self, card: asked.append(card.id) or real(self, card))
    _edit_card_text(data, 'text: "Spark Bite - Attack 3."', 'text: "Spark Bite - Attack 3. Edited."')
    r = _build(adapter, small)
    index = json.loads((small.out / "kaiju" / "cards.json").read_text())["cards"]
    assert r.cards_rendered == 1 and len(asked) == 1
    assert "\nSpark Bite - Attack 3. Edited.\n" in index[asked[0]]["description"]
    assert gc.isenabled()  # the build pauses the cyclic collector, and only while it runs


def test_the_preview_page_is_made_again_only_when_what_it_shows_changed(kaiju_copy, small, monkeypatch):
    """An edit to a card's text does not make the preview page again; a new title, or a page
    deleted or edited since, gives the page a clean build writes."""
    made_pages = []
    real = build_mod.write_preview
    monkeypatch.setattr(build_mod, "write_preview", lambda *a: made_pages.append(a[1]) or real(*a))
    adapter, data = kaiju_copy
    cards = data / "cards.yaml"
    cards.write_text(cards.read_text() + _SPARE)
    first = _build(adapter, small)
    page = Path(first.preview)
    made = page.stat().st_mtime_ns
    _edit_card_text(data, 'text: "Spare Bite - Attack 2."', 'text: "Spare Bite - Attack 2. Edited."')
    assert _build(adapter, small).cards_rendered == 1 and page.stat().st_mtime_ns == made
    assert made_pages == ["kaiju"]  # the first build's only
    _edit_card_text(data, "name: Sparemaw", "name: Sparejaw")  # in no deck, named by no other card
    _build(adapter, small)
    assert b"Sparejaw" in page.read_bytes()
    good = page.read_bytes()
    page.write_text("edited")
    _build(adapter, small)
    assert page.read_bytes() == good
    page.unlink()
    _build(adapter, small)
    assert page.read_bytes() == good


@pytest.mark.parametrize("program", [True, False])
def test_only_the_one_shot_build_program_leaves_the_collector_off(program, tmp_path):
    """The `tts-bridge` program (cli.run) ends when its build does: the collector stays off
    (engine/core/gcpause.py, one_shot_process), so what the build made is not walked again before
    the exit; the same command called in a process that lives on (cli.main) leaves it on."""
    import subprocess
    import sys

    entry = "run" if program else "main"
    probe = ("import atexit, gc, sys; atexit.register(lambda: print('collector on:', gc.isenabled())); "
             f"sys.argv = ['tts-bridge', 'build', 'qiguang', '--out', {str(tmp_path / 'out')!r}, '--dpi', '20']; "
             f"from tts_bridge.cli import {entry}; {entry}()")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == f"collector on: {not program}"
