"""The seed's own example (War Phase page) and the reference's worked battle of Nagato."""

from __future__ import annotations

from importlib import resources

from daimyo.risingsun import examples, load_war, open_example, to_text
from daimyo.risingsun.record import replay
from tests.risingsun.helpers import act, bids, seat


def test_war_phase_seed_example_first_four_wars_resolve_without_battle():
    """War Phase, EXAMPLE 1-4: Kyoto discarded, Hokkaido to Dragonfly, Oshu to Turtle (stronghold), Kansai to Lotus (Honor)."""
    w = load_war(open_example("seed-example"))
    h = {x["province"]: x for x in w.history}
    assert [x["province"] for x in w.history] == ["kyoto", "hokkaido", "oshu", "kansai"]
    assert h["kyoto"]["case"] == "nobody" and h["kyoto"]["winner"] is None
    assert h["hokkaido"]["case"] == "alone" and h["hokkaido"]["winner"] == "dragonfly"
    assert h["oshu"]["case"] == "alone" and h["oshu"]["winner"] == "turtle"
    assert h["oshu"]["with_force"] == ["turtle"]           # nobody has figures there: the stronghold is the Force
    assert h["kansai"]["case"] == "allies" and h["kansai"]["winner"] == "lotus"
    assert w.tokens[seat(w, "dragonfly")] == [("hokkaido", "spring")]
    assert w.tokens[seat(w, "turtle")] == [("oshu", "spring")]
    assert w.tokens[seat(w, "lotus")] == [("kansai", "spring")]
    assert not any(p == "kyoto" for ts in w.tokens for p, _ in ts)   # discarded
    # Kansai: allies, no battle, nobody dies
    assert len(w.figures_in("kansai")) == 3 and not w.killed


def test_war_phase_seed_example_nagato_is_a_battle_of_all_three_and_edo_a_battle():
    """War Phase, EXAMPLE 5-6: Turtle, Lotus and Koi fight at Nagato (allies included); Koi and Dragonfly at Edo."""
    w = load_war(open_example("seed-example"))
    assert w.province() == "nagato"
    assert sorted(w.clans[p] for p in w.to_act()) == ["koi", "lotus", "turtle"]
    bids(w, lotus="0 0 0 0", turtle="0 0 0 0", koi="0 0 0 0")
    # Force: Lotus 2, Turtle 2 + stronghold = 3, Koi 3; tie between Turtle and Koi goes to Turtle (higher Honor)
    assert w.history[-1]["winner"] == "turtle"
    assert w.history[-1]["forces"] == {"lotus": 2, "turtle": 3, "koi": 3}
    # Koi's figures die, Lotus's survive (allied with the winner)
    assert w.figures_in("nagato", seat(w, "koi")) == []
    assert len(w.figures_in("nagato", seat(w, "lotus"))) == 2
    assert w.province() == "edo"
    assert sorted(w.clans[p] for p in w.to_act()) == ["dragonfly", "koi"]
    bids(w, koi="0 0 0 0", dragonfly="0 0 0 0")
    assert w.is_terminal()
    assert w.history[-1]["winner"] == "dragonfly"            # 1-1, Dragonfly has the higher Honor
    assert w.result["players"]["dragonfly"]["tokens"] == ["hokkaido@spring", "edo@spring"]


def test_reference_worked_battle_of_nagato():
    """Reference "A battle" 1-6 on the worked battle: Lotus, Turtle and Koi at Nagato, bid by bid."""
    text = resources.files("daimyo.risingsun").joinpath("examples/worked-battle.record").read_text(encoding="utf-8")
    rep = replay(text)
    s = rep.state
    ev = {e.kind: e.data for e in rep.events}
    # Start of War: Koi's 2 ronin became coins (4), shown at the battle with 4 ronin-for-hire
    assert ev["battle"]["shown"]["koi"] == {"coins": 4, "ronin": 4}
    assert ev["bids-revealed"]["bids"]["koi"] == {"seppuku": 2, "hostage": 0, "ronin": 0, "poets": 1}
    # Seppuku: Koi's three figures die, +3 VP, three steps of Honor: to the top
    assert ev["seppuku"]["killed"] == [5, 6, 7] and ev["seppuku"]["vp"] == 3
    assert ev["seppuku"]["honor"] == ["koi", "lotus", "turtle"]
    # Take Hostage: Turtle takes its ally Lotus's bushi, and 1 VP from Lotus
    assert ev["hostage"] == {"province": "nagato", "clan": "turtle", "figure": 1, "owner": "lotus", "figure_kind": "bushi", "vp": 1}
    # Hire Ronin: a 1-1 tie goes to Lotus (higher Honor than Turtle)
    assert ev["ronin-hired"] == {"province": "nagato", "clan": "lotus", "force": 1}
    # Outcome: Turtle 2 figures + stronghold = 3 beats Lotus 1 + 1 ronin = 2 and Koi 0; Lotus's bushi survives (ally)
    assert ev["battle-won"]["clan"] == "turtle"
    assert ev["battle-won"]["forces"] == {"lotus": 2, "turtle": 3, "koi": 0}
    assert ev["battle-won"]["killed"] == []
    assert [f[0] for f in s.figures_in("nagato", seat(s, "lotus"))] == [2]
    # Imperial Poets: the 1-1 tie goes to Koi, whose Honor is now the highest; 3 figures died (by Seppuku)
    assert ev["poets"] == {"province": "nagato", "clan": "koi", "vp": 3}
    # Reparations: Lotus and Koi discard 3 each; Turtle's 3 coins: 1 each, the odd one to Lotus
    assert ev["reparations"]["discarded"] == {"lotus": 3, "koi": 3}
    assert ev["reparations"]["paid"] == {"lotus": 2, "koi": 1}
    r = s.result["players"]
    assert (r["lotus"]["vp"], r["turtle"]["vp"], r["koi"]["vp"]) == (4, 4, 8)
    assert (r["lotus"]["coins"], r["turtle"]["coins"], r["koi"]["coins"]) == (1 + 2, 0, 1 + 1)
    assert r["turtle"]["tokens"] == ["nagato@spring"] and r["turtle"]["war_tokens"]["total"] == 1
    assert s.result["winner"] == "koi"


def test_worked_battle_war_file_matches_the_record():
    """The example war file and the record's header describe the same situation."""
    w = load_war(open_example("worked-battle"))
    for line in ("lotus: bid 0 1 1 1", "turtle: bid 0 2 1 0", "koi: bid 2 0 0 1", "koi: seppuku",
                 "turtle: hostage #1", "lotus: hire", "koi: poets", "turtle: remainder lotus"):
        clan, text = line.split(": ")
        act(w, clan, text)
    assert w.result["winner"] == "koi"
    assert to_text(w).count("figures nagato") == 1


def test_examples_are_listed_and_load():
    names = examples()
    assert {"seed-example", "worked-battle"} <= set(names)
    for name in names:
        assert load_war(open_example(name)).wars
