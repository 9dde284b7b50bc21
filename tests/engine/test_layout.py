"""One layout for every game package (docs/architecture.md).

Whoever knows one game finds their way in the next: each `engine/<game>/` holds the same modules,
exports `RULES` from its `__init__`, keeps its AI in `ai.py` and builds every refusal through
`messages.refuse`. A game may add modules beside them (Arkenstone's board, Space Hulk's maps).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import string
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rejected, Rules
from engine.registry import GAME_PACKAGES

REQUIRED = (
    "__init__.py",
    "options.py",
    "state.py",
    "actions.py",
    "events.py",
    "rules.py",
    "evolve.py",
    "view.py",
    "ai.py",
    "messages.py",
)
OLD_DIALECT = ("model.py", "pilot.py", "pilots.py", "views.py")
"""Names the layout replaced: their content now lives in the modules above."""


# A game not yet on the layout; remove its entry when it is (the strict xfail then fails until you do).
NOT_YET: dict[str, str] = {}


def _packages() -> list[Any]:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=NOT_YET[name]))
        if name in NOT_YET
        else name
        for name in GAME_PACKAGES
    ]


def _folder(name: str) -> Path:
    spec = importlib.util.find_spec(f"engine.{name}")
    assert spec is not None and spec.submodule_search_locations, f"engine.{name} is not a package"
    return Path(next(iter(spec.submodule_search_locations)))


@pytest.mark.parametrize("name", _packages())
def test_every_game_package_has_the_one_layout(name: str) -> None:
    folder = _folder(name)
    _has_the_files(name, folder)
    _exports_rules_and_its_ai_gives_the_pilots(name)
    _builds_refusals_in_one_place(name, folder)


def _has_the_files(name: str, folder: Path) -> None:
    missing = [f for f in REQUIRED if not (folder / f).is_file()]
    assert not missing, f"engine/{name} lacks {missing}"
    old = [f for f in OLD_DIALECT if (folder / f).exists()]
    assert not old, f"engine/{name} still has {old}"


def _exports_rules_and_its_ai_gives_the_pilots(name: str) -> None:
    package = importlib.import_module(f"engine.{name}")
    assert "RULES" in getattr(package, "__all__", ()), f"engine.{name}.__all__ lacks RULES"
    rules = package.RULES
    assert isinstance(rules, Rules)
    ai = importlib.import_module(f"engine.{name}.ai")
    for seat in rules.seats:
        pilot = rules.pilot(seat)
        assert type(pilot).__module__ == ai.__name__, (
            f"{name}: the {seat} pilot comes from {type(pilot).__module__}"
        )


def _builds_refusals_in_one_place(name: str, folder: Path) -> None:
    messages = importlib.import_module(f"engine.{name}.messages")
    assert messages.MESSAGES, f"engine.{name}.messages.MESSAGES is empty"
    for key, default in messages.MESSAGES.items():
        refusal = messages.refuse(key, **_placeholders(default))
        assert isinstance(refusal, Rejected), key
        # The catalog id is the game's: the key itself, or the key under the game's prefix.
        assert refusal.message_id in (key, f"{name}.{key}") and refusal.message_id.startswith(f"{name}."), key
    elsewhere = [
        f"{path.relative_to(folder)}:{node.lineno}"
        for path in sorted(folder.rglob("*.py"))
        if path.name != "messages.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Rejected"
    ]
    assert not elsewhere, f"engine/{name} builds a Rejected outside messages.refuse: {elsewhere}"


def _placeholders(text: str) -> dict[str, str]:
    return {field: "x" for _, field, _, _ in string.Formatter().parse(text) if field}


def _rules_methods() -> tuple[set[str], set[str]]:
    """The methods listed in the required part of the `Rules` surface (under "# --- the rules", up
    to the next "# ---" line), and those whose default only raises NotImplementedError."""
    source = Path(importlib.import_module("engine.core.rules").__file__ or "").read_text(encoding="utf-8")
    lines = source.splitlines()
    rules = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == "Rules")
    start = next(i for i, line in enumerate(lines, 1) if line.strip().startswith("# --- the rules"))
    end = next(i for i, line in enumerate(lines, 1) if i > start and line.strip().startswith("# ---"))
    methods = [n for n in rules.body if isinstance(n, ast.FunctionDef)]
    listed = {m.name for m in methods if start < m.lineno < end}
    raising = {
        m.name
        for m in methods
        if isinstance(m.body[-1], ast.Raise)
        and isinstance(m.body[-1].exc, ast.Name)
        and m.body[-1].exc.id == "NotImplementedError"
    }
    return listed, raising


def test_the_required_surface_is_listed_as_required() -> None:
    """Issue 23 item 6: `resample_hidden` is required (the no-leak contract test needs it), so the
    surface lists it with the other required methods, and every game implements all of them."""
    listed, raising = _rules_methods()
    assert "resample_hidden" in listed
    # series_result has no default either, but only a series (one whose series_table names a table) needs it
    assert listed == raising - {"series_result"}, (
        "the required part of Rules lists the methods with no default"
    )
    for name in GAME_PACKAGES:
        rules = importlib.import_module(f"engine.{name}").RULES
        missing = [m for m in sorted(listed) if getattr(type(rules), m) is getattr(Rules, m)]
        assert not missing, f"engine.{name} does not implement {missing}"
