"""Reliability suites: the e2e fixtures (emulator, world, the real bot in-process) plus a bot subprocess."""

from __future__ import annotations

from tests.e2e.conftest import db_path, start, tablero, world  # noqa: F401  (fixtures)
from tests.playground.fixtures import emu  # noqa: F401  (fixture)
