"""Every catalog key is used by some code (issue 23 item 7: dead catalog keys removed, and kept so).

A key is used when the code names it: a string literal equal to it (a refusal's MESSAGES entry does
not count by itself: some `refuse` must name it), or a key built at run time that can produce it,
an f-string (`f"canyon.img.ship.{seat}"`) or a concatenation (`"cmd." + name`) with some words
written out. A name made of placeholders only (`f"{a}.{b}"`) matches anything and is not counted.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from renderers.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("engine", "renderers", "bot", "cogs", "playground", "launcher")
ANY = ".+"


def _names_in_code() -> tuple[set[str], list[re.Pattern[str]]]:
    literals: set[str] = set()
    built: list[str] = []
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            defined = {
                id(key)
                for node in ast.walk(tree)
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict)
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(target, ast.Name) and target.id.endswith("MESSAGES")
                for key in node.value.keys
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in defined:
                    literals.add(node.value)
                elif isinstance(node, ast.JoinedStr):
                    parts = [
                        re.escape(v.value)
                        if isinstance(v, ast.Constant) and isinstance(v.value, str)
                        else ANY
                        for v in node.values
                    ]
                    built.append("".join(parts))
                elif (
                    isinstance(node, ast.BinOp)
                    and isinstance(node.op, ast.Add)
                    and isinstance(node.left, ast.Constant)
                    and isinstance(node.left.value, str)
                ):
                    built.append(re.escape(node.left.value) + ANY)
    written = [
        re.compile(p) for p in built if re.search(r"[a-z]{2,}", re.sub(r"\\(.)", r"\1", p.replace(ANY, "")))
    ]
    return literals, written


def unused_keys() -> list[str]:
    literals, written = _names_in_code()
    keys = set().union(*(catalog(lang) for lang in LANGUAGES))
    return sorted(k for k in keys if k not in literals and not any(p.fullmatch(k) for p in written))


def test_every_catalog_key_is_used() -> None:
    assert unused_keys() == [], "catalog keys no code names (remove them, or name them in code)"


def test_a_key_built_at_run_time_counts() -> None:
    literals, written = _names_in_code()
    assert "canyon.img.ship.marine" not in literals
    assert any(p.fullmatch("canyon.img.ship.marine") for p in written)
    assert not any(p.fullmatch("no.such.key") for p in written)
