"""`import-deck` end to end: every sample deck of every registered game becomes a valid TTS
saved object; bad lists are refused with every problem and nothing written (issue 8)."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.core.registry import game_ids, get_rules
from tts_bridge.cli import main
from tts_bridge.saves.validate import errors, validate_file

DATA = Path(__file__).resolve().parents[2] / "card_data"


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("build")


def _run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def _sample_decks():
    for game in game_ids():
        for path in sorted((DATA / game / "decks").glob("*.txt"))[:2]:
            yield game, path


@pytest.mark.parametrize("game,path", list(_sample_decks()), ids=lambda v: getattr(v, "name", v))
def test_every_sample_deck_imports_to_a_valid_saved_object(game, path, build_dir, tmp_path):
    result = _run("import-deck", game, str(path), "--out", str(tmp_path), "--build-dir", str(build_dir), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    deck = get_rules(game).load_deck(path)
    assert report["ok"] and report["cards"] == sum(len(ids) for ids in deck.sections.values())
    saved = Path(report["paths"][0])
    assert errors(validate_file(saved, strict=True)) == []
    assert Path(report["paths"][1]).stat().st_size > 0
    objects = json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"]
    assert len(objects) == len([s for s, ids in deck.sections.items() if ids])


def test_round_trip_import_then_export_gives_the_same_deck(build_dir, tmp_path):
    path = sorted((DATA / "kaiju" / "decks").glob("*.txt"))[0]
    _run("import-deck", "kaiju", str(path), "--out", str(tmp_path), "--build-dir", str(build_dir))
    exported = _run("export-deck", str(tmp_path / f"{path.stem}.json"), "--game", "kaiju").output
    again = tmp_path / "again.txt"
    again.write_text(exported, encoding="utf-8")
    rules = get_rules("kaiju")
    assert sorted(rules.load_deck(again).sections["main"]) == sorted(rules.load_deck(path).sections["main"])


def test_existing_files_need_force_and_tts_dir_layout(build_dir, tmp_path):
    path = sorted((DATA / "kaiju" / "decks").glob("*.txt"))[0]
    args = ["import-deck", "kaiju", str(path), "--tts-dir", str(tmp_path), "--build-dir", str(build_dir)]
    assert _run(*args).exit_code == 0
    target = tmp_path / "Saves" / "Saved Objects" / "kaiju" / f"{path.stem}.json"
    assert target.is_file()
    before = target.stat().st_mtime_ns
    second = _run(*args)
    assert second.exit_code == 2 and "already exists; use --force" in second.output
    assert target.stat().st_mtime_ns == before
    assert _run(*args, "--force").exit_code == 0
    env_dir = tmp_path / "env"
    missing = _run("import-deck", "kaiju", str(path), "--build-dir", str(build_dir), env={"TTS_BRIDGE_TTS_DIR": str(env_dir)})
    assert missing.exit_code == 2 and "no Tabletop Simulator folder here" in missing.output
    assert not env_dir.exists()  # a machine without TTS does not get a made-up TTS folder
    env_dir.mkdir()
    result = _run("import-deck", "kaiju", str(path), "--build-dir", str(build_dir), env={"TTS_BRIDGE_TTS_DIR": str(env_dir)})
    assert result.exit_code == 0 and (env_dir / "Saves" / "Saved Objects" / "kaiju" / f"{path.stem}.json").is_file()


def test_bad_list_exit_2_every_problem_nothing_written(build_dir, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("3 Lava Beast Pyroclasm\n4 Kindling Beast Cindrak\n", encoding="utf-8")
    out = tmp_path / "out"
    result = _run("import-deck", "kaiju", str(bad), "--out", str(out), "--build-dir", str(build_dir), "--json")
    assert result.exit_code == 2
    report = json.loads(result.output)
    assert report["ok"] is False
    assert report["problems"][0] == f"{bad}:1: unknown card 'Lava Beast Pyroclasm'; did you mean 'Lava Beast Pyroclast'?"
    assert any(p.startswith(f"{bad}:2: 4 cards named 'Cindrak'") for p in report["problems"])
    assert not out.exists()


@pytest.mark.parametrize("game", game_ids())
def test_each_games_construction_rules_refuse_a_broken_list(game, build_dir, tmp_path):
    """The importer validates with the game's own rules: an extra copy far over any limit is
    refused with its line, exit 2, nothing written."""
    sample = sorted((DATA / game / "decks").glob("*.txt"))[0]
    text = sample.read_text(encoding="utf-8-sig").rstrip("\n")
    first = next(line for line in text.splitlines() if line.strip()[:1].isdigit())
    name = first.split(" ", 1)[1].strip()
    bad = tmp_path / "too-many.txt"
    bad.write_text(text + f"\n12 {name}\n", encoding="utf-8")
    out = tmp_path / "out"
    options = ["--option", "deck_check=standard"] if game == "qiguang" else []  # qiguang has no rule by default
    result = _run("import-deck", game, str(bad), "--out", str(out), "--build-dir", str(build_dir), "--json", *options)
    assert result.exit_code == 2, result.output
    report = json.loads(result.output)
    assert report["ok"] is False and report["problems"]
    last_line = len(bad.read_text(encoding="utf-8").splitlines())
    for problem in report["problems"]:
        assert problem.startswith(str(bad))
        if " named " in problem:  # a copies problem points at the lines of that card
            assert f":{last_line}" in problem or f", {last_line}" in problem, problem
    assert not out.exists()
