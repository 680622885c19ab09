"""Events handed out unredacted and redacted when first read (engine/core/events.py) against
the plain way, for the fast-path tests of every game that hands its events out so: seeded bot
games, their events read right after each decision, at the end of the game, or after the game
went on from a copy of its state, give the options, events as each seat sees them and state
hashes that every event redacted the plain way, right after its decision, gives."""

from __future__ import annotations

import copy
import pickle
import sys
from typing import Any, Callable

import pytest

from engine.bots.random_bot import RandomBot
from engine.core import events
from engine.core.events import Emitted
from engine.core.game import Game, GameRules
from engine.core.requests import Event
from engine.core.view import card_refs, redact
from engine.core.zones import Table

READS = ("now", "late", "copied")
COPY_EVERY = 5  # "copied": the game goes on from a copy of its state after every 5th decision


def plain_emit(state: Any, data: dict, describe: Callable[[int], Any] | None = None) -> None:
    """`events.emit` asking `Table.visible_to` who sees each card the event names, every card."""
    refs = card_refs(data)
    if not refs:
        state.events.append(Event(data))
        return
    visible = state.table.visible_to
    state.events.append(Emitted(data, describe, frozenset((c, seat) for c in refs for seat in (0, 1) if not visible(c, seat))))


def plain_redacted(table: Table, emitted: list, describe: Callable[[int], Any]) -> list[Event]:
    """Every event through the redactor with "saw it when it happened and sees it now"."""
    visible = table.visible_to
    return [e if type(e) is Event else
            redact(table, e.data, e.describe or describe,
                   lambda card, seat, unseen=e.unseen: (card, seat) not in unseen and visible(card, seat))
            for e in emitted]


def redacted_the_plain_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module that records events through `events.emit` (the games import it by name)
    records them, and `decision_events` redacts them, the plain way."""
    recording = [module for module in list(sys.modules.values()) if getattr(module, "emit", None) is events.emit]
    assert len(recording) > 1  # the core and the game's state module at least
    for module in recording:
        monkeypatch.setattr(module, "emit", plain_emit)
    monkeypatch.setattr(events, "redacted", plain_redacted)


def _as_seen(events: list) -> list:
    return [[e.for_seat(seat) for seat in (0, 1, None)] for e in events]


def transcript(rules: GameRules, seed: int, read: str = "now") -> tuple[list, list, list]:
    """A seeded bot game's options, events as each seat (and the omniscient view) sees them and
    state hashes. `read`: "now" reads each decision's events right after it, "late" at the end
    of the game, "copied" at the end too, the game having gone on from a deep copy or a pickle
    of its state after every `COPY_EVERY`th decision (the copy holds none of the events handed out)."""
    game = Game(rules, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    options: list = []
    seen: list = []
    held = []
    while (request := game.pending()) is not None:
        options.append((request.seat, [(o.label, o.action) for o in request.options]))
        events = game.act(request.seat, bots[request.seat].choose(request))
        if read == "now":
            seen.append(_as_seen(events))
            continue
        held.append(events)
        if read == "copied" and len(held) % COPY_EVERY == 0:  # deep copies take long: not after every decision
            game.state = copy.deepcopy(game.state) if len(held) % 2 else pickle.loads(pickle.dumps(game.state))
    return options, seen + [_as_seen(events) for events in held], game.hashes


def seat_only_events(transcripts: list[tuple[list, list, list]]) -> int:
    """How many events some seat sees otherwise than the omniscient view (so a comparison of
    the transcripts compares redaction)."""
    return sum(1 for _options, seen, _hashes in transcripts for decision in seen for event in decision
               if event[0] != event[2] or event[1] != event[2])


_PLAIN: dict[tuple, list] = {}  # (rules, seeds) -> their transcripts the plain way: three reads compare with them


def plain_transcripts(rules: GameRules, seeds: range) -> list:
    """The seeded games' transcripts with every event redacted the plain way right after its
    decision (`redacted_the_plain_way`), played once per game and seeds."""
    key = (id(rules), tuple(seeds))
    if key not in _PLAIN:
        with pytest.MonkeyPatch.context() as monkeypatch:
            redacted_the_plain_way(monkeypatch)
            _PLAIN[key] = [transcript(rules, seed) for seed in seeds]
    return _PLAIN[key]


def assert_read_as_redacted_the_plain_way(rules: GameRules, seeds: range, read: str) -> None:
    """Read right after their decision, at the end of the game, or after the game went on from
    a copy of its state (`read`), each decision's events are what each seat saw when every
    event was redacted the plain way right after its decision; options and hashes agree too."""
    plain = plain_transcripts(rules, seeds)
    assert seat_only_events(plain) > 500  # hidden cards are named to one seat: the comparison means something
    assert [transcript(rules, seed, read) for seed in seeds] == plain
