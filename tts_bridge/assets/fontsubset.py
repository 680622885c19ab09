"""The shipped font subset: which characters our own cards, backs and boards draw, and the
Noto Sans CJK subset (made with fontTools' subsetter) that covers them.

Why a subset: our sample cards must render on a machine with no CJK font installed (a fresh
clone, CI), and the full Noto Sans CJK collections are 20 MB each. The characters are read
from what the build actually draws (every text box and icon label of every card face and
back, every board and token label), plus printable ASCII so small edits to the sample data
keep rendering. `tts-bridge fonts subset` regenerates the files after card data changes;
`tests/assets/test_font_subset.py` fails when a sample card needs a glyph the subset lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tts_bridge.assets import fonts
from tts_bridge.assets.text import ICON_TOKEN

ASCII = frozenset(chr(c) for c in range(0x20, 0x7F))
# Debian's fonts-noto-cjk collections: file per weight; the face index per language is fonts.CJK_FACE
SOURCE_FILES = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
GET_SOURCE = ("apt-get download fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb noto "
              "(then --source noto/usr/share/fonts/opentype/noto)")


class SubsetError(Exception):
    """The source fonts cannot be found or read: one line saying what to do."""


@dataclass(frozen=True)
class Drawn:
    """The characters one game draws, by the language its faces use."""
    game: str
    lang: str
    chars: frozenset[str]


def _visible(text: str, known_icon) -> set[str]:
    """The characters of `text` that are drawn as glyphs (known `:icon:` tokens are pictures)."""
    plain = ICON_TOKEN.sub(lambda m: "" if known_icon(m.group(1)) else m.group(0), text)
    return {ch for ch in plain if not ch.isspace() and ord(ch) >= 32}


def drawn_characters(game_id: str) -> Drawn:
    """Every character `build` draws for a game: card faces and back (through the game's
    templates, as the build renders them), board zone labels and token labels."""
    from tts_bridge.assets import icons
    from tts_bridge.assets.build import REPO
    from tts_bridge.assets.games import get_adapter
    from tts_bridge.assets.layout import Layouts
    from tts_bridge.assets.render import Geometry

    adapter = get_adapter(game_id)
    layouts = Layouts(REPO / "templates" / "cards" / game_id)
    icon_dir = str(adapter.data_root / "icons") if (adapter.data_root / "icons").is_dir() else ""
    known = lambda name: icons.known(name, icon_dir)  # noqa: E731
    geo = Geometry.preset(adapter.preset)
    base = {"theme": adapter.theme, "geo": {"w": geo.w_mm, "h": geo.h_mm, "bleed": geo.bleed_mm}}
    chars: set[str] = set()
    for card in [None, *adapter.cards()]:
        if card is None:
            boxes = layouts.render(adapter.back_template(), base, "__back__")
        else:
            boxes = layouts.render(adapter.template(card), {**base, "card": adapter.context(card)}, card.id)
        for box in boxes:
            if box["type"] == "text":
                chars |= _visible(box["text"], known)
            elif box["type"] == "icons":
                chars |= {ch for item in box["items"] for ch in str(item.get("label") or "") if not ch.isspace()}
    for seat in (0, 1):
        chars |= {ch for zone in adapter.zones for ch in adapter.zone_for(seat, zone).label if not ch.isspace()}
    chars |= {ch for sup in adapter.supplies for ch in sup.label + "HT" if not ch.isspace()}
    return Drawn(game_id, adapter.lang, frozenset(chars))


EXTRA_FILE = fonts.BUNDLED_DIR / "extra-characters.txt"


def extra_characters(path: Path = EXTRA_FILE) -> frozenset[str]:
    """The characters listed in `extra-characters.txt`: literal characters, or U+XXXX-U+YYYY
    ranges; `#` starts a comment line."""
    chars: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("U+"):
            lo, _, hi = line.partition("-")
            chars |= {chr(c) for c in range(int(lo[2:], 16), int((hi or lo)[2:], 16) + 1)}
        else:
            chars |= {ch for ch in line if not ch.isspace()}
    return frozenset(chars)


def needed_characters(game_ids: list[str]) -> dict[str, frozenset[str]]:
    """Per shipped language: what every game draws (all games: a user's card in another
    language still finds our punctuation), printable ASCII and the extra characters."""
    drawn = [drawn_characters(g) for g in game_ids]
    every = frozenset().union(*(d.chars for d in drawn)) | ASCII | extra_characters()
    return {lang: every for lang in fonts.BUNDLED_LANGS}


def find_sources(source: Path | None) -> dict[str, Path]:
    """The Noto Sans CJK collections per weight: in `source`, else among the installed fonts."""
    found: dict[str, Path] = {}
    for weight, name in SOURCE_FILES.items():
        if source is not None:
            hits = sorted(Path(source).rglob(name))
            path = hits[0] if hits else None
        else:
            located = fonts.find_font(name)
            path = Path(located) if located else None
        if path is None:
            where = f"in {source}" if source is not None else "among the installed fonts"
            raise SubsetError(f"{name} not found {where}; get Noto Sans CJK from Debian: {GET_SOURCE}")
        found[weight] = path
    return found


def write_subsets(chars: dict[str, frozenset[str]], sources: dict[str, Path],
                  out_dir: Path = fonts.BUNDLED_DIR) -> list[Path]:
    """One OpenType (CFF) subset per shipped language and weight, reproducible byte for byte
    (no timestamp is recalculated); names and licence fields are kept as the OFL asks."""
    from fontTools import subset
    from fontTools.ttLib import TTLibError, TTFont

    from tts_bridge.assets.io import atomic_write

    written = []
    for lang, tag in fonts.BUNDLED_LANGS.items():
        for weight, source in sources.items():
            options = subset.Options()
            options.name_IDs = ["*"]          # copyright, licence and its URL stay in the font
            options.name_languages = ["*"]
            options.layout_features = ["*"]   # vertical forms, locale forms, kerning
            options.notdef_outline = True
            options.recalc_timestamp = False
            try:
                font = TTFont(str(source), fontNumber=fonts.CJK_FACE[lang], recalcTimestamp=False, lazy=False)
            except (OSError, TTLibError) as exc:
                raise SubsetError(f"{source}: cannot be read as a font collection ({exc})") from None
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=sorted(ord(c) for c in chars[lang]))
            subsetter.subset(font)
            path = Path(out_dir) / f"NotoSansCJK{tag}-{weight}.subset.otf"
            atomic_write(path, font.save)
            written.append(path)
    return written


def missing_from_subset(game_id: str) -> str:
    """The characters a game draws that its shipped subset faces lack ('' when none)."""
    drawn = drawn_characters(game_id)
    missing: set[str] = set()
    for role in fonts.BUNDLED_WEIGHT:
        path = fonts.BUNDLED_DIR / fonts.bundled_name(role, drawn.lang)
        if not path.is_file():
            return "".join(sorted(drawn.chars))
        have = fonts.coverage(fonts.Face(str(path), 0))
        missing |= {ch for ch in drawn.chars if ord(ch) not in have}
    return "".join(sorted(missing))
