"""The balance report: game records tallied as they arrive (each game index once), then written
as JSON and as one HTML page (html.py).

Every rate here counts a draw as a game not won. Games that ended in an engine error are
counted and listed, and left out of every statistic.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import ENGINE_VERSION
from engine.core.registry import get_rules
from tts_bridge.balance.plan import Plan
from tts_bridge.balance.play import GameRecord
from tts_bridge.balance.stats import ALPHA, MIN_CELL, holm, two_proportion_p, wilson

TEST = (f"two-sided pooled two-proportion z-test per card and condition, Holm-corrected over all the "
        f"cards' tests for a family-wise error rate of {ALPHA:.0%}; a card is tested only when it has at "
        f"least {MIN_CELL} wins and {MIN_CELL} games not won both with and without the condition")
CONDITIONS = {
    "drawn": "the card became visible to its owner (it left its owner's hidden zones: drawn, or dealt)",
    "played": "the card became visible to the opponent (played, discarded or revealed)",
}
MAX_MESSAGES = 10


@dataclass(slots=True)
class Outcomes:
    """Games of one pairing (seat 0's deck against seat 1's)."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    decisions: int = 0


@dataclass(slots=True)
class Split:
    """A card's games, split by one condition (drawn, played): wins with and without it."""

    with_games: int = 0
    with_wins: int = 0
    without_games: int = 0
    without_wins: int = 0

    def add(self, held: bool, won: bool) -> None:
        if held:
            self.with_games += 1
            self.with_wins += won
        else:
            self.without_games += 1
            self.without_wins += won


class Tally:
    """The running totals of a balance run. `add` counts a game index once, however often its
    record arrives (a batch re-run after a lost worker), and says whether it counted it."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.counted = bytearray(plan.games)
        self.played = 0
        self.duplicates = 0
        self.errors = 0
        self.error_messages: list[str] = []
        self.pairing_list = plan.pairings
        self.pairings = [Outcomes() for _ in self.pairing_list]
        self.first_games = 0
        self.first_wins = 0
        self.lengths: Counter[int] = Counter()
        self.cpu_s = 0.0
        self.deck_cards = [frozenset(card for cards in deck.sections.values() for card in cards) for deck in plan.decks]
        self.cards: dict[str, dict[str, Split]] = {}

    @property
    def complete(self) -> bool:
        return self.played == self.plan.games

    def missing(self) -> list[int]:
        return [i for i, seen in enumerate(self.counted) if not seen]

    def add(self, record: GameRecord) -> bool:
        if self.counted[record.index]:
            self.duplicates += 1
            return False
        self.counted[record.index] = 1
        self.played += 1
        self.cpu_s += record.cpu_s
        if record.error is not None:
            self.errors += 1
            if len(self.error_messages) < MAX_MESSAGES:
                self.error_messages.append(f"game {record.index}: {record.error}")
            return True
        slot = self.plan.slot(record.index)
        pairing, outcome = self.pairing_list[slot], self.pairings[slot]
        outcome.games += 1
        outcome.draws += record.draw
        outcome.decisions += record.decisions
        if record.winner is not None:
            outcome.wins[record.winner] += 1
        if record.first is not None:
            self.first_games += 1
            self.first_wins += record.winner == record.first
        self.lengths[record.decisions] += 1
        for seat, deck in enumerate((pairing.first, pairing.second)):
            won = record.winner == seat
            drawn, played = set(record.drawn[seat]), set(record.played[seat])
            for card in self.deck_cards[deck]:
                splits = self.cards.setdefault(card, {name: Split() for name in CONDITIONS})
                splits["drawn"].add(card in drawn, won)
                splits["played"].add(card in played, won)
        return True

    # -- the report ---------------------------------------------------------------------------
    def to_json(self, elapsed_s: float, workers: int) -> dict[str, Any]:
        plan = self.plan
        names = [deck.name for deck in plan.decks]
        decided = sum(o.games for o in self.pairings)
        return {
            "game": plan.game,
            "engine": ENGINE_VERSION,
            "bot": plan.bot,
            "budget": str(plan.budget) if plan.budget else None,
            "seed": str(plan.seed),
            "games": plan.games,
            "counted": self.played,
            "duplicates_ignored": self.duplicates,
            "errors": self.errors,
            "error_messages": self.error_messages,
            "decks": names,
            "elapsed_s": round(elapsed_s, 2),
            "games_per_s": round(self.played / elapsed_s, 2) if elapsed_s > 0 else None,
            "workers": workers,
            "cpu_s": round(self.cpu_s, 2),  # the games' own CPU time, all workers together
            "pairings": [self._pairing(i, names) for i in range(len(self.pairings))],
            "matchups": self._matchups(names),
            "first_player": {
                "games": self.first_games, "wins": self.first_wins,
                "win_rate": _interval(self.first_wins, self.first_games),
                "advantage": round(self.first_wins / self.first_games - 0.5, 4) if self.first_games else None,
            },
            "length": {
                "games": decided,
                "mean_decisions": round(sum(n * c for n, c in self.lengths.items()) / decided, 1) if decided else None,
                "min": min(self.lengths, default=None), "max": max(self.lengths, default=None),
                "counts": {str(n): c for n, c in sorted(self.lengths.items())},
            },
            "cards": self._cards(),
            "card_test": TEST,
            "conditions": CONDITIONS,
        }

    def _pairing(self, i: int, names: list[str]) -> dict:
        pairing, o = self.pairing_list[i], self.pairings[i]
        return {"seat0": names[pairing.first], "seat1": names[pairing.second], "games": o.games,
                "wins": list(o.wins), "draws": o.draws,
                "seat0_win_rate": _interval(o.wins[0], o.games),
                "mean_decisions": round(o.decisions / o.games, 1) if o.games else None}

    def _matchups(self, names: list[str]) -> list[dict]:
        """Both seat orders of each pair of decks pooled: deck `a`'s win rate against deck `b`."""
        out = []
        for a in range(len(names)):
            for b in range(a + 1, len(names)):
                games = wins_a = wins_b = draws = 0
                for pairing, o in zip(self.pairing_list, self.pairings):
                    if {pairing.first, pairing.second} == {a, b}:
                        seat_a = 0 if pairing.first == a else 1
                        games += o.games
                        wins_a += o.wins[seat_a]
                        wins_b += o.wins[1 - seat_a]
                        draws += o.draws
                out.append({"a": names[a], "b": names[b], "games": games, "wins": [wins_a, wins_b],
                            "draws": draws, "a_win_rate": _interval(wins_a, games)})
        return out

    def _cards(self) -> list[dict]:
        """Per card seen in some game: its win rate with and without each condition, and whether
        the difference is significant (TEST). Cards nobody ever saw are left out."""
        index = get_rules(self.plan.game).name_index()
        rows, p_values = [], []
        for card, splits in sorted(self.cards.items()):
            if not any(s.with_games for s in splits.values()):
                continue
            found, _ = index.resolve(card)
            row: dict[str, Any] = {"id": card, "name": index.display_name(found) if found is not None else card,
                                   "decks": [d.name for d, cards in zip(self.plan.decks, self.deck_cards) if card in cards]}
            for name, s in splits.items():
                p = two_proportion_p(s.with_wins, s.with_games, s.without_wins, s.without_games)
                p_values.append(p)
                with_rate, without_rate = _interval(s.with_wins, s.with_games), _interval(s.without_wins, s.without_games)
                row[name] = {"games": s.with_games, "wins": s.with_wins, "win_rate": with_rate,
                             "without_games": s.without_games, "without_wins": s.without_wins,
                             "without_win_rate": without_rate,
                             "difference": round(with_rate["rate"] - without_rate["rate"], 4)
                             if with_rate and without_rate else None,
                             "p": None if p is None else float(f"{p:.4g}")}
            rows.append(row)
        flags = iter(holm(p_values))
        for row in rows:
            for name in CONDITIONS:
                row[name]["significant"] = next(flags)
        return rows


def _interval(wins: int, games: int) -> dict | None:
    interval = wilson(wins, games)
    return interval.to_json() if interval else None


def write_report(report: dict, out: Path) -> tuple[Path, Path]:
    """`report.json` and `report.html` in `out` (created)."""
    from tts_bridge.balance.html import render

    out.mkdir(parents=True, exist_ok=True)
    json_path, html_path = out / "report.json", out / "report.html"
    json_path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    html_path.write_text(render(report), encoding="utf-8")
    return json_path, html_path
