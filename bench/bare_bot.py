"""The baseline for bench/platform_ack.py: a bare discord.py bot that only acknowledges.

Every interaction is deferred (ephemeral, "thinking"), then answered with a one-word follow-up:
the least a bot can do. Reads DISCORD_TOKEN, DISCORD_API_BASE and DISCORD_GATEWAY_URL like the
real bot, so it runs against the same local emulator.
"""

from __future__ import annotations

import asyncio
import os

import discord
import yarl


class BareBot(discord.Client):
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("ok", ephemeral=True)


async def main() -> None:
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"].rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    discord.VoiceClient.warn_nacl = False
    bot = BareBot(intents=discord.Intents.none(), guild_ready_timeout=0.05, max_messages=None)
    async with bot:
        await bot.start(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    asyncio.run(main())
