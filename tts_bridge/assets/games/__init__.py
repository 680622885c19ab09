"""Per-game adapters: the small amount that differs between games.

An adapter module `tts_bridge/assets/games/<pkg>.py` defines `ADAPTER`, an instance of a
`GameAdapter` subclass: how to read the cards (normally the engine's own loader), which
template draws which card type, the template context of a card, the card text for TTS
descriptions, and the table (zones of both seats, counters, token bags).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from engine.core.registry import game_ids, get_rules
from engine.core.zones import ZoneSpec


@dataclass(frozen=True)
class Zone:
    """A zone of one seat on the table, in TTS world units (1 unit ~ 1 inch) for seat 0;
    seat 1 is mirrored through the centre. `slots` = snap points laid out left to right.

    A zone the engine declares takes its caption (`label`) and `rule` from that declaration
    (the adapter fills them in, see `GameAdapter.engine_zones`); the adapter writes only the
    box and an optional board-only `note` ("(tuck under)"). A board-only zone (not an engine
    zone) writes its own `label` and is listed in the adapter's `board_only`."""

    name: str
    x: float
    z: float
    w: float
    h: float
    label: str = ""
    slots: int = 1
    kind: str = "pile"  # pile | row | area | hand | shared (one zone between the seats)
    face_up: bool = False  # cards a deck-list section puts here start face up
    note: str = ""  # layout advice printed after the engine's name of the zone
    rule: str = ""  # the rule that says what goes there (the engine's), for players to look up

    @property
    def title(self) -> str:
        """The zone's name without the board's note: what a deck lying there is labelled with
        (`Seat 0: deck (Mission zone)`; tts_bridge/decks/export.py reads one bracket back)."""
        return self.label.removesuffix(f" {self.note}") if self.note else self.label


_ARTICLES = ("a ", "an ", "the ")


def board_words(spec: ZoneSpec) -> str:
    """What a board calls an engine zone: the engine's label with its first letter capitalised,
    without the article a label may carry for refusal sentences ("a played pile" -> "Played
    pile", sakura-arms), so the name of the zone stays the engine's."""
    words = spec.label
    for article in _ARTICLES:
        if words.lower().startswith(article):
            words = words[len(article):]
            break
    return words[:1].upper() + words[1:]


def caption(spec: ZoneSpec, note: str = "") -> str:
    """A board caption: the engine's name of the zone, then the adapter's note if any."""
    return f"{board_words(spec)} {note}" if note else board_words(spec)


def from_engine(zones: tuple[Zone, ...], specs: tuple[ZoneSpec, ...], board_only: frozenset[str],
                game_id: str) -> tuple[Zone, ...]:
    """The adapter's zones with every engine zone's caption and rule taken from its declaration.
    A zone name that is neither declared nor listed as board-only is a typo, and so is a
    hand-written caption on a declared zone (it would drift from the engine's): both raise."""
    declared = {s.name: s for s in specs}
    out = []
    for zone in zones:
        spec = declared.get(zone.name)
        if spec is None:
            if zone.name not in board_only:
                raise ValueError(f"{game_id} asset adapter: zone {zone.name!r} is not one of the engine's zones "
                                 f"({', '.join(declared)}) and not listed in board_only")
            out.append(zone)
            continue
        if zone.name in board_only:
            raise ValueError(f"{game_id} asset adapter: zone {zone.name!r} is an engine zone, not board-only")
        label = caption(spec, zone.note)
        if zone.label not in ("", label) or zone.rule not in ("", spec.rule):
            raise ValueError(f"{game_id} asset adapter: zone {zone.name!r} writes its own caption {zone.label!r}; "
                             f"the engine's is {label!r} (add layout advice as a note)")
        out.append(dataclasses.replace(zone, label=label, rule=spec.rule))
    return tuple(out)


@dataclass(frozen=True)
class Supply:
    """Something besides cards the table needs. `kind`: counter (value), bag (an Infinite_Bag
    of tokens), card_bag (an Infinite_Bag of the card `card`), tokens (`value` tokens laid
    out, e.g. sakura tokens at setup), dice, coin."""

    name: str
    kind: str
    x: float
    z: float
    per_seat: bool = True
    value: int = 0
    icon: str = "damage"
    label: str = ""
    dice_type: int = 1  # 0 d4 .. 5 d20
    color: str = "#a01818"
    card: str = ""

    def object_name(self, seat: int | None = None) -> str:
        """The Nickname of this supply's object on the table: the one name the table save and
        the bridge (which sets counters by name) both use."""
        return f"Seat {seat} {self.name}" if self.per_seat else self.name


@dataclass
class CardEntry:
    id: str
    type: str
    title: str
    defn: Any
    source: str = ""  # file:line for messages
    # which text and loader the engine built `defn` from (engine/core/cardset.py CardList), if known
    digest: bytes | None = None


class LazyEntry(CardEntry):
    """A card of a set the engine read lazily (engine/core/cardset.py LazyCards): id, type and
    title from the card's facts, the definition unpickled when first read. A rebuild after one
    card changed reads the definitions of that card and of the sample decks' cards only."""

    def __init__(self, id: str, type: str, title: str, cards: Any, digest: bytes | None = None) -> None:  # noqa: A002
        self.id, self.type, self.title, self.source, self.digest, self._cards = id, type, title, "", digest, cards

    @property
    def defn(self) -> Any:  # type: ignore[override]
        return self._cards[self.id]


@dataclass
class GameAdapter:
    game_id: str = ""
    lang: str = "ja"
    preset: str = "poker"
    theme: dict = field(default_factory=dict)
    zones: tuple[Zone, ...] = ()
    supplies: tuple[Supply, ...] = ()
    deck_zone: str = "deck"
    section_zones: dict = field(default_factory=dict)  # deck-list section -> zone (default: the deck zone)
    card_sections: tuple | None = None                 # sections that list cards (None = all)
    rules_override: Any = None  # a rules object reading another card-data folder (tests, bench)
    # seat 1's boxes are seat 0's mirrored through the centre; a game whose numbered zones face
    # each other column by column (qiguang lanes) names seat 1's mirrored box differently
    seat1_names: dict = field(default_factory=dict)
    # the engine's zone declarations (engine/games/<pkg>/state.py), which name the zones above,
    # and the board zones that are no engine zone (each says why where it is written)
    engine_zones: tuple[ZoneSpec, ...] = ()
    board_only: frozenset[str] = frozenset()

    # the game's loader keeps each card's facts (engine/core/cardset.py): a build may read its
    # cards lazily (`cards()` makes LazyEntry objects from `engine_cards()`)
    lazy_cards = False

    def __post_init__(self) -> None:
        if self.engine_zones:
            self.zones = from_engine(self.zones, self.engine_zones, self.board_only, self.game_id)

    def zone_for(self, seat: int, zone: "Zone") -> "Zone":
        """The zone whose name and label a seat's box at `zone`'s (mirrored) place carries."""
        if seat == 1 and zone.name in self.seat1_names:
            return next(z for z in self.zones if z.name == self.seat1_names[zone.name])
        return zone

    @property
    def rules(self) -> Any:
        return self.rules_override if self.rules_override is not None else _registered_rules(self.game_id)

    def with_data(self, folder: Path) -> "GameAdapter":
        """The same adapter reading the card data in `folder` (the game's rules class must
        accept a data folder, as the engine's game packages do)."""
        return dataclasses.replace(self, rules_override=type(get_rules(self.game_id))(Path(folder)))

    @property
    def data_root(self) -> Path:
        return Path(self.rules.data)

    def cards(self) -> list[CardEntry]:
        raise NotImplementedError

    def engine_cards(self) -> Any:
        """The game's cards through the engine's own loader, re-read when the file changed
        (the engine caches cards per process; `watch` runs for hours)."""
        rules = self.rules
        path = Path(rules.data) / "cards.yaml"
        import sys

        loader = getattr(type(rules), "load_cards", None) or getattr(sys.modules.get(type(rules).__module__), "load_cards", None)
        if not callable(loader):
            return rules.cards()
        if not path.is_file():
            return self._table_cards(loader, path.parent)
        from engine.core.cardgame import CardGame
        from engine.core.cardset import lazily

        if isinstance(rules, CardGame) and not self.lazy_cards:  # the engine's own per-process cache
            return rules.cards()  # (keyed by mtime), shared with the deck reader: the file is parsed once
        st = path.stat()
        key = (st.st_mtime_ns, st.st_size)
        cached = _FRESH.get(str(path))
        if cached is None or cached[0] != key:
            with lazily():  # the deck reader of `_raw_decks` is handed the same set
                cached = _FRESH[str(path)] = (key, loader(path))
        return cached[1]

    def _table_cards(self, loader: Any, folder: Path) -> Any:
        """Cards from `cards.csv` / `cards.tsv` (and any other list section's table, e.g.
        sakura-arms' `goddesses.csv`) through the engine's own loader, cached like the YAML."""
        from engine.core.errors import DataError
        from tts_bridge.assets.carddata import file_schema, load_tables, table_paths

        paths = table_paths(folder, file_schema(loader))
        if not paths:
            raise DataError([f"{folder}: no cards.yaml, cards.csv or cards.tsv"])
        key = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in paths.values())
        cached = _FRESH.get(str(folder))
        if cached is None or cached[0] != key:
            cached = _FRESH[str(folder)] = (key, load_tables(loader, folder))
        return cached[1]

    def template(self, card: CardEntry) -> str:
        return f"{card.type}.yaml.j2"

    def back_template(self) -> str:
        return "back.yaml.j2"

    def context(self, card: CardEntry) -> dict:
        raise NotImplementedError

    def description(self, card: CardEntry) -> str:
        return ""

    def tags(self, card: CardEntry) -> list[str]:
        return [card.type]

    def sample_decks(self) -> list[tuple[str, list[str]]]:
        """(deck name, card ids top first) for each sample deck (all card sections)."""
        return [(name, [cid for _, ids in groups for cid in ids]) for name, groups in self.sample_deck_groups()]

    def sample_deck_groups(self) -> list[tuple[str, list[tuple[str, list[str]]]]]:
        """(deck name, [(zone, card ids top first)]) per sample deck: each section goes to
        its zone on the table (vividz missions, sakura special cards...), the rest to the deck."""
        out = []
        for name, sections in self._raw_decks():
            groups: dict[str, list[str]] = {}
            for section, ids in sections.items():
                if self.card_sections is not None and section not in self.card_sections:
                    continue
                groups.setdefault(self.section_zones.get(section, self.deck_zone), []).extend(ids)
            out.append((name, list(groups.items())))
        return out

    def _raw_decks(self) -> list[tuple[str, dict]]:
        """Sample decks through the engine's own deck reader (a fresh rules object, so deck
        files edited during `watch` are read again)."""
        rules = self.rules
        try:
            fresh = type(rules)(Path(rules.data))
        except TypeError:
            fresh = rules
        if self.lazy_cards or not (Path(rules.data) / "cards.yaml").is_file():  # card tables or a lazy set:
            fresh.cards = self.engine_cards  # decks resolve against what the build reads
        return [(d.name, {k: list(v) for k, v in d.sections.items()}) for d in fresh.sample_decks()]

    def source(self, card: CardEntry) -> bytes | None:
        """Bytes that decide `context(card)` together with the card's art, the adapter's code
        and the theme, or None if the context reads more (other cards: sakura-arms' goddesses
        list their pool). With them a build skips the context of an unchanged card."""
        return None

    def art(self, card: CardEntry) -> str:
        """Art source for the card: `card_data/<game>/art/<id>.png|.jpg` when present, a path
        from `art.yaml` (id: path), else generated abstract art (`gen:<id>`)."""
        return self.art_finder()(card.id)

    def art_finder(self) -> Callable[[str], str]:
        """`art` as a function of the card id, for asking about every card of a set at once
        (the folder listings are read once, not per card)."""
        root = self.data_root
        manifest: dict = {}
        if "art.yaml" in listing(root):
            manifest = _art_manifest(str(root / "art.yaml"), (root / "art.yaml").stat().st_mtime_ns)
        files = listing(root / "art")
        if not manifest and not files:  # no art at all: generated art for every card
            return "gen:".__add__

        def find(card_id: str) -> str:
            if card_id in manifest:
                return str(manifest[card_id])
            for ext in ("png", "jpg", "jpeg"):
                if f"{card_id}.{ext}" in files:
                    return f"art/{card_id}.{ext}"
            return f"gen:{card_id}"
        return find


_FRESH: dict[tuple, Any] = {}


def listing(folder: Path) -> frozenset[str]:
    """The names in `folder` (empty if it is not one), read again only when the folder changes:
    a build asks about every card's art and template, and `watch` must see new files."""
    try:
        return _listing(str(folder), folder.stat().st_mtime_ns)
    except OSError:
        return frozenset()


@functools.lru_cache(maxsize=64)
def _listing(folder: str, mtime_ns: int) -> frozenset[str]:
    import os

    return frozenset(os.listdir(folder))


@functools.lru_cache(maxsize=16)
def _art_manifest(path: str, mtime_ns: int) -> dict:
    import yaml

    return yaml.safe_load(Path(path).read_text(encoding="utf-8-sig")) or {}


@functools.lru_cache(maxsize=None)
def _registered_rules(game_id: str) -> Any:
    """The registry's RULES object (a module constant; the registry looks the game's package
    up on every call, which a build asks hundreds of times)."""
    return get_rules(game_id)

_MODULES = {"kaiju": "kaiju", "qiguang": "qiguang", "sakura-arms": "sakura_arms", "gundam-war": "gundam_war",
            "vividz": "vividz"}


def adapter_module(game_id: str) -> str:
    return f"tts_bridge.assets.games.{_MODULES.get(game_id, game_id.replace('-', '_'))}"


def has_adapter(game_id: str) -> bool:
    return importlib.util.find_spec(adapter_module(game_id)) is not None


def get_adapter(game_id: str) -> GameAdapter:
    if game_id not in game_ids():
        raise KeyError(f"unknown game {game_id!r}; registered games: {', '.join(game_ids())}")
    if not has_adapter(game_id):
        raise KeyError(f"game {game_id!r} has no asset adapter yet ({adapter_module(game_id)})")
    return importlib.import_module(adapter_module(game_id)).ADAPTER


def buildable_games() -> tuple[list[str], list[str]]:
    """(registered games with an adapter, registered games without one)."""
    ids = game_ids()
    return [g for g in ids if has_adapter(g)], [g for g in ids if not has_adapter(g)]
