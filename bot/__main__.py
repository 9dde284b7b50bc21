"""`tablero` console script: read settings, start the bot. Without a token, say what to set and exit 2."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        print(
            f"tablero: bad configuration: {first['loc'][0] if first['loc'] else ''}: {first['msg']}",
            file=sys.stderr,
        )
        return 2
    token = settings.token()
    if token is None:
        print(
            "tablero: set DISCORD_TOKEN (environment or .env) to your bot token to start the bot.",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        asyncio.run(_run(settings, token))
    except KeyboardInterrupt:
        pass
    except Exception as exc:  # e.g. LoginFailure: one line, no token echo
        logging.getLogger("tablero").error("stopped: %s", type(exc).__name__)
        return 1
    return 0


async def _run(settings: Settings, token: str) -> None:
    """Run until the connection ends or SIGTERM/SIGINT arrives, then close cleanly (bot/lifecycle.py)."""
    from .lifecycle import serve

    await serve(settings, token)


if __name__ == "__main__":
    sys.exit(main())
