"""The session journal: JSON lines, one accepted decision per line, flushed and fsynced before
TTS is told anything, so a crash of the bridge (or of TTS) never loses a decision (the session
writes, then fsyncs while a helper thread prepares what TTS will be told: `write`, `sync`).

Line 1 is the header (journal version, game, seed, random stream, options, decks, seats);
every further line is `{"n": k, "seat": s, "action": {...}, "hash": "..."}` in decision
order. `scan` reads it strictly: only a final line without its newline is a torn write (a
crash mid-append) and is dropped; any other damage is a `JournalError` naming the file and
line and how many decisions before it are intact. `open_for_append` cuts a torn tail off
before the next record is written, so a record never lands on a fragment. A journal is never
created or rewritten in place: it is written and fsynced under a temporary name, then given its
name in one step (`_publish`), so it never exists without its whole header. `replay` rebuilds
the game through the legal-move checks and verifies every hash.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.game import CONCEDE, Deck, Game, GameRules
from engine.core.hashing import HASH_VERSION, HASH_VERSIONS
from engine.core.requests import same_json
from engine.core.rng import RNG_VERSION
from tts_bridge.assets.io import atomic_write

JOURNAL_VERSION = 2  # 2: 256-bit seeds and the hmac-sha256 random stream (version 1: mt19937)


def default_dir() -> Path:
    return Path(os.environ.get("TTS_BRIDGE_SESSIONS", "build/sessions"))


def new_id(game_id: str) -> str:
    return f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{game_id}-{secrets.token_hex(3)}"


class JournalError(ValueError):
    """A journal that cannot be resumed as it is. The message names the file and line;
    `good` is how many decisions before the damage are intact (None: not even the header)."""

    def __init__(self, message: str, good: int | None = None) -> None:
        super().__init__(message)
        self.good = good


@dataclass
class JournalContents:
    """What `scan` found: the header, the intact decisions, where the last complete line ends
    (bytes) and whether a torn final line was dropped."""

    header: dict
    decisions: list[dict]
    good_end: int
    torn: bool


def _check_header(path: Path, header: Any) -> dict:
    if not isinstance(header, dict) or not isinstance(header.get("game"), str):
        raise JournalError(f"{path}:1: missing the session header")
    version = header.get("journal")
    if version != JOURNAL_VERSION or header.get("rng") != RNG_VERSION:
        raise JournalError(f"{path}:1: journal version {version!r} (random stream {header.get('rng') or 'mt19937'}) "
                           f"was written by an older tts-bridge; this one resumes only journal version "
                           f"{JOURNAL_VERSION} ({RNG_VERSION}): finish that game with the version that started it")
    seed, decks = header.get("seed"), header.get("decks")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or not isinstance(decks, list) or not all(
            isinstance(d, dict) and isinstance(d.get("name"), str) and isinstance(d.get("sections"), dict) for d in decks):
        raise JournalError(f"{path}:1: the session header lacks a valid seed or decks")
    return header


def _check_decision(path: Path, line: int, k: int, record: Any) -> dict:
    where = f"{path}:{line}"
    if not isinstance(record, dict):
        raise JournalError(f"{where}: expected a decision object, found {type(record).__name__}", k - 1)
    if record.get("n") != k or isinstance(record.get("n"), bool):
        raise JournalError(f"{where}: expected decision {k}, found {record.get('n')!r:.40}", k - 1)
    seat, action, digest = record.get("seat"), record.get("action"), record.get("hash")
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(action, dict) or not isinstance(digest, str):
        raise JournalError(f"{where}: decision {k} needs an integer seat, an action object and a hash", k - 1)
    return record


def _line(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"


def _publish(path: Path, records: list[dict], replace: bool) -> None:
    """Give `path` these records in one step (written and fsynced under a temporary name beside
    it, then renamed or, for a new session, hard-linked so that no session is overwritten). A
    crash at any point (SIGKILL, power loss) so leaves no journal or a whole one, never an empty
    or half-written header that cannot be resumed."""
    data = "".join(_line(r) for r in records).encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, lambda f: f.write(data), durable=True, exclusive=not replace)
    except FileExistsError:
        raise JournalError(f"{path}: a session with this id already exists") from None
    except OSError as exc:  # a folder that cannot be written, a full disk
        raise JournalError(f"{path}: cannot write the session journal ({exc.strerror or exc})") from None


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh = None
        self._end = self._before = 0  # the file's size, and before the last decision's line

    @classmethod
    def create(cls, directory: Path, session_id: str, game: Game, seats: list[str]) -> "Journal":
        journal = cls(directory / f"{session_id}.jsonl")
        header = {"journal": JOURNAL_VERSION, "id": session_id, "game": game.rules.id, "seed": game.seed,
                  "rng": RNG_VERSION, "hash_version": game.hash_version, "options": game.options,
                  "decks": [d.to_json() for d in game.decks], "seats": seats}
        _publish(journal.path, [header], replace=False)
        return journal

    @classmethod
    def open_for_append(cls, path: Path, contents: JournalContents) -> "Journal":
        """The journal of a resumed session: everything after the last complete line (a torn
        write) is cut off first, so the next record starts on a line of its own."""
        try:
            with open(path, "r+b") as fh:
                if os.fstat(fh.fileno()).st_size != contents.good_end:
                    fh.truncate(contents.good_end)
                    fh.flush()
                    os.fsync(fh.fileno())
        except OSError as exc:  # read-only, or the disk failed
            raise JournalError(f"{path}: cannot be written to continue the session ({exc.strerror or exc})") from None
        return cls(path)

    @classmethod
    def keep_first(cls, path: Path, contents: JournalContents, upto: int) -> "Journal":
        """Resume from decision `upto` of a damaged journal: the damaged file is kept beside it
        (`.damaged-<time>`) and the journal is rewritten with the header and the intact decisions."""
        kept = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}")
        try:
            shutil.copy2(path, kept)
        except OSError as exc:
            raise JournalError(f"{kept}: cannot keep the damaged journal here ({exc.strerror or exc})") from None
        _publish(path, [contents.header, *contents.decisions[:upto]], replace=True)
        return cls(path)

    def sync(self) -> None:
        """fsync what was written (it lets go of the interpreter lock while the disk works)."""
        os.fsync(self._fh.fileno())

    def append(self, n: int, seat: int, action: dict, state_hash: str) -> None:
        self.write(n, seat, action, state_hash)
        self.sync()

    def write(self, n: int, seat: int, action: dict, state_hash: str) -> None:
        """A decision's line, written (to the operating system) but not yet fsynced: `sync()`
        before TTS hears of it (the session prepares the batch meanwhile, see helper.py)."""
        if self._fh is None:  # unbuffered: a write that fails leaves nothing queued to go out later
            self._fh = open(self.path, "ab", buffering=0)
            self._end = os.fstat(self._fh.fileno()).st_size
        self._before = self._end
        data = _line({"n": n, "seat": seat, "action": action, "hash": state_hash}).encode("utf-8")
        if self._fh.write(data) != len(data):  # a short write: the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._end += len(data)

    def take_back(self) -> bool:
        """After the last decision's `write` or `sync` failed: cut the journal back to the line
        before it, so the decision the session then takes back is not in it either (else the
        next decision would follow a line the game never kept). False if that failed too (then
        a resume finds the stray line and offers to resume before it)."""
        if self._fh is None:
            return True
        try:
            os.ftruncate(self._fh.fileno(), self._before)
            os.fsync(self._fh.fileno())
        except OSError:
            return False
        self._end = self._before
        return True

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    @staticmethod
    def scan(path: Path, upto: int | None = None) -> JournalContents:
        """Read strictly (see the module doc). With `upto`, only the header and the first
        `upto` decisions must be intact; the rest is not read."""
        if not path.exists():
            raise JournalError(f"{path}: no such session journal")
        try:
            data = path.read_bytes()
        except OSError as exc:  # a folder by that name, no permission
            raise JournalError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        *complete, tail = data.split(b"\n")
        records: list[dict] = []
        offset = good_end = 0
        for i, raw in enumerate(complete, 1):
            if upto is not None and i > upto + 1:
                break
            good = None if i == 1 else i - 2
            try:
                record = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError as exc:
                raise JournalError(f"{path}:{i}: not UTF-8 (byte {exc.start})", good) from None
            except json.JSONDecodeError as exc:
                raise JournalError(f"{path}:{i}: not JSON ({exc.msg})", good) from None
            except RecursionError:
                raise JournalError(f"{path}:{i}: nested too deeply", good) from None
            if i == 1:
                _check_header(path, record)
            else:
                _check_decision(path, i, i - 1, record)
            records.append(record)
            offset += len(raw) + 1
            good_end = offset
        if not records:
            raise JournalError(f"{path}:1: missing the session header")
        if upto is not None and len(records) - 1 < upto:
            raise JournalError(f"{path}: has only {len(records) - 1} intact decisions, not {upto}", len(records) - 1)
        return JournalContents(records[0], records[1:], good_end, torn=bool(tail) and upto is None)

    @staticmethod
    def read(path: Path) -> tuple[dict, list[dict]]:
        """Header and decisions (see `scan`)."""
        contents = Journal.scan(path)
        return contents.header, contents.decisions

    @staticmethod
    def replay(rules: GameRules, header: dict, decisions: list[dict], path: Path | str = "journal") -> Game:
        """Rebuild the game; every recorded hash must match (else the journal is not this game).
        A refused or diverging decision is a JournalError naming its line."""
        version = header.get("hash_version", 1)
        if decisions and version not in HASH_VERSIONS:
            raise JournalError(f"{path}:1: this journal's state hashes are version {version}; this engine computes "
                               f"versions {', '.join(map(str, HASH_VERSIONS))} for {rules.id}, so it cannot verify "
                               f"the journal: resume it with the tts-bridge that wrote it, or start a new session")
        try:  # a resumed session goes on hashing as its journal began
            game = Game(rules, [Deck.from_json(d) for d in header["decks"]], header["seed"], header.get("options"),
                        version if version in HASH_VERSIONS else HASH_VERSION)
        except Exception as exc:  # noqa: BLE001 - unknown cards, options or seed in the header
            raise JournalError(f"{path}:1: the session header does not start a {rules.id} game "
                               f"({type(exc).__name__}: {exc})") from None
        for k, d in enumerate(decisions, 1):
            where = f"{path}:{k + 1}"
            try:
                if same_json(d["action"], CONCEDE) and hasattr(rules, "concede"):
                    game.concede(d["seat"])
                else:
                    game.act(d["seat"], d["action"])
            except IllegalAction as exc:
                raise JournalError(f"{where}: decision {k} is refused on replay ({exc.message})", k - 1) from None
            except Exception as exc:  # noqa: BLE001 - a rules bug on replay is still one clear line
                raise JournalError(f"{where}: decision {k} failed on replay ({type(exc).__name__}: {exc})", k - 1) from None
            if game.hashes[-1] != d["hash"]:
                raise JournalError(f"{where}: decision {k} replays to state {game.hashes[-1]}, the journal "
                                   f"recorded {d['hash']}: this journal is not this game", k - 1)
        return game


def load_decks(raw: list[dict]) -> list[Deck]:
    return [Deck.from_json(d) for d in raw]
