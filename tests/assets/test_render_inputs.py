"""Bad art input: missing file, path traversal, not an image, decompression bomb; atomic writes."""

import os
import struct
import zlib

import pytest
from PIL import Image

from tts_bridge.assets.io import atomic_write, atomic_write_text
from tts_bridge.assets.render import ArtRefused, Geometry, RenderContext, load_art, render

GEO = Geometry(63, 88, 40)


def _render_art(tmp_path, src):
    boxes = [{"type": "image", "x": 0, "y": 0, "w": 63, "h": 40, "src": src}]
    return render(boxes, GEO, RenderContext(tmp_path), "kj-test")


def test_missing_art_draws_placeholder_and_warns_with_card_and_path(tmp_path):
    img, warn = _render_art(tmp_path, "art/nothere.png")
    msgs = warn.messages("kj-test")
    assert len(msgs) == 1 and "kj-test" in msgs[0] and "nothere.png" in msgs[0]
    assert img.getpixel((1, 1))[0] > 150  # red placeholder border, not blank white
    assert img.getpixel((1, 1)) != (255, 255, 255)


def test_path_outside_card_data_is_refused(tmp_path):
    with pytest.raises(ArtRefused, match="outside"):
        load_art(tmp_path, "../../etc/passwd")
    _, warn = _render_art(tmp_path, "../../etc/passwd")
    assert any("outside" in m for m in warn.messages("kj-test"))


def test_not_an_image_is_refused(tmp_path):
    (tmp_path / "fake.png").write_text("this is not a png")
    with pytest.raises(ArtRefused, match="not an image"):
        load_art(tmp_path, "fake.png")


def _bomb_png(path, w, h):
    """A tiny PNG file declaring a huge image (1-bit, all zero rows compress to nothing)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = zlib.compress(b"\x00" * (1 + (w + 7) // 8) * 16)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
                     + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def test_decompression_bomb_is_refused(tmp_path):
    _bomb_png(tmp_path / "bomb.png", 20000, 20000)
    assert (tmp_path / "bomb.png").stat().st_size < 1000
    with pytest.raises(ArtRefused, match="decompression bomb"):
        load_art(tmp_path, "bomb.png")


def test_real_art_is_drawn(tmp_path):
    Image.new("RGB", (50, 30), (0, 200, 0)).save(tmp_path / "ok.png")
    img, warn = _render_art(tmp_path, "ok.png")
    assert warn.messages("kj-test") == []
    assert img.getpixel((50, 30)) == (0, 200, 0)


def test_atomic_write_leaves_old_file_when_writer_fails(tmp_path):
    target = tmp_path / "out.json"
    atomic_write_text(target, "old")

    def broken(f):
        f.write(b"half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        atomic_write(target, broken)
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.json"]  # no temporary file left behind


def test_atomic_write_makes_ordinary_files_in_new_folders_past_stale_temporary_names(tmp_path):
    """The temporary file is created with 0666 less the umask (as `chmod` after `mkstemp` gave),
    its folder is made when missing, and a name left by an earlier process is never reused."""
    from tts_bridge.assets import io as assets_io

    umask = os.umask(0o022)
    os.umask(umask)
    target = tmp_path / "new" / "deeper" / "face.png"
    taken = next(assets_io._TEMP_NAMES) + 1  # the name the next write would take
    target.parent.mkdir(parents=True)
    stale = target.parent / f".face.png.{os.getpid()}-{taken}.tmp"
    stale.write_bytes(b"someone else's")
    atomic_write(target, lambda f: f.write(b"png"))
    assert target.read_bytes() == b"png" and stale.read_bytes() == b"someone else's"
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    other = tmp_path / "elsewhere" / "x.bin"
    atomic_write(other, lambda f: f.write(b"x"))
    assert other.read_bytes() == b"x" and os.listdir(other.parent) == ["x.bin"]


@pytest.mark.parametrize("links", [True, False], ids=["hard links", "no hard links"])
def test_an_exclusive_atomic_write_never_replaces_a_file_and_leaves_no_temporary_one(tmp_path, monkeypatch, links):
    """`exclusive` (a new session journal): the name is taken by a hard link, which fails if it
    exists; on a file system without hard links the name is checked, then renamed to."""
    if not links:
        def no_links(*args, **kwargs):
            raise OSError(1, "Operation not permitted")  # what FAT and some network shares answer
        monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "s1.jsonl"
    atomic_write(target, lambda f: f.write(b"first"), durable=True, exclusive=True)
    with pytest.raises(FileExistsError):
        atomic_write(target, lambda f: f.write(b"second"), durable=True, exclusive=True)
    assert target.read_bytes() == b"first" and os.listdir(tmp_path) == ["s1.jsonl"]
