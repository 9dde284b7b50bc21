"""Interactions: INTERACTION_CREATE payloads, the callback route, follow-ups and @original (webhook routes)."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from . import validate
from .commands import LOCALES
from .http import Api, ApiError, Call, form_error
from .payloads import ATTACHMENT_SIZE_LIMIT, channel_payload, member_payload
from .records import EPHEMERAL, LOADING, MessageRecord
from .store import EVERYONE_PERMISSIONS, snowflake_time

if TYPE_CHECKING:
    from .server import Emulator

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
RESPONSE_WINDOW = 3.0
TOKEN_LIFETIME = 15 * 60.0
CHAT_INPUT_COMMAND_MESSAGE = 20


class InteractionFailed(Exception):
    """The emulator refused the bot's answer to an interaction (see .record.errors)."""

    def __init__(self, record: InteractionRecord) -> None:
        super().__init__(f"the bot's answer was refused with {record.error} for {record!r}")
        self.record = record


class InteractionRecord:
    """One interaction a test user started, and everything the bot answered to it."""

    def __init__(
        self,
        emu: Emulator,
        *,
        id: int,
        token: str,
        type: int,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        data: dict[str, Any],
        source_message_id: int | None = None,
    ) -> None:
        self.emu = emu
        self.id, self.token, self.type = id, token, type
        self.user_id, self.channel_id, self.guild_id = user_id, channel_id, guild_id
        self.data = data
        self.source_message_id = source_message_id
        self.payload: dict[str, Any] = {}
        self.callback_type: int | None = None
        self.callback_data: dict[str, Any] | None = None
        self.ephemeral = False
        self.message_ids: list[int] = []
        self.original_id: int | None = None
        self.loading = False
        self.done = False
        self.errors: list[tuple[int, int]] = []
        self.started = emu.deadlines.now()  # on the deadline clock (Emulator.deadlines)
        self._responded = asyncio.Event()
        self._done = asyncio.Event()

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord id={self.id} type={self.type} user={self.user_id} "
            f"callback={self.callback_type} done={self.done} errors={self.errors}>"
        )

    @property
    def created(self) -> float:
        """Creation time (emulator clock) from the snowflake."""
        return snowflake_time(self.id)

    @property
    def age(self) -> float:
        """Seconds since Discord sent it, on the deadline clock (what the 3 s and 15 min limits measure)."""
        return self.emu.deadlines.now() - self.started

    @property
    def error(self) -> tuple[int, int] | None:
        """(status, code) of the last request on this interaction that the emulator refused."""
        return self.errors[-1] if self.errors else None

    @property
    def messages(self) -> list[MessageRecord]:
        """Messages this interaction produced or updated (response, follow-ups), live."""
        return [
            self.emu.store.messages[m] for m in self.message_ids if not self.emu.store.messages[m].deleted
        ]

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete choices, once the bot answered with type 8."""
        return None if self.callback_data is None else self.callback_data.get("choices")

    async def wait_response(self, timeout: float = 5) -> tuple[int, dict[str, Any] | None]:
        """Wait until the bot's initial callback arrived; returns (type, data)."""
        await self._wait(self._responded, timeout, "no interaction callback")
        return self.callback_type, self.callback_data  # type: ignore[return-value]

    async def wait_done(self, timeout: float = 5) -> list[MessageRecord]:
        """Wait until the interaction produced its final visible message; returns its messages."""
        await self._wait(self._done, timeout, "the interaction never finished")
        return self.messages

    async def _wait(self, event: asyncio.Event, timeout: float, what: str) -> None:
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            unknown = [f"{r.method} {r.path}" for r in self.emu.requests if r.unknown]
            raise TimeoutError(
                f"{what} within {timeout}s for {self!r}; unknown requests: {unknown}"
            ) from None

    def _finish(self, message_id: int | None = None) -> None:
        if message_id is not None and message_id not in self.message_ids:
            self.message_ids.append(message_id)
        self.done = True
        self._done.set()


class Interactions:
    """Builds and dispatches interactions; serves callback and webhook routes."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store
        self.records: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.modals: dict[tuple[int, str], tuple[dict[str, Any], InteractionRecord]] = {}
        self.response_window = RESPONSE_WINDOW

    # ---- creating interactions ----------------------------------------------------------------
    def start(
        self,
        type: int,
        user_id: int,
        channel_id: int,
        data: dict[str, Any],
        *,
        locale: str | None = None,
        message: MessageRecord | None = None,
    ) -> InteractionRecord:
        """Build the INTERACTION_CREATE payload, remember it, and dispatch it to the bot."""
        if not self.emu.gateway.sessions:
            raise RuntimeError("no bot has identified on the gateway yet; start the client first")
        channel = self.store.channels[channel_id]
        user = self.store.users[user_id]
        if (locale or user.locale) not in LOCALES:
            raise ValueError(
                f"{locale or user.locale!r} is not a Discord locale (e.g. en-US, en-GB, es-ES, es-419)"
            )
        it = InteractionRecord(
            self.emu,
            id=self.store.ids.next(),
            token=f"aW50ZXJhY3Rpb24{secrets.token_urlsafe(48)}",
            type=type,
            user_id=user_id,
            channel_id=channel_id,
            guild_id=channel.guild_id,
            data=data,
            source_message_id=message.id if message else None,
        )
        payload: dict[str, Any] = {
            "id": str(it.id),
            "application_id": str(self.emu.application_id),
            "type": type,
            "data": data,
            "token": it.token,
            "version": 1,
            "locale": locale or user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
        }
        if channel.guild_id is not None:
            guild = self.store.guilds[channel.guild_id]
            member = guild.members.get(user_id)
            if member is None:
                raise ValueError(f"user {user_id} is not a member of guild {guild.id}")
            if not self.store.can_view(user_id, channel):
                raise ValueError(f"user {user_id} cannot see channel {channel.id}")
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                context=0,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                member=member_payload(self.store, member, permissions=True),
                app_permissions=str(self.store.permissions(guild.id, self.emu.bot.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                channel=channel_payload(self.store, channel, for_user=user_id),
            )
        else:
            if channel.recipient_id != user_id:
                raise ValueError(f"channel {channel_id} is not the DM channel of user {user_id}")
            payload.update(
                user=user.payload(),
                context=1,
                app_permissions=str(EVERYONE_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                channel=channel_payload(self.store, channel),
            )
        if message is not None:
            payload["message"] = self.emu.messages_api.payload(message)
        it.payload = payload
        self.records[it.id] = it
        self.by_token[it.token] = it
        self.store.interaction_meta[it.id] = {
            "type": type,
            "user_id": user_id,
            "owners": payload["authorizing_integration_owners"],
        }
        self.emu.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=channel.guild_id)
        return it

    # ---- routes -------------------------------------------------------------------------------
    def register(self, api: Api) -> None:
        """Add the interaction callback and the webhook (follow-up, @original) routes."""
        api.add("POST", "/interactions/{interaction_id}/{token}/callback", self.callback, auth=False)
        api.add("POST", "/webhooks/{webhook_id}/{token}", self.followup, auth=False)
        for method in ("GET", "PATCH", "DELETE"):
            api.add(
                method,
                "/webhooks/{webhook_id}/{token}/messages/{message_id}",
                self.webhook_message,
                auth=False,
            )

    async def callback(self, call: Call) -> dict[str, Any] | None:
        """POST .../callback?with_response=1: the initial response, within 3 s, exactly once."""
        it = self.records.get(call.int("interaction_id"))
        if it is None or it.token != call.params["token"]:
            raise ApiError(404, 10062)
        if it.callback_type is not None:
            raise ApiError(400, 40060)
        if it.age > self.response_window:
            raise ApiError(404, 10062)
        result = self._respond(it, call)
        # Without with_response Discord answers 204; discord.py >= 2.5 always asks for the body.
        return result if call.query.get("with_response") in ("1", "true", "True") else None

    def note_failure(self, call: Call, error: ApiError) -> None:
        """Remember a refused request (route checks or fail_next) on the interaction it concerned."""
        it = None
        if "interaction_id" in call.params and call.params["interaction_id"].isdigit():
            it = self.records.get(int(call.params["interaction_id"]))
        elif "token" in call.params:
            it = self.by_token.get(call.params["token"])
        if it is not None:
            it.errors.append((error.status, error.code))

    def _respond(self, it: InteractionRecord, call: Call) -> dict[str, Any]:
        body = call.json or {}
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS[it.type]:
            raise form_error("type", f"Callback type {kind} is not valid for interaction type {it.type}.")
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and it.source_message_id is None:
            raise ApiError(400, 50035, "Interaction has no message to update")
        channel = self.store.channels[it.channel_id]
        msg: MessageRecord | None = None
        if kind in (MESSAGE, UPDATE_MESSAGE):
            validate.message(data, "data.")  # errors point into the callback's data, as Discord's do
        if kind == MESSAGE:
            it.ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            msg = self._new_message(it, data, call, ephemeral=it.ephemeral)
        elif kind == DEFERRED_MESSAGE:
            it.ephemeral = validate.deferred_flags(data)
            msg = self.emu.messages_api.create(
                channel,
                self.emu.bot.id,
                {},
                {},
                extra_flags=LOADING,
                ephemeral_to=it.user_id if it.ephemeral else None,
                msg_type=self._msg_type(it),
                interaction_id=it.id,
            )
            it.loading = True
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            msg = self.store.messages[it.source_message_id]  # type: ignore[index]
            it.ephemeral = msg.ephemeral
            if kind == UPDATE_MESSAGE:
                self.emu.messages_api.edit(msg, data, call.files)
        elif kind == AUTOCOMPLETE_RESULT:
            validate.choices(data)
        elif kind == MODAL:
            validate.modal(data)
            self.modals[(it.user_id, data["custom_id"])] = (data, it)
            self.emu.announce("modal", it)
        it.callback_type, it.callback_data = kind, data
        it.original_id = msg.id if msg is not None else None
        it._responded.set()
        if kind in (MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL):
            it._finish(msg.id if msg is not None else None)
        elif kind == DEFERRED_MESSAGE and msg is not None:
            it.message_ids.append(msg.id)
        self.emu.notify()
        result: dict[str, Any] = {
            "interaction": {
                "id": str(it.id),
                "type": it.type,
                "response_message_id": str(msg.id) if msg else None,
                "response_message_loading": it.loading,
                "response_message_ephemeral": it.ephemeral,
                "activity_instance_id": None,
            }
        }
        if msg is not None and kind != DEFERRED_UPDATE:
            result["resource"] = {"type": kind, "message": self.emu.messages_api.payload(msg)}
        return result

    def _msg_type(self, it: InteractionRecord) -> int:
        return CHAT_INPUT_COMMAND_MESSAGE if it.type == APPLICATION_COMMAND else 0

    def _new_message(
        self, it: InteractionRecord, data: dict[str, Any], call: Call, *, ephemeral: bool
    ) -> MessageRecord:
        channel = self.store.channels[it.channel_id]
        return self.emu.messages_api.create(
            channel,
            self.emu.bot.id,
            data,
            call.files,
            ephemeral_to=it.user_id if ephemeral else None,
            msg_type=self._msg_type(it),
            interaction_id=it.id,
        )

    def _by_token(self, call: Call) -> InteractionRecord:
        """The interaction behind a webhook token, with Discord's expiry answers."""
        it = self.by_token.get(call.params["token"])
        if it is None or call.int("webhook_id") != self.emu.application_id:
            raise ApiError(401, 50027)
        if it.age > TOKEN_LIFETIME:
            raise ApiError(401, 50027)
        if it.callback_type is None:
            raise ApiError(404, 10015)  # not acknowledged (yet, or ever: the token died after 3 s)
        return it

    async def followup(self, call: Call) -> dict[str, Any] | None:
        """POST /webhooks/{app}/{token}: the first one after a type-5 defer edits the loading message."""
        it = self._by_token(call)
        data = call.json or {}
        if it.loading:
            # Discord: the deferred response's visibility wins; the follow-up's ephemeral flag is ignored.
            msg = self.store.messages[it.original_id]  # type: ignore[index]
            self.emu.messages_api.edit(
                msg, {k: v for k, v in data.items() if k != "flags"}, call.files, clear_loading=True
            )
            it.loading = False
        else:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            msg = self._new_message(it, data, call, ephemeral=ephemeral)
            if not it.done and it.callback_type == DEFERRED_UPDATE:
                it.ephemeral = ephemeral
        it._finish(msg.id)
        self.emu.notify()
        if call.query.get("wait") in ("1", "true", "True"):
            return self.emu.messages_api.payload(msg)
        return None

    async def webhook_message(self, call: Call) -> dict[str, Any] | None:
        """GET/PATCH/DELETE .../messages/@original or /{id} of this interaction."""
        it = self._by_token(call)
        key = call.params["message_id"]
        target = it.original_id if key == "@original" else call.int("message_id")
        if target is None or (target != it.original_id and target not in it.message_ids):
            raise ApiError(404, 10008)
        msg = self.store.messages[target]
        if msg.deleted:
            raise ApiError(404, 10008)
        if call.method == "GET":
            return self.emu.messages_api.payload(msg)
        if call.method == "DELETE":
            self.emu.messages_api.delete(msg)
            it.loading = it.loading and target != it.original_id
            it._finish()
            self.emu.notify()
            return None
        was_loading = it.loading and target == it.original_id
        self.emu.messages_api.edit(msg, call.json or {}, call.files, clear_loading=was_loading)
        if was_loading:
            it.loading = False
        if target == it.original_id:
            it._finish(msg.id)
        self.emu.notify()
        return self.emu.messages_api.payload(msg)
