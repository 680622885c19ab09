"""The sheet-cell cache: every card face scaled to its sheet cell, kept between builds so that
a sheet with one changed card is recomposed without re-rendering the others.

A cell is raw RGB, deflated (ISA-L: a 700 kB cell becomes ~30 kB in 0.3 ms). The cells of a
sheet are stored together, one ZIP file per sheet (`.cache/cells/<sheet>.zip`, members named
`<card id>@<w>x<h>`), written by the job that composes the sheet: creating a file costs more
here than compressing a cell, and one file per card meant hundreds per cold build. The card
jobs hand their cells back in memory instead.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import orjson
from PIL import Image

from tts_bridge.assets.io import atomic_write, deflate, inflate, packed_rows, write_if_changed

DEFLATE_LEVEL = 2


def key(card_id: str, size: tuple[int, int]) -> str:
    return f"{card_id}@{size[0]}x{size[1]}"


def pack(image: Image.Image) -> bytes:
    """A cell image as cached: deflated raw RGB."""
    return deflate(packed_rows(image if image.mode == "RGB" else image.convert("RGB")), DEFLATE_LEVEL)


def unpack(data: bytes, size: tuple[int, int]) -> Image.Image:
    return Image.frombytes("RGB", size, inflate(data))


def write_pack(path: Path, cells: dict[str, bytes]) -> None:
    """One sheet's cells in one stored ZIP (the members are deflated already), atomically."""
    def write(f) -> None:  # noqa: ANN001 - a binary file object
        with zipfile.ZipFile(f, "w", zipfile.ZIP_STORED) as z:
            for name, data in cells.items():
                z.writestr(name, data)

    atomic_write(path, write)


_INDEX = "index.json"  # pack file -> [[size, mtime_ns], member names], as the last build left them


class CellStore:
    """The cells of one game: those rendered in this build (in memory) and those kept in the
    previous build's packs. A pack that cannot be read only costs re-rendering its cards.

    Which cells each pack holds is kept in `index.json` by the pack's size and mtime: reading
    the ZIP directories of every pack was 0.1 s per 10,000 cards of every rebuild."""

    def __init__(self, folder: Path, fresh: bool = False) -> None:
        self.folder = folder
        self.new: dict[str, bytes] = {}
        self.where: dict[str, Path] = {}
        self._open: dict[Path, zipfile.ZipFile] = {}
        self._members: dict[str, list] = {}  # pack file name -> [[size, mtime_ns], names] when read
        if not fresh and folder.is_dir():
            for path, names in self._packs(self._index()):
                for name in names:
                    self.where.setdefault(name, path)

    def _index(self) -> dict:
        try:
            known = orjson.loads((self.folder / _INDEX).read_bytes())
        except (OSError, orjson.JSONDecodeError):
            return {}
        return known if isinstance(known, dict) else {}

    def _packs(self, known: dict) -> list[tuple[Path, list[str]]]:
        """(pack, its member names) for every readable pack, from `known` where it is unchanged."""
        out = []
        for path in sorted(self.folder.glob("*.zip")):
            try:
                st = path.stat()
                stamp = [st.st_size, st.st_mtime_ns]
                entry = known.get(path.name)
                if isinstance(entry, list) and len(entry) == 2 and entry[0] == stamp:
                    names = entry[1]
                else:
                    with zipfile.ZipFile(path) as z:
                        names = z.namelist()
            except (OSError, zipfile.BadZipFile):
                continue
            self._members[path.name] = [stamp, names]
            out.append((path, names))
        return out

    def has(self, card_id: str, *sizes: tuple[int, int]) -> bool:
        """Whether the card's cell at each of `sizes` is at hand (rendered now or kept)."""
        for size in sizes:
            k = key(card_id, size)
            if k not in self.new and k not in self.where:
                return False
        return True

    def kept(self, size: tuple[int, int], *card_ids: str) -> bool:
        """Whether the cells of `card_ids` at `size` are each in a pack of an earlier build (not
        only in memory)."""
        where = self.where
        return all(key(card_id, size) in where for card_id in card_ids)

    def put(self, card_id: str, size: tuple[int, int], data: bytes) -> None:
        self.new[key(card_id, size)] = data

    def get(self, card_id: str, size: tuple[int, int]) -> bytes | None:
        """The cached cell, or None (never kept, or its pack is gone or damaged)."""
        k = key(card_id, size)
        if k in self.new:
            return self.new[k]
        path = self.where.get(k)
        if path is None:
            return None
        try:
            if path not in self._open:
                self._open[path] = zipfile.ZipFile(path)
            data = self._open[path].read(k)  # checks the member's CRC
        except (OSError, KeyError, zipfile.BadZipFile):
            return None
        self.new[k] = data  # it will be written again with its sheet's pack
        return data

    def close(self, keep: set[str]) -> None:
        """Close the packs read, and delete everything else in the folder: packs of sheets that
        no longer exist, and cache files of earlier versions; then index the packs kept."""
        for z in self._open.values():
            z.close()
        self._open.clear()
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.is_file() and path.name != _INDEX and (path.suffix != ".zip" or path.stem not in keep):
                path.unlink(missing_ok=True)
        index = dict(self._packs(self._members))
        try:
            write_if_changed(self.folder / _INDEX, orjson.dumps({path.name: self._members[path.name] for path in index}))
        except OSError:  # a missing index only costs reading the packs' directories
            pass
