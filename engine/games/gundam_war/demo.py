"""Play-by-play text for Gundam War events, and the illegal moves the demo tries so that
refusals with their rule numbers can be seen (wired in by `tts_bridge/demo.py`)."""

from __future__ import annotations

from typing import Mapping

from engine.games.gundam_war.cards import CardDef, bare
from engine.games.gundam_war.effects import REGISTRY
from engine.games.gundam_war.state import GWState, is_g, is_unit, zone


def _name(card: object) -> str:
    if isinstance(card, dict):
        return str(card.get("name") or card.get("title") or "a card")
    return "a card"


_STEP_NAMES = {"reroll": "Reroll Phase", "draw": "Draw Phase", "deploy": "Deploy Phase", "attack": "Attack Step",
               "defense": "Defense Step", "damage": "Damage Calculation Step", "return": "Return Step",
               "end": "End of turn"}


_TEXT = {
    "setup": lambda e: f"Seat {e['first']} won rock-paper-scissors and goes first",
    "redeal": lambda e: (f"Seat {e['seat']} shows a hand without G ({', '.join(e['shown'])}) and re-deals 6"
                         if e["procedure"] == "A" else f"Seat {e['seat']} re-deals {e['size']} cards (procedure B)"),
    "keep": lambda e: f"Seat {e['seat']} keeps {e['hand']} cards",
    "turn": lambda e: f"--- Turn {e['turn']}: seat {e['active']} attacks ---",
    "reroll": lambda e: f"Seat {e['seat']} rerolls {e['count']} card(s)",
    "step": lambda e: _STEP_NAMES.get(e["step"], e["step"]),
    "draw": lambda e: f"Seat {e['seat']} draws " + (_name(e["card"]) if "card" in e else "a card"),
    "no_draw": lambda e: f"Seat {e['seat']} does not draw on the first turn",
    "play": lambda e: f"Seat {e['seat']} plays {_name(e['card'])}" + (f" on {_name(e['target'])}" if e.get("target") else "")
    + (f" (total {e['total']}, resource {e['resource']})" if e["total"] or e["resource"] else ""),
    "pay_resource": lambda e: f"Seat {e['seat']} pays {e['count']} resource(s) from the Homeland",
    "use": lambda e: f"Seat {e['seat']} uses {(e['special'] or 'a text').replace('_', ' ')} of {_name(e['card'])}",
    "enters": lambda e: f"{_name(e['card'])} enters {'rolled' if e['rolled'] else 'rerolled'}",
    "set": lambda e: f"{_name(e['card'])} is set on {_name(e['on'])}",
    "command_resolved": lambda e: f"{_name(e['card'])} resolves and goes to the Junk Yard",
    "sortie": lambda e: f"{_name(e['card'])} sorties to the {e['area']} area (position {e['position']})",
    "sortie_failed": lambda e: f"{_name(e['card'])} fails to sortie: {e['why']}",
    "sortie_done": lambda e: f"Seat {e['seat']} finishes the sortie" + (f"; engaged: {', '.join(e['engaged'])}" if e["engaged"] else ""),
    "battle_damage": lambda e: f"{_name(e['card'])} takes {e['amount']} battle damage",
    "homeland_damage": lambda e: f"Seat {e['seat']}'s Homeland takes {e['count']} damage",
    "damage": lambda e: f"{_name(e['card'])} takes {e['amount']} damage",
    "destroyed": lambda e: f"{_name(e['card'])} is destroyed ({e['why']})",
    "moved": lambda e: f"{_name(e['card'])} goes to the {e['to'].replace('junk', 'Junk Yard')}",
    "to_hand": lambda e: f"{_name(e.get('card') or e)} returns to its owner's hand ({e['reason']})",
    "play_negated": lambda e: f"The play of {_name(e['card'])} is negated",
    "return": lambda e: "Units in the battle areas return to their Deploy Areas, rolled",
    "damage_reset": lambda e: "Damage on Units is reset to 0",
    "hand_limit_discard": lambda e: f"{_name(e['card'])} is discarded for the hand limit",
    "cut_resolved": lambda e: "The Cut has resolved",
    "treated_as": lambda e: f"{_name(e['card'])} is {'also ' if e['also'] else ''}treated as "
    + " and ".join(t.title() if t != "g" else "G" for t in e["types"]),
    "simultaneous_entry": lambda e: f"Seat {e['seat']} (attacking) chooses which of "
    + ", ".join(_name(c) for c in e["cards"]) + " is discarded",
    "game_over": lambda e: ("Game over: draw — " if e.get("draw") else f"Game over: seat {e.get('winner')} wins — ")
    + e.get("reason", ""),
}


def _effects(event: dict, cards: Mapping[str, CardDef]) -> tuple:
    """The effects of the card played or the text used in `event`: a Command's own, or the
    card's text by its index (a text gained through Team is not named by the event: none).
    Empty for a card the seat cannot see."""
    card = event.get("card")
    d = cards.get(card.get("card")) if isinstance(card, dict) else None
    if d is None:
        return ()
    if event.get("type") == "play" and d.type == "command":
        return d.effects
    if event.get("type") == "use" and isinstance(event.get("text"), int) and event["text"] < len(d.texts):
        return d.texts[event["text"]].effects
    return ()


def wording(effects: tuple) -> str:
    """Effects as their words say them (`REGISTRY.say`, docs/effects/gundam-war.md), for narration."""
    return "; ".join(REGISTRY.say(effect) for effect in bare(effects))


def narrate(event: dict, cards: Mapping[str, CardDef] | None = None) -> str:
    """One line for an event; with the card data (`cards`), a Command played or a text used
    says what its effects do, in the wording of their words."""
    kind = event.get("type", "?")
    rule = f" [{event['rule']}]" if event.get("rule") else ""
    try:
        text = _TEXT[kind](event) if kind in _TEXT else f"{kind.replace('_', ' ')}"
    except (KeyError, TypeError):
        text = kind.replace("_", " ")
    effects = _effects(event, cards) if cards else ()
    if effects:
        text += ": " + wording(effects)
    return text + rule


def cheat_attempts(state: GWState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
    """Illegal moves worth showing now (`kind`/`seat` of the pending Request): (seat, action, what it tries)."""
    if kind not in ("free_timing", "sortie"):
        return []
    tries: list[tuple[int, dict, str]] = [(1 - seat, {"type": "pass"}, "act without priority")]
    if kind == "free_timing" and state.step == "draw_ft1" and seat == state.active:
        units = [c for c in zone(state, seat, "hand") if is_unit(state, c)]
        if units:
            tries.append((seat, {"type": "play", "card": units[0]}, "play a Unit in the Draw Phase"))
    if kind == "free_timing" and state.step == "deploy_ft" and state.slots.get("g"):
        gs = [c for c in zone(state, seat, "hand") if is_g(state, c)]
        if gs:
            tries.append((seat, {"type": "play", "card": gs[0]}, "play a second G this turn"))
    if kind == "sortie":
        rolled = [c for c in zone(state, seat, "deploy") if c in state.rolled and is_unit(state, c)]
        if rolled:
            tries.append((seat, {"type": "sortie", "card": rolled[0], "area": "earth"}, "sortie a rolled Unit"))
    return tries
