"""Helpers of the view tests: the emulated table mid-game, at chosen decisions."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.registry import game_ids


@dataclass
class Moment:
    """The emulated table at one decision, with what the referee knows about its cards."""
    decision: int
    scene: object
    owners: dict[str, tuple[int, float]] = field(default_factory=dict)  # guid -> (owner seat, spin)
    colors: list[str] = field(default_factory=list)


def play_moments(game_id: str, save: dict, checkpoints: tuple[int, ...], seed: int = 7) -> list[Moment]:
    """Bots play at the emulated table loaded with `save`; the scene is taken at each checkpoint."""
    from tts_bridge.session.demo import TableBots, settle, start_table
    from tts_bridge.session.games import ref_card
    from tts_bridge.view.scene import from_emulator

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        emu, session = start_table(game_id, seed=seed, journal_dir=Path(tmp), save=save)
        try:
            bots = TableBots(emu, session, seed, cheat_rate=0.0)
            for target in checkpoints:
                while len(session.game.decisions) < target and bots.step():
                    pass
                assert settle(emu, session)
                table = session.game.state.table
                owners = {}
                for ref, guid in session.guids.items():
                    p = session.shown.get(ref)
                    card = ref_card(ref)
                    owner = table.cards[card].owner if card is not None else (p.owner if p else None)
                    if p is not None and owner is not None:
                        owners[guid] = (owner, p.spin)
                out.append(Moment(len(session.game.decisions), from_emulator(emu, save, decision=len(session.game.decisions)),
                                  owners, list(session.colors)))
                if session.game.result() is not None:
                    break
        finally:
            session.close()
            session.link.close()
            emu.close()
    return out


GAMES = list(game_ids())
