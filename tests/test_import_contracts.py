"""The floors inside the layers (issue 23 item 3): import-linter's contracts, and imports at the top.

- The contracts in pyproject.toml (`[tool.importlinter]`) hold: games and presenters import nothing
  of each other, and inside a game the types sit below the procedures, below the rules.
- Every game and every presenter is in those contracts (a new one cannot slip past them).
- PENDING: contracts a package should keep once work under way lands (none today: ClickWars' and
  Space Hulk's moved into pyproject.toml with issue 23 items 1 and 2). Each fails and is expected to
  (strict xfail); the day one holds, its test turns red: move its contract into pyproject.toml and
  delete it here.
- An import inside a function says why, in a comment on its line or on the comment line above it
  (or above the block of imports it opens): start-up time, a collector turned off, a real circle.
"""

from __future__ import annotations

import ast
import io
import logging
import re
import tokenize
import tomllib
from pathlib import Path
from typing import Any

import pytest
from importlinter.cli import lint_imports

from engine.registry import GAME_PACKAGES
from renderers.registry import PRESENTER_PACKAGES

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def _contracts() -> list[dict[str, Any]]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    return list(config["tool"]["importlinter"]["contracts"])


def _lint(config: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    # import-linter's CLI configures its logging with dictConfig, whose disable_existing_loggers turns
    # off every logger that exists (the bot's among them) for the rest of this test process: a later
    # test of log lines in the same worker would read nothing. Each logger gets its state back.
    loggers = [lg for lg in logging.root.manager.loggerDict.values() if isinstance(lg, logging.Logger)]
    was = {id(lg): lg.disabled for lg in loggers}
    try:
        code = lint_imports(config_filename=str(config), no_cache=True, no_logo=True)
    finally:
        for lg in loggers:
            lg.disabled = was[id(lg)]
    return code, capsys.readouterr().out


def test_the_contracts_hold(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _lint(PYPROJECT, capsys)
    assert code == 0, out
    assert f"{len(_contracts())} kept, 0 broken" in out, out


def test_a_broken_floor_is_seen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The checker reads these packages: a contract that today's code breaks is reported broken."""
    config = tmp_path / "upside_down.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["engine"]\nexclude_type_checking_imports = true\n'
        '[[tool.importlinter.contracts]]\nname = "upside down"\ntype = "layers"\n'
        'containers = ["engine.canyon"]\nlayers = ["state", "rules"]\n',
        encoding="utf-8",
    )
    code, out = _lint(config, capsys)
    assert code != 0 and "BROKEN" in out, out


GAMES = sorted({f"engine.{name.split('.')[0]}" for name in GAME_PACKAGES})
PRESENTERS = sorted({f"renderers.{name.split('.')[0]}" for name in PRESENTER_PACKAGES})


def test_every_game_and_presenter_has_its_floors() -> None:
    contracts = {c["id"]: c for c in _contracts()}
    assert sorted(contracts["games-independent"]["modules"]) == GAMES
    assert sorted(contracts["presenters-independent"]["modules"]) == PRESENTERS
    floored = {c["containers"][0] for c in contracts.values() if c["type"] == "layers" and "containers" in c}
    assert set(GAMES) <= floored, f"add a layers contract for {sorted(set(GAMES) - floored)}"
    acyclic = set(contracts["games-acyclic"]["ancestors"]) | {
        ancestor
        for pending in PENDING.values()
        for ancestor in re.findall(r'ancestors = \["([\w.]+)"\]', pending[1])
    }
    assert set(GAMES) <= acyclic, f"add {sorted(set(GAMES) - acyclic)} to games-acyclic"


PENDING: dict[str, tuple[str, str]] = {}
"""The contracts still to add to pyproject.toml, with whose work makes them hold."""


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=why))
        for name, (why, _) in PENDING.items()
    ],
)
def test_pending_contract(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / f"{name}.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["engine"]\nexclude_type_checking_imports = true\n'
        f'[[tool.importlinter.contracts]]\nname = "{name}"\n{PENDING[name][1]}',
        encoding="utf-8",
    )
    code, out = _lint(config, capsys)
    assert code == 0, out


# --- imports inside functions --------------------------------------------------------------------
LAYERS = ("engine", "renderers", "bot", "cogs", "playground", "launcher")
OWNED_ELSEWHERE: dict[str, int] = {}
"""Packages being restructured, and how many imports inside functions without a why they may hold
meanwhile (none today: ClickWars and Space Hulk lost theirs in issue 23 items 1 and 2)."""
MARKERS = re.compile(r"noqa(:\s*[A-Z]+[0-9]+(,\s*[A-Z]+[0-9]+)*)?|type:\s*ignore(\[[^\]]*\])?")


def _comments(source: str) -> dict[int, str]:
    """Line -> the words of the comment on it (lint markers left out)."""
    found = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            words = MARKERS.sub("", tok.string.lstrip("#")).strip(" ()")
            if re.search(r"[A-Za-z]{2,}", words):
                found[tok.start[0]] = words
    return found


def unexplained_imports(source: str) -> list[int]:
    """The lines of the imports inside functions that no comment explains."""
    tree = ast.parse(source)
    lines = source.splitlines()
    comments = _comments(source)
    inner = {
        node.lineno: node
        for func in ast.walk(tree)
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(func)
        if isinstance(node, (ast.Import, ast.ImportFrom))
    }
    import_lines = {
        n for node in inner.values() for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    }

    def explained(node: ast.stmt) -> bool:
        if any(n in comments for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)):
            return True
        n = node.lineno - 1  # walk up over the block of imports (and blank lines) it belongs to
        while n >= 1:
            text = lines[n - 1].strip()
            if text.startswith("#"):
                return n in comments
            if text and n not in import_lines:
                return False
            n -= 1
        return False

    return sorted(line for line, node in inner.items() if not explained(node))


def test_unexplained_imports_are_found() -> None:
    source = (
        "import os\n"
        "def f():\n"
        "    import json\n"
        "    from x import (\n        y,\n    )\n"
        "def g():\n"
        "    # the app takes a second to import: only `run` needs it\n"
        "    import discord\n\n"
        "    import aiohttp\n"
        "    from . import app  # noqa: F401  (loaded for its objects)\n"
        "    x = 1\n"
        "    from . import b  # noqa: F401\n"
        "    import zlib\n"
    )
    assert unexplained_imports(source) == [3, 4, 14, 15]


def test_imports_inside_functions_say_why() -> None:
    bad: list[str] = []
    held = dict.fromkeys(OWNED_ELSEWHERE, 0)
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            lines = unexplained_imports(path.read_text(encoding="utf-8"))
            owner = next((p for p in OWNED_ELSEWHERE if rel.startswith(p + "/")), None)
            if owner is not None:
                held[owner] += len(lines)
            else:
                bad += [f"{rel}:{n}" for n in lines]
    assert not bad, "imports inside functions with no comment saying why:\n" + "\n".join(bad)
    over = {p: n for p, n in held.items() if n > OWNED_ELSEWHERE[p]}
    assert not over, f"more unexplained imports inside functions than allowed: {over}"
