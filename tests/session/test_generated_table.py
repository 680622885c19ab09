"""End to end on the table a player loads (audit E1): `tts-bridge build` writes the game's table
save, the emulator loads it, the bridge opens the session the way `serve` does
(`runner.open_session`), and two bots play a whole game by moving cards and clicking buttons.

Checked after every decision, and at the end, against the save itself (not the adapters):
  (a) every counter the adapter sets is exactly one Counter object of the save, showing the
      engine's value;
  (b) every referee card rests on a snap point of the save, or inside one of its scripting or
      hand zones, that accepts it: KB game-tools/object-tags.md, "If the feature has one or
      more tags, then it will interact only with objects which share at least one of those
      tags" (an untagged one accepts anything); a card laid on a snap point must be accepted
      by it even where a zone surrounds it;
  (c) every card faces its owner: rotY as the save's own decks of that seat lie (CARD_SPIN;
      +90 for a card turned sideways), and as the snap point under it is turned;
  (d) faces come from the save's sheets: a face-up card has a CustomDeck whose FaceURL is one
      of the save's sheets and a CardID inside that sheet's grid; no card is spawned blank.
"""

from __future__ import annotations

import pytest

from engine.core.registry import game_ids

from tts_bridge.saves.table import CARD_SPIN
from tts_bridge.session.demo import TableBots, settle, start_table
from tts_bridge.session.games import ref_card

SNAP_TOLERANCE = 0.05  # world units in x/z: the bridge places cards exactly on the slot
CARD_KINDS = ("Card", "CardCustom")


def _walk(objects):
    for o in objects:
        yield o
        yield from _walk(o.get("ContainedObjects") or ())


def _sheets(save: dict) -> dict[str, tuple[int, int]]:
    """FaceURL -> (NumWidth, NumHeight) of every sheet the save's decks and cards use."""
    out = {}
    for o in _walk(save["ObjectStates"]):
        for entry in (o.get("CustomDeck") or {}).values():
            out[entry["FaceURL"]] = (int(entry["NumWidth"]), int(entry["NumHeight"]))
    return out


def _backs(save: dict) -> set[str]:
    return {e["BackURL"] for o in _walk(save["ObjectStates"]) for e in (o.get("CustomDeck") or {}).values()}


def _accepts(feature_tags, obj_tags) -> bool:
    feature = set(feature_tags or ())
    return not feature or bool(feature & set(obj_tags or ()))


def _in_box(tf: dict, x: float, z: float) -> bool:
    return abs(x - tf["posX"]) <= tf["scaleX"] / 2 and abs(z - tf["posZ"]) <= tf["scaleZ"] / 2


def _spin(value: float) -> float:
    return round(float(value), 3) % 360


def check_counters(save: dict, emu, session) -> list[tuple[str, str, str]]:
    problems = []
    counters = [o for o in save["ObjectStates"] if o["Name"] == "Counter"]
    for name, value in session.adapter.counters(session.game).items():
        in_save = [o for o in counters if o.get("Nickname") == name]
        if len(in_save) != 1:
            problems.append((name, "a", f"counter {name!r}: {len(in_save)} Counter objects of that name in the "
                                        f"save (it has {sorted(o.get('Nickname') for o in counters)})"))
            continue
        live = [o for o in emu.by_name(name) if o.kind == "Counter"]
        shown = live[0].data.get("Counter", {}).get("value") if len(live) == 1 else None
        if shown != value:
            problems.append((name, "a", f"counter {name!r} shows {shown}, the engine says {value}"))
    return problems


def check_cards(save: dict, emu, session) -> list[tuple[str, str, str]]:
    """(b), (c), (d) for every referee card on the table now."""
    problems = []
    snaps = save.get("SnapPoints") or []
    zones = [o for o in save["ObjectStates"] if o["Name"] in ("ScriptingTrigger", "HandTrigger")]
    sheets, backs = _sheets(save), _backs(save)
    table = session.game.state.table
    token_images = {o["CustomImage"]["ImageURL"] for o in _walk(save["ObjectStates"]) if o["Name"] == "Custom_Tile"}
    for ref, guid in session.guids.items():
        obj = emu.by_guid(guid)
        if obj is not None and obj.kind == "Custom_Tile":  # a token marker wears the save's token picture
            if (obj.data.get("CustomImage") or {}).get("ImageURL") not in token_images:
                problems.append((ref, "d", f"{ref} ({obj.nickname}): a token without the save's token picture"))
            continue
        if obj is None or obj.kind not in CARD_KINDS:
            continue
        p = session.shown.get(ref)
        what = f"{ref} ({obj.nickname or 'anonymous'}) at x {obj.pos[0]:.2f} z {obj.pos[2]:.2f}"
        tags = obj.data.get("Tags") or []
        x, z = obj.pos[0], obj.pos[2]
        # (b) on a snap point or in a zone of the save that accepts it
        under = [s for s in snaps if abs(s["Position"]["x"] - x) <= SNAP_TOLERANCE
                 and abs(s["Position"]["z"] - z) <= SNAP_TOLERANCE]
        snap_ok = [s for s in under if _accepts(s.get("Tags"), tags)]
        zone_ok = [o for o in zones if _in_box(o["Transform"], x, z) and _accepts(o.get("Tags"), tags)]
        if under and not snap_ok:  # laid on a slot that will not attract it (a zone around it or not)
            problems.append((ref, "b", f"{what}: on snap point(s) tagged {[s.get('Tags') for s in under]}, "
                                       f"which refuse its tags {tags}"))
        elif not snap_ok and not zone_ok:
            problems.append((ref, "b", f"{what}: on no snap point or zone of the save that accepts it"))
        # (c) faces its owner
        card = ref_card(ref)
        owner = table.cards[card].owner if card is not None else (p.owner if p is not None else None)
        if owner is not None and p is not None:
            sideways = 90.0 if _spin(p.spin - CARD_SPIN[owner]) == 90.0 else 0.0
            if _spin(p.spin - CARD_SPIN[owner]) not in (0.0, 90.0):
                problems.append((ref, "c", f"{what}: the bridge turns it to rotY {p.spin}, not towards seat {owner} "
                                           f"(rotY {CARD_SPIN[owner]}, +90 sideways)"))
            if _spin(obj.rot[1]) != _spin(CARD_SPIN[owner] + sideways):
                problems.append((ref, "c", f"{what}: rotY {obj.rot[1]} on the table, but seat {owner}'s cards lie "
                                           f"at {_spin(CARD_SPIN[owner] + sideways)} in the save"))
            for s in snap_ok:
                if _spin(obj.rot[1]) != _spin(s["Rotation"]["y"] + sideways):
                    problems.append((ref, "c", f"{what}: rotY {obj.rot[1]} on a snap point turned to "
                                               f"{s['Rotation']['y']} (seat {owner}'s card{', sideways' if sideways else ''})"))
        # (d) faces from the save's sheets, never blank
        decks = obj.data.get("CustomDeck") or {}
        if not decks or any(not (e or {}).get("FaceURL") for e in decks.values()):
            problems.append((ref, "d", f"{what}: spawned blank (CustomDeck {decks!r})"))
            continue
        if not obj.is_face_down and (p is None or p.kind != "pile"):  # a face-up pile is a marker: its back
            card_id = obj.data.get("CardID")
            entry = decks.get(str(card_id // 100)) if isinstance(card_id, int) else None
            if entry is None or entry.get("FaceURL") not in sheets:
                problems.append((ref, "d", f"{what}: face up but its face {entry and entry.get('FaceURL')!r} "
                                           f"(CardID {card_id}) is none of the save's sheets"))
            else:
                cols, rows = sheets[entry["FaceURL"]]
                if not 0 <= card_id % 100 < cols * rows:
                    problems.append((ref, "d", f"{what}: CardID {card_id} outside its {cols}x{rows} sheet"))
        elif not all(e.get("FaceURL") in sheets or e.get("FaceURL") in backs for e in decks.values()):
            problems.append((ref, "d", f"{what}: face down with a face from outside the save: {decks!r}"))
    return problems


@pytest.mark.parametrize("game_id", game_ids())
def test_a_whole_game_on_the_generated_table_save(game_id, generated_save, tmp_path):
    save = generated_save(game_id)
    emu, session = start_table(game_id, seed=7, journal_dir=tmp_path, save=generated_save(game_id))
    try:
        bots = TableBots(emu, session, seed=7, cheat_rate=0.15)
        seen: dict[tuple[str, str], tuple[int, str]] = {}  # (object, check) -> (first decision, problem)
        checks = 0

        def check() -> None:
            nonlocal checks
            checks += 1
            for ref, which, problem in check_counters(save, emu, session) + check_cards(save, emu, session):
                seen.setdefault((ref, which), (len(session.game.decisions), f"({which}) {problem}"))

        check()
        while bots.step():
            check()
        assert settle(emu, session)
        check()
        game = session.game
        assert game.result() is not None and session.finished.is_set()
        assert bots.physical_moves > 10 and bots.clicks > 10
        assert emu.errors == []
        assert checks > 20
        assert not seen, f"{len(seen)} problems on the generated {game_id} table (decision: problem):\n" + \
            "\n".join(f"  {n}: {p}" for n, p in sorted(seen.values())[:40])
    finally:
        session.close()
        session.link.close()
        emu.close()
