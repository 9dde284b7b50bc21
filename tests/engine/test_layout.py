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
