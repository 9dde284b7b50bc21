"""`tablero verify FILE` and `tablero replay FILE`: an exported table checked offline (bot/export.py,
docs/export.md). Exit 0: it checks out; 1: a check failed (the first problem is printed); 2: the
file cannot be read as an export."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from renderers.i18n import LANGUAGES, t

if TYPE_CHECKING:
    Commands = argparse._SubParsersAction[argparse.ArgumentParser]


def add_commands(sub: Commands) -> None:
    """The two subcommands, each with its handler (bot/cli.py lists them)."""
    verify = sub.add_parser(
        "verify",
        help="check a finished table's export: the seed against its commitment, every roll, shuffle and draw",
    )
    replay = sub.add_parser("replay", help="rebuild a game from its export and check where it ends")
    for parser, kind in ((verify, "verify"), (replay, "replay")):
        parser.add_argument("file", type=Path, help="the export (/game export, a JSON file)")
        parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the report")
        parser.set_defaults(handler=lambda args, kind=kind: check(kind, args.file, args.lang))


def check(kind: str, path: Path, lang: str = "en", out: TextIO | None = None) -> int:
    """Run `kind` ("verify" or "replay") on the export at `path`; print the findings; the exit code."""
    from .export import run_check  # the game catalogue, loaded only when a check runs

    out = out or sys.stdout
    try:
        data = path.read_bytes()
    except OSError as exc:
        print(
            t(lang, "aftergame.cannot_read", file=str(path), error=exc.strerror or type(exc).__name__),
            file=out,
        )
        return 2
    ok, findings = run_check(kind, data)
    for key, params in findings:
        print(t(lang, key, **params), file=out)
    if ok:
        return 0
    unreadable = findings and findings[0][0] in {
        "aftergame.bad_file",
        "aftergame.bad_format",
        "aftergame.bad_schema",
        "aftergame.unknown_game",
    }
    return 2 if unreadable else 1
