"""Every refusal and outcome of the engine has a catalog entry in English and Spanish."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.spacehulk.messages import MESSAGES
from renderers.i18n import catalog

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "spacehulk"


def refusals() -> dict[str, str]:
    """(catalog id -> English text) of every refusal the engine can raise (messages.MESSAGES)."""
    return {f"spacehulk.{key}": text for key, text in MESSAGES.items()}


def used_ids() -> set[str]:
    """Every id given to refuse(...) or problem(...) anywhere in the engine package."""
    found: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        if "campaign" in path.relative_to(ENGINE).parts:
            continue  # the campaign has its own refusals (engine/spacehulk/campaign/messages.py)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if name in ("refuse", "problem") and isinstance(first, ast.Constant):
                found.add(first.value)
    return found


def test_found_the_refusals() -> None:
    assert len(refusals()) > 50
    assert len(used_ids()) > 50


def test_every_refusal_raised_has_a_default_and_every_default_is_used() -> None:
    assert used_ids() == set(MESSAGES)


@pytest.mark.parametrize(("key", "text"), sorted(refusals().items()))
def test_refusal_in_both_catalogs(key: str, text: str) -> None:
    assert catalog("en")[key] == text
    assert key in catalog("es") and catalog("es")[key]


@pytest.mark.parametrize(
    "reason",
    [f"spacehulk.win.{k}" for k in ("kill", "seal", "escape", "flame", "survive")]
    + [f"spacehulk.draw.{k}" for k in ("kill", "seal", "escape", "flame", "survive")]
    + [f"spacehulk.lose.{k}" for k in ("all_dead", "no_flamer", "below", "stealer_on", "burned", "turns")],
)
def test_outcome_reasons_in_both_catalogs(reason: str) -> None:
    assert reason in catalog("en") and reason in catalog("es")


def test_catalogs_have_the_same_keys() -> None:
    en = {k for k in catalog("en") if k.startswith("spacehulk.")}
    es = {k for k in catalog("es") if k.startswith("spacehulk.")}
    assert en == es
