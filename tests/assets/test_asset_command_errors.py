"""Everyday mistakes with the asset commands (issue 18, scope 3): a template syntax error, an
output folder that cannot be written, out-of-range options: one `error:` line (or click's
usage message), exit code 2, never a traceback. And two smaller ones (scope 9): Letter pages
hold 3 x 3 poker cards, and switching --format leaves no stale sheets behind."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from tts_bridge.assets.build import REPO, Settings, build_game
from tts_bridge.assets.cli import build_cmd_impl
from tts_bridge.assets.pdf import PAGES, layout
from tts_bridge.cli import main


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def blocked(tmp_path):
    """A path no one can create a folder at, root included: its parent is a file."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return blocker / "out"


@pytest.mark.parametrize("broken", ["kaiju/battle.yaml.j2", "_shared/_back.yaml.j2"])
def test_a_template_syntax_error_is_one_line_naming_file_and_line(broken, tmp_path, capsys):
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    path = templates / "cards" / broken
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2] + ["{% if card.name %}unclosed"] + lines[2:]) + "\n")
    settings = Settings(out=tmp_path / "build", templates=templates, dpi=20)
    code = build_cmd_impl(["kaiju"], [], settings, as_json=False)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    [line] = err.splitlines()
    assert line.startswith(f"error: {path}:") and "template syntax error" in line
    assert int(line.split(f"{path}:")[1].split(":")[0]) == len(lines) + 1  # Jinja reports where it gave up


def test_build_into_an_unwritable_out_is_one_line(blocked):
    result = _run("build", "kaiju", "--out", str(blocked), "--dpi", "20")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.output.splitlines() == [f"error: cannot write to {blocked}: Not a directory (choose another --out)"]


def test_build_all_into_an_unwritable_out_is_one_line(blocked):
    result = _run("build", "--all", "--out", str(blocked), "--dpi", "20")
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1


def test_pdf_into_an_unwritable_out_is_one_line(blocked):
    result = _run("pdf", "kaiju", "--out", str(blocked))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.output.splitlines() == [f"error: cannot write to {blocked / 'kaiju'}: Not a directory "
                                          f"(choose another --out)"]


def test_an_unwritable_game_folder_stops_the_build_with_one_error(tmp_path):
    out = tmp_path / "build"
    out.mkdir()
    (out / "kaiju").write_text("a file where the game's folder goes")
    result = _run("build", "kaiju", "--out", str(out), "--dpi", "20")
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"error: cannot write to {out / 'kaiju'}: File exists (choose another --out)"]


@pytest.mark.parametrize("option", [["--dpi", "0"], ["--dpi", "-3"], ["--dpi", "100000"], ["--bleed", "-1"],
                                    ["--quality", "0"], ["--cap", "10"]])
def test_out_of_range_options_are_refused_by_the_cli(option, tmp_path):
    result = _run("build", "kaiju", "--out", str(tmp_path), *option)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"Invalid value for '{option[0]}'" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "kaiju").exists()


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_a_page_holds_3_by_3_poker_cards_with_its_crop_marks_on_the_paper(page):
    cols, rows, x0, y0 = layout(page, 63.0, 88.0)
    assert (cols, rows) == (3, 3)
    pw, ph = PAGES[page]
    assert x0 + 3 * 63.0 <= pw - x0 and x0 >= 6.0 and y0 >= 6.0


def test_switching_format_leaves_no_stale_sheets(tmp_path):
    settings = Settings(out=tmp_path, dpi=20, max_cols=5, max_rows=2)
    png = build_game("kaiju", settings)
    assert png.errors == [] and len(png.sheets) > 1
    settings.fmt = "jpeg"
    jpg = build_game("kaiju", settings)
    root = tmp_path / "kaiju"
    assert sorted(p.name for p in (root / "sheets").iterdir()) == sorted(p.rsplit("/", 1)[1] for p in jpg.sheets)
    assert all(p.endswith(".jpg") for p in jpg.sheets)
    assert [p.name for p in root.glob("back.*")] == ["back.jpg"]
    fewer = Settings(out=tmp_path, dpi=20, fmt="jpeg")  # one sheet now holds every card
    one = build_game("kaiju", fewer)
    assert [p.name for p in (root / "sheets").iterdir()] == ["sheet-01.jpg"] == [p.rsplit("/", 1)[1] for p in one.sheets]


def test_a_misspelt_game_is_the_same_line_in_build_pdf_watch_and_referee(tmp_path):
    lines = set()
    for args in (["build", "kaju", "--out", str(tmp_path)], ["pdf", "kaju", "--out", str(tmp_path)],
                 ["watch", "kaju", "--out", str(tmp_path)], ["referee", "--game", "kaju"]):
        result = _run(*args)
        assert result.exit_code == 2, (args, result.output)
        [line] = result.output.splitlines()
        lines.add(line)
    assert lines == {"error: unknown game 'kaju'; did you mean 'kaiju'? "
                     "(registered games: gundam-war, kaiju, qiguang, sakura-arms, vividz)"}
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("damage, says", [
    (b"\xff", "3: (file): not UTF-8 text (byte {at}); save the file as UTF-8"),
    (b"{{ " + b"(" * 3000 + b" }}", " brackets nested too deeply for a template"),
])
def test_a_template_no_text_editor_writes_is_one_line_naming_it(tmp_path, capsys, damage, says):
    """Found by fuzzing the templates: a byte that is not UTF-8 (UnicodeDecodeError) and
    thousands of nested brackets (RecursionError in Jinja's parser) were tracebacks."""
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    path = templates / "cards" / "kaiju" / "battle.yaml.j2"
    raw = path.read_bytes()
    at = len(b"".join(raw.splitlines(keepends=True)[:2]))  # the start of line 3
    path.write_bytes(raw[:at] + damage + raw[at:])
    code = build_cmd_impl(["kaiju"], [], Settings(out=tmp_path / "build", templates=templates, dpi=20), as_json=False)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.splitlines() == [f"error: {path}:" + says.format(at=at)]


def test_a_layout_number_that_cannot_be_drawn_is_a_red_card_and_one_error_naming_it(tmp_path):
    """Found by fuzzing the templates' numbers: a width of .inf passes the layout schema
    (YAML's infinity is a number) but Pillow cannot draw it; the OverflowError killed the whole
    build. Now the card is the red placeholder and the build says which card and why."""
    from PIL import Image

    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    frame = templates / "cards" / "kaiju" / "_frame.yaml.j2"
    frame.write_text(frame.read_text().replace("w: 58, h: 83", "w: .inf, h: 83", 1))
    settings = Settings(out=tmp_path / "build", templates=templates, dpi=20)
    report = build_game("kaiju", settings)
    assert report.errors and all("the layout cannot be drawn (OverflowError" in e and "check its numbers" in e
                                 and "\n" not in e for e in report.errors)
    with Image.open(tmp_path / "build" / "kaiju" / "faces" / "kj-cindrak.png") as face:
        assert face.convert("RGB").getpixel((face.width // 2, face.height // 2))[0] > 150  # the red card
