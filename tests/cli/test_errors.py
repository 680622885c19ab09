"""Everyday mistakes on the command line: one clear `error:` line, exit code 2, the same line
in every command that reads the same input, never a traceback (issue 18, scope 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tts_bridge.cli import main
from tts_bridge.protocol.transport import free_port

DATA = Path(__file__).resolve().parents[2] / "card_data"
GOOD = DATA / "kaiju" / "decks" / "stone-wing.txt"
SAMPLE = DATA / "kaiju" / "decks" / "ember-tide.txt"


def _run(*args: str, env: dict | None = None, stdin: str = ""):
    return CliRunner().invoke(main, list(args), input=stdin, env=env)


def _errors(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("error:")]


def _referee(deck: Path):
    return _run("referee", "--game", "kaiju", "--deck-a", str(deck), "--deck-b", str(GOOD), stdin='{"op":"pending"}\n')


def _serve(deck: Path, tmp_path: Path):
    """`serve` with no TTS anywhere: the decks are read before it looks for TTS."""
    return _run("serve", "--game", "kaiju", "--deck-a", str(deck), "--deck-b", str(GOOD), "--wait-for-tts", "0",
                "--listen-port", str(free_port()), "--tts-port", str(free_port()), "--journal-dir", str(tmp_path))


def _import(deck: Path, tmp_path: Path):
    return _run("import-deck", "kaiju", str(deck), "--out", str(tmp_path / "out"))


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    text = SAMPLE.read_text(encoding="utf-8")
    files = {
        "binary": (bytes(range(256)) * 8, "this is binary data, not a deck list"),
        "latin-1": ((text + "1 Café Beast\n").encode("latin-1"), "not UTF-8 text"),
        "utf-16 without BOM": (text.encode("utf-16-le"), "UTF-16 text without a byte-order mark; save the list as UTF-8"),
    }
    out = {}
    for kind, (data, message) in files.items():
        path = tmp_path / f"{kind.replace(' ', '-')}.txt"
        path.write_bytes(data)
        out[kind] = (path, message)
    return out


@pytest.mark.parametrize("kind", ["binary", "latin-1", "utf-16 without BOM"])
def test_an_unreadable_deck_file_is_the_same_one_line_in_referee_serve_and_import_deck(kind, tmp_path):
    path, message = _bad_files(tmp_path)[kind]
    results = {"referee": _referee(path), "serve": _serve(path, tmp_path), "import-deck": _import(path, tmp_path)}
    lines = {}
    for command, result in results.items():
        assert result.exit_code == 2, (command, result.output)
        assert isinstance(result.exception, SystemExit), (command, result.exception)
        errors = _errors(result)
        assert len(errors) == 1 and message in errors[0] and str(path) in errors[0], (command, result.output)
        lines[command] = errors[0]
    assert len(set(lines.values())) == 1, lines
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_utf16_or_utf32_deck_with_a_byte_order_mark_is_simply_read(encoding, tmp_path):
    path = tmp_path / "unicode.txt"
    text = SAMPLE.read_text(encoding="utf-8")
    path.write_bytes(("\ufeff" + text).encode(encoding) if encoding.endswith("-be") else text.encode(encoding))
    referee = _referee(path)
    assert referee.exit_code == 0 and json.loads(referee.output.splitlines()[0])["ok"], referee.output
    served = _serve(path, tmp_path)  # the decks are fine: serve gets as far as looking for TTS
    assert served.exit_code == 3 and "Tabletop Simulator" in served.output and "deck" not in served.output
    imported = _import(path, tmp_path)
    assert imported.exit_code == 0 and "unicode: 40 cards" in imported.output, imported.output


def test_import_deck_to_an_unwritable_out_folder_is_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = _run("import-deck", "kaiju", str(SAMPLE), "--out", str(blocker / "decks"))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.output.strip().splitlines() == [
        f"error: {blocker / 'decks'}: cannot write the deck there (Not a directory); give another --out folder"]


def test_import_deck_without_tts_does_not_create_a_tts_folder(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = _run("import-deck", "kaiju", str(SAMPLE), env={"HOME": str(home), "TTS_BRIDGE_TTS_DIR": ""})
    assert result.exit_code == 2
    [error] = _errors(result)
    assert "no Tabletop Simulator folder here" in error and "--out DIR" in error
    assert list(home.iterdir()) == []


@pytest.mark.parametrize("args", [["referee", "--game", "kaju"], ["import-deck", "kaju", str(SAMPLE)],
                                  ["serve", "--game", "kaju"], ["actions", "kaju"], ["options", "sakura"]])
def test_a_misspelt_game_id_gets_did_you_mean(args):
    result = _run(*args)
    assert result.exit_code == 2
    [error] = _errors(result)
    assert "did you mean 'kaiju'?" in error or "did you mean 'sakura-arms'?" in error
    assert "registered games: gundam-war, kaiju" in error


@pytest.mark.parametrize("extra", [["--seed", "5"], ["--deck-a", str(SAMPLE), "--deck-b", str(GOOD)],
                                   ["--option", "support_slots=3"], ["--seats", "Blue,Green"]])
def test_resume_refuses_the_options_of_a_new_game_instead_of_ignoring_them(extra, tmp_path):
    result = _run("serve", "--game", "kaiju", "--resume", "20260101-000000-kaiju-abcdef", *extra,
                  "--journal-dir", str(tmp_path), "--wait-for-tts", "0")
    assert result.exit_code == 2
    [error] = _errors(result)
    assert f"{extra[0]}" in error and "cannot be combined with --resume" in error


def test_serve_with_a_journal_folder_it_cannot_write_is_one_line_before_looking_for_tts(tmp_path):
    """Before, the folder was first written when TTS had connected: a traceback from mkdir."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = _run("serve", "--game", "kaiju", "--wait-for-tts", "0", "--listen-port", str(free_port()),
                  "--tts-port", str(free_port()), "--journal-dir", str(blocker / "sessions"))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert result.output.strip().splitlines() == [
        f"error: cannot write to {blocker / 'sessions'}: Not a directory (choose another --journal-dir)"]


def _not_a_save(kind: str) -> bytes:
    bag = '{"Name":"Bag","ContainedObjects":['
    card = '{"Name":"Card","CardID":100,"CustomDeck":{"1":{"FaceURL":"f","BackURL":"b","NumWidth":10,"NumHeight":7}}}'
    return {
        "binary": bytes(range(255, 0, -1)) * 8,
        "arrays 200,000 deep": ("[" * 200_000 + "]" * 200_000).encode(),
        "bags 300 deep": ('{"ObjectStates":[' + bag * 300 + card + "]}" * 300 + "]}").encode(),
        "a 5,000-digit number": ('{"ObjectStates":[{"Name":"Card","CardID":' + "9" * 5000 + "}]}").encode(),
    }[kind]


@pytest.mark.parametrize("kind, says", [
    ("binary", "not UTF-8 text (byte 0): not a TTS save"),
    ("arrays 200,000 deep", "nested deeper than 128 levels: not a TTS save"),
    ("bags 300 deep", "nested deeper than 128 levels: not a TTS save"),
    ("a 5,000-digit number", "holds a number thousands of digits long: not a TTS save"),
])
def test_a_file_that_is_no_save_is_one_line_in_validate_save_export_deck_and_view(tmp_path, kind, says):
    """Before, each of these was a traceback in export-deck and view (RecursionError from the
    decoder or from the scene's walk over bags in bags, ValueError from the 5,000-digit int),
    and the binary file one in validate-save."""
    path = tmp_path / "table.json"
    path.write_bytes(_not_a_save(kind))
    validated = _run("validate-save", str(path))
    assert validated.exit_code == 1 and isinstance(validated.exception, SystemExit), validated.output
    assert f"error: $: {says}" in validated.output.splitlines()[-1]
    for command in (["export-deck", str(path)], ["view", str(path), "--out", str(tmp_path / "v.png")]):
        result = _run(*command)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (command, result.output)
        assert result.output.strip().splitlines() == [f"error: {path}: {says}"], command
