"""The pending Request: candidate actions filtered by the guards, with player-readable labels."""

from __future__ import annotations

from engine.core.requests import Option, Request

from engine.games.kaiju import guards
from engine.games.kaiju.state import KaijuState, defn, engaged, in_play, title, zone


def _option(action: dict, label: str) -> Option:
    return Option(label, action)


def _with_targets(state: KaijuState, seat: int, base: dict, effects: tuple, label: str) -> list[tuple[dict, str]]:
    targets = guards.targets_for(state, seat, effects)
    if not targets:
        return [(base, label)]
    return [({**base, "target": t}, f"{label} targeting {title(state, t)}") for t in targets]


def _main_candidates(state: KaijuState, seat: int):
    mine = in_play(state, seat)
    cards = state.table.cards
    mine_defs = [(t, cards[t].defn) for t in mine]
    for card in zone(state, seat, "hand"):
        d = cards[card].defn
        name = d.title
        if d.is_battle:
            # candidates the guards would refuse anyway are skipped here only for speed
            if state.deploys_left > 0:
                yield {"type": "deploy", "card": card, "zone": "support"}, f"Deploy {name} to support"
                if engaged(state, seat) is None:
                    yield {"type": "deploy", "card": card, "zone": "engaged"}, f"Deploy {name} as engaged card"
            for t, td in (mine_defs if state.enhances_left > 0 else ()):
                yield {"type": "enhance", "card": card, "target": t}, f"Enhance {td.title} with {name}"
            for t, td in mine_defs:
                if d.evolves_from == td.name:
                    yield {"type": "evolve", "card": card, "target": t}, f"Evolve {td.title} into {name}"
                if d.converts_with == td.name or td.converts_with == d.name:
                    yield {"type": "convert", "card": card, "target": t}, f"Convert {td.title} into {name}"
        elif d.type == "skill":
            yield from _with_targets(state, seat, {"type": "skill", "card": card}, d.effects, f"Play {name}")
        else:
            yield from _with_targets(state, seat, {"type": "reinforce", "card": card}, d.effects, f"Play reinforcement {name}")
    card = engaged(state, seat)
    if card is not None:
        d = defn(state, card)
        for i, ability in enumerate(d.actions):
            yield from _with_targets(state, seat, {"type": "action", "card": card, "index": i}, ability.effects,
                                     f"{d.name}: use {ability.name}")
        for i, move in enumerate(d.moves):
            if move.kind == "attack":
                yield from _with_targets(state, seat, {"type": "attack", "index": i}, move.effects,
                                         f"{d.name}: attack with {move.name} ({move.amount})")
            else:
                for t in mine:
                    yield {"type": "heal", "index": i, "target": t}, f"{d.name}: {move.name} heals {title(state, t)} ({move.amount})"
        for enh in state.stack.get(card, ()):
            for s in zone(state, seat, "support"):
                yield ({"type": "retreat", "support": s, "enhancement": enh},
                       f"Retreat {d.name} for {title(state, s)}, removing enhancement {title(state, enh)}")
    yield {"type": "end_turn"}, "End your turn"


def request(state: KaijuState) -> Request | None:
    if state.phase == "over":
        return None
    if state.phase == "order":
        seat = state.coin_winner
        return Request(seat, "choose_order", "You won the coin flip: go first or second?", [
            _option({"type": "choose_order", "first": True}, "Go first"),
            _option({"type": "choose_order", "first": False}, "Go second"),
        ])
    if state.phase == "facedown":
        seat = state.facedown_seat
        opts = [_option({"type": "place_facedown", "card": c}, f"Place {title(state, c)} face down")
                for c in zone(state, seat, "hand") if defn(state, c).is_battle]
        return Request(seat, "place_facedown", "Choose your opening battle card (placed face down).", opts)
    if state.waiting is not None:
        kind, seat = state.waiting[0], state.waiting[1]
        if kind == "refill":
            opts = [_option({"type": "engage", "card": c}, f"Engage {title(state, c)}")
                    for c in zone(state, seat, "support")]
            return Request(seat, "engage", "Your engagement zone is empty: choose a support card to engage.", opts)
        host = state.waiting[2]
        opts = [_option({"type": "devolve_choose", "card": c}, f"Bring back {title(state, c)}")
                for c in state.stack[host]]
        return Request(seat, "devolve", f"{title(state, host)} devolves: choose the card that comes back on top.", opts)
    seat = state.active
    opts = [_option(action, label) for action, label in _main_candidates(state, seat)
            if guards.MAIN_GUARDS[action["type"]](state, seat, action) is None]
    return Request(seat, "main", f"Turn {state.turn}: your main phase.", opts)
