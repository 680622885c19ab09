"""The search bot (engine/bots/search.py) on information sets (engine/core/infoset.py): it never
reads hidden information, decides the same for states a seat cannot tell apart, is reproducible
for an iteration budget, answers simultaneous requests and takes an obvious win."""

from __future__ import annotations

import pickle
import random

import pytest

from engine.bots import Budget, RandomPlayer, SearchPlayer
from engine.bots.random_bot import RandomBot
from engine.bots.search import SearchBot
from engine.core.game import Game
from engine.core.infoset import InformationSet, Tripwire, TripwireError, information_set
from engine.core.registry import game_ids, get_rules
from engine.core.zones import CardInstance

GAMES = game_ids()
ITERATIONS = 40


def mid_game(game_id: str, seed: int = 3, decisions: int = 60) -> Game:
    """A game after `decisions` random decisions (or more, up to the next real choice: a Request
    with two or more options)."""
    game = Game(get_rules(game_id), seed=seed)
    bot = RandomBot(seed)
    done = 0
    while True:
        request = game.pending()
        assert request is not None, f"{game_id} seed {seed} ended before decision {decisions}"
        if done >= decisions and len(request.options) > 1:
            return game
        game.act(request.seat, bot.choose(request))
        done += 1


def hidden_cards(game: Game, seat: int) -> list[int]:
    table = game.state.table
    return [c.id for c in table.cards if c is not None and not table.visible_to(c.id, seat)]


def booby_trap(game: Game, seat: int) -> None:
    """The true state's hidden definitions and random source become tripwires too, so a bot that
    reached the truth by any path would be caught."""
    cards = game.state.table.cards
    for cid in hidden_cards(game, seat):
        cards[cid] = CardInstance(cid, cards[cid].owner, Tripwire(f"true card {cid}"))
    if hasattr(game.state, "rng"):
        game.state.rng = Tripwire("the true random source")


@pytest.fixture(autouse=True)
def no_touches():
    Tripwire.touched.clear()
    yield
    assert Tripwire.touched == [], f"hidden information was read: {Tripwire.touched[:5]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_decides_from_the_view_alone(game_id):
    """design.md "Per-seat views": the information set holds a tripwire for every card the seat
    cannot see and for the random source; a search over it touches none of them, nor the true
    state's, and answers one of the seat's options."""
    game = mid_game(game_id)
    seat = game.pending().seat
    info = information_set(game, seat)
    hidden = hidden_cards(game, seat)
    assert hidden, "a mid-game state hides some cards"
    for card in info.state.table.cards:
        assert (type(card.defn) is Tripwire) == (card.id in hidden)
    if hasattr(game.state, "rng"):
        assert type(info.state.rng) is Tripwire
    booby_trap(game, seat)
    action = SearchBot(1, iterations=ITERATIONS).choose(info)
    assert any(o.action == action for o in info.request.options)


def test_a_tripwire_records_and_raises_on_use():
    wire = Tripwire("card 7")
    with pytest.raises(TripwireError, match="card 7"):
        wire.cost  # noqa: B018 - reading it is the point
    with pytest.raises(TripwireError):
        bool(wire)
    assert Tripwire.touched == ["card 7", "card 7"]
    Tripwire.touched.clear()


def permuted(game: Game, seat: int) -> Game:
    """The same game (same decisions, same view for `seat`) with the hidden cards' definitions
    rotated within each pool: a different true state that `seat` cannot tell apart."""
    other = Game.replay(game.rules, game.log())
    info = information_set(game, seat)
    cards = other.state.table.cards
    changed = False
    for ids, _ in info.pools.values():
        defns = [cards[cid].defn for cid in ids]
        rotated = defns[1:] + defns[:1]
        changed |= any(a is not b for a, b in zip(defns, rotated))
        for cid, defn in zip(ids, rotated):
            cards[cid] = CardInstance(cid, cards[cid].owner, defn)
    assert changed, "the hidden cards are not all alike"
    derive = getattr(other.rules, "derive_from_cards", None)
    if derive is not None:
        derive(other.state)
    return other


@pytest.mark.parametrize("game_id", GAMES)
def test_states_the_seat_cannot_tell_apart_give_the_same_choice(game_id):
    game = mid_game(game_id)
    seat = game.pending().seat
    twin = permuted(game, seat)
    mine, theirs = information_set(game, seat), information_set(twin, seat)
    assert mine.blob == theirs.blob, "the redacted state depends on where the hidden cards are"
    assert mine.pools == theirs.pools
    assert SearchBot(5, iterations=ITERATIONS).choose(mine) == SearchBot(5, iterations=ITERATIONS).choose(theirs)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_iteration_budget_is_reproducible(game_id):
    game = mid_game(game_id, seed=4, decisions=30)
    info = information_set(game, game.pending().seat)
    first, second = SearchBot(9, iterations=ITERATIONS), SearchBot(9, iterations=ITERATIONS)
    assert [first.choose(info) for _ in range(3)] == [second.choose(info) for _ in range(3)]
    assert first.last.iterations == ITERATIONS


def test_a_determinization_deals_the_pools_and_a_fresh_random_source():
    """Each pool's definitions go to its hidden cards (as a multiset), dealt differently by
    different draws; the random source is a new one, not the game's."""
    game = mid_game("kaiju")
    seat = game.pending().seat
    info = information_set(game, seat)
    rng = random.Random(0)
    deals = []
    for _ in range(5):
        state = info.determinize(rng)
        for ids, defns in info.pools.values():
            dealt = [state.table.cards[cid].defn for cid in ids]
            assert sorted(map(id, dealt)) == sorted(map(id, defns))
        deals.append(tuple(state.table.cards[cid].defn.id for ids, _ in info.pools.values() for cid in ids))
        assert state.rng is not game.state.rng and state.rng.calls == 0
    assert len(set(deals)) > 1


def test_qiguang_harmony_list_is_hidden_and_derived_again():
    """QG-0.3: the list of cards with harmony names hidden cards, so the information set holds a
    tripwire for it and a determinization derives it from the cards it dealt."""
    game = mid_game("qiguang")
    info = information_set(game, game.pending().seat)
    assert type(info.state.harmony_cards) is Tripwire
    state = info.determinize(random.Random(1))
    assert state.harmony_cards == [[c.id for c in state.table.cards if c.owner == s and c.defn.harmony]
                                   for s in (0, 1)]


def test_sakura_arms_face_down_specials_are_dealt_from_the_specials():
    """4-1 step 2: a duellist's Specials are known from the open deck list, not which is which;
    a determinization never deals a normal card into the Special row."""
    game = mid_game("sakura-arms", decisions=10)
    seat = game.pending().seat
    info = information_set(game, seat)
    assert (1 - seat, "special") in info.pools
    state = info.determinize(random.Random(2))
    for cid in game.state.table.zone(1 - seat, "special"):
        assert state.table.cards[cid].defn.category == game.state.table.cards[cid].defn.category


def test_both_seats_answer_the_simultaneous_opening():
    """KJ-3.1.3: both players place an opening card at once (`Request.also`); the search bot
    answers for the seat that is asked second as well as for the first."""
    game = Game(get_rules("kaiju"), seed=2)
    request = game.pending()
    game.act(request.seat, RandomPlayer(0).decide(game, request.seat))
    joint = game.pending()
    assert joint.also, "the opening placement is asked of both seats at once"
    later = joint.also[0]
    action = SearchPlayer(3, Budget(iterations=ITERATIONS)).decide(game, later)
    assert game.request_for(later).find(action) is not None
    game.act(later, action)
    assert game.pending().seat == joint.seat and not game.pending().also


def test_a_single_option_is_answered_without_search():
    game = mid_game("kaiju")
    info = information_set(game, game.pending().seat)
    only = info.request.options[:1]
    single = InformationSet(info.rules, info.options, info.seat, type(info.request)(
        info.request.seat, info.request.kind, info.request.prompt, only), info.state, info.pools, info.shared, info.blob)
    bot = SearchBot(0, iterations=ITERATIONS)
    assert bot.choose(single) == only[0].action and bot.last.iterations == 0


def random_prefix(game_id: str, seed: int, decisions: int, options: dict) -> Game:
    """The first `decisions` decisions of the seeded random game (seat s plays RandomBot(2 seed + s + 1))."""
    game = Game(get_rules(game_id), seed=seed, options=options)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    for _ in range(decisions):
        request = game.pending()
        game.act(request.seat, bots[request.seat].choose(request))
    return game


def wins_at_once(game: Game, seat: int, action: dict, rule: str) -> bool:
    """Whether `action` ends the game at once, `seat` winning by `rule`."""
    twin = Game.replay(game.rules, game.log())
    twin.act(seat, action)
    result = twin.result()
    return result is not None and result.winner == seat and result.rule == rule


# Positions of seeded random games where some options end the game at once in the deciding seat's
# favour and others do not (found by playing the games; each test checks that premise first).
# Qiguang and Gundam War let the opponent respond to a lethal move unless nothing is playable
# (`lightning_stops`, `auto_pass`), so their positions are played with the faster options.
OBVIOUS_WINS = [
    pytest.param("kaiju", 1, 153, {}, "KJ-4.1", id="kaiju-spirit-overflow"),
    pytest.param("sakura-arms", 0, 157, {}, "4-2", id="sakura-arms-lethal-use"),
    pytest.param("vividz", 3, 165, {}, "1005.1", id="vividz-last-mission"),
    pytest.param("qiguang", 1, 216, {"lightning_stops": "when_able"}, "QG-2.2.1", id="qiguang-lethal-attack"),
    pytest.param("gundam-war", 4, 205, {"auto_pass": "forced"}, "GW-A-25.42", id="gundam-war-tenth-pollution-coin"),
]


@pytest.mark.parametrize("game_id,seed,decisions,options,rule", OBVIOUS_WINS)
def test_the_bot_takes_an_obvious_win(game_id, seed, decisions, options, rule):
    game = random_prefix(game_id, seed, decisions, options)
    request = game.pending()
    winning = [o.action for o in request.options if wins_at_once(game, request.seat, o.action, rule)]
    assert winning and len(winning) < len(request.options), "the premise: some options win at once, some do not"
    choice = SearchBot(0, iterations=ITERATIONS).choose(information_set(game, request.seat))
    assert choice in winning


def _sakura_game(deck_a: str, deck_b: str, seed: int) -> Game:
    rules = get_rules("sakura-arms")
    decks = [rules.load_deck(rules.data / "decks" / f"{name}.txt") for name in (deck_a, deck_b)]
    return Game(rules, decks, seed=seed)


def _play_until(game: Game, found, limit: int = 400) -> bool:
    bot = RandomBot(7)
    for _ in range(limit):
        request = game.pending()
        if request is None:
            return False
        if found(game, request) and len(request.options) > 1:
            return True
        game.act(request.seat, bot.choose(request))
    return False


def test_sakura_arms_the_opponents_secret_plan_is_not_in_the_information_set():
    """Plan (mechanics/plan.py, cited 5-1): the opponent's plan token is secret. The information
    set holds a tripwire for it, determinizations deal either state, and two games that differ
    only in the opponent's plan give the same redacted state and the same choice."""
    from engine.games.sakura_arms.mechanics.plan import STATES

    game = _sakura_game("mirror-and-fan", "mirror-and-blade", seed=5)
    assert _play_until(game, lambda g, r: g.state.plan[1 - r.seat] is not None and g.decisions)
    seat = game.pending().seat
    info = information_set(game, seat)
    assert type(info.state.plan[1 - seat]) is Tripwire and info.state.plan[seat] == game.state.plan[seat]
    rng = random.Random(3)
    assert {info.determinize(rng).plan[1 - seat] for _ in range(20)} == set(STATES)
    twin = Game.replay(game.rules, game.log())
    twin.state.plan[1 - seat] = next(s for s in STATES if s != game.state.plan[1 - seat])
    theirs = information_set(twin, seat)
    assert theirs.blob == info.blob
    assert SearchBot(5, iterations=ITERATIONS).choose(info) == SearchBot(5, iterations=ITERATIONS).choose(theirs)


def test_sakura_arms_which_hidden_cards_are_copies_is_not_in_the_information_set():
    """Copies of a sealed card (mechanics/copies.py, 10-16): which of the opponent's hidden cards
    are the copies is hidden; the information set keeps only how many copy which sealed card, and
    each determinization makes that many of the hidden Variable cards it dealt copies."""
    for seed in range(40):
        game = _sakura_game("rain-and-moon", "rain-and-blade", seed=seed)
        if _play_until(game, lambda g, r: any(not g.state.table.visible_to(c, r.seat)
                                              for c in g.state.copy_of_sealed), limit=600):
            break
    else:
        pytest.fail("no game reached a hidden copy")
    seat = game.pending().seat
    truth = game.state
    hidden = {c: src for c, src in truth.copy_of_sealed.items() if not truth.table.visible_to(c, seat)}
    info = information_set(game, seat)
    assert not set(hidden) & set(info.state.copy_of_sealed)
    for _ in range(10):
        state = info.determinize(random.Random(_))
        dealt = {c: src for c, src in state.copy_of_sealed.items() if not state.table.visible_to(c, seat)}
        assert sorted(dealt.values()) == sorted(hidden.values())
        assert all(state.table.cards[c].defn.type == "variable" for c in dealt)


def test_the_bot_does_not_make_the_same_choice_twice_at_one_information_set():
    """A choice that led back to the same information set (QG: a play cancelled at its payment
    leaves the game as it was) is not made again while another is left; once every option was
    made there, any may be made again."""
    game = mid_game("qiguang", seed=7, decisions=20)
    info = information_set(game, game.pending().seat)
    bot = SearchBot(2, iterations=10)
    n = len(info.request.options)
    first = [bot.choose(info) for _ in range(n)]
    assert sorted(map(repr, first)) == sorted(repr(o.action) for o in info.request.options)
    assert bot.choose(info) in [o.action for o in info.request.options]



def test_a_game_sets_how_far_rollouts_play_before_its_evaluation():
    """kaiju's rough evaluation is read after 32 random decisions (its ROLLOUT); a game that sets
    none uses the default, an evaluation given by the caller too, and no evaluation plays on."""
    from engine.bots.search import EVALUATED_ROLLOUT, unknown

    assert SearchBot(0)._scoring(get_rules("kaiju"))[1] == 32
    assert SearchBot(0)._scoring(get_rules("vividz"))[1] == EVALUATED_ROLLOUT
    assert SearchBot(0, evaluate=unknown)._scoring(get_rules("kaiju")) == (unknown, EVALUATED_ROLLOUT)
    assert SearchBot(0, rollout=3)._scoring(get_rules("kaiju"))[1] == 3


def _payment_point(seed: int = 7) -> Game:
    """A Qiguang game at a main-phase choice where some play would wait for its payment, which
    offers to take the play back (QG-4.1)."""
    rules = get_rules("qiguang")
    game = Game(rules, seed=seed)
    bot = RandomBot(seed)
    for _ in range(3000):
        request = game.pending()
        assert request is not None
        plays = [o.action for o in request.options if o.action["type"] == "play"]
        for play in plays:
            state = pickle.loads(pickle.dumps(game.state))
            rules.apply(state, request.seat, play)
            then = rules.request(state)
            if then is not None and any(o.action["type"] == "cancel" for o in then.options):
                return game
        game.act(request.seat, bot.choose(request))
    raise AssertionError("no play with a payment in 3000 decisions")


def test_a_play_taken_back_is_not_searched_as_one_more_move():
    """QG-4.1: a play waiting for its cost may be taken back, which leaves the game as it was.
    In the tree, that way back is marked and never walked again (no visits), so the play's
    value is the value of paying, not of paying or doing anything else once more."""
    game = _payment_point()
    seat = game.pending().seat
    bot = SearchBot(3, iterations=120)
    bot.choose(information_set(game, seat))
    cancel = repr({"type": "cancel"})
    cancels = [child.children[cancel] for key, child in bot.tree.children.items()
               if "'play'" in key and cancel in child.children]
    assert cancels, "some play was searched as far as its payment"
    assert all(c.loop and c.visits == 0 for c in cancels)
    assert all(child.visits > 0 for child in bot.tree.children.values() if not child.loop)
