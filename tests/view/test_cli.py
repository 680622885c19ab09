"""`tts-bridge view` end to end: the generated kaiju table from both seats, the table mid-game
from a session journal (the opponent's hand as backs), `bench view`'s line, and bad input (one
`error:` line, exit 2, no picture written)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from tts_bridge.cli import main
from tts_bridge.view import geometry
from tts_bridge.view.scene import from_journal


@pytest.fixture
def kaiju_save(generated_save, tmp_path) -> Path:
    path = tmp_path / "kaiju-table.json"
    path.write_text(json.dumps(generated_save("kaiju")))
    return path


@pytest.fixture(scope="module")
def kaiju_journal(_built_tables):
    """A kaiju session journal of 40 decisions, played by bots at the emulated table."""
    from tts_bridge.session.demo import TableBots, settle, start_table

    save = json.loads((_built_tables / "kaiju" / "table" / "kaiju-table.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        emu, session = start_table("kaiju", seed=3, journal_dir=Path(tmp), save=save)
        try:
            bots = TableBots(emu, session, 3, cheat_rate=0.0)
            while len(session.game.decisions) < 40 and bots.step():
                pass
            assert settle(emu, session)
            path = session.journal.path
        finally:
            session.close()
            session.link.close()
            emu.close()
        yield path, save


def run(*args: str):
    return CliRunner().invoke(main, ["view", *args])


def test_the_generated_table_from_both_seats(kaiju_save, tmp_path):
    for seat in ("White", "Red"):
        out = tmp_path / f"{seat}.png"
        result = run(str(kaiju_save), "--seat", seat, "--out", str(out))
        assert result.exit_code == 0, result.output
        assert f"kaiju seen by {seat}, as saved" in result.output
        with Image.open(out) as img:
            assert img.width == 1920 and img.height > 1080  # the screen, and the legend below it


def test_mid_game_from_a_journal_the_opponents_hand_is_backs(kaiju_journal, tmp_path):
    path, save = kaiju_journal
    journal_bytes = path.read_bytes()
    scene = from_journal(path, 25, save)
    assert scene.decision == 25 and path.read_bytes() == journal_bytes  # the journal is only read
    for seat in ("White", "Red"):
        geo = geometry.build(scene, seat)
        theirs = [p for p in geo.objects if p.is_card and p.hand not in (None, seat)]
        mine = [p for p in geo.objects if p.is_card and p.hand == seat]
        assert theirs and all(p.shows == "back" for p in theirs)
        assert mine and all(p.shows == "face" for p in mine)
        assert all(p.image is not None for p in theirs + mine)
    out = tmp_path / "mid.png"
    result = run(_save_file(save, tmp_path), "--journal", str(path), "--at", "25", "--seat", "Red", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "after decision 25" in result.output and out.is_file()


def _save_file(save: dict, tmp_path: Path) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(save))
    return str(path)


@pytest.mark.parametrize("args, message", [
    (["--seat", "Blue"], "no hand zone for Blue"),
    (["--screen", "12x3"], "--screen '12x3'"),
    (["--at", "3"], "--at N needs --journal"),
    (["--journal", "no-such-session"], "no such session journal"),
])
def test_bad_options_are_one_line_and_exit_2(kaiju_save, tmp_path, args, message):
    out = tmp_path / "x.png"
    result = run(str(kaiju_save), "--out", str(out), *args)
    assert result.exit_code == 2 and not out.exists()
    assert result.output.count("\n") == 1 and result.output.startswith("error: ") and message in result.output


def test_an_unwritable_out_is_one_line_and_exit_2(kaiju_save, tmp_path):
    (tmp_path / "file").write_text("not a folder")
    result = run(str(kaiju_save), "--out", str(tmp_path / "file" / "x.png"))
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "cannot be written" in result.output


def test_bad_tables_and_journals_are_one_line_and_exit_2(kaiju_journal, generated_save, tmp_path):
    path, save = kaiju_journal
    broken = tmp_path / "broken.json"
    broken.write_text('{"ObjectStates": [')
    other = tmp_path / "qiguang.json"
    other.write_text(json.dumps(generated_save("qiguang")))
    bent = dict(save, ObjectStates=[dict(save["ObjectStates"][0], Transform={"posX": "left"})])
    (tmp_path / "bent.json").write_text(json.dumps(bent))
    odd = dict(save, ObjectStates=[dict(o, Counter={"value": "many"}, ContainedObjects=7, CardID="x")
                                   for o in save["ObjectStates"]])
    (tmp_path / "odd.json").write_text(json.dumps(odd))
    result = run(str(tmp_path / "odd.json"), "--out", str(tmp_path / "odd.png"))
    assert result.exit_code == 0 and (tmp_path / "odd.png").is_file(), result.output  # odd fields: drawn plain
    cases = [([str(broken)], "not JSON"), (["kaju"], "did you mean 'kaiju'"),
             ([str(tmp_path / "bent.json")], "ObjectStates[0].Transform.posX: not a number ('left')"),
             ([_save_file(save, tmp_path), "--journal", str(path), "--at", "9999"], "intact decisions"),
             ([str(other), "--journal", str(path)], "a kaiju session, but the table given is a qiguang table")]
    for args, message in cases:
        result = run(*args, "--out", str(tmp_path / "x.png"))
        assert result.exit_code == 2, result.output
        assert result.output.count("\n") == 1 and message in result.output, result.output
        assert not (tmp_path / "x.png").exists()


def test_bench_view_prints_the_time_of_a_view(build_dir):
    result = CliRunner().invoke(main, ["bench", "view", "--decisions", "10", "--runs", "1",
                                       "--build-dir", str(build_dir), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.strip().splitlines()[-1])
    assert report["game"] == "kaiju" and report["decisions"] == 10 and report["median_s"]["total"] > 0
