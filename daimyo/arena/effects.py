"""What each territory card and clan ability does in Battle for Rokugan: ``daimyo rokugan effects``
(docs/designers.md, "What each card and ability does").

Arena games are played, and each record is replayed (:func:`game_facts`) for what happened to each territory card
in the game (on its territory's space after Setup; claimed by whom; played by whom) and how often each clan used its
optional ability (Scorpion's look, Unicorn's swap) or made Dragon's return. Then the same games are played again
with one card (or one ability) **forbidden**: the same seeds, seats and bots, the card never playable (the ability
always passed). For each card and ability (:func:`measure`):

* how often it was in the game, claimed and played (cards), or used (abilities: uses a game);
* the win rate of its holder in the games it was played against the games it was held and not played (cards), or
  of the clan in games it used its ability against games it did not, with 95% Wilson intervals: what the bots did,
  not what the card is worth (a player plays a card when it helps);
* restricted play: the paired difference of the holder's (the clan's) result, forbidden minus free, over the games
  it held the card (sat in the game), with a 95% paired interval: what being able to play it was worth.

The forbidden games are played by the Python engine (the native engine knows nothing of the restriction), with the
same bots; Dragon's return is not optional, so it has no restricted figure.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from daimyo.arena.compare import paired
from daimyo.arena.stats import wilson

#: the optional clan abilities that can be forbidden, and Dragon's return, by the pending decision's kind
ABILITIES = {"scorpion-look": ("scorpion", "look"), "unicorn-swap": ("unicorn", "swap"),
             "dragon-return": ("dragon", "return")}
FORBIDDABLE = ("scorpion-look", "unicorn-swap")


def game_facts(text: str) -> dict:
    """One record's facts: clans, winners' shares, the cards on the spaces, who claimed and who played each, and the
    uses of each ability by its clan."""
    from daimyo.core.game import Action
    from daimyo.rokugan.data import RULES
    from daimyo.rokugan.record import actor_seat, parse
    from daimyo.rokugan.records import DRAGON_RETURN, SCORPION_LOOK, UNICORN_SWAP

    kinds = {SCORPION_LOOK: "scorpion-look", UNICORN_SWAP: "unicorn-swap", DRAGON_RETURN: "dragon-return"}
    s, actions = parse(text)
    claimed: dict[str, set[int]] = {}
    played: dict[str, int] = {}
    uses = dict.fromkeys(ABILITIES, 0)
    present = {c for c in s.space if c}   # Setup: one card of each territory on its space
    for _no, actor, act in actions:
        seat = actor_seat(s, actor)
        frame = s.pending[-1] if s.pending else None
        if frame is not None and getattr(frame, "kind", None) in kinds and not act.startswith("pass"):
            uses[kinds[frame.kind]] += 1
        for e in s.apply(Action(seat, act)):
            if e.kind == "territory-claimed":
                t = RULES.territory_index[e.data["territory"]]
                holder = s.clans.index(e.data["clan"])
                for c in s.cards[holder]:
                    if RULES.territory_index[RULES.cards[c]["territory"]] == t:
                        claimed.setdefault(c, set()).add(holder)
            elif e.kind == "play" and e.data.get("card") in RULES.cards:
                played[e.data["card"]] = s.clans.index(e.data["clan"])
    returns = s.returns()
    return {"clans": list(s.clans), "returns": [float(r) for r in returns], "present": sorted(present),
            "claimed": {c: sorted(v) for c, v in claimed.items()}, "played": played, "uses": uses}


def _forbid(what: str | None) -> None:
    """In this process: ``what`` (a card id or an ability of :data:`FORBIDDABLE`) can never be played; the native
    engine is not used (it does not know the restriction)."""
    if what is None:
        return
    from daimyo.rokugan import moves, native
    from daimyo.rokugan.cards import CARDS
    from daimyo.rokugan.records import SCORPION_LOOK, UNICORN_SWAP

    native.REFUSED = f"restricted play: {what} is forbidden"
    if what in CARDS:
        CARDS[what].playable = lambda s, seat: False  # type: ignore[method-assign]  # this process's games only
        return
    kind = {"scorpion-look": SCORPION_LOOK, "unicorn-swap": UNICORN_SWAP}[what]
    free = moves.frame_moves

    def frame_moves(s, frame):
        return [("pass",)] if frame.kind == kind else free(s, frame)

    moves.frame_moves = frame_moves  # this process's games only


def _setup(what: str | None, rules: str | None) -> None:
    if rules is not None:
        from daimyo.rokugan.data_variant import activate, parse_variant
        activate(parse_variant(rules))
    _forbid(what)


def _play_facts(spec) -> dict:
    from daimyo.arena.play import play_spec

    row = play_spec(spec)
    return {"game": row["game"], **game_facts(row["record"])}


def play_facts(specs: list, workers: int, what: str | None = None, rules: str | None = None) -> dict[int, dict]:
    """The facts of each game of ``specs`` (by game number), ``what`` forbidden, in fresh worker processes (a game
    with a card forbidden is replayed with it forbidden: a player with nothing to play passes by itself)."""
    with ProcessPoolExecutor(max_workers=max(1, workers), initializer=_setup, initargs=(what, rules)) as pool:
        rows = list(pool.map(_play_facts, specs))
    return {r["game"]: r for r in rows}


def _rate(wins: float, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"n": n, "win_rate": round(wins / n, 6) if n else None, "ci95": [round(lo, 6), round(hi, 6)]}


def card_figures(card: str, free: dict[int, dict], forbidden: dict[int, dict] | None) -> dict:
    """A card's figures over the free games (and the games with it forbidden, paired game for game)."""
    present = [g for g, f in free.items() if card in f["present"]]
    claimed = [g for g in present if free[g]["claimed"].get(card)]
    played = [g for g in claimed if card in free[g]["played"]]
    when_played = [free[g]["returns"][free[g]["played"][card]] for g in played]
    not_played = [free[g]["returns"][p] for g in claimed if card not in free[g]["played"] for p in free[g]["claimed"][card]]
    out: dict[str, Any] = {
        "games": len(free), "in_game": len(present), "claimed": len(claimed), "played": len(played),
        "claim_rate": round(len(claimed) / len(present), 6) if present else None,
        "play_rate": round(len(played) / len(claimed), 6) if claimed else None,
        "holder_when_played": _rate(sum(when_played), len(when_played)),
        "holder_when_not_played": _rate(sum(not_played), len(not_played)),
    }
    if forbidden is not None:
        base, var = [], []
        for g in claimed:
            for p in free[g]["claimed"][card]:
                base.append(free[g]["returns"][p])
                var.append(forbidden[g]["returns"][p])
        out["restricted"] = paired(base, var) if base else None
    return out


def ability_figures(ability: str, free: dict[int, dict], forbidden: dict[int, dict] | None) -> dict:
    """An ability's figures: its clan's games, uses a game, the clan's win rate when used and not (and forbidden)."""
    clan = ABILITIES[ability][0]
    games = [g for g, f in free.items() if clan in f["clans"]]
    used = [g for g in games if free[g]["uses"][ability] > 0]
    unused = [g for g in games if free[g]["uses"][ability] == 0]

    def share(gs: list[int], facts: dict[int, dict]) -> list[float]:
        return [facts[g]["returns"][facts[g]["clans"].index(clan)] for g in gs]

    out: dict[str, Any] = {
        "clan": clan, "games": len(games),
        "uses_per_game": round(sum(free[g]["uses"][ability] for g in games) / len(games), 6) if games else None,
        "clan_when_used": _rate(sum(share(used, free)), len(used)),
        "clan_when_not_used": _rate(sum(share(unused, free)), len(unused)),
    }
    if forbidden is not None:
        out["restricted"] = paired(share(games, free), share(games, forbidden)) if games else None
    return out


def run_effects(players: int, games: int, bots: list[str], seed: int, workers: int, restricted: bool = True,
                rules: str | None = None, on_step: Callable[[str], None] | None = None) -> dict:
    """Play the free games, then (``restricted``) the same games once per card and forbiddable ability forbidden."""
    from daimyo.arena.schedule import schedule
    from daimyo.rokugan.data import RULES

    specs = schedule(players, games, bots, seed, "rokugan")
    free = play_facts(specs, workers, None, rules)
    if on_step:
        on_step("free")
    cards = sorted({c for f in free.values() for c in f["present"]})
    result: dict[str, Any] = {"game": "rokugan", "players": players, "games": games, "bots": bots, "seed": seed,
                              "restricted": restricted, "cards": {}, "abilities": {}}
    for card in cards:
        forbidden = play_facts(specs, workers, card, rules) if restricted and any(f["claimed"].get(card) for f in free.values()) else None
        result["cards"][card] = {"name": RULES.cards[card]["name"], "territory": RULES.cards[card]["territory"],
                                 **card_figures(card, free, forbidden)}
        if on_step:
            on_step(card)
    for ability in ABILITIES:
        forbidden = play_facts(specs, workers, ability, rules) if restricted and ability in FORBIDDABLE else None
        result["abilities"][ability] = ability_figures(ability, free, forbidden)
        if on_step:
            on_step(ability)
    return result


def _pct(r: dict) -> str:
    return "-" if r["win_rate"] is None else f"{r['win_rate']:.0%} ({r['ci95'][0]:.0%}-{r['ci95'][1]:.0%}, {r['n']})"


def _diff(r: dict | None) -> str:
    if not r:
        return "-"
    mark = f" **{r['verdict']}**" if r["verdict"] != "no difference shown" else ""
    return f"{r['difference'] * 100:+.1f} ({r['ci95'][0] * 100:+.1f} to {r['ci95'][1] * 100:+.1f}){mark}"


def report_lines(result: dict) -> list[str]:
    lines = [f"{result['games']} games of {result['players']} players (bots {', '.join(result['bots'])}, seeds from "
             f"{result['seed']}). Win rates split ties; intervals are 95%. Restricted: the holder's (clan's) result "
             "with the card (ability) forbidden minus with it free, in percentage points, paired game for game.", "",
             "## Territory cards", "",
             "| card | territory | in game | claimed | played | holder's win rate, played | not played | restricted (pp) |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for c in result["cards"].values():
        lines.append(f"| {c['name']} | {c['territory']} | {c['in_game']} | {c['claimed']} | {c['played']} | "
                     f"{_pct(c['holder_when_played'])} | {_pct(c['holder_when_not_played'])} | {_diff(c.get('restricted'))} |")
    lines += ["", "## Clan abilities", "",
              "| ability | clan's games | uses a game | clan's win rate, used | not used | restricted (pp) |",
              "|---|---:|---:|---:|---:|---:|"]
    for aid, a in result["abilities"].items():
        uses = "-" if a["uses_per_game"] is None else f"{a['uses_per_game']:.2f}"
        lines.append(f"| {aid} | {a['games']} | {uses} | {_pct(a['clan_when_used'])} | {_pct(a['clan_when_not_used'])} | "
                     f"{_diff(a.get('restricted'))} |")
    return [*lines, ""]


def plot_effects(result: dict, path_stem, title: str) -> list:
    """Each card's and ability's restricted-play difference with its interval (or, without restriction, the holder's
    win rate when played); PATH_STEM.png and .svg."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from daimyo.arena.plot import save

    items = [(c["name"], c) for c in result["cards"].values()] + list(result["abilities"].items())
    key = "restricted" if result["restricted"] else None
    fig, ax = plt.subplots(figsize=(7.5, 0.3 * len(items) + 1.5))
    for y, (_name, item) in enumerate(items):
        r = item.get(key) if key else (item.get("holder_when_played") or item.get("clan_when_used"))
        if not r or r.get("win_rate", r.get("difference")) is None:
            continue
        x = r["difference"] if key else r["win_rate"]
        lo, hi = r["ci95"]
        ax.errorbar([x], [y], xerr=[[x - lo], [hi - x]], fmt="o", capsize=3, clip_on=False,
                    color="#c44e52" if key and r["verdict"] == "higher" else "#55a868" if key and r["verdict"] == "lower"
                    else "#4c72b0")
    ax.axvline(0 if key else 1 / result["players"], color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(items)))
    ax.set_yticklabels([n for n, _ in items], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("holder's result, forbidden - free (95% paired CI)" if key else "holder's win rate when played")
    ax.set_title(title)
    fig.tight_layout()
    return save(fig, path_stem)


__all__ = ["ABILITIES", "ability_figures", "card_figures", "game_facts", "plot_effects", "report_lines", "run_effects"]
