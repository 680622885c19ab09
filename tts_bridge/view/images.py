"""The pictures a save points at: `file://` URLs (or plain paths) into build/, decoded once per
view and cut into sheet cells (fact view_card_faces). Web URLs are not fetched: such objects
are drawn as plain shapes with their name."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

from PIL import Image

from tts_bridge.view.geometry import ImageRef


def url_path(url: str) -> Path | None:
    """The local file a URL names, if it is one."""
    if not url:
        return None
    parsed = urlparse(url)
    if parsed.scheme == "file":
        return Path(unquote(parsed.path))
    if parsed.scheme in ("", ) or (len(parsed.scheme) == 1 and url[1:3] in (":\\", ":/")):
        return Path(url)
    return None


class Images:
    """Decoded images by URL, and cells cut from them at the size they are drawn."""

    def __init__(self) -> None:
        self._full: dict[str, Image.Image | None] = {}
        self._cells: dict[tuple[ImageRef, int, int], Image.Image | None] = {}
        self.missing: set[str] = set()

    def load(self, url: str) -> Image.Image | None:
        if url not in self._full:
            path = url_path(url)
            img = None
            if path is not None and path.is_file():
                try:
                    with Image.open(path) as raw:
                        raw.load()
                        img = raw if raw.mode in ("RGB", "RGBA") else raw.convert(
                            "RGBA" if raw.mode in ("LA", "P", "PA") else "RGB")
                except OSError:
                    img = None
            if img is None:
                self.missing.add(url)
            self._full[url] = img
        return self._full[url]

    def cell(self, ref: ImageRef, width: int, height: int) -> Image.Image | None:
        """The picture of `ref` scaled to width x height pixels (before turning)."""
        key = (ref, max(1, width), max(1, height))
        if key not in self._cells:
            sheet = self.load(ref.url)
            out = None
            if sheet is not None:
                if ref.cols * ref.rows > 1:
                    cw, ch = sheet.width / ref.cols, sheet.height / ref.rows
                    col, row = ref.cell % ref.cols, ref.cell // ref.cols
                    box = (round(col * cw), round(row * ch), round((col + 1) * cw), round((row + 1) * ch))
                    src = sheet.crop(box)
                else:
                    src = sheet
                factor = max(1, min(src.width // key[1], src.height // key[2]) // 2)
                if factor > 1:
                    src = src.reduce(factor)
                out = src.resize((key[1], key[2]), Image.Resampling.BILINEAR)
            self._cells[key] = out
        return self._cells[key]
