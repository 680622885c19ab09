"""What is on the table: the objects, snap points and Global UI of a save as TTS shows them once
loaded (the save runs in the emulator, so onLoad's UI and board sizing apply), or of the emulated
table after a session journal is replayed to decision N through the real bridge.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tts_bridge.emulator.table import TableObject

LOAD_FRAMES = 8  # onLoad's board sizing waits for loading_custom (3 frames) and one more


class SceneError(ValueError):
    """A table, save or journal the view cannot show (the message says what and where)."""


@dataclass
class Scene:
    """Everything the view draws, independent of the seat."""
    game: str                       # game id ('' when the save is not a tts-bridge table)
    title: str
    objects: list[TableObject]
    snaps: list[dict]
    ui_tree: list
    table: str = "Table_RPG"        # the save's `Table`
    source: str = ""                # the save or journal it came from
    decision: int | None = None     # decisions replayed (None: the table as saved)
    seats: list[str] = field(default_factory=lambda: ["White", "Red"])

    @property
    def hands(self) -> dict[str, TableObject]:
        return {o.hand_color: o for o in self.objects if o.kind == "HandTrigger" and o.hand_color}


def read_save(path: Path) -> dict:
    from tts_bridge.saves.files import SaveFileError, read_save_json

    try:
        data = read_save_json(path)
    except SaveFileError as exc:
        raise SceneError(str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("ObjectStates"), list):
        raise SceneError(f"{path}: not a TTS save (no ObjectStates list)")
    return data


_TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")


def check_objects(save: dict, source: str) -> None:
    """The fields the emulator and the view read, with the JSON path of the first bad one."""
    for i, obj in enumerate(save.get("ObjectStates") or []):
        where = f"{source}: ObjectStates[{i}]"
        if not isinstance(obj, dict):
            raise SceneError(f"{where}: not an object ({type(obj).__name__})")
        tf = obj.get("Transform", {})
        if not isinstance(tf, dict):
            raise SceneError(f"{where}.Transform: not an object")
        for key in _TRANSFORM:
            value = tf.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SceneError(f"{where}.Transform.{key}: not a number ({value!r:.40})")
    for i, snap in enumerate(save.get("SnapPoints") or []):
        if not isinstance(snap, dict) or not all(isinstance(snap.get(k, {}), dict) for k in ("Position", "Rotation")):
            raise SceneError(f"{source}: SnapPoints[{i}]: not a snap point (Position and Rotation objects)")


def game_of(save: dict) -> str:
    from tts_bridge.glue import table_game

    return table_game(str(save.get("LuaScript") or "")) or ""


def from_emulator(emu: Any, save: dict, *, source: str = "", decision: int | None = None,
                  seats: list[str] | None = None) -> Scene:
    """A snapshot of the emulator's table (objects copied, so the view never changes it)."""
    with emu.lock:
        objects = [TableObject(**{**o.snapshot(), "spawn_callback": None}) for o in emu.live_objects()
                   if not o.spawning]
        ui_tree = json.loads(json.dumps(emu.ui_tree))
    return Scene(game=game_of(save), title=str(save.get("GameMode") or save.get("SaveName") or ""),
                 objects=objects, snaps=list(save.get("SnapPoints") or []), ui_tree=ui_tree,
                 table=str(save.get("Table") or "Table_RPG"), source=source, decision=decision,
                 seats=seats or ["White", "Red"])


def from_save(save: dict, source: str = "") -> Scene:
    """The save as TTS shows it after loading: its Global script runs (onLoad renders the UI and
    sizes the board) in the emulator, which listens on a free port and is closed afterwards."""
    from tts_bridge.emulator import TTSEmulator
    from tts_bridge.protocol.transport import free_port

    check_objects(save, source or "the save")
    emu = TTSEmulator(editor_port=free_port())
    try:
        try:
            emu.load(save)
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            raise SceneError(f"{source or 'the save'}: the emulator cannot load it ({type(exc).__name__}: {exc})") from None
        emu.step(LOAD_FRAMES)
        return from_emulator(emu, save, source=source)
    finally:
        emu.close()


def journal_file(journal: str, journal_dir: Path) -> Path:
    """`--journal` is a session id (in the sessions folder) or a path to its .jsonl file."""
    path = Path(journal)
    if path.suffix == ".jsonl" or path.exists():
        return path
    return Path(journal_dir) / f"{journal}.jsonl"


def from_journal(path: Path, at: int | None, save: dict, *, build_dir: Path | None = None) -> Scene:
    """The emulated table after replaying the journal's first `at` decisions (all by default):
    the bridge resumes a copy of it (the journal itself is only read) and lays the table out."""
    from tts_bridge.session.demo import settle, start_table
    from tts_bridge.session.journal import Journal, JournalError

    try:
        contents = Journal.scan(path, at)
    except JournalError as exc:
        raise SceneError(str(exc)) from None
    total = len(contents.decisions)
    at = total if at is None else at
    if at < 0:
        raise SceneError(f"--at {at}: a decision number is 0 or more")
    check_objects(save, "the table save")
    header = contents.header
    game = str(header.get("game"))
    if game_of(save) != game:
        raise SceneError(f"{path}: a {game} session, but the table given is "
                         + (f"a {game_of(save)} table" if game_of(save) else "not a tts-bridge table"))
    with tempfile.TemporaryDirectory(prefix="tts-bridge-view-") as tmp:
        copy = Path(tmp) / f"{path.stem}.jsonl"
        lines = [header] + contents.decisions[:at]
        copy.write_text("".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n" for r in lines),
                        encoding="utf-8")
        try:
            emu, session = start_table(game, resume=path.stem, journal_dir=Path(tmp), save=save,
                                       colors=list(header.get("seats") or ["White", "Red"]))
        except (JournalError, RuntimeError) as exc:
            raise SceneError(f"{path}: cannot be replayed at the table ({exc})") from None
        try:
            settle(emu, session)
            return from_emulator(emu, save, source=str(path), decision=at, seats=list(session.colors))
        finally:
            session.close()
            session.link.close()
            emu.close()
