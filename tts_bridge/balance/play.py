"""One balance game and one batch of them: the body of a Ray task, plain Python (no Ray here).

A game is played by `selfplay.play_one` with the plan's players; after setup and after every
decision, `Sightings` notes which cards each owner has seen (a card drawn: it left its
owner's hidden zones) and which the opponent has seen (a card played or revealed), both by
`Table.visible_to`, the one definition of who may see a card.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine.core.game import Game
from engine.core.registry import get_rules
from engine.core.zones import Table, Visibility
from tts_bridge.balance.plan import Batch, Plan
from tts_bridge.balance.players import make_player
from tts_bridge.selfplay import play_one


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the report needs of one game. `drawn[s]`/`played[s]` are the card-definition ids of
    seat `s`'s cards that its owner / its opponent saw at some point of the game."""

    index: int
    winner: int | None
    draw: bool
    first: int | None  # the seat that took the first turn (the state's `first`), if the game says
    decisions: int
    drawn: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[tuple[str, ...], tuple[str, ...]]
    error: str | None = None
    cpu_s: float = 0.0  # the CPU time the game took in its worker (what a busy machine cannot shrink)


class Sightings:
    """Card ids each seat's owner / opponent has seen so far (watched after every decision)."""

    def __init__(self) -> None:
        self.by_owner: set[int] = set()
        self.by_opponent: set[int] = set()

    def watch(self, game: Game) -> None:
        table: Table = game.state.table
        by_owner, by_opponent = self.by_owner, self.by_opponent
        cards, visible = table.cards, table.visible_to
        for key, ids in table.zones.items():
            if not ids or table.specs[key].visibility is Visibility.HIDDEN:
                continue  # nobody sees these (visible_to says so for every one of them)
            for card_id in ids:
                if card_id in by_opponent and card_id in by_owner:
                    continue
                owner = cards[card_id].owner
                if visible(card_id, owner):
                    by_owner.add(card_id)
                if visible(card_id, 1 - owner):
                    by_opponent.add(card_id)

    def defn_ids(self, table: Table, seen: set[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The card-definition ids seen, per owning seat (each id once)."""
        per_seat: tuple[set[str], set[str]] = (set(), set())
        for card_id in seen:
            card = table.cards[card_id]
            per_seat[card.owner].add(card.defn.id)
        return tuple(sorted(per_seat[0])), tuple(sorted(per_seat[1]))


def play_game(plan: Plan, index: int) -> GameRecord:
    """Game `index` of the plan, from its own seeds: the same record however often it is played
    (with the random bot or an iteration budget)."""
    rules = get_rules(plan.game)
    pairing = plan.pairing_of(index)
    decks = [plan.decks[pairing.first], plan.decks[pairing.second]]
    players = [make_player(plan.bot, plan.bot_seed(index, seat), plan.budget) for seat in (0, 1)]
    sightings = Sightings()
    cpu = time.thread_time()
    played = play_one(rules, plan.game_seed(index), on_decision=sightings.watch, decks=decks, players=players)
    game, table = played.game, played.game.state.table
    result = None if played.error else game.result()
    return GameRecord(
        index=index,
        winner=result.winner if result and not result.draw else None,
        draw=bool(result and result.draw),
        first=getattr(game.state, "first", None),
        decisions=played.decisions,
        drawn=sightings.defn_ids(table, sightings.by_owner),
        played=sightings.defn_ids(table, sightings.by_opponent),
        error=played.error,
        cpu_s=time.thread_time() - cpu,
    )


def play_batch(plan: Plan, batch: Batch) -> list[GameRecord]:
    """Every game of the batch; returned all at once, so a task retried after a lost worker has
    reported nothing twice."""
    return [play_game(plan, index) for index in batch.indices]
