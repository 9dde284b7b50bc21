"""Fixtures for the emulator's own tests (other suites import them from tests.playground.fixtures)."""

from tests.playground.fixtures import emu, run

__all__ = ["emu", "run"]
