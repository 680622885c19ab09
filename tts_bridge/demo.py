"""`make demo`: a narrated bot-vs-bot game in which the bots also try illegal moves, so the
refusals with their rule numbers can be seen."""

from __future__ import annotations

from typing import Callable

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game, GameRules

from tts_bridge.narrate import narrate


def _cheat_attempts(game: Game) -> list[tuple[int, dict, str]]:
    """Illegal moves worth showing at this point of the game: (seat, action, what it tries)."""
    request = game.pending()
    if request is None or request.kind != "main":
        return []
    seat, state = request.seat, game.state
    tries = []
    if state.turn == 1:
        tries.append((seat, {"type": "attack", "index": 0}, "attack on the first player's first turn"))
        tries.append((1 - seat, {"type": "end_turn"}, "end the opponent's turn"))
    elif state.deploys_left == 0 and any(o.action["type"] == "enhance" for o in request.options):
        hand_battle = [o.action["card"] for o in request.options if o.action["type"] == "enhance"]
        tries.append((seat, {"type": "deploy", "card": hand_battle[0], "zone": "support"}, "deploy a second time"))
    elif state.attack_or_heal_used and state.turn > 2:
        tries.append((seat, {"type": "attack", "index": 0}, "attack twice in one turn"))
    return tries


def run_demo(rules: GameRules, seed: int, out: Callable[[str], None] = print) -> Game:
    game = Game(rules, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    shown: set[str] = set()
    out(f"{rules.name} — bot vs bot, seed {seed}")
    while (request := game.pending()) is not None:
        for seat, action, attempt in _cheat_attempts(game):
            key = attempt
            if key in shown:
                continue
            try:
                game.act(seat, action)
                out(f"  !! seat {seat} tried to {attempt} and it was (unexpectedly) allowed")
            except IllegalAction as refusal:
                shown.add(key)
                out(f"  REFUSED seat {seat} tries to {attempt}: [{refusal.rule}] {refusal.message}")
        for event in game.act(request.seat, bots[request.seat].choose(request)):
            line = event.for_seat(None)
            if line is not None:
                out("  " + narrate(line))
    result = game.result()
    out(f"{len(game.decisions)} decisions; final state hash {game.hashes[-1] if game.hashes else '-'}")
    out(f"Result: {'draw' if result.draw else f'seat {result.winner} wins'} ({result.reason})")
    return game
