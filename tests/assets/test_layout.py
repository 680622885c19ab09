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


# items YAML reads its own way (bools, nulls, other number forms, escapes, plain text with
# spaces, comments, keys in lists, control characters...) and items of the quick subset
_ITEMS = [
    '- {type: rect, x: 2.5, y: -0, w: 58, h: 83.25, fill: "#f6efe2", radius: 2.5, overlap: true}',
    '- {type: text, text: "He said \\"hi\\"\\n\\/ \\t", x: -0.0, id: null, overlap: false}\n\n',
    '- {items: [{"icon": "hp", "label": "Fly"}, {icon: speed, label: 3}], id: stats, y: 1, n: 2}',
    '- {a: [], b: {}, c: x-1, d: Infinity, e: "字 é", f: "#x", a: 2}', '- { a:  b , c: d}',
    '- {a: yes}', '- {a: No}', '- {a: NULL}', '- {a: ~}', '- {On: 1}', '- {a: 1e3}', '- {a: 0x1f}', '- {a: 012}',
    '- {a: 1_000}', '- {a: 1.5.3}', '- {a: .5}', '- {a: 5.}', '- {a: +5}', '- {a: -x}', '- {a: 12abc}',
    '- {a: 123456789012345678901234567890}', '- {a: Hello world}', '- {a: x/y}', '- {a: "\\u00e9"}',
    '- {a:1}', '- {a: [b: 1]}', '- {a: }', '- {a: 1} # c', '- {a: [1, 2, ]}', '- {a: "tab\there"}',
    '- {a: "bell\x07"}', '- {a: "x"y}', '- {a: "x", "b": 1}', '- {a: b}\n  c: d', '-{a: b}', '- [a, b]',
    '- {"x": true, y: "yes", z: [null, false]}', '- {true: 1}', '- {null: 1}', '- {a: True}', '- {a: b-true}',
    '- {a: true-b}', '- {a: "on", b: [x, "off"], c: nullable}', '- {a: [on]}', '- {a: "x": 1}',
]


@pytest.mark.parametrize("item", _ITEMS)
def test_the_quick_item_reader_reads_what_yaml_reads_or_leaves_it_to_yaml(item):
    import yaml

    from tts_bridge.assets.flowitems import parse

    quick = parse(item)
    if quick is None:
        return
    want = yaml.safe_load(item)
    assert [quick] == want and [type(v) for v in quick.values()] == [type(v) for v in want[0].values()]


def test_the_quick_item_reader_takes_our_usual_items_and_any_number_json_writes():
    import json
    import random

    import yaml

    from tts_bridge.assets.flowitems import parse

    assert parse(_ITEMS[0]) is not None and parse(_ITEMS[2]) is not None and parse('- {a: yes}') is None
    rng = random.Random(5)
    taken = 0
    for _ in range(3000):
        number = rng.choice([rng.random() * 10 ** rng.randint(-8, 8), rng.randint(-10**6, 10**6) / 1000,
                             rng.randint(-2**60, 2**60)])
        item = f"- {{v: {json.dumps(number)}}}"
        quick = parse(item)
        if quick is not None:
            taken += 1
            want = yaml.safe_load(item)[0]
            assert quick == want and type(quick["v"]) is type(want["v"]), item
    assert taken > 1500
