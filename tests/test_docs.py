"""The docs are self-contained: a clone has no ../shared, so nothing may point there, and every
relative link in the README and docs/ leads to a file of the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".venv", ".git", "__pycache__", "build", "node_modules"}
OUTSIDE = re.compile(r"\.\./shared|/work/shared")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def files(*suffixes: str) -> list[Path]:
    return [
        p
        for p in ROOT.rglob("*")
        if p.is_file()
        and p.suffix in suffixes
        and not SKIP & set(p.relative_to(ROOT).parts)
        and not any(part.endswith(".egg-info") for part in p.parts)
    ]


def test_nothing_points_outside_the_repository() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in files(".py", ".md", ".toml", ".ftl", ".txt")
        if p != Path(__file__).resolve()
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, found


def test_every_relative_link_in_the_docs_exists() -> None:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "renderers/locales/README.md"]
    broken = []
    for doc in docs:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            if not (doc.parent / target).exists():
                broken.append(f"{doc.relative_to(ROOT)} -> {target}")
    assert not broken, broken
    assert (ROOT / "docs/architecture.md").exists()
    assert {p.stem for p in (ROOT / "docs/rules").glob("*.md")} >= {"canyon", "arkenstone", "spacehulk"}
