"""Hash version 3 packs the table and the plain fields in one marshal call (format 0), version 4
the records and enums too (tests/core/test_hash_version_4.py); logs and journals written with
versions 2 and 3 still replay and verify in the packing they were written with."""

from __future__ import annotations

import dataclasses
import enum
from pathlib import Path
from typing import Iterator

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.hashing import HASH_VERSION, HASH_VERSIONS, int_array, int_list, pack_state, packer
from engine.core.registry import game_ids, get_rules
from engine.core.zones import Table, Visibility, ZoneSpec
from tts_bridge.session.journal import Journal, JournalError


def bot_decisions(game: Game, bots: list[RandomBot], decisions: int) -> Iterator[Game]:
    """The game after each of its next `decisions` decisions between `bots` (fewer if it ends)."""
    for _ in range(decisions):
        request = game.pending()
        if request is None:
            return
        game.act(request.seat, bots[request.seat].choose(request))
        yield game


def _played(game_id: str, version: int, decisions: int = 40) -> Game:
    game = Game(get_rules(game_id), seed=5, hash_version=version)
    for _ in bot_decisions(game, [RandomBot(11), RandomBot(12)], decisions):
        pass
    return game


def test_new_games_hash_with_the_newest_version():
    assert HASH_VERSION == max(HASH_VERSIONS) == 4
    assert Game(get_rules("kaiju")).log()["hash_version"] == 4


@pytest.mark.parametrize("game_id", game_ids())
def test_a_version_2_log_replays_verifies_and_stays_version_2(game_id):
    old = _played(game_id, 2)
    log = old.log()
    assert log["hash_version"] == 2
    replayed = Game.replay(get_rules(game_id), log)
    assert replayed.hashes == old.hashes and replayed.hash_version == 2
    assert _played(game_id, 3).hashes != old.hashes  # the versions pack differently
    log["hashes"][-1] = "0" * 24
    with pytest.raises(ValueError, match="diverged"):
        Game.replay(get_rules(game_id), log)


def test_a_version_2_journal_resumes_in_version_2():
    old = _played("qiguang", 2)
    log = old.log()
    header = {key: log[key] for key in ("seed", "options", "decks", "hash_version")}
    decisions = [dict(d, hash=h) for d, h in zip(log["decisions"], log["hashes"])]
    game = Journal.replay(get_rules("qiguang"), header, decisions)
    assert game.hash_version == 2 and game.hashes == old.hashes
    request = game.pending()
    game.act(request.seat, request.options[0].action)
    assert game.log()["hash_version"] == 2  # what it appends is hashed as the journal began


# session journals written by the engine before hash version 4 (commit 608883c): every game,
# seed 7, random bots 21 and 22, up to 200 decisions, hashed with version 2 and with version 3
STORED_JOURNALS = sorted((Path(__file__).resolve().parents[1] / "data" / "hash-journals").glob("*.jsonl"))


def test_the_stored_journals_cover_every_game_in_versions_2_and_3():
    assert [p.stem for p in STORED_JOURNALS] == [f"{g}-v{v}" for g in sorted(game_ids()) for v in (2, 3)]


@pytest.mark.parametrize("path", STORED_JOURNALS, ids=lambda p: p.stem)
def test_a_journal_the_engine_wrote_before_version_4_replays_and_verifies_in_its_version(path):
    header, decisions = Journal.read(path)
    rules, version = get_rules(header["game"]), header["hash_version"]
    assert path.stem.endswith(f"-v{version}")
    hashes = [d["hash"] for d in decisions]
    game = Journal.replay(rules, header, decisions, path)
    assert game.hash_version == version and game.hashes == hashes
    log = {key: header[key] for key in ("seed", "rng", "options", "decks", "hash_version")}
    log.update(decisions=[{"seat": d["seat"], "action": d["action"]} for d in decisions], hashes=hashes)
    assert Game.replay(rules, log).hashes == hashes  # the same, as a game log
    newest = Game.replay(rules, dict(log, hash_version=HASH_VERSION, hashes=[]))
    assert all(new != old for new, old in zip(newest.hashes, hashes))  # so the check above can fail
    decisions[len(decisions) // 2] = dict(decisions[len(decisions) // 2], hash="0" * 24)
    with pytest.raises(JournalError, match="not this game"):
        Journal.replay(rules, header, decisions, path)


def test_a_version_this_engine_does_not_compute_is_refused_with_the_versions_it_does():
    log = _played("kaiju", 2, 3).log()
    log["hash_version"] = 1
    with pytest.raises(ValueError, match=r"version 1, this engine computes versions 2, 3, 4"):
        Game.replay(get_rules("kaiju"), log)
    header = {key: log[key] for key in ("seed", "options", "decks", "hash_version")}
    decisions = [dict(d, hash=h) for d, h in zip(log["decisions"], log["hashes"])]
    with pytest.raises(JournalError, match="versions 2, 3, 4"):
        Journal.replay(get_rules("kaiju"), header, decisions)
    with pytest.raises(ValueError, match="version 7"):
        Game(get_rules("kaiju"), hash_version=7)


@dataclasses.dataclass(slots=True, eq=False)
class _Plain:
    table: Table
    phase: str = "main"
    counts: list[int] = dataclasses.field(default_factory=list)
    life: int = 0


def _table() -> Table:
    table = Table([ZoneSpec("hand", Visibility.OWNER), ZoneSpec("deck", Visibility.HIDDEN)])
    for card_id in range(3):
        table.add_card(0, None, "deck", card_id)
    return table


def test_the_marshalled_bytes_depend_on_the_values_never_on_object_identity():
    # marshal formats 1+ mark interned strings and (3+) write back-references to objects seen
    # twice: both depend on identity, which differs between a game and its replay
    shared = 100_000 + len("x")
    literal = _Plain(_table(), "main", [shared, shared], shared)
    built = _Plain(_table(), "".join(["ma", "in"]), [int("100001"), int("100001")], int("100001"))
    assert built.phase is not literal.phase and built.counts[0] is not built.counts[1]
    assert pack_state(built) == pack_state(literal)


def test_every_zone_its_order_and_face_down_cards_are_in_the_version_3_hash():
    state = _Plain(_table())
    before = pack_state(state)
    deck = state.table.zone(0, "deck")
    deck.reverse()
    assert pack_state(state) != before
    deck.reverse()
    state.table.face_down.add(1)
    assert pack_state(state) != before
    state.table.face_down.clear()
    state.table.move(2, 0, "hand")
    assert pack_state(state) != before
    state.table.move(2, 0, "deck")
    assert pack_state(state) == before


class _Level(enum.IntEnum):
    ONE = 1


def test_a_value_marshal_cannot_write_raises_rather_than_hashing_wrong():
    state = _Plain(_table(), life=_Level.ONE)  # declared int, holds an IntEnum
    with pytest.raises(ValueError, match="unmarshallable"):
        pack_state(state)
    assert packer(_Plain, 2)(state)  # version 2 wrote it by repr


@dataclasses.dataclass(frozen=True, slots=True)
class _Link:
    seat: int
    card: int


@dataclasses.dataclass(slots=True, eq=False)
class _WithRecords:
    table: Table
    turn: int = 0
    chain: list[_Link] = dataclasses.field(default_factory=list)
    steps: tuple = ()


def test_records_go_by_repr_and_plain_values_by_marshal_and_both_are_in_the_hash():
    # version 3: `steps` is packed by _canon (Any): plain tuples marshal in the one call; a list
    # of records cannot, so that state's other fields go by repr: both forms must see every change
    pack_state = packer(_WithRecords, 3)
    plain = _WithRecords(_table(), 1, [], (("Proceed", ()),))
    linked = _WithRecords(_table(), 1, [_Link(0, 2)], (("Proceed", ()),))
    assert b"Proceed" in pack_state(plain) and b"'Proceed'" not in pack_state(plain)  # marshalled
    assert b"_Link(seat=0, card=2)" in pack_state(linked)  # by repr
    seen = {pack_state(plain), pack_state(linked)}
    for state in (plain, linked):
        before = pack_state(state)
        state.turn = 2
        seen.add(pack_state(state))
        assert pack_state(state) != before
        state.turn = 1
        assert pack_state(state) == before
    linked.chain[0] = _Link(1, 2)
    seen.add(pack_state(linked))
    assert len(seen) == 5
    assert pack_state(_WithRecords(_table(), 1, [_Link(1, 2)], (("Proceed", ()),))) == pack_state(linked)


@pytest.mark.parametrize("version", [3, 4])
def test_the_table_bytes_reused_while_its_zones_are_equal_are_spliced_into_the_one_marshal(version):
    """The reusing packer marshals the table apart (reused while its zones compare equal) and
    splices the bytes into the one marshal call's: they must be that call's bytes exactly,
    as `full_pack` writes them, through in-place changes of the zones (a shuffle, a move, a
    face-down card, a card shown to a seat), with plain values only and with records (version
    3: by repr; 4: formed). The copy it compares with (`Table.hash_value_copy`) must not follow
    the zones' changes."""
    import marshal

    from engine.core.hashing import full_pack

    plain, linked = _Plain(_table(), counts=[1, 2]), _WithRecords(_table(), 1, [_Link(0, 2)])
    assert packer(_Plain, version)(plain) == marshal.dumps((plain.table.hash_value(), "main", [1, 2], 0), 0)
    for state in (plain, linked, plain, linked):
        pack = packer(type(state), version)
        deck = state.table.zone(0, "deck")
        changes = [deck.reverse, lambda: state.table.move(1, 0, "hand"), lambda: state.table.face_down.add(0),
                   state.table.face_down.clear, lambda: state.table.move(1, 0, "deck", 0), deck.reverse,
                   lambda: state.table.reveal([0], 1), deck.reverse, lambda: state.table.conceal(1)]
        for change in changes:
            before = pack(state)
            change()
            assert pack(state) == full_pack(state, version) != before
            assert pack(state) == full_pack(state, version)  # and when the table's bytes are reused


@pytest.mark.parametrize("version", HASH_VERSIONS)
def test_an_int_list_held_as_an_int_array_packs_as_the_list_it_holds(version):
    @dataclasses.dataclass(slots=True, eq=False)
    class Counts:
        table: Table
        moves: list[int] = int_list()

    table = Table([ZoneSpec("deck", Visibility.HIDDEN)])
    as_list, as_array = Counts(table, [0, 3, 70_000, 2**32 - 1]), Counts(table, int_array([0, 3, 70_000, 2**32 - 1]))
    assert packer(Counts, version)(as_array) == packer(Counts, version, reuse=False)(as_list)
    as_array.moves[1] += 1
    assert packer(Counts, version)(as_array) != packer(Counts, version, reuse=False)(as_list)
    with pytest.raises(OverflowError):  # what a list holding a value no 32-bit count holds raises when packed
        as_array.moves[0] = -1
