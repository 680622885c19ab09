"""Sheet packing edges: 1, 69, 70, 71, 140 cards, hidden cell on/off, size cap, unique backs."""

import pytest
from PIL import Image

from tts_bridge.assets.sheets import cell_size, compose, plan_sheets


@pytest.mark.parametrize("n,hidden,expected", [
    (1, False, [(1, 1, 1)]), (1, True, [(2, 1, 1)]),
    (69, False, [(10, 7, 69)]), (69, True, [(10, 7, 69)]),
    (70, False, [(10, 7, 70)]), (70, True, [(10, 7, 69), (2, 1, 1)]),
    (71, False, [(10, 7, 70), (1, 1, 1)]), (71, True, [(10, 7, 69), (3, 1, 2)]),
    (140, False, [(10, 7, 70), (10, 7, 70)]), (140, True, [(10, 7, 69), (10, 7, 69), (3, 1, 2)]),
])
def test_plan(n, hidden, expected):
    plans = plan_sheets(n, hidden)
    assert [(p.cols, p.rows, len(p.cards)) for p in plans] == expected
    assert [i for p in plans for i in p.cards] == list(range(n))
    for p in plans:
        assert p.cols <= 10 and p.rows <= 7
        if hidden:
            assert p.hidden_index == p.cells - 1 and len(p.cards) <= p.cells - 1
        else:
            assert p.hidden_index is None and len(p.cards) <= p.cells


def test_cap_scales_cells_and_keeps_aspect():
    cw, ch = cell_size(744, 1039, 10, 7, 4096)
    assert cw * 10 <= 4096 and ch * 7 <= 4096
    assert abs(cw / ch - 744 / 1039) < 0.01
    assert cell_size(744, 1039, 2, 1, 4096) == (744, 1039)  # small grids are not scaled
    cw, ch = cell_size(744, 1039, 10, 7, 2048)
    assert cw * 10 <= 2048 and ch * 7 <= 2048


def _img(color):
    return Image.new("RGB", (20, 28), color)


@pytest.mark.parametrize("hidden", [False, True])
def test_compose_puts_cards_in_cells_and_hidden_picture_last(hidden):
    plan = plan_sheets(12, hidden)[0]
    faces = [_img((i * 20, 0, 0)) for i in range(12)]
    sheet = compose(faces, plan, (20, 28), filler=_img("blue"), hidden=_img("green"))
    assert sheet.size == (plan.cols * 20, plan.rows * 28) and sheet.mode == "RGB"
    for k in range(12):
        assert sheet.getpixel(((k % plan.cols) * 20 + 5, (k // plan.cols) * 28 + 5)) == (k * 20, 0, 0)
    last = plan.cells - 1
    corner = sheet.getpixel(((last % plan.cols) * 20 + 5, (last // plan.cols) * 28 + 5))
    assert corner == ((0, 128, 0) if hidden else (0, 0, 255))


def test_unique_backs_sheet_has_the_same_grid():
    plan = plan_sheets(5, False)[0]
    backs = [_img((0, 0, 10 * i)) for i in range(5)]
    sheet = compose(backs, plan, (20, 28), filler=_img("white"))
    assert sheet.size == (plan.cols * 20, plan.rows * 28)
    assert sheet.getpixel((4 * 20 + 1, 1)) == (0, 0, 40)


def test_grid_limits_are_enforced():
    with pytest.raises(ValueError):
        plan_sheets(5, False, max_cols=11)
