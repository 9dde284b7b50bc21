"""`tablero playground`: the local Discord, the real bot and the page, until Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.cli import Commands

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def add_commands(sub: Commands) -> None:
    """`tablero playground` and its options (launcher/cli.py lists it)."""
    play = sub.add_parser(
        "playground",
        help="play every game in your browser against a local Discord, no account or token needed",
    )
    play.add_argument("--port", type=int, default=8765, help="port of the web page (default 8765)")
    play.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; anyone who reaches another address can act as any user)",
    )
    play.add_argument(
        "--db",
        type=Path,
        default=Path("./playground.db"),
        help="SQLite file for the games and the local Discord (default ./playground.db)",
    )
    play.add_argument("--open", action="store_true", help="open the page in your web browser")
    play.add_argument(
        "--cluster",
        type=int,
        default=0,
        metavar="N",
        help="run the bot as `tablero cluster` with N processes of one shard each (default: one"
        " process, inside the playground's)",
    )
    play.set_defaults(handler=_command)


def _command(args: argparse.Namespace) -> int:
    return main(host=args.host, port=args.port, db=args.db, open_browser=args.open, cluster=args.cluster)


def main(
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    db: Path = Path("./playground.db"),
    open_browser: bool = False,
    cluster: int = 0,
) -> int:
    """Run the playground; returns the exit code."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("playground").setLevel(logging.INFO)
    if host not in LOOPBACK:
        print(
            f"WARNING: listening on {host}: anyone who can reach this address can act as any user of the "
            "playground. Use the default 127.0.0.1 unless you mean it.",
            file=sys.stderr,
        )
    try:
        return asyncio.run(_main(host, port, db, open_browser, cluster))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"tablero playground: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except RuntimeError as exc:  # the bot could not start (see the log above)
        print(f"tablero playground: {exc}", file=sys.stderr)
        return 1


async def _main(host: str, port: int, db: Path, open_browser: bool, cluster: int = 0) -> int:
    # Imported here, when the playground is what runs: the emulator, the page and the bot's app take
    # about a second to import, which `tablero run` and `tablero version` should not pay.
    from .runner import Playground

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(f"Starting the playground (games are kept in {db}) ...", flush=True)
    playground = Playground(db, host=host, port=port, cluster=cluster)
    if cluster:
        print(f"The bot runs as a cluster of {cluster} processes (tablero cluster).", flush=True)
    try:
        await playground.start()
        print(f"Tablero playground: open {playground.url} in your browser (Ctrl-C stops it).", flush=True)
        if open_browser:
            await asyncio.to_thread(webbrowser.open, playground.url)
        await stop.wait()
        print("Stopping ...", flush=True)
    finally:
        await playground.stop()
    print("Stopped; the games are saved.", flush=True)
    return 0
