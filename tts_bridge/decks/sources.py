"""Where a deck list comes from: a file, stdin (`-`) or an http(s) URL.

A URL is fetched with a timeout per read, a deadline for the whole download (a server that
drip-feeds bytes defeats a per-read timeout), a size cap and a content-type check, so a 10 MB
page, a binary file, a stalled or dripping server or an HTML page gives a clear error within
seconds. No other URL schemes are accepted.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

MAX_BYTES = 1_000_000  # a deck list is a few KB; anything near this is not a deck list
TIMEOUT_S = 5.0  # per connect and per read
TOTAL_S = 20.0  # for the whole download, however the server paces its bytes
TEXT_TYPES = ("text/plain", "text/csv", "text/tab-separated-values", "application/json", "text/json",
              "application/csv", "application/octet-stream")


class SourceError(ValueError):
    """The deck list could not be read; the message says what and where."""


@dataclass(frozen=True)
class Source:
    name: str  # shown in messages: the path, "stdin" or the URL
    text: str
    kind: str  # "text", "csv", "tsv", "json" from the extension / content type; "" = sniff it


def _decode(data: bytes, name: str) -> str:
    if len(data) > MAX_BYTES:
        raise SourceError(f"{name}: {len(data):,} bytes is too large for a deck list (limit {MAX_BYTES:,})")
    if b"\x00" in data:
        raise SourceError(f"{name}: this is binary data, not a deck list")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{name}: not UTF-8 text (byte {exc.start}); save the list as UTF-8") from None


def _kind(name: str, content_type: str = "") -> str:
    suffix = Path(urlparse(name).path).suffix.lower()
    if suffix in (".csv",) or "csv" in content_type:
        return "csv"
    if suffix in (".tsv", ".tab") or "tab-separated" in content_type:
        return "tsv"
    if suffix == ".json" or "json" in content_type:
        return "json"
    if suffix in (".txt", ".dec", ".dek", ".md"):
        return "text"
    return ""


def _fetch(url: str) -> Source:
    """Download in a worker thread and wait at most TOTAL_S for it; past the deadline the
    response is closed under the worker (which then ends) and the user gets one line."""
    outcome: dict = {}
    holder: dict = {}

    def work() -> None:
        try:
            outcome["source"] = _download(url, holder)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread as it is
            outcome["error"] = exc

    worker = threading.Thread(target=work, name="deck-download", daemon=True)
    worker.start()
    worker.join(TOTAL_S)
    if worker.is_alive():
        holder["cancelled"] = True
        response = holder.get("response")
        if response is not None:
            try:
                response.close()
            except Exception:  # noqa: BLE001 - closing is best effort; the worker is a daemon
                pass
        raise SourceError(f"{url}: the download did not finish within {TOTAL_S:g} s; that server sends too slowly")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["source"]


def _download(url: str, holder: dict) -> Source:
    import requests  # 60 ms of imports that only a URL needs (issue 21: start-up)

    try:
        with requests.get(url, timeout=TIMEOUT_S, stream=True, allow_redirects=True) as response:
            holder["response"] = response
            response.raise_for_status()
            content_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
            if content_type and content_type not in TEXT_TYPES:
                raise SourceError(f"{url}: the server sent {content_type}, not a deck list "
                                  f"(expected plain text, CSV, TSV or JSON; for a web page, use its raw/download link)")
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > MAX_BYTES:
                raise SourceError(f"{url}: {int(declared):,} bytes is too large for a deck list (limit {MAX_BYTES:,})")
            data = bytearray()
            for chunk in response.iter_content(4096):
                if holder.get("cancelled"):
                    raise SourceError(f"{url}: download cancelled")
                data += chunk
                if len(data) > MAX_BYTES:
                    raise SourceError(f"{url}: more than {MAX_BYTES:,} bytes; that is not a deck list")
    except requests.Timeout:
        raise SourceError(f"{url}: no answer within {TIMEOUT_S:g} s") from None
    except requests.HTTPError as exc:
        raise SourceError(f"{url}: the server answered {exc.response.status_code}") from None
    except requests.RequestException as exc:
        raise SourceError(f"{url}: could not fetch it ({type(exc).__name__})") from None
    return Source(url, _decode(bytes(data), url), _kind(url, content_type))


def read_source(spec: str) -> Source:
    """Read `spec`: `-` for stdin, an http(s) URL, or a file path."""
    if spec == "-":
        return Source("stdin", _decode(sys.stdin.buffer.read(MAX_BYTES + 1), "stdin"), "")
    scheme = urlparse(spec).scheme.lower()
    if scheme in ("http", "https"):
        return _fetch(spec)
    if scheme and len(scheme) > 1:  # C:\\ on Windows parses as scheme "c"
        raise SourceError(f"{spec}: only http(s) URLs, files and '-' (stdin) are accepted, not {scheme}:")
    path = Path(spec)
    if not path.is_file():
        raise SourceError(f"{spec}: no such file")
    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    return Source(str(path), _decode(data, str(path)), _kind(str(path)))
