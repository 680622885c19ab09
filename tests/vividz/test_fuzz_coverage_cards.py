"""Seeded bot games with the rules-coverage cards in legal decks (control change 502.1, "up to X"
504.4, "choose" 1107, same-timestamp order 911.3c, 908.3b, 911.2, 913.1a, 1103.3, 806.7), with invariants and
hidden-information checks after every decision (section 4 of the issue)."""

from engine.bots.random_bot import RandomBot
from engine.core.game import Deck, Game
from engine.games.vividz import RULES
from engine.games.vividz.deck import validate_deck
from tests.invariants import check_after_decision

EXTRA = (
    ["lum-encore-producer"] * 4 + ["gld-mirror-twin"] * 3 + ["gld-wellspring-sprite"] * 3,
    ["nig-hostile-takeover"] * 4 + ["nig-velvet-puppeteer"] * 2 + ["gld-crossroads-oracle"] * 2
    + ["gld-last-stand-ronin"] * 2 + ["gld-rally-banner"] * 2 + ["gld-crew-foreman"] * 2 + ["gld-harmony-coach"] * 2,
)


def _decks() -> list[Deck]:
    out = []
    for deck, extra in zip(RULES.sample_decks(), EXTRA):
        main = deck.sections["main"][: 50 - len(extra)] + extra
        d = Deck(deck.name + "-coverage", {**deck.sections, "main": main})
        assert validate_deck(d, RULES.cards(), {"star_exception": "exempt"}) == []
        out.append(d)
    return out


def test_fuzz_with_the_rules_coverage_cards():
    decks = _decks()
    kinds: set[str] = set()
    events: set[str] = set()
    for seed in range(30):
        game = Game(RULES, decks, seed=seed)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        for _ in range(5_000):
            request = game.pending()
            if request is None:
                break
            kinds.add(request.kind)
            for option in request.options:  # options and guards agree
                assert RULES.check(game.state, request.seat, option.action) is None, option
            done = game.act(request.seat, bots[request.seat].choose(request))
            events |= {e.data.get("type") for e in done}
            check_after_decision(game, done)
        else:
            raise AssertionError(f"seed {seed}: game did not end")
    assert {"up_to", "ts_order"} <= kinds  # the new decisions are reached by play
    assert {"control", "chose", "deck_move"} <= events
