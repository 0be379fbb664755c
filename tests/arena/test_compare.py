"""``daimyo study compare``: a baseline and a variant on the same deals, each unit's paired difference (docs/designers.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from daimyo.arena.compare import Arm, compare_rows, paired, plan, run_compare, t975
from daimyo.cli.main import main

ROOT = Path(__file__).parents[2]
WAR = ROOT / "daimyo/risingsun/examples/seed-example.war"
VARIANT_WAR = ROOT / "docs/risingsun-variant-example.war"
VARIANT_CARDS = ROOT / "docs/senjutsu-variant-example.json"


def test_t_quantiles_are_close_to_the_tables():
    for df, exact in ((3, 3.182446), (5, 2.570582), (10, 2.228139), (11, 2.200985), (19, 2.093024), (30, 2.042272),
                      (1000, 1.962339)):
        assert abs(t975(df) - exact) < 0.001, df


def test_a_paired_difference_and_its_interval():
    same = paired([1, 0, 1, 0], [1, 0, 1, 0])
    assert same["difference"] == 0 and same["changed"] == 0 and same["verdict"] == "no difference shown"
    # the variant wins 8 more of 20 pairs and loses none: a difference of +0.4 whose interval leaves out 0
    better = paired([0.0] * 20, [1.0] * 8 + [0.0] * 12)
    assert better["difference"] == 0.4 and better["changed"] == 8 and better["ci95"][0] > 0 and better["verdict"] == "higher"
    # the mean of d = +0.4, sd of 8 ones in 20 = 0.5026, half = t(19) 2.093 * 0.5026 / sqrt(20) = 0.2352
    assert better["ci95"] == pytest.approx([0.4 - 0.2352, 0.4 + 0.2352], abs=5e-4)
    assert better["baseline"]["win_rate"] == 0 and better["variant"]["win_rate"] == 0.4
    with pytest.raises(ValueError, match="one result per pair"):
        paired([1], [1, 0])


def test_rows_pair_by_game_and_a_tie_splits():
    base = [{"game": 0, "clans": ["crab", "lion"], "winners": [0, 1]}, {"game": 1, "clans": ["lion", "crab"], "winners": [0]}]
    var = [{"game": 0, "clans": ["crab", "lion"], "winners": [0]}, {"game": 1, "clans": ["lion", "crab"], "winners": [1]}]
    r = compare_rows(base, var, "rokugan")
    assert r["units"]["crab"]["baseline"]["win_rate"] == 0.25 and r["units"]["crab"]["variant"]["win_rate"] == 1.0
    assert r["units"]["crab"]["difference"] == 0.75 and r["units"]["lion"]["difference"] == -0.75
    assert r["seats"]["0"]["difference"] == 0.0 - 0.25 + 0.0 and r["seats"]["0"]["pairs"] == 2
    with pytest.raises(ValueError, match="same games"):
        compare_rows(base, var[:1], "rokugan")


def test_both_arms_play_the_same_seeds_and_seatings():
    base, var = plan("rokugan", 3, 9, 5, Arm(("heuristic", "random")), Arm(("random", "random")))
    assert [(s.seed, s.clans, s.block) for s in base] == [(s.seed, s.clans, s.block) for s in var]
    assert all(v.bots == ("random",) * 3 for v in var) and base[0].bots != base[1].bots
    sj_base, sj_var = plan("senjutsu", None, 2, 0, Arm(("heuristic",)),
                           Arm(("heuristic",), cards=((str(VARIANT_CARDS), VARIANT_CARDS.read_text()),)))
    assert [(d.seed, d.characters) for d in sj_base] == [(d.seed, d.characters) for d in sj_var]
    kaze = [d for d in sj_var if "kaze" in d.characters]
    assert kaze and all("kaze-keen" in d.decks for d in kaze)
    assert all(b.decks == v.decks for b, v in zip(sj_base, sj_var, strict=True) if "kaze" not in b.characters)


def test_a_variant_the_same_as_its_baseline_differs_nowhere():
    r = run_compare("rokugan", 2, 7, 3, Arm(("heuristic",)), Arm(("heuristic",)))
    assert r["games"] == 7 and set(r["units"]) == {"crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"}
    assert all(v["changed"] == 0 and v["difference"] == 0 for v in [*r["units"].values(), *r["seats"].values()])


def test_a_rising_sun_war_file_variant_is_paired_clan_by_clan():
    wars = ((str(WAR), WAR.read_text()),)
    r = run_compare("risingsun", None, 12, 0, Arm(("heuristic", "random"), wars=wars),
                    Arm(("heuristic", "random"), wars=((str(VARIANT_WAR), VARIANT_WAR.read_text()),)))
    assert set(r["units"]) == {"lotus", "dragonfly", "turtle", "koi"} and r["players"] == [4]
    assert all(v["pairs"] == 12 for v in r["units"].values())
    assert r["units"]["koi"]["variant"]["win_rate"] >= r["units"]["koi"]["baseline"]["win_rate"]   # more Ronin for Koi


def _cli(tmp_path, *args):
    return CliRunner().invoke(main, ["study", "compare", "--workers", "1", "--out", str(tmp_path / "out"), *args])


def test_the_command_writes_report_figures_and_plot(tmp_path):
    r = _cli(tmp_path, "--game", "senjutsu", "--games", "1", "--cards", str(VARIANT_CARDS),
             "--characters", "kaze,tetsu", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data["units"]) == {"kaze", "tetsu"} and data["games"] == 2
    assert "kaze: kaze-keen" in data["decks"]["variant"] and "kaze: kaze-sample" in data["decks"]["baseline"]
    names = {Path(f).name for f in data["written"]}
    assert names == {"compare.md", "compare.json", "compare.png", "compare.svg"}
    assert all(Path(f).stat().st_size > 0 for f in data["written"])
    assert "| kaze | 2 |" in (tmp_path / "out" / "compare.md").read_text()


@pytest.mark.parametrize("args, words", [
    (["--game", "rokugan"], "name the variant"),
    (["--game", "rokugan", "--cards", str(VARIANT_CARDS)], "give --game senjutsu"),
    (["--game", "senjutsu", "--variant-war", str(VARIANT_WAR)], "give --game risingsun"),
    (["--game", "rokugan", "--variant-bots", "random,random"], "as many bots"),
    (["--game", "rokugan", "--variant-bots", "nobot"], "unknown bot 'nobot'"),
    (["--game", "senjutsu", "--cards", str(VARIANT_CARDS), "--variant-deck", "kaze"], "write CHARACTER=DECK"),
    (["--game", "senjutsu", "--cards", str(VARIANT_CARDS), "--variant-deck", "kaze=hana-sample"], "not a deck of kaze"),
    (["--game", "senjutsu", "--cards", str(VARIANT_CARDS), "--characters", "kaze,ryu"], "'ryu' is not among"),
    (["--game", "risingsun", "--war", str(WAR), "--war", str(WAR), "--variant-war", str(VARIANT_WAR)], "one war file for each"),
])
def test_a_bad_comparison_is_refused_in_words_and_writes_nothing(tmp_path, args, words):
    r = _cli(tmp_path, "--games", "1", *args)
    assert r.exit_code == 2 and words in r.output, r.output
    assert not (tmp_path / "out").exists()


def test_a_bad_card_file_is_named_by_the_loader(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "senjutsu-cards", "cards": [}', encoding="utf-8")
    r = _cli(tmp_path, "--game", "senjutsu", "--games", "1", "--cards", str(bad))
    assert r.exit_code == 1 and "bad.json: not JSON: line 1, column" in r.output and "Traceback" not in r.output
