"""The code style is part of the build: ruff check and ruff format, configured in pyproject.toml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(exe).exists():
        pytest.fail("ruff is not installed (it is in the test extras: pip install -e '.[test]')")
    return subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_check_is_clean() -> None:
    result = _ruff("check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _ruff("format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr
