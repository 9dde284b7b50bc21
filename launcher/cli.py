"""`tablero`: the console script. Each layer declares its own subcommands and this module lists them.

- the bot (bot/cli.py `add_commands`): `run` (the default) and `check-db`;
- the playground (playground/cli.py `add_commands`): `playground`;
- here: `version`.

A subcommand is an argparse sub-parser whose `handler(args)` returns the exit code; a new one goes
in its layer's `add_commands`, and nothing here changes. Plain `tablero` runs the bot. The launcher
sits above both layers, so the bot never imports the playground (tests/test_layers.py).
"""

from __future__ import annotations

import argparse
import sys
from importlib import metadata

from bot import cli as bot_cli
from playground import cli as playground_cli


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tablero",
        description="A Discord bot that referees tabletop games. Without a subcommand: run the bot.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    bot_cli.add_commands(sub)
    playground_cli.add_commands(sub)
    sub.add_parser("version", help="print the version").set_defaults(handler=_print_version)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.command is None:
        return bot_cli.run()
    return int(args.handler(args))


def _print_version(args: argparse.Namespace) -> int:
    print(f"tablero {version()}")
    return 0


def version() -> str:
    try:
        return metadata.version("tablero")
    except metadata.PackageNotFoundError:  # a source checkout that was never installed
        return "unknown"
