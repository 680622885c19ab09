"""Card files parsed card by card (engine/core/yamlchunks.py, issue 21: rebuilds that cost what
changed) give exactly what the whole-file parse gives, line numbers included, cold and from the
cache, and the same error for a broken file."""

from __future__ import annotations

import pytest

from engine.core import carddata
from engine.core.errors import DataError
from engine.core.registry import game_ids, get_rules


def _same(a, b):
    """The same values, and the same line for every element as `line_of` (the one reader of
    line numbers) gives it: a card that moved carries a `shift` instead of new lines."""
    def walk(x, y, path):
        assert type(x) is type(y), path
        assert carddata.line_of(a, path) == carddata.line_of(b, path), path
        if isinstance(x, carddata.LineDict):
            assert list(x) == list(y), path
            for k in x:
                walk(x[k], y[k], [*path, k])
        elif isinstance(x, carddata.LineList):
            assert len(x) == len(y), path
            for i in range(len(x)):
                walk(x[i], y[i], [*path, i])
        else:
            assert x == y, path
    walk(a, b, [])


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _both(path):
    whole = carddata.load_yaml(path.read_text(encoding="utf-8-sig"), str(path))
    return whole, carddata.read_yaml_file(path)


@pytest.mark.parametrize("game", game_ids())
def test_every_games_card_file_parses_the_same_card_by_card_cold_and_warm(game, cache):
    path = get_rules(game).data / "cards.yaml"
    whole, cold = _both(path)
    _same(whole, cold)
    assert list(cache.rglob("*.pickle")), "the chunks were not kept"
    _same(whole, carddata.read_yaml_file(path))


TRICKY = {
    "column-0 items": "cards:\n- id: a\n  n: 1\n- id: b\n",
    "comments and blank lines": "# head\n\ncards:  # the cards\n\n  # first\n  - id: a\n\n    n: 1\n  # between\n  - id: b\nother: 3\n",
    "flow sections": "goddesses: [{id: a}, {id: b}]\ncards:\n  - {id: x, text: \"a - b\"}\n",
    "nested item starting on the next line": "cards:\n  -\n    id: a\n  - id: b\n",
    "literal text": "cards:\n  - id: a\n    text: |\n      - not an item\n      line\n  - id: b\n",
    "anchor within one card": "cards:\n  - id: a\n    x: &v [1, 2]\n    y: *v\n",
    "anchor across cards": "cards:\n  - id: a\n    x: &v [1, 2]\n  - id: b\n    y: *v\n",
    "mapping section": "meta:\n  name: x\n  list:\n    - 1\ncards:\n  - id: a\n",
    "empty section": "cards:\nother:\n  - 1\n",
    "multi-line quoted": "cards:\n  - id: a\n    text: \"one\n    two\"\n  - id: b\n",
    "document marker": "---\ncards:\n  - id: a\n",
    "dates and sets": "cards:\n  - id: a\n    when: 2026-12-02\n    tags: !!set {x, y}\n",
    "crlf": "cards:\r\n  - id: a\r\n  - id: b\r\n",
    "same indentation continuation": "cards:\n  - id: a\n  x: 1\n",
}


@pytest.mark.parametrize("name", list(TRICKY))
def test_tricky_documents_parse_the_same_or_fail_the_same(name, tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_bytes(TRICKY[name].encode("utf-8"))
    try:
        whole = carddata.load_yaml(TRICKY[name], str(path))
    except DataError as exc:
        with pytest.raises(DataError) as chunked:
            carddata.read_yaml_file(path)
        assert chunked.value.problems == exc.problems
        return
    for _ in range(2):  # cold, then from the cache
        _same(whole, carddata.read_yaml_file(path))


@pytest.mark.parametrize("bad", ["cards:\n  - id: a\n    n: [1\n  - id: b\n", "cards:\n  - id: a\ncards:\n  - id: b\n",
                                 "cards:\n  - id: a\n    id: b\n"])
def test_broken_files_report_the_whole_files_error(bad, tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(DataError) as whole:
        carddata.load_yaml(bad, str(path))
    with pytest.raises(DataError) as chunked:
        carddata.read_yaml_file(path)
    assert chunked.value.problems == whole.value.problems


def test_an_edit_reparses_only_the_changed_card_and_moves_the_lines_of_the_rest(tmp_path, monkeypatch):
    path = tmp_path / "cards.yaml"
    cards = [f"  - id: c{i}\n    text: card {i}\n" for i in range(20)]
    path.write_text("cards:\n" + "".join(cards), encoding="utf-8")
    carddata.read_yaml_file(path)
    parsed = []
    real = carddata.load_yaml
    monkeypatch.setattr(carddata, "load_yaml", lambda text, name: parsed.append(text) or real(text, name))
    cards[3] = "  - id: c3\n    text: card 3,\n      now on two lines\n"
    path.write_text("cards:\n" + "".join(cards), encoding="utf-8")
    got = carddata.read_yaml_file(path)
    assert parsed == [cards[3]]
    _same(real(path.read_text(encoding="utf-8"), str(path)), got)
    path.write_text("cards:\n\n\n" + "".join(cards), encoding="utf-8")  # every card moves again
    got = carddata.read_yaml_file(path)
    assert parsed == [cards[3]] and carddata.line_of(got, ["cards", 19, "text"]) == 2 + 1 + 19 * 2 + 1 + 2
    _same(real(path.read_text(encoding="utf-8"), str(path)), got)


def test_a_damaged_cache_is_ignored(tmp_path, cache):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - id: a\n", encoding="utf-8")
    carddata.read_yaml_file(path)
    (stored,) = cache.rglob("*.pickle")
    stored.write_bytes(b"\x80\x05cos\nsystem\n.")  # a pickle that would call os.system
    _same(carddata.load_yaml(path.read_text(), str(path)), carddata.read_yaml_file(path))


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_scalars = st.one_of(st.integers(-5, 5), st.booleans(), st.none(),
                     st.text(alphabet="ab -:#'\"|>\n*&!{}[],", max_size=12))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.sampled_from("xyz"), inner, max_size=3)),
                       max_leaves=8)
_cards = st.lists(st.dictionaries(st.sampled_from(["id", "text", "effects", "n"]), _values, min_size=1, max_size=3),
                  max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.dictionaries(st.sampled_from(["cards", "goddesses", "meta"]), st.one_of(_cards, _values), min_size=1),
       flow=st.sampled_from([None, False]), indent=st.sampled_from([2, 4]),
       noise=st.lists(st.tuples(st.integers(0, 60), st.sampled_from(["\n", "# note\n", "  # indented - note\n"])),
                      max_size=4))
def test_generated_documents_parse_the_same_card_by_card(doc, flow, indent, noise, tmp_path_factory):
    import yaml

    text = yaml.safe_dump(doc, default_flow_style=flow, indent=indent, allow_unicode=True, sort_keys=False)
    lines = text.splitlines(keepends=True)
    for at, extra in noise:  # comments and blank lines anywhere (a line inside a quoted text makes it invalid: fine)
        lines.insert(min(at, len(lines)), extra)
    text = "".join(lines)
    path = tmp_path_factory.mktemp("gen") / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        whole = carddata.load_yaml(text, str(path))
    except DataError as exc:
        with pytest.raises(DataError) as chunked:
            carddata.read_yaml_file(path)
        assert chunked.value.problems == exc.problems
        return
    _same(whole, carddata.read_yaml_file(path))
    _same(whole, carddata.read_yaml_file(path))
