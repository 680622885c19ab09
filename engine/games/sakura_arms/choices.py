"""The Request of each step that asks (state.py): its prompt and the legal answers, labelled.

The main-phase and Reaction options are the candidates the guards allow (guards.py); the
other decisions list every answer the rules allow.
"""

from __future__ import annotations

from itertools import combinations, permutations

from engine.core.requests import Option, Request

from engine.games.sakura_arms import guards
from engine.games.sakura_arms.guards import made_once
from engine.games.sakura_arms.mechanics.poison import coverable
from engine.games.sakura_arms.state import (AskReshuffle, BlindPick, ChargeMix, ChooseCard, ChooseDamage, ChooseModes,
                                            CoverCost, DestructionOrder, Direction, EffectOrder, HandLimit, Main,
                                            MainStart, MayDo, Mulligan, Reaction, SakuraState, zone)


def _request(step, prompt: str, options: list[tuple[dict, str]]) -> Request:
    return Request(step.seat, step.kind, prompt, [Option(label, action) for action, label in options])


def _name(s: SakuraState, card: int) -> str:
    return s.table.cards[card].defn.name


def mulligan_options(s: SakuraState, seat: int) -> list:
    hand = sorted(zone(s, seat, "hand"))
    out = []
    for k in range(len(hand) + 1):
        for perm in permutations(hand, k):
            names = ", ".join(s.table.cards[c].defn.name for c in perm)
            out.append(({"type": "mulligan", "cards": list(perm)},
                        f"Put {names} on the bottom (in this order) and draw {k}" if k else "Keep your hand"))
    return out


def mulligan(s: SakuraState, step: Mulligan) -> Request:
    return _request(step, "Choose cards to put on the bottom of your deck and redraw, or keep.",
                    mulligan_options(s, step.seat))


def reshuffle(s: SakuraState, step: AskReshuffle) -> Request:
    return Request(step.seat, step.kind, "Reshuffle your deck (costs 1 Life) before drawing 2?",
                   [made_once(s, ("reshuffle", False),
                          lambda: Option("Do not reshuffle", {"type": "reshuffle", "reshuffle": False})),
                    made_once(s, ("reshuffle", True), lambda: Option("Reshuffle (1 damage to your Life)",
                                                                 {"type": "reshuffle", "reshuffle": True}))])


def main_start(s: SakuraState, step: MainStart) -> Request:
    pending = step.pending
    prompt = "Standard action or full-power action?" if not pending else \
        "Main-phase start: choose your action kind or resolve a main-phase-start effect, in any order."
    opts = []
    if s.mode is None:
        opts += [made_once(s, ("main_mode", "standard"),
                       lambda: Option("Standard action", {"type": "main_mode", "mode": "standard"})),
                 made_once(s, ("main_mode", "full_power"),
                       lambda: Option("Full-power action", {"type": "main_mode", "mode": "full_power"}))]
    opts += [made_once(s, ("main_start_effect", c),
                   lambda c=c: Option(f"Resolve the main-phase-start effect of {_name(s, c)}",
                                      {"type": "main_start_effect", "card": c}))
             for c in pending]
    return Request(step.seat, step.kind, prompt, opts)


def main(s: SakuraState, step: Main) -> Request:
    return Request(step.seat, "main", f"Turn {s.turn}: your main phase ({s.mode.replace('_', '-')} action).",
                   guards.main_options(s, step.seat))


def reaction(s: SakuraState, step: Reaction) -> Request:
    return Request(step.seat, "reaction", "You are attacked: use a Reaction card, or take the attack.",
                   guards.reaction_options(s, step.seat, step.attack))


def damage(s: SakuraState, step: ChooseDamage) -> Request:
    aura, life = step.aura, step.life
    return _request(step, f"Damage {aura}/{life}: take it to Aura or to Life?",
                    [({"type": "take_damage", "to": "aura"}, f"Take {aura} damage to Aura"),
                     ({"type": "take_damage", "to": "life"}, f"Take {life} damage to Life")])


def charge(s: SakuraState, step: ChargeMix) -> Request:
    return _request(step, f"Charge {step.need}: how many tokens from Shadow (the rest from your Aura)?",
                    [({"type": "charge", "shadow": a, "aura": b}, f"{a} from Shadow, {b} from Aura")
                     for a, b in step.mixes])


def hand_limit(s: SakuraState, step: HandLimit) -> Request:
    return Request(step.seat, step.kind, "Your hand is over the limit of 2: put a card face down.",
                   [made_once(s, ("cover", c),
                          lambda c=c: Option(f"Put {_name(s, c)} face down", {"type": "cover", "card": c}))
                    for c in coverable(s, zone(s, step.seat, "hand"))])


def cover_cost(s: SakuraState, step: CoverCost) -> Request:
    return _request(step, "Additional cost: put a card from your hand face down.",
                    [({"type": "cover", "card": c}, f"Put {_name(s, c)} face down")
                     for c in coverable(s, zone(s, step.seat, "hand")) if c != step.card])


def direction(s: SakuraState, step: Direction) -> Request:
    a, b = step.src, step.dst
    return _request(step, f"Move tokens {a} -> {b}, or {b} -> {a}?",
                    [({"type": "direction", "forward": True}, f"{a} -> {b}"),
                     ({"type": "direction", "forward": False}, f"{b} -> {a}")])


def choose_card(s: SakuraState, step: ChooseCard) -> Request:
    opts = [({"type": "choose", "card": c}, f"Choose {_name(s, c)}") for c in step.cards]
    if step.optional:
        opts.append(({"type": "choose", "card": None}, "Choose none"))
    return _request(step, step.prompt, opts)


def destruction_order(s: SakuraState, step: DestructionOrder) -> Request:
    return _request(step, "Several Enhancements are destroyed at once: which resolves first?",
                    [({"type": "choose", "card": c}, f"Destroy {_name(s, c)} first") for c in step.cards])


def effect_order(s: SakuraState, step: EffectOrder) -> Request:
    return _request(step, step.prompt,
                    [({"type": "choose", "card": c}, step.label.format(name=_name(s, c))) for c in step.cards])


def blind_pick(s: SakuraState, step: BlindPick) -> Request:
    n = len(step.cards)
    return _request(step, f"Choose one of your opponent's {n} hand cards; you do not see them (7-1-10).",
                    [({"type": "blind_pick", "slot": i}, f"Face-down hand card {i + 1} of {n}") for i in range(n)])


def modes(s: SakuraState, step: ChooseModes) -> Request:
    n = len(step.options)
    picks = [list(c) for k in range(1, step.up_to + 1) for c in combinations(range(n), k)]
    what = "one" if step.up_to == 1 else f"up to {step.up_to}"
    return _request(step, f"Choose {what} of the following (they resolve in printed order).",
                    [({"type": "modes", "picked": p}, " + ".join(step.labels[i] for i in p)) for p in picks])


def may(s: SakuraState, step: MayDo) -> Request:
    do, then = step.labels
    return _request(step, f"You may: {do}." + (f" If you do: {then}." if then else ""),
                    [({"type": "may", "do": True}, f"Do it: {do}"), ({"type": "may", "do": False}, "Do not")])
