"""The server's routes, cut along their concerns (issue 26 item 7): each module of daimyo/server/routes serves on
its own, mounted alone in a Starlette app; what is special to a game (its page, its page's data and files, its
table options) comes from its registration only, so a toy game registered in a test gets its own page and data."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from daimyo.core.registry import GAME_MODULES, game, register, unregister
from daimyo.server.accounts import Accounts
from daimyo.server.app import create_app
from daimyo.server.games import DEFAULT_GAME
from daimyo.server.guard import Limiter
from daimyo.server.hub import Hub
from daimyo.server.routes import Context, game_data, pages
from daimyo.server.routes.context import EXCEPTION_HANDLERS
from daimyo.server.store import Store
from daimyo.server.uploads import FileReader
from daimyo.words import catalogue
from tests import toy_nim
from tests.server.conftest import TEST_SETTINGS

SERVER = Path(__file__).resolve().parents[2] / "daimyo" / "server"
GAME_NAMES = tuple(GAME_MODULES)


@pytest.fixture
def ctx(db_url):
    store = Store(db_url)
    reader = FileReader(1, TEST_SETTINGS.upload_seconds)
    yield Context(hub=Hub(store, 0.0, TEST_SETTINGS), settings=TEST_SETTINGS, limiter=Limiter(TEST_SETTINGS),
                  accounts=Accounts(store, TEST_SETTINGS), reader=reader)
    reader.close()
    store.close()


def alone(ctx: Context, router) -> TestClient:
    """A Starlette app of one route module only."""
    return TestClient(Starlette(routes=router.routes(ctx), exception_handlers=EXCEPTION_HANDLERS))


def test_the_game_data_router_serves_alone(ctx):
    with alone(ctx, game_data) as client:
        registry = client.get("/api/registry").json()["games"]
        assert [g["name"] for g in registry][:3] == list(GAME_NAMES)
        assert client.get("/api/rokugan/data").json() == game("rokugan").page_data()
        assert client.get("/api/risingsun/data").json() == {"colours": game("risingsun").page_data()["colours"]}
        assert client.get("/api/senjutsu/data").json()["geometry"]["facings"][0] == "n"
        svg = client.get("/api/rokugan/board.svg")
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
        assert svg.text == game("rokugan").page_files["board.svg"]()
        assert client.get("/api/words/en").status_code == 200
        # a game's upload check is a POST of the field its table options read; nothing else answers there
        assert client.get("/api/senjutsu/cards").status_code == 405
        assert client.post("/api/senjutsu/cards", json={"cards": ""}).status_code == 400
        for path in ("/api/rokugan/cards", "/api/senjutsu/board.svg", "/api/nosuchgame/data", "/api/words/xx"):
            assert client.get(path).status_code == 404, path
        # the other routers' paths are not this one's
        assert client.get("/api/games/open").status_code == 404


def test_the_pages_router_serves_alone(ctx):
    with alone(ctx, pages) as client:
        lobby = client.get("/")
        assert lobby.status_code == 200 and "<html" in lobby.text.lower()
        assert client.get("/game/g-none").text == client.get("/static/rokugan.html").text   # the default page
        assert client.get("/api/registry").status_code == 404


def test_the_old_names_of_rokugans_page_redirect_to_the_new_ones(ctx):
    """game.html and game.js were Battle for Rokugan's page before it was named for its game (issue 26): a bookmark
    or a cached page still reaches it."""
    with alone(ctx, pages) as client:
        for old, new in (("game.html", "rokugan.html"), ("game.js", "rokugan.js")):
            moved = client.get(f"/static/{old}", follow_redirects=False)
            assert moved.status_code == 301 and moved.headers["location"] == f"/static/{new}"
            assert client.get(f"/static/{old}").text == client.get(f"/static/{new}").text


@pytest.fixture
def toy():
    """The toy Nim with a page, page data and a page file of its own, in its registration only."""
    info = register(dataclasses.replace(toy_nim.NIM, page="join.html", page_data=lambda: {"heaps": 3},
                                        page_files={"heaps.txt": lambda: "three heaps"}))
    yield info
    unregister(info.name)


def test_a_toy_game_gets_its_page_and_data_from_its_registration_only(toy, db_url):
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        made = client.post("/api/games", json={"game": "nim", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "first"}]})
        assert made.status_code == 201, made.text
        assert client.get(f"/game/{made.json()['id']}").text == client.get("/static/join.html").text
        assert client.get("/api/nim/data").json() == {"heaps": 3}
        assert client.get("/api/nim/heaps.txt").text == "three heaps"
        assert client.get("/api/nim/cards").status_code == 404   # no table options, no upload check
        assert "nim" in [g["name"] for g in client.get("/api/registry").json()["games"]]


def test_the_registry_gives_the_pages_each_game_s_words_and_numbers(toy, db_url):
    """The lobby, join and players pages name no game: each game's catalogue keys (its name, a choice's name, a
    phase's name, the sentence of a game under way), the players it offers first and where its choices' printed
    names are come from its registration, with the defaults for a game that gives none (issue 26, item 2)."""
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        served = {g["name"]: g for g in client.get("/api/registry").json()["games"]}
    assert served["nim"]["words"] == {"title": "lobby.game_nim", "choice": f"{toy.seat_word}.", "phase": "phase.",
                                      "progress": "lobby.round_phase", "start_file": "lobby.start_file",
                                      "upload": "lobby.upload_file", "uploaded": "lobby.uploaded_file",
                                      "example": "example."}
    assert served["nim"]["default_players"] is None and served["nim"]["choice_names"] is None
    assert served["risingsun"]["words"] == {"title": "rs.game_name", "choice": "rs.clan.", "phase": "rs.step.",
                                            "progress": "rs.lobby.progress", "start_file": "rs.lobby.war",
                                            "upload": "rs.lobby.upload", "uploaded": "rs.lobby.uploaded",
                                            "example": "rs.example."}
    assert served["senjutsu"]["default_players"] == 2 and served["senjutsu"]["choice_names"] == "characters"
    assert served["senjutsu"]["words"]["choice"] == "sj.charname."
    words = catalogue("en")
    for g in served.values():
        if g["name"] != "nim":
            assert {g["words"][k] for k in ("title", "progress")} <= set(words), g["name"]
            assert any(key.startswith(g["words"]["phase"]) for key in words), g["name"]
            assert all(g["words"]["choice"] + c in words for c in g["seat_choices"]), g["name"]


class HeapsTable:
    """A toy game's table options: how many heaps, whether the last take wins, and a file of heaps."""

    fields, upload = ("heaps", "last_wins", "sizes"), "sizes"

    @staticmethod
    def lobby() -> dict:
        return {"legend": "lobby.heaps", "options": [
            {"field": "heaps", "label": "lobby.heaps_n", "values": ["3", "4"], "words": "lobby.heaps_", "default": "3"},
            {"field": "last_wins", "label": "lobby.last_wins", "flag": True, "default": True}],
            "file": {"label": "lobby.sizes", "accept": "text/plain", "none": "lobby.sizes_none"}}


def _keys(box: dict) -> set[str]:
    """Every catalogue key a registry's table box names."""
    keys = {box["legend"], box.get("example_label"), box.get("uploaded"), *(x["key"] for x in box["examples"])}
    for o in box["options"]:
        keys |= {o["label"], *(o["words"] + v for v in o.get("values", []))}
    if box["file"]:
        keys |= {box["file"]["label"], box["file"]["none"]}
    return keys - {None}


def test_the_lobby_s_table_box_is_each_game_s_registration(toy, db_url):
    """The lobby's one table-options box is drawn from /api/registry's ``table``: a game's options and file from its
    TableOptions (Senjutsu's board, terrain, prepared cards and card file; Battle for Rokugan's rules file), checked at
    /api/<game>/<field>; a game that starts from a file (Rising Sun's war file) gets its examples and its upload,
    checked at /api/start-file, which fix the seats; every word of a box is in both catalogues (issue 26, item 2)."""
    register(dataclasses.replace(toy, table_options=HeapsTable()))
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        served = {g["name"]: g for g in client.get("/api/registry").json()["games"]}
        sj, rk, rs = (served[name]["table"] for name in ("senjutsu", "rokugan", "risingsun"))
        assert [o["field"] for o in sj["options"]] == ["board", "terrain", "prepare"] and not sj["fixes_seats"]
        assert sj["file"]["check"] == "/api/senjutsu/cards" and sj["file"]["field"] == "cards"
        assert rk["options"] == [] and rk["file"]["check"] == "/api/rokugan/rules" and rk["file"]["field"] == "rules"
        assert rs["fixes_seats"] and rs["file"] == {"field": "file", "label": "rs.lobby.upload", "none": None,
                                                    "accept": ".war,text/plain", "check": "/api/start-file",
                                                    "send": {"game": "risingsun"}}
        assert [(x["name"], x["seats"]) for x in rs["examples"]] == \
            [(x["name"], x["seats"]) for x in served["risingsun"]["examples"]]
        for lang in ("en", "pl"):
            words = catalogue(lang)
            assert all(_keys(box) <= set(words) for box in (sj, rk, rs)), lang
        assert served["nim"]["table"] == {**HeapsTable.lobby(), "examples": [], "fixes_seats": False, "file": {
            **HeapsTable.lobby()["file"], "field": "sizes", "check": "/api/nim/sizes", "send": {}}}
        # a checked upload says what the lobby shows of it: a note (a catalogue key and its numbers) and new choices
        rules = client.post("/api/rokugan/rules", json={"rules": '{"format": "rokugan-rules", "name": "short", '
                                                                 '"components": {"rounds": 2}}'})
        assert rules.status_code == 200, rules.text
        assert rules.json()["lobby"] == {"note": {"key": "lobby.rk.rules_ok", "params": {"name": "short", "changes": 1}},
                                         "choices": None, "names": {}}
        cards = (Path(__file__).parents[2] / "docs" / "senjutsu-cards-example.json").read_text(encoding="utf-8")
        said = client.post("/api/senjutsu/cards", json={"cards": cards}).json()["lobby"]
        assert said["note"]["key"] == "lobby.sj.cards_ok" and "Ryu the Ronin" in said["note"]["params"]["characters"]
        assert said["choices"] == client.post("/api/senjutsu/cards", json={"cards": cards}).json()["characters"]
        bad = client.post("/api/senjutsu/cards", json={"cards": "{"})
        assert bad.status_code == 400 and "lobby" not in bad.json()
    register(toy)
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        assert {g["name"]: g for g in client.get("/api/registry").json()["games"]}["nim"]["table"] is None


def test_a_registration_s_page_words_and_default_players_are_checked():
    with pytest.raises(ValueError, match="page_words: nim names"):
        dataclasses.replace(toy_nim.NIM, page_words={"name": "x"})
    with pytest.raises(ValueError, match="default_players: 9 is not between"):
        dataclasses.replace(toy_nim.NIM, default_players=9)


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module but its docstrings: (line, text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_the_server_names_no_game_but_its_default():
    """Issue 26 item 2: what is special to a game is in its registration; the server's code names no game (in a
    string, or by importing the game's package) but the default game of a request that names none."""
    named, imported = [], []
    for path in sorted(SERVER.rglob("*.py")):
        where = path.relative_to(SERVER.parent.parent)
        named += [(str(where), text) for _line, text in _strings(path) if any(name in text.lower() for name in GAME_NAMES)]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            imported += [f"{where}:{node.lineno}: {m}" for m in modules
                         if any(m == f"daimyo.{g}" or m.startswith(f"daimyo.{g}.") for g in GAME_NAMES)]
    assert named == [("daimyo/server/games.py", DEFAULT_GAME)]
    assert imported == []


def test_the_checker_sees_a_game_name_in_a_string(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Senjutsu in a docstring is prose."""\nGAME = "senjutsu"\nPAGE = f"{GAME}.html"\n')
    assert _strings(module) == [(2, "senjutsu"), (3, ".html")]
