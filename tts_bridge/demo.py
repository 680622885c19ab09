"""`make demo`: a narrated bot-vs-bot game in which the bots also try illegal moves, so the
refusals with their rule numbers can be seen. Each game supplies the illegal moves worth
trying (`cheat_attempts`) and the text of its events (`narrate`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.bots import Budget, Player, RandomPlayer, SearchPlayer
from engine.core.errors import IllegalAction
from engine.core.game import Game, GameRules

from tts_bridge.narrate import narrate


DEMO_BUDGET = Budget(iterations=100)  # the search bot's thinking per decision in the demo


def demo_players(seed: int, budget: Budget = DEMO_BUDGET) -> list[Player]:
    """The demo's players: the search bot (seat 0, from its seat's view only) against the random
    bot (seat 1), so the demo shows real play and the refusals of both."""
    return [SearchPlayer(seed * 2 + 1, budget), RandomPlayer(seed * 2 + 2)]


@dataclass
class PlayedDemo:
    game: Game
    refused: int


def run_demo(rules: GameRules, seed: int, out: Callable[[str], None] = print,
             players: list[Player] | None = None) -> PlayedDemo:
    game = Game(rules, seed=seed)
    bots = players or demo_players(seed)
    cheats = getattr(rules, "cheat_attempts", None)
    shown: set[str] = set()
    out(f"{rules.name} — seat 0 (search bot) vs seat 1 (random bot), seed {seed} (the narrator sees every card)")
    while (request := game.pending()) is not None:
        for seat, action, attempt in (cheats(game.state, request.kind, request.seat) if cheats else []):
            if attempt in shown:
                continue
            try:
                game.act(seat, action)
                out(f"  !! seat {seat} tried to {attempt} and it was (unexpectedly) allowed")
            except IllegalAction as refusal:
                shown.add(attempt)
                out(f"  REFUSED seat {seat} tries to {attempt}: [{refusal.rule}] {refusal.message}")
        for event in game.act(request.seat, bots[request.seat].decide(game, request.seat)):
            line = event.for_seat(None)
            if line is not None:
                out("  " + narrate(line, rules))
    result = game.result()
    out(f"{len(game.decisions)} decisions; final state hash {game.hashes[-1] if game.hashes else '-'}")
    out(f"Result: {'draw' if result.draw else f'seat {result.winner} wins'} ({result.reason})")
    return PlayedDemo(game, len(shown))


def _winner(result: dict | None, colors: list[str] | None) -> str:
    if not result:
        return "unfinished"
    if result.get("draw"):
        return "draw"
    seat = result.get("winner")
    return f"{colors[seat]} (seat {seat})" if colors and isinstance(seat, int) else f"seat {seat}"


def summary_table(reports: list[dict]) -> list[str]:
    """The closing table of `tts-bridge demo`: one row per game (game, decisions, illegal
    moves reverted, winner, the rule that decided it, the journal)."""
    header = ("game", "decisions", "illegal moves reverted", "winner", "rule", "journal")
    rows = [(r["game"], str(r["decisions"]), str(r["illegal_moves_reverted"]), _winner(r["result"], r.get("colors")),
             str((r["result"] or {}).get("rule") or "-"), r["journal"] or "-") for r in reports]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    numeric = {1, 2}

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return ["Summary", line(header), line(tuple("-" * w for w in widths)), *(line(r) for r in rows)]
