"""Core parts shared by every game: zone visibility, the invariant checker, deck-list parsing,
rule options and the registry."""

import pytest

from engine.core.decklist import parse_deck_text
from engine.core.game import resolve_options
from engine.core.names import NameIndex
from engine.core.registry import game_ids, get_rules
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec, zone_keys

SPECS = (ZoneSpec("deck", Visibility.HIDDEN), ZoneSpec("hand", Visibility.OWNER), ZoneSpec("field", Visibility.PUBLIC))


def _table() -> Table:
    t = Table(SPECS)
    for i in range(4):
        t.add_card(i % 2, f"card{i}", "deck", i)
    return t


def test_visibility_by_zone_and_face_down():
    t = _table()
    assert not t.visible_to(0, 0) and not t.visible_to(0, 1) and t.visible_to(0, None)
    t.move(0, 0, "hand")
    assert t.visible_to(0, 0) and not t.visible_to(0, 1)
    t.move(0, 0, "field")
    t.face_down.add(0)
    assert t.visible_to(0, 0) and not t.visible_to(0, 1)
    t.move(2, 0, "field")  # moving a card turns it face up
    assert t.visible_to(2, 1)


def test_invariant_checker_catches_a_card_in_two_zones_and_a_lost_card():
    t = _table()
    t.check_invariants()
    t.zones["1.field"].append(1)
    with pytest.raises(AssertionError, match="card 1 is in"):
        t.check_invariants()
    t.zones["1.field"].remove(1)
    t.zones["1.deck"].remove(1)
    with pytest.raises(AssertionError, match="no zone"):
        t.check_invariants()


def test_snapshot_changes_with_order():
    t = _table()
    before = t.snapshot()
    t.zones["0.deck"].reverse()
    assert t.snapshot() != before


def test_rng_is_seeded_and_coins_can_be_forced():
    a, b = Rng(5), Rng(5)
    xs, ys = list(range(20)), list(range(20))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and a.calls == 1
    a.force_coins(True, False)
    assert (a.coin(), a.coin()) == (True, False)


def test_deck_list_formats_people_paste():
    text = ("# comment\n3 Ember Rex\n2x Ash Moth  # trailing comment\n\nMissions:\nGo Far\n"
            "Tide Caller x3\n1 x Reef // note\n// whole-line comment\nStone ×2\n4xJet\n")
    entries, problems = parse_deck_text(text, "d.txt")
    assert problems == []
    assert [(e.line, e.section, e.count, e.name) for e in entries] == [
        (2, "main", 3, "Ember Rex"), (3, "main", 2, "Ash Moth"), (6, "missions", 1, "Go Far"),
        (7, "missions", 3, "Tide Caller"), (8, "missions", 1, "Reef"), (10, "missions", 2, "Stone"),
        (11, "missions", 4, "Jet")]


def test_deck_list_parsing_reports_every_bad_line():
    entries, problems = parse_deck_text("0 Zero\n42\n3 Fine\n120 Many\n", "d.txt")
    assert [e.name for e in entries] == ["Fine"]
    assert problems == ["d.txt:1: 'Zero': a count must be between 1 and 99, got 0",
                        "d.txt:2: expected a card, e.g. '3 Name', '3x Name' or 'Name x3', got '42'",
                        "d.txt:4: 'Many': a count must be between 1 and 99, got 120"]


def test_name_resolution_exact_loose_and_suggestions():
    index = NameIndex()
    for name in ("Ember Rex", "Ash-Moth", "Ｔｉｄｅ Caller"):
        index.add(name, name.upper())
    index.add("kj-ember", "EMBER REX")
    assert index.resolve("Ember Rex") == ("EMBER REX", [])
    assert index.resolve("ember   rex") == ("EMBER REX", [])
    assert index.resolve("ash moth!") == ("ASH-MOTH", [])
    assert index.resolve("Tide Caller") == ("ＴＩＤＥ CALLER", [])  # width-insensitive (NFKC)
    assert index.resolve("kj-ember") == ("EMBER REX", [])
    assert index.resolve("Embr Rex") == (None, ["Ember Rex"])
    assert index.resolve("Zzz") == (None, [])


def test_loose_names_are_keyed_when_first_needed_and_again_after_an_addition():
    """The loose keys are made on the first name not found as written (issue 21: exact sample
    decks never pay for them); a name added after that resolves loosely too, and a second card
    with the same loose key makes it ambiguous."""
    index = NameIndex()
    index.add("Ember Rex", "REX")
    assert index.resolve("Ember Rex") == ("REX", [])
    assert index.resolve("ember rex") == ("REX", [])  # the keys are made here
    index.add("Ash Moth", "MOTH")
    assert index.resolve("ash-moth") == ("MOTH", [])
    index.add("Ember-Rex", "OTHER REX")
    assert index.resolve("EMBER REX") == (None, ["Ember Rex", "Ember-Rex"])
    assert index.resolve("Ember Rex") == ("REX", [])  # written exactly: no ambiguity


def test_rule_options_reject_unknown_names_and_values():
    rules = get_rules("kaiju")
    assert resolve_options(rules, {"support_slots": 3})["support_slots"] == 3
    with pytest.raises(ValueError, match="unknown rule option"):
        resolve_options(rules, {"bench": 3})
    with pytest.raises(ValueError, match="must be one of"):
        resolve_options(rules, {"support_slots": 4})


def test_registry_knows_kaiju_and_refuses_unknown_games():
    assert "kaiju" in game_ids()
    assert get_rules("kaiju").rule_prefix == "KJ-"
    with pytest.raises(KeyError, match="unknown game"):
        get_rules("chess")


def test_loose_keys_of_ascii_names_are_those_of_the_full_normalisation():
    """The ASCII shortcut of names.loose (issue 21: deck lists against thousands of cards) drops
    exactly what NFKC + case-fold + dropping spaces, punctuation and symbols drops."""
    import unicodedata

    from engine.core.names import loose

    def full(text: str) -> str:
        text = unicodedata.normalize("NFKC", text).casefold()
        return "".join(ch for ch in text if not (ch.isspace() or unicodedata.category(ch)[0] in "PS"))

    samples = ["".join(chr(c) for c in range(i, i + 9)) for i in range(0, 128, 3)]
    samples += ["Deep Lure Lanternjaw", "kj-thorn_back", "  A.B-C  ", "Ｆｕｌｌ　Ｗｉｄｔｈ", "Straße 3"]
    assert [loose(s) for s in samples] == [full(s) for s in samples]


def test_a_card_mappings_name_index_is_built_once_and_a_new_mapping_gets_its_own():
    from types import SimpleNamespace

    from engine.core.names import card_name_index

    cards = {"a": SimpleNamespace(name="Alpha", title="Alpha One")}
    first = card_name_index(cards)
    assert card_name_index(cards) is first
    other = {"a": SimpleNamespace(name="Beta", title="Beta One")}
    assert card_name_index(other).resolve("Beta One")[0] is other["a"]
    assert card_name_index(cards).resolve("Alpha One")[0] is cards["a"]


def test_the_first_card_to_claim_a_name_keeps_it_in_the_card_index():
    """`card_name_index` adds each card's title then its id, card by card, then the short names
    no other card shares; a name claimed twice resolves to the first claimant, in one batch or
    across batches, and a card's display name is the first name added for it."""
    from types import SimpleNamespace

    from engine.core.names import card_name_index

    a = SimpleNamespace(name="Rex", title="Ember Rex")
    b = SimpleNamespace(name="Rex", title="kj-a")        # its title is a's id: a claimed it first
    c = SimpleNamespace(name="Moth", title="")           # no title: its name is its display name
    index = card_name_index({"kj-a": a, "kj-b": b, "kj-c": c})
    assert [index.resolve(n)[0] for n in ("Ember Rex", "kj-a", "kj-b", "Moth", "kj-c")] == [a, a, b, c, c]
    assert index.resolve("Rex")[0] is None  # a short name two cards share is no name of either
    assert [index.display_name(x) for x in (a, b, c)] == ["Ember Rex", "kj-a", "Moth"]
    later = NameIndex()
    later.add_all([("One", a), ("Two", b)])
    later.add_all([("Two", c), ("Three", c)])
    assert [later.resolve(n)[0] for n in ("One", "Two", "Three")] == [a, b, c]
    assert later.display_name(c) == "Two"


def test_find_gives_the_first_equal_option_for_an_options_own_action_object():
    """`Request.find` takes an option's own action without comparing it (a bot's answer): it
    must still return the first option with that action, as comparing finds it, and a copy is
    still compared type-strictly (`True` is not `1`, `1.0` is not `1`)."""
    from engine.core.requests import Option, Request

    first, again = Option("a", {"type": "pass"}), Option("b", {"type": "pass"})
    other = Option("c", {"type": "play", "card": 1})
    request = Request(0, "main", "choose", [other, first, again])
    assert request.find(again.action) is first
    assert request.find(other.action) is other
    assert request.find({"type": "play", "card": 1}) is other
    assert request.find({"type": "play", "card": True}) is None
    assert request.find({"type": "play", "card": 1.0}) is None


def _stream_draws(seed: int, sizes: list[int]) -> list[int]:
    """The stream as engine/core/rng.py documents it, written plainly: HMAC-SHA256(key, counter)
    blocks, one after another; a draw below n takes the low bits of the next big-endian draw of
    as many whole bytes as they need, and draws again until it is below n."""
    import hmac

    from engine.core.rng import seed_key

    key, stream, counter = seed_key(seed), b"", 0
    out = []
    for n in sizes:
        if n == 1:
            out.append(0)
            continue
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        while True:
            while len(stream) < size:
                stream += hmac.digest(key, counter.to_bytes(8, "big"), "sha256")
                counter += 1
            value, stream = int.from_bytes(stream[:size], "big") & ((1 << bits) - 1), stream[size:]
            if value < n:
                out.append(value)
                break
    return out


@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_the_random_source_draws_the_documented_stream(seed):
    """Rng reads one-byte draws in place and keeps its pool with an offset (it runs for every
    card of every shuffle): every draw, one byte or several, is still the documented stream's."""
    import random

    sizes = [random.Random(seed).choice([1, 2, 3, 7, 40, 200, 256, 257, 1000, 70000, 1 << 40]) for _ in range(600)]
    rng = Rng(seed)
    assert [rng.choice_index(n) for n in sizes] == _stream_draws(seed, sizes)
    deck, shuffled = list(range(60)), list(range(60))
    Rng(seed).shuffle(shuffled)
    for i, j in zip(range(59, 0, -1), _stream_draws(seed, list(range(60, 1, -1)))):
        deck[i], deck[j] = deck[j], deck[i]
    assert shuffled == deck


def test_zone_keys_made_once_are_the_tables_keys_and_find_each_seats_zones():
    specs = [ZoneSpec("hand", Visibility.OWNER), ZoneSpec("deck", Visibility.HIDDEN)]
    table = Table(specs)
    keys = zone_keys(spec.name for spec in specs)  # a generator, as the games pass it
    assert [sorted(seat_keys) for seat_keys in keys] == [["deck", "hand"], ["deck", "hand"]]
    assert sorted(k for seat_keys in keys for k in seat_keys.values()) == sorted(table.zones)
    table.add_card(1, None, "hand", 0)
    assert table.zones[keys[1]["hand"]] == [0] and table.zones[keys[0]["hand"]] == []
