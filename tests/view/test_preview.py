"""The build's preview page shows the table from both seats beside the contact sheet, and the
views are drawn again when the table save changes (and only then)."""

from __future__ import annotations

import os

import pytest
from PIL import Image

from tts_bridge.view.preview import PREVIEW_SCREEN, seat_views

from tests.view.helpers import GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_the_preview_page_shows_both_seats(game_id, build_dir):
    root = build_dir / game_id
    page = (root / "index.html").read_text(encoding="utf-8")
    for seat in ("White", "Red"):
        view = root / "table" / f"view-{seat}.png"
        assert f'src="table/view-{seat}.png"' in page
        with Image.open(view) as img:
            assert img.width == PREVIEW_SCREEN[0] and img.height > PREVIEW_SCREEN[1]
    assert page.index("view-White.png") < page.index('<main>')  # above the contact sheet


def _copied_build(build_dir, tmp_path):
    """A copy of the kaiju build whose table save names the copy's sheets: (root, table, its text)."""
    import shutil

    root = tmp_path / "kaiju"
    shutil.copytree(build_dir / "kaiju", root)
    table = root / "table" / "kaiju-table.json"
    text = table.read_text(encoding="utf-8").replace(str(build_dir / "kaiju"), str(root))
    table.write_text(text, encoding="utf-8")
    return root, table, text


def test_views_are_drawn_again_only_when_the_table_changes(build_dir, tmp_path):
    root, table, text = _copied_build(build_dir, tmp_path)
    problems: list[str] = []
    first = seat_views(root, "kaiju", problems)
    stamps = [p.stat().st_mtime_ns for p in first]
    assert seat_views(root, "kaiju", problems) == first and [p.stat().st_mtime_ns for p in first] == stamps
    later = max(stamps) / 1e9 + 5  # the table is saved again, after the views
    os.utime(table, (later, later))
    seat_views(root, "kaiju", problems)
    assert all(p.stat().st_mtime_ns != s for p, s in zip(first, stamps)) and problems == []


def test_views_are_not_drawn_again_for_a_sheet_the_table_does_not_use(build_dir, tmp_path):
    """An edited card outside the sample decks recomposes its sheet only: the table looks the
    same, so the views stay (the one-card rebuild of a big set spent half its time here);
    a newer sheet the table does use draws them again."""
    root, table, text = _copied_build(build_dir, tmp_path)
    problems: list[str] = []
    first = seat_views(root, "kaiju", problems)
    stamps = [p.stat().st_mtime_ns for p in first]
    later = max(stamps) / 1e9 + 5
    unused = root / "sheets" / "sheet-99.png"
    unused.write_bytes(next((root / "sheets").glob("sheet-*.png")).read_bytes())
    os.utime(unused, (later, later))
    seat_views(root, "kaiju", problems)
    assert [p.stat().st_mtime_ns for p in first] == stamps
    used = next(p for p in (root / "sheets").glob("sheet-*") if f"sheets/{p.name}" in text)
    os.utime(used, (later, later))
    seat_views(root, "kaiju", problems)
    assert all(p.stat().st_mtime_ns != s for p, s in zip(first, stamps)) and problems == []
