"""Seeded fuzz of decks holding the cards the sample decks leave out (issue 5, item 4): the
Auto C that chooses its target, look at / reveal, drawing from the Discard Pile, a skipped
Battle Phase, Team texts, a moving set card, "then" with all players, played-card protection,
stacking Prevent and Space Battle, "use the effect of", pull out, "treated as" / "also treated as"
(GW-A-1.2), cards entering together (GW-A-26.8), an Auto D on entering with PS Armor, and issue 19's
words: a G as a target, a withdrawn Unit, a Designated National Power read by damage, "when this
card is destroyed", "cannot be destroyed by enemy effects" and an Auto D that chooses its target. Same
checks as test_fuzz.py."""

from engine.core.game import Deck
from engine.games.gundam_war import RULES
from tests.fuzzing import fuzz_game
from tests.gundam_war.scenario import card_id

GAMES = 20
AURORA_EXTRA = ("AF-04 Lancer Leader", "Ferry Pilot Ansel Brin", "Recon Satellite", "Ceasefire Order",
                "Commander Ilse Varn", "Salvaged Schematics", "Scorched Orbit", "AW-4 Remote Lance Frame",
                "Tactical Withdrawal", "Calibrated Barrage")
# GW-A-1.2, GW-A-26.8, GW-A-14.6 cards, swapped in for some of the Aurora deck's own cards (its
# three Vanguard Gundams with Restrict to 1 can then meet through Mass Salvage / Salvage Truce)
AURORA_SWAPS = (("Emergency Repairs", "Reactor Tap"), ("Ion Field Drill", "Decommission Order"),
                ("Beam Volley", "Mass Salvage"), ("Overcharge", "Mass Salvage"), ("Reinforced Plating", "Salvage Truce"),
                ("AF-02 Skyhawk", "AW-6 Dawn Aegis"), ("AF-02 Skyhawk", "AF-07 Vanguard Gundam"),
                ("AF-01 Lancer", "AF-09 Tether Striker"), ("AF-01 Lancer", "AF-09 Tether Striker"))
VERDANT_EXTRA = ("ZG-15 Lancehead", "ZG-15 Lancehead", "Decoy Transponder", "Space Ace Tovan Rusk",
                 "Hidden Reserve", "Grid Sabotage", "ZG-17 Ember Drone", "ZG-17 Ember Drone",
                 "Bulwark Protocol")


def _with(deck: Deck, fill: str, extra: tuple) -> Deck:
    """The sample deck with some of its Basic G swapped for `extra` (still 50 cards)."""
    main = list(deck.sections["main"])
    for title in extra:
        main.remove(card_id(fill))
        main.append(card_id(title))
    return Deck(deck.name + "+", {"main": main})


def test_fuzz_games_with_the_extra_cards_keep_invariants_and_hide_cards(monkeypatch):
    aurora, verdant = RULES.sample_decks()
    decks = [_with(aurora, "Aurora Shipyard", AURORA_EXTRA), _with(verdant, "Verdant Foundry", VERDANT_EXTRA)]
    monkeypatch.setattr(RULES, "sample_decks", lambda: list(decks))
    decisions = sum(fuzz_game(RULES, 1000 + seed, mutate_rate=0.15) for seed in range(GAMES))
    assert decisions > GAMES * 30


def test_fuzz_games_with_treated_as_and_simultaneous_entry_cards(monkeypatch):
    aurora, verdant = RULES.sample_decks()
    main = list(aurora.sections["main"])
    for out, into in AURORA_SWAPS:
        main[main.index(card_id(out))] = card_id(into)
    decks = [Deck("aurora-new", {"main": main}), verdant]
    monkeypatch.setattr(RULES, "sample_decks", lambda: list(decks))
    decisions = sum(fuzz_game(RULES, 2000 + seed, mutate_rate=0.15) for seed in range(GAMES))
    assert decisions > GAMES * 30
