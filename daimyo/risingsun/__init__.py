"""Rising Sun: the War Phase, as its own game beside Battle for Rokugan.

>>> from daimyo.risingsun import load_war, open_example
>>> w = load_war(open_example("seed-example"))
>>> w.province(), [w.clans[p] for p in w.to_act()]   # Kyoto to Kansai resolve without a battle
('nagato', ['lotus', 'turtle', 'koi'])
"""

from importlib import resources

from daimyo.risingsun.bounds import check_bounds
from daimyo.risingsun.position import check_war_file, from_text, to_text
from daimyo.risingsun.state import RisingSunWar

__all__ = ["RisingSunWar", "check_bounds", "check_war_file", "examples", "from_text", "load_war", "open_example", "to_text"]


def load_war(text: str) -> RisingSunWar:
    """Read a war file and start its War Phase (see docs/risingsun-war.md)."""
    return from_text(text)


def examples() -> list[str]:
    """The names of the example war files shipped with the package."""
    root = resources.files("daimyo.risingsun").joinpath("examples")
    return sorted(p.name[:-4] for p in root.iterdir() if p.name.endswith(".war"))


def open_example(name: str) -> str:
    """The text of an example war file (``seed-example``, ``worked-battle``, ...)."""
    return resources.files("daimyo.risingsun").joinpath(f"examples/{name}.war").read_text(encoding="utf-8")
