"""The import rule of docs/architecture.md, checked by walking every module's imports."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "renderers", "bot", "cogs", "playground", "tests", "bench"}
# layer -> our top-level packages it may import
ALLOWED = {
    "engine": {"engine"},
    "renderers": {"engine", "renderers"},
    "bot": {"engine", "renderers", "bot"},
    "cogs": {"engine", "renderers", "bot", "cogs"},
    # The playground is a local Discord plus a page in front of it; it starts the real bot, so it may
    # import bot (which loads cogs by name); nothing of ours imports the playground (tests and bench may).
    "playground": {"bot", "playground"},
}
FORBIDDEN_IN_ENGINE = {
    "discord",
    "aiosqlite",
    "sqlite3",
    "PIL",
    "aiohttp",
    "asyncio",
    "os",
    "time",
    "datetime",
    "socket",
    "requests",
    "pathlib",
    "io",
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def modules(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    bad = []
    for path in modules(layer):
        for root in imported_roots(path) & OURS:
            if root not in ALLOWED[layer]:
                bad.append(f"{path.relative_to(ROOT)} imports {root}")
    assert not bad, "\n".join(bad)


def test_engine_is_pure() -> None:
    bad = []
    for path in modules("engine"):
        roots = imported_roots(path)
        for root in roots & FORBIDDEN_IN_ENGINE:
            bad.append(f"{path.relative_to(ROOT)} imports {root}")
        if "random" in roots and path != ROOT / "engine" / "core" / "dice.py":
            bad.append(f"{path.relative_to(ROOT)} imports random (only engine/core/dice.py may)")
    assert not bad, "\n".join(bad)


def test_only_tests_and_bench_import_the_playground() -> None:
    bad = [
        str(p.relative_to(ROOT))
        for layer in ("engine", "renderers", "bot", "cogs")
        for p in modules(layer)
        if "playground" in imported_roots(p)
    ]
    assert not bad


def test_nothing_imports_cogs() -> None:
    bad = [
        str(p.relative_to(ROOT))
        for layer in ("engine", "renderers", "bot", "playground")
        for p in modules(layer)
        if "cogs" in imported_roots(p)
    ]
    assert not bad


def test_renderers_use_pillow_only_for_io() -> None:
    bad = []
    for path in modules("renderers"):
        for root in imported_roots(path) & {"discord", "aiosqlite", "sqlite3", "aiohttp"}:
            bad.append(f"{path.relative_to(ROOT)} imports {root}")
    assert not bad, "\n".join(bad)


def test_the_platform_names_no_game() -> None:
    """Issue 9: a game is engine/<game> + renderers/<game> + catalogs + one registry line; nothing in
    bot/ or cogs/ names one (code, strings or comments), so adding a game never touches them."""
    from engine.registry import GAME_PACKAGES, GAMES

    names = set(GAME_PACKAGES) | set(GAMES) | {"duel", "clickwars", "space hulk", "space_hulk"}
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names)) + r")\b", re.IGNORECASE)
    bad = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for layer in ("bot", "cogs")
        for path in modules(layer)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not bad, "\n".join(bad)
