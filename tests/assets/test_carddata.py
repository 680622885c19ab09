"""CSV / TSV card files (with a UTF-8 BOM) through the engine's card schema."""

import pytest

from engine.core.errors import DataError
from engine.games.kaiju import CARD_SCHEMA
from tts_bridge.assets.carddata import read_table
from tts_bridge.assets.games import get_adapter

HEADER = "id,type,name,prefix,hp,speed,cost,evasion,moves,text\n"
ROW = 'kj-x,battle,Xander,Test Beast,7,3,1,true,"[{name: Bite, kind: attack, amount: 3}]",Bite - Attack 3.\n'


def test_csv_with_bom_reads_typed_records(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes(b"\xef\xbb\xbf" + (HEADER + ROW).encode())
    (rec,) = read_table(path, CARD_SCHEMA)
    assert rec["id"] == "kj-x" and rec["hp"] == 7 and rec["evasion"] is True
    assert rec["moves"] == [{"name": "Bite", "kind": "attack", "amount": 3}]


def test_tsv_is_read(tmp_path):
    path = tmp_path / "cards.tsv"
    path.write_text("\ufeffid\ttype\tname\teffects\nkj-s\tskill\tZap\t[{draw: 1}]\n", encoding="utf-8")
    assert read_table(path, CARD_SCHEMA)[0]["effects"] == [{"draw": 1}]


def test_errors_name_file_row_and_field(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(HEADER + ROW + ROW.replace("kj-x", "kj-y").replace(",7,", ",lots,"), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        read_table(path, CARD_SCHEMA)
    (problem,) = exc.value.problems
    assert f"{path}:row 3: hp:" in problem


def test_kaiju_adapter_reads_csv_when_there_is_no_yaml(tmp_path):
    (tmp_path / "cards.csv").write_text(HEADER + ROW, encoding="utf-8")
    adapter = get_adapter("kaiju").with_data(tmp_path)
    (card,) = adapter.cards()
    assert card.title == "Test Beast Xander" and card.defn.moves[0].amount == 3
