"""Continuous effects (911): which [Cont] items are effective and what every continuous effect does.

Everything is derived at once for one state version and cached on `state.cache`: the rules read
power, Traits and markers many times between two changes of the game.

Order (911.1-911.3, 911.9): stage 1 changes non-numeric parameters (gained Traits, "not affected
by your opponent's effects" 911.7, the attack-forbidden marker 802.1a); stage 2 numeric ones (power
changes, "power becomes" 911.6); then the lower bounds, from the highest down (911.9). Within a
stage an effect is applied after every effect it depends on (911.2), otherwise in timestamp order
(911.3; the turn player's first on a tie, then the order the controller chose, 911.3c); effects in
a dependency loop are applied in timestamp order (911.3).

Dependency is found by trial application, as in MTG 613.8: B depends on A when applying A to the
parameters as they are at that point changes whether B exists (its conditions, 903.2a) or what B
applies to. What B does (its amount, value or Trait) is card data that no effect of the card
format can change, so it never depends on anything. A trial is run only for a pair in which A
writes a parameter that B reads (no other pair can depend), so a table without such pairs costs
no trials at all.
"""

from __future__ import annotations

from engine.games.vividz.effects import condition_holds
from engine.games.vividz.state import FORBID, POWER, TRAITS, UNAFF

STAGE = {"gain_trait": 1, "unaffected": 1, "forbid_attack": 1, "power": 2, "set_power": 2, "power_floor": 3}
WRITES = {"gain_trait": TRAITS, "unaffected": UNAFF, "forbid_attack": FORBID, "power": POWER, "set_power": POWER,
          "power_floor": POWER}
DYNAMIC_CONDS = {"trait_count": TRAITS}  # conditions that read derived parameters (the rest read the table)
_REACHES_OPPONENT = ("all_opp", "opp_lane")  # "your"/"self" reaches never meet "not affected by the opponent"


class Eff:
    """One continuous effect: a [Cont] item of an effective ability, or a one-shot-made effect."""
    __slots__ = ("kind", "seat", "source", "ts", "order", "to", "of", "lo", "hi", "value", "targets", "dyn",
                 "reads", "writes", "item", "live")

    def __init__(self, kind: str, seat: int, source: int, ts: int, order: tuple, to: str | None, value,
                 of=None, lo=None, hi=None, targets=None, dyn: tuple = (), item=None, reads: int = -1) -> None:
        self.kind, self.seat, self.source, self.ts, self.order = kind, seat, source, ts, order
        self.to, self.value, self.of, self.lo, self.hi, self.targets, self.dyn = to, value, of, lo, hi, targets, dyn
        self.item = item
        self.live = False
        self.reads = _reads(kind, to, lo, hi, targets, dyn) if reads < 0 else reads
        self.writes = WRITES.get(kind, 0)


def _reads(kind: str, to, lo, hi, targets, dyn: tuple) -> int:
    reads = TRAITS if to == "own_trait" else 0
    for key, _ in dyn:
        reads |= DYNAMIC_CONDS[key]
    if lo is not None or hi is not None:
        reads |= POWER
    if kind != "unaffected" and (targets is not None or to in _REACHES_OPPONENT):
        reads |= UNAFF
    return reads


class View:
    """Derived parameters of the characters in the Area; a card absent from a map has its printed value."""
    __slots__ = ("traits", "power", "unaff", "forbid")

    def __init__(self, traits: dict, power: dict, unaff: set, forbid: set) -> None:
        self.traits, self.power, self.unaff, self.forbid = traits, power, unaff, forbid

    def copy(self) -> "View":
        return View({c: set(s) for c, s in self.traits.items()}, dict(self.power), set(self.unaff), set(self.forbid))


class Derived:
    """The result for one state version. The effective items are collected at once (`items`:
    (source, seat, timestamp, plan entry)); what the effects do to the characters (`board`) is
    worked out only when a rule first asks for it. `writes` says which
    parameters any effect may change (a reader may skip the rest) and `reducing` whether any
    effect may lower a power (1004.2)."""
    __slots__ = ("state", "items", "made", "writes", "reducing", "ready", "_sources", "traits", "power", "unaff",
                 "forbid")

    def __init__(self, state) -> None:
        self.state = state
        self.items: list = []
        self.made: list = []
        self.writes = 0
        self.reducing = False
        self.ready = False
        self._sources: list | None = None
        self.traits: dict = {}
        self.power: dict = {}
        self.unaff: set = set()
        self.forbid: set = set()

    def sources(self) -> list:
        """(source, seat, item, timestamp) of the effective [Cont] items, for the cost (905.2c) and
        replacement (912) rules."""
        if self._sources is None:
            self.board()
        return self._sources

    def board(self) -> "Derived":
        if not self.ready:
            _board(self)
        return self


class _Ctx:
    __slots__ = ("own", "ctrl", "slot", "inc", "cards")

    def __init__(self, state) -> None:
        z = state.table.zones
        self.own = (z["0.area"], z["1.area"])
        ctrl = dict.fromkeys(self.own[0], 0)
        ctrl.update(dict.fromkeys(self.own[1], 1))
        self.ctrl = ctrl  # the Area row a character is in is its controller's (502.1b)
        self.slot = state.slot
        self.inc = state.inc
        self.cards = state.table.cards


_PLANS: dict[int, tuple] = {}  # id(card definition) -> (definition, plan)


def _plan(d) -> tuple:
    """A card's [Cont] abilities, parsed once: (zone, table conditions, [(k, item, table conditions,
    Eff fields...)]). `k` numbers the items across the card (the name 911.3c orders them by)."""
    hit = _PLANS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    plan = []
    k = -1
    for i in d.conts:
        ab = d.abilities[i]
        a_static, a_dyn = _split(ab.cond)
        items = []
        for item in ab.continuous:
            k += 1
            kind = next(x for x in item if x != "if")
            spec = item[kind]
            if kind == "unaffected_by_opponent":
                kind, spec = "unaffected", ({"to": "self"} if spec is True else spec)
            static, dyn = _split((tuple(sorted(item["if"].items())),) if "if" in item else ())
            dyn = a_dyn + dyn
            to, lo, hi = spec.get("to"), spec.get("min_power"), spec.get("max_power")
            value = spec.get("amount", spec.get("value", spec.get("trait")))
            of = spec.get("of") if kind == "gain_trait" else spec.get("trait")
            reducing = kind == "set_power" or (kind == "power" and value < 0)
            items.append((k, item, static, kind, to, value, of, lo, hi, dyn, _reads(kind, to, lo, hi, None, dyn),
                          reducing, WRITES.get(kind, 0)))
        plan.append((ab.zone, a_static, tuple(items)))
    _PLANS[id(d)] = (d, tuple(plan))
    return tuple(plan)


def lowers_power(d) -> bool:
    """Whether a card has a [Cont] item that may lower a power (911.8: "becomes" or a negative change)."""
    return any(p[11] for _, _, tpl in _plan(d) for p in tpl)


def _split(conds: tuple) -> tuple[tuple, tuple]:
    """(conditions on the table, conditions on derived parameters)."""
    static, dyn = [], []
    for cond in conds:
        for pair in cond:
            (dyn if pair[0] in DYNAMIC_CONDS else static).append(pair)
    return ((tuple(static),) if static else ()), tuple(dyn)


def derive(state, key: tuple) -> Derived:
    """Collect every continuous effect whose table conditions hold, in source order (cards, then
    one-shot effects); items whose conditions read derived parameters are listed after the others.
    Only what the readers ask first (sources, whether anything can change a parameter) is built
    here; the effects themselves are built by `_board` when a parameter is read."""
    out = Derived(state)
    state.cache = (key, out)
    t = state.table
    name_of = t.name_of
    zones_of = state.cont_zones
    items, dyn_items = [], []
    writes = 0
    reducing = False
    for card in state.cont_cards:
        zname = name_of[card]
        if zname not in zones_of[card] or (zname == "mission" and card in t.face_down):  # 903.1, 304.1b
            continue
        c = t.cards[card]
        seat = state.control.get(card, c.owner)  # 502.1c: the ability's controller
        ts = state.entered.get(card, 0)          # 911.3a
        for ab_zone, a_static, tpl in _plan(c.defn):
            if ab_zone != zname or (a_static and not condition_holds(state, seat, card, a_static)):  # 903.2a
                continue
            for p in tpl:
                if p[2] and not condition_holds(state, seat, card, p[2]):
                    continue
                (dyn_items if p[9] else items).append((card, seat, ts, p))
                writes |= p[12]
                reducing = reducing or p[11]
    if dyn_items:
        items += dyn_items
    else:
        out._sources = [(card, seat, p[1], ts) for card, seat, ts, p in items]  # no derived parameter needed
    for e in state.effects:  # [ts, kind, value, targets, seat, source, until] (911.3b)
        kind = e[1]
        if kind in STAGE:
            writes |= WRITES[kind]
            reducing = reducing or kind == "set_power" or (kind == "power" and e[2] < 0)
    out.items = items
    out.writes = writes
    out.reducing = reducing
    return out


def _effects(out: Derived) -> tuple[list, list]:
    """The Eff objects of the collected [Cont] items and of the one-shot-made effects, each with its
    place in timestamp order (911.3: timestamp, turn player's first, controller's order 911.3c,
    then source order)."""
    state = out.state
    tp, ts_rank, inc = state.tp, state.ts_rank, state.inc
    items = []
    for seq, (card, seat, ts, p) in enumerate(out.items):
        k, item, _, kind, to, value, of, lo, hi, dyn, reads = p[:11]
        rank = ts_rank.get((card, inc[card], k), 0) if ts_rank else 0
        items.append(Eff(kind, seat, card, ts, (ts, seat != tp, rank, seq), to, value, of, lo, hi, None, dyn, item,
                         reads))
    made = []
    seq = len(items)
    for e in state.effects:
        if e[1] in STAGE:
            seq += 1
            made.append(Eff(e[1], e[4], e[5], e[0], (e[0], e[4] != tp, 0, seq), None, e[2], targets=frozenset(e[3])))
    return items, made


def _board(out: Derived) -> None:
    out.ready = True
    items, made = _effects(out)
    view = View(out.traits, out.power, out.unaff, out.forbid)
    if items or made:
        ctx = _Ctx(out.state)
        stages: dict[int, list] = {1: [], 2: [], 3: []}
        for e in items + made:
            st = STAGE.get(e.kind)
            if st is not None:
                stages[st].append(e)
        for st in (1, 2):
            _run_stage(stages[st], view, ctx)
        for e in sorted(stages[3], key=lambda e: -e.value):  # 911.9: lower bounds, highest first
            _apply(e, view, ctx)
        for e in items:
            if e.kind not in STAGE:  # cost changes and replacements read the final parameters
                e.live = not e.dyn or _dyn_ok(e, view, ctx)
    if out._sources is None:
        out._sources = [(e.source, e.seat, e.item, e.ts) for e in items if e.live]
    out.state = None  # done: drop the reference


# -- applying effects ------------------------------------------------------------------------------

def _has_trait(view: View, ctx: _Ctx, card: int, trait) -> bool:
    s = view.traits.get(card)
    return trait in s if s is not None else ctx.cards[card].defn.trait == trait


def _power(view: View, ctx: _Ctx, card: int) -> int:
    p = view.power.get(card)
    return ctx.cards[card].defn.power if p is None else p


def _dyn_ok(e: Eff, view: View, ctx: _Ctx) -> bool:
    for key, value in e.dyn:
        if key == "trait_count":
            trait = value["trait"]
            if sum(1 for c in ctx.own[e.seat] if _has_trait(view, ctx, c, trait)) < value["at_least"]:
                return False
    return True


def _reach(e: Eff, view: View, ctx: _Ctx) -> list[int]:
    """The characters `e` applies to now (502.1e: "your" = those you control)."""
    to = e.to
    if e.targets is not None:
        inc, targets = ctx.inc, e.targets
        cards = [c for c in ctx.own[0] + ctx.own[1] if (c, inc[c]) in targets]
    elif to == "self":
        cards = [e.source] if e.source in ctx.ctrl else []
    elif to == "all_own":
        cards = ctx.own[e.seat]
    elif to == "all_opp":
        cards = ctx.own[1 - e.seat]
    elif to == "opp_lane":
        lane = ctx.slot.get(e.source) if e.source in ctx.ctrl else None
        cards = [c for c in ctx.own[1 - e.seat] if ctx.slot.get(c) == lane] if lane is not None else []
    elif to == "own_trait":
        cards = [c for c in ctx.own[e.seat] if _has_trait(view, ctx, c, e.of)]
    else:
        cards = []
    if e.lo is not None:
        cards = [c for c in cards if _power(view, ctx, c) >= e.lo]
    if e.hi is not None:
        cards = [c for c in cards if _power(view, ctx, c) <= e.hi]
    if view.unaff and e.kind != "unaffected":  # 911.7
        unaff, ctrl, seat = view.unaff, ctx.ctrl, e.seat
        cards = [c for c in cards if c not in unaff or ctrl[c] == seat]
    return cards


def _apply(e: Eff, view: View, ctx: _Ctx, trial: bool = False) -> bool:
    """Apply `e` to `view`; False if it does not exist now (its conditions fail)."""
    if e.dyn and not _dyn_ok(e, view, ctx):
        return False
    if not trial:
        e.live = True
    kind = e.kind
    cards = _reach(e, view, ctx)
    if kind == "power":
        for c in cards:
            view.power[c] = _power(view, ctx, c) + e.value
    elif kind == "set_power":  # 911.6
        for c in cards:
            view.power[c] = e.value
    elif kind == "power_floor":
        for c in cards:
            if _power(view, ctx, c) < e.value:
                view.power[c] = e.value
    elif kind == "gain_trait":
        for c in cards:
            s = view.traits.get(c)
            if s is None:
                s = view.traits[c] = {ctx.cards[c].defn.trait}
            s.add(e.value)
    elif kind == "unaffected":
        view.unaff.update(cards)
    elif kind == "forbid_attack":
        view.forbid.update(cards)
    return True


def _run_stage(effs: list, view: View, ctx: _Ctx) -> None:
    if not effs:
        return
    effs.sort(key=lambda e: e.order)
    reads = 0
    for e in effs:
        reads |= e.reads
    if not any(e.writes & reads for e in effs):  # no effect can change another: timestamp order (911.3)
        for e in effs:
            _apply(e, view, ctx)
        return
    remaining = list(effs)
    while remaining:
        e = _next(remaining, view, ctx)
        remaining.remove(e)
        _apply(e, view, ctx)


def _sig(e: Eff, view: View, ctx: _Ctx) -> tuple:
    if e.dyn and not _dyn_ok(e, view, ctx):
        return (False,)
    return (True, tuple(_reach(e, view, ctx)))


def _next(remaining: list, view: View, ctx: _Ctx) -> Eff:
    """911.2/911.3: the earliest effect that depends on no remaining effect outside its own loop."""
    readers = [b for b in remaining if b.reads]
    before = {b: _sig(b, view, ctx) for b in readers}
    deps: dict = {}
    for a in remaining:
        hit = [b for b in readers if b is not a and a.writes & b.reads]
        if not hit:
            continue
        trial = view.copy()
        if not _apply(a, trial, ctx, trial=True):
            continue  # A does not exist now: applying it changes nothing
        for b in hit:
            if _sig(b, trial, ctx) != before[b]:
                deps.setdefault(b, set()).add(a)
    for e in remaining:  # already in timestamp order
        if all(_depends(a, e, deps) for a in deps.get(e, ())):
            return e
    return remaining[0]  # not reached: some strongly connected group has no outside dependency


def _depends(a: Eff, e: Eff, deps: dict) -> bool:
    """Whether `a` depends on `e`, directly or through others (then `a` and `e` form a loop)."""
    seen, todo = set(), [a]
    while todo:
        x = todo.pop()
        for y in deps.get(x, ()):
            if y is e:
                return True
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return False
