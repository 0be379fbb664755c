"""The rulebook rule and section names the engines can give a refusal (``RuleViolation.rule``), collected from the
code: every ``violation``/``reason``/``RuleViolation`` call's rule argument followed back to its strings (a constant,
a module's constant, a local or a parameter filled by the callers, the question a Senjutsu decision asks with its
rule), and the native engines' section strings. An expression the collector cannot follow fails, so that a new
way of naming a rule is noticed."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[2]
GAMES = {"rk": "rokugan", "sj": "senjutsu", "rs": "risingsun"}
#: the call whose argument at this position (or keyword) is a rule name
RULE_ARG = {"violation": (2, "rule"), "reason": (2, "rule"), "RuleViolation": (1, "rule")}
#: a template's stand-in for a value filled in at run time (an f-string's part)
PART = "{}"


class Unfollowed(AssertionError):
    pass


@cache
def _module(path: Path) -> ast.Module:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node  # type: ignore[attr-defined]
    return tree


def _files(game: str) -> list[Path]:
    return sorted((ROOT / "daimyo" / game).rglob("*.py"))


def _enclosing(node: ast.AST) -> ast.AST | None:
    while (node := getattr(node, "parent", None)) is not None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return node
    return None


def _module_path(name: str) -> Path:
    base = ROOT / Path(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


class Collector:
    """The rule names of one game's code (``daimyo/<game>``, with the shared ``daimyo/core``)."""

    def __init__(self, game: str):
        self.files = _files(game) + _files("core")
        self.names: set[str] = set()
        self.seen: set[int] = set()   # the nodes followed (each module is parsed once)

    def run(self) -> set[str]:
        for path in self.files:
            for node in ast.walk(_module(path)):
                if isinstance(node, ast.Call):
                    name = _called(node)
                    if name in RULE_ARG:
                        arg = _arg(node, *RULE_ARG[name])
                        if arg is not None and not (isinstance(arg, ast.Constant) and arg.value in ("", None)):
                            self.follow(arg, path)
                elif isinstance(node, ast.Dict):   # a Senjutsu decision: {"seat": ..., "rule": "Reveal", ...}
                    for k, v in zip(node.keys, node.values, strict=True):
                        if isinstance(k, ast.Constant) and k.value == "rule":
                            self.follow(v, path)
        return self.names

    def follow(self, e: ast.AST, path: Path) -> None:
        if id(e) in self.seen:
            return
        self.seen.add(id(e))
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            self.names.add(e.value)
        elif isinstance(e, ast.Constant) and e.value is None:
            pass
        elif isinstance(e, ast.JoinedStr):
            self.names.add("".join(v.value if isinstance(v, ast.Constant) else PART for v in e.values))
        elif isinstance(e, ast.IfExp):
            self.follow(e.body, path), self.follow(e.orelse, path)
        elif isinstance(e, ast.Dict):
            for v in e.values:
                self.follow(v, path)
        elif isinstance(e, ast.Lambda):
            self.follow(e.body, path)
        elif isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "get" \
                and isinstance(e.func.value, ast.Dict):   # {phase: "section", ...}.get(ph, "default")
            self.follow(e.func.value, path)
            for a in e.args[1:]:
                self.follow(a, path)
        elif isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "rule":
            self.phase_rules()   # PHASES[phase].rule(state): each Phase's rule
        elif isinstance(e, ast.Subscript) and isinstance(e.slice, ast.Constant) and e.slice.value == "rule":
            pass   # a pending decision's rule: every {"rule": ...} is collected
        elif isinstance(e, ast.Subscript) and path.name == "native.py":
            pass   # a decision handed over by the native engine: its rules are the native sources' (native_names)
        elif isinstance(e, ast.Name):
            self.name(e, path)
        else:
            raise Unfollowed(f"{path}:{getattr(e, 'lineno', '?')}: cannot follow the rule name {ast.unparse(e)}")

    def phase_rules(self) -> None:
        for path in self.files:
            for node in ast.walk(_module(path)):
                if isinstance(node, ast.Call) and _called(node) == "Phase":
                    self.follow(_arg(node, 3, "rule"), path)

    def name(self, e: ast.Name, path: Path) -> None:
        func = _enclosing(e)
        while func is not None:   # a local, or a parameter filled by the function's callers
            values = [n.value for n in ast.walk(func) if isinstance(n, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == e.id for t in n.targets)]
            if values:
                for v in values:
                    self.follow(v, path)
                return
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                params = [a.arg for a in func.args.posonlyargs + func.args.args]
                if e.id in params:
                    self.callers(func, params.index(e.id), e.id, path)
                    return
            func = _enclosing(func)
        self.constant(e.id, path)

    def constant(self, name: str, path: Path) -> None:
        tree = _module(path)
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                self.follow(node.value, path)
                return
            if isinstance(node, ast.ImportFrom) and node.module and any((a.asname or a.name) == name for a in node.names):
                self.constant(next(a.name for a in node.names if (a.asname or a.name) == name), _module_path(node.module))
                return
        raise Unfollowed(f"{path}: cannot find the rule name {name}")

    def callers(self, func: ast.FunctionDef, index: int, param: str, path: Path) -> None:
        """The arguments the callers give to the parameter ``param`` of ``func`` (of ``path``); a shared function
        (daimyo/core) may have no caller in this game."""
        is_method = bool(func.args.args) and func.args.args[0].arg in ("self", "cls")
        found = False
        for path in self.files:
            for node in ast.walk(_module(path)):
                if isinstance(node, ast.Call) and _called(node) == func.name:
                    at = index - 1 if is_method and isinstance(node.func, ast.Attribute) else index
                    arg = _arg(node, at, param)
                    if arg is not None:
                        found = True
                        self.follow(arg, path)
        if not found and _default(func, param) is None and path.parent.name != "core":
            raise Unfollowed(f"{func.name}: no caller gives its {param}")


def _called(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _arg(node: ast.Call, index: int, keyword: str) -> ast.AST | None:
    if len(node.args) > index and not any(isinstance(a, ast.Starred) for a in node.args[:index + 1]):
        return node.args[index]
    return next((k.value for k in node.keywords if k.arg == keyword), None)


def _default(func: ast.FunctionDef, param: str) -> ast.AST | None:
    args = func.args.posonlyargs + func.args.args
    defaults = dict(zip([a.arg for a in args][len(args) - len(func.args.defaults):], func.args.defaults, strict=True))
    return defaults.get(param)


_CPP = (re.compile(r'const char\* S_\w+ = "([^"]*)";'),
        re.compile(r'\bbroke\([^;]*?,\s*"([^"]*)"\s*\);', re.S),
        re.compile(r'\bQuestion\{[^;{}]*?"([^"]*)"[^;{}]*\}'),
        re.compile(r'\bask(?:_now)?\([^;]*?"([^"]*)"\s*\);', re.S))


def native_names(prefix: str) -> set[str]:
    """The section strings of a native engine's sources (``rk``: the Rokugan engine's files, ``sj``: ``sj_*``)."""
    out: set[str] = set()
    for path in sorted((ROOT / "native" / "src").glob("*.cpp")):
        ours = path.name.startswith("sj_") if prefix == "sj" else prefix == "rk" and not path.name.startswith(("sj_", "risingsun"))
        if ours:
            text = path.read_text(encoding="utf-8")
            for pattern in _CPP:
                out.update(pattern.findall(text))
    return out


@cache
def rule_names(prefix: str) -> frozenset[str]:
    """Every rule or section name the game's engines (``rk``, ``sj``, ``rs``) can name, a run-time part as ``{}``."""
    from daimyo.core.registry import game

    names = Collector(GAMES[prefix]).run() | native_names(prefix) | {game(GAMES[prefix]).unique_rule}
    return frozenset(names)
