"""Options and the Request of each decision: candidate actions filtered by the guards
(guards.py), so "what is legal" and "why not" cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from engine.core.requests import Option, Request

from engine.games.gundam_war.cards import CardDef, bare
from engine.games.gundam_war.state import (AREAS, HAND_LIMIT, GWState, ONLY_TYPE, AutoTarget, HandLimit, Mulligan,
    Order, Priority, SimultaneousEntry, Sortie, Vulture, ZONE_KEY, card_texts, controller, defn, is_rolled,
    meets_designated, mulligan_options, power, step_name, types_of, vulture_cards, waiting_auto, where, zone)
from engine.games.gundam_war.effects import REGISTRY, conflicted, psycommu_targets, resupply_eligible
from engine.games.gundam_war.guards import (PASS, _ft_refusal, _multiple_payers, _sortie_closed, _timing_ok, _title,
    auto_targets, change_targets, check_change, check_play, check_use, sortie_area_refusal, sortie_card_refusal)


def _play_candidates(state: GWState, seat: int):
    z = state.table.zones
    deploy_turn = seat == state.active and state.step == "deploy_ft" and not state.cut
    pw = None
    cards = state.table.cards
    treated = state.treated
    keys = ZONE_KEY[seat]
    for card in z[keys["hand"]] + z[keys["hangar"]]:
        d = cards[card].defn
        kinds = types_of(state, card) if treated else ONLY_TYPE[d.type]   # (the printed type when nothing is treated)
        # pre-filters only for speed: the guards refuse all of these too
        if "command" in kinds:
            if not _timing_ok(state, seat, d.step, d.turn):
                continue
        elif not deploy_turn and not d.keywords.get("quick"):
            continue
        if "g" not in kinds and not d.keywords.get("variable"):
            if pw is None:
                pw = power(state, seat)
            if not meets_designated(pw, d.designated):
                continue
        name = d.title
        if "command" in kinds:
            targets = REGISTRY.targets(state, seat, bare(d.effects), card)
            for mode in ([None, "substitute"] if d.keywords.get("substitute_cost") else [None]):
                base = {"type": "play", "card": card}
                if mode:
                    base["mode"] = mode
                label = f"Play {name}" + (" with its Substitute Cost" if mode else "")
                for x in (range(1, d.x_max + 1) if d.x_max else (None,)):
                    b = base if x is None else {**base, "x": x}
                    xl = label if x is None else f"{label} with X = {x}"
                    if targets is not None:
                        for t in targets:
                            yield {**b, "target": t}, f"{xl} targeting {_title(state, t)}"
                    else:
                        yield b, xl
            continue
        if not deploy_turn and not d.keywords.get("quick"):
            continue
        if d.keywords.get("variable") and where(state, card) == "hand":
            yield {"type": "play", "card": card, "mode": "variable"}, f"Put {name} into play as a G (VARIABLE)"
        modes = [None, "substitute"] if d.keywords.get("substitute_cost") else [None]
        for mode in modes:
            base = {"type": "play", "card": card}
            if mode:
                base["mode"] = mode
            label = f"Play {name}" + (" with its Substitute Cost" if mode else "")
            if "character" in kinds:
                for t in z[keys["deploy"]] + z[keys["set"]]:
                    yield {**base, "target": t}, f"{label} on {_title(state, t)}"
            elif "operation" in kinds and d.set:
                for s in (seat, 1 - seat):
                    for t in z[ZONE_KEY[s]["deploy"]]:
                        yield {**base, "target": t}, f"{label} on {_title(state, t)}"
            else:
                yield base, label


_NEEDS_AREA = frozenset(("area_weapon", "resupply", "special_shield"))


def _text_prefilter(state: GWState, card: int, zname: str, t) -> bool:
    """Cheap necessary conditions of a text (the guard checks everything again)."""
    if t.cost == "R" and is_rolled(state, card):
        return False
    sp = t.special
    if not sp:
        return True
    if sp in _NEEDS_AREA and zname not in AREAS:
        return False
    if sp == "special_shield" and not state.cut or sp == "atmospheric_entry" and zname != "space":
        return False
    if sp == "psycommu" and state.step != "defense_ft2" or sp == "transform" and is_rolled(state, card):
        return False
    return sp != "dismantle" or state.step == "deploy_ft"


# (zone name, Table key) of each seat's zones whose cards' texts can be played, in the order offered
_TEXT_ZONES = tuple(tuple((name, ZONE_KEY[seat][name]) for name in ("deploy", "space", "earth", "arena", "set"))
                    for seat in (0, 1))


def _use_candidates(state: GWState, seat: int, skip_used: bool = True):
    """Texts of the seat's field cards that may be playable now, each with its label.
    `skip_used` (for speed; the guard refuses them too) leaves out texts already used this turn,
    or this Cut for an "each" text; tests/gundam_war/test_fast_paths.py compares both ways."""
    z = state.table.zones
    cards = state.table.cards
    for zname, key in _TEXT_ZONES[seat]:
        for card in z[key]:
            d = cards[card].defn
            texts = card_texts(state, card) if d.keywords.get("team") else d.texts
            if not texts:
                continue
            for i, t in enumerate(texts):
                if not _timing_ok(state, seat, t.step, t.turn) \
                        or skip_used and (card, i) in (state.cut_uses if t.each else state.text_uses) \
                        or not _text_prefilter(state, card, zname, t):
                    continue                           # only for speed: the guard refuses these too
                base = {"type": "use", "card": card, "text": i}
                label = f"{d.title}: {t.special.replace('_', ' ').title() if t.special else t.text or f'text {i + 1}'}"
                if t.special == "psycommu":
                    for target in psycommu_targets(state, card):
                        yield {**base, "target": target}, f"{label} on {_title(state, target)}"
                    continue
                if t.special == "resupply":
                    ok, x = resupply_eligible(state, card), d.keywords["resupply"]
                    yield base, f"{label} (front to back)"
                    if len(ok) > x:                    # GW-A-25.25: which X Units is the player's choice
                        for pick in combinations(ok, x):
                            yield {**base, "cards": list(pick)}, f"{label}: " + ", ".join(_title(state, c) for c in pick)
                    continue
                if t.special == "multiple":
                    payers = _multiple_payers(state, seat, card)
                    targets = REGISTRY.targets(state, seat, bare(t.effects), card)
                    for p in payers[:2]:
                        if targets is not None:
                            for target in targets:
                                yield {**base, "pay": p, "target": target}, f"{label} on {_title(state, target)}"
                        else:
                            yield {**base, "pay": p}, label
                    continue
                targets = REGISTRY.targets(state, seat, bare(t.effects), card)
                if targets is not None:
                    for target in targets:
                        yield {**base, "target": target}, f"{label} on {_title(state, target)}"
                else:
                    yield base, label


def _change_candidates(state: GWState, seat: int):
    """Change (GW-A-25.16) is only for the enemy Attack Step: nothing else to look at (no
    generator made) in every other free timing."""
    if seat == state.active or step_name(state) != "attack" or seat in state.change_used:
        return ()
    return _change_pairs(state, seat)


def _change_pairs(state: GWState, seat: int):
    for card in zone(state, seat, "hand"):
        if defn(state, card).keywords.get("change"):
            for t in change_targets(state, seat, card):
                yield ({"type": "change", "card": card, "target": t},
                       f"Change {_title(state, t)} into {_title(state, card)}")


_FT_SOURCES = ((_play_candidates, check_play), (_use_candidates, check_use), (_change_candidates, check_change))


def _legal_ft(state: GWState, seat: int):
    for gen, guard in _FT_SOURCES:
        for action, label in gen(state, seat):
            if guard(state, seat, action) is None:
                yield Option(label, action)


# -- what a seat could offer at all: most free timings offer only Pass ---------------------------

_DEPLOY, _QUICK = 0, 1     # a held card that is no Command: played in the own Deploy Phase, or (Quick) any time


@dataclass(frozen=True, slots=True)
class CardReach:
    """What each card (by id) could offer in a free timing, read off its definition alone: a
    necessary condition of every candidate `_play_candidates`, `_use_candidates` and
    `_change_candidates` make of it. A card's definition never changes and ids are never reused,
    so this is made once per game (`card_reach`), again only when a card-coin joins the table."""

    held: tuple       # from hand or Hangar: _DEPLOY, _QUICK, or a Command's ((step, turn), CardDef)
    change: frozenset  # the cards with Change
    texts: tuple      # on the field: ((step, turn), text index, TextDef) of each text it may play;
                      # index None: a Team text it may gain (any text of its team, GW-A-25.15)


def _held(d: CardDef):
    if d.type == "command":
        return (d.step, d.turn), d
    return _QUICK if d.keywords.get("quick") else _DEPLOY


def _texts_reach(d: CardDef, team_texts: dict) -> tuple:
    own = tuple(((t.step, t.turn), i, t) for i, t in enumerate(d.texts))
    team = d.keywords.get("team")
    return own + tuple(((t.step, t.turn), None, t) for t in team_texts.get(team["name"], ())) if team else own


def card_reach(state: GWState) -> CardReach:
    """The game's `CardReach`, made when first asked (and when a card-coin was added)."""
    found = state.card_reach
    defs = state.table.cards
    if found is None or len(found.held) != len(defs):
        team_texts: dict = {}
        for c in defs:
            team = c.defn.keywords.get("team")
            if team:
                team_texts.setdefault(team["name"], []).extend(team.get("texts", ()))
        found = state.card_reach = CardReach(
            tuple(_held(c.defn) for c in defs), frozenset(c.id for c in defs if c.defn.keywords.get("change")),
            tuple(_texts_reach(c.defn, team_texts) for c in defs))
    return found


_HELD_KEYS = tuple((ZONE_KEY[seat]["hand"], ZONE_KEY[seat]["hangar"]) for seat in (0, 1))


def may_offer_more(state: GWState, seat: int) -> bool:
    """False only when `_legal_ft` certainly finds nothing (then Pass is all the seat may do):
    each test here is one the candidates' own pre-filters make (timing, Deploy Phase or Quick,
    Designated National Power, texts used, `_text_prefilter`), so the plain scan is skipped only
    when it would find nothing. A Command, or a Multiple text, that passes them all is asked last
    whether it has any candidate at all (a target; a card to pay with), as the candidates ask: the
    Commands of a hand have none most of the time. With a card "treated as" another type
    (GW-A-1.2) the printed types do not tell: then always True.
    tests/gundam_war/test_fast_paths.py checks it."""
    if state.treated:
        return True
    reach = card_reach(state)
    z = state.table.zones
    active = seat == state.active
    timing = _TIMING_NOW.get((state.step, active))
    if timing is None:
        timing = _TIMING_NOW[state.step, active] = {}
    hand, hangar = _HELD_KEYS[seat]
    held = reach.held
    deploy_turn = active and state.step == "deploy_ft" and not state.cut
    change, change_now = reach.change, None
    later = []                            # (card, its Command's CardDef or its Multiple text) to ask last
    for card in z[hand] + z[hangar]:
        h = held[card]
        if h is _QUICK or h is _DEPLOY and deploy_turn:
            return True
        if h is not _DEPLOY:
            pair, d = h
            ok = timing.get(pair)
            if ok is None:
                ok = timing[pair] = _timing_ok(state, seat, *pair)
            if ok and (d.keywords.get("variable") or meets_designated(power(state, seat), d.designated)):
                later.append((card, d))
        if card in change:
            if change_now is None:
                change_now = not active and seat not in state.change_used and step_name(state) == "attack"
            if change_now:
                return True
    texts = reach.texts
    for zname, key in _TEXT_ZONES[seat]:
        for card in z[key]:
            for pair, i, t in texts[card]:
                ok = timing.get(pair)
                if ok is None:
                    ok = timing[pair] = _timing_ok(state, seat, *pair)
                if ok and (i is None or (card, i) not in (state.cut_uses if t.each else state.text_uses)) \
                        and _text_prefilter(state, card, zname, t):
                    if t.special != "multiple" or i is None:
                        return True
                    later.append((card, t))
    return bool(later) and any(_has_candidate(state, seat, card, what) for card, what in later)


def _has_candidate(state: GWState, seat: int, card: int, what) -> bool:
    """Whether a Command (`what`: its CardDef) or a Multiple text (its TextDef) that passed the
    pre-filters makes any candidate: a Command none when its target scope is empty, a Multiple
    text none without a card to pay with (`_play_candidates`, `_use_candidates`)."""
    if isinstance(what, CardDef):
        return REGISTRY.targets(state, seat, bare(what.effects), card) != []
    return bool(_multiple_payers(state, seat, card))


# (step, seat is active) -> {(a text's or Command's step, turn): whether `_timing_ok` holds}: it
# reads nothing else
_TIMING_NOW: dict[tuple[str, bool], dict[tuple[str, str], bool]] = {}


_PASS_OPTION = Option("Pass", PASS)  # offered in every free timing; options are never changed once made


def ft_options(state: GWState, seat: int) -> list[Option]:
    """The options of the Priority step's seat. That step is asked only in an open free timing,
    of the seat with priority (flow.proceed): `_ft_refusal` is None, not asked again here
    (tests/gundam_war/test_fast_paths.py checks it at every free timing of seeded games)."""
    opts = [_PASS_OPTION]
    # listing options changes nothing: each seat's power, and whether each card may be played at
    # all, is computed once (not again for each of its targets)
    state.scan_power = {}
    try:
        if may_offer_more(state, seat):
            state.scan_plays = {}
            opts.extend(_legal_ft(state, seat))
    finally:
        state.scan_power = state.scan_plays = None
    return opts


def can_act(state: GWState, seat: int) -> bool:
    """Whether the seat has any legal move besides passing (stops at the first one found)."""
    if _ft_refusal(state, seat) or not may_offer_more(state, seat):
        return False
    return next(_legal_ft(state, seat), None) is not None


# -- the Request of each asking step (state.py) ------------------------------------------------

def priority_request(state: GWState, step: Priority) -> Request:
    """GW-A-9.3: the seat with priority plays or passes, in a free timing or on the Cut."""
    seat = state.priority
    kind = "cut_in" if state.cut else "free_timing"
    top = f" (cut in on {_entry_label(state, state.cut[-1])})" if state.cut else ""
    return Request(seat, kind, f"Turn {state.turn}, {state.step.replace('_', ' ')}: play or pass{top}.",
                   ft_options(state, seat))


def mulligan_request(state: GWState, step: Mulligan) -> Request:
    seat = step.seat
    hand = len(zone(state, seat, "hand"))
    opts = [Option(f"Keep this {hand}-card hand", {"type": "keep"})]
    for p in mulligan_options(state, seat):
        label = ("Re-deal 6 cards (procedure A: show the hand, it has no G)" if p == "A"
                 else f"Re-deal {5 - state.redeals_b[seat]} cards (procedure B)")
        opts.append(Option(label, {"type": "redeal", "procedure": p}))
    return Request(seat, "mulligan", "Keep your opening hand or re-deal it?", opts)


def sortie_request(state: GWState, step: Sortie) -> Request:
    seat = step.seat
    opts = [Option("Finish the sortie", {"type": "sortie_done"})]
    # `check_sortie` of each move, in parts: whether the seat may sortie now, then each Unit, then each area
    if _sortie_closed(state, seat) is None:
        for card in zone(state, seat, "deploy"):
            if sortie_card_refusal(state, seat, card):
                continue
            for area in ("space", "earth", "arena"):
                if sortie_area_refusal(state, seat, card, area) is None:
                    opts.append(Option(f"Sortie {_title(state, card)} to the {area}",
                                       {"type": "sortie", "card": card, "area": area}))
    who = "attack" if seat == state.active else "defense"
    return Request(seat, "sortie", f"Sortie Units to {who} (one squad per area, front first).", opts)


def order_request(state: GWState, step: Order) -> Request:
    opts = [Option(f"Next: {_entry_label(state, e)}", {"type": "order", "index": i})
            for i, e in enumerate(state.ordering)]
    return Request(step.seat, "order", "Order the simultaneous effects (first chosen goes first).", opts)


def auto_target_request(state: GWState, step: AutoTarget) -> Request:
    entry = waiting_auto(state, step)
    opts = [Option(f"Target {_title(state, c)}", {"type": "target", "card": c}) for c in auto_targets(state)]
    return Request(step.seat, "auto_target", f"Choose the target of {_entry_label(state, entry)}.", opts)


def hand_limit_request(state: GWState, step: HandLimit) -> Request:
    opts = [Option(f"Discard {_title(state, c)}", {"type": "discard", "card": c}) for c in zone(state, step.seat, "hand")]
    return Request(step.seat, "hand_limit", f"Discard down to {HAND_LIMIT} cards (hand limit).", opts)


def simultaneous_entry_request(state: GWState, step: SimultaneousEntry) -> Request:
    opts = [Option(f"Discard {_title(state, c)} (seat {controller(state, c)})", {"type": "discard", "card": c})
            for c in conflicted(state, step.batch)]
    return Request(step.seat, "simultaneous_entry", "These cards entered together and cannot all stay on the "
                                                    "field: choose one to discard (GW-A-26.8).", opts)


def vulture_request(state: GWState, step: Vulture) -> Request:
    seat = step.seat
    opts = [Option("Take nothing", PASS)] + [Option(f"Take {_title(state, c)} back to your hand",
                                                    {"type": "retrieve", "card": c})
                                             for c in vulture_cards(state, seat)]
    return Request(seat, "vulture", f"Vulture: {state.vulture_points[seat]} points. Take one card?", opts)


def _entry_label(state: GWState, e: dict) -> str:
    kind = e["kind"]
    if kind == "discard":
        return f"discard {_title(state, e['card'])} (destroyed)"
    if kind == "auto":
        return f"automatic effect of {_title(state, e['card'])}"
    if kind == "desert":
        return f"Desert of {_title(state, e['card'])}"
    if kind == "waiting":
        return f"waiting effect on {_title(state, e['card'])}"
    if kind == "transform_revert":
        return f"{_title(state, e['card'])} returns to normal mode"
    if kind == "vulture":
        return f"seat {e['seat']} takes a card back with Vulture points"
    if kind == "pollution":
        return "pollution check (10 coins lose)"
    if kind == "text":
        return f"text of {_title(state, e['card'])}"
    return f"play of {_title(state, e['card'])}"
