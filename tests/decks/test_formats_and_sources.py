"""Deck import input: every list format, every source, and the bad inputs (issue 8)."""

import http.server
import json
import threading
import time
from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.kaiju import RULES
from tts_bridge.decks.folders import safe_file_name, saved_objects_dir, tts_data_dir
from tts_bridge.decks.formats import parse_source
from tts_bridge.decks.importer import read_deck
from tts_bridge.decks.sources import MAX_BYTES, Source, SourceError, read_source

SAMPLE = sorted((Path(__file__).resolve().parents[2] / "card_data" / "kaiju" / "decks").glob("*.txt"))[0]


def _sample_counts() -> dict[str, int]:
    deck = RULES.load_deck(SAMPLE)
    cards = RULES.cards()
    counts: dict[str, int] = {}
    for card_id in deck.sections["main"]:
        counts[cards[card_id].title] = counts.get(cards[card_id].title, 0) + 1
    return counts


def _entries(text: str, kind: str = ""):
    return parse_source(Source("list", text, kind))


def test_csv_with_header_tsv_and_headerless_rows_keep_their_row_numbers():
    entries, problems = _entries("Qty,Card Name\n3,Ember Rex\n\n1,Tide\n", "csv")
    assert problems == [] and [(e.line, e.count, e.name) for e in entries] == [(2, 3, "Ember Rex"), (4, 1, "Tide")]
    entries, _ = _entries("name\tcount\tsection\nRex\t2\tMain\nGo\t1\tMissions\n", "tsv")
    assert [(e.line, e.section, e.count, e.name) for e in entries] == [(2, "main", 2, "Rex"), (3, "missions", 1, "Go")]
    entries, _ = _entries("Ember Rex,3\nTide,1\n")  # sniffed as CSV, count column found
    assert [(e.count, e.name) for e in entries] == [(3, "Ember Rex"), (1, "Tide")]
    _, problems = _entries("card,count\nRex,lots\n,2\n", "csv")
    assert problems == ["list:2: 'Rex': the count 'lots' must be a whole number from 1 to 99",
                        "list:3: this row has no card name"]


def test_json_lists_sections_and_entry_lines():
    text = json.dumps({"main": [{"name": "Rex", "count": 3}, "2x Tide", ["Moth", 1]], "missions": ["Go"]}, indent=2)
    entries, problems = _entries(text)
    assert problems == []
    assert [(e.section, e.count, e.name) for e in entries] == [("main", 3, "Rex"), ("main", 2, "Tide"),
                                                               ("main", 1, "Moth"), ("missions", 1, "Go")]
    assert entries[0].line == 4 and entries[-1].line > entries[0].line
    _, problems = _entries('[{"name": "Rex", "count": 0}, 17]')
    assert problems[0] == "list:1: 'Rex': the count 0 must be a whole number from 1 to 99"
    assert "entry 2: expected a card name" in problems[1]
    with pytest.raises(SourceError, match="list:1: not valid JSON"):
        _entries("[1, 2", "json")


def test_every_format_gives_the_same_validated_deck(tmp_path):
    counts = _sample_counts()
    text = "\n".join(f"{n} {t}" for t, n in counts.items())
    variants = {
        "a.txt": "// my deck\n" + "\n".join(f"{t} x{n}" for t, n in counts.items()),
        "b.csv": "\ufeffname,count\n" + "\n".join(f'"{t}",{n}' for t, n in counts.items()),
        "c.tsv": "\n".join(f"{n}\t{t}" for t, n in counts.items()),
        "d.json": json.dumps([{"name": t, "count": n} for t, n in counts.items()]),
        "e.txt": text.upper(),  # case-insensitive names
    }
    expected = sorted(RULES.load_deck(SAMPLE).sections["main"])
    for name, content in variants.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        assert sorted(read_deck(RULES, str(path)).sections["main"]) == expected, name


def test_unknown_names_get_suggestions_and_every_problem_its_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("3 Lava Beast Pyroclasm\n1 kj-cindrak\n5 Hatchling Oshaloth\nfull stop\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        read_deck(RULES, str(path))
    problems = err.value.problems
    assert problems[0] == f"{path}:1: unknown card 'Lava Beast Pyroclasm'; did you mean 'Lava Beast Pyroclast'?"
    assert problems[1].startswith(f"{path}:4: unknown card 'full stop'")
    assert any(p.startswith(f"{path}:3: 5 cards named 'Oshaloth'") for p in problems)  # the id on line 2 resolved


def test_file_sources_refuse_binary_huge_and_non_utf8(tmp_path):
    (tmp_path / "bin.txt").write_bytes(b"\x89PNG\x00\x00")
    (tmp_path / "big.txt").write_bytes(b"1 X\n" * (MAX_BYTES // 4 + 10))
    (tmp_path / "latin.txt").write_bytes("3 Caf\xe9".encode("latin-1"))
    with pytest.raises(SourceError, match="binary data"):
        read_source(str(tmp_path / "bin.txt"))
    with pytest.raises(SourceError, match="too large"):
        read_source(str(tmp_path / "big.txt"))
    with pytest.raises(SourceError, match="not UTF-8"):
        read_source(str(tmp_path / "latin.txt"))
    with pytest.raises(SourceError, match="no such file"):
        read_source(str(tmp_path / "missing.txt"))
    for url in ("ftp://example.org/deck.txt", "file:///etc/passwd"):
        with pytest.raises(SourceError, match="only http"):
            read_source(url)


class _Handler(http.server.BaseHTTPRequestHandler):
    routes: dict = {}

    def do_GET(self):  # noqa: N802 - http.server's naming
        status, ctype, body, delay = self.routes.get(self.path, (404, "text/plain", b"nope", 0))
        time.sleep(delay)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def test_url_sources(server, monkeypatch):
    deck = SAMPLE.read_bytes()
    _Handler.routes = {
        "/deck.txt": (200, "text/plain; charset=utf-8", deck, 0),
        "/deck": (200, "application/json", json.dumps(["3 Rex"]).encode(), 0),
        "/page.html": (200, "text/html", b"<html>deck</html>", 0),
        "/huge.txt": (200, "text/plain", b"1 X\n" * (10_000_000 // 4), 0),
        "/slow.txt": (200, "text/plain", b"3 Rex\n", 3),
        "/img.txt": (200, "text/plain", b"\x00\x01\x02", 0),
    }
    monkeypatch.setattr("tts_bridge.decks.sources.TIMEOUT_S", 1.0)
    assert sorted(read_deck(RULES, f"{server}/deck.txt").sections["main"]) == sorted(RULES.load_deck(SAMPLE).sections["main"])
    assert read_source(f"{server}/deck").kind == "json"
    for path, message in (("/page.html", "text/html, not a deck list"), ("/huge.txt", "too large"),
                          ("/slow.txt", "no answer within 1 s"), ("/img.txt", "binary data"),
                          ("/missing.txt", "answered 404")):
        started = time.monotonic()
        with pytest.raises(SourceError, match=message):
            read_source(server + path)
        assert time.monotonic() - started < 10


def test_saved_objects_folder_per_platform(tmp_path):
    home = Path("/home/ann")
    assert tts_data_dir("linux", home, {}) == home / ".local/share/Tabletop Simulator"
    assert tts_data_dir("darwin", home, {}) == home / "Library/Tabletop Simulator"
    assert tts_data_dir("win32", home, {"USERPROFILE": "C:/Users/ann"}) == Path("C:/Users/ann/Documents/My Games/Tabletop Simulator")
    assert tts_data_dir("linux", home, {"TTS_BRIDGE_TTS_DIR": str(tmp_path)}) == tmp_path
    assert saved_objects_dir("kaiju", tmp_path) == tmp_path / "Saves" / "Saved Objects" / "kaiju"
    assert safe_file_name('a/b:c*"d"?') == "a_b_c__d__"


@pytest.mark.parametrize("text", ["", "  \n\n"])
def test_an_empty_list_is_a_list_with_no_cards_not_broken_json(text):
    """`sniff` took an empty text for JSON (the empty string is `in "[{"`), so an empty stdin
    was refused as 'not valid JSON: Expecting value'."""
    from tts_bridge.decks.formats import sniff
    from tts_bridge.decks.sources import Source

    assert sniff(text) == "text"
    entries, problems = parse_source(Source("stdin", text, ""))
    assert entries == [] and not any("JSON" in p for p in problems)
