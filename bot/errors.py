"""One error path for commands and components: refusals become ephemeral replies, bugs a log line.

A rules refusal (`Rejected`) is answered in the player's language, ephemerally. A storage fault
(`StorageUnavailable`: disk full, locked, read-only, damaged) is told as such ("the game's storage
is unavailable right now; nothing was changed") and logged as a warning naming the fault in words
(it is weather, not a bug; a storage fault's words carry nothing from a game). Anything else is
answered with "Something broke; the table is unchanged." and logged with the table id and version
and the traceback's frames, but never the exception's message or arguments: those can carry a
hand, a view or an action's hidden payload.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from engine.core import Rejected

from .i18n import language_of as _language_of
from .i18n import rejected_text, t
from .panels import clip
from .store import FAULT_WORDS, StaleVersion, StorageUnavailable

log = logging.getLogger("tablero.errors")

# Discord's answers when an interaction can no longer be answered: unknown interaction (the 3 s
# window passed), unknown webhook, invalid webhook token (the 15 min token expired).
EXPIRED = frozenset({10062, 10015, 50027})

# Extra replies for some refusals (e.g. "moved on" shows the current private state); set by the app.
FollowUp = Callable[[discord.Interaction, Rejected], Awaitable[None]]


def withheld(exc: BaseException) -> BaseException:
    """A stand-in exception carrying only the type name and the original traceback."""
    blank = RuntimeError(f"{type(exc).__name__} (message withheld)")
    return blank.with_traceback(exc.__traceback__)


def log_failure(
    logger: logging.Logger, exc: BaseException, msg: str, *args: Any, table: int | None, version: int | None
) -> None:
    """Log a failure with its table id and version; the exception's text is withheld."""
    blank = withheld(exc)
    logger.error(
        msg + " [table %s v%s] %s",
        *args,
        table,
        version,
        type(exc).__name__,
        exc_info=(type(blank), blank, exc.__traceback__),
    )


def unwrap(error: BaseException) -> BaseException:
    """The original exception behind discord.py's wrappers."""
    while (
        isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and error.__cause__
    ):
        error = error.__cause__
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def _name(interaction: discord.Interaction) -> object:
    """The command's name or the component's custom_id (ids and verbs: nothing secret)."""
    return getattr(interaction.command, "qualified_name", None) or (
        interaction.data and interaction.data.get("custom_id")
    )


def interaction_language(interaction: discord.Interaction) -> str:
    return _language_of(interaction.locale)


async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer whether or not the interaction was already acknowledged."""
    content = clip(content)  # a refusal may quote what the user typed (up to 6000 characters)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


class ErrorHandler:
    """`tree.on_error` and the same path for component callbacks."""

    def __init__(self) -> None:
        self.follow_up: FollowUp | None = None

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.handle(interaction, error)

    async def handle(self, interaction: discord.Interaction, error: BaseException) -> None:
        error = unwrap(error)
        lang = interaction_language(interaction)
        table = interaction.extras.get("table")
        version = interaction.extras.get("version")
        if isinstance(error, StaleVersion):
            # Another process wrote the table between this click's read and its write, and the write
            # was refused whole (the row's version check). Every write of a table holds it first
            # (TableService.lock), so this is a last line only: the player is told the table moved
            # on, with where it stands now, and may try again. Not a bug.
            log.info(
                "interaction %s: the table moved on under it [table %s v%s]",
                _name(interaction),
                table,
                version,
            )
            error = Rejected("bot.table_moved_on", "The table has moved on; here is where it stands now.")
        try:
            if isinstance(error, Rejected):
                if self.follow_up is not None and table is not None:
                    interaction.extras["refusal"] = rejected_text(lang, error)
                    await self.follow_up(interaction, error)
                else:
                    await reply(interaction, rejected_text(lang, error))
                return
            if isinstance(error, app_commands.CheckFailure):
                await reply(interaction, t(lang, "bot.not_allowed"))
                return
            if isinstance(error, app_commands.TransformerError):
                # discord.py could not turn an option into what the command takes (a channel that
                # is not in this server, or not of the kind asked for): the player's input, not a bug
                log.info("interaction %s: option not usable: %s", _name(interaction), error.type.name)
                await reply(interaction, t(lang, "bot.option_unusable"))
                return
            if isinstance(error, StorageUnavailable):
                log.warning(
                    "interaction %s: storage unavailable: %s [table %s v%s]; nothing was changed",
                    _name(interaction),
                    FAULT_WORDS[error.fault],
                    table,
                    version,
                )
                await reply(
                    interaction,
                    t(lang, "storage.unavailable_saved" if error.saved else "storage.unavailable"),
                )
                return
            if isinstance(error, discord.HTTPException) and error.code in EXPIRED:
                # Discord no longer takes answers to it (too late): not a bug, and no way to reply
                log.warning("interaction expired [table %s v%s]: code %s", table, version, error.code)
                return
            log_failure(log, error, "interaction %s failed", _name(interaction), table=table, version=version)
            await reply(interaction, t(lang, "core.something_broke"))
        except discord.HTTPException as exc:  # the interaction itself expired or failed: nothing more to say
            log.warning("could not answer interaction [table %s v%s]: %s", table, version, type(exc).__name__)
