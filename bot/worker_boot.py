"""Imported by the worker pool's forkserver only (bot/offload.py PRELOAD): work every worker would
otherwise repeat at its first job is done once, before the workers are forked from it."""

from __future__ import annotations

from renderers.i18n import preload

preload()  # parse the message catalogs (~0.7 s)
