"""The package's layers, as a test (issue 26): core < games < words < bots < arena | server | rl < cli.

Every import in daimyo/, at module level and inside functions alike (``ast`` reads them all, so an import put inside
a function to dodge a cycle is still seen), goes down the layers or stays within its own folder: a layer imports only
the layers below it, and the folders of one layer (the three games; arena, server, rl and web) import none of each
other. ``daimyo/__main__.py`` is the command line's.
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
#: top-level modules that belong to a folder's layer: ``python -m daimyo`` is the command line's
BELONGS = {"__main__": "cli"}


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


GAMES = ("rokugan", "senjutsu", "risingsun")


def run_time_imports(path: Path) -> set[str]:
    """The daimyo modules ``path`` imports when it runs (anywhere in it but an ``if TYPE_CHECKING:`` block); an import
    of a name from a package counts as the package's, of a module from a package as that module's."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)}
    known = {module_name(p) for p in modules()}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            subs = {f"{base}.{alias.name}" for alias in node.names} & known
            found |= subs if len(subs) == len(node.names) else subs | {base}
    return (found & known) - {name}


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = set()
                while True:
                    top = stack.pop()
                    part.add(top)
                    if top == node:
                        break
                if len(part) > 1:
                    out.append(part)
    return out


def test_no_game_s_state_and_rules_import_each_other_at_run_time():
    """Each game wires its state and rules as Battle for Rokugan does: the rules read a leaf module of records and
    constants and take the state as an argument; the state imports the rules (Senjutsu's through the table of line
    handlers, daimyo/senjutsu/lines.py, so that its rules modules need not import each other)."""
    for name in GAMES:
        prefix = f"daimyo.{name}."
        graph = {module_name(p): {m for m in run_time_imports(p) if m.startswith(prefix)}
                 for p in modules() if module_name(p).startswith(prefix)}
        found = [{m.removeprefix(prefix) for m in part} for part in cycles(graph)]
        assert found == [], (name, found)


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_run_time_import_cycle_anywhere_in_the_package():
    """Beyond the games: the words (the rule messages' words and Rokugan's words share a leaf of place names), the
    server (the request limits live in its guard) and every other folder import in one direction only."""
    graph = {module_name(p): run_time_imports(p) for p in modules()}
    assert cycles(graph) == []
