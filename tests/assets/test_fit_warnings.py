"""The build reports every overflow (issue 18, scope 5): text outside its box, badge text
wider than its shape, an icon row wider than its box, content boxes overlapping that the layout
does not mean to overlap; each a warning with the card id and the box name, listed on the
preview page. Our own sample cards have none."""

from __future__ import annotations

import html
import shutil

import pytest

from engine.core.registry import game_ids
from tts_bridge.assets.build import REPO, build_game
from tts_bridge.assets.render import Geometry, RenderContext, render

GEO = Geometry(63, 88, 150)
CTX = RenderContext(REPO / "card_data" / "kaiju")


def _warnings(boxes: list[dict]) -> list[str]:
    return render(boxes, GEO, CTX, "test-card")[1].messages("test-card")


def _text(box_id: str, x: float, y: float, w: float, h: float, text: str = "Hi", **kw) -> dict:
    return {"type": "text", "x": x, "y": y, "w": w, "h": h, "text": text, "id": box_id, **kw}


def test_overlapping_content_boxes_are_reported_by_card_and_box():
    boxes = [_text("type_line", 5, 40, 40, 5), {"type": "icons", "x": 40, "y": 40, "w": 15, "h": 5, "id": "stats",
                                               "items": [{"icon": "attack", "label": 3}]}]
    assert _warnings(boxes) == ["card test-card: box 'type_line' overlaps box 'stats' (5.0 x 5.0 mm)"]


def test_boxes_meant_to_overlap_say_so_and_shapes_are_backgrounds():
    boxes = [{"type": "rect", "x": 0, "y": 0, "w": 63, "h": 88, "fill": "#ffffff"},
             {"type": "image", "x": 4, "y": 14, "w": 55, "h": 30, "src": "gen:x", "id": "art"},
             {"type": "ellipse", "x": 48, "y": 35, "w": 11, "h": 11, "fill": "#000000"},
             _text("number", 48, 35, 11, 11, "1", overlap=True, align="center", valign="middle")]
    assert _warnings(boxes) == []


def test_a_badge_whose_text_is_wider_than_its_circle_is_reported():
    circle = {"type": "ellipse", "x": 4.2, "y": 4.0, "w": 8.5, "h": 8.5, "fill": "#1d2430"}
    badge = _text("cost", 4.2, 4.1, 8.5, 8.3, "EE22", size=13, min_size=6, align="center", valign="middle", font="bold")
    assert _warnings([circle, badge]) == ["card test-card: text in box 'cost' runs outside the shape it sits on"]
    one = dict(badge, text="3")
    assert _warnings([circle, one]) == []


def test_an_icon_row_wider_than_its_box_is_reported():
    row = {"type": "icons", "x": 40, "y": 40, "w": 8, "h": 4.4, "align": "right", "id": "stats",
           "items": [{"icon": "aura", "label": "6,7,8,9,10"}, {"icon": "damage", "label": "-/2"}]}
    assert _warnings([row]) == ["card test-card: icons and labels in box 'stats' are wider than the box"]


def test_text_that_does_not_fit_names_its_box():
    assert _warnings([_text("rules_text", 5, 5, 10, 3, "far too much text for this " * 5, min_size=6)]) == [
        "card test-card: text does not fit at the minimum size in box 'rules_text' (clipped)"]


@pytest.mark.parametrize("game", list(game_ids()))
def test_the_sample_cards_have_no_layout_warning(game, small):
    report = build_game(game, small)
    assert report.errors == []
    assert report.warnings == []


def test_the_preview_page_lists_every_warning(tmp_path, small):
    """A layout mistake (the type line widened under the stat icons) shows on the preview page,
    at the top and under the card."""
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    battle = templates / "cards" / "kaiju" / "battle.yaml.j2"
    source = battle.read_text()
    assert "w: 24, h: 5.2, text: {{ card.type_line }}" in source
    battle.write_text(source.replace("w: 24, h: 5.2, text: {{ card.type_line }}", "w: 40, h: 5.2, text: {{ card.type_line }}"))
    small.templates = templates
    report = build_game("kaiju", small)
    expected = "card kj-cindrak: box 'type_line' overlaps box 'stats' (15.5 x 4.4 mm)"
    assert expected in report.warnings
    page = (small.out / "kaiju" / "index.html").read_text()
    assert page.count(html.escape(expected)) == 2
    assert f"<h2>{len(report.warnings)} warning(s)</h2>" in page


def test_a_pill_draws_at_every_resolution():
    """A rect whose radius is half its height (a pill badge) never makes Pillow raise."""
    pill = {"type": "rect", "x": 4.2, "y": 4.0, "w": 9.6, "h": 8.5, "fill": "#1d2430", "outline": "#ffffff",
            "width": 0.4, "radius": 4.25}
    for dpi in range(10, 160):
        render([pill], Geometry(63, 88, dpi), CTX, "pill")


def test_the_shape_test_knows_round_corners_and_ellipses():
    """outside_shape: a line's corner in a rounded corner of its panel is outside, the same
    corner of a square panel is inside; an ellipse holds its centre, not its box's corner."""
    from tts_bridge.assets.fitcheck import PADDING_MM, outside_shape

    panel = {"type": "rect", "x": 0, "y": 0, "w": 20, "h": 10}
    corner = [(PADDING_MM + 0.1, PADDING_MM + 0.1, 10, 5)]
    assert not outside_shape(panel, corner) and outside_shape({**panel, "radius": 3}, corner)
    assert not outside_shape({**panel, "radius": 3}, [(3, 3, 17, 7)])
    assert outside_shape(panel, [(5, 5, 20.5, 6)])  # past the right edge
    badge = {"type": "ellipse", "x": 0, "y": 0, "w": 10, "h": 10}
    assert not outside_shape(badge, [(4, 4, 6, 6)]) and outside_shape(badge, [(1, 1, 5, 5)])
    assert outside_shape({**badge, "w": 0.5}, [(0.2, 4, 0.3, 6)])  # thinner than its padding
