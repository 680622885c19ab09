"""`tts-bridge sessions`: the session journals in build/sessions/ (or --journal-dir), what
each one holds, and pruning the old ones, since every `serve` and `demo` adds one."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from engine.core.registry import game_ids, get_rules
from tts_bridge.session.journal import Journal, JournalError

_ID_TIME = re.compile(r"^(\d{8}-\d{6})-")


@dataclass(frozen=True)
class SessionInfo:
    id: str
    path: Path
    game: str
    started: str          # UTC, from the session id (else the file's time)
    last_change: float    # the journal's mtime (seconds since the epoch)
    decisions: int
    finished: bool
    result: str           # "seat 0 wins (KJ-4.1)", "draw ...", "" while unfinished
    problem: str          # why it cannot be resumed, "" when it can

    def to_json(self) -> dict:
        return {"id": self.id, "path": str(self.path), "game": self.game, "started": self.started,
                "last_change": time.strftime("%Y-%m-%d %H:%M", time.gmtime(self.last_change)),
                "decisions": self.decisions, "finished": self.finished, "result": self.result,
                "problem": self.problem}


def _started(session_id: str, mtime: float) -> str:
    match = _ID_TIME.match(session_id)
    if match:
        stamp = time.strptime(match.group(1), "%Y%m%d-%H%M%S")
        return time.strftime("%Y-%m-%d %H:%M", stamp)
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(mtime))


def _lenient(path: Path) -> tuple[str, int]:
    """The game named by the first line and the number of further lines, whatever they hold."""
    import json

    try:
        lines = path.read_bytes().splitlines()
        header = json.loads(lines[0]) if lines else {}
        game_id = header.get("game") if isinstance(header, dict) and isinstance(header.get("game"), str) else "?"
        return game_id, max(len(lines) - 1, 0)
    except (OSError, ValueError):
        return "?", 0


def describe(path: Path) -> SessionInfo:
    """What one journal holds; the game is replayed to tell whether it finished."""
    session_id = path.name.removesuffix(".jsonl")
    mtime = path.stat().st_mtime
    try:
        contents = Journal.scan(path)
    except JournalError as exc:  # an older version or damage: still say what it is
        game_id, count = _lenient(path)
        return SessionInfo(session_id, path, game_id, _started(session_id, mtime), mtime,
                           exc.good if exc.good is not None else count, False, "", str(exc))
    header, decisions = contents.header, contents.decisions
    game_id = header["game"]
    finished, result, problem = False, "", ""
    if game_id not in game_ids():
        problem = f"{path}: game {game_id!r} is not registered"
    else:
        try:
            game = Journal.replay(get_rules(game_id), header, decisions, path)
            outcome = game.result()
            if outcome is not None:
                finished = True
                seats = header.get("seats") or []
                winner = f"{seats[outcome.winner]} (seat {outcome.winner})" if len(seats) == 2 and \
                    isinstance(outcome.winner, int) else f"seat {outcome.winner}"
                who = "draw" if outcome.draw else f"{winner} wins"
                result = f"{who} ({outcome.rule})" if getattr(outcome, "rule", None) else who
        except JournalError as exc:
            problem = str(exc)
    return SessionInfo(session_id, path, game_id, _started(session_id, mtime), mtime, len(decisions), finished,
                       result, problem)


def journals(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def list_sessions(folder: Path) -> list[SessionInfo]:
    return [describe(p) for p in journals(folder)]


def _temporary_journal(name: str) -> bool:
    """`.<id>.jsonl.<pid>-<n>.tmp`: how assets.io.atomic_write names a journal being written."""
    return name.startswith(".") and name.endswith(".tmp") and ".jsonl." in name


@dataclass(frozen=True)
class Pruned:
    removed: list[Path]
    kept: int


def prune(folder: Path, days: float, now: float | None = None) -> Pruned:
    """Remove the journals (and the `.damaged-*` copies kept beside them, and any temporary file
    a killed bridge left while writing one, see journal._publish) not written to for more than
    `days` days."""
    now = time.time() if now is None else now
    cutoff = now - days * 86400
    removed, kept = [], 0
    if not folder.is_dir():
        return Pruned([], 0)
    for path in sorted(folder.iterdir()):
        if not path.is_file() or not (path.suffix == ".jsonl" or ".jsonl.damaged-" in path.name
                                      or _temporary_journal(path.name)):
            continue
        if path.stat().st_mtime < cutoff:
            os.remove(path)
            removed.append(path)
        else:
            kept += path.suffix == ".jsonl"
    return Pruned(removed, kept)
