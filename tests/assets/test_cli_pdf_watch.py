"""The click commands (through a group built here), print-and-play PDF, and watch."""

import json
import re
import threading
import time

from click.testing import CliRunner
from PIL import Image

from tts_bridge.assets.pdf import PAGES, PT_PER_MM, write_pdf
from tts_bridge.assets.watch import watch


def _group():
    from tts_bridge.cli import main

    return main


def test_build_json_report_and_validate(tmp_path):
    runner = CliRunner()
    res = runner.invoke(_group(), ["build", "kaiju", "--out", str(tmp_path), "--dpi", "30", "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    kaiju = report["games"]["kaiju"]
    assert kaiju["card_count"] == report["cards_rendered"] > 0 and report["cards_reused"] == 0
    for key in ("table_save", "deck_objects", "sheets", "warnings", "preview"):
        assert key in kaiju
    assert "seconds" in report
    res = runner.invoke(_group(), ["validate-save", "--strict", kaiju["table_save"], *kaiju["deck_objects"]])
    assert res.exit_code == 0, res.output
    again = json.loads(runner.invoke(_group(), ["build", "kaiju", "--out", str(tmp_path), "--dpi", "30", "--json"]).output)
    assert again["cards_rendered"] == 0 and again["cards_reused"] == kaiju["card_count"]


def test_build_needs_a_game_and_refuses_unknown_ones(tmp_path):
    runner = CliRunner()
    assert runner.invoke(_group(), ["build", "--out", str(tmp_path)]).exit_code == 2
    res = runner.invoke(_group(), ["build", "nosuchgame", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "registered games" in res.output


def test_pdf_true_size_duplex_and_lossless(tmp_path):
    faces = []
    for i in range(10):
        p = tmp_path / f"f{i}.png"
        Image.new("RGB", (63, 88), (i * 20, 100, 100)).save(p)
        faces.append(p)
    back = tmp_path / "back.png"
    Image.new("RGB", (63, 88), "black").save(back)
    out = tmp_path / "cards.pdf"
    pages = write_pdf(faces, back, out, (63, 88), "a4")
    data = out.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    assert pages == 4  # 9 poker cards per A4 page: fronts, backs, fronts, backs
    assert len(re.findall(rb"/Type /Page ", data)) == 4
    assert b"/DCTDecode" not in data and data.count(b"/FlateDecode") == 11
    w, h = PAGES["a4"]
    assert f"/MediaBox [0 0 {w * PT_PER_MM:.2f} {h * PT_PER_MM:.2f}]".encode() in data
    assert f"{63 * PT_PER_MM:.3f} 0 0 {88 * PT_PER_MM:.3f}".encode() in data  # true size
    # the cross-reference table points at every object, and the trailer at the catalog
    xref = int(re.search(rb"startxref\n(\d+)", data).group(1))
    count = int(re.match(rb"xref\n0 (\d+)\n", data[xref:]).group(1))
    entries = data[xref:].split(b"\n")[3:3 + count - 1]
    for n, entry in enumerate(entries, start=1):
        offset = int(entry[:10])
        assert data[offset:].startswith(f"{n} 0 obj".encode()), n
    root = int(re.search(rb"/Root (\d+) 0 R", data).group(1))
    assert data[int(entries[root - 1][:10]):].split(b"\n", 2)[1].startswith(b"<< /Type /Catalog")
    letter = write_pdf(faces, back, tmp_path / "l.pdf", (63, 88), "letter")
    assert letter == 4


def _wait(pred, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end and not pred():
        time.sleep(0.05)
    return pred()


def test_watch_debounces_bursts_and_survives_a_failing_build(tmp_path):
    calls = []

    def rebuild():
        calls.append(len(calls))
        if len(calls) == 1:
            raise RuntimeError("template broken")

    stop = threading.Event()
    t = threading.Thread(target=watch, args=([tmp_path], rebuild, 0.3, stop), daemon=True)
    t.start()
    time.sleep(0.5)
    for i in range(5):  # an editor's atomic save: temp file + rename, several events
        tmp = tmp_path / f".cards.yaml.{i}.tmp"
        tmp.write_text(f"v{i}")
        tmp.replace(tmp_path / "cards.yaml")
    assert _wait(lambda: len(calls) >= 1)
    time.sleep(0.8)
    assert len(calls) == 1  # one burst, one build (and that build failed)
    (tmp_path / "cards.yaml").write_text("fixed")
    assert _wait(lambda: len(calls) >= 2)  # the watch kept running after the failure
    stop.set()
    t.join(5)
    assert not t.is_alive()
