"""The playground's web page: what each user's Discord client would show, and their clicks sent as interactions.

Served by aiohttp (no build step): `/` is the page, `/api/...` the JSON it reads and posts, `/api/events`
a server-sent event stream that tells the page what changed (ids only; the page then asks for what the
user may see). Every action goes through the emulator exactly as the Discord client would make Discord
send it to the bot: a slash command, an autocomplete keystroke, a button, a select, a modal.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from bot import jobs, offload
from bot.i18n import t

from .emulator import CommandUnavailable, Emulator, InteractionRecord
from .emulator.commands import BOOLEAN, INTEGER, NUMBER, SUB_COMMAND, SUB_COMMAND_GROUP, USER
from .emulator.records import DM, THREAD_TYPES, AttachmentRecord, ChannelRecord, MessageRecord
from .world import LANGUAGES, World, language_of

log = logging.getLogger("playground.web")
STATIC = Path(__file__).parent / "static"
ANSWER_WINDOW_S = 3.5  # the Discord client gives up on an interaction ("did not respond") after ~3 s
MESSAGES_SHOWN = 150
MAX_NAME = 32


class Page:
    """The aiohttp app serving the page for one emulator world."""

    def __init__(
        self,
        emu: Emulator,
        world: World,
        *,
        host: str = "127.0.0.1",
        port: int = 8765,
        on_change: Callable[[], None] | None = None,
        tables: Callable[[], Any] | None = None,
    ) -> None:
        self.emu, self.world = emu, world
        # The bot's table service, when it runs (the step-through replay page reads tables through it).
        self.tables = tables or (lambda: None)
        self._replays: dict[tuple[int, int, str], tuple[Any, list[Any]]] = {}
        self.host, self.port = host, port
        self.on_change = on_change or (lambda: None)
        self._runner: web.AppRunner | None = None
        self._streams: set[asyncio.Queue[dict[str, Any] | None]] = set()
        self._files: dict[int, tuple[AttachmentRecord, MessageRecord]] = {}

    # ---- lifecycle --------------------------------------------------------------------------------
    async def start(self) -> Page:
        app = web.Application(middlewares=[self._guard], client_max_size=1024 * 1024)
        app.router.add_get("/", self.index)
        app.router.add_static("/static/", STATIC, append_version=False)
        app.router.add_get("/files/{attachment_id}/{filename}", self.file)
        app.router.add_get("/api/world", self.world_state)
        app.router.add_get("/replay/{table}", self.replay_page)
        app.router.add_get("/api/replay/{table}", self.replay_steps)
        app.router.add_get("/api/replay/{table}/{step}", self.replay_picture)
        app.router.add_get("/api/channels/{channel_id}", self.channel_messages)
        app.router.add_get("/api/events", self.events)
        app.router.add_get("/api/users", self.list_users)
        app.router.add_post("/api/users", self.add_user)
        app.router.add_post("/api/users/{user_id}/language", self.set_language)
        app.router.add_post("/api/slash", self.slash)
        app.router.add_post("/api/autocomplete", self.autocomplete)
        app.router.add_post("/api/click", self.click)
        app.router.add_post("/api/select", self.select)
        app.router.add_post("/api/modal", self.submit_modal)
        app.router.add_post("/api/modal/close", self.close_modal)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.emu.listeners.append(self._emulator_changed)
        return self

    async def stop(self) -> None:
        if self._emulator_changed in self.emu.listeners:
            self.emu.listeners.remove(self._emulator_changed)
        for queue in list(self._streams):
            queue.put_nowait(None)  # ends each event stream
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def url(self) -> str:
        host = self.host if ":" not in self.host else f"[{self.host}]"
        if self.host in ("0.0.0.0", "::"):
            host = "127.0.0.1"
        return f"http://{host}:{self.port}/"

    # ---- safety ------------------------------------------------------------------------------------
    def _host_allowed(self, header: str) -> bool:
        """The Host header names the bound address (DNS rebinding gets a foreign name refused).

        Any page on the web can make the browser talk to 127.0.0.1, but only under its own host name;
        an IP literal cannot be rebound, so IP literals are fine when listening on every address.
        """
        name, _, port = header.rpartition(":") if not header.endswith("]") else (header, "", "")
        name = name.strip("[]")
        if port and port != str(self.port):
            return False
        loopback = {"127.0.0.1", "localhost", "::1"}
        if self.host in ("0.0.0.0", "::"):
            if name in loopback:
                return True
            with contextlib.suppress(ValueError):
                ipaddress.ip_address(name)
                return True
            return False
        if self.host in loopback:
            return name in loopback
        return name == self.host

    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        if not self._host_allowed(request.headers.get("Host", "")):
            return web.Response(status=421, text=t("en", "playground.wrong_address") + "\n")
        if request.method == "POST":
            # Another site's form or fetch cannot act as a user: JSON only (a cross-site JSON post needs
            # a CORS preflight this server never approves) and a same-origin Origin when one is sent.
            origin = request.headers.get("Origin")
            if origin is not None and origin.split("//", 1)[-1] != request.headers.get("Host"):
                return _refused("en", "playground.cross_origin", status=403)
            if request.content_type != "application/json":
                return _refused("en", "playground.json_only", status=415)
        response = await handler(request)
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        return response

    # ---- live updates -------------------------------------------------------------------------------
    def _emulator_changed(self, kind: str, record: Any) -> None:
        if kind == "message":
            msg: MessageRecord = record
            self._publish({"kind": "message", "channel": str(msg.channel_id), "to": _opt(msg.ephemeral_to)})
        elif kind == "modal":
            it: InteractionRecord = record
            self._publish({"kind": "modal", "user": str(it.user_id)})

    def _publish(self, event: dict[str, Any]) -> None:
        for queue in self._streams:
            queue.put_nowait(event)

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: one line per change (no content: the page fetches what its user may see)."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        await response.prepare(request)
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._streams.add(queue)
        try:
            await response.write(b": connected\n\n")
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), 25)
                except TimeoutError:
                    await response.write(b": keep-alive\n\n")  # proxies and browsers keep the stream open
                    continue
                if event is None:
                    break
                batch = [event]
                while not queue.empty():  # everything that happened meanwhile goes in one write
                    more = queue.get_nowait()
                    if more is None:
                        break
                    batch.append(more)
                payload = "".join(f"data: {json.dumps(e)}\n\n" for e in batch)
                await response.write(payload.encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self._streams.discard(queue)
        return response

    # ---- reading -----------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    def _user(self, value: Any) -> int:
        try:
            user_id = int(value)
        except (TypeError, ValueError):
            raise _http(web.HTTPBadRequest, "en", "playground.no_such_user") from None
        if user_id not in {u.id for u in self.world.users}:
            raise _http(web.HTTPBadRequest, "en", "playground.no_such_user")
        return user_id

    def _lang(self, user_id: int) -> str:
        """The language this user's client shows (the page's language menu)."""
        return language_of(self.emu.store.users[user_id].locale)

    def _channel(self, user_id: int, value: Any) -> ChannelRecord:
        try:
            channel = self.emu.store.channels[int(value)]
        except (TypeError, ValueError, KeyError):
            raise _http(web.HTTPNotFound, self._lang(user_id), "playground.no_such_channel") from None
        if not self.emu.store.can_view(user_id, channel):
            raise _http(web.HTTPNotFound, self._lang(user_id), "playground.no_such_channel")
        return channel

    async def world_state(self, request: web.Request) -> web.Response:
        """The server, its channels and threads, the user's DM, the people, the commands, open modals."""
        user_id = self._user(request.query.get("user"))
        store = self.emu.store
        guild = store.guilds[self.world.guild_id]
        channels = []
        for cid in guild.channels:
            channel = store.channels[cid]
            channels.append(self._channel_entry(user_id, channel))
            threads = [
                c
                for c in store.channels.values()
                if c.parent_id == cid and c.is_thread and store.can_view(user_id, c)
            ]
            channels += [self._channel_entry(user_id, t) for t in sorted(threads, key=lambda t: t.id)]
        dm_id = self.emu.dm_channel_of(user_id)
        dm = None if dm_id is None else self._channel_entry(user_id, store.channels[dm_id])
        me = store.users[user_id]
        return web.json_response(
            {
                "me": {"id": str(me.id), "name": me.name, "language": language_of(me.locale)},
                "bot": {"id": str(self.emu.bot.id), "name": self.emu.bot.name},
                "guild": {"id": str(guild.id), "name": guild.name},
                "games": str(self.world.games_id),
                "channels": channels,
                "dm": dm,
                "users": [
                    {"id": str(u.id), "name": u.name, "language": language_of(u.locale)}
                    for u in self.world.users
                ],
                "members": [
                    {"id": str(u), "name": store.users[u].name, "bot": store.users[u].bot}
                    for u in sorted(guild.members)
                    if u != self.emu.owner.id
                ],
                "commands": self._commands(user_id, guild_id=guild.id),
                "dm_commands": self._commands(user_id, guild_id=None),
                "modals": self._modals(user_id),
                "texts": self.texts(user_id),
            }
        )

    def _channel_entry(self, user_id: int, channel: ChannelRecord) -> dict[str, Any]:
        visible = [
            m.id for m in self.emu.store.channel_messages_of(channel.id) if self.emu.store.can_see(user_id, m)
        ]
        kind = "dm" if channel.type == DM else "thread" if channel.type in THREAD_TYPES else "text"
        return {
            "id": str(channel.id),
            "name": channel.name or self.emu.bot.name,
            "kind": kind,
            "parent": _opt(channel.parent_id),
            "last": str(max(visible)) if visible else "0",
        }

    def _modals(self, user_id: int) -> list[dict[str, Any]]:
        out = []
        for (uid, custom_id), (modal, source) in self.emu.interactions_api.modals.items():
            if uid == user_id:
                out.append({"custom_id": custom_id, "channel": str(source.channel_id), "modal": modal})
        return out

    def _commands(self, user_id: int, *, guild_id: int | None) -> list[dict[str, Any]]:
        """The slash commands this user may run here, flattened to "game new" paths, in their language."""
        store = self.emu.store
        locale = store.users[user_id].locale
        registered = dict(store.global_commands)
        if guild_id is not None:
            registered |= store.guild_commands.get(guild_id, {})
        out: list[dict[str, Any]] = []
        for cmd in registered.values():
            if cmd.get("type", 1) != 1:
                continue
            try:
                self.emu.slash_builder._check_access(cmd, user_id, guild_id)
            except CommandUnavailable:
                continue
            for path, labels, leaf in _leaves(cmd, locale):
                out.append(
                    {
                        "path": " ".join(path),
                        "label": " ".join(labels),
                        "description": _localized(leaf, "description", locale),
                        "options": [_option(o, locale) for o in leaf.get("options") or []],
                    }
                )
        return sorted(out, key=lambda c: c["label"])

    async def channel_messages(self, request: web.Request) -> web.Response:
        """The messages of a channel this user can see (ephemerals only their own), newest last."""
        user_id = self._user(request.query.get("user"))
        channel = self._channel(user_id, request.match_info["channel_id"])
        store = self.emu.store
        messages = [m for m in store.channel_messages_of(channel.id) if store.can_see(user_id, m)]
        return web.json_response(
            {
                "channel": self._channel_entry(user_id, channel),
                "messages": [self._message(m, user_id) for m in messages[-MESSAGES_SHOWN:]],
            }
        )

    def _message(self, msg: MessageRecord, user_id: int) -> dict[str, Any]:
        store = self.emu.store
        author = store.users[msg.author_id]
        meta = store.interaction_meta.get(msg.interaction_id or 0)
        used = None
        if meta is not None and meta.get("type") == 2 and meta.get("user_id") in store.users:
            used = store.users[meta["user_id"]].name
        for att in msg.attachments:
            self._files[att.id] = (att, msg)
        return {
            "id": str(msg.id),
            "author": {"id": str(author.id), "name": author.name, "bot": author.bot},
            "content": msg.content,
            "embeds": msg.embeds,
            "components": msg.components,
            "attachments": [
                {
                    "url": f"/files/{a.id}/{a.filename}?user={user_id}",
                    "filename": a.filename,
                    "size": list(a.image_size() or ()),
                    "description": a.description,
                }
                for a in msg.attachments
            ],
            "ephemeral": msg.ephemeral,
            "loading": msg.loading,
            # a deferred answer is filled in by an edit, which Discord does not mark as edited
            "rev": msg.edits,
            "edited": msg.edits > (1 if msg.interaction_id is not None else 0) and not msg.loading,
            "type": msg.type,
            "used_by": used,
            "mentions": [str(u) for u in msg.mentions],
            "thread": _opt(msg.thread_id),
        }

    async def file(self, request: web.Request) -> web.StreamResponse:
        """An attachment's bytes, for a user who can see its message (ids are never reused: cacheable)."""
        user_id = self._user(request.query.get("user"))
        try:
            att_id = int(request.match_info["attachment_id"])
        except ValueError:
            raise web.HTTPNotFound() from None
        if att_id not in self._files:
            for msg in self.emu.store.messages.values():
                for candidate in msg.attachments:
                    self._files[candidate.id] = (candidate, msg)
        found = self._files.get(att_id)
        if found is None or not self.emu.store.can_see(user_id, found[1]):
            raise web.HTTPNotFound()
        att = found[0]
        guessed = mimetypes.guess_type(att.filename)[0]
        return web.Response(
            body=att.data,
            content_type=guessed or att.content_type or "application/octet-stream",
            headers={"Cache-Control": "private, max-age=86400, immutable"},
        )

    # ---- the step-through replay (issue 28 item 1) ---------------------------------------------------
    async def replay_page(self, request: web.Request) -> web.StreamResponse:
        """Any table's game, step by step, as a spectator saw it: first / previous / next / last, the
        narration beside the board (static/replay.html reads the two routes below)."""
        return web.FileResponse(STATIC / "replay.html", headers={"Cache-Control": "no-store"})

    async def _replay(self, request: web.Request) -> tuple[Any, list[Any], str]:
        """The table (by its id) and its steps as a spectator saw them, kept while its version holds."""
        service = self.tables()
        if service is None:
            raise web.HTTPServiceUnavailable(text="the bot is not running")
        lang = request.query.get("lang", "en")
        if lang not in LANGUAGES:
            raise web.HTTPBadRequest(text="no such language")
        try:
            table = await service.store.get_table(int(request.match_info["table"]))
        except ValueError:
            table = None
        if table is None or table.version == 0:
            raise web.HTTPNotFound(text="no such table, or it has not started")
        key = (table.id, table.version, lang)
        if key not in self._replays:
            self._replays = {k: v for k, v in self._replays.items() if k[0] != table.id}
            self._replays[key] = await service.spectator_steps(table.id, lang)
        found_table, steps = self._replays[key]
        return found_table, steps, lang

    async def replay_steps(self, request: web.Request) -> web.Response:
        table, steps, _ = await self._replay(request)
        return web.json_response(
            {
                "table": table.id,
                "number": table.number,
                "game": table.game,
                "status": table.status,
                "steps": [
                    {"n": n, "turn": step.turn, "version": step.version, "lines": list(step.lines)}
                    for n, step in enumerate(steps)
                ],
            }
        )

    async def replay_picture(self, request: web.Request) -> web.Response:
        """The board of one step (a spectator's view), drawn in the bot's worker pool."""
        table, steps, lang = await self._replay(request)
        try:
            step = steps[int(request.match_info["step"])]
        except (ValueError, IndexError):
            raise web.HTTPNotFound(text="no such step") from None
        png = await offload.run(jobs.status_image, table.game, step.view, lang, None)
        return web.Response(body=png, content_type="image/png")

    # ---- people --------------------------------------------------------------------------------------
    async def list_users(self, request: web.Request) -> web.Response:
        return web.json_response(
            {
                "users": [
                    {"id": str(u.id), "name": u.name, "language": language_of(u.locale)}
                    for u in self.world.users
                ]
            }
        )

    async def add_user(self, request: web.Request) -> web.Response:
        body = await _json(request)
        name = str(body.get("name", "")).strip()
        language = str(body.get("language", "en"))
        lang = language if language in LANGUAGES else "en"
        if not name or len(name) > MAX_NAME or not all(c.isalnum() or c in "_-." for c in name):
            return _refused(lang, "playground.bad_name", n=MAX_NAME)
        if any(u.name.lower() == name.lower() for u in self.world.users):
            return _refused(lang, "playground.name_taken", name=name)
        if language not in LANGUAGES:
            return _refused(lang, "playground.bad_language")
        user = self.world.add_user(name, language=language)
        self.on_change()
        self._publish({"kind": "world"})
        return web.json_response({"id": str(user.id), "name": user.name})

    async def set_language(self, request: web.Request) -> web.Response:
        user_id = self._user(request.match_info["user_id"])
        language = str((await _json(request)).get("language"))
        if language not in LANGUAGES:
            return _refused(self._lang(user_id), "playground.bad_language")
        self.world.set_language(user_id, language)
        self.on_change()
        self._publish({"kind": "world"})
        return web.json_response({"ok": True})

    # ---- acting ------------------------------------------------------------------------------------
    # The page is the user's Discord client: like Discord's, it checks what the user typed or clicked
    # before sending anything (an integer option, a form's required field, a control that is still on
    # the message) and says what is wrong in the user's language. An emulator exception's own text
    # (meant for a test's author) never reaches the page: it is logged (issue 27 item 4).
    async def slash(self, request: web.Request) -> web.Response:
        body = await _json(request)
        user_id = self._user(body.get("user"))
        channel = self._channel(user_id, body.get("channel"))
        options = _options(body.get("options"), self._lang(user_id))
        command = str(body.get("command", ""))
        problem = self._check_options(user_id, channel.guild_id, command, options)
        if problem is not None:
            return problem
        return await self._act(user_id, lambda: self.emu.slash(user_id, channel.id, command, options))

    def _check_options(
        self, user_id: int, guild_id: int | None, command: str, options: dict[str, Any]
    ) -> web.Response | None:
        """What Discord's client refuses before sending a command: a missing required option, text
        in a number, a value out of its bounds or not among its choices (None: all fine)."""
        lang = self._lang(user_id)
        names = command.split()
        cmd = self.emu.store.command(names[0], guild_id) if names else None
        if cmd is None:
            return _refused(lang, "playground.no_command", command=command or "?")
        schema: list[dict[str, Any]] = cmd.get("options") or []
        for name in names[1:]:
            sub = next((o for o in schema if o["name"] == name), None)
            if sub is None or sub.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                return _refused(lang, "playground.no_command", command=command)
            schema = sub.get("options") or []
        locale = self.emu.store.users[user_id].locale
        by_name = {o["name"]: o for o in schema}
        if set(options) - set(by_name):
            return _refused(lang, "playground.stale_command", command=command)
        missing = [
            _localized(o, "name", locale) for o in schema if o.get("required") and o["name"] not in options
        ]
        if missing:
            return _refused(lang, "playground.fill_in", fields=", ".join(missing))
        for name, raw in list(options.items()):
            opt = by_name[name]
            label = _localized(opt, "name", locale)
            kind = opt.get("type")
            if kind in (INTEGER, NUMBER):
                number = _number(raw, integer=kind == INTEGER, lang=lang)
                if number is None:
                    key = "playground.not_whole" if kind == INTEGER else "playground.not_number"
                    return _refused(lang, key, option=label, value=str(raw))
                low, high = opt.get("min_value"), opt.get("max_value")
                if (low is not None and number < low) or (high is not None and number > high):
                    if low is not None and high is not None:
                        return _refused(lang, "playground.out_of_range", option=label, low=low, high=high)
                    if low is not None:
                        return _refused(lang, "playground.at_least", option=label, low=low)
                    return _refused(lang, "playground.at_most", option=label, high=high)
                options[name] = number
            elif kind == BOOLEAN and not isinstance(raw, bool):
                return _refused(lang, "playground.not_choice", option=label, value=str(raw))
            elif isinstance(raw, str):
                low, high = opt.get("min_length", 0), opt.get("max_length", 6000)
                if not low <= len(raw) <= high:
                    return _refused(lang, "playground.length", option=label, low=low, high=high)
            choices = opt.get("choices")
            if choices and options[name] not in [c["value"] for c in choices]:
                return _refused(lang, "playground.not_choice", option=label, value=str(raw))
        return None

    async def autocomplete(self, request: web.Request) -> web.Response:
        body = await _json(request)
        user_id = self._user(body.get("user"))
        channel = self._channel(user_id, body.get("channel"))
        options = _options(body.get("options"), self._lang(user_id))
        focused = str(body.get("focused", ""))
        # The option being typed in is sent even while empty (discord.py needs one focused option).
        options[focused] = str((body.get("options") or {}).get(focused) or "")
        try:
            choices = await self.emu.autocomplete(
                user_id,
                channel.id,
                str(body.get("command", "")),
                options,
                focused=focused,
                timeout=ANSWER_WINDOW_S,
            )
        except Exception as exc:  # Discord's client shows no suggestions, and says nothing
            log.info("autocomplete failed: %s", _why(exc))
            return web.json_response({"ok": False, "choices": []})
        locale = self.emu.store.users[user_id].locale
        return web.json_response(
            {
                "ok": True,
                "choices": [{"name": _localized(c, "name", locale), "value": c["value"]} for c in choices],
            }
        )

    def _check_component(
        self, user_id: int, message_id: int, custom_id: str, values: list[str] | None = None
    ) -> web.Response | None:
        """A control pressed in a tab that missed an update (the message was edited or deleted since
        the page drew it) is refused in words, and the page draws the message again (None: fine)."""
        lang = self._lang(user_id)
        msg = self.emu.store.messages.get(message_id)
        if msg is None or not self.emu.store.can_see(user_id, msg):
            return _refused(lang, "playground.message_gone", stale=True)
        component = msg.component(custom_id)
        if component is None:
            return _refused(lang, "playground.stale", stale=True)
        if component.get("disabled"):
            return _refused(lang, "playground.control_off", stale=True)
        if values is not None:
            allowed = [o["value"] for o in component.get("options", [])]
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            if (allowed and not set(values) <= set(allowed)) or not low <= len(values) <= high:
                return _refused(lang, "playground.stale", stale=True)
        return None

    async def click(self, request: web.Request) -> web.Response:
        body = await _json(request)
        user_id = self._user(body.get("user"))
        message_id, custom_id = _int(body.get("message")), str(body.get("custom_id", ""))
        problem = self._check_component(user_id, message_id, custom_id)
        if problem is not None:
            return problem
        return await self._act(user_id, lambda: self.emu.click(user_id, message_id, custom_id))

    async def select(self, request: web.Request) -> web.Response:
        body = await _json(request)
        user_id = self._user(body.get("user"))
        message_id, custom_id = _int(body.get("message")), str(body.get("custom_id", ""))
        values = [str(v) for v in body.get("values") or []]
        problem = self._check_component(user_id, message_id, custom_id, values)
        if problem is not None:
            return problem
        return await self._act(user_id, lambda: self.emu.select(user_id, message_id, custom_id, values))

    async def submit_modal(self, request: web.Request) -> web.Response:
        body = await _json(request)
        user_id = self._user(body.get("user"))
        lang = self._lang(user_id)
        custom_id = str(body.get("custom_id", ""))
        shown = self.emu.interactions_api.modals.get((user_id, custom_id))
        if shown is None:
            return _refused(lang, "playground.form_closed")
        values = body.get("values") or {}
        if not isinstance(values, dict):
            return _refused(lang, "playground.bad_request")
        for label, item in _modal_fields(shown[0]):
            text = "" if values.get(item.get("custom_id")) is None else str(values[item["custom_id"]])
            if item.get("required", True) and not text:
                return _refused(lang, "playground.fill_in", fields=label)
            low, high = item.get("min_length", 0), item.get("max_length", 4000)
            if text and not low <= len(text) <= high:
                return _refused(lang, "playground.length", option=label, low=low, high=high)
        channel_id = shown[1].channel_id
        return await self._act(user_id, lambda: self.emu.submit_modal(user_id, channel_id, custom_id, values))

    async def close_modal(self, request: web.Request) -> web.Response:
        """The user dismissed the form (Discord sends the bot nothing)."""
        body = await _json(request)
        user_id = self._user(body.get("user"))
        self.emu.interactions_api.modals.pop((user_id, str(body.get("custom_id", ""))), None)
        return web.json_response({"ok": True})

    async def _act(self, user_id: int, start: Callable[[], Any]) -> web.Response:
        """Send the interaction; answer once the bot acknowledged it (or failed to, like Discord shows)."""
        lang = self._lang(user_id)
        try:
            it: InteractionRecord = await start()
        except CommandUnavailable as exc:
            log.info("command refused by the client: %s", _why(exc))
            return _refused(lang, "playground.command_unavailable")
        except (ValueError, KeyError, TypeError) as exc:  # checked above; the emulator's text is for tests
            log.warning("the page sent what the emulator refused: %s", _why(exc))
            return _refused(lang, "playground.not_sent", stale=True)
        try:
            kind, _ = await it.wait_response(ANSWER_WINDOW_S)
        except TimeoutError:
            return web.json_response({"ok": False, "error": t(lang, "playground.no_response")})
        if kind is None:
            return web.json_response({"ok": False, "error": t(lang, "playground.failed")})
        return web.json_response({"ok": True, "callback": kind, "interaction": str(it.id)})

    def texts(self, user_id: int) -> dict[str, str]:
        """The few sentences the page writes itself, in this user's language."""
        lang = self._lang(user_id)
        return {
            "fill_in": t(lang, "playground.fill_in", fields="{fields}"),
            "no_answer": t(lang, "playground.no_answer"),
            "failed": t(lang, "playground.failed"),
            "image_open": t(lang, "playground.image_open"),
            "image_close": t(lang, "playground.image_close"),
            "image_full": t(lang, "playground.image_full"),
        }


# ---- helpers -------------------------------------------------------------------------------------------
def _refused(lang: str, key: str, *, status: int = 400, stale: bool = False, **params: Any) -> web.Response:
    """A refusal the page shows as it is: one sentence from the catalogs in the user's language."""
    body: dict[str, Any] = {"ok": False, "error": t(lang, key, **params), "reason": key}
    if stale:
        body["stale"] = True  # the page draws the message again
    return web.json_response(body, status=status)


def _http(kind: type[web.HTTPException], lang: str, key: str) -> web.HTTPException:
    return kind(
        text=json.dumps({"ok": False, "error": t(lang, key), "reason": key}), content_type="application/json"
    )


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise _http(web.HTTPBadRequest, "en", "playground.bad_request") from None
    if not isinstance(body, dict):
        raise _http(web.HTTPBadRequest, "en", "playground.bad_request")
    return body


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise _http(web.HTTPBadRequest, "en", "playground.bad_request") from None


def _opt(value: int | None) -> str | None:
    return None if value is None else str(value)


def _why(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text[:300]


def _number(raw: Any, *, integer: bool, lang: str) -> int | float | None:
    """A typed number as Discord's client reads it (the language's decimal mark accepted); None if
    it is not one (or not whole, for an integer option)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int | float):
        value: float = raw
    else:
        text = str(raw).strip().replace(" ", "")
        if lang == "es" and "," in text and "." not in text:
            text = text.replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            return None
    if value != value or value in (float("inf"), float("-inf")):
        return None
    if integer:
        return int(value) if float(value).is_integer() else None
    return float(value)


def _modal_fields(modal: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A modal's text fields with the label the user reads."""
    out = []
    for row in modal.get("components", []):
        if row.get("type") == 18:  # a label around one component
            item = row.get("component") or {}
            if item.get("type") == 4:
                out.append((str(row.get("label") or item.get("label") or ""), item))
        for item in row.get("components") or []:
            if item.get("type") == 4:
                out.append((str(item.get("label") or ""), item))
    return out


def _options(raw: Any, lang: str = "en") -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise _http(web.HTTPBadRequest, lang, "playground.bad_request")
    return {str(k): v for k, v in raw.items() if v is not None and v != ""}


def _localized(item: dict[str, Any], key: str, locale: str) -> str:
    names = item.get(f"{key}_localizations") or {}
    return str(names.get(locale) or names.get(locale.split("-")[0]) or item.get(key, ""))


def _leaves(
    cmd: dict[str, Any], locale: str, path: tuple[str, ...] = (), labels: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], tuple[str, ...], dict[str, Any]]]:
    here = (*path, cmd["name"]), (*labels, _localized(cmd, "name", locale))
    subs = [o for o in cmd.get("options") or [] if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not subs:
        return [(*here, cmd)]
    out = []
    for sub in subs:
        out += _leaves(sub, locale, *here)
    return out


def _option(opt: dict[str, Any], locale: str) -> dict[str, Any]:
    data = {
        "name": opt["name"],
        "label": _localized(opt, "name", locale),
        "description": _localized(opt, "description", locale),
        "type": opt["type"],
        "required": bool(opt.get("required")),
        "autocomplete": bool(opt.get("autocomplete")),
        "choices": [
            {"name": _localized(c, "name", locale), "value": c["value"]} for c in opt.get("choices") or []
        ],
        "user": opt["type"] == USER,
    }
    for key in ("min_value", "max_value", "min_length", "max_length"):
        if key in opt:
            data[key] = opt[key]
    return data
