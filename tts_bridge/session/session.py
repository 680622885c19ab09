"""A refereed game at a TTS table: TTS events in, engine decisions, table commands out.

One worker thread handles everything in order: our Lua's payloads (token-checked, put back in
sequence order, de-duplicated), engine decisions (journaled and fsynced before TTS is told; a
helper thread works out the batch from the engine state while the worker fsyncs, helper.py),
and the table sync (spawn/move/label/destroy diffs, the allow-list, per-colour prompts and the
status panel), sent as numbered command batches that our Lua acknowledges. A batch stays in
`unacked` until Lua acknowledges it and is sent again while TTS is silent, so a stall of any
length ends with the table in sync (Lua applies batches in order and drops repeats).
Re-keying and re-laying the table need proof that our Lua asked for it: an Execute-Lua answer
echoing a fresh nonce, which only TTS saw (README "Threat model").
"""

from __future__ import annotations

import itertools
import logging
import re
import queue
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.bots import Player
from engine.core.errors import IllegalAction
from engine.core.game import Game

from tts_bridge.glue import GLUE_VERSION, table_game
from tts_bridge.narrate import narrate
from tts_bridge.protocol import messages as m
from tts_bridge.protocol.link import EditorLink
from tts_bridge.protocol.transport import SequenceBuffer, TTSStalled, TTSUnavailable
from tts_bridge.rulebook import rule_title
from tts_bridge.session.botseat import BotSeats, BotTurn
from tts_bridge.session.games import GameAdapter, Placement, card_ref, ref_card
from tts_bridge.session.helper import Helper
from tts_bridge.session.journal import Journal

log = logging.getLogger("tts_bridge.session")
RED = {"r": 1.0, "g": 0.45, "b": 0.35}
_SEAT = re.compile(r"\b[Ss]eat ([0-9])\b")


def table_faces(answer: Any) -> dict[str, dict]:
    """The card faces TTSBridgeFaces() reported: card-definition id -> CardID, CustomDeck with
    string keys, scale. JSON.encode of a table keyed by numbers is undocumented (fact
    json_number_keys), so a CustomDeck may come back as an object, an empty list or a
    null-padded array: array positions are 1-based keys; a face without a usable deck is left
    out (the card is then spawned as a back, never blank)."""
    out: dict[str, dict] = {}
    for card, face in (answer.items() if isinstance(answer, dict) else ()):
        if not isinstance(face, dict):
            continue
        decks = face.get("CustomDeck")
        if isinstance(decks, list):
            decks = {str(i + 1): d for i, d in enumerate(decks) if isinstance(d, dict)}
        if not isinstance(decks, dict):
            continue
        decks = {str(k): d for k, d in decks.items() if isinstance(d, dict)}
        card_id = face.get("CardID")
        if not decks or not isinstance(card_id, (int, float)) or str(int(card_id) // 100) not in decks:
            continue
        out[str(card)] = {**face, "CardID": int(card_id), "CustomDeck": decks}
    return out


class WrongTable(RuntimeError):
    """The table loaded in TTS is not our generated table for this game."""


def _rot(p: Placement) -> dict:
    return {"x": 0.0, "y": p.spin, "z": 180.0 if p.face_down else 0.0}


def _vec(pos: tuple[float, float, float]) -> dict:
    return {"x": pos[0], "y": pos[1], "z": pos[2]}


@dataclass(frozen=True, slots=True)
class _Arrival:
    """A message from TTS and when it reached the session (decoded), so that the bridge's own
    latency can be told apart from the table's and the wire's."""

    message: m.Inbound
    at: float


@dataclass(frozen=True, slots=True)
class _TableView:
    """What the table should show after a decision (or on a sync), from the engine state alone."""

    placements: dict[str, Placement]
    counters: dict[str, int]
    allow: dict
    status: list[str]
    texts: list[tuple[str, str]]  # (colour, line) safe to send to that colour
    result: Any


@dataclass
class BridgeLatency:
    """Seconds from a message reaching the session to the worker having handled it (journal
    fsync and the commands to TTS sent included), split by what the message turned out to be.
    Only `bench bridge` turns it on (Session.latency); a live session keeps no timings."""

    accepted: list[float] = field(default_factory=list)
    refused: list[float] = field(default_factory=list)
    other: list[float] = field(default_factory=list)
    # the worker thread's own CPU seconds per accepted decision, with the helper thread's on its
    # batch (prepared while the worker fsyncs): the wall time above also holds waiting (the
    # fsync, the wire, the interpreter lock, other processes on the machine)
    accepted_cpu: list[float] = field(default_factory=list)
    # wall seconds of the journal's write and fsync per accepted decision (the disk's share,
    # which other processes writing to the same disk inflate)
    accepted_journal: list[float] = field(default_factory=list)
    # seconds the worker waited, once its fsync was over, for the helper to finish the batch (what
    # the overlap did not hide), and how many batches the worker prepared itself (the helper had
    # not begun when the fsync ended)
    accepted_helper_wait: list[float] = field(default_factory=list)
    accepted_prepared_inline: int = 0


class Session:
    def __init__(self, game: Game, adapter: GameAdapter, colors: list[str], link: EditorLink,
                 journal: Journal | None, *, say: Callable[[str], None] | None = None,
                 ack_timeout: float = 5.0, gap_timeout: float = 1.0,
                 bots: dict[int, Player] | None = None, bot_delay: float = 0.6) -> None:
        if len(colors) != 2 or len(set(colors)) != 2:
            raise ValueError(f"need two different seat colours, got {colors}")
        self.game = game
        self.adapter = adapter
        self.colors = list(colors)
        self.seat_of = {c: i for i, c in enumerate(colors)}
        self.link = link
        self.journal = journal
        self.say = say or (lambda text: log.info(text))
        self.token = secrets.token_hex(16)
        self.ack_timeout = ack_timeout
        self.seq = SequenceBuffer(gap_timeout=gap_timeout)
        self.shown: dict[str, Placement] = {}
        self.guids: dict[str, str] = {}
        self.faces: dict[str, dict] = {}  # card-definition id -> CardID/CustomDeck from the table save
        self.tiles: dict[str, dict] = {}  # token tag -> CustomImage of the table save's tokens
        self._counters: dict[str, int] = {}  # Counter objects' last values we set
        self._last_sent: dict[str, Any] = {}  # the allow-lists and status last sent (resent on a full sync)
        self.prompts: dict[str, tuple[str, list[dict], list[str]]] = {}
        self._prompt_ids = itertools.count(1)
        self._batch = 0
        self.acked = 0
        self._sent_at: dict[int, float] = {}
        self.unacked: dict[int, dict] = {}  # batch number -> payload, until our Lua acknowledges it
        self.resend_interval = max(ack_timeout, 0.2)
        self._next_resend = 0.0
        self.resent = 0
        self.stats = {"events": 0, "ignored": 0, "reverted": 0, "decisions": 0, "blocked": 0, "stale": 0,
                      "not_journaled": 0}
        self.events_by_kind: dict[str, int] = {}
        self.narration: list[str] = []
        self._inbox: "queue.Queue[Any]" = queue.Queue()
        self._busy = False
        self._idle = threading.Condition()
        self._stop = threading.Event()
        self.finished = threading.Event()
        self._thread: threading.Thread | None = None
        self._stale_warned = False
        self._last_info: Any = None
        self.latency: BridgeLatency | None = None
        self._helper = Helper("session-helper")  # prepares a decision's batch while the journal fsyncs
        self._helper_cpu = 0.0  # the helper's CPU seconds on the message being handled (bench only)
        self.bots = BotSeats(bots or {}, bot_delay)
        self.bot_colors = {colors[seat] for seat in self.bots.players}

    # -- start-up -------------------------------------------------------------------------------
    def check_table(self, timeout: float = 10.0) -> m.ScriptDump:
        """Ask TTS for its scripts (message 0) and check the Global marker names our game."""
        dump = self.link.get_scripts(timeout)
        glob = dump.global_state()
        found = table_game(glob.script if glob else "")
        if found != self.game.rules.id:
            what = f"a tts-bridge table for {found!r}" if found else "not a tts-bridge table (no '-- tts-bridge table:' marker)"
            raise WrongTable(f"The game loaded in Tabletop Simulator ({dump.save_path or 'unsaved'}) is {what}; "
                             f"load the generated {self.game.rules.id} table (build it with the asset commands) and try again.")
        return dump

    def start(self, reset: bool = True) -> None:
        """Hand our Lua the session token, confirm it through Execute-Lua, then lay out the table."""
        self._thread = threading.Thread(target=self._run, name="session", daemon=True)
        self._thread.start()
        self._handshake()
        self.faces = table_faces(self.link.execute_lua("return TTSBridgeFaces()"))
        tiles = self.link.execute_lua("return TTSBridgeTiles()")
        self.tiles = {str(k): v for k, v in tiles.items() if isinstance(v, dict)} if isinstance(tiles, dict) else {}
        self._submit(("sync", reset))

    def _handshake(self, attempts: int = 5) -> None:
        """hello (message 2) then TTSBridgeInfo() (message 3). Each is its own connection, so TTS
        may run them in either order: repeat until our Lua confirms, with the nonce, that it
        holds the token."""
        for _ in range(attempts):
            self.link.send_custom({"cmd": "hello", "token": self.token, "seats": dict(self.seat_of)})
            info = self._proven_info()
            if info is not None and info.get("has_token"):
                return
            time.sleep(0.05)
        raise WrongTable(f"the table's Lua did not take the session token (it answered {self._last_info!r:.200}); "
                         f"is the table's Global script our generated glue (version {GLUE_VERSION})? "
                         f"A table built by an older tts-bridge needs building again.")

    def _proven_info(self) -> dict | None:
        """TTSBridgeInfo() as our Lua answers it, or None when the answer does not echo the fresh
        nonce (forged, or an older glue that cannot prove itself)."""
        nonce = secrets.token_hex(16)
        info = self.link.execute_lua(f'return TTSBridgeInfo("{nonce}")')
        self._last_info = info
        if isinstance(info, dict) and info.get("nonce") == nonce:
            return info
        log.warning("a TTSBridgeInfo answer did not carry our nonce (forged, or glue older than version %s): %.120r",
                    GLUE_VERSION, info)
        return None

    def close(self) -> None:
        self._stop.set()
        self._inbox.put(None)
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._helper.close()
        if self.journal is not None:
            self.journal.close()

    # -- inbound ----------------------------------------------------------------------------------
    def on_message(self, msg: m.Inbound) -> None:
        """Called on listener threads: queue for the worker."""
        self._submit(_Arrival(msg, time.perf_counter()))

    def _submit(self, item: Any) -> None:
        with self._idle:
            self._busy = True
        self._inbox.put(item)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                item = self._inbox.get(timeout=0.05)
            except queue.Empty:
                item = ()
            if item is None:
                return
            try:
                if isinstance(item, _Arrival):
                    self._handle(item)
                elif item != ():
                    self._dispatch(item)
                for payload in self.seq.flush_stale():
                    self._event(payload)
                self._check_acks()
            except (TTSUnavailable, TTSStalled) as exc:
                self.say(f"TTS problem: {exc}")
            except Exception:
                log.exception("session step failed")
            with self._idle:
                if self._inbox.empty():
                    self._busy = False
                    self._idle.notify_all()

    def wait_idle(self, timeout: float = 10.0, after_seq: int = 0) -> bool:
        """True once every queued message is handled and every batch acknowledged by Lua (and,
        with `after_seq`, Lua's messages up to that number have reached the session). Woken by
        the worker when it runs dry, so a waiter costs the worker nothing while it works."""
        end = time.monotonic() + timeout
        with self._idle:
            while True:
                pending_spawns = any(ref not in self.guids for ref in self.shown)
                if (not self._busy and self._inbox.empty() and self.acked >= self._batch and not pending_spawns
                        and self.seq.next > after_seq):
                    return True
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._idle.wait(min(left, 0.01))

    def _handle(self, arrival: _Arrival) -> None:
        if self.latency is None:
            self._dispatch(arrival.message)
            return
        decided, reverted = self.stats["decisions"], self.stats["reverted"]
        self._helper_cpu = 0.0
        cpu = time.thread_time()
        self._dispatch(arrival.message)
        spent = time.perf_counter() - arrival.at
        if self.stats["decisions"] > decided:
            self.latency.accepted.append(spent)
            self.latency.accepted_cpu.append(time.thread_time() - cpu + self._helper_cpu)
        elif self.stats["reverted"] > reverted:
            self.latency.refused.append(spent)
        else:
            self.latency.other.append(spent)

    def _dispatch(self, item: Any) -> None:
        if isinstance(item, tuple) and item and item[0] == "sync":
            self.sync(full=item[1])
        elif isinstance(item, BotTurn):
            action = self.bots.decision(item, self.game)
            if action is not None:
                self._decide(item.seat, action)
        elif isinstance(item, m.CustomMessage):
            self._custom(item.custom)
        elif isinstance(item, m.LuaError):
            self.say(f"Lua error in TTS: {item.prefix}{item.error}")
        elif isinstance(item, m.ScriptDump):
            self._after_dump(item)
        elif isinstance(item, m.PrintMessage):
            log.debug("TTS print: %s", item.message)

    def _after_dump(self, dump: m.ScriptDump) -> None:
        """A dump also follows a reload (Save & Play, or loading the save again): if our Lua
        lost the session token, hand it a new one and lay the table out from the engine state."""
        glob = dump.global_state()
        if not self._batch or table_game(glob.script if glob else "") != self.game.rules.id:
            return
        self._reloaded()

    def _reloaded(self) -> None:
        """Our Lua may have restarted (a load, Save & Play, or a rewind, which sends no dump but
        reruns onLoad: its tokenless "loaded" ping lands here). Anyone can send that ping, so
        nothing in it is trusted: TTS itself is asked, through Execute Lua, whether the token is
        gone, and only then is the table handed a new one and laid out again."""
        if not self._batch:
            return  # not started yet: start() does the handshake
        info = self._proven_info()
        if info is None or info.get("has_token"):
            return  # no proof that our Lua restarted (or it still holds the token): change nothing
        self.say("Tabletop Simulator reloaded the table; laying it out again from the referee's state.")
        self.token = secrets.token_hex(16)
        self.seq.reset(1)
        self.acked, self._batch, self._sent_at, self.unacked = 0, 0, {}, {}
        self._handshake()
        self.sync(full=True)

    def _custom(self, payload: dict) -> None:
        if payload.get("event") == "loaded" and "token" not in payload:
            self._reloaded()
            return
        if payload.get("token") != self.token:
            self.stats["ignored"] += 1
            if self.stats["ignored"] & (self.stats["ignored"] - 1) == 0:  # the 1st, 2nd, 4th, 8th...: no flood of lines
                log.warning("ignored a message without our session token (%d so far): %.80r",
                            self.stats["ignored"], payload)
            return
        seq = payload.get("seq")
        if type(seq) is not int:  # noqa: E721 - a bool or a float is not a sequence number
            self.stats["ignored"] += 1
            log.warning("ignored a message without a sequence number: %.80r", payload)
            return
        for p in self.seq.push(seq, payload):
            self._event(p)

    def _event(self, e: dict) -> None:
        kind = str(e.get("event"))
        self.stats["events"] += 1
        self.events_by_kind[kind] = self.events_by_kind.get(kind, 0) + 1
        if kind == "ack":
            n = e.get("n")
            if type(n) is int and n <= self._batch:  # noqa: E721 - Lua acknowledges in order
                self.acked = max(self.acked, n)
                for done in [k for k in self.unacked if k <= n]:
                    del self.unacked[done]
                    self._sent_at.pop(done, None)
            return
        if kind == "spawned":
            self.guids[str(e.get("ref"))] = str(e.get("guid"))
            return
        color = e.get("color")
        if kind in ("drop", "click", "flip", "spin", "blocked", "pickup") and color not in self.seat_of:
            self.stats["ignored"] += 1
            log.warning("ignored %s from %r, who is not seated", kind, color)
            if kind in ("drop", "flip", "spin") and isinstance(e.get("ref"), str):
                self._restore(e["ref"])  # a spectator moved a referee card: put it back
            return
        if color in self.bot_colors and kind in ("drop", "click", "flip", "spin"):
            self.stats["ignored"] += 1
            if kind != "click" and isinstance(e.get("ref"), str):
                self._restore(e["ref"])
            self._message(color, f"{color} is played by the referee's bot; sit at another colour to play.")
            return
        if kind == "drop":
            self._drop(self.seat_of[color], color, e)
        elif kind == "click":
            self._click(self.seat_of[color], color, e)
        elif kind in ("flip", "spin"):  # turned by hand past the vetoes: the referee lays it back
            self._restore(str(e.get("ref")))
        elif kind == "error":
            self.stats["lua_errors"] = self.stats.get("lua_errors", 0) + 1
            self.say(f"Lua error in the table's script ({str(e.get('where'))[:60]}): {str(e.get('error'))[:300]}")
        elif kind == "blocked":
            self.stats["blocked"] += 1

    # -- decisions --------------------------------------------------------------------------------
    def _drop(self, seat: int, color: str, e: dict) -> None:
        ref = str(e.get("ref"))
        card = ref_card(ref)
        pos = e.get("pos") if isinstance(e.get("pos"), dict) else {}
        xyz = (float(pos.get("x", 0)), float(pos.get("y", 0)), float(pos.get("z", 0)))
        if card is None or ref not in self.shown:
            self._restore(ref)
            return
        site = self.adapter.site_at(self.game, xyz, self.shown)
        candidates = self.adapter.drop_actions(self.game, seat, card, site)
        if candidates is None:  # harmless (e.g. rearranging a hand): just tidy up
            self._restore(ref)
            return
        pending = self.game.pending()
        if pending is None:
            self._revert(ref, color, None, "The game is over; cards stay where they are.")
            return
        mine = self.game.request_for(seat)  # the pending decision, or this seat's share of a joint one
        if mine is None:  # whatever was meant, it is not this player's decision
            r = self.game.seat_refusal(seat, pending)
            self._revert(ref, color, r.rule, r.message)
            return
        pending = mine
        legal = [a for a in candidates if pending.find(a) is not None]
        if len(legal) == 1:
            self._decide(seat, legal[0], moved=ref)
            return
        if len(legal) > 1:
            labels = [pending.find(a).label for a in legal]
            self._restore(ref)
            self._prompt(color, "Which move did you mean?", legal + [None], labels + ["Cancel"])
            return
        if candidates:
            try:
                self.game.act(seat, candidates[0])
            except IllegalAction as exc:
                self._revert(ref, color, exc.rule, exc.message)
                return
            raise AssertionError("an action outside the legal options was accepted")
        refusal = self.adapter.no_move(self.game, seat, card, site)
        self._revert(ref, color, refusal.rule, refusal.message)

    def _click(self, seat: int, color: str, e: dict) -> None:
        current = self.prompts.get(color)
        if current is None or e.get("prompt") != current[0]:
            self.stats["stale"] += 1
            return
        n = e.get("option")
        if not isinstance(n, int) or not 1 <= n <= len(current[1]):
            self.stats["ignored"] += 1
            return
        action = current[1][n - 1]
        if action is None:  # Cancel
            self.sync()
            return
        try:
            self._decide(seat, action)
        except IllegalAction as exc:
            self._message(color, self._cited(exc.rule, exc.message))
            self.sync()

    def _decide(self, seat: int, action: dict, moved: str | None = None) -> None:
        events = self.game.act(seat, action)
        if self.journal is None:
            lines, public, view = self._prepared(events)
        else:
            start = time.perf_counter()
            try:
                self.journal.write(len(self.game.decisions), seat, action, self.game.hashes[-1])
            except OSError as exc:
                self._not_journaled(exc, moved)
                return
            job = self._helper.submit(lambda: self._prepared(events))  # while the disk works
            try:
                self.journal.sync()  # fsynced before TTS hears of it
            except BaseException as exc:
                job.settle()  # the helper reads the game no more once the step is given up
                if not isinstance(exc, OSError):
                    raise
                self._not_journaled(exc, moved)
                return
            synced = time.perf_counter()
            lines, public, view = job.answer()
            if self.latency is not None:
                self.latency.accepted_journal.append(synced - start)
                self.latency.accepted_helper_wait.append(time.perf_counter() - synced)
                self.latency.accepted_prepared_inline += not job.on_helper
                self._helper_cpu = job.helper_cpu
        self.stats["decisions"] += 1
        self.narration.extend(public)
        self._apply(view, messages=lines, moved=moved)
        if self.game.result() is not None:
            self.finished.set()

    def _not_journaled(self, exc: OSError, moved: str | None) -> None:
        """A decision whose journal line could not be written or fsynced (a full or failing disk)
        is taken back: the game, the journal and the table stay as they were before it, so the
        referee never holds a state its journal lacks, and every colour is told why."""
        cut = self.journal.take_back()
        self.game.undo(len(self.game.decisions) - 1)
        why = exc.strerror or str(exc)
        self.stats["not_journaled"] += 1
        self.say(f"journal {self.journal.path}: {why}; the move was taken back"
                 + ("" if cut else " (its line could not be cut off: resume with --resume-upto if asked)"))
        text = (f"The referee could not save that move to its journal ({why}), so it was not made. "
                f"Free some disk space on the bridge's computer, then make the move again.")
        self.narration.append(f"NOT SAVED: {text}")
        if moved is not None:
            self._restore(moved)
        for color in self.colors:
            self._message(color, text)
        self.sync()

    def _prepared(self, events: list) -> tuple[dict[str, list[str]], list[str], _TableView]:
        """What a decision tells the table, worked out from the engine alone (no bookkeeping of
        what the table was told changes): each colour's lines, the public narration, the table."""
        lines, public = self._narrated(events)
        return lines, public, self._table_view(lines)

    def _narrated(self, events: list) -> tuple[dict[str, list[str]], list[str]]:
        """Each colour's lines for a decision's events, and the public narration."""
        lines: dict[str, list[str]] = {c: [] for c in self.colors}
        public: list[str] = []
        for ev in events:
            said: list[tuple[dict, str]] = []  # this event's views narrated so far: a public
            for c in self.colors:                # event is one dict for every seat, said once
                data = ev.for_seat(self.seat_of[c])
                if data is not None:
                    lines[c].append(self._said(data, said))
            view = ev.for_seat(None) if ev.seat is None else ev.redacted
            if view is not None:
                public.append(self._said(view, said))
        return lines, public

    def _said(self, data: dict, said: list[tuple[dict, str]]) -> str:
        """The table's line for one view of an event, narrated once per distinct view object
        (narration is a function of the event's data alone)."""
        for seen, text in said:
            if seen is data:
                return text
        text = self._colored(narrate(data, self.game.rules))
        said.append((data, text))
        return text

    def _colored(self, text: str) -> str:
        """Engine narration says "Seat 1"; at the table the players are colours."""
        return _SEAT.sub(lambda mt: self.colors[int(mt.group(1))] if int(mt.group(1)) < len(self.colors) else mt.group(0), text)

    def _revert(self, ref: str, color: str, rule: str | None, message: str) -> None:
        self.stats["reverted"] += 1
        text = self._colored(self._cited(rule, message))
        self.narration.append(f"REVERTED {color}: {text}")
        self._send([{"op": "revert", "ref": ref}, {"op": "message", "color": color, "text": text, "tint": RED}])

    def _cited(self, rule: str | None, message: str) -> str:
        """A refusal as the table shows it: the rule's number and, when the game's spec in
        docs/rules has it, its title, then what to do instead."""
        if not rule:
            return message
        title = rule_title(self.game.rules.id, rule)
        return f"[{rule}] {title}: {message}" if title else f"[{rule}] {message}"

    def _restore(self, ref: str) -> None:
        p = self.shown.get(ref)
        if p is not None:
            self._send([{"op": "move", "ref": ref, "pos": _vec(p.pos), "rot": _rot(p), "smooth": True}])

    def _message(self, color: str, text: str) -> None:
        self._send([{"op": "message", "color": color, "text": text, "tint": RED}])

    # -- table sync -------------------------------------------------------------------------------
    def sync(self, full: bool = False, messages: dict[str, list[str]] | None = None, moved: str | None = None) -> None:
        """Bring the table in line with the engine state, then allow-list, prompts and status."""
        self._apply(self._table_view(messages or {}), full, messages, moved)

    def _table_view(self, messages: dict[str, list[str]]) -> _TableView:
        """What the table should show now, from the engine state alone (a decision's is worked
        out on the helper thread while the journal fsyncs)."""
        counters = getattr(self.adapter, "counters", None)
        return _TableView(self.adapter.placements(self.game, self.colors), counters(self.game) if counters else {},
                          self._allow(), self.adapter.status_lines(self.game, self.colors),
                          self._safe_texts(messages), self.game.result())

    def _apply(self, view: _TableView, full: bool = False, messages: dict[str, list[str]] | None = None,
               moved: str | None = None) -> None:
        """Send the table what differs from what it was told (the bookkeeping of that changes here
        only, on the worker)."""
        want = view.placements
        cmds: list[dict] = []
        if full:
            cmds.append({"op": "reset", "clear_cards": True,
                         "clear_tags": list(getattr(self.adapter, "clear_tags", ()))})
            self.shown, self.guids, self.prompts = {}, {}, {}
        for ref in sorted(set(self.shown) - set(want)):
            cmds.append({"op": "destroy", "ref": ref})
            del self.shown[ref]
            self.guids.pop(ref, None)
        for ref, p in want.items():
            old = self.shown.get(ref)
            if old is p and ref != moved:  # the adapter handed back the placement the table shows
                continue
            if (old is None or (old.identity is None) != (p.identity is None) or old.kind != p.kind
                    or old.card != p.card or (old.identity and p.identity and old.identity[0] != p.identity[0])):
                cmds.append({"op": "spawn", "ref": ref, "data": self._object_data(p), "pos": _vec(p.pos),
                             "rot": _rot(p)})
                self.guids.pop(ref, None)
            else:
                if old.pos != p.pos or old.face_down != p.face_down or old.spin != p.spin or ref == moved:
                    cmds.append({"op": "move", "ref": ref, "pos": _vec(p.pos), "rot": _rot(p), "smooth": True})
                if old.identity != p.identity and p.identity is not None:
                    cmds.append({"op": "label", "ref": ref, "name": p.identity[0], "description": p.identity[1]})
            self.shown[ref] = p
        for name, value in view.counters.items():
            if full or self._counters.get(name) != value:
                cmds.append({"op": "counter", "name": name, "value": value})
                self._counters[name] = value
        if full:
            self._last_sent.clear()
        self._unless_unchanged(cmds, "allow", view.allow)
        cmds += self._prompt_cmds()
        self._unless_unchanged(cmds, "status", view.status)
        cmds += [{"op": "message", "color": color, "text": line} for color, line in view.texts]
        result = view.result
        if result is not None and (messages or full):
            winner = "draw" if result.draw else f"{self.colors[result.winner]} wins"
            cmds.append({"op": "broadcast", "text": f"Game over: {winner} ({result.reason})"})
        self._send(cmds)
        self.bots.schedule(self.game, self._submit)

    def _unless_unchanged(self, cmds: list[dict], op: str, value: Any) -> None:
        """Queue `op` (allow or status) only when it differs from what the table last got: our Lua
        keeps both until replaced (`B.allow`, `B.status` in templates/lua/global.lua.j2), batches
        are resent until acknowledged, and a restarted Lua gets a full sync, which sends both."""
        if self._last_sent.get(op) != value:
            cmds.append({"op": op, ("allow" if op == "allow" else "lines"): value})
            self._last_sent[op] = value

    def _object_data(self, p: Placement) -> dict:
        """The adapter's object data, dressed with the table save's card face (CardID and
        CustomDeck) when it is known; anonymous cards and piles get a back-only face, so a
        hidden card's face is never on the table."""
        data = self.adapter.card_object(p)
        # Tagged snap points and zones interact only with objects sharing one of their tags
        # (KB game-tools/object-tags.md, "Standard Interaction Rules"); the table save tags its
        # snap points with the game id, so referee objects carry it too.
        data = {**data, "Tags": sorted(set(data.get("Tags") or []) | {self.game.rules.id})}
        tile = self.tiles.get(getattr(self.adapter, "token_tag", "")) if p.kind == "tokens" else None
        if tile is not None:  # a token marker: the table save's own token picture, never a blank card
            scale = tile.get("scale", 1) or 1
            return {**data, "Name": "Custom_Tile", "CustomImage": tile.get("CustomImage"),
                    "Transform": {"scaleX": scale, "scaleY": 1, "scaleZ": scale}}
        if p.kind not in ("card", "pile", "goddess"):  # other markers keep their own look
            return data
        face = self.faces.get(p.card) if p.card and p.identity is not None else None
        if face is None and self.faces:
            sample = next(iter(self.faces.values()))
            deck = next(iter(m.as_dict(sample.get("CustomDeck")).values()), None)
            if isinstance(deck, dict) and not deck.get("UniqueBack"):
                back = deck.get("BackURL", "")
                face = {"CardID": 99900, "scale": sample.get("scale", 1), "CustomDeck": {"999": {
                    "FaceURL": back, "BackURL": back, "NumWidth": 1, "NumHeight": 1, "BackIsHidden": True,
                    "UniqueBack": False, "Type": 0}}}
        if face is not None:
            scale = face.get("scale", 1) or 1
            data = {**data, "Name": "Card", "CardID": face.get("CardID"), "CustomDeck": face.get("CustomDeck"),
                    "Transform": {"scaleX": scale, "scaleY": 1, "scaleZ": scale},
                    "GMNotes": p.card if p.identity is not None and p.card else ""}
        return data

    def _allow(self) -> dict:
        pending = self.game.pending()
        out = {}
        for color, seat in self.seat_of.items():
            if color in self.bot_colors:  # nobody's hands at a bot's colour
                out[color] = {"pickup": [], "flip": [], "why_pickup": f"{color} is played by the referee's bot.",
                              "why_other": f"{color} is played by the referee's bot."}
                continue
            refs = sorted(card_ref(c) for c in self.adapter.movable(self.game, seat))
            if pending is None:
                why = "The game is over; nothing can be moved."
            elif pending.seat != seat and seat not in pending.also:
                r = self.game.seat_refusal(seat, pending)
                why = self._colored(self._cited(r.rule, r.message))
            else:
                why = "Only cards you can play now can be picked up; use the referee's buttons for other choices."
            out[color] = {"pickup": refs, "flip": [], "why_pickup": why,
                          "why_other": "The referee moves, flips and shuffles these cards; use its buttons."}
        return out

    def _prompt_cmds(self) -> list[dict]:
        cmds = []
        for color, seat in self.seat_of.items():
            mine = None if color in self.bot_colors else self.game.request_for(seat)  # every seat that may answer now is prompted
            if mine is not None:
                cmds.append(self._prompt_cmd(color, mine.prompt, [o.action for o in mine.options],
                                             [o.label for o in mine.options]))
            elif color in self.prompts:
                del self.prompts[color]
                cmds.append({"op": "clear_prompt", "color": color})
        return cmds

    def _hidden_names(self, color: str) -> set[str]:
        """The names of the cards hidden from `color`'s seat now (none if the adapter cannot say)."""
        names = getattr(self.adapter, "hidden_names", None)
        return set() if names is None else names(self.game, self.seat_of[color])

    def _safe_texts(self, messages: dict[str, list[str]]) -> list[tuple[str, str]]:
        """(colour, line) for every line that names no card hidden from that colour."""
        out: list[tuple[str, str]] = []
        for color, lines in messages.items():
            if not lines:
                continue
            hidden = self._hidden_names(color)  # once per colour and sync, not per line
            joined = "\n".join(lines)  # a name in no line is in none: one search per name, not per line
            if not any(n and n in joined for n in hidden):
                out += [(color, line) for line in lines]
            else:
                out += [(color, line) for line in lines if self._safe_for(color, line, hidden)]
        return out

    def _safe_for(self, color: str, text: str, hidden: set[str] | None = None) -> bool:
        """Defence in depth: never send a colour text naming a card hidden from its seat
        (`hidden`: the colour's `_hidden_names()`, when the caller already has them)."""
        hidden = self._hidden_names(color) if hidden is None else hidden
        leaked = [n for n in hidden if n and n in text]
        if leaked:
            self.stats["withheld"] = self.stats.get("withheld", 0) + 1
            log.error("withheld a message to %s that named hidden cards: %r", color, leaked)
        return not leaked

    def _prompt_cmd(self, color: str, text: str, actions: list[dict | None], labels: list[str]) -> dict:
        pid = f"p{next(self._prompt_ids)}"
        self.prompts[color] = (pid, actions, labels)
        return {"op": "prompt", "color": color, "id": pid, "text": text, "options": labels}

    def _prompt(self, color: str, text: str, actions: list[dict | None], labels: list[str]) -> None:
        self._send([self._prompt_cmd(color, text, actions, labels)])

    def _send(self, cmds: list[dict]) -> None:
        """Number the batch, keep it until acknowledged, send it. A TTS that refuses or stalls
        does not lose it: `_check_acks` sends every unacknowledged batch again."""
        self._batch += 1
        n = self._batch
        payload = {"cmd": "batch", "token": self.token, "n": n, "cmds": cmds}
        self.unacked[n] = payload
        self._sent_at[n] = time.monotonic()
        self._transmit(payload)

    def _transmit(self, payload: dict) -> bool:
        try:
            self.link.send_custom(payload)
            return True
        except OSError as exc:  # TTSStalled, TTSUnavailable, or a connection reset mid-write
            log.warning("batch %s not delivered (%s); it will be sent again", payload.get("n"), exc)
            return False

    def _check_acks(self) -> None:
        if not self.unacked:
            if self._stale_warned:
                self.say("Tabletop Simulator is taking the referee's updates again; the table is in sync.")
            self._stale_warned = False
            return
        now = time.monotonic()
        if now - min(self._sent_at.values()) <= self.ack_timeout:
            return
        if not self._stale_warned:
            self._stale_warned = True
            self.say(f"Tabletop Simulator has not confirmed the referee's last {len(self.unacked)} update(s) "
                     f"for {self.ack_timeout:.0f}s: it may be stuck or the table was reloaded. The game is safe in "
                     f"the journal and the updates are sent again until TTS takes them; if it never recovers, "
                     f"restart it and run `serve --resume`.")
        if now >= self._next_resend:
            self._resend()

    def _resend(self) -> None:
        """Every unacknowledged batch again, in order (Lua drops the ones it already ran)."""
        self._next_resend = time.monotonic() + self.resend_interval
        for n in sorted(self.unacked):
            if not self._transmit(self.unacked[n]):
                self._next_resend = time.monotonic() + self.resend_interval
                return
            self.resent += 1
            self._sent_at[n] = time.monotonic()
