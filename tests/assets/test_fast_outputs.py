"""The speed paths of the build keep the outputs exact: the direct PNG writer is lossless,
sheets written from raw cells equal the composed sheet, the SIMD resizer agrees with Pillow,
and sheet cells are the trimmed face scaled with the sheet filter (issue 7, Speed)."""

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from tts_bridge.assets import cells, resample
from tts_bridge.assets.build import build_game
from tts_bridge.assets.io import packed_rows, png_bytes, png_from_bands, save_png
from tts_bridge.assets.sheets import CELL_FILTER, Scanlines, compose, plan_sheets, sheet_cell


def _picture(mode: str) -> Image.Image:
    img = Image.linear_gradient("L").resize((97, 61)).convert(mode)  # odd sizes: no row alignment luck
    d = ImageDraw.Draw(img)
    d.ellipse((10, 5, 60, 50), fill="red" if mode != "L" else 200)
    d.text((5, 40), "Ab 字", fill="white" if mode != "L" else 255)
    if mode == "RGBA":
        img.putalpha(Image.linear_gradient("L").resize((97, 61)).rotate(90))
    return img


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
def test_png_writer_is_lossless(mode, tmp_path):
    img = _picture(mode)
    save_png(img, tmp_path / "x.png", level=2, dpi=300)
    with Image.open(tmp_path / "x.png") as back:
        back.load()
        assert back.format == "PNG" and back.mode == mode and back.size == img.size
        assert back.tobytes() == img.tobytes()
        assert round(back.info["dpi"][0]) == 300


def _plain_png_stream(image: Image.Image, level: int) -> bytes:
    """The IDAT stream the plain way: `tobytes`, each row after its filter byte 0, deflated in
    blocks of 32 rows (ISA-L's output depends on where the calls cut the input)."""
    from tts_bridge.assets.io import _deflate

    stride, data = len(image.mode) * image.width, image.tobytes()
    packer = _deflate.compressobj(min(level, 3))
    out = [packer.compress(b"\0" + b"\0".join(data[i:i + stride] for i in range(start, min(start + 32 * stride, len(data)), stride)))
           for start in range(0, len(data), 32 * stride)]
    return b"".join(out + [packer.flush()])


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
@pytest.mark.parametrize("size", [(1, 1), (97, 61), (5, 31), (5, 32), (5, 33), (300, 97), (7, 0)])
def test_png_writer_deflates_the_plain_scanlines(mode, size):
    """png_bytes packs the rows with Pillow's encoder padding each row itself; the file must
    be the one the plain rows give, byte for byte (card faces stay the same files)."""
    img = _picture(mode).resize(size) if size[1] else Image.new(mode, size)
    for level in (1, 2):
        data = png_bytes(img, level)
        start = data.index(b"IDAT") + 4
        length = int.from_bytes(data[start - 8:start - 4], "big")
        assert data[start:start + length] == _plain_png_stream(img, level), (mode, size, level)


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
@pytest.mark.parametrize("size", [(1, 1), (97, 61), (5000, 20), (7, 0)])
def test_packed_rows_are_tobytes_with_each_row_padded(mode, size):
    img = _picture(mode).resize(size) if size[1] else Image.new(mode, size)
    plain, stride = img.tobytes(), len(mode) * size[0]
    assert packed_rows(img) == plain
    assert packed_rows(img, padding=2) == b"".join(plain[i:i + stride] + b"\0\0" for i in range(0, len(plain), stride))
    with pytest.raises(ValueError):
        packed_rows(img.convert("1"))


def test_png_writer_hands_other_modes_to_pillow():
    img = _picture("RGB").convert("P")
    with Image.open(io.BytesIO(png_bytes(img))) as back:
        back.load()
        assert back.mode == "P" and back.convert("RGB").tobytes() == img.convert("RGB").tobytes()


def test_sheet_cells_are_the_trimmed_faces_scaled(kaiju_copy, small):
    adapter, _ = kaiju_copy
    small.bleed_mm = 3.0
    r = build_game("kaiju", small, adapter=adapter)
    geo, b = small.geometry(adapter), small.geometry(adapter).bleed_px
    first = adapter.cards()[0].id
    with Image.open(r.sheets[0]) as sheet, Image.open(small.out / "kaiju" / "faces" / f"{first}.png") as face:
        cw, ch = sheet.width // small.max_cols, sheet.height // small.max_rows
        cell = sheet.convert("RGB").crop((0, 0, cw, ch))
        expected = face.convert("RGB").crop((b, b, b + geo.trim_px[0], b + geo.trim_px[1])).resize((cw, ch), CELL_FILTER)
    diff = ImageStat.Stat(ImageChops.difference(cell, expected)).mean
    assert max(diff) < 1.0, diff  # only the outermost pixels may differ (the bleed around the cut)
    shifted = expected.transform(expected.size, Image.AFFINE, (1, 0, 3, 0, 1, 0))
    assert max(ImageStat.Stat(ImageChops.difference(cell, shifted)).mean) > max(diff)
    assert Path(r.sheets[0]).stat().st_size > 0


def _cells(n: int, size: tuple[int, int]) -> list[Image.Image]:
    base = _picture("RGB").resize(size)
    return [Image.eval(base, lambda v, k=k: (v + 37 * k) % 256) for k in range(n)]


def _png_of(writer, faces, plan, size, filler, hidden=None, level=2):
    raw = [f.tobytes() for f in faces]
    bands = writer.bands(lambda k: sheet_cell(k, plan, raw, filler.tobytes(), hidden and hidden.tobytes()), plan, size)
    return png_from_bands((plan.cols * size[0], plan.rows * size[1]), "RGB", bands, level)


@pytest.mark.parametrize("n, hidden", [(1, False), (12, True), (69, True), (70, False)])
def test_sheet_scanlines_are_the_composed_sheet(n, hidden):
    plan, size = plan_sheets(n, hidden)[0], (13, 9)
    faces, back, secret = _cells(n, size), Image.new("RGB", size, "navy"), Image.new("RGB", size, "lime")
    expected = compose(faces, plan, size, filler=back, hidden=secret)
    with Image.open(io.BytesIO(_png_of(Scanlines(), faces, plan, size, back, secret))) as png:
        png.load()
        assert png.size == expected.size and png.tobytes() == expected.tobytes()


def test_sheet_scanlines_reuse_their_buffer_for_another_grid():
    """A big sheet, then a smaller one with another row length: every filter byte is reset."""
    writer, size = Scanlines(), (13, 9)
    back = Image.new("RGB", size, "navy")
    _png_of(writer, _cells(70, size), plan_sheets(70)[0], size, back)
    plan, faces = plan_sheets(3)[0], _cells(3, size)
    expected = compose(faces, plan, size, filler=back)
    with Image.open(io.BytesIO(_png_of(writer, faces, plan, size, back))) as png:
        assert png.convert("RGB").tobytes() == expected.tobytes()


def test_sheet_scanlines_refuse_a_cell_of_the_wrong_size():
    plan = plan_sheets(2)[0]
    with pytest.raises(ValueError, match="cell image 1"):
        list(Scanlines().bands(lambda k: bytes(13 * 9 * 3) if k == 0 else bytes(10), plan, (13, 9)))
    with pytest.raises(ValueError, match="do not make"):
        png_from_bands((13, 9), "RGB", [bytes(13 * 9 * 3)])  # no filter bytes


def test_cells_round_trip_through_a_sheet_pack(tmp_path):
    img = _cells(1, (41, 57))[0]
    packed = cells.pack(img)
    assert len(packed) < len(img.tobytes())  # stored deflated
    cells.write_pack(tmp_path / "sheet-01.zip", {cells.key("a", (41, 57)): packed})
    store = cells.CellStore(tmp_path)
    assert store.has("a", (41, 57)) and not store.has("a", (40, 57)) and not store.has("b", (41, 57))
    assert cells.unpack(store.get("a", (41, 57)), (41, 57)).tobytes() == img.tobytes()
    store.close(keep={"sheet-01"})
    assert (tmp_path / "sheet-01.zip").is_file()
    assert cells.CellStore(tmp_path, fresh=True).get("a", (41, 57)) is None  # --force ignores the cache


def test_a_damaged_or_stale_pack_only_costs_its_cells(tmp_path):
    cells.write_pack(tmp_path / "sheet-01.zip", {"a@2x2": cells.pack(Image.new("RGB", (2, 2)))})
    cells.write_pack(tmp_path / "sheet-02.zip", {"b@2x2": cells.pack(Image.new("RGB", (2, 2)))})
    (tmp_path / "sheet-03.zip").write_bytes(b"not a zip")
    data = bytearray((tmp_path / "sheet-01.zip").read_bytes())
    at = data.index(b"a@2x2") + 6  # inside the stored member: its CRC no longer matches
    data[at] ^= 0xFF
    (tmp_path / "sheet-01.zip").write_bytes(bytes(data))
    store = cells.CellStore(tmp_path)
    assert store.get("a", (2, 2)) is None
    assert store.get("b", (2, 2)) is not None
    store.close(keep={"sheet-01"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.json", "sheet-01.zip"]  # packs of gone sheets go


def test_the_pack_index_is_used_only_for_packs_unchanged_since_it_was_written(tmp_path, monkeypatch):
    """`index.json` saves reading every pack's ZIP directory; a pack written after it (another
    build, a copy) is read again, and so is every pack without it."""
    import zipfile

    cell = cells.pack(Image.new("RGB", (2, 2)))
    cells.write_pack(tmp_path / "sheet-01.zip", {"a@2x2": cell})
    cells.write_pack(tmp_path / "sheet-02.zip", {"b@2x2": cell})
    cells.CellStore(tmp_path).close(keep={"sheet-01", "sheet-02"})
    read: list[str] = []
    real = zipfile.ZipFile

    def counting(file, mode="r", *args, **kwargs):
        if mode == "r":
            read.append(Path(file).name)
        return real(file, mode, *args, **kwargs)

    monkeypatch.setattr(cells.zipfile, "ZipFile", counting)
    assert cells.CellStore(tmp_path).has("b", (2, 2)) and read == []  # from the index alone
    cells.write_pack(tmp_path / "sheet-02.zip", {"c@2x2": cell, "d@2x2": cell})  # rewritten
    store = cells.CellStore(tmp_path)
    assert read == ["sheet-02.zip"]
    assert store.has("c", (2, 2)) and store.has("a", (2, 2)) and not store.has("b", (2, 2))
    (tmp_path / "index.json").write_bytes(b"{not json")
    read.clear()
    assert cells.CellStore(tmp_path).has("d", (2, 2)) and sorted(read) == ["sheet-01.zip", "sheet-02.zip"]


@pytest.mark.parametrize("mode", ["RGB", "L"])
@pytest.mark.parametrize("box", [None, (3, 4, 90, 58)])
def test_resizer_agrees_with_pillow(mode, box):
    img = _picture(mode).resize((388, 244))
    ours, pillows = resample.resize(img, (120, 70), CELL_FILTER, box), img.resize((120, 70), CELL_FILTER, box=box)
    assert ours.mode == mode and ours.size == (120, 70)
    assert max(ImageStat.Stat(ImageChops.difference(ours, pillows)).mean) < 0.5
    shifted = pillows.transform(pillows.size, Image.AFFINE, (1, 0, 2, 0, 1, 0))
    assert max(ImageStat.Stat(ImageChops.difference(ours, shifted)).mean) > 1.0  # the check can fail


def test_resizer_leaves_alpha_and_other_filters_to_pillow():
    rgba = _picture("RGBA")
    assert resample.resize(rgba, (40, 30), Image.LANCZOS).tobytes() == rgba.resize((40, 30), Image.LANCZOS).tobytes()
    rgb = _picture("RGB")
    assert resample.resize(rgb, (40, 30), Image.NEAREST).tobytes() == rgb.resize((40, 30), Image.NEAREST).tobytes()


def test_the_simd_resizer_is_installed_where_it_has_wheels():
    """`pip install .` brings cykooz.resizer where it publishes wheels (pyproject's marker):
    without it scaling cells costs 4 ms a card instead of 1."""
    import platform
    import sys

    has_wheels = (sys.platform == "linux" and platform.machine() == "x86_64") or sys.platform in ("darwin", "win32")
    assert resample.available() or not has_wheels


@pytest.mark.parametrize("w, h, radius", [(650, 213, 17.7), (40, 30, 25), (5, 5, 1), (300, 100, 0.5), (61, 200, 29)])
def test_rounded_art_paste_equals_the_masked_paste(w, h, radius):
    from tts_bridge.assets.render import _paste_rounded, _rounded_mask

    base = Image.linear_gradient("L").resize((744, 500)).convert("RGB")
    tile = _picture("RGB").resize((w, h))
    expected = base.copy()
    expected.paste(tile, (47, 65), _rounded_mask(w, h, radius))
    _paste_rounded(base, tile, (47, 65), radius)
    assert base.tobytes() == expected.tobytes()
    assert _rounded_mask(w, h, radius).getextrema()[0] == 0 or radius < 1  # corners really are cut
