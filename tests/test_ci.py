"""CI runs the README's test command verbatim (after installing the browser the page tests need), under
pg_virtualenv with TABLERO_REQUIRE_PG=1 so the PostgreSQL half of the store tests cannot be left out."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```bash\n(.*?)\n```", readme, re.DOTALL)
    [test_command] = [c for c in commands if "pytest" in c]
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert '"' not in test_command  # it is quoted whole for `sh -c`
    assert script[-1] == f'pg_virtualenv -- sh -c "{test_command}"'
    assert "export TABLERO_REQUIRE_PG=1" in script
    assert any("apt-get install -y -q postgresql" in line for line in script)


def test_the_first_set_up_command_runs_the_playground() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.findall(r"```bash\n(.*?)\n```", readme, re.DOTALL)[0]
    assert first == "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/tablero playground"
