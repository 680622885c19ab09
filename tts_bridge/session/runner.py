"""Assemble a session: link (ports), game (new or resumed from its journal), journal, session.

Used by `serve`, the emulator demo and the benchmark, so all three start a game the same way.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from engine.core.game import Deck, Game
from engine.core.registry import get_rules

from tts_bridge.protocol.link import EditorLink
from tts_bridge.protocol.transport import DEFAULT_LISTEN_PORT, DEFAULT_TTS_PORT
from tts_bridge.session.games import adapter_for
from tts_bridge.session.journal import Journal, JournalError, default_dir, new_id
from tts_bridge.session.session import Session


@contextmanager
def long_lived_frozen() -> Iterator[None]:
    """Run a laid-out session with everything alive so far (modules, card data, the engine
    state, the table) out of the cyclic garbage collector's reach: `gc.freeze()` moves it to a
    permanent generation that collections ignore (docs.python.org/3/library/gc.html#gc.freeze).
    Its full passes walked all of it inside a decision: 37-65 ms on the session thread, about
    once per 600 decisions, in `bench bridge` on 2026-12-07. On the way out `gc.unfreeze()`
    hands it all back (so a process that runs many sessions, like the tests, frees their garbage)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def journal_path(journal_dir: Path, session_id: str) -> Path:
    return journal_dir / f"{session_id}.jsonl"


def open_session(game_id: str, *, decks: list[Deck] | None = None, seed: int = 0,
                 options: dict[str, Any] | None = None, colors: list[str] | None = None,
                 listen_port: int = DEFAULT_LISTEN_PORT, tts_port: int = DEFAULT_TTS_PORT,
                 journal_dir: Path | None = None, resume: str | None = None,
                 say: Callable[[str], None] = print, retry_for: float = 30.0, send_timeout: float = 5.0,
                 check_table: bool = True, ack_timeout: float = 5.0, resume_upto: int | None = None,
                 bots: dict[int | str, Any] | None = None, bot_delay: float = 0.6) -> Session:
    """Start listening, build or resume the game, check the loaded table and lay it out.

    `resume_upto` resumes a damaged journal from that many intact decisions (the number a
    JournalError offers). `bots` seats a bot player (engine/bots) at a seat or a colour
    (tts_bridge/session/botseat.py), deciding `bot_delay` seconds after its turn comes. Raises PortInUse, TTSUnavailable, TTSStalled, WrongTable or
    JournalError with a message meant for the user.
    """
    if resume_upto is not None and not resume:
        raise JournalError("--resume-upto N needs --resume ID (the session whose journal is damaged)")
    journal_dir = journal_dir or default_dir()
    holder: dict[str, Session] = {}

    def on_message(msg: Any) -> None:
        session = holder.get("s")
        if session is not None:
            session.on_message(msg)

    def waiting(attempt: int, delay: float) -> None:
        if attempt in (1, 5) or attempt % 20 == 0:
            say(f"Waiting for Tabletop Simulator on 127.0.0.1:{tts_port} (is TTS running with the table loaded?)...")

    link = EditorLink(on_message, listen_port=listen_port, tts_port=tts_port, retry_for=retry_for,
                      send_timeout=send_timeout, on_waiting=waiting).start()
    try:
        if resume:
            game, journal, colors = _resume(game_id, journal_path(journal_dir, resume), resume, colors, resume_upto)
            session_id = resume
        else:
            rules = get_rules(game_id)
            game = Game(rules, decks, seed, options)
            colors = colors or ["White", "Red"]
            session_id = new_id(game_id)
            journal = None  # created once the table is known to be ours: no orphan journals
        session = Session(game, adapter_for(game_id), colors, link, journal, say=say, ack_timeout=ack_timeout,
                          bots=_bot_seats(bots, colors), bot_delay=bot_delay)
        session.session_id = session_id  # type: ignore[attr-defined]
        holder["s"] = session
        if check_table:
            session.check_table()
        if session.journal is None:
            session.journal = Journal.create(journal_dir, session_id, game, colors)
        session.start(reset=True)
        return session
    except BaseException:
        link.close()
        raise


def _resume(game_id: str, path: Path, session_id: str, colors: list[str] | None,
            upto: int | None) -> tuple[Game, Journal, list[str]]:
    """Replay the journal (or its first `upto` decisions) and open it for appending. Damage
    is a JournalError that names the line and offers the last good decision to resume from."""
    try:
        contents = Journal.scan(path, upto)
        header = contents.header
        if header["game"] != game_id:
            raise JournalError(f"session {session_id} is a {header['game']} game, not {game_id}")
        decisions = contents.decisions[:upto] if upto is not None else contents.decisions
        game = Journal.replay(get_rules(game_id), header, decisions, path)
    except JournalError as exc:
        if exc.good is not None and upto is None:
            raise JournalError(f"{exc}; the {exc.good} decisions before it are intact: resume from there with "
                               f"`tts-bridge serve --game {game_id} --resume {session_id} --resume-upto {exc.good}` "
                               f"(the damaged journal is kept beside it)", exc.good) from None
        raise
    if upto is not None:
        journal = Journal.keep_first(path, contents, upto)
    else:
        journal = Journal.open_for_append(path, contents)
    return game, journal, colors or list(header.get("seats") or ["White", "Red"])


def _bot_seats(bots: dict[int | str, Any] | None, colors: list[str]) -> dict[int, Any]:
    """Bot players by seat; a colour names the seat it sits at (a resumed game's colours come from
    its journal). A colour that is not one of the game's is a ValueError for the user."""
    out = {}
    for where, player in (bots or {}).items():
        if isinstance(where, str):
            if where not in colors:
                raise ValueError(f"--bot {where}: the bot sits at one of this game's colours ({', '.join(colors)})")
            where = colors.index(where)
        out[where] = player
    return out
