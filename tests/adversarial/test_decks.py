"""Issue 17, "Deck import": linear-time parsing of every line, one clear error for every
oversized field, depth or count, a deadline for the whole download, and deck file names that
cannot collide."""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

from tts_bridge.decks import sources
from tts_bridge.decks.formats import parse_source
from tts_bridge.decks.output import DeckObject, write_deck_object
from tts_bridge.decks.sources import Source, SourceError, read_source

ROOT = Path(__file__).resolve().parents[2]

PATHOLOGICAL = ["a" + " " * 200_000 + "b", "3" + " " * 200_000 + "x", "a" + " " * 200_000 + ":",
                "Name" + " " * 200_000 + "x" + " " * 200_000]


def test_a_long_line_of_spaces_is_parsed_in_linear_time(tmp_path):
    """Each line took minutes under the backtracking expressions (quadratic in the spaces); the
    subprocess's time-out only keeps a regression from hanging the suite."""
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(PATHOLOGICAL), encoding="utf-8")
    code = ("import sys; from tts_bridge.decks.formats import parse_source; from tts_bridge.decks.sources import Source\n"
            "text = open(sys.argv[1], encoding='utf-8').read()\n"
            "for kind in ('text', ''):\n"
            "    entries, problems = parse_source(Source('deck.txt', text, kind))\n"
            "    print(len(entries), len(problems), entries[0].name[:1], entries[0].name[-1:])\n")
    proc = subprocess.run([sys.executable, "-c", code, str(deck)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["3 0 a b", "3 0 a b"]  # the third line is a section header


def test_a_count_of_thousands_of_digits_is_one_problem_line():
    entries, problems = parse_source(Source("deck.txt", "9" * 5000 + " Rex\n2 Rex\n", "text"))
    assert [e.count for e in entries] == [2]
    assert problems == ["deck.txt:1: 'Rex': a count must be between 1 and 99, got a number of more than 12 digits"]


@pytest.mark.parametrize("text, kind, says", [
    ("name,count\n" + "x" * 10_000 + ",1\n", "csv", "deck.csv:2: a field of more than 4,096 characters"),
    ("name,count\n" + "x" * 200_000 + ",1\n", "csv", "deck.csv:2: not readable as CSV"),
    ('name,count\n"' + "x" * 200_000 + "\n", "csv", "deck.csv:"),
    ("[" * 100_000 + "]" * 100_000, "json", "nested deeper than 8 levels"),
    ('[["Rex", ' + "9" * 5000 + "]]", "json", "a number of 5000 characters is too long"),
    ('{"main": [' + ",".join(['"1 Rex"'] * 20_000) + "]}", "json", "more than 10,000 entries"),
    ("name\n" + "Rex\n" * 20_000, "csv", "more than 10,000 rows"),
])
def test_oversized_fields_depths_and_counts_are_one_clear_error(text, kind, says):
    name = f"deck.{kind}"
    with pytest.raises(SourceError) as err:
        parse_source(Source(name, text, kind))
    assert says in str(err.value) and "\n" not in str(err.value) and str(err.value).startswith(name)


def test_an_oversized_csv_field_through_the_cli_is_one_line_and_exit_2(tmp_path):
    deck = tmp_path / "deck.csv"
    deck.write_text("name,count\n" + "x" * 10_000 + ",1\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tts_bridge.cli", "import-deck", "kaiju", str(deck),
                           "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr[-1500:]
    assert len(proc.stderr.strip().splitlines()) == 1 and "a field of more than" in proc.stderr


class _Drip(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's naming
        body = b"3 Rex\n" * 4
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for byte in body:  # one byte every 0.15 s: every read returns well within its time-out
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.15)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


def test_a_server_that_drip_feeds_bytes_hits_the_total_deadline(monkeypatch):
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Drip)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    monkeypatch.setattr(sources, "TIMEOUT_S", 1.0)
    monkeypatch.setattr(sources, "TOTAL_S", 1.0, raising=False)
    try:
        with pytest.raises(SourceError) as err:
            read_source(f"http://127.0.0.1:{httpd.server_address[1]}/deck.txt")
        assert "did not finish within 1 s" in str(err.value)
    finally:
        httpd.shutdown()


def test_deck_names_with_dots_or_escaped_characters_never_share_a_file(tmp_path):
    obj = DeckObject({"ObjectStates": []}, Image.new("RGB", (4, 4)), 1)
    names = ["ember", "ember.v2", "ember.v3", "a/b", "a_b", "a%2Fb", "ember."]
    written = [write_deck_object(obj, tmp_path, name)[0].name for name in names]
    assert len(set(written)) == len(names)
    assert written[:3] == ["ember.json", "ember.v2.json", "ember.v3.json"]
