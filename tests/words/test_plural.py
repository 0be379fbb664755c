"""Plural forms: Python's plural_category/plural_index follow CLDR's rules (the ones Intl.PluralRules applies in
the browser): English one / other, Polish one / few / many (and other for fractions)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from daimyo.words import fill, plural_category, plural_index

COMMON_JS = Path(__file__).parents[2] / "daimyo" / "web" / "static" / "common.js"


@pytest.mark.parametrize(("n", "category"), [(0, "many"), (1, "one"), (2, "few"), (4, "few"), (5, "many"), (11, "many"),
                                             (12, "many"), (14, "many"), (21, "many"), (22, "few"), (24, "few"), (25, "many"),
                                             (102, "few"), (112, "many"), (1.5, "other"), (-3, "few")])
def test_polish_categories_are_cldrs(n, category):
    """CLDR pl: one i=1 v=0; few v=0, i%10=2..4, i%100 not 12..14; many the other whole numbers; other fractions."""
    assert plural_category(n, "pl") == category


def test_english_categories():
    assert [plural_category(n, "en") for n in (0, 1, 2, 1.5, 21)] == ["other", "one", "other", "other", "other"]


def test_polish_words_agree():
    tpl = "{n} {n|krok|kroki|kroków}"
    assert [fill(tpl, {"n": n}, "pl") for n in (1, 2, 5, 12, 22, 1.5)] == \
        ["1 krok", "2 kroki", "5 kroków", "12 kroków", "22 kroki", "1.5 kroki"]
    assert fill("{n} {n|step|steps}", {"n": 1}, "en") == "1 step" and fill("{n} {n|step|steps}", {"n": 3}, "en") == "3 steps"
    assert fill("{n|a|b}", {"n": "x"}, "en") == "{n|a|b}"   # not a number: left as written


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_browser_picks_the_same_form():
    """common.js's pluralIndex (Intl.PluralRules) and plural_index agree on whole numbers and fractions."""
    src = COMMON_JS.read_text(encoding="utf-8")
    forms = re.search(r"^const PLURAL_FORMS = .*$", src, re.M).group(0)
    fn = re.search(r"^function pluralIndex\(n, lang\) \{.*?^\}", src, re.M | re.S).group(0)
    numbers = [*range(0, 130), 1.5, 2.25, 0.5]
    script = f"{forms}\n{fn}\nconsole.log(JSON.stringify({{en: {numbers}.map((n) => pluralIndex(n, 'en')), pl: {numbers}.map((n) => pluralIndex(n, 'pl'))}}));"
    out = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout)
    for lang in ("en", "pl"):
        assert out[lang] == [plural_index(n, lang) for n in numbers], lang
