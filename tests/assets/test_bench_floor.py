"""`bench assets` prints its reference, a bare-Pillow loop drawing the same texts (issue 21,
scope 6), beside its own cold-build figure, and the ratio, from rounds run alternately."""

from click.testing import CliRunner
from PIL import Image

from tts_bridge.assets import bench
from tts_bridge.assets.bench_floor import card_layouts, floor_cards, run_floor
from tts_bridge.assets.build import Settings
from tts_bridge.assets.games import buildable_games


def test_the_floor_draws_each_card_face_once():
    cards = floor_cards(buildable_games()[0], Settings(dpi=150))
    faces = [c for c in card_layouts(buildable_games()[0], Settings(dpi=150)) if c.card_id != "__back__"]
    assert len(cards) == len(faces)
    assert all(texts for _, texts in cards)  # every card has some text to draw


def test_the_floor_writes_one_png_per_card_at_the_card_size(tmp_path):
    cards = floor_cards(["kaiju"], Settings(dpi=60))[:2]
    assert run_floor(cards, tmp_path) > 0
    files = sorted(tmp_path.glob("*.png"))
    assert len(files) == 2
    with Image.open(files[0]) as im:
        assert im.size == cards[0][0]
        assert im.getextrema() != ((255, 255), (255, 255), (255, 255))  # text was drawn


def test_run_reports_the_floor_and_the_ratio_for_each_round(monkeypatch):
    from tts_bridge.assets import layout

    parsed_before_cold_builds = []
    build_games = bench.build_games

    def cold_build(*args, **kwargs):  # what the workers would inherit from the bench process
        parsed_before_cold_builds.append(layout._parse_item.cache_info().currsize)
        return build_games(*args, **kwargs)

    monkeypatch.setattr(bench, "build_games", cold_build)
    res = bench.run(["kaiju"], rounds=2)
    # the floor's preparation parsed every layout here: the cold builds start without that work
    assert parsed_before_cold_builds[:2] == [0, 0]
    assert res["rounds"] == 2 and len(res["per_round"]) == 2
    assert all(r["floor_cards_per_cpu_s"] > 0 and r["cards"] == res["cards"] > 0 for r in res["per_round"])
    assert abs(res["ratio_to_floor"] - res["cards_per_cpu_s"] / res["floor_cards_per_cpu_s"]) < 0.01
    assert res["errors"] == []


def test_bench_assets_prints_the_reference_beside_its_figure(monkeypatch):
    from tts_bridge.assets.cli import bench_assets_cmd

    fixed = {"cards": 10, "cold_seconds": 1.0, "cards_per_s": 10.0, "cards_per_s_per_core": 5.0, "cores": 2,
             "render_cpu_seconds": 0.2, "cards_per_cpu_s": 50.0, "drawn_cards_per_cpu_s": 80.0,
             "floor_cards_per_cpu_s": 62.5, "ratio_to_floor": 0.8, "drawn_ratio_to_floor": 1.28, "rounds": 3,
             "load_average": 0.5, "noop_seconds": 0.1, "one_card_seconds": 0.2}
    seen = {}

    def run(rounds: int) -> dict:
        seen["rounds"] = rounds
        return fixed

    monkeypatch.setattr(bench, "run", run)
    out = CliRunner().invoke(bench_assets_cmd, ["--rounds", "3"]).output
    assert seen == {"rounds": 3}
    assert "bare-Pillow reference" in out and "62.5 cards per CPU-second; ours x0.8 of it" in out
    assert "drawing alone x1.28" in out and "medians of 3 interleaved rounds" in out


def test_against_another_checkout_alternates_fresh_cold_builds_and_prints_the_ratio(monkeypatch):
    """`bench assets --against DIR` (issue 21, scope 5's "x1.5 today's"): the other checkout's
    cold builds alternate with this one's, each a fresh process; here the other is this one."""
    from tts_bridge.assets.build import REPO

    seen = []
    cold = bench._cold_build_of

    def recorded(tree, cache):
        seen.append(tree)
        return cold(tree, cache)

    monkeypatch.setattr(bench, "_cold_build_of", recorded)
    res = bench.run_against(REPO, rounds=1)
    assert seen == [REPO.resolve(), REPO.resolve()]
    assert res["cards"]["theirs"] == res["cards"]["ours"] > 250 and res["errors"] == {"theirs": 0, "ours": 0}
    assert res["theirs_cards_per_cpu_s"] > 0 and res["ours_cards_per_cpu_s"] > 0 and res["ratio"] > 0


def test_against_a_folder_that_is_no_checkout_is_one_line_and_exit_2(tmp_path):
    from tts_bridge.cli import main

    result = CliRunner().invoke(main, ["bench", "assets", "--against", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"error: {tmp_path} is not a checkout of tts-bridge "
                                                  f"(no tts_bridge/assets/build.py)"]


def test_against_with_cards_is_one_line_and_exit_2(tmp_path):
    from tts_bridge.cli import main

    result = CliRunner().invoke(main, ["bench", "assets", "--against", str(tmp_path), "--cards", "1000"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["error: --against compares cold builds of the sample sets, "
                                                  "--cards rebuilds of a grown set: give one"]
