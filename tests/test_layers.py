"""The package's layers, as a test (issue 26): core < games < words < bots < arena | server | rl < cli.

Every import in daimyo/, at module level and inside functions alike (``ast`` reads them all, so an import put inside
a function to dodge a cycle is still seen), goes down the layers or stays within its own folder: a layer imports only
the layers below it, and the folders of one layer (the three games; arena, server, rl and web) import none of each
other. ``daimyo/bench.py`` and ``daimyo/__main__.py`` are the command line's.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "daimyo"

#: each folder (or top-level module) of daimyo and its layer: a module may import only lower layers and its own folder
LAYER = {
    "core": 0,
    "rokugan": 1, "senjutsu": 1, "risingsun": 1,
    "words": 2,
    "bots": 3,
    "arena": 4, "server": 4, "rl": 4, "web": 4,
    "cli": 5,
}
#: top-level modules that belong to a folder's layer: ``daimyo bench`` and ``python -m daimyo`` are the command line's
BELONGS = {"bench": "cli", "__main__": "cli"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """Every daimyo module ``path`` imports, anywhere in it: (line, module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            found.append((node.lineno, base))
    return [(line, module) for line, module in found if module == "daimyo" or module.startswith("daimyo.")]


def folder(module: str) -> str | None:
    """The folder (or top-level module) of daimyo that ``module`` belongs to; None for the package itself."""
    parts = module.split(".")
    return BELONGS.get(parts[1], parts[1]) if len(parts) > 1 else None


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_folder_of_the_package_has_a_layer():
    assert {folder(module_name(p)) for p in modules()} - {None} == set(LAYER)


def test_no_import_runs_up_the_layers_or_across_one():
    wrong = []
    for path in modules():
        here = folder(module_name(path))
        for line, module in imports(path):
            there = folder(module)
            if here is None or there is None or there == here:
                continue
            if LAYER[there] >= LAYER[here]:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module} "
                             f"({here}, layer {LAYER[here]}, may not import {there}, layer {LAYER[there]})")
    assert wrong == []


def test_the_checker_sees_imports_inside_functions():
    found = {module for _line, module in imports(PACKAGE / "core" / "game.py")}
    assert "daimyo.core.errors" in found   # split_action imports it inside the function

