"""Font discovery, fallback chains and glyph coverage.

A *chain* is an ordered list of font faces for one role (`sans`, `bold`, `serif`). Each
character is drawn with the first face whose cmap (read with fontTools from the font file
itself, not guessed) covers it; a character no face covers is reported as a missing glyph.
Installed fonts win: Latin from DejaVu, CJK from Noto Sans CJK (Debian's `fonts-noto-cjk`),
and $TTS_BRIDGE_FONT_DIRS adds folders (colon-separated) searched first. Last in every chain
comes the subset of Noto Sans CJK shipped in `font_files/` (SIL OFL, see its README): it has
every character our own sample cards, backs and boards use, so they render on a machine
without any font installed; `tts-bridge fonts subset` regenerates it when card data changes.
$TTS_BRIDGE_SYSTEM_FONT_DIRS replaces the list of system font folders (empty: none), which
is how tests prove a machine without system fonts renders our cards.
"""

from __future__ import annotations

import os
from typing import NamedTuple
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

from engine.core.usercache import user_cache_dir

SYSTEM_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", str(Path.home() / ".local/share/fonts"),
               str(Path.home() / ".fonts"), "/Library/Fonts", "/System/Library/Fonts", "C:/Windows/Fonts")

# role -> candidates (file name, face index or None for "the face for the language")
ROLES: dict[str, tuple[tuple[str, int | None], ...]] = {
    "sans": (("DejaVuSans.ttf", 0), ("NotoSansCJK-Regular.ttc", None), ("NotoSansCJK-Regular.otf", 0)),
    "bold": (("DejaVuSans-Bold.ttf", 0), ("NotoSansCJK-Bold.ttc", None), ("NotoSansCJK-Bold.otf", 0)),
    "serif": (("DejaVuSerif.ttf", 0), ("NotoSerifCJK-Regular.ttc", None), ("NotoSansCJK-Regular.ttc", None)),
    "condensed": (("DejaVuSansCondensed-Bold.ttf", 0), ("NotoSansCJK-Bold.ttc", None)),
}
# face index inside Noto CJK collections by language (JP, KR, SC, TC, HK order in Debian's .ttc)
CJK_FACE = {"ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3, "zh-HK": 4}

# The shipped subset (see font_files/README.md): one file per weight and language we ship;
# a role's last resort. Other languages use the Japanese face (same code points, other shapes).
BUNDLED_DIR = Path(__file__).resolve().parent / "font_files"
BUNDLED_LANGS = {"ja": "JP", "zh-Hans": "SC"}
BUNDLED_WEIGHT = {"sans": "Regular", "bold": "Bold", "serif": "Regular", "condensed": "Bold"}


def bundled_name(role: str, lang: str) -> str:
    """The shipped subset's file name for a role and language."""
    return f"NotoSansCJK{BUNDLED_LANGS.get(lang, 'JP')}-{BUNDLED_WEIGHT.get(role, 'Regular')}.subset.otf"


class Face(NamedTuple):
    """A font file and the face inside it. A named tuple: faces are dictionary keys in every
    text-measuring cache, and a tuple hashes in C (a dataclass hash is a Python call)."""
    path: str
    index: int

    @property
    def label(self) -> str:
        return f"{Path(self.path).name}#{self.index}"


def system_dirs() -> tuple[str, ...]:
    """The system font folders: $TTS_BRIDGE_SYSTEM_FONT_DIRS when set (empty: none)."""
    env = os.environ.get("TTS_BRIDGE_SYSTEM_FONT_DIRS")
    return SYSTEM_DIRS if env is None else tuple(d for d in env.split(os.pathsep) if d)


def font_dirs() -> list[str]:
    extra = [d for d in os.environ.get("TTS_BRIDGE_FONT_DIRS", "").split(os.pathsep) if d]
    return extra + [d for d in system_dirs() if os.path.isdir(d)]


@lru_cache(maxsize=None)
def _index_files(dirs: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for d in dirs:
        for root, _, files in os.walk(d):
            for name in files:
                found.setdefault(name, os.path.join(root, name))
    return found


def find_font(name: str) -> str | None:
    return _index_files(tuple(font_dirs())).get(name)


def chain(role: str, lang: str = "ja") -> tuple[Face, ...]:
    """The fallback chain for a role: installed faces first (those whose file is absent are
    left out), then the shipped subset. Asked per text box: cached per font environment."""
    env = os.environ
    return _chain(role, lang, env.get("TTS_BRIDGE_FONT_DIRS", ""), env.get("TTS_BRIDGE_SYSTEM_FONT_DIRS"))


@lru_cache(maxsize=None)
def _chain(role: str, lang: str, extra_env: str, system_env: str | None) -> tuple[Face, ...]:
    dirs = tuple(font_dirs())
    faces: list[Face] = []
    for name, index in ROLES.get(role, ROLES["sans"]):
        path = _index_files(dirs).get(name)
        if path:
            face = Face(path, CJK_FACE.get(lang, 0) if index is None else index)
            if face not in faces:
                faces.append(face)
    shipped = BUNDLED_DIR / bundled_name(role, lang)
    if shipped.is_file():
        faces.append(Face(str(shipped), 0))
    return tuple(faces)


def cache_dir() -> Path:
    return user_cache_dir("fonts")


@lru_cache(maxsize=None)
def coverage(face: Face) -> frozenset[int]:
    """Code points the face maps to a glyph (its best cmap, read with fontTools). Decoding a
    CJK cmap takes a quarter of a second, so the result is cached on disk per font file
    (keyed by path, index, size and mtime)."""
    import array
    import hashlib

    st = os.stat(face.path)
    key = hashlib.sha256(f"{face.path}|{face.index}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:24]
    cached = cache_dir() / f"{key}.cmap"
    if cached.is_file():
        codes = array.array("I")
        codes.frombytes(cached.read_bytes())
        return frozenset(codes)
    from fontTools.ttLib import TTCollection, TTFont

    if face.path.lower().endswith((".ttc", ".otc")):
        font = TTCollection(face.path, lazy=True).fonts[face.index]
    else:
        font = TTFont(face.path, lazy=True)
    result = frozenset((font.getBestCmap() or {}).keys())
    try:
        from tts_bridge.assets.io import atomic_write_bytes

        atomic_write_bytes(cached, array.array("I", sorted(result)).tobytes())
    except OSError:
        pass  # a read-only home is fine: we just decode again next time
    return result


def layout_engine() -> int:
    return ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC


def card_text_engine() -> dict[str, str]:
    """The versions of what sets and rasterises card text (`glyphs.py`): the wheels of uharfbuzz
    and freetype-py, each bundling its library (read from the installed metadata: importing
    them costs 25 ms, which a no-op rebuild need not pay)."""
    from importlib.metadata import version

    return {"uharfbuzz": version("uharfbuzz"), "freetype-py": version("freetype-py")}


def complex_layout_status() -> dict:
    """Whether Pillow shapes text with libraqm (needed for correct CJK/complex scripts in what
    Pillow still draws: the table pictures; card text is set by HarfBuzz, `card_text_engine`)."""
    ok = bool(features.check("raqm"))
    return {"raqm": ok, "version": features.version("raqm") if ok else None, "card_text": card_text_engine(),
            "hint": None if ok else ("Pillow's complex text layout (libraqm) is not active: use the PyPI "
                                     "Pillow wheels (they bundle raqm) or `apt-get install libraqm0 libfribidi0` "
                                     "and reinstall Pillow; the table pictures' text falls back to basic layout.")}


@lru_cache(maxsize=512)
def pil_font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(face.path, size=max(1, size), index=face.index, layout_engine=layout_engine())


def face_for(ch: str, faces: tuple[Face, ...]) -> Face | None:
    cp = ord(ch)
    for face in faces:
        if cp in coverage(face):
            return face
    return None


def fingerprint(faces: tuple[Face, ...]) -> list:
    """Identity of the fonts for content hashes: path, size and mtime of each file."""
    out = []
    for f in faces:
        st = os.stat(f.path)
        out.append([f.path, f.index, st.st_size, int(st.st_mtime)])
    return out
