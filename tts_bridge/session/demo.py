"""The table demo: the emulator and the bridge on free ports, two bots playing a whole game
with their hands (pick up, drop, click), including illegal physical moves that must be put back.

The emulator loads the table save `tts-bridge build` writes for the game
(`build/<game>/table/<game>-table.json`), the one a player loads in TTS: its zones, snap points,
counters, decks and card sheets. It is built first when missing, and brought up to date by the
build's own incremental cache otherwise (a no-op of about 10 ms per game when nothing changed).
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from pathlib import Path
from typing import Any, Callable

from engine.bots import Player, RandomPlayer

from tts_bridge.emulator import TTSEmulator
from tts_bridge.emulator.process import EmulatorProcess
from tts_bridge.protocol.transport import free_port
from tts_bridge.session.games import card_ref
from tts_bridge.session.runner import open_session
from tts_bridge.session.session import Session


class TableBuildFailed(RuntimeError):
    """The game's table save could not be built (the build's own errors are in the message)."""


def table_save_path(game_id: str, out_dir: Path) -> Path:
    """Where `tts-bridge build --out OUT_DIR` writes the game's table save."""
    return Path(out_dir) / game_id / "table" / f"{game_id}-table.json"


def _built_dpi(game_id: str, out_dir: Path) -> int | None:
    """The --dpi an existing build used (its faces carry it), so that bringing it up to date
    does not re-render every card at the default resolution."""
    from PIL import Image

    back = Path(out_dir) / game_id / "faces" / "__back__.png"
    try:
        with Image.open(back) as img:
            dpi = img.info.get("dpi")
        return int(round(dpi[0])) if dpi else None
    except (OSError, ValueError):
        return None


def generated_table(game_id: str, out_dir: Path | None = None, *, settings=None,
                    say: Callable[[str], None] = lambda s: None) -> dict:
    """The table save `tts-bridge build` writes for `game_id` under `out_dir` (default build/),
    as a dict. Built with the asset pipeline first when missing (and said so); when present,
    the build runs again on its own incremental cache, which re-renders and rewrites only what
    card data, templates or the tool changed (about 10 ms per game when nothing did).
    `settings` (tts_bridge.assets.build.Settings) as for `tts-bridge build`: its defaults when
    omitted, with the --dpi of an existing build kept; `out` is always `out_dir`."""
    from tts_bridge.assets.build import Settings, build_game

    base = settings or Settings()
    out_dir = Path(out_dir) if out_dir is not None else Path(base.out)
    path = table_save_path(game_id, out_dir)
    dpi = base.dpi if settings is not None else (_built_dpi(game_id, out_dir) or base.dpi)
    settings = dataclasses.replace(base, out=out_dir, dpi=dpi)
    if not path.is_file():
        say(f"{path} is missing: building it first (tts-bridge build {game_id} --out {out_dir})...")
    report = build_game(game_id, settings)
    if report.errors or not path.is_file():
        raise TableBuildFailed(f"building the {game_id} table failed: " + "; ".join(report.errors[:5]))
    return json.loads(path.read_text(encoding="utf-8"))


def start_table(game_id: str, *, seed: int = 0, colors: list[str] | None = None, journal_dir: Path | None = None,
                say: Callable[[str], None] = lambda s: None, resume: str | None = None,
                emulator: TTSEmulator | EmulatorProcess | None = None, listen_port: int | None = None,
                save: dict | None = None, build_dir: Path | None = None,
                bots: dict[int, Any] | None = None, bot_delay: float = 0.0,
                own_process: bool = False) -> tuple[TTSEmulator | EmulatorProcess, Session]:
    """An emulator with the game's generated table save loaded (`save`, or `generated_table`
    from `build_dir`) and the bridge session opened on it as `serve` opens it (`bots`: bot
    players by seat, as `serve --bot` seats them). `own_process`: the emulator runs in a child
    process, as TTS does beside the bridge (EmulatorProcess; what `bench bridge` times)."""
    colors = colors or ["White", "Red"]
    made = emulator is None
    if emulator is None:
        save = save if save is not None else generated_table(game_id, build_dir, say=say)
        listen_port = listen_port or free_port()
        emulator = (EmulatorProcess if own_process else TTSEmulator)(editor_port=listen_port, seed=seed)
        emulator.load(save)
    try:
        session = open_session(game_id, seed=seed, colors=colors, listen_port=emulator.editor_port,
                               tts_port=emulator.tts_port, journal_dir=journal_dir, resume=resume, say=say,
                               retry_for=5.0, bots=bots, bot_delay=bot_delay)
    except BaseException:
        if made:
            emulator.close()
        raise
    if not settle(emulator, session):
        raise RuntimeError("the table did not settle after start-up")
    return emulator, session


def lua_seq(emu: TTSEmulator | EmulatorProcess) -> int:
    """The last sequence number our Lua has sent (read inside the emulator's VM, in its own
    process when it runs in one)."""
    if isinstance(emu, EmulatorProcess):
        return emu.run(lua_seq)
    with emu.lock:
        bridge = emu.vm.globals.TTSBridge
        return int(bridge.seq) if bridge is not None else 0


def settle(emu: TTSEmulator | EmulatorProcess, session: Session, timeout: float = 20.0) -> bool:
    """Wait until the bridge has handled everything our Lua sent and Lua applied every batch."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        target = lua_seq(emu)
        # waits on the session (no polling of the emulator while the bridge works, which would
        # take the bridge's interpreter lock and CPU from it in the middle of a timed decision)
        if session.wait_idle(max(0.0, end - time.monotonic()), after_seq=target):
            emu.settle(0)
            if lua_seq(emu) == target and session.seq.next > target and session.acked >= session._batch:
                return True
    return False


class TableBots:
    """Bots (`players`, engine/bots; random ones by default) sitting at the emulated table as the
    session's colours, playing with their hands (`seats`: the seats they play; a seat the session gave to a bot of its own,
    `serve --bot`, is left to it)."""

    def __init__(self, emu: TTSEmulator | EmulatorProcess, session: Session, seed: int, cheat_rate: float = 0.12,
                 seats: tuple[int, ...] = (0, 1), players: list[Player] | None = None) -> None:
        self.emu, self.session = emu, session
        self.seats = seats
        self.bots = players or [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]
        self.rng = random.Random(seed)
        self.cheat_rate = cheat_rate
        self.adapter = session.adapter
        self.cheats_tried = 0
        self.cheats_seen: set[str] = set()
        self.physical_moves = 0
        self.clicks = 0

    def guid(self, card: int) -> str:
        return self.session.guids[card_ref(card)]

    def step(self) -> bool:
        """Make one decision at the table (maybe after an illegal attempt). False when over."""
        s, game = self.session, self.session.game
        if not settle(self.emu, s):
            raise RuntimeError("the bridge did not settle")
        pending = game.pending()
        if pending is None:
            return False
        cheats = self.adapter.cheats(game, s.colors)
        if cheats and (self.rng.random() < self.cheat_rate or not self.cheats_tried):
            self.cheat(*cheats[self.rng.randrange(len(cheats))])
        before = len(game.decisions)
        ours = [seat for seat in (pending.seat, *pending.also) if seat in self.seats]
        if not ours:  # the session's own bot decides: wait for its move to reach the table
            return self._await_other(before)
        if pending.also:  # a joint step (Request.also): whoever may answer, answers
            pending = game.request_for(self.rng.choice(ours))
        color = s.colors[pending.seat]
        action = self.bots[pending.seat].decide(game, pending.seat)
        phys = self.adapter.physical(game, pending.seat, action, s.shown)
        if phys is not None and phys.card is not None and card_ref(phys.card) in s.guids:
            if self.emu.move_as(color, self.guid(phys.card), phys.pos):
                self.physical_moves += 1
                settle(self.emu, s)
                if len(game.decisions) == before:  # the drop was ambiguous: pick from the narrowed prompt
                    self.click(color, action)
        if len(game.decisions) == before:
            self.click(color, action)
        settle(self.emu, s)
        if len(game.decisions) == before:
            raise RuntimeError(f"{color} could not make the move {action} at the table")
        return True

    def _await_other(self, before: int, timeout: float = 30.0) -> bool:
        """Wait until someone else (the session's bot) has made the pending decision."""
        end = time.monotonic() + timeout
        while len(self.session.game.decisions) == before and time.monotonic() < end:
            time.sleep(0.002)
        if len(self.session.game.decisions) == before:
            raise RuntimeError("the session's bot made no move")
        settle(self.emu, self.session)
        return True

    def click(self, color: str, action: dict) -> None:
        prompt = self.session.prompts.get(color)
        if prompt is None or action not in prompt[1]:
            return
        index = prompt[1].index(action) + 1
        if self.emu.click(color, f"tb_opt_{color}_{index}"):
            self.clicks += 1
            settle(self.emu, self.session)

    def cheat(self, seat: int, card: int, pos: tuple, what: str) -> None:
        s = self.session
        color = s.colors[seat]
        ref = card_ref(card)
        if ref not in s.guids:
            return
        guid = s.guids[ref]
        reverted = s.stats["reverted"]
        if not self.emu.move_as(color, guid, pos):
            return
        self.cheats_tried += 1
        settle(self.emu, s)
        obj = self.emu.by_guid(guid)
        if s.stats["reverted"] == reverted or obj is None or obj.pos != obj.pick_up_pos:
            raise RuntimeError(f"{color}'s illegal move ({what}) was not put back")
        self.cheats_seen.add(what)


def run_table_demo(game_id: str, seed: int = 7, out: Callable[[str], None] = print,
                   journal_dir: Path | None = None, max_decisions: int = 3000,
                   build_dir: Path | None = None) -> dict:
    """The search bot plays the random bot at an emulated table loaded with `game_id`'s generated
    table save (from `build_dir`, default build/; built first when missing)."""
    from tts_bridge.demo import demo_players

    emu, session = start_table(game_id, seed=seed, journal_dir=journal_dir, say=out, build_dir=build_dir)
    try:
        bots = TableBots(emu, session, seed, players=demo_players(seed))
        shown = 0
        out(f"{session.game.rules.name} at an emulated TTS table: {session.colors[0]} (search bot) vs "
            f"{session.colors[1]} (random bot), seed {seed}")
        while len(session.game.decisions) < max_decisions and bots.step():
            for line in session.narration[shown:]:
                out("  " + line)
            shown = len(session.narration)
        for line in session.narration[shown:]:
            out("  " + line)
        result = session.game.result()
        report = {"game": game_id, "decisions": len(session.game.decisions),
                  "illegal_moves_reverted": session.stats["reverted"],
                  "result": result.to_json() if result else None,
                  "journal": str(session.journal.path) if session.journal else None,
                  "physical_moves": bots.physical_moves, "clicks": bots.clicks, "colors": list(session.colors),
                  "final_hash": session.game.hashes[-1] if session.game.hashes else None}
        out(f"{report['decisions']} decisions ({bots.physical_moves} by moving cards, {bots.clicks} by buttons), "
            f"{report['illegal_moves_reverted']} illegal moves put back")
        if result:
            winner = "draw" if result.draw else f"{session.colors[result.winner]} wins"
            out(f"Result: {winner} ({session._colored(result.reason)})")
        return report
    finally:
        session.close()
        session.link.close()
        emu.close()
