"""engine/spacehulk reads bottom-up (issue 23 item 2): no import circle among its modules, and no
import written inside a function (they once held an 18-module circle together)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "spacehulk"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parents[1]).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> tuple[set[str], list[int]]:
    """The modules `path` imports (TYPE_CHECKING blocks left out; `from pkg import mod` is the module,
    `from pkg import name` the package) and the lines of imports inside functions."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    inner: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                if in_function:
                    inner.append(child.lineno)
                if isinstance(child, ast.Import):
                    found.update(alias.name for alias in child.names)
                else:
                    base = child.module or ""
                    if child.level:
                        parts = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                        base = ".".join([*parts, base] if base else parts)
                    for alias in child.names:
                        sub = f"{base}.{alias.name}"
                        found.add(sub if sub in modules else base)
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found, inner


def graph() -> tuple[dict[str, set[str]], dict[str, list[int]]]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    inner: dict[str, list[int]] = {}
    for name, path in files.items():
        found, lines = imports(path, set(files))
        edges[name] = {m for m in found if m in files and m != name}
        if lines:
            inner[name] = lines
    return edges, inner


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[set[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(part)

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def test_no_import_circle_inside_the_package() -> None:
    edges, _ = graph()
    assert len(edges) > 40 and edges["engine.spacehulk.rules"]  # the package was read
    assert circles(edges) == []


def test_no_import_inside_a_function() -> None:
    _, inner = graph()
    assert inner == {}


def test_the_floor_test_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
