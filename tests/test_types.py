"""The type check is part of the build: mypy over engine/, bot/ and renderers/ (pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_is_clean() -> None:
    exe = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    if not Path(exe).exists():
        pytest.fail("mypy is not installed (it is in the test extras: pip install -e '.[test]')")
    result = subprocess.run(
        [exe],  # files and settings from pyproject.toml; the cache in .mypy_cache/
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
