"""Narration and illegal moves worth trying for `tts-bridge demo --game vividz`."""

from __future__ import annotations

from engine.games.vividz.state import VividzState, defn, play_cost, where, zone


def _n(card) -> str:
    if isinstance(card, dict):
        return card.get("name") or card.get("title") or "a card"
    return str(card)


_TEXT = {
    "turn": lambda e: f"--- Turn {e['turn']}: seat {e['seat']} ---",
    "draw": lambda e: f"Seat {e['seat']} draws {_n(e.get('card', 'a card'))}",
    "play": lambda e: f"Seat {e['seat']} plays {_n(e['card'])}" + (" for free" if e.get("free") else f" (cost {e['cost']})"),
    "enter": lambda e: f"{_n(e['card'])} enters slot L{e['slot']}",
    "control": lambda e: f"Seat {e['controller']} takes control of {_n(e['card'])} (lane {e['slot']})",
    "deck_move": lambda e: f"Seat {e['seat']} moves a card from the Deck to the {e['to']} ({e['moved']})",
    "attack": lambda e: f"Seat {e['seat']} attacks with {_n(e['card'])} in lane {e['lane']}",
    "damage": lambda e: f"{_n(e['card'])} takes {e['amount']} damage",
    "retire": lambda e: f"{_n(e['card'])} retires ({e['by']}) into Energy",
    "level_up": lambda e: f"{_n(e['card'])} levels up: {_n(e['exp'])} becomes its EXP",
    "illegal_character": lambda e: f"{_n(e['card'])} is trashed as an illegal character",
    "check": lambda e: f"Seat {e['seat']} checks mission {_n(e['card'])}",
    "clear": lambda e: f"Seat {e['seat']} clears mission {e['title']}",
    "attack_success": lambda e: f"{_n(e['card'])}'s attack succeeds",
    "scout": lambda e: f"Seat {e['seat']} scouts {_n(e['card'])}",
    "game_over": lambda e: f"Game over: {e['reason']}",
}


def narrate(event: dict) -> str:
    text = _TEXT.get(event.get("type"))
    if text:
        try:
            return f"{text(event)}  [{event['rule']}]" if "rule" in event else text(event)
        except KeyError:
            pass
    return ", ".join(f"{k}={v}" for k, v in event.items())


def cheat_attempts(state: VividzState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
    out: list[tuple[int, dict, str]] = []
    if kind != "main":
        return out
    out.append((1 - seat, {"type": "pass"}, "act in the opponent's Main phase"))
    hand = zone(state, seat, "hand")
    energy = len(zone(state, seat, "energy"))
    for c in hand:
        d = defn(state, c)
        if state.turn == 1 and d.type == "event":
            out.append((seat, {"type": "play", "card": c}, "play an event in turn 1"))
        if d.type == "character" and play_cost(state, seat, c, 1) > energy:
            out.append((seat, {"type": "play", "card": c, "slot": 1}, f"play {d.name} without enough energy"))
    for c in zone(state, seat, "area"):
        if state.turn == 1:
            out.append((seat, {"type": "attack", "card": c}, "attack in turn 1"))
        elif c in state.sleep:
            out.append((seat, {"type": "attack", "card": c}, "attack with a sleeping character"))
    for m in zone(state, seat, "mission"):
        if where(state, m) == "mission" and m in state.table.face_down:
            out.append((seat, {"type": "check", "mission": m}, "check a completed mission"))
    return out
