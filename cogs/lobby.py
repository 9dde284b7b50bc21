"""/game new|join|start|list|status|resign|abandon|log|export|verify|replay|watch|referee|language and /rules: thin adapters over bot.tables."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import absence, export, lobby
from bot.app import channel_of
from bot.delivery import last_change
from bot.games import playable_games, presenter_for, rules_for
from bot.i18n import game_name, seat_name, t
from bot.panels import CONTENT_LIMIT, AcyclicFile, holder_text, mention, rules_summary, status_panel
from bot.server import check_channel
from bot.store import TableRecord
from engine.core import Rejected, Rules
from renderers.base import ALT_LIMIT
from renderers.i18n import has

from . import watch as watching
from .common import (
    L,
    lang_of,
    language_choices,
    palette_of,
    resolve_table,
    send_panel,
    table_choices,
    table_label,
    tablero,
)

RUNNING = ("lobby", "active")


def _syntax(example: str | None) -> Rejected:
    """Options that are not key=value pairs: the example comes from the game being opened, never from
    another game (issue 15 item 5)."""
    if example is None:
        return Rejected("bot.options_syntax", "Write options as key=value pairs.")
    return Rejected(
        "bot.options_syntax_example", "Write options as key=value pairs, e.g. {example}.", example=example
    )


def parse_options(raw: str | None, example: str | None = None) -> dict[str, Any]:
    """Options as JSON (`{"rounds": 5}`) or `key=value` pairs (`rounds=5 canyon_layout=[1,2,1]`)."""
    if not raw or not raw.strip():
        return {}
    raw = raw.strip()
    if len(raw) > lobby.OPTIONS_TEXT_MAX:
        raise lobby.options_too_long()
    if raw.startswith("{"):
        lobby.json_depth_ok(raw, "")  # before reading: JSON's reader recurses once per level
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = None
        if isinstance(value, dict):
            lobby.bounded(value)
            return value
        raise _syntax(example)
    options: dict[str, Any] = {}
    for part in _pairs(re.sub(r"\s*=\s*", "=", raw)):
        key, sep, text = part.partition("=")
        if not sep or not key:
            raise _syntax(example)
        lobby.json_depth_ok(text, key)
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    lobby.bounded(options)
    return options


def _pairs(raw: str) -> list[str]:
    """Split at spaces and commas outside brackets and quotes, so list values keep their commas."""
    parts: list[str] = []
    current: list[str] = []
    depth, quote = 0, ""
    for ch in raw:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth = max(0, depth - 1)
        elif depth == 0 and (ch.isspace() or ch == ","):
            if current:
                parts.append("".join(current))
                current = []
            continue
        current.append(ch)
    if current:
        parts.append("".join(current))
    return parts


def side_of(game: str, rules: Rules[Any], side: str, lang: str) -> str:
    """The seat for a typed side: its id, or its name in the player's language (e.g. a seat id, or its Spanish name)."""
    wanted = side.strip().lower()
    for seat in rules.seats:
        name = seat_name(game, seat, lang).lower()
        if wanted in (seat.lower(), name, name.split(" (")[0]):
            return seat
    names = ", ".join(seat_name(game, s, lang) for s in rules.seats)
    raise Rejected(
        "bot.unknown_side",
        "There is no side called {side} here; the sides are {sides}.",
        side=side,
        sides=names,
    )


def check_new(
    game: str,
    side: str | None,
    options: str | None,
    lang: str,
    pace: str | None = None,
    default_pace: str | None = None,
) -> tuple[str, str | None, dict[str, Any]]:
    """Everything /game new can refuse without the database, checked before the public reply is
    opened so that a refusal stays private: (the game typed, by id or shown name in any language;
    the seat for `side`; the parsed options). `pace` ("live" or "async") becomes the game's own
    timer options; options typed as well win."""
    game = lobby.game_named(game, lang)
    rules = rules_for(game)
    seat = side_of(game, rules, side, lang) if side else None
    if pace is None and default_pace is not None:  # the server's default, for games with a timer
        try:
            rules.pace_options(default_pace)
            pace = default_pace
        except Rejected:
            pass
    raw = {
        **(rules.pace_options(pace) if pace else {}),
        **parse_options(options, lobby.option_example(rules)),
    }
    _settings, game_options = absence.split_settings(raw)  # the table's own settings (absent=) apart
    lobby.parse_options(rules, game_options, lang)  # refuses in the player's language
    return game, seat, raw


def is_admin(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return perms.administrator or perms.manage_guild


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    lang = lang_of(interaction)
    choices = []
    for name in playable_games():
        label = game_name(name, lang)
        if current.lower() in label.lower() or current.lower() in name:
            choices.append(app_commands.Choice(name=label, value=name))
    return choices[:25]


async def side_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    lang = lang_of(interaction)
    game = getattr(interaction.namespace, "game", None)
    try:
        seats = rules_for(game).seats if game else ()
    except LookupError:
        seats = ()
    choices = [app_commands.Choice(name=seat_name(game, s, lang), value=s) for s in seats]
    return [c for c in choices if current.lower() in c.name.lower() or current.lower() in c.value][:25]


async def options_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`key=value` completions from the game's options model (e.g. a mission by name), each shown
    with the catalog's name for that value ("<game>.<option>.<value>") when there is one."""
    game = getattr(interaction.namespace, "game", None)
    try:
        rules = rules_for(game) if game else None
    except LookupError:
        rules = None
    if rules is None:
        return []
    lang = lang_of(interaction)
    choices = []
    for text in lobby.option_suggestions(rules, current or ""):
        key, _, value = text.rpartition(" ")[2].partition("=")
        name = text
        if has(f"{game}.{key}.{value}"):
            try:
                name = f"{text} · {t(lang, f'{game}.{key}.{value}')}"
            except (KeyError, ValueError):  # a catalog text that wants parameters is no value's name
                pass
        choices.append(app_commands.Choice(name=name[:100], value=text))
    return choices


async def my_running_tables(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await table_choices(interaction, current, statuses=RUNNING)


async def joinable_tables(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    tables = await tablero(interaction).store.list_tables(guild_id=interaction.guild_id, statuses=("lobby",))
    lang = lang_of(interaction)
    user = interaction.user.id
    choices = [
        app_commands.Choice(name=table_label(r, lang, user), value=r.number)
        for r in tables
        if (not r.invited or user in r.invited) and r.seat_of(user) is None
    ]
    return [c for c in choices if current.lower() in c.name.lower()][:25]


async def any_tables(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await table_choices(interaction, current, statuses=(), mine=False)


async def list_line(interaction: discord.Interaction, record: TableRecord, lang: str) -> str:
    """One table for /game list: game, status, who sits where (mentions show names, ping nobody
    in an ephemeral reply), whose move it is, and a link to its thread."""
    seats = " · ".join(
        f"{seat_name(record.game, s, lang)}: {holder_text(record, s, lang)}" for s in record.seats
    )
    line = f"**#{record.number}** {game_name(record.game, lang)} · {t(lang, f'bot.status.{record.status}')} · {seats}"
    if record.status == "active":
        loaded = await tablero(interaction).tables.load(record.id)
        if loaded.state is not None:
            active = sorted(loaded.rules.active_seats(loaded.state))
            if active:
                line += " · " + t(
                    lang, "bot.to_act", seats=", ".join(holder_text(record, s, lang) for s in active)
                )
    if record.post_channel_id:
        line += f" · <#{record.post_channel_id}>"
    if record.fault is not None and is_admin(interaction):
        # Discord refuses the table's thread (bot/faults.py): the admins who can fix it are told how.
        line += "\n⚠️ " + t(
            lang,
            f"bot.fault_list.{record.fault}",
            table=record.number,
            thread=f"<#{record.thread_id}>" if record.thread_id else "—",
            channel=f"<#{record.channel_id}>" if record.channel_id else "—",
        )
    return line


TABLE = L("table", "cmd.param.table")
TABLE_HELP = L("Table number (defaults to the game in this thread)", "cmd.param.table.description")


@app_commands.guild_only()
class Lobby(
    commands.GroupCog,
    group_name=L("game", "cmd.game.name"),
    group_description=L("Play tabletop games", "cmd.game.description"),
):
    """The lobby: open, join, start, list, inspect and leave tables."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=L("new", "cmd.new.name"),
        description=L("Open a new game table in a thread", "cmd.new.description"),
    )
    @app_commands.rename(
        game=L("game", "cmd.param.game"),
        opponent=L("opponent", "cmd.param.opponent"),
        side=L("side", "cmd.param.side"),
        options=L("options", "cmd.param.options"),
        pace=L("pace", "cmd.param.pace"),
    )
    @app_commands.describe(
        game=L("Which game", "cmd.param.game.description"),
        opponent=L("Who you challenge (leave empty to play the AI)", "cmd.param.opponent.description"),
        side=L("The side you play (random if empty)", "cmd.param.side.description"),
        options=L("Game options as key=value pairs", "cmd.param.options.description"),
        pace=L("Live (a turn timer) or async (a deadline per prompt)", "cmd.param.pace.description"),
    )
    @app_commands.choices(
        pace=[
            app_commands.Choice(name=L("Live: a real-time turn timer", "cmd.choice.live"), value="live"),
            app_commands.Choice(
                name=L("Async: a deadline per prompt, reminders", "cmd.choice.async"), value="async"
            ),
        ]
    )
    @app_commands.autocomplete(game=game_autocomplete, side=side_autocomplete, options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.User | None = None,
        side: str | None = None,
        options: str | None = None,
        pace: str | None = None,
    ) -> None:
        bot = tablero(interaction)
        opponent_id = None if opponent is None or (bot.user and opponent.id == bot.user.id) else opponent.id
        if opponent is not None and opponent.bot and opponent_id is not None:
            raise Rejected(
                "bot.opponent_is_bot", "Bots cannot play; leave the opponent empty to play the AI."
            )
        if opponent_id == interaction.user.id:
            raise Rejected(
                "bot.self_opponent", "You cannot invite yourself; leave the opponent empty to play the AI."
            )
        where_opened = channel_of(interaction.channel, interaction.channel_id)
        server = await bot.store.server_settings(interaction.guild_id) if interaction.guild_id else None
        if server is not None:  # the server's channels and defaults (bot/server.py)
            check_channel(server, where_opened)
        default_pace = server.defaults.get("pace") if server is not None else None
        game, seat, parsed = check_new(game, side or None, options, lang_of(interaction), pace, default_pace)
        if server is not None:
            parsed = absence.with_defaults(parsed, server.defaults)
        await interaction.response.defer(thinking=True)  # public: the table's announcement
        lang = await bot.public_language(interaction.guild_id, interaction.guild_locale)
        table = await bot.tables.create(
            game=game,
            creator=interaction.user.id,
            guild_id=interaction.guild_id,
            channel_id=where_opened,
            lang=lang,
            side=seat,
            opponent=opponent_id,
            options=parsed,
        )
        interaction.extras["table"] = table.id
        name = t(lang, "bot.thread_name", game=game_name(game, lang), table=table.number)
        thread_id = await bot.open_thread(interaction.channel, interaction.channel_id, name)
        table = await bot.tables.open(table.id, thread_id=thread_id)
        where = f"<#{thread_id}>" if thread_id else ""
        key = "bot.created_vs_ai" if opponent_id is None else "bot.created_invite"
        text = t(
            lang,
            key,
            user=mention(interaction.user.id),
            opponent=mention(opponent_id) if opponent_id else "",
            game=game_name(game, lang),
            table=table.number,
            where=where,
        )
        # The opponent's ping goes through their quiet hours' hold too (bot/held.py): held, they are
        # named but not pinged, and told when their quiet hours end.
        now, held = await bot.delivery.hold.split(table, [opponent_id] if opponent_id else [])
        sent = await interaction.followup.send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in now]), wait=True
        )
        if held:
            params = {"player": mention(interaction.user.id), "game": game_name(game, lang)}
            await bot.delivery.hold.keep(
                table,
                held,
                sent.jump_url,
                "quiet.part_challenge",
                params,
                key=0,
                source="challenge",
                version=0,
            )
            bot.delivery.notify()

    @app_commands.command(
        name=L("join", "cmd.join.name"),
        description=L("Take a seat at a table waiting for players", "cmd.join.description"),
    )
    @app_commands.rename(table=TABLE, side=L("side", "cmd.param.side"))
    @app_commands.describe(
        table=TABLE_HELP, side=L("The side you play (random if empty)", "cmd.param.side.description")
    )
    @app_commands.autocomplete(table=joinable_tables)
    async def join(
        self, interaction: discord.Interaction, table: int | None = None, side: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        lang = lang_of(interaction)
        wanted = side_of(record.game, rules_for(record.game), side, lang) if side else None
        record = await tablero(interaction).tables.join(record.id, interaction.user.id, wanted)
        seat = record.seat_of(interaction.user.id) or ""
        key = "bot.joined_started" if record.status == "active" else "bot.joined"
        await interaction.followup.send(
            t(lang, key, table=record.number, seat=seat_name(record.game, seat, lang)), ephemeral=True
        )

    @app_commands.command(
        name=L("start", "cmd.start.name"),
        description=L("Start your table now; empty seats go to the AI", "cmd.start.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=my_running_tables)
    async def start(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        record = await tablero(interaction).tables.start(record.id, interaction.user.id)
        await interaction.followup.send(
            t(lang_of(interaction), "bot.started", table=record.number), ephemeral=True
        )

    @app_commands.command(
        name=L("list", "cmd.list.name"),
        description=L("Tables being played on this server", "cmd.list.description"),
    )
    async def list_(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction)
        tables = await tablero(interaction).store.list_tables(guild_id=interaction.guild_id, statuses=RUNNING)
        if not tables:
            await interaction.followup.send(t(lang, "bot.list_empty"), ephemeral=True)
            return
        lines = [t(lang, "bot.list_header", count=len(tables))]
        for n, record in enumerate(tables):
            line = await list_line(interaction, record, lang)
            more = t(lang, "bot.list_more", count=len(tables) - n)
            if sum(len(x) + 1 for x in lines) + len(line) + len(more) + 2 > CONTENT_LIMIT:
                lines.append(more)
                break
            lines.append(line)
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @app_commands.command(
        name=L("status", "cmd.status.name"),
        description=L("Show a table's board and status", "cmd.status.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def status(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        bot = tablero(interaction)
        loaded = await bot.tables.load(record.id)
        shown = loaded.table.model_copy(update={"lang": lang_of(interaction)})
        recent = await last_change(bot.store, shown)
        deadlines = await bot.store.pending_deadlines(record.id, "timeout")
        panel = await status_panel(
            shown,
            loaded.rules,
            presenter_for(shown.game),
            loaded.state,
            recent,
            deadlines,
            palette=await palette_of(interaction),  # shown to this user alone: in their palette
        )
        await send_panel(interaction, panel)

    @app_commands.command(
        name=L("resign", "cmd.resign.name"),
        description=L("Concede a game you are playing", "cmd.resign.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=my_running_tables)
    async def resign(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        await tablero(interaction).tables.resign(record.id, interaction.user.id)
        await interaction.followup.send(
            t(lang_of(interaction), "bot.resigned", table=record.number), ephemeral=True
        )

    @app_commands.command(
        name=L("abandon", "cmd.abandon.name"),
        description=L("Close a table with no winner (server admins)", "cmd.abandon.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def abandon(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        await tablero(interaction).tables.abandon(
            record.id, interaction.user.id, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(
            t(lang_of(interaction), "bot.abandoned", table=record.number), ephemeral=True
        )

    @app_commands.command(
        name=L("log", "cmd.log.name"),
        description=L("The event log as a file (secrets only after the end)", "cmd.log.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def log(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        log = await tablero(interaction).tables.log_for(record.id, interaction.user.id)
        data = json.dumps(log, indent=1, ensure_ascii=False).encode()
        file = AcyclicFile(io.BytesIO(data), filename=f"table-{record.number}-log.json")
        key = "bot.log_full" if log["redacted_for"] is None else "bot.log_redacted"
        await interaction.followup.send(
            t(lang_of(interaction), key, table=record.number), file=file, ephemeral=True
        )

    @app_commands.command(
        name=L("export", "cmd.export.name"),
        description=L(
            "The table's log as a JSON file (the seed and secrets only after the end)",
            "cmd.export.description",
        ),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def export(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        doc = await tablero(interaction).tables.export_for(record.id, interaction.user.id)
        file = discord.File(io.BytesIO(export.dumps(doc)), filename=f"table-{record.number}-export.json")
        seen = doc["redacted_for"]
        key = (
            "aftergame.export_full"
            if seen is None
            else f"aftergame.export_{'spectator' if seen == 'spectator' else 'seat'}"
        )
        await interaction.followup.send(
            t(lang_of(interaction), key, table=record.number), file=file, ephemeral=True
        )

    @app_commands.command(
        name=L("verify", "cmd.verify.name"),
        description=L(
            "Check a finished table's dice against the seed it committed to", "cmd.verify.description"
        ),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def verify(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        _, _, findings = await tablero(interaction).tables.verify(record.id)
        lang = lang_of(interaction)
        text = "\n".join(t(lang, key, **params) for key, params in findings)
        await interaction.followup.send(text[:CONTENT_LIMIT], ephemeral=True)

    @app_commands.command(
        name=L("replay", "cmd.replay.name"),
        description=L("The game as an animated board, as your seat saw it", "cmd.replay.description"),
    )
    @app_commands.rename(table=TABLE, view=L("view", "cmd.param.view"))
    @app_commands.describe(
        table=TABLE_HELP,
        view=L("Whose view: your seat's (the default) or a spectator's", "cmd.param.view.description"),
    )
    @app_commands.choices(
        view=[
            app_commands.Choice(name=L("My seat's view", "cmd.choice.seat_view"), value="seat"),
            app_commands.Choice(name=L("A spectator's view", "cmd.choice.spectator_view"), value="spectator"),
        ]
    )
    @app_commands.autocomplete(table=any_tables)
    async def replay(
        self, interaction: discord.Interaction, table: int | None = None, view: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        lang = lang_of(interaction)
        record, seat, replay = await tablero(interaction).tables.replay_for(
            record.id, interaction.user.id, lang, spectator=view == "spectator"
        )
        params = {"table": record.number, "frames": replay.frames, "per": replay.per, "every": replay.every}
        if seat is None:
            lines = [t(lang, "aftergame.replay_spectator", **params)]
        else:
            lines = [t(lang, "aftergame.replay_seat", seat=seat_name(record.game, seat, lang), **params)]
        if replay.scale < 1:
            lines.append(t(lang, "aftergame.replay_scaled", percent=round(replay.scale * 100)))
        if replay.dropped:
            lines.append(t(lang, "aftergame.replay_dropped", dropped=replay.dropped))
        # its description (alt text, issue 29) says what the animation is: the same words as the reply
        file = AcyclicFile(
            io.BytesIO(replay.data),
            filename=f"table-{record.number}-replay.gif",
            description=" ".join(lines)[:ALT_LIMIT],
        )
        await interaction.followup.send("\n".join(lines), file=file, ephemeral=True)

    @app_commands.command(
        name=L("watch", "cmd.watch.name"),
        description=L(
            "Watch a table's board and narration in its thread, without playing", "cmd.watch.description"
        ),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def watch(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await watching.watch_table(interaction, table)

    @app_commands.command(
        name=L("referee", "cmd.referee.name"),
        description=L(
            "Admins: a private thread that sees every secret, for a referee or a streamer",
            "cmd.referee.description",
        ),
    )
    @app_commands.rename(table=TABLE, user=L("user", "cmd.param.referee"))
    @app_commands.describe(
        table=TABLE_HELP,
        user=L(
            "Who referees (not a player); empty in the referee thread: the board again",
            "cmd.param.referee.description",
        ),
    )
    @app_commands.autocomplete(table=any_tables)
    async def referee(
        self, interaction: discord.Interaction, table: int | None = None, user: discord.Member | None = None
    ) -> None:
        await watching.referee(interaction, table, user)

    @app_commands.command(
        name=L("language", "cmd.language.name"),
        description=L("Language of this server's public game messages (admins)", "cmd.language.description"),
    )
    @app_commands.rename(language=L("language", "cmd.param.language"))
    @app_commands.describe(language=L("The language", "cmd.param.language.description"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not is_admin(interaction) or interaction.guild_id is None:
            raise Rejected("bot.admins_only_language", "Only server admins can choose the server's language.")
        running = await tablero(interaction).tables.set_server_language(interaction.guild_id, language)
        # The confirmation is read by the admin who typed it: their language, naming the server's.
        text = t(lang_of(interaction), "bot.server_language", language=language, count=running)
        await interaction.followup.send(text, ephemeral=True)


class RulesCog(commands.Cog):
    """/rules <game>: a readable summary."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("rules", "cmd.rules.name"),
        description=L("A readable summary of a game's rules", "cmd.rules.description"),
    )
    @app_commands.rename(game=L("game", "cmd.param.game"))
    @app_commands.describe(game=L("Which game", "cmd.param.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = lobby.game_named(game, lang_of(interaction))
        await interaction.followup.send(
            rules_summary(game, presenter_for(game), lang_of(interaction)), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
    await bot.add_cog(RulesCog(bot))
