"""Layouts: sandboxed Jinja2, undefined fields and syntax errors name file, line and card."""

import pytest

from tts_bridge.assets.layout import LayoutError, Layouts


def _layouts(tmp_path, name, source):
    (tmp_path / name).write_text(source, encoding="utf-8")
    return Layouts(tmp_path)


def test_renders_boxes_and_quotes_card_text(tmp_path):
    lay = _layouts(tmp_path, "t.yaml.j2", "- {type: text, x: 1, y: 2, w: 3, h: 4, text: {{ card.name }}}\n")
    boxes = lay.render("t.yaml.j2", {"card": {"name": 'He said: "no" - [x]'}}, "c1")
    assert boxes == [{"type": "text", "x": 1, "y": 2, "w": 3, "h": 4, "text": 'He said: "no" - [x]'}]


def test_undefined_field_names_file_line_and_card(tmp_path):
    lay = _layouts(tmp_path, "t.yaml.j2", "- {type: rect, x: 0, y: 0, w: 1, h: 1}\n"
                                          "- {type: text, x: 0, y: 0, w: 1, h: 1, text: {{ card.nmae }}}\n")
    with pytest.raises(LayoutError) as exc:
        lay.render("t.yaml.j2", {"card": {"name": "x"}}, "kj-test")
    msg = str(exc.value)
    assert "t.yaml.j2:2" in msg and "kj-test" in msg and "nmae" in msg


def test_syntax_error_names_file_line_and_card(tmp_path):
    lay = _layouts(tmp_path, "t.yaml.j2", "- {type: rect, x: 0, y: 0, w: 1, h: 1}\n{% if card.name %}\n")
    with pytest.raises(LayoutError) as exc:
        lay.render("t.yaml.j2", {"card": {"name": "x"}}, "kj-test")
    assert "t.yaml.j2:" in str(exc.value) and "syntax" in str(exc.value) and "kj-test" in str(exc.value)


def test_sandbox_refuses_python_internals(tmp_path):
    lay = _layouts(tmp_path, "t.yaml.j2", "- {type: text, x: 0, y: 0, w: 1, h: 1, text: "
                                          "{{ card.__class__.__mro__[1].__subclasses__() }}}\n")
    with pytest.raises(LayoutError):
        lay.render("t.yaml.j2", {"card": {"name": "x"}}, "c")


def test_unknown_box_field_is_an_error(tmp_path):
    lay = _layouts(tmp_path, "t.yaml.j2", "- {type: rect, x: 0, y: 0, w: 1, h: 1, colour: red}\n")
    with pytest.raises(LayoutError) as exc:
        lay.render("t.yaml.j2", {}, "c9")
    assert "colour" in str(exc.value) and "c9" in str(exc.value)


def test_item_by_item_parse_equals_whole_document_parse_on_every_real_layout(tmp_path):
    """parse_boxes caches items across cards; it must give exactly what one parse of the
    whole rendered document gives, for every card of every game."""
    import yaml

    from tts_bridge.assets.build import GameBuild, Settings
    from tts_bridge.assets.games import buildable_games
    from tts_bridge.assets.layout import parse_boxes

    checked = 0
    for game in buildable_games()[0]:
        build = GameBuild(game, Settings(out=tmp_path, force=True))
        layouts = Layouts(build.jobs[0]["template_dir"])
        for job in build.jobs:
            source = layouts.env.get_template(job["template"]).render(**job["context"])
            boxes, ok = parse_boxes(source)
            assert ok and boxes == yaml.safe_load(source), f"{game} {job['card_id']}"
            checked += 1
    assert checked > 200


def test_anchors_and_items_that_are_not_self_contained_are_parsed_whole():
    from tts_bridge.assets.layout import parse_boxes

    anchored = "- &frame {type: rect, x: 0, y: 0, w: 1, h: 1}\n- *frame\n"
    assert parse_boxes(anchored)[0] == [{"type": "rect", "x": 0, "y": 0, "w": 1, "h": 1}] * 2
    nested = "- type: rect\n  x: 0\n  y: 0\n  w: 1\n  h: 1\n"
    assert parse_boxes(nested) == ([{"type": "rect", "x": 0, "y": 0, "w": 1, "h": 1}], True)
    mapping = "boxes:\n- {type: rect, x: 0, y: 0, w: 1, h: 1}\n"
    assert parse_boxes(mapping)[1] is False
