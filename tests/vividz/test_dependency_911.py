"""911.2 dependency between continuous effects and the 911.3 timestamp fallback, in positions
that real play reaches: sample-deck cards and the rules-coverage cards Open Door Mentor ("your
characters with power 2 or less get +2"), Gallery Heckler ("your opponent's characters with power
3 or less get -1") and Union Steward ("your Crew characters are not affected by your opponent's
continuous effects"). Every test also states what plain timestamp order would have given."""

from engine.bots.random_bot import RandomBot
from engine.core.game import Deck, Game
from engine.games.vividz import RULES
from engine.games.vividz.deck import validate_deck
from engine.games.vividz.state import Made, attack_forbidden, power, traits
from tests.invariants import check_after_decision
from tests.vividz.scenario import defn, extra, my_main, put, zone


def test_911_2_a_numeric_effect_reaches_a_character_through_a_later_trait_gain():
    game = my_main()
    st = game.state
    pass_ = next(m for m in zone(st, 0, "mission") if defn(st, m).name == "Backstage Pass")  # your Crew +1
    rookie = put(game, 0, "Spotlight Rookie", "area", 1)  # an Idol, power 2
    assert power(st, rookie) == 2
    designer = put(game, 0, "Costume Designer", "area", 2)  # your characters are also Crew
    assert st.entered[pass_] < st.entered[designer]  # in place since setup (911.3a)
    # the mission's +1 has the earlier timestamp, but what it applies to depends on the Designer's
    # Trait gain, so it is applied after it (911.2): in timestamp order it would have missed both
    assert traits(st, rookie) == {"Idol", "Crew"}
    assert power(st, rookie) == 2 + 1 and power(st, designer) == 2 + 1


def test_911_2_power_becomes_is_applied_before_an_earlier_plus_power_that_depends_on_it():
    game = my_main()
    st = game.state
    mentor = extra(game, 0, "gld-open-door-mentor", "area", 1)  # your power <= 2 characters +2
    aria = put(game, 0, "Lead Vocal Aria", "area", 2)            # power 4: out of the Mentor's reach
    assert power(st, aria) == 4
    tess = put(game, 1, "Wheelman Tess", "area", 2)             # the opponent's character in this lane has power 2
    assert st.entered[mentor] < st.entered[tess]
    # timestamp order: +2 judged at power 4 (no), then "becomes 2" -> 2. Tess's effect changes what
    # the Mentor's applies to, so the Mentor's is applied after it whatever the timestamps -> 2 + 2
    assert power(st, aria) == 2 + 2
    assert power(st, mentor) == 4 and power(st, tess) == 4


def _loop(mentor_first: bool) -> tuple[int, int]:
    game = my_main()
    st = game.state
    low = extra(game, 0, "gld-crossroads-oracle", "area", 2)   # power 2
    mid = extra(game, 0, "star-guild-bodyguard", "area", 3)    # power 3
    order = [(0, "gld-open-door-mentor"), (1, "gld-gallery-heckler")]
    for seat, card in order if mentor_first else order[::-1]:
        extra(game, seat, card, "area", 1)
    return power(st, low), power(st, mid)


def test_911_3_effects_that_depend_on_each_other_are_applied_in_timestamp_order():
    # The Mentor's +2 lifts the power-2 character out of the Heckler's reach, and the Heckler's -1
    # brings the power-3 one into the Mentor's: each depends on the other (a loop), so the earlier
    # timestamp goes first, and the results differ with the order the cards entered the Area.
    assert _loop(mentor_first=True) == (2 + 2, 3 - 1)
    assert _loop(mentor_first=False) == (2 - 1 + 2, 3 - 1 + 2)


def test_911_2_and_911_7_not_affected_follows_a_later_trait_gain():
    game = my_main()
    st = game.state
    steward = extra(game, 0, "gld-union-steward", "area", 1)  # your Crew characters: not affected by the opponent
    oracle = extra(game, 0, "gld-crossroads-oracle", "area", 3)  # a Traveler, power 2
    extra(game, 1, "gld-gallery-heckler", "area", 2)            # the opponent's power <= 3 characters -1
    assert power(st, oracle) == 2 - 1 and power(st, steward) == 2 - 1
    banner = extra(game, 0, "gld-rally-banner", "area", 2)     # your Travelers gain Crew (the latest card)
    # the Steward's effect applies to whatever is Crew once the Banner's gain is applied (911.2);
    # in timestamp order it would have found no Crew and the Heckler's -1 would still apply
    assert "Crew" in traits(st, oracle) and "Crew" in traits(st, banner)
    assert power(st, oracle) == 2 + 1        # +1 from Backstage Pass (your Crew), no -1 (911.7)
    assert power(st, banner) == 1 + 1
    assert power(st, steward) == 2 - 1       # a Builder: still affected


def test_911_7_a_character_not_affected_ignores_the_opponents_trait_gain_and_attack_forbidden_marker():
    game = my_main()
    st = game.state
    sable = put(game, 1, "Nightglass Ace Sable", "area", 2)  # not affected by the opponent's continuous effects
    account = zone(st, 0, "account")[0]
    key = ((sable, st.inc[sable]),)
    st.clock += 1
    st.effects.append(Made(st.clock, "gain_trait", "Idol", key, 0, account, "turn"))
    st.effects.append(Made(st.clock, "forbid_attack", "turn", key, 0, account, "turn"))
    assert traits(st, sable) == {"Phantom"} and not attack_forbidden(st, sable)
    own = zone(st, 1, "account")[0]
    st.clock += 1
    st.effects.append(Made(st.clock, "forbid_attack", "turn", key, 1, own, "turn"))  # its controller's own effect
    assert attack_forbidden(st, sable)


DEPENDENCY_CARDS = (
    ["gld-open-door-mentor"] * 3 + ["gld-union-steward"] * 3 + ["gld-rally-banner"] * 2 + ["gld-crossroads-oracle"] * 2,
    ["gld-gallery-heckler"] * 4 + ["gld-crew-foreman"] * 2 + ["gld-harmony-coach"] * 2 + ["gld-rally-banner"] * 2,
)


def test_911_2_dependency_cards_in_legal_decks_keep_the_invariants_in_bot_games():
    decks = []
    for deck, cards in zip(RULES.sample_decks(), DEPENDENCY_CARDS):
        d = Deck(deck.name + "-911", {**deck.sections, "main": deck.sections["main"][: 50 - len(cards)] + cards})
        assert validate_deck(d, RULES.cards(), {"star_exception": "exempt"}) == []  # 401.5c: ☆ cards
        decks.append(d)
    mentor_reached = 0
    for seed in range(20):
        game = Game(RULES, decks, seed=seed)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        while game.pending() is not None:
            request = game.pending()
            assert len(game.decisions) < 5_000, f"seed {seed}: game did not end"
            check_after_decision(game, game.act(request.seat, bots[request.seat].choose(request)))
            st = game.state
            mentor_reached += any(defn(st, c).id == "gld-open-door-mentor" for c in zone(st, 0, "area"))
    assert mentor_reached > 0  # the cards are played, not just listed
