"""The pages' scripts share one global scope (classic scripts, no build step), where a second `function cardName` in a
later script silently replaces the first. So: every page's scripts declare each top-level name once; no name replaces
a browser global or the named access to one of the page's element ids; the connection code lives in client.js alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.web.conftest import needs_chromium

STATIC = Path(__file__).resolve().parents[2] / "daimyo" / "web" / "static"
PAGES = ["index.html", "join.html", "rokugan.html", "senjutsu.html", "risingsun.html", "rules.html"]

DECLARATION = re.compile(r"^(?:async\s+)?function\s+(\w+)\s*\(|^(?:const|let|var|class)\s+(\w+)\b")
# the other lines a script may start at its first column: comments, the strict mode, closing brackets, main();
OTHER = re.compile(r'^(?://.*|"use strict";|[}\])]+;?|main\(\);)?$')


def _scripts(page: str) -> list[str]:
    return re.findall(r'<script src="/static/([\w.-]+)"></script>', (STATIC / page).read_text(encoding="utf-8"))


def _declared(script: str) -> list[str]:
    """The script's top-level names, in order; a first-column line that is neither a declaration nor one of the
    OTHER forms fails (so that no top-level name escapes the check)."""
    names = []
    for number, line in enumerate((STATIC / script).read_text(encoding="utf-8").splitlines(), 1):
        if line[:1].isspace():
            continue
        m = DECLARATION.match(line)
        if m:
            names.append(m.group(1) or m.group(2))
            one = not re.match(r"^(?:const|let|var)\s+\w+\s*=[^;]*;\s*(?!//)\S", line) \
                and not re.match(r"^(?:const|let|var)\s+\w+\s*=\s*[\w.\"'-]+\s*,\s*\w+\s*=", line)
            assert one, f"{script}:{number}: one declaration a line"
        else:
            assert OTHER.match(line), f"{script}:{number}: a top-level line the check cannot read: {line!r}"
    return names


@pytest.mark.parametrize("page", PAGES)
def test_no_global_name_is_declared_twice_on_a_page(page):
    seen: dict[str, str] = {}
    twice = []
    for script in _scripts(page):
        for name in _declared(script):
            if name in seen:
                twice.append(f"{name} ({seen[name]} and {script})")
            seen[name] = script
    assert twice == []
    ids = set(re.findall(r'\bid="([\w-]+)"', (STATIC / page).read_text(encoding="utf-8")))
    assert sorted(ids & set(seen)) == []


def test_every_page_uses_the_one_client():
    # (the rules in brief read the word catalogue only: no connection to a game)
    assert all(_scripts(page)[:2] == ["common.js", "client.js"] for page in PAGES if page != "rules.html")
    assert _scripts("rules.html") == ["common.js", "rules.js"]
    for script in STATIC.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        if script.name != "client.js":
            assert "new WebSocket" not in text and "localStorage.setItem(\"daimyo:\" +" not in text, script.name
    # Senjutsu's geometry is the server's: no direction table or hex layout written again in the page
    senjutsu = (STATIC / "senjutsu.js").read_text(encoding="utf-8")
    assert "[[0, -1], [1, -1]" not in senjutsu and "Math.sqrt(3)" not in senjutsu and "boardHexes" not in senjutsu


def test_the_check_catches_a_name_declared_again(tmp_path, monkeypatch):
    """The detector itself: a script that declares a name of common.js again is caught, and so is a line it cannot read."""
    monkeypatch.setattr(__import__(__name__, fromlist=["STATIC"]), "STATIC", tmp_path)
    (tmp_path / "a.js").write_text('"use strict";\nfunction cardName(id) { return id; }\n')
    (tmp_path / "b.js").write_text("// the same name again\nasync function cardName(id) {\n  return id;\n}\n")
    (tmp_path / "c.js").write_text("window.cardName = 1;\n")
    (tmp_path / "p.html").write_text('<script src="/static/a.js"></script><script src="/static/b.js"></script>')
    assert _declared("a.js") == _declared("b.js") == ["cardName"]
    with pytest.raises(AssertionError):
        test_no_global_name_is_declared_twice_on_a_page("p.html")
    with pytest.raises(AssertionError):
        _declared("c.js")


@needs_chromium
def test_no_global_name_replaces_a_browser_global(server, browser):
    """A top-level name of the pages that the browser already has (`open`, `close`, `status`, `name`, ...) would be
    replaced without a word: none is."""
    names = sorted({name for page in PAGES for script in _scripts(page) for name in _declared(script)})
    page = browser.new_page()
    page.goto(server + "/api/words/en")   # a page of this origin that runs none of the scripts
    assert page.evaluate("(names) => names.filter((n) => n in window)", names) == []
    assert len(names) > 150
