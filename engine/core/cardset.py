"""A game's card list loaded card by card, each finished card kept by its source text.

A mod author's card file holds thousands of cards and changes one card per save. Parsing,
validating and building every card again is most of a one-card rebuild (1.6 s of 2.1 for
10,000 kaiju cards), so the finished card objects themselves are kept in the user cache, by a
digest of each card's text under a key of the schema and the loader's code: a load reads the
file, splits it into its cards (`_split`, regular expressions over the bytes), takes every
card whose text it has seen from the cache and builds only the others.

A loader that declares its cards' `facts` (a NamedTuple class whose fields are card attributes:
the id and what the checks across cards and deck lists read) has its `check_set` run on those
facts, in both paths, so the check provably reads nothing else. The cache keeps each card's
facts beside it and the digests of the fact lists that passed: a load whose facts passed before
(an edit to a card's text, not to its name or links) skips the check, and with `lazily()` it
unpickles no card until one is asked for (`LazyCards`): a build of 10,000 cards in which one
changed reads the facts and the changed card.

Only a load that finds no problem is taken this way. Whatever is unusual (not one `cards:`
block list, tabs, document markers, a card that does not parse on its own) or wrong (a schema
error, a card or set problem) is loaded by the ordinary path (`_cold`: the whole file parsed
with line numbers, validated, every card built), which gives the messages with file and line
as always; tests/core/test_card_set.py compares both on edits, moves, additions and removals.

A game's loader supplies `make(i, raw, where, problems) -> card` (one card; problems are
appended with `where`, "file:line"), `check_set(path, entries, problems)` (the cross-card rules)
and optionally `facts`.
The record a card is made from is plain (dicts and lists, no line numbers) in both paths, so
a cached card and a freshly built one are the same object graph.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import operator
import os
import pickle
import re
import sys
from contextlib import contextmanager
from functools import lru_cache, partial
from itertools import repeat
from contextvars import ContextVar
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Callable, Iterator, NamedTuple

import orjson

from engine import ENGINE_VERSION
from engine.core.carddata import card_entries, item_passes, load_yaml, read_yaml_file, rest_passes, validate
from engine.core.errors import DataError
from engine.core.gcpause import paused_gc
from engine.core.usercache import user_cache_dir


class CardAt(NamedTuple):
    """One built card with its index in the file's list and its `file:line` (only the file when
    the set is read card by card: a problem found there sends the file to the ordinary load).
    A named tuple: made for every card of every load, a frozen dataclass cost 1.5 µs each."""

    i: int
    where: str
    card: Any


class CardList(dict):
    """Cards by id, in the file's order. `digests[id]`, when the file was read card by card,
    names the text the card was built from and the loader that built it (the schema and the
    code): equal digests, equal cards, so a build can skip what it derives from an unchanged
    card without looking at it (tts_bridge/assets/build.py, `GameAdapter.source`)."""

    digests: dict[str, bytes] = {}


Make = Callable[[int, dict, str, list], Any]
CheckSet = Callable[[Path, list[CardAt], list], None]
Facts = type  # a NamedTuple class: fields named as the card's attributes, `id` first


class LazyCards(Mapping):
    """Cards by id, in the file's order, each unpickled from the cache when first asked for
    (`lazily()`); `facts()` and `column(field)` are every card's facts without unpickling any.
    `digest_list` is each card's digest in order (`digests` by id, as in `CardList`);
    `facts_digest` names the list of every card's facts (and the loader). Asking for every value
    costs what the eager load does."""

    def __init__(self, kind: Facts, rows: list[tuple], blobs: list[bytes], built: dict[int, Any],
                 digest_list: list[bytes], modules: tuple[str, ...], facts_digest: str = "") -> None:
        self._kind, self._rows, self._blobs, self._built, self._modules = kind, rows, blobs, built, modules
        self._at = dict(zip(map(operator.itemgetter(0), rows), range(len(rows))))
        self._facts: list[tuple] | None = None
        self.digest_list, self.facts_digest = digest_list, facts_digest

    @property
    def digests(self) -> dict[str, bytes]:
        return dict(zip(self._at, self.digest_list))

    def __getitem__(self, card_id: str) -> Any:
        i = self._at[card_id]
        card = self._built.get(i)
        if card is None:
            card = self._built[i] = _Unpickler(io.BytesIO(self._blobs[i]), self._modules).load()
        return card

    def __iter__(self) -> Iterator[str]:
        return iter(self._at)

    def __len__(self) -> int:
        return len(self._at)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._at

    def facts(self) -> list[tuple]:
        """Every card's facts (the loader's `facts` class), in the file's order."""
        if self._facts is None:
            self._facts = list(map(self._kind._make, self._rows))
        return self._facts

    def column(self, field: str) -> list | None:
        """One fact of every card, in the file's order (None if the facts have no such field)."""
        if field not in self._kind._fields:
            return None
        return list(map(operator.itemgetter(self._kind._fields.index(field)), self._rows))


def load_card_list(path: Path, schema: dict, make: Make, check_set: CheckSet | None = None,
                   section: str = "cards", facts: Facts | None = None) -> CardList | LazyCards:
    """The cards of the card file at `path` by id: validated against `schema`, each built by
    `make`, the set checked by `check_set` (on each card's `facts` when given); DataError lists
    every problem with file and line. Cards whose text is unchanged since an earlier load come
    from the user cache; inside `lazily()` a set read from it is a `LazyCards`."""
    path = Path(path)
    fast = None if _UNCACHED.get() else _fast(path, schema, make, check_set, section, facts)
    return fast if fast is not None else _cold(path, schema, make, check_set, section, facts)


_UNCACHED: ContextVar[bool] = ContextVar("uncached", default=False)
_LAZY: ContextVar[bool] = ContextVar("lazy", default=False)


@contextmanager
def lazily() -> Iterator[None]:
    """Loads inside the block that come from the cache of a loader with `facts` give a
    `LazyCards`: for a caller that looks at few cards (a rebuild after one card changed)."""
    token = _LAZY.set(True)
    try:
        yield
    finally:
        _LAZY.reset(token)


@contextmanager
def uncached() -> Iterator[None]:
    """Loads inside the block go the ordinary way and keep nothing: for a card file that exists
    only for one load (a temporary file made from card tables), whose cache nobody would read."""
    token = _UNCACHED.set(True)
    try:
        yield
    finally:
        _UNCACHED.reset(token)


def plain(node: Any) -> Any:
    """`node` without line numbers: a parsed card as plain dicts and lists."""
    if isinstance(node, dict):
        return {k: plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    return node


def _cold(path: Path, schema: dict, make: Make, check_set: CheckSet | None, section: str,
          facts: Facts | None = None) -> CardList:
    """The ordinary load: the whole file with line numbers, every card built."""
    data = read_yaml_file(path)
    validate(data, schema, str(path))
    problems: list[str] = []
    entries = [CardAt(i, where, make(i, plain(raw), where, problems))
               for i, raw, where in card_entries(data, path, problems, section)]
    if check_set is not None:
        of = _facts_of(facts)
        check_set(path, [e._replace(card=of(e.card)) for e in entries] if of else entries, problems)
    if problems:
        raise DataError(problems)
    return CardList((e.card.id, e.card) for e in entries)


def _facts_of(facts: Facts | None) -> Callable[[Any], tuple] | None:
    """card -> its facts (an instance of `facts`), or None without a `facts` class."""
    if facts is None:
        return None
    get = operator.attrgetter(*facts._fields)
    return (lambda card: facts._make(get(card))) if len(facts._fields) > 1 else (lambda card: facts(get(card)))


# -- splitting the file into its cards ---------------------------------------------------------

# what the split does not handle: tabs, line breaks other than \n and \r\n (str.splitlines
# would count them), document markers, directives, complex keys. Searched for in a few passes
# over the bytes: one regular expression with all of them took 50-80 ms for 4 MB. (A marker,
# directive or key at a line's start inside the list is a stray line of a card: `_stray`.)
_ODD_BYTES = b"\t\x0b\x0c\x1c\x1d\x1e"
_ODD_SINGLES = [_ODD_BYTES[i:i + 1] for i in range(len(_ODD_BYTES))]
_ODD_BREAKS = (b"\xc2\x85", b"\xe2\x80\xa8", b"\xe2\x80\xa9")  # U+0085, U+2028, U+2029 in UTF-8
_BLANKS = rb"(?:[ ]*(?:#[^\r\n]*)?\r?\n)*"  # blank and comment lines
_HEAD = re.compile(_BLANKS + rb"([A-Za-z0-9_][\w.-]*):[ ]*(?:#[^\r\n]*)?\r?\n" + _BLANKS + rb"( *)-(?=[ \r\n]|\Z)")


def _unusual(raw: bytes) -> bool:
    """Each test is a search for one byte first (memchr): 4 MB in 3 ms, not 25 (a translate
    copies the file, and a search for a two- or three-byte needle is slow where its first byte
    is common); the longer search runs only if that byte occurs."""
    return (any(raw.find(b) >= 0 for b in _ODD_SINGLES)
            or (b"\r" in raw and raw.count(b"\r") != raw.count(b"\r\n"))
            or (not raw.isascii() and any(b[-1:] in raw and b in raw for b in _ODD_BREAKS))
            or raw.startswith((b"---", b"...", b"%", b"?")))


class _Pieces(NamedTuple):
    """A card file cut at every line that is its list's indentation and a dash: each card's
    text is `opening + part` (+ the line break the cut took, but for the last)."""

    opening: bytes  # the items' indentation and dash
    parts: list[bytes]

    def text(self, i: int) -> bytes:
        return self.opening + self.parts[i] + (b"\n" if i + 1 < len(self.parts) else b"")

    def stray(self, i: int) -> bool:
        """Whether part i holds a line that is no part of an item: the cut was at a dash that
        opens no item (`-x`), or a line at the list's indentation or less (another key, a
        document marker) that is not blank or a comment. Asked of the parts not seen before:
        a part seen before passed in a file cut with the same opening (the cache's key)."""
        part = self.parts[i]
        return part[:1] not in (b" ", b"\r", b"\n", b"") or _stray(len(self.opening) - 1).search(part) is not None


def _split(raw: bytes, section: str) -> _Pieces | None:
    """The cards of a file that is one `section:` block list (comments and blank lines aside),
    cut at its items' lines; None for any other file. Every line at the list's indentation or
    less that is not blank or a comment must open an item: `_Pieces.stray` says where not."""
    if _unusual(raw):
        return None
    head = _HEAD.match(raw)
    if head is None or head.group(1) != section.encode():
        return None
    first = head.start(2)
    opening = head.group(2) + b"-"
    return _Pieces(opening, raw[first + len(opening):].split(b"\n" + opening))


@lru_cache(maxsize=8)
def _stray(width: int) -> re.Pattern:
    """Inside a part: a line at indentation `width` or less that is not blank or a comment."""
    return re.compile(rb"\n {0,%d}[^ \r\n#]" % width)


_BLAKE2B_16 = partial(hashlib.blake2b, digest_size=16)
_DIGEST = operator.methodcaller("digest")


# -- the cache of built cards -------------------------------------------------------------------

class _Unpickler(pickle.Unpickler):
    """Reads back only card objects: dataclasses and enums of the engine and of the loader's
    own module, and what a YAML safe loader makes; a tampered cache file cannot run code."""

    _PLAIN = {("builtins", "set"), ("builtins", "frozenset"), ("datetime", "date"), ("datetime", "datetime"),
              ("datetime", "timezone"), ("datetime", "timedelta")}

    def __init__(self, file: Any, modules: tuple[str, ...]) -> None:
        super().__init__(file)
        self.modules = modules
        self.found: dict[tuple[str, str], Any] = {}

    def find_class(self, module: str, name: str) -> Any:
        """The class, looked up once per reader (cards pickled without a memo name their
        classes again in every card: 22,000 look-ups for 10,000 kaiju cards)."""
        found = self.found.get((module, name))
        if found is None:
            found = self.found[module, name] = self._allowed(module, name)
        return found

    def _allowed(self, module: str, name: str) -> Any:
        if (module, name) in self._PLAIN:
            return super().find_class(module, name)
        if module.startswith("engine.") or module in self.modules:
            found = super().find_class(module, name)
            if isinstance(found, type) and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not card data")


def _code_stamp(make: Callable) -> list:
    """Size and mtime of every module of `make`'s package and of this loader: an edit to the
    code that builds cards makes every cached card stale."""
    out = []
    for module in (_module_of(make), __name__, "engine.core.carddata"):
        file = getattr(sys.modules.get(module), "__file__", None)
        if not file:
            continue
        folder = os.path.dirname(file) if module.startswith("engine.games.") else None
        names = sorted(n for n in os.listdir(folder) if n.endswith(".py")) if folder else [os.path.basename(file)]
        for name in names:
            st = os.stat(os.path.join(folder or os.path.dirname(file), name))
            out.append([module, name, st.st_size, st.st_mtime_ns])
    return out


def _module_of(make: Callable) -> str:
    """The module that builds the cards: a `functools.partial`'s own `__module__` is
    'functools', so a partial is looked through to the function it wraps."""
    return getattr(getattr(make, "func", make), "__module__", None) or ""


class _Store:
    """Built cards of one card file: text digest -> (the card's facts as a plain tuple, the card
    pickled on its own), in one file of the user cache: the loader's key, a pickle of all the
    cards, then the cards added by later loads appended, one pickle per load (rewritten whole
    when the appended part or the stale cards grow, or for another key: one file per card file,
    whatever the versions of the code that read it). Beside it (`.passed`) the digests of the
    fact lists that passed the checks across cards."""

    def __init__(self, source: Path, key: bytes, module: str = "") -> None:
        name = hashlib.blake2b(str(source.resolve()).encode("utf-8"), digest_size=12).hexdigest()
        self.path = user_cache_dir("cards", f"engine-{ENGINE_VERSION}", f"{name}.pickle")
        self.passed_path = self.path.with_suffix(".passed")
        self.key = key
        self.modules = (module,)
        self.cards: dict[bytes, tuple[tuple, bytes]] = {}
        self.records = 0
        self.passed: set[bytes] = set()
        try:
            with open(self.path, "rb") as f, paused_gc():
                if _Unpickler(f, ()).load() != key:
                    return  # built by other code or for another schema
                while True:
                    part = _Unpickler(f, self.modules).load()  # facts and bytes: each card is its own pickle
                    if not isinstance(part, dict):
                        break
                    self.cards.update(part)
                    self.records += 1
        except EOFError:
            pass
        except Exception:  # noqa: BLE001 - a damaged tail is dropped: it is a cache
            pass
        try:
            raw = self.passed_path.read_bytes()
            self.passed = {raw[i:i + 16] for i in range(0, len(raw) - len(raw) % 16, 16)}
        except OSError:
            pass

    def save(self, live: set[bytes], new: dict[bytes, tuple[tuple, bytes]], passed: bytes | None = None) -> None:
        try:
            self._save(live, new)
            if passed is not None and passed not in self.passed:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if len(self.passed) >= 64:  # a few fact lists are live at a time: start again
                    self.passed_path.unlink(missing_ok=True)
                with open(self.passed_path, "ab") as out:
                    out.write(passed)
        except OSError:  # a read-only or full cache only costs time
            pass

    def _save(self, live: set[bytes], new: dict[bytes, tuple[tuple, bytes]]) -> None:
        if not new and len(self.cards) <= 2 * len(live) + 16:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.records and self.records < 64 and len(self.cards) + len(new) <= 2 * len(live) + 16:
            with open(self.path, "ab") as out:  # one write: concurrent loads do not interleave
                out.write(pickle.dumps(new, protocol=pickle.HIGHEST_PROTOCOL))
            return
        everything = {d: c for d, c in {**self.cards, **new}.items() if d in live}
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(self.key) + pickle.dumps(everything, protocol=pickle.HIGHEST_PROTOCOL))
        tmp.replace(self.path)

    def unpickle(self, blobs: list[bytes]) -> list[Any]:
        """The cards of `blobs`, read as one stream (a reader per card cost 2-3 µs more each)."""
        reader = _Unpickler(io.BytesIO(b"".join(blobs)), self.modules)
        return [reader.load() for _ in blobs]


def _dumps(card: Any) -> bytes:
    """`card` pickled without a memo (each blob stands alone, so blobs joined read as one stream:
    a memo index of one card's pickle would mean another object in the next one's)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: cards are trees, nothing in one refers back to itself
    pickler.dump(card)
    return out.getvalue()


def _ids(card: Any) -> tuple:
    return (card.id,)


def _fast(path: Path, schema: dict, make: Make, check_set: CheckSet | None, section: str,
          facts: Facts | None = None) -> CardList | LazyCards | None:
    """The cards from the cache and the new cards' own parses, or None when the file or a card
    needs the ordinary load (it is unusual, or something in it is wrong)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    pieces = _split(raw, section)
    if pieces is None:
        return None
    try:
        key = hashlib.blake2b(orjson.dumps([schema, section, _code_stamp(make), getattr(facts, "_fields", None),
                                            pieces.opening.decode()], option=orjson.OPT_SORT_KEYS),
                              digest_size=16).digest()
    except (TypeError, OSError, orjson.JSONEncodeError, UnicodeDecodeError):  # the ordinary load says what
        return None
    store = _Store(path, key, _module_of(make))
    # C calls over the parts, no Python loop: 10,000 cards' digests cost their hashing only
    digests = list(map(_DIGEST, map(_BLAKE2B_16, pieces.parts)))
    new: dict[bytes, tuple[tuple, bytes]] = {}
    built: dict[int, Any] = {}
    where = str(path)  # no line: whatever finds a problem here hands the file to `_cold`, which says it
    of = _facts_of(facts) or _ids
    ok = True
    with paused_gc():  # loops of C calls (map, zip): per card of 10,000, a Python loop cost 0.03 s
        records = list(map(store.cards.get, digests))
        for i in [i for i, record in enumerate(records) if record is None]:  # the cards not seen before
            if pieces.stray(i):
                store.save(set(digests), new)
                return None
            card = _build(pieces.text(i), path, schema, section, make, i, where)
            if card is None:
                ok = False
                continue
            built[i] = card
            new[digests[i]] = records[i] = (tuple(of(card)), _dumps(card))
        if not ok or not rest_passes(schema, section, len(pieces.parts)):
            store.save(set(digests), new)
            return None
        rows = [record[0] for record in records]
        ids = [row[0] for row in rows]
        # the facts are all the check reads: a list of them that passed before passes again
        passed = hashlib.blake2b(key + orjson.dumps(rows), digest_size=16).digest()
        lazy = _LAZY.get() and facts is not None
        cards = None if lazy else store.unpickle([record[1] for record in records])
        if len(set(ids)) != len(ids):
            store.save(set(digests), new)
            return None  # a duplicate id: the ordinary load says where
        if check_set is not None and (facts is None or passed not in store.passed):
            problems: list[str] = []
            checked = list(map(facts._make, rows)) if facts is not None else cards
            check_set(path, list(map(CardAt, range(len(rows)), repeat(where), checked)), problems)
            if problems:
                store.save(set(digests), new)
                return None
        store.save(set(digests), new, passed if facts is not None else None)
        digest_list = list(map(key.__add__, digests))
        if lazy:
            return LazyCards(facts, rows, [record[1] for record in records], built, digest_list, store.modules,
                             passed.hex())
        out = CardList(zip(ids, cards))
        out.digests = dict(zip(ids, digest_list))
        return out


def _build(text: bytes, path: Path, schema: dict, section: str, make: Make, i: int, where: str) -> Any | None:
    """One new card from its own text, or None if it does not parse alone, fails its schema or
    has a problem of its own."""
    try:
        node = load_yaml(text.decode("utf-8"), str(path))
        if not (isinstance(node, list) and len(node) == 1 and isinstance(node[0], dict)):
            return None
        record = plain(node[0])
        if not item_passes(schema, section, record):
            return None
        problems: list[str] = []
        card = make(i, record, where, problems)
    except Exception:  # noqa: BLE001 - the ordinary load reports it with file and line
        return None
    return None if problems else card


def cold_load(path: Path, schema: dict, make: Make, check_set: CheckSet | None = None,
              section: str = "cards", facts: Facts | None = None) -> CardList:
    """`load_card_list` without the cache (tests compare both)."""
    return _cold(Path(path), schema, make, check_set, section, facts)
