"""Paying costs with race crystals and Mana Sources (QG-4.1 to QG-4.5, QG-G13, QG-G32).

A payment is how many untapped crystals of each race are tapped plus how many Mana Sources
are used. It is legal when it pays exactly the cost (no overpaying, QG-4.5; for X costs the
amount above the fixed cost is X) and every race symbol is covered by a crystal of that race
or a Mana Source (QG-4.2, QG-4.4); colourless symbols take any race (QG-4.3).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import Refusal

from engine.games.qiguang.cards import RACES, Cost

MAX_X = 10


def requirement(cost: Cost, x: int) -> tuple[int, int, int, int]:
    """(earth, pegasus, unicorn, colourless) the cost asks for when X is `x`."""
    req = [cost.earth, cost.pegasus, cost.unicorn, cost.any]
    if cost.x:
        req[3 if cost.x == "any" else RACES.index(cost.x)] += x
    return req[0], req[1], req[2], req[3]


def payment_refusal(cost: Cost, pay: tuple[int, int, int, int], untapped: tuple[int, int, int],
                    mana: int, mana_allowed: bool) -> Refusal | None:
    """Why tapping `pay` = (earth, pegasus, unicorn, mana) does not pay `cost`, or None."""
    e, p, u, m = pay
    if min(pay) < 0:
        return Refusal("QG-4.1", "Say how many crystals of each race to tap (0 or more).")
    for n, have, race in ((e, untapped[0], "earth pony"), (p, untapped[1], "pegasus"), (u, untapped[2], "unicorn")):
        if n > have:
            return Refusal("QG-4.1", f"You have only {have} untapped {race} crystal(s); tap only crystals you have.")
    if m > mana:
        return Refusal("QG-4.4", f"You have only {mana} Mana Source(s) in hand.")
    if m and not mana_allowed:
        return Refusal("QG-G13", "At this table a Mana Source pays only for summons; pay with crystals.")
    total = e + p + u + m
    if total > cost.fixed and not cost.x:
        return Refusal("QG-4.5", f"That taps {total} for a cost of {cost.fixed}; you cannot overpay. "
                                 f"Tap exactly {cost.fixed}.")
    if total < cost.fixed or (cost.x and total == cost.fixed):
        need = f"at least {cost.fixed + 1} (X is 1 or more)" if cost.x else str(cost.fixed)
        return Refusal("QG-4.1", f"That pays {total} but the cost is {cost.label()}; tap {need}.")
    if cost.x and total - cost.fixed > MAX_X:
        return Refusal("QG-G32", f"X can be at most {MAX_X}.")
    req = requirement(cost, total - cost.fixed)
    deficit = max(0, req[0] - e) + max(0, req[1] - p) + max(0, req[2] - u)
    if deficit > m:
        return Refusal("QG-4.2", f"The cost {cost.label()} needs crystals of the named races; a crystal "
                                 f"of another race cannot pay for them. Use the named race or a Mana Source.")
    return None


@lru_cache(maxsize=65536)
def affordable(cost: Cost, untapped: tuple[int, int, int], mana: int, mana_allowed: bool) -> bool:
    """Whether any legal payment exists (X at least 1)."""
    if not mana_allowed:
        mana = 0
    req = requirement(cost, 1 if cost.x else 0)
    deficit = max(0, req[0] - untapped[0]) + max(0, req[1] - untapped[1]) + max(0, req[2] - untapped[2])
    return deficit <= mana and sum(untapped) + mana >= sum(req)


@lru_cache(maxsize=65536)
def payments(cost: Cost, untapped: tuple[int, int, int], mana: int, mana_allowed: bool) -> tuple:
    """Every legal payment as (earth, pegasus, unicorn, mana), for every X."""
    if not mana_allowed:
        mana = 0
    out = []
    totals = range(cost.fixed + 1, cost.fixed + MAX_X + 1) if cost.x else (cost.fixed,)
    for total in totals:
        if total > sum(untapped) + mana:
            break
        for m in range(min(mana, total) + 1):
            for e in range(min(untapped[0], total - m) + 1):
                for p in range(min(untapped[1], total - m - e) + 1):
                    u = total - m - e - p
                    if u > untapped[2]:
                        continue
                    pay = (e, p, u, m)
                    if payment_refusal(cost, pay, untapped, mana, True) is None:
                        out.append(pay)
    return tuple(out)
