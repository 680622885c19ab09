"""Sealing a hand card face up with copies (after Kururu's Industria and its Duplicgear): a
card seals a card of your hand face up under itself (`seal: hand`, 10-9; a sealed card is face
up, A-13); the word `copies_to_deck: N` then puts up to N of your Extra Variable cards into
your deck, shuffled, and each becomes a copy of the card this card sealed.

Our rules (the goddess's own are not in the spec, §E), citing the closest core ones:
- the Variable cards start in their owner's Extra zone (7-1-12), as many as the goddess's
  `extra:` list names (three at most: the schema allows `copies_to_deck` up to 3, and the
  Extra zone holds no more, so at most three copies ever reach the deck);
- a copy reads the sealed card's information except its category (10-16) and, our reading of
  "its name kept", its own name and id: `state.copied_keeping_name`; a copy is a Normal card, so
  it is reshuffled (9-8) and used like any other;
- when the sealed card leaves the Sealed zone the copy source can no longer be referenced, and
  the copy effect is lost (10-16): the card is a Variable card again and cannot be used (6-2-1-5);
- if this card seals no card (its seal found nothing), `copies_to_deck` moves nothing.
"""

from __future__ import annotations

from engine.core.effects import Word
from engine.core.view import CardRef

from engine.games.sakura_arms.effects import put
from engine.games.sakura_arms.state import Ctx, SakuraState, emit, where, zone

MAX_COPIES = 3


def sealed_under(s: SakuraState, card: int | None) -> int | None:
    """The card `card` sealed (10-9) that is still in the Sealed zone (the first, if several)."""
    return next((c for c, by in sorted(s.sealed_by.items()) if by == card and where(s, c) == "sealed"), None)


def copies_to_deck(s: SakuraState, count: int, ctx: Ctx) -> None:
    """Up to `count` Variable cards of the user's Extra zone go into their deck, which is shuffled
    (7-1-6); each becomes a copy of the card this card sealed (10-16)."""
    source = sealed_under(s, ctx.card)
    if source is None:
        emit(s, {"type": "no_copy_source", "seat": ctx.seat, "rule": "10-16"})
        return
    blanks = [c for c in zone(s, ctx.seat, "extra") if s.table.cards[c].defn.type == "variable"][:count]
    for card in blanks:
        put(s, card, "deck")
        s.copy_of_sealed[card] = source
    s.rng.shuffle(zone(s, ctx.seat, "deck"))
    emit(s, {"type": "copies_to_deck", "seat": ctx.seat, "count": len(blanks), "copy_of": CardRef(source),
             "deck": len(zone(s, ctx.seat, "deck")), "rule": "10-16"})


WORDS = (Word("copies_to_deck", {"type": "integer", "minimum": 1, "maximum": MAX_COPIES},
              lambda s, n, ctx: copies_to_deck(s, n, ctx),
              "up to `value` of your Extra Variable cards go into your deck, shuffled; each becomes a copy "
              "of the card this card sealed, keeping its own name (10-16, 7-1-12)"),)


def redact(s: SakuraState, seat: int) -> dict[int, list[int]]:
    """Information sets (engine/core/infoset.py): which of a player's hidden cards are copies is
    hidden (the Variable cards are dealt again like any hidden card); what is public is how many
    of each owner's hidden cards copy which sealed card. Those entries leave the redacted copy."""
    hidden: dict[int, list[int]] = {}
    for card, source in sorted(s.copy_of_sealed.items()):
        if not s.table.visible_to(card, seat):
            hidden.setdefault(s.table.cards[card].owner, []).append(source)
            del s.copy_of_sealed[card]
    return hidden


def deal(s: SakuraState, seat: int, rng, hidden: dict[int, list[int]]) -> None:
    """A determinization's copies: each owner's hidden Variable cards (as dealt) copy the sealed
    cards their hidden copies did, in a random order."""
    for owner, sources in hidden.items():
        blanks = [c.id for c in s.table.cards if c is not None and c.owner == owner
                  and not s.table.visible_to(c.id, seat) and c.defn.type == "variable"]
        sources = list(sources)
        rng.shuffle(sources)
        for card, source in zip(blanks, sources):
            s.copy_of_sealed[card] = source
