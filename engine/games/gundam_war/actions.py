"""Applying an accepted decision, then running the turn machine to the next decision."""

from __future__ import annotations

from engine.games.gundam_war import flow
from engine.games.gundam_war.choices import _slot
from engine.games.gundam_war.effects import check_win, homeland_to_discard, roll
from engine.games.gundam_war.entries import choose_discard
from engine.games.gundam_war.state import GWState, card_json, controller, defn, emit, owner, where, zone
from engine.games.gundam_war.stats import card_cost, card_texts, extra_payments, set_cards, team_texts
from engine.games.gundam_war.texts import shield_entry


def pay_extras(state: GWState, seat: int, extras: list[dict]) -> None:
    """GW-A-10.3.4 Extra Cost, then GW-A-10.3.5 Substitute Cost conditions."""
    for e in extras:
        if e.get("resource"):
            homeland_to_discard(state, seat, e["resource"], "pay_resource", "GW-A-25.30")
        for _ in range(e.get("junk_remove", 0)):
            junk = zone(state, seat, "junk")
            card = junk[-1]
            state.table.move(card, seat, "removed")
            emit(state, {"type": "removed", "card": card_json(state, card), "rule": "GW-A-25.30"})


def play(state: GWState, seat: int, action: dict) -> None:
    """GW-A-10: declare, targets, costs (all at one instant, no cut-in), then the played card's
    effect joins the Cut."""
    card = action["card"]
    d = defn(state, card)
    mode = action.get("mode")
    if mode == "variable":                                        # GW-A-25.27: not a play, no Cut
        state.table.move(card, seat, "deploy")
        state.variable_g.add(card)
        state.slots["g"] = state.slots.get("g", 0) + 1
        emit(state, {"type": "variable", "card": card_json(state, card), "rule": "GW-A-25.27"})
        return
    target = action.get("target")
    substitute = mode == "substitute"
    x = action.get("x", 0)
    total, resource = card_cost(state, seat, card, target, substitute, x)                 # X fixed now (GW-A-10.3.1)
    state.table.move(card, seat, "played")
    emit(state, {"type": "play", "seat": seat, "card": card_json(state, card),
                 "target": card_json(state, target) if target is not None else None,
                 "total": total, "resource": resource, "rule": "GW-A-10"})
    if resource:
        homeland_to_discard(state, seat, resource, "pay_resource", "GW-B-9.8.3")
    pay_extras(state, seat, extra_payments(d, substitute))
    slot = _slot(state, card, bool(d.keywords.get("quick")))
    if slot:
        state.slots[slot] = state.slots.get(slot, 0) + 1
    state.played_names[seat].add(d.name)
    entry = {"kind": "card", "seat": seat, "card": card, "target": target, "slot": slot}
    if x:
        entry["x"] = x
    state.cut.append(entry)
    if state.options["loss_check"] == "after_play":
        check_win(state)                                          # GW-X-3: right after the play
    flow.added_to_cut(state)


def use(state: GWState, seat: int, action: dict) -> None:
    """GW-A-11: declare, targets, pay the `《》` cost, trigger."""
    card, i = action["card"], action["text"]
    t = card_texts(state, card)[i]
    if t.cost == "R":
        roll(state, card)
    elif t.cost:
        homeland_to_discard(state, seat, t.cost, "pay_resource", "GW-B-13.8.2")
    (state.cut_uses if t.each else state.text_uses).add((card, i))
    entry = {"kind": "text", "seat": seat, "card": card, "text": i, "target": action.get("target")}
    own = len(defn(state, card).texts)
    if i >= own:                                                          # gained through Team (GW-A-25.15)
        _, giver, k = team_texts(state, card)[i - own]
        entry["granted"] = (giver, k)
    if t.special == "multiple":
        pay = action["pay"]
        state.table.move(pay, owner(state, pay), "removed")                 # GW-A-25.14
        emit(state, {"type": "removed", "card": card_json(state, pay), "rule": "GW-A-25.14"})
    if t.special == "special_shield":
        entry["shield"] = shield_entry(state, card)
    if t.special == "resupply" and "cards" in action:
        entry["cards"] = list(action["cards"])                            # GW-A-25.25: the player's choice
    if t.special == "dismantle":
        state.slots["g"] = state.slots.get("g", 0) + 1                    # GW-A-25.17
    emit(state, {"type": "use", "seat": seat, "card": card_json(state, card), "text": i,
                 "special": t.special or None, "rule": "GW-A-11"})
    state.cut.append(entry)
    if state.options["loss_check"] == "after_play":
        check_win(state)
    flow.added_to_cut(state)


def change(state: GWState, seat: int, action: dict) -> None:
    """GW-A-25.16, GW-A-26.9, GW-X-24: the hand card takes the Unit's place and states; the Unit
    goes to its owner's hand; then the new card is rerolled."""
    card, target = action["card"], action["target"]
    zname = where(state, target)
    ctrl = controller(state, target)
    index = zone(state, ctrl, zname).index(target)
    state.table.move(card, ctrl, zname, index)
    for s in set_cards(state, target):
        state.set_on[s] = card
    for book in (state.damage, state.turn_mods):
        if target in book:
            book[card] = book.pop(target)
    if target in state.destroyed:
        state.destroyed.discard(target)
        state.destroyed.add(card)
    if target in state.sortied:
        state.sortied.add(card)
    state.entered[card] = state.entered.pop(target, 0)
    if target in state.treated:                                   # GW-A-26.9.3: states from effects
        state.treated[card] = state.treated.pop(target)
    if target in state.g_text:
        state.g_text.discard(target)
        state.g_text.add(card)
    state.coins.pop(target, None)
    state.rolled.discard(target)
    state.transformed.discard(target)
    state.table.move(target, owner(state, target), "hand")
    state.went_hidden = True
    state.change_used.add(seat)
    emit(state, {"type": "change", "card": card_json(state, card), "replaced": defn(state, target).title,
                 "rule": "GW-A-25.16"})


def apply(state: GWState, seat: int, action: dict) -> None:
    kind = action["type"]
    if kind == "keep":
        flow.keep(state, seat)
    elif kind == "redeal":
        flow.redeal(state, seat, action["procedure"])
    elif kind == "pass":
        if state.choice and state.choice[0] == "vulture":
            state.vulture_points[seat] = 0
            flow.resume_ordering(state)
        else:
            flow.do_pass(state, seat)
    elif kind == "play":
        play(state, seat, action)
    elif kind == "use":
        use(state, seat, action)
    elif kind == "change":
        change(state, seat, action)
    elif kind == "sortie":
        state.table.move(action["card"], seat, action["area"])
        emit(state, {"type": "sortie", "card": card_json(state, action["card"]), "area": action["area"],
                     "position": len(zone(state, seat, action["area"])), "rule": "GW-A-17.1.1"})
    elif kind == "sortie_done":
        flow.sortie_done(state, seat)
    elif kind == "order":
        flow.place_ordered(state, action["index"])
    elif kind == "target":
        flow.choose_auto_target(state, action["card"])
    elif kind == "discard" and state.choice and state.choice[0] == "simultaneous_entry":
        if choose_discard(state, action["card"]):                          # GW-A-26.8
            flow.resume_cut(state)
    elif kind == "discard":
        state.table.move(action["card"], seat, "junk")
        emit(state, {"type": "hand_limit_discard", "card": card_json(state, action["card"]), "rule": "GW-B-12.3"})
        if len(zone(state, seat, "hand")) <= 6:
            state.choice = None
            flow.finish_turn(state)
    elif kind == "retrieve":
        state.table.move(action["card"], seat, "hand")
        emit(state, {"type": "vulture_retrieve", "card": card_json(state, action["card"]), "rule": "GW-A-25.7.1"}, seat,
             {"type": "vulture_retrieve", "seat": seat, "title": defn(state, action["card"]).title, "rule": "GW-A-25.7.1"})
        state.vulture_points[seat] = 0
        flow.resume_ordering(state)
    flow.advance(state)

