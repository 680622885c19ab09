"""The session journal: JSON lines, one accepted decision per line, flushed and fsynced before
TTS is told anything, so a crash of the bridge (or of TTS) never loses a decision.

Line 1 is the header (game, seed, options, decks, seats); every further line is
`{"n": k, "seat": s, "action": {...}, "hash": "..."}` in decision order. `load` rebuilds the
game by replaying the decisions through the legal-move checks and verifying every hash.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

from engine.core.game import Deck, Game, GameRules

JOURNAL_VERSION = 1


def default_dir() -> Path:
    return Path(os.environ.get("TTS_BRIDGE_SESSIONS", "build/sessions"))


def new_id(game_id: str) -> str:
    return f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{game_id}-{secrets.token_hex(3)}"


class JournalError(ValueError):
    """A journal that cannot be resumed (names the file and line)."""


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh = None

    @classmethod
    def create(cls, directory: Path, session_id: str, game: Game, seats: list[str]) -> "Journal":
        directory.mkdir(parents=True, exist_ok=True)
        journal = cls(directory / f"{session_id}.jsonl")
        if journal.path.exists():
            raise JournalError(f"{journal.path}: a session with this id already exists")
        header = {"journal": JOURNAL_VERSION, "id": session_id, "game": game.rules.id, "seed": game.seed,
                  "hash_version": game.hash_version,
                  "options": game.options, "decks": [d.to_json() for d in game.decks], "seats": seats}
        journal._write(header)
        return journal

    def _write(self, record: dict) -> None:
        if self._fh is None:
            self._fh = open(self.path, "a", encoding="utf-8")
        self._fh.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def append(self, n: int, seat: int, action: dict, state_hash: str) -> None:
        self._write({"n": n, "seat": seat, "action": action, "hash": state_hash})

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    @staticmethod
    def read(path: Path) -> tuple[dict, list[dict]]:
        """Header and decisions. A torn last line (crash mid-write) is ignored; anything else
        malformed is an error naming the line."""
        if not path.exists():
            raise JournalError(f"{path}: no such session journal")
        lines = path.read_text(encoding="utf-8").split("\n")
        records: list[dict] = []
        for i, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                if i >= len(lines) - 1:  # the torn tail of an interrupted write
                    break
                raise JournalError(f"{path}:{i}: not JSON ({exc.msg})") from None
        if not records or "game" not in records[0]:
            raise JournalError(f"{path}:1: missing the session header")
        header, decisions = records[0], records[1:]
        for k, d in enumerate(decisions, 1):
            if d.get("n") != k:
                raise JournalError(f"{path}:{k + 1}: expected decision {k}, found {d.get('n')!r}")
        return header, decisions

    @staticmethod
    def replay(rules: GameRules, header: dict, decisions: list[dict]) -> Game:
        """Rebuild the game; every recorded hash must match (else the journal is not this game)."""
        log: dict[str, Any] = {"decks": header["decks"], "seed": header["seed"], "options": header.get("options"),
                               "decisions": [{"seat": d["seat"], "action": d["action"]} for d in decisions],
                               "hashes": [d["hash"] for d in decisions],
                               "hash_version": header.get("hash_version", 1)}
        return Game.replay(rules, log)


def load_decks(raw: list[dict]) -> list[Deck]:
    return [Deck.from_json(d) for d in raw]
