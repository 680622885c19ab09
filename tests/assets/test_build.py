"""Incremental builds: per-card hashes, only changed cards re-rendered, only their sheets
recomposed; template errors become red placeholders; every output validates."""

import json
import shutil
from pathlib import Path

import pytest

from tts_bridge.assets.build import build_game
from tts_bridge.saves.validate import errors, validate_file


def _build(adapter, settings):
    return build_game("kaiju", settings, adapter=adapter)


def test_cold_build_writes_everything_and_it_validates(kaiju_copy, small):
    adapter, _ = kaiju_copy
    r = _build(adapter, small)
    n = len(adapter.cards())
    assert r.card_count == n and r.cards_rendered == n and r.cards_reused == 0
    assert r.errors == [] and r.warnings == []
    assert len(r.sheets) == -(-n // 10)  # 5x2 grid in tests: 10 cards per sheet
    for path in [r.table_save, *r.deck_objects]:
        assert errors(validate_file(Path(path), strict=True)) == []
        assert Path(path).with_suffix(".png").is_file()
    root = small.out / "kaiju"
    assert (root / "index.html").read_text().count("<figure class=") == n  # one per card (the table views too)
    assert len(list((root / "faces").glob("*.png"))) == n + 1  # + the back


def test_deck_objects_follow_the_sample_decks(kaiju_copy, small):
    adapter, _ = kaiju_copy
    r = _build(adapter, small)
    decks = adapter.sample_decks()
    for (name, ids), path in zip(decks, r.deck_objects):
        save = json.loads(Path(path).read_text())
        (deck,) = save["ObjectStates"]
        assert deck["Name"] == "Deck" and deck["Nickname"] == name
        assert len(deck["ContainedObjects"]) == len(ids) == 40
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        titles = {c.id: c.title for c in adapter.cards()}
        assert [c["Nickname"] for c in deck["ContainedObjects"]] == [titles[i] for i in ids]
        assert [c["GMNotes"] for c in deck["ContainedObjects"]] == ids
        for c in deck["ContainedObjects"]:
            key = str(c["CardID"] // 100)
            assert key in deck["CustomDeck"] and list(c["CustomDeck"]) == [key]
            assert c["Description"] and "kaiju" in c["Tags"]
        guids = [deck["GUID"]] + [c["GUID"] for c in deck["ContainedObjects"]]
        assert len(set(guids)) == len(guids)


def test_table_save_has_zones_snap_points_supplies_decks_and_glue(kaiju_copy, small):
    adapter, _ = kaiju_copy
    r = _build(adapter, small)
    save = json.loads(Path(r.table_save).read_text())
    names = [o["Name"] for o in save["ObjectStates"]]
    zones = [z for z in adapter.zones if z.kind != "hand"]
    assert names.count("ScriptingTrigger") == 2 * len(zones)
    assert names.count("HandTrigger") == 2
    assert len(save["SnapPoints"]) == 2 * sum(z.slots for z in zones)
    assert names.count("Custom_Board") == 1 and names.count("Counter") == 2 and "Infinite_Bag" in names
    decks = [o for o in save["ObjectStates"] if o["Name"] == "Deck"]
    assert len(decks) == 2 and {d["Transform"]["posZ"] > 0 for d in decks} == {True, False}
    assert save["LuaScript"].strip() and "kaiju" in save["LuaScript"]
    board = save["ObjectStates"][0]["CustomImage"]["ImageURL"]
    assert board.startswith("file:///") and Path(board[7:]).is_file()


def test_noop_rebuild_renders_nothing(kaiju_copy, small):
    adapter, _ = kaiju_copy
    _build(adapter, small)
    r = _build(adapter, small)
    assert r.cards_rendered == 0 and r.cards_reused == r.card_count
    assert r.sheets_composed == 0 and r.sheets_reused == len(r.sheets)


def test_a_lost_cell_cache_is_rebuilt_once(kaiju_copy, small):
    """Faces and sheets up to date but `.cache/cells` gone (deleted, or an older version's
    layout): the cards are rendered again and their cells kept, so the next build renders nothing."""
    import shutil

    adapter, _ = kaiju_copy
    _build(adapter, small)
    cells = small.out / "kaiju" / ".cache" / "cells"
    shutil.rmtree(cells)
    cells.mkdir()
    (cells / "old-card@10x14.rgb.z").write_bytes(b"an earlier cache layout")
    again = _build(adapter, small)
    assert again.cards_rendered == again.card_count and not again.errors
    # back + one pack per sheet, and the index of what each pack holds
    assert sorted(p.suffix for p in cells.iterdir()) == [".json"] + [".zip"] * (1 + len(again.sheets))
    r = _build(adapter, small)
    assert r.cards_rendered == 0 and r.sheets_composed == 0


def test_changing_one_card_rerenders_it_and_recomposes_only_its_sheet(kaiju_copy, small):
    adapter, data = kaiju_copy
    first = _build(adapter, small)
    cards = data / "cards.yaml"
    text = cards.read_text()
    assert 'text: "Spark Bite - Attack 3."' in text
    cards.write_text(text.replace('text: "Spark Bite - Attack 3."', 'text: "Spark Bite - Attack 3. Edited."'))
    before = {p: Path(p).stat().st_mtime_ns for p in first.sheets}
    r = _build(adapter, small)
    assert r.cards_rendered == 1 and r.cards_reused == r.card_count - 1
    assert r.sheets_composed == 1 and r.sheets_reused == len(r.sheets) - 1
    changed = [p for p in r.sheets if Path(p).stat().st_mtime_ns != before[p]]
    assert len(changed) == 1


def test_template_change_rerenders_all(kaiju_copy, small, tmp_path):
    adapter, _ = kaiju_copy
    templates = tmp_path / "templates"
    shutil.copytree(small.templates / "cards", templates / "cards")
    small.templates = templates
    _build(adapter, small)
    back = templates / "cards" / "kaiju" / "back.yaml.j2"
    back.write_text(back.read_text().replace("#f4d9b8", "#ffffff"))
    r = _build(adapter, small)
    assert r.cards_rendered == r.card_count  # the back changed: shared frame and back in every hash


def test_template_error_gives_red_placeholder_and_names_file_line_card(kaiju_copy, small, tmp_path):
    adapter, _ = kaiju_copy
    templates = tmp_path / "templates"
    shutil.copytree(small.templates / "cards", templates / "cards")
    small.templates = templates
    skill = templates / "cards" / "kaiju" / "skill.yaml.j2"
    lines = skill.read_text().splitlines()
    lines.insert(1, "- {type: text, x: 0, y: 0, w: 9, h: 9, text: {{ card.no_such_field }}}")
    skill.write_text("\n".join(lines) + "\n")
    r = _build(adapter, small)
    assert r.errors and all("skill.yaml.j2:2" in e and "no_such_field" in e for e in r.errors)
    skills = [c.id for c in adapter.cards() if c.type == "skill"]
    assert len(r.errors) == len(skills) and all(any(s in e for e in r.errors) for s in skills)
    from PIL import Image
    with Image.open(small.out / "kaiju" / "faces" / f"{skills[0]}.png") as im:
        assert im.getpixel((3, 3)) == (176, 0, 32)  # the red error card


def test_missing_art_warns_with_card_and_path(kaiju_copy, small):
    adapter, data = kaiju_copy
    (data / "art.yaml").write_text("kj-cindrak: art/cindrak.png\n")
    r = _build(adapter, small)
    assert any("kj-cindrak" in w and "cindrak.png" in w for w in r.warnings)


def test_art_outside_card_data_is_refused(kaiju_copy, small):
    adapter, data = kaiju_copy
    (data / "art.yaml").write_text("kj-cindrak: ../../../../etc/passwd\n")
    r = _build(adapter, small)
    assert any("kj-cindrak" in e and "outside" in e for e in r.errors)


def test_options_hidden_cell_unique_backs_jpeg_and_base_url(kaiju_copy, small):
    adapter, _ = kaiju_copy
    small.hidden_cell, small.unique_backs, small.fmt = True, True, "jpeg"
    small.base_url = "https://example.invalid/assets"
    r = _build(adapter, small)
    assert all(p.endswith(".jpg") for p in r.sheets) and any(p.endswith("-backs.jpg") for p in r.sheets)
    deck = json.loads(Path(r.deck_objects[0]).read_text())["ObjectStates"][0]
    for entry in deck["CustomDeck"].values():
        assert entry["BackIsHidden"] is False and entry["UniqueBack"] is True
        assert entry["FaceURL"].startswith("https://example.invalid/assets/kaiju/sheets/")
    for c in deck["ContainedObjects"]:
        entry = deck["CustomDeck"][str(c["CardID"] // 100)]
        assert c["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"] - 1  # never the hidden cell
    assert errors(validate_file(Path(r.deck_objects[0]), strict=True)) == []


def test_bleed_is_rendered_and_cropped_from_sheets(kaiju_copy, small):
    adapter, _ = kaiju_copy
    small.bleed_mm = 3.0
    r = _build(adapter, small)
    from PIL import Image
    geo = small.geometry(adapter)
    with Image.open(small.out / "kaiju" / "faces" / "kj-cindrak.png") as face:
        assert face.size == geo.size_px and geo.size_px[0] == geo.trim_px[0] + 2 * geo.bleed_px
    assert errors(validate_file(Path(r.deck_objects[0]), strict=True)) == []


def test_bad_card_file_names_file_line_and_field(kaiju_copy, small):
    import pytest
    from engine.core.errors import DataError

    adapter, data = kaiju_copy
    cards = data / "cards.yaml"
    cards.write_text(cards.read_text().replace("hp: 7", "hp: seven", 1))
    with pytest.raises(DataError) as exc:
        _build(adapter, small)
    assert any("cards.yaml:" in p and "hp" in p for p in exc.value.problems)
    assert not (small.out / "kaiju" / "table").exists()  # nothing written


def test_several_games_share_one_pool_and_a_broken_game_does_not_stop_the_others(small):
    """build_games plans, renders, composes and finishes games on one set of workers; a game
    that cannot be planned gets a report with its error and the others still build."""
    from tts_bridge.assets.build import build_games

    small.jobs = 2
    seen = []
    reports = build_games(["kaiju", "no-such-game", "qiguang"], small,
                          progress=lambda stage, done, total: seen.append((stage, done, total)))
    kaiju, broken, qiguang = reports
    assert [r.game for r in reports] == ["kaiju", "no-such-game", "qiguang"]
    assert broken.errors and "no-such-game" in broken.errors[0] and not broken.table_save
    for r in (kaiju, qiguang):
        assert r.errors == [] and r.cards_rendered == r.card_count > 6
        for path in [r.table_save, *r.deck_objects, *r.sheets]:
            assert Path(path).is_file()
        assert errors(validate_file(Path(r.table_save), strict=True)) == []
    renders = [d for s, d, _ in seen if s == "render"]
    assert renders[-1] == kaiju.card_count + qiguang.card_count + 2  # + each game's back


def test_a_render_worker_leaves_what_it_inherited_out_of_the_collector():
    """`_worker_start` (the pool's initializer) freezes the inherited heap and turns the
    collector on for what the worker makes."""
    import gc

    from tts_bridge.assets.build import _worker_start

    was = gc.isenabled()
    gc.disable()
    try:
        _worker_start()
        assert gc.get_freeze_count() > 0 and gc.isenabled()
    finally:
        gc.unfreeze()
        (gc.enable if was else gc.disable)()


def test_each_game_is_drawn_by_one_worker_until_a_worker_runs_out_of_its_own():
    """`_Lanes`: a game's cards go to one worker (it keeps that game's frames and glyph runs
    warm), the next game to the worker with the fewest waiting; a worker with none of its own
    left takes from the end of the longest queue; every card is handed out once."""
    from tts_bridge.assets.build import _Lanes

    lanes = _Lanes(2)
    lanes.add(0, [{"n": n} for n in range(5)])
    lanes.add(1, [{"n": n} for n in range(2)])
    lanes.add(2, [])
    lanes.add(3, [{"n": n} for n in range(3)])  # lane 1 has 2 waiting, lane 0 has 5
    assert [lanes.take(0) for _ in range(2)] == [(0, {"n": 0}), (0, {"n": 1})]
    assert [lanes.take(1) for _ in range(5)] == [(1, {"n": 0}), (1, {"n": 1}), (3, {"n": 0}), (3, {"n": 1}),
                                                 (3, {"n": 2})]
    assert lanes.take(1) == (0, {"n": 4})  # lane 1 ran out: from the end of lane 0's queue
    assert [lanes.take(0) for _ in range(2)] == [(0, {"n": 2}), (0, {"n": 3})]
    assert not lanes


@pytest.mark.parametrize("damage, says", [
    (b"\xff", "(file): not UTF-8 text (byte {at}); save the file as UTF-8"),
    (b"\x00", "(yaml): character U+0000 is not allowed in YAML (control characters are not allowed); delete it"),
    (b"\x19", "(yaml): character U+0019 is not allowed in YAML (control characters are not allowed); delete it"),
])
def test_a_card_file_with_bytes_no_text_editor_writes_is_one_line_at_their_line(kaiju_copy, small, damage, says):
    """Found by fuzzing the card file: a byte that is not UTF-8 was a UnicodeDecodeError
    traceback, and a control character a two-line message at line 0."""
    from engine.core.errors import DataError

    adapter, data = kaiju_copy
    cards = data / "cards.yaml"
    raw = cards.read_bytes()
    line = 40
    at = len(b"".join(raw.splitlines(keepends=True)[:line - 1])) + 3  # inside line 40
    cards.write_bytes(raw[:at] + damage + raw[at:])
    with pytest.raises(DataError) as exc:
        _build(adapter, small)
    assert exc.value.problems == [f"{cards}:{line}: " + says.format(at=at)]
    assert not (small.out / "kaiju" / "table").exists()  # nothing written
