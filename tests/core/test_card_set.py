"""Card sets loaded card by card with the built cards kept by their text (engine/core/cardset.py,
issue 21 scope 1: a one-card rebuild that costs what changed): after an edit, an addition, a
removal or a move the result is exactly the ordinary load's (the cache turned off), only the
changed cards are built again, and a bad edit reports the file and line the ordinary load does."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import pickle
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from engine.core import cardset
from engine.core.errors import DataError
from tts_bridge.assets.bench import _edit_one_card, synthesize

SCHEMA = {"type": "object", "required": ["cards"], "additionalProperties": False,
          "properties": {"cards": {"type": "array", "items": {
              "type": "object", "required": ["id", "name"], "additionalProperties": False,
              "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "power": {"type": "integer"},
                             "effects": {"type": "array", "items": {"type": "object"}}}}}}}

BUILT: list[str] = []  # the ids `_make` built, in order


@dataclasses.dataclass(frozen=True)
class Card:
    id: str
    name: str
    power: int = 0
    effects: tuple = ()


def _make_card(i: int, raw: dict, where: str, problems: list[str]) -> Card:
    BUILT.append(raw["id"])
    if raw.get("power", 0) < 0:
        problems.append(f"{where}: cards[{i}].power: a card's power is never negative")
    return Card(**{**raw, "effects": tuple(raw.get("effects", ()))})


def _check_set(path: Path, entries: list[cardset.CardAt], problems: list[str]) -> None:
    names: set[str] = set()
    for e in entries:
        if e.card.name in names:
            problems.append(f"{e.where}: cards[{e.i}].name: {e.card.name!r} is already used")
        names.add(e.card.name)


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    BUILT.clear()
    CHECKED.clear()
    return tmp_path / "cache"


def _card(n: int, power: int = 1) -> str:
    return f"- id: c{n}\n  name: Card {n}\n  power: {power}\n  effects:\n  - {{draw: {n}}}\n"


def _write(path: Path, cards: list[str], head: str = "cards:\n") -> None:
    path.write_text(head + "".join(cards), encoding="utf-8")


def _load(path: Path) -> cardset.CardList:
    return cardset.load_card_list(path, SCHEMA, _make_card, _check_set)


def _cold(path: Path) -> cardset.CardList:
    return cardset.cold_load(path, SCHEMA, _make_card, _check_set)


def _assert_same(a: dict, b: dict) -> None:
    """Equal, in the same order, with the same types all the way down (no line-number dicts)."""
    assert list(a) == list(b)
    assert a == b

    def types(x):
        if dataclasses.is_dataclass(x):
            return (type(x).__name__, types(vars(x)))
        if isinstance(x, dict):
            return (type(x).__name__, [(k, types(v)) for k, v in x.items()])
        if isinstance(x, (list, tuple)):
            return (type(x).__name__, [types(v) for v in x])
        if isinstance(x, (set, frozenset)):  # equal sets may iterate in another order
            return (type(x).__name__, sorted(map(repr, map(types, x))))
        return type(x).__name__
    assert types(dict(a)) == types(dict(b))


EDITS = {
    "edited": lambda cards: [*cards[:5], _card(5, power=9), *cards[6:]],
    "added": lambda cards: [*cards[:3], _card(99), *cards[3:]],
    "removed": lambda cards: [*cards[:2], *cards[3:]],
    "moved": lambda cards: [cards[7], *cards[:7], *cards[8:]],
    "moved down a line": lambda cards: ["\n# a comment\n", *cards],
}


@pytest.mark.parametrize("edit", list(EDITS))
def test_an_edit_gives_exactly_the_ordinary_load_and_builds_only_new_cards(edit, tmp_path):
    path = tmp_path / "cards.yaml"
    cards = [_card(n) for n in range(10)]
    _write(path, cards)
    _assert_same(_load(path), _cold(path))
    BUILT.clear()
    changed = EDITS[edit](cards)
    _write(path, changed)
    warm = _load(path)
    built = list(BUILT)
    _assert_same(warm, _cold(path))
    assert built == [c.split("\n")[0].removeprefix("- id: ") for c in changed if c not in cards and c.startswith("-")]
    assert set(warm.digests) == set(warm), "the fast path names each card's text"


def test_an_unchanged_file_builds_nothing_and_the_digest_changes_with_the_card(tmp_path):
    path = tmp_path / "cards.yaml"
    cards = [_card(n) for n in range(4)]
    _write(path, cards)
    first = _load(path)
    BUILT.clear()
    second = _load(path)
    assert BUILT == [] and first.digests == second.digests
    _write(path, [_card(0, power=5), *cards[1:]])
    third = _load(path)
    assert [c for c in third if third.digests[c] != first.digests[c]] == ["c0"]


def _game_loader(game: str) -> tuple:
    """(the rules class, its FILE_SCHEMA, make, check_set) of a game whose loader is a card list."""
    package = importlib.import_module(f"engine.games.{game.replace('-', '_')}")
    cards = package.cards
    make = cards._make if game == "vividz" else partial(cards._make, package.REGISTRY)  # vividz's needs no registry
    return type(package.RULES), package.FILE_SCHEMA, make, cards._check_set


@pytest.mark.parametrize("game", ["kaiju", "vividz", "qiguang", "gundam-war"])
def test_each_games_own_loader_gives_the_cold_result_after_an_edit(game, tmp_path):
    rules, *args = _game_loader(game)
    data = synthesize(game, 120, tmp_path)
    path = data / "cards.yaml"
    _assert_same(rules.load_cards(path), cardset.cold_load(path, *args))
    before = rules.load_cards(path)
    _edit_one_card(data)  # one card's text, and a line more before it: every later card moves
    warm = rules.load_cards(path)
    _assert_same(warm, cardset.cold_load(path, *args))
    assert [c for c in warm if warm[c] != before[c]] == [c for c in warm if warm.digests[c] != before.digests[c]]
    assert len([c for c in warm if warm[c] != before[c]]) == 1


def _problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        _load(path)
    return exc.value.problems


BAD = {
    # card 4 starts on line 22 (a header line, then 5 lines per card)
    "schema": (lambda cards: [*cards[:4], "- id: c4\n  name: Card 4\n  power: lots\n", *cards[5:]], ":24: cards[4].power"),
    "card problem": (lambda cards: [*cards[:4], _card(4, power=-1), *cards[5:]], ":22: cards[4].power"),
    "set problem": (lambda cards: [*cards[:4], _card(4).replace("Card 4", "Card 2"), *cards[5:]], ":22: cards[4].name"),
    "duplicate id": (lambda cards: [*cards[:4], _card(2), *cards[5:]], ":22: cards[4].id"),
    "yaml": (lambda cards: [*cards[:4], "- id: c4\n  name: [Card 4\n", *cards[5:]], ":2"),
}


@pytest.mark.parametrize("bad", list(BAD))
def test_a_bad_edit_reports_the_file_and_line_the_ordinary_load_does(bad, tmp_path):
    path = tmp_path / "cards.yaml"
    cards = [_card(n) for n in range(8)]
    _write(path, cards)
    _load(path)  # every good card is cached
    edit, where = BAD[bad]
    _write(path, edit(cards))
    with pytest.raises(DataError) as cold:
        _cold(path)
    assert _problems(path) == cold.value.problems
    assert any(p.startswith(f"{path}{where}") for p in cold.value.problems), cold.value.problems
    _write(path, cards)  # fixed again: loads from the cache
    BUILT.clear()
    fixed = _load(path)
    assert BUILT == []
    _assert_same(fixed, _cold(path))


UNUSUAL = {
    "tabs": "cards:\n- id: a\n  name: \"x\ty\"\n",
    "document marker": "---\ncards:\n- id: a\n  name: x\n",
    "another section": "cards:\n- id: a\n  name: x\nother: 1\n",
    "indented items": "cards:\n  - id: a\n    name: x\n  - id: b\n    name: y\n",
    "item on the next line": "cards:\n-\n  id: a\n  name: x\n- id: b\n  name: y\n",
    "crlf": "cards:\r\n- id: a\r\n  name: x\r\n",
    "anchor across cards": "cards:\n- id: a\n  name: &n x\n- id: b\n  name: *n\n",
    "line separator": "cards:\n- id: a\n  name: \"x\u2028y\"\n",
    "a dash that opens no item": "cards:\n- id: a\n  name: x\n-b: 1\n",
    "a line left of indented items": "cards:\n  - id: a\n    name: x\n - id: b\n   name: y\n",
    "comments and blank lines between cards": "cards:\n# one\n- id: a\n  name: x\n\n# two\n- id: b\n  name: y\n# end",
    "a dash item at the end of the file": "cards:\n- id: a\n  name: x\n-",
}


@pytest.mark.parametrize("name", list(UNUSUAL))
def test_unusual_files_load_as_the_ordinary_load_does(name, tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_bytes(UNUSUAL[name].encode("utf-8"))
    try:
        cold = _cold(path)
    except DataError as exc:
        assert _problems(path) == exc.problems
        return
    for _ in range(2):  # cold cache, then warm
        _assert_same(_load(path), cold)


def test_a_tampered_cache_runs_no_code_and_is_ignored(tmp_path, cache):
    path = tmp_path / "cards.yaml"
    _write(path, [_card(n) for n in range(3)])
    _load(path)
    (store,) = cache.rglob("*.pickle")
    ran = tmp_path / "ran"

    class Payload:  # unpickling it would call Path.touch(ran)
        def __reduce__(self):
            return (Path.touch, (ran,))

    store.write_bytes(pickle.dumps({b"x" * 16: Payload()}))
    BUILT.clear()
    _assert_same(_load(path), _cold(path))
    assert not ran.exists()
    assert BUILT[:3] == ["c0", "c1", "c2"]


def test_the_cache_file_does_not_grow_with_every_edit(tmp_path, cache):
    path = tmp_path / "cards.yaml"
    cards = [_card(n) for n in range(20)]
    _write(path, cards)
    _load(path)
    for k in range(80):  # one card edited again and again: stale versions are dropped
        _write(path, [*cards[:3], _card(3, power=k + 10), *cards[4:]])
        _load(path)
    (store,) = cache.rglob("*.pickle")
    kept = {}
    with open(store, "rb") as f:
        pickle.load(f)  # the loader's key
        while True:
            try:
                kept.update(pickle.load(f))
            except EOFError:
                break
    assert 20 <= len(kept) <= 2 * 20 + 16


def test_other_loader_code_rewrites_the_one_cache_file_of_a_card_file(tmp_path, cache):
    """The loader's code and schema are the cache's key: cards built by other code are never
    read back, and the card file keeps one cache file (no file per version left behind)."""
    path = tmp_path / "cards.yaml"
    _write(path, [_card(n) for n in range(3)])
    _load(path)
    assert len(cardset._Store(path, b"other code", __name__).cards) == 0
    other = dict(SCHEMA, title="another schema")
    BUILT.clear()
    cardset.load_card_list(path, other, _make_card, _check_set)
    assert BUILT == ["c0", "c1", "c2"]
    assert len(list(cache.rglob("*.pickle"))) == 1
    BUILT.clear()
    _load(path)  # and back: built again, the file is this key's now
    assert BUILT == ["c0", "c1", "c2"] and len(list(cache.rglob("*.pickle"))) == 1


@pytest.mark.parametrize("warm", [False, True])
def test_a_load_freezes_nothing_for_processes_that_live_on(warm, tmp_path):
    """`watch`, `serve` and the tests load card sets again and again: a load must not move what
    is alive (garbage cycles included) out of the collector's reach (gc.freeze); only the
    one-shot `build` command skips collections, by leaving the collector off until its exit."""
    import gc

    path = tmp_path / "cards.yaml"
    _write(path, [_card(n) for n in range(50)])
    if warm:
        _load(path)
    frozen = gc.get_freeze_count()
    _load(path)
    assert gc.get_freeze_count() == frozen and gc.isenabled()


# -- facts: the checks across cards on each card's facts, and sets read lazily ------------------

class Facts(NamedTuple):
    id: str
    name: str


CHECKED: list[int] = []  # the sizes of the sets `_check_facts` checked


def _check_facts(path: Path, entries: list[cardset.CardAt], problems: list[str]) -> None:
    CHECKED.append(len(entries))
    assert all(type(e.card) is Facts for e in entries), "the check reads the facts only"
    _check_set(path, entries, problems)


def _load_facts(path: Path, lazy: bool = False) -> Any:
    with cardset.lazily() if lazy else contextlib.nullcontext():
        return cardset.load_card_list(path, SCHEMA, _make_card, _check_facts, facts=Facts)


def _cold_facts(path: Path) -> cardset.CardList:
    return cardset.cold_load(path, SCHEMA, _make_card, _check_facts, facts=Facts)


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_lazy_set_is_the_ordinary_load_and_unpickles_only_what_is_asked_for(edit, tmp_path):
    path = tmp_path / "cards.yaml"
    cards = [_card(n) for n in range(10)]
    _write(path, cards)
    _load_facts(path)
    _write(path, EDITS[edit](cards))
    lazy = _load_facts(path, lazy=True)
    assert isinstance(lazy, cardset.LazyCards)
    assert lazy._built.keys() <= {i for i, f in enumerate(lazy.facts()) if f.id in ("c5", "c99")}, "only new cards"
    assert [tuple(f) for f in lazy.facts()] == [(c.id, c.name) for c in _cold_facts(path).values()]
    _assert_same(dict(lazy), _cold_facts(path))
    assert lazy.digests == _load_facts(path).digests


def test_facts_that_passed_are_not_checked_again_and_a_new_clash_is_reported_as_cold(tmp_path):
    path = tmp_path / "cards.yaml"
    cards = [_card(n) for n in range(8)]
    _write(path, cards)
    _load_facts(path)
    CHECKED.clear()
    _write(path, [*cards[:3], _card(3, power=7), *cards[4:]])  # a text edit: the facts are those that passed
    _load_facts(path, lazy=True)
    assert CHECKED == []
    _write(path, [*cards[:3], _card(3).replace("Card 3", "Card 6"), *cards[4:]])  # a name now used twice
    with pytest.raises(DataError) as cold:
        _cold_facts(path)
    with pytest.raises(DataError) as lazy:
        _load_facts(path, lazy=True)
    assert lazy.value.problems == cold.value.problems and ":32: cards[6].name" in cold.value.problems[0]
    _write(path, [*cards[:3], _card(2), *cards[4:]])  # a duplicate id
    with pytest.raises(DataError) as cold:
        _cold_facts(path)
    with pytest.raises(DataError) as lazy:
        _load_facts(path, lazy=True)
    assert lazy.value.problems == cold.value.problems


def test_a_lazy_kaiju_set_resolves_deck_lists_as_the_eager_one_does(tmp_path):
    from engine.core.decklist import parse_deck_text
    from engine.games.kaiju import RULES

    data = synthesize("kaiju", 150, tmp_path)
    path = data / "cards.yaml"
    eager = type(RULES).load_cards(path)
    with cardset.lazily():
        lazy = type(RULES).load_cards(path)
    assert isinstance(lazy, cardset.LazyCards)
    deck = sorted((data / "decks").glob("*.txt"))[0].read_text(encoding="utf-8")
    wrong = deck.replace("\n3 Kindling Beast Cindrak\n", "\n3 Kindling Beast Cindrakk\n")
    for text in (deck, wrong):
        outcomes = []
        for cards in (eager, lazy):
            entries, problems = parse_deck_text(text, "deck.txt")
            try:
                outcomes.append(RULES.deck_from_entries(entries, "deck.txt", cards, {}, problems).sections)
            except DataError as exc:
                outcomes.append(exc.problems)
        assert outcomes[0] == outcomes[1]
    assert "unknown card 'Kindling Beast Cindrakk'; did you mean" in str(outcomes[0])
    assert len(lazy._built) < 40, "the lazy set unpickled the deck's cards only"


@pytest.mark.parametrize("game", ["kaiju", "qiguang", "gundam_war"])
def test_an_edit_to_a_games_card_code_makes_its_cached_cards_stale(game):
    """These games hand the loader a `functools.partial` over their `_make`: the code stamp must
    still cover the game's own modules (a partial's `__module__` is 'functools'), or a card built
    by older code comes back from the user cache after the game's code changed."""
    module = importlib.import_module(f"engine.games.{game}.cards")
    stamp = cardset._code_stamp(partial(module._make, None))
    covered = {name for mod, name, _, _ in stamp if mod == module.__name__}
    assert covered == {p.name for p in Path(module.__file__).parent.glob("*.py")}
