"""What makes a game special lives in its registration (daimyo/core/registry.py, ``GameInfo``) or in its own files,
not in branches of the general code (issue 26, item 2): the general modules name no game except the default one,
and a game the general code has never heard of (the toy Nim of tests/toy_nim.py) gets its own rules from its
registration alone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from daimyo.core.registry import GAME_MODULES, game, games, register, unregister
from tests import toy_nim

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "daimyo"
STATIC = PACKAGE / "web" / "static"
#: the game every command plays when none is named
DEFAULT = "rokugan"

#: the arena's modules that are one game's own study, each named in its docstring's first line
GAME_OWN = {"arena/designer.py": "senjutsu", "arena/balance.py": "rokugan", "arena/bench.py": "rokugan",
            "arena/effects.py": "rokugan"}
GENERAL = sorted([p for p in (PACKAGE / "arena").glob("*.py") if p.relative_to(PACKAGE).as_posix() not in GAME_OWN]
                 + [PACKAGE / "words" / "__init__.py", PACKAGE / "words" / "errors.py", PACKAGE / "bots" / "registry.py",
                    PACKAGE / "bots" / "random_bot.py", PACKAGE / "cli" / "main.py"])


def _names() -> set[str]:
    """Each built-in game's name and the prefix of its rule codes (``rk``, ``sj``, ``rs``: the pages' classes too)."""
    out = set(GAME_MODULES)
    for name in GAME_MODULES:
        if game(name).rule_codes:
            out.add(game(name).rule_codes)
    return out


def _naming(text: str) -> list[str]:
    return [n for n in _names() if re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", text)]


def _default_places(tree: ast.AST) -> set[int]:
    """The ids of the constants that stand for the default game: the value of ``GAME = ...``, a parameter's default
    and a ``default=`` keyword (a command's option)."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and [getattr(t, "id", None) for t in n.targets] == ["GAME"]:
            out.add(id(n.value))
        elif isinstance(n, ast.arguments):
            out.update(id(d) for d in [*n.defaults, *n.kw_defaults] if d is not None)
        elif isinstance(n, ast.keyword) and n.arg == "default":
            out.add(id(n.value))
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


@pytest.mark.parametrize("path", GENERAL, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_general_modules_name_no_game_but_the_default(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defaults, docs = _default_places(tree), _docstrings(tree)
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            named = _naming(n.value)
            if named and not (id(n) in defaults and n.value == DEFAULT):
                found.append(f"line {n.lineno}: {n.value[:60]!r} names {', '.join(sorted(named))}")
    assert found == []


def _page_scripts() -> dict[str, set[str]]:
    """Each script of the static folder and the pages that load it."""
    out: dict[str, set[str]] = {}
    for page in STATIC.glob("*.html"):
        for script in re.findall(r'<script src="/static/([\w.-]+\.js)"', page.read_text(encoding="utf-8")):
            out.setdefault(script, set()).add(page.name)
    return out


def _game_pages() -> set[str]:
    return {p.name for p in STATIC.glob("*.html") if "data-game-name=" in p.read_text(encoding="utf-8")}


def _general_scripts() -> list[str]:
    """The scripts that are no one game's own: loaded by a page that is not a game's, or by more than one game's."""
    pages = _game_pages()
    return sorted(s for s, by in _page_scripts().items() if len(by) > 1 or not by <= pages)


def _code(js: str) -> str:
    """A script without its comments (whole-line and trailing ``//`` comments, ``/* ... */``)."""
    js = re.sub(r"/\*.*?\*/", " ", js, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in js.splitlines())


def test_each_game_page_names_its_game_and_the_general_scripts_are_found():
    pages = {p: re.search(r'data-game-name="(\w+)"', (STATIC / p).read_text(encoding="utf-8")).group(1)
             for p in _game_pages()}
    assert sorted(pages.values()) == sorted(GAME_MODULES)
    assert {"common.js", "client.js", "hints.js", "play.js"} <= set(_general_scripts())


def _strings_by_function(code: str) -> list[tuple[str | None, str]]:
    """Each string of a script with the top-level function (or ``const``/``let``) it is written in."""
    out, where = [], None
    for line in code.splitlines():
        start = re.match(r"(?:async )?function (\w+)|(?:const|let) (\w+)", line)
        if start:
            where = start.group(1) or start.group(2)
        out += [(where, s) for s in re.findall(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`[^`]*`', line)]
    return out


@pytest.mark.parametrize("script", _general_scripts())
def test_general_scripts_name_no_game(script):
    code = _code((STATIC / script).read_text(encoding="utf-8"))
    assert [(f, s) for f, s in _strings_by_function(code) if _naming(s[1:-1])] == []


def test_the_lobby_s_scripts_are_general_and_its_table_box_is_the_registry_s():
    """The lobby, join and players scripts are checked above with no exemption; the lobby's one table-options box
    (each game's options and file: Senjutsu's card file, Rising Sun's war file, Battle for Rokugan's rules file) is
    drawn from ``/api/registry``'s ``table`` alone, with no box of its own for any game."""
    assert {"lobby.js", "join.js", "players.js"} <= set(_general_scripts())
    code = _code((STATIC / "lobby.js").read_text(encoding="utf-8"))
    assert "g.table" in code and "info.file.check" in code
    boxes = set(re.findall(r'id: "([\w-]+-box)"', code))
    assert boxes == {"table-box"}, boxes


def test_hints_come_from_the_catalogue_by_the_page_s_game():
    hints = _code((STATIC / "hints.js").read_text(encoding="utf-8"))
    assert "document.body.dataset.gameName" in hints and "hint.${hintsGame()}." in hints


@pytest.fixture
def nim():
    register(toy_nim.NIM)
    yield toy_nim.NIM
    unregister("nim")


def test_the_toy_game_plays_through_the_arena_with_its_own_first_player(nim):
    from daimyo.arena.play import play_spec
    from daimyo.arena.schedule import schedule

    specs = schedule(3, 6, ["first", "random"], seed=4, game_name="nim")
    rows = [play_spec(spec) for spec in specs]
    firsts = [toy_nim.NimState.new(spec.players, spec.seed, list(spec.clans)).first for spec in specs]
    assert [row["first"] for row in rows] == firsts and len(set(firsts)) > 1   # the seed draws it, the arena reads it
    assert all(row["objectives"] == [] and row["game_name"] == "nim" for row in rows)   # Nim has no objectives
    assert all(nim.replay(row["record"]).returns() == row["returns"] for row in rows)


def test_a_game_without_a_first_player_rule_records_none(nim):
    from dataclasses import replace

    from daimyo.arena.play import play_spec
    from daimyo.arena.schedule import schedule

    register(replace(toy_nim.NIM, first_player=None))
    row = play_spec(schedule(2, 1, ["first"], seed=1, game_name="nim")[0])
    assert row["first"] is None and row["moves"] > 0


def test_each_built_in_game_names_its_tools_in_its_registration():
    for name in games():
        info = game(name)
        if name not in GAME_MODULES:
            continue
        assert info.bots == f"daimyo.bots.{name}" and info.words == f"daimyo.words.{name}", name
        assert info.rule_codes and all(game(other).rule_codes != info.rule_codes for other in GAME_MODULES if other != name)
    assert game("rokugan").objectives is not None and game("risingsun").first_player is None
