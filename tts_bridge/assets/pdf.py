"""Print-and-play PDF: cards at true size on A4 or Letter, crop marks outside the card
grid, backs on alternate pages mirrored for duplex (long-edge flip), images stored
losslessly (Flate). A minimal PDF writer: Pillow's PDF output re-encodes RGB as JPEG."""

from __future__ import annotations

import zlib
from pathlib import Path

from PIL import Image

from tts_bridge.assets.io import atomic_write_bytes

PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PT_PER_MM = 72 / 25.4


# the least paper kept around the card grid: room for the crop marks (1 mm gap + MARK_MM) and
# a printer's unprintable edge; 6 mm fits 3 x 3 poker cards on Letter as on A4
MIN_MARGIN_MM = 6.0
MARK_MM = 4.0


def layout(page: str, card_w: float, card_h: float, margin: float = MIN_MARGIN_MM) -> tuple[int, int, float, float]:
    """(columns, rows, x0, y0 in mm) of the centred card grid."""
    pw, ph = PAGES[page]
    cols, rows = int((pw - 2 * margin) // card_w), int((ph - 2 * margin) // card_h)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_w}x{card_h} mm card does not fit on {page}")
    return cols, rows, (pw - cols * card_w) / 2, (ph - rows * card_h) / 2


class _Pdf:
    def __init__(self) -> None:
        self.objects: list[bytes] = []

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def image(self, img: Image.Image) -> int:
        rgb = img.convert("RGB")
        data = zlib.compress(rgb.tobytes(), 6)
        head = (f"<< /Type /XObject /Subtype /Image /Width {rgb.width} /Height {rgb.height} /ColorSpace /DeviceRGB "
                f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(data)} >>\nstream\n").encode()
        return self.add(head + data + b"\nendstream")

    def serialize(self, page_ids: list[int], pages_id: int) -> bytes:
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(self.objects, start=1):
            offsets.append(len(out))
            out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(self.objects) + 1}\n0000000000 65535 f \n".encode()
        out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
        catalog = len(self.objects)  # the catalog is written last
        out += f"trailer\n<< /Size {len(self.objects) + 1} /Root {catalog} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
        return bytes(out)


def write_pdf(faces: list[Path], back: Path, out: Path, card_mm: tuple[float, float], page: str = "a4",
              bleed_px: int = 0) -> int:
    """Write the PDF; returns the number of pages."""
    cw, ch = card_mm
    cols, rows, x0, y0 = layout(page, cw, ch)
    pw, ph = PAGES[page]
    pdf = _Pdf()
    page_ids: list[int] = []
    per_page = cols * rows
    images: dict[str, int] = {}

    def img_id(path: Path) -> int:
        if str(path) not in images:
            with Image.open(path) as im:
                im.load()
                if bleed_px:
                    im = im.crop((bleed_px, bleed_px, im.width - bleed_px, im.height - bleed_px))
                images[str(path)] = pdf.image(im)
        return images[str(path)]

    def marks() -> str:
        ops = ["0.3 w 0 0 0 RG"]
        L = max(1.0, min(MARK_MM, x0 - 2.0, y0 - 2.0))  # marks stay on the paper
        for c in range(cols + 1):
            x = (x0 + c * cw) * PT_PER_MM
            ops.append(f"{x:.2f} {(ph - y0 + 1) * PT_PER_MM:.2f} m {x:.2f} {(ph - y0 + 1 + L) * PT_PER_MM:.2f} l S")
            ops.append(f"{x:.2f} {(y0 - 1 - L) * PT_PER_MM:.2f} m {x:.2f} {(y0 - 1) * PT_PER_MM:.2f} l S")
        for r in range(rows + 1):
            y = (ph - y0 - r * ch) * PT_PER_MM
            ops.append(f"{(x0 - 1 - L) * PT_PER_MM:.2f} {y:.2f} m {(x0 - 1) * PT_PER_MM:.2f} {y:.2f} l S")
            ops.append(f"{(pw - x0 + 1) * PT_PER_MM:.2f} {y:.2f} m {(pw - x0 + 1 + L) * PT_PER_MM:.2f} {y:.2f} l S")
        return "\n".join(ops)

    pending: list[tuple[str, dict]] = []
    for start in range(0, len(faces), per_page):
        chunk = faces[start:start + per_page]
        for side in ("front", "back"):
            ops, xobjs = [], {}
            for k, face in enumerate(chunk):
                r, c = divmod(k, cols)
                if side == "back":
                    c = cols - 1 - c  # mirrored so backs line up after a long-edge flip
                ident = img_id(face if side == "front" else back)
                name = f"Im{ident}"
                xobjs[name] = ident
                x, y = (x0 + c * cw) * PT_PER_MM, (ph - y0 - (r + 1) * ch) * PT_PER_MM
                ops.append(f"q {cw * PT_PER_MM:.3f} 0 0 {ch * PT_PER_MM:.3f} {x:.3f} {y:.3f} cm /{name} Do Q")
            ops.append(marks())
            pending.append(("\n".join(ops), xobjs))
    pages_id = len(pdf.objects) + 2 * len(pending) + 1
    for content, xobjs in pending:
        data = content.encode()
        cid = pdf.add(f"<< /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream")
        res = " ".join(f"/{n} {i} 0 R" for n, i in xobjs.items())
        page_ids.append(pdf.add(f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 {pw * PT_PER_MM:.2f} "
                                f"{ph * PT_PER_MM:.2f}] /Resources << /XObject << {res} >> >> /Contents {cid} 0 R >>".encode()))
    kids = " ".join(f"{p} 0 R" for p in page_ids)
    assert pdf.add(f"<< /Type /Pages /Kids [{kids}] /Count {len(page_ids)} >>".encode()) == pages_id
    pdf.add(f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode())
    atomic_write_bytes(out, pdf.serialize(page_ids, pages_id))
    return len(page_ids)
