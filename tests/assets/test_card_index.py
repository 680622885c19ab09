"""cards.json made sheet by sheet (tts_bridge/assets/cardindex.py): the bytes of the whole
index as `json_bytes` writes it, whether each sheet's part is made or copied from the file the
last build wrote; a part is copied only while the file is the one recorded."""

import os

from tts_bridge.assets import cardindex
from tts_bridge.assets.io import json_bytes


def _sheets(texts: dict[str, str], per_sheet: int = 3) -> list[cardindex.SheetCards]:
    ids = list(texts)
    out = []
    for n, at in enumerate(range(0, len(ids), per_sheet)):
        entry = {"FaceURL": f"file:///build/sheet-{n}.png", "NumWidth": 2, "NumHeight": 2, "Unicode": "é\"<"}
        out.append(cardindex.SheetCards(100 + n, entry, [cardindex.IndexCard(cid, f"Title {cid}", texts[cid],
                                                                             ["kaiju", "battle"])
                                                         for cid in ids[at:at + per_sheet]]))
    return out


def _whole(scale: float, sheets: list[cardindex.SheetCards], faces) -> bytes:
    """The index as one dict through `json_bytes` (what the build wrote before it was made in parts)."""
    return json_bytes({"scale": scale, "cards": {
        c.id: {"key": s.key, "cell": cell, "custom_deck": s.entry, "nickname": c.nickname,
               "description": c.description, "tags": c.tags, "face": f"{faces}{os.sep}{c.id}.png"}
        for s in sheets for cell, c in enumerate(s.cards)}})


def test_the_index_in_parts_is_the_whole_index_and_a_rebuild_copies_the_unchanged_parts(tmp_path, monkeypatch):
    path, faces = tmp_path / "cards.json", tmp_path / "faces"
    texts = {f"kj-{n}": f"[b]Card {n}[/b]\nHP {n} | Line two" for n in range(8)}
    record = cardindex.write(path, 1.1125, _sheets(texts), faces)
    assert path.read_bytes() == _whole(1.1125, _sheets(texts), faces)
    made = []
    real = cardindex._part
    monkeypatch.setattr(cardindex, "_part", lambda sheet, f: made.append(sheet.key) or real(sheet, f))
    texts["kj-4"] += " Edited."
    record = cardindex.write(path, 1.1125, _sheets(texts), faces, record)
    assert made == [101] and path.read_bytes() == _whole(1.1125, _sheets(texts), faces)
    path.write_bytes(path.read_bytes().replace(b"Edited", b"edited"))  # not the file recorded:
    st = path.stat()                                                    # same size, a later mtime
    os.utime(path, ns=(st.st_atime_ns, max(st.st_mtime_ns, record["file"][1] + 1)))
    made.clear()
    cardindex.write(path, 1.1125, _sheets(texts), faces, record)
    assert made == [100, 101, 102] and path.read_bytes() == _whole(1.1125, _sheets(texts), faces)


def test_an_index_of_no_card_is_the_whole_index(tmp_path):
    path = tmp_path / "cards.json"
    cardindex.write(path, 1.0, [], tmp_path / "faces")
    assert path.read_bytes() == json_bytes({"scale": 1.0, "cards": {}})
