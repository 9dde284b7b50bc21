"""Fixtures for the emulator's own tests (other suites import them from tests.emulator.fixtures)."""

from tests.emulator.fixtures import emu, run

__all__ = ["emu", "run"]
