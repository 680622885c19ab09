"""The sample set (card_data/vividz) uses every ability kind (901.2), keyword action (1100),
keyword ability (1201) and icon (304.4-304.6, 905.2d, 1002, 1119) of the spec."""

from engine.games.vividz import RULES


def _used():
    kinds, triggers, words, cont, conds, zones, costs, flags = (set() for _ in range(8))
    for card in RULES.cards().values():
        flags |= {f for f in ("scout", "cost_reduction") if getattr(card, f)}
        for cond in card.check + card.clear:
            conds |= {k for k, _ in cond}
        for ab in card.abilities:
            kinds.add("accel" if ab.effects and "accel" in ab.effects[0] else ab.kind)
            triggers.add(ab.trigger)
            zones.add(ab.zone)
            costs |= {k for k, _ in ab.cost}
            for cond in ab.cond + ab.state:
                conds |= {k for k, _ in cond}
            for e in ab.effects:
                words |= set(e)
                for inner in e.get("delayed", {}).get("effects", ()):
                    words |= set(inner)
            for item in ab.continuous:
                cont |= set(item)
                conds |= set(item.get("if", {}))
    return kinds, triggers, words, cont, conds, zones, costs, flags


def test_sample_set_sizes():
    cards = RULES.cards().values()
    assert sum(c.type == "account" for c in cards) >= 3
    assert sum(c.type == "mission" for c in cards) >= 6
    assert sum(c.type in ("character", "event") for c in cards) >= 30


def test_every_ability_kind_keyword_and_icon_is_used():
    kinds, triggers, words, cont, conds, zones, costs, flags = _used()
    assert kinds >= {"act", "auto", "cont", "event", "accel"}  # 901.2, 1201
    assert words >= {"damage", "sleep", "reboot", "shuffle", "draw", "reveal_top", "retire", "remove", "exp",
                     "clear_mission", "scout", "slide", "reload", "choose_number", "delayed"}  # 1101-1117, 908.4
    assert triggers >= {"enter", "attack", "attack_success", "retire", "battle_retire", "state", "game_start",
                        "end_of_battle", "energy_in", "start_draw", "start_main", "start_mission",
                        "start_charge", "start_end_draw", "ally_enter", "ally_attack"}  # 908
    assert cont >= {"power", "set_power", "power_floor", "gain_trait", "cost", "forbid_attack",
                    "unaffected_by_opponent", "replace"}  # 911, 912, 905.2c
    assert zones >= {"area", "account", "mission", "trash"}  # validity icons (304.4a)
    assert costs >= {"energy", "sleep", "discard", "remove_self"}  # Cost icon, sleep icon (907.1a)
    assert flags == {"scout", "cost_reduction"}  # Scout mark (1115), cost-reduction icon (905.2d)
    assert {"lvup", "same_name_in_trash_at_least"} <= conds  # Lv UP icon (1002), same-name icon (1119)


def test_sample_decks_use_both_item_lists_of_every_mission():
    for deck in RULES.sample_decks():
        for mid in deck.sections["missions"]:
            m = RULES.cards()[mid]
            assert m.check and m.clear  # 304.6, AMB-27: separate Check and Clear item lists
