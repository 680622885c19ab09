"""Material for the narrated demo (`tts-bridge demo`): illegal moves worth trying at a point
of a kaiju game, and a one-line text for each kaiju event."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.games.kaiju.cards import CardDef
from engine.games.kaiju.effects import REGISTRY
from engine.games.kaiju.state import KaijuState, defn, zone


def _name(card: object) -> str:
    if isinstance(card, dict):
        return str(card.get("name", "a card"))
    return f"card #{card}"


WORDED = ("skill", "reinforcement", "action", "attack")  # events whose line says what the card's effects do


def _effects(event: dict, cards: Mapping[str, CardDef]) -> tuple:
    """The effects of the card played or used in `event` (one of WORDED): a skill's or
    reinforcement's own, an Action's or a move's (found by the name the event gives). None for
    a card the seat cannot see."""
    kind = event.get("type")
    card = event.get("card")
    d = cards.get(card.get("card")) if kind in WORDED and isinstance(card, dict) else None
    if d is None:
        return ()
    if kind in ("skill", "reinforcement"):
        return d.effects
    if kind == "action":
        return next((a.effects for a in d.actions if a.name == event.get("ability")), ())
    if kind == "attack":
        return next((m.effects for m in d.moves if m.name == event.get("move")), ())
    return ()


def wording(effects: tuple) -> str:
    """Effects as their words say them (`REGISTRY.say`, docs/effects/kaiju.md), for narration."""
    return "; ".join(REGISTRY.say(effect) for effect in effects)


# one line per event kind, from the event, who acts ("Seat 1", or "") and their seat; built once,
# not per call (the bridge narrates every event of every decision)
_LINES: dict[str, Callable[[dict, str, Any], str]] = {
    "order": lambda event, who, seat: f"Seat {event['first']} goes first",
    "mulligan": lambda event, who, seat: f"{who} has no battle card and shows their hand ({', '.join(event['shown'])}), reshuffles and draws again",
    "draw": lambda event, who, seat: f"{who} draws {_name(event['card'])}" if "card" in event else f"{who} draws a card",
    "draw_skipped": lambda event, who, seat: f"{who} cannot draw: the deck is empty",
    "placed_facedown": lambda event, who, seat: f"{who} places {_name(event['card'])} face down" if "card" in event else f"{who} places a card face down",
    "revealed": lambda event, who, seat: "Both opening cards are revealed: " + " vs ".join(_name(c) for c in event["cards"]),
    "turn": lambda event, who, seat: f"--- Turn {event['turn']}: seat {seat} ---",
    "deployed": lambda event, who, seat: f"{who} deploys {_name(event['card'])} to {event['zone']}",
    "enhanced": lambda event, who, seat: f"{_name(event['card'])} is tucked under {_name(event['target'])} (level {event['level']})",
    "action": lambda event, who, seat: f"{_name(event['card'])} uses {event['ability']}",
    "attack": lambda event, who, seat: f"{_name(event['card'])} attacks {_name(event['target'])} with {event['move']}",
    "coin": lambda event, who, seat: f"Coin flip: {'heads' if event['heads'] else 'tails'}",
    "evaded": lambda event, who, seat: f"{_name(event['card'])} evades the attack",
    "extra_deploy": lambda event, who, seat: f"{who} may deploy {event['count']} more this turn",
    "extra_enhance": lambda event, who, seat: f"{who} may enhance {event['count']} more this turn",
    "speed_changed": lambda event, who, seat: f"{_name(event['card'])} now has speed {event['speed']}",
    "devolve_failed": lambda event, who, seat: f"{_name(event['card'])} cannot devolve: it has no enhancements",
    "damage": lambda event, who, seat: f"{event['name']} takes {event['amount']} damage" + (f" ({event['prevented']} prevented)" if event["prevented"] else "") + (" (counter)" if event["counter"] else ""),
    "heal": lambda event, who, seat: f"{event['name']} heals {event['amount']}",
    "defeated": lambda event, who, seat: f"{_name(event['card'])} is defeated and goes to the spirit zone",
    "engaged": lambda event, who, seat: f"{who} engages {_name(event['card'])}",
    "retreated": lambda event, who, seat: f"{_name(event['card'])} retreats (paying {_name(event['cost'])}); {_name(event['engaged'])} engages",
    "skill": lambda event, who, seat: f"{who} plays {_name(event['card'])}",
    "skill_done": lambda event, who, seat: f"{_name(event['card'])} goes to the {event['to']} zone",
    "reinforcement": lambda event, who, seat: f"{who} plays reinforcement {_name(event['card'])}",
    "evolved": lambda event, who, seat: f"{_name(event['from'])} evolves into {_name(event['to'])} (level {event['level']})",
    "converted": lambda event, who, seat: f"{_name(event['from'])} converts into {_name(event['to'])}",
    "devolved": lambda event, who, seat: f"{_name(event['discarded'])} devolves back into {_name(event['now'])}",
    "banished": lambda event, who, seat: f"{_name(event['card'])} is banished to the space-time rift",
    "destroyed": lambda event, who, seat: f"{_name(event['card'])} is destroyed",
    "discarded": lambda event, who, seat: f"{who} discards {_name(event['card'])} from hand",
    "returned": lambda event, who, seat: (f"{_name(event['card'])}" if "card" in event else "A battle card")
    + f" returns from the {event['from']} zone to seat {seat}'s hand",
    "end_turn": lambda event, who, seat: f"{who} ends the turn",
    "game_over": lambda event, who, seat: ("Game over: draw — " if event.get("draw") else f"Game over: seat {event.get('winner')} wins — ") + event.get("reason", ""),
}


def narrate(event: dict, cards: Mapping[str, CardDef] | None = None) -> str:
    """One line for an event; with the card data (`cards`), a card played or used says what
    its effects do, in the wording of their words."""
    kind = event.get("type", "?")
    seat = event.get("seat")
    who = f"Seat {seat}" if seat is not None else ""
    rule = f" [{event['rule']}]" if event.get("rule") else ""
    line = _LINES.get(kind)
    effects = _effects(event, cards) if cards else ()
    said = f": {wording(effects)}" if effects else ""
    return (line(event, who, seat) if line else f"{kind}: {event}") + said + rule


def cheat_attempts(state: KaijuState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
    """Illegal moves worth showing at this point of the game: (seat, action, what it tries)."""
    if kind != "main":
        return []
    tries = []
    if state.turn == 1:
        tries.append((seat, {"type": "attack", "index": 0}, "attack on the first player's first turn"))
        tries.append((1 - seat, {"type": "end_turn"}, "end the opponent's turn"))
    elif state.deploys_left == 0 and (hand_battle := [c for c in zone(state, seat, "hand") if defn(state, c).is_battle]):
        tries.append((seat, {"type": "deploy", "card": hand_battle[0], "zone": "support"}, "deploy a second time"))
    elif state.attack_or_heal_used and state.turn > 2:
        tries.append((seat, {"type": "attack", "index": 0}, "attack twice in one turn"))
    return tries
