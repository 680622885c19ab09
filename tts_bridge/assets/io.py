"""Atomic file writes: every output goes to a temporary name in the same folder, then is
renamed, so a crash or a watcher never sees a half-written file."""

from __future__ import annotations

import errno
import itertools
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

import orjson


class OutputError(Exception):
    """An output folder or file that cannot be written: one line saying which and why."""


def writable_folder(folder: Path, hint: str = "choose another --out") -> None:
    """Create `folder` and write (then remove) a file in it, so that an output that cannot be
    written is one message before any work starts, not one error per card or worker."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test.", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise OutputError(f"cannot write to {folder}: {exc.strerror or exc} ({hint})") from None


def atomic_write_bytes(path: Path, data: bytes) -> None:
    atomic_write(path, lambda f: f.write(data))


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def json_bytes(data: Any) -> bytes:
    """Indented UTF-8 JSON like TTS writes; orjson does it about 20x faster than the standard
    library, whose C encoder is not used when indenting (a table save has ~100k values)."""
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS) + b"\n"


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_bytes(path, json_bytes(data))


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` atomically unless the file already holds exactly it (an unchanged output
    keeps its mtime, so uploaders and `watch` see no change); True if it was written."""
    try:
        if Path(path).read_bytes() == data:
            return False
    except OSError:
        pass
    atomic_write_bytes(path, data)
    return True


_TEMP_NAMES = itertools.count()


def _new_file_beside(path: Path) -> tuple[int, str]:
    """A file created here (never one that exists) beside `path`, its folder made if missing,
    with an ordinary file's permissions (0666 less the umask): what `mkdir`, `mkstemp` and
    `chmod` did in three steps and four system calls, in one for the usual case (a build
    writes every card face this way)."""
    while True:
        tmp = f"{path.parent}{os.sep}.{path.name}.{os.getpid()}-{next(_TEMP_NAMES)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666), tmp
        except FileExistsError:
            continue  # left behind by an earlier process with our id
        except FileNotFoundError:
            path.parent.mkdir(parents=True, exist_ok=True)


def atomic_write(path: Path, writer: Callable[[Any], Any], *, durable: bool = False, exclusive: bool = False) -> None:
    """Call `writer(fileobj)` on a temporary file beside `path`, then rename it over `path`.
    `durable`: the data and the rename are fsynced before this returns, so a power cut keeps
    them (a session journal). `exclusive`: never over an existing file (FileExistsError): the
    file is hard-linked to its name, which fails if the name is taken."""
    path = Path(path)
    fd, tmp = _new_file_beside(path)
    try:
        with os.fdopen(fd, "wb") as f:
            writer(f)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        if exclusive:
            _link_new(tmp, path)
        else:
            os.replace(tmp, path)
            tmp = None
        if durable:
            sync_folder(path.parent)
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass


def _link_new(tmp: str, path: Path) -> None:
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: checked, then renamed
        if path.exists():
            raise FileExistsError(errno.EEXIST, "file exists", str(path)) from None
        os.replace(tmp, path)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; Windows has no folder handle to fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def save_image(image: Any, path: Path, fmt: str = "PNG", **params: Any) -> None:
    """Save a Pillow image atomically (the format is explicit: the temp name has no suffix)."""
    atomic_write(path, lambda f: image.save(f, format=fmt, **params))


_PNG_MODES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}

try:  # ISA-L's deflate: the same zlib stream as the standard library's, about 7x faster
    from isal import isal_zlib as _deflate
    _DEFLATE_LEVELS = 3
except ImportError:  # pragma: no cover - a platform without an isal wheel
    import zlib as _deflate
    _DEFLATE_LEVELS = 9


def deflate(data: Any, level: int = 1) -> bytes:
    """A zlib stream of `data` (ISA-L when installed)."""
    return _deflate.compress(data, min(level, _DEFLATE_LEVELS))


def inflate(data: bytes) -> bytes:
    return _deflate.decompress(data)


def png_bytes(image: Any, level: int = 1, dpi: int | None = None) -> bytes:
    """A lossless PNG of an L / RGB / RGBA image, written directly: filter type None on every
    row and deflate at `level` (capped to what the deflate library offers). Pillow's encoder
    tries the five PNG filters on every row, which costs more than drawing a card; on our flat,
    drawn artwork unfiltered rows compress as small or smaller at a fraction of the time.
    Other modes go through Pillow."""
    if image.mode not in _PNG_MODES:
        import io

        buf = io.BytesIO()
        image.save(buf, format="PNG", compress_level=level)
        return buf.getvalue()
    w, h = image.size
    stride = w * _PNG_MODES[image.mode][1]
    data = memoryview(packed_rows(image, padding=1))
    packer = _deflate.compressobj(min(level, _DEFLATE_LEVELS))
    # 32 rows per call: few calls, buffers the allocator reuses. Each row is prefixed by its
    # filter byte 0 (None): the zero after row n-1 is row n's filter byte, so a block is the
    # slice one byte before its rows (the first block gets its zero by a small copy). ISA-L's
    # stream depends on where the calls cut it: the blocks are the ones the format was made with.
    block, end = 32 * (stride + 1), h * (stride + 1)
    idat = []
    for start in range(0, end, block):
        rows = data[start - 1:min(start + block, end) - 1] if start else b"\0" + data[:min(block, end) - 1]
        idat.append(packer.compress(rows))
    idat.append(packer.flush())
    return _png(w, h, image.mode, b"".join(idat), dpi)


def packed_rows(image: Any, padding: int = 0) -> bytes:
    """`image.tobytes()` of an L, RGB or RGBA image in one buffer (Pillow's raw encoder run
    once, no join of 64 kB parts), each row followed by `padding` zero bytes."""
    from PIL import Image

    if image.mode not in _PNG_MODES:
        raise ValueError(f"packed_rows takes L, RGB or RGBA images, not {image.mode}")
    image.load()
    if not image.width or not image.height:
        return b""  # as `tobytes` (the encoder refuses an empty image)
    row = _PNG_MODES[image.mode][1] * image.width + padding
    encoder = Image._getencoder(image.mode, "raw", (image.mode, row if padding else 0))
    try:
        encoder.setimage(image.im, (0, 0, *image.size))
        parts = []
        while True:
            _, status, part = encoder.encode(image.height * row)
            parts.append(part)
            if status:
                break
        if status < 0:
            raise RuntimeError(f"encoder error {status} packing a {image.mode} image")
    finally:
        encoder.cleanup()
    return parts[0] if len(parts) == 1 else b"".join(parts)


def png_from_bands(size: tuple[int, int], mode: str, bands: Any, level: int = 1, dpi: int | None = None) -> bytes:
    """A PNG from ready scanlines (each row: filter byte 0, then the pixels), given in bands of
    rows and deflated as they come: how sheets are written, with no 50 MB image in memory."""
    w, h = size
    packer = _deflate.compressobj(min(level, _DEFLATE_LEVELS))
    idat, total = [], 0
    for band in bands:
        total += len(band)
        idat.append(packer.compress(band))
    if total != h * (1 + w * _PNG_MODES[mode][1]):
        raise ValueError(f"{total} bytes of scanlines do not make a {w}x{h} {mode} image")
    idat.append(packer.flush())
    return _png(w, h, mode, b"".join(idat), dpi)


def _png(w: int, h: int, mode: str, idat: bytes, dpi: int | None) -> bytes:
    import struct
    import zlib

    def chunk(tag: bytes, payload: bytes) -> bytes:
        return struct.pack(">I", len(payload)) + tag + payload + struct.pack(">I", zlib.crc32(payload, zlib.crc32(tag)))

    parts = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, _PNG_MODES[mode][0], 0, 0, 0))]
    if dpi:
        ppm = round(dpi / 0.0254)
        parts.append(chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    parts += [chunk(b"IDAT", idat), chunk(b"IEND", b"")]
    return b"".join(parts)


def save_png(image: Any, path: Path, level: int = 1, dpi: int | None = None) -> None:
    """`png_bytes` written atomically."""
    atomic_write_bytes(path, png_bytes(image, level, dpi))
