"""docs/architecture.md's claims that can be checked (issue 26 item 8): the games table "Three games in one shape"
against the game registry (one column per registered game, its title, players, seat word, how it starts, its bots,
whether the server gives it a page), and every file, folder, class and dotted name the document cites exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from daimyo.bots.registry import bot_names
from daimyo.core.registry import GAME_MODULES, game

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
_TICKED = re.compile(r"`([^`]+)`")
_PATHLIKE = re.compile(r"^[\w./*-]+(?:/|\.py|\.js|\.html|\.css|\.json|\.md|\.war)$")
_CLASS = re.compile(r"^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")   # RokuganState, ISMCTSBot (not FIELDS)
PROSE = re.sub(r"```.*?```", "", DOC, flags=re.S)   # the text outside the code blocks, where names are `ticked`


def _table(title: str) -> dict[str, list[str]]:
    """The table under the heading ``title``: its rows by their first cell (the header row under ``part``)."""
    body = DOC.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("|") and not line.startswith("|---")]
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in rows]
    return {row[0]: row[1:] for row in cells}


TABLE = _table("Three games in one shape")
# the column of each game: the one whose folder row names the game's folder
COLUMN = {name: TABLE["folder"].index(f"`daimyo/{name}/`") for name in GAME_MODULES if f"`daimyo/{name}/`" in TABLE["folder"]}


def _ticked(cell: str) -> list[str]:
    return _TICKED.findall(cell)


def test_one_column_per_registered_game_under_its_title():
    assert sorted(COLUMN) == sorted(GAME_MODULES)
    assert len(TABLE["part"]) == len(GAME_MODULES)
    for name, col in COLUMN.items():
        assert TABLE["part"][col] == game(name).title, name
        assert TABLE["registration"][col].startswith(f"`{name}/game.py`") and GAME_MODULES[name] == f"daimyo.{name}.game", name


def test_players_seats_and_start_are_the_registrations():
    for name, col in COLUMN.items():
        info = game(name)
        players = TABLE["players"][col]
        assert players.startswith(f"{info.min_players} to {info.max_players}, each a {info.seat_word}"), (name, players)
        start = TABLE["registration"][col]
        if info.start_file:
            assert f"from a {info.start_file}" in start and "from seats" not in start, name
        else:
            assert "from seats" in start, name


def test_the_bots_listed_are_the_registrations():
    for name, col in COLUMN.items():
        cell = TABLE["bots"][col]
        listed = {t.split("[", 1)[0] for t in _ticked(cell) if not _PATHLIKE.match(t) and not _CLASS.match(t)}
        assert listed == set(bot_names(name)), name


def test_each_hosted_game_has_its_page_in_the_table():
    from daimyo.server.games import hosted

    for name, col in COLUMN.items():
        cell = TABLE["browser"][col]
        if hosted(name) is None:
            assert cell == "none", name
        else:
            pages = [t for t in _ticked(cell) if t.endswith(".html")]
            assert pages and all((ROOT / "daimyo" / "web" / p).is_file() for p in pages), (name, cell)


def _exists(token: str, bases: list[Path]) -> bool:
    if token.startswith(("daimyo/", "tests/", "docs/", "native/")):
        candidates = [ROOT]
    elif token.startswith("static/"):
        candidates = [ROOT / "daimyo" / "web"]
    elif "/" in token.rstrip("/"):
        candidates = [ROOT / "daimyo", *bases]
    else:
        candidates = bases
    return any(list(base.glob(token.rstrip("/"))) for base in candidates)


def test_every_file_and_class_the_table_names_exists():
    missing = []
    for part, cells in TABLE.items():
        for name, col in COLUMN.items():
            bases = [ROOT / "daimyo" / name]
            for token in _ticked(cells[col]):
                if _PATHLIKE.match(token):
                    if not _exists(token, bases):
                        missing.append((part, name, token))
                    elif token.endswith("/"):   # a folder: the bare file names after it are in it
                        bases.append(ROOT / token if token.startswith(("daimyo/", "tests/")) else ROOT / "daimyo" / token)
                elif _CLASS.match(token) and not any(re.search(rf"^class {token}\b", p.read_text(encoding="utf-8"), re.M)
                                                     for p in (ROOT / "daimyo").rglob("*.py")):
                    missing.append((part, name, token))
    assert missing == []


def test_every_path_the_document_cites_exists():
    cited = {t for t in _ticked(PROSE) if t.startswith(("daimyo/", "tests/")) and _PATHLIKE.match(t)}
    assert len(cited) > 20
    assert sorted(t for t in cited if not list(ROOT.glob(t.rstrip("/")))) == []


@pytest.mark.parametrize("dotted", sorted({m.group(0) for m in map(re.compile(r"daimyo(\.\w+)+").match, _ticked(PROSE)) if m}))
def test_every_dotted_name_the_document_cites_exists(dotted):
    """``daimyo.core.game``, ``daimyo.server.games.HOSTED``, ``daimyo.bots.registry.make_bot(...)``: a module, or a name in one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return
    pytest.fail(f"no module in {dotted}")


def test_the_layout_names_every_game_and_only_what_exists():
    """The package layout at the top: one line per folder or module, each there; every registered game among them."""
    block = DOC.split("```", 2)[1]
    heads = re.findall(r"^(daimyo/\S+)", block, re.M)
    assert len(heads) >= 10
    assert [h for h in heads if not (ROOT / h).exists()] == []
    assert sorted(name for name in GAME_MODULES if f"daimyo/{name}" not in heads) == []
