"""Shared set-up for session tests: an emulated table with the bridge attached, on free ports.

The table is always the save `tts-bridge build` writes for the game (the `generated_save`
fixture of tests/conftest.py hands each test a fresh copy), never a synthetic one."""

from __future__ import annotations

from pathlib import Path

from engine.core.game import Game

from tts_bridge.emulator import TTSEmulator
from tts_bridge.protocol.link import EditorLink

from tts_bridge.session.demo import TableBots, settle
from tts_bridge.session.games import adapter_for
from tts_bridge.session.journal import Journal, new_id
from tts_bridge.session.session import Session

COLORS = ["White", "Red"]


class Table:
    """An emulator plus a Session over a given Game (so tests can use their own card data)."""

    def __init__(self, game: Game, journal_dir: Path, save: dict, *, colors: list[str] | None = None,
                 ack_timeout: float = 5.0, start: bool = True, bots: dict | None = None) -> None:
        self.colors = colors or COLORS
        self.said: list[str] = []
        self.link = EditorLink(self._on, listen_port=0, tts_port=1, retry_for=3.0)
        self.link.start()
        self.emu = TTSEmulator(editor_port=self.link.listen_port, seed=11)
        self.emu.load(save)
        self.link.sender.port = self.emu.tts_port
        self.journal = Journal.create(journal_dir, new_id(game.rules.id), game, self.colors)
        self.session = Session(game, adapter_for(game.rules.id), self.colors, self.link, self.journal,
                               say=self.said.append, ack_timeout=ack_timeout, bots=bots, bot_delay=0.0)
        if start:
            self.session.check_table()
            self.session.start()
            assert settle(self.emu, self.session)

    def _on(self, msg) -> None:
        session = getattr(self, "session", None)
        if session is not None:
            session.on_message(msg)

    def settle(self) -> None:
        assert settle(self.emu, self.session)

    def close(self) -> None:
        self.session.close()
        self.link.close()
        self.emu.close()


def play_whole_game(t: Table, seed: int = 7) -> tuple[Game, TableBots]:
    """Bots play the table's game to its end by moving cards and clicking buttons, trying illegal
    drops on the way. Checked for every game: a result; both kinds of input used; every illegal
    drop put back (TableBots checks each put-back); our Lua never raised; the leak guard never
    had to act; the journal replays to the same hashes; both colours are told the game is over."""
    bots = TableBots(t.emu, t.session, seed=seed, cheat_rate=0.15)
    while bots.step():
        pass
    game = t.session.game
    assert game.result() is not None and t.session.finished.is_set()
    assert bots.physical_moves > 10 and bots.clicks > 10
    assert t.session.stats["reverted"] >= 1 and bots.cheats_seen
    assert t.emu.errors == []
    assert t.session.stats.get("withheld", 0) == 0
    header, decisions = Journal.read(t.journal.path)
    assert len(decisions) == len(game.decisions)
    assert Journal.replay(game.rules, header, decisions).hashes == game.hashes
    for color in t.colors:
        assert any(text.startswith("Game over") for text in t.emu.visible_texts(color))
    return game, bots


def wait_until(predicate, timeout: float = 5.0) -> bool:
    """Poll `predicate` until true: a revert is a smooth move that ends a few frames later."""
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def hidden_names(game, seat: int, attr: str = "title", skip=lambda card: False) -> set[str]:
    """The test's own oracle: names of cards `seat` may not see now, minus names it can see
    elsewhere (cards for which `skip(card)` holds are left out)."""
    table = game.state.table
    hidden, seen = set(), set()
    for card in table.cards:
        if not skip(card):
            (seen if table.visible_to(card.id, seat) else hidden).add(getattr(card.defn, attr))
    return hidden - seen


def assert_prompts_reach_only_their_colour(table, bots, steps: int = 40) -> set[str]:
    """Play `steps` decisions; each prompt's buttons are shown to its own colour only (both
    colours hold one while a joint step asks both, `Request.also`, each with its own options)
    and the other colour cannot click them. Returns the request kinds seen."""
    kinds = set()
    game = table.session.game
    for _ in range(steps):
        pending = game.pending()
        if pending is None:
            break
        kinds.add(pending.kind)
        for seat in (0, 1):
            mine, me, other = game.request_for(seat), table.colors[seat], table.colors[1 - seat]
            buttons = table.emu.ui_buttons(me)
            assert [label for _, label in buttons] == ([o.label for o in mine.options] if mine else [])
            if buttons:
                assert table.emu.click(other, buttons[0][0]) is False  # not visible to the other colour
        bots.step()
    return kinds
