"""The code written for speed gives what its plain definition gives: triggers looked up in the
index of the cards that have an ability on them fire as when every card is looked at."""

from __future__ import annotations

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.games.vividz import RULES
from engine.games.vividz import effects as fx
from engine.games.vividz import flow


class _EveryCard(dict):
    """An `auto_cards` index that names every card of the table for every trigger: the triggers
    then look at every card, as they did before the index."""

    def __init__(self, cards: int) -> None:
        super().__init__()
        self.every = frozenset(range(cards))

    def get(self, trigger: str, default=None) -> frozenset:
        return self.every


def _played(seed: int) -> tuple[list, list]:
    game = Game(RULES, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    events = []
    while (request := game.pending()) is not None:
        events.append([e.for_seat(seat) for e in game.act(request.seat, bots[request.seat].choose(request))
                       for seat in (0, 1, None)])
    return game.hashes, events


def test_triggers_fire_as_when_every_card_is_looked_at(monkeypatch):
    fast = [_played(seed) for seed in range(12)]
    triggered = sum(1 for _, events in fast for decision in events for e in decision
                    if e is not None and e.get("type") == "trigger")
    assert triggered > 50  # the games do trigger abilities, so the comparison means something
    monkeypatch.setattr(fx, "auto_cards", lambda state: _EveryCard(len(state.table.cards)))
    assert [_played(seed) for seed in range(12)] == fast


def test_settled_rule_effects_find_nothing_when_checked_the_plain_way(monkeypatch):
    """Whenever priority pre-processing skips the crowding and dying checks (`_settled`), those
    checks made the plain way find nothing; and games never skipping them play the same."""
    settled = flow._settled
    skipped = []

    def checked(state) -> bool:
        skip = settled(state)
        if skip:
            skipped.append((flow._crowded(state), flow._dying(state)))
        return skip
    monkeypatch.setattr(flow, "_settled", checked)
    fast = [_played(seed) for seed in range(12)]
    assert len(skipped) > 500  # the games do skip, so the comparison means something
    assert all(crowded == [] and dying == [] for crowded, dying in skipped)
    monkeypatch.setattr(flow, "_settled", lambda state: False)
    assert [_played(seed) for seed in range(12)] == fast
