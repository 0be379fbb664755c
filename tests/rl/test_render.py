"""render_mode="rgb_array": a picture of the acting seat's view (or the spectators'), the same whatever is hidden."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import render_test  # noqa: E402

from daimyo.core.rng import Rng  # noqa: E402
from daimyo.rl import raw_env, risingsun as rs, senjutsu as sj  # noqa: E402
from tests.rl.test_turns import _senjutsu_perturbed  # noqa: E402
from tests.rokugan.test_properties import perturb_hidden  # noqa: E402


def _play(e, steps, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))


def test_pettingzoo_render_test_passes():
    render_test(lambda render_mode=None: sj.env(players=2, render_mode=render_mode))
    render_test(lambda render_mode=None: rs.env(render_mode=render_mode))
    render_test(lambda render_mode=None: raw_env(players=2, render_mode=render_mode))


def test_rokugan_picture_changes_with_the_board_not_with_hidden_facts():
    e = raw_env(players=3, render_mode="rgb_array")
    e.reset(seed=11)
    first = e.render()
    assert first.dtype == np.uint8 and first.shape == (400, 640, 3)
    _play(e, 60)
    picture = e.render()
    assert not np.array_equal(first, picture)            # tokens and control were placed
    seat = e.game.to_act()[0]
    for g in range(3):
        e.game = perturb_hidden(e.game, seat, Rng(g))
        assert np.array_equal(e.render(), picture)


def test_senjutsu_and_risingsun_pictures():
    e = sj.raw_env(players=2, render_mode="rgb_array")
    e.reset(seed=3)
    empty = e.render()
    _play(e, 30, 1)
    picture = e.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and not np.array_equal(empty, picture)   # placed
    seat = e.game.to_act()[0]
    e.game = _senjutsu_perturbed(e.game, seat, Rng(5))
    assert np.array_equal(e.render(), picture)
    p = rs.parallel_env(render_mode="rgb_array")
    p.reset(seed=0)
    assert p.render().shape == (320, 512, 3)


def test_risingsun_picture_draws_each_clan_in_its_colour_from_the_data_file():
    """The clans' colours are the page's: daimyo/risingsun/data/colours.json (tests/risingsun/test_colours.py)."""
    from daimyo.risingsun.data import CLAN_COLOURS, RULES
    from daimyo.rl import draw

    first, second = RULES.provinces[0], RULES.provinces[1]
    view = {"wars": [], "province": None, "figures": [{"province": first, "owner": "lotus", "kind": "bushi"}],
            "strongholds": {second: ["koi"]}}
    picture = draw.risingsun(view)
    rgb = {c: [int(v[i:i + 2], 16) for i in (1, 3, 5)] for c, v in CLAN_COLOURS.items()}
    assert picture[40, 14].tolist() == rgb["lotus"]                              # the figure's square
    assert picture[picture.shape[0] - 20, 64 + 14].tolist() == rgb["koi"]        # the stronghold's disc


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        sj.raw_env(render_mode="window")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="window")
