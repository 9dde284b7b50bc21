"""Application commands: the registry routes (bulk PUT echoing ids) and building a slash invocation's data."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .http import Api, ApiError, Call, form_error
from .payloads import ATTACHMENT_SIZE_LIMIT, attachment_payload, channel_payload, member_payload
from .records import AttachmentRecord, UserRecord
from .store import ADMINISTRATOR, Store

if TYPE_CHECKING:
    from .server import Emulator

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th "
    "zh-CN ja zh-TW ko".split()
)
NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


class CommandUnavailable(Exception):
    """The Discord client would not let this user run this command (not registered, no permission, wrong context)."""


class CommandRoutes:
    """GET/PUT/POST/DELETE of global and guild application commands; ids stay stable per name."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store

    def register(self, api: Api) -> None:
        """Add the command routes."""
        for prefix in (
            "/applications/{app_id}/commands",
            "/applications/{app_id}/guilds/{guild_id}/commands",
        ):
            api.add("GET", prefix, self.list)
            api.add("PUT", prefix, self.bulk)
            api.add("POST", prefix, self.upsert)
            api.add("GET", prefix + "/{command_id}", self.get)
            api.add("PATCH", prefix + "/{command_id}", self.patch)
            api.add("DELETE", prefix + "/{command_id}", self.delete)

    def _table(self, call: Call) -> tuple[dict[str, dict[str, Any]], int | None]:
        if call.int("app_id") != self.emu.application_id:
            raise ApiError(403, 50001)
        if "guild_id" not in call.params:
            return self.store.global_commands, None
        guild_id = call.int("guild_id")
        if guild_id not in self.store.guilds:
            raise ApiError(403, 50001)
        return self.store.guild_commands.setdefault(guild_id, {}), guild_id

    def _stored(
        self, body: dict[str, Any], old: dict[str, Any] | None, guild_id: int | None
    ) -> dict[str, Any]:
        if body.get("type", 1) == 1:
            validate_command(body, "")
        elif not body.get("name"):
            raise form_error("name", "This field is required", "BASE_TYPE_REQUIRED")
        data = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "name_localizations": None,
            "description_localizations": None,
            **body,
            "id": old["id"] if old else str(self.store.ids.next()),
            "application_id": str(self.emu.application_id),
            "version": str(self.store.ids.next()),
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data

    async def list(self, call: Call) -> list[dict[str, Any]]:
        """GET all commands of the table."""
        table, _ = self._table(call)
        return list(table.values())

    async def bulk(self, call: Call) -> list[dict[str, Any]]:
        """PUT: overwrite the whole table, keeping ids of commands whose name survives."""
        table, guild_id = self._table(call)
        body = call.json or []
        if len(body) > 100:
            raise form_error("_", "Must be 100 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        new = {}
        for i, cmd in enumerate(body):
            try:
                new[cmd.get("name", "")] = self._stored(cmd, table.get(cmd.get("name", "")), guild_id)
            except ApiError as exc:
                raise ApiError(400, 50035, "Invalid Form Body", errors={str(i): exc.errors}) from None
        table.clear()
        table.update(new)
        return list(new.values())

    async def upsert(self, call: Call) -> dict[str, Any]:
        """POST one command (create or overwrite by name)."""
        table, guild_id = self._table(call)
        body = call.json or {}
        table[body.get("name", "")] = data = self._stored(body, table.get(body.get("name", "")), guild_id)
        return data

    def _find(self, call: Call) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        table, _ = self._table(call)
        for cmd in table.values():
            if cmd["id"] == call.params["command_id"]:
                return table, cmd
        raise ApiError(404, 10063, "Unknown application command")

    async def get(self, call: Call) -> dict[str, Any]:
        """GET one command."""
        return self._find(call)[1]

    async def patch(self, call: Call) -> dict[str, Any]:
        """PATCH one command."""
        table, cmd = self._find(call)
        cmd.update({k: v for k, v in (call.json or {}).items() if k not in ("id", "application_id")})
        return cmd

    async def delete(self, call: Call) -> None:
        """DELETE one command."""
        table, cmd = self._find(call)
        del table[cmd["name"]]


class SlashBuilder:
    """Turns ("game new", {"opponent": bob.id}) into interaction data using the registered schema."""

    def __init__(self, store: Store, base_url: str, *, strict: bool = True) -> None:
        self.store, self.base_url, self.strict = store, base_url, strict
        self.user_id = 0

    def build(
        self,
        path: str,
        options: dict[str, Any],
        *,
        user_id: int,
        guild_id: int | None,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """The `data` of an APPLICATION_COMMAND / AUTOCOMPLETE interaction."""
        names = path.split()
        self.user_id = user_id
        cmd = self.store.command(names[0], guild_id)
        if cmd is None:
            if self.strict:
                raise CommandUnavailable(
                    f"/{names[0]} is not registered (did the bot sync its command tree?); "
                    f"registered: {self._registered(guild_id)}"
                )
            cmd = _inferred(names, options, self.store)
        self._check_access(cmd, user_id, guild_id)
        resolved: dict[str, dict[str, Any]] = {}
        schema: list[dict[str, Any]] = cmd.get("options") or []
        leaf = self._leaf_options(names, schema, options, resolved, guild_id, focused)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": leaf}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _registered(self, guild_id: int | None) -> list[str]:
        names = list(self.store.global_commands)
        if guild_id is not None:
            names += list(self.store.guild_commands.get(guild_id, {}))
        return sorted(names)

    def _check_access(self, cmd: dict[str, Any], user_id: int, guild_id: int | None) -> None:
        if guild_id is None:
            contexts = cmd.get("contexts")
            if cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise CommandUnavailable(f"/{cmd['name']} is not available in DMs")
            return
        if cmd.get("contexts") is not None and 0 not in cmd["contexts"]:
            raise CommandUnavailable(f"/{cmd['name']} is not available in guilds")
        required = cmd.get("default_member_permissions")
        if required is not None:
            have = self.store.permissions(guild_id, user_id)
            if not have & ADMINISTRATOR and int(required) & have != int(required):
                raise CommandUnavailable(f"/{cmd['name']} needs permissions {required}; the user has {have}")

    def _leaf_options(
        self,
        names: list[str],
        schema: list[dict[str, Any]],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        guild_id: int | None,
        focused: str | None,
    ) -> list[dict[str, Any]]:
        if len(names) > 1:
            sub = next(
                (
                    o
                    for o in schema
                    if o["name"] == names[1] and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise CommandUnavailable(f"/{names[0]} has no subcommand {names[1]!r}")
            inner = self._leaf_options(
                names[1:], sub.get("options") or [], values, resolved, guild_id, focused
            )
            return [{"name": sub["name"], "type": sub["type"], "options": inner}]
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            raise CommandUnavailable(f"/{names[0]} needs a subcommand")
        by_name = {o["name"]: o for o in schema}
        unknown = set(values) - set(by_name)
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
            if missing:
                raise ValueError(f"required options missing: {missing}")
        out = []
        for opt in schema:
            if opt["name"] not in values:
                continue
            if opt["name"] == focused:
                out.append(
                    {"name": opt["name"], "type": opt["type"], "value": values[opt["name"]], "focused": True}
                )
                continue
            value = self._value(opt, values[opt["name"]], resolved, guild_id, strict_choices=focused is None)
            out.append({"name": opt["name"], "type": opt["type"], "value": value})
        return out

    def _value(
        self,
        opt: dict[str, Any],
        raw: Any,
        resolved: dict[str, dict[str, Any]],
        guild_id: int | None,
        *,
        strict_choices: bool,
    ) -> Any:
        kind = opt["type"]
        if kind in (USER, MENTIONABLE) and (isinstance(raw, UserRecord) or int(raw) in self.store.users):
            user_id = raw.id if isinstance(raw, UserRecord) else int(raw)
            resolved.setdefault("users", {})[str(user_id)] = self.store.users[user_id].payload()
            member = self.store.guilds[guild_id].members.get(user_id) if guild_id else None
            if member is not None:
                resolved.setdefault("members", {})[str(user_id)] = member_payload(
                    self.store, member, with_user=False, permissions=True
                )
            return str(user_id)
        if kind in (ROLE, MENTIONABLE):
            role = self.store.guilds[guild_id].roles[int(raw)] if guild_id else None
            if role is None:
                raise ValueError(f"no role {raw}")
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        if kind == CHANNEL:
            channel = self.store.channels[int(raw)]
            data = channel_payload(self.store, channel, for_user=self.user_id if guild_id else None)
            resolved.setdefault("channels", {})[str(channel.id)] = data
            return str(channel.id)
        if kind == ATTACHMENT:
            att = raw if isinstance(raw, AttachmentRecord) else AttachmentRecord(raw[0], raw[1])
            att.id = att.id or self.store.ids.unguessable()
            if att.size > ATTACHMENT_SIZE_LIMIT:
                raise ValueError("attachment larger than attachment_size_limit")
            self.store.uploads[att.id] = att  # served to the bot only (its URL is signed for it)
            resolved.setdefault("attachments", {})[str(att.id)] = attachment_payload(
                self.base_url, 0, att, self.store
            )
            return str(att.id)
        value = {STRING: str, INTEGER: int, BOOLEAN: bool, NUMBER: float}.get(kind, lambda v: v)(raw)
        self._check_limits(opt, value, strict_choices)
        return value

    def _check_limits(self, opt: dict[str, Any], value: Any, strict_choices: bool) -> None:
        """What the Discord client enforces before sending: choices, min/max value and length."""
        choices = opt.get("choices")
        if choices and strict_choices and value not in [c["value"] for c in choices]:
            raise ValueError(
                f"{opt['name']}={value!r} is not one of the choices {[c['value'] for c in choices]}"
            )
        if isinstance(value, str):
            if len(value) < opt.get("min_length", 0) or len(value) > opt.get("max_length", 6000):
                raise ValueError(f"{opt['name']} length out of range")
        elif isinstance(value, int | float) and not isinstance(value, bool):
            if ("min_value" in opt and value < opt["min_value"]) or (
                "max_value" in opt and value > opt["max_value"]
            ):
                raise ValueError(f"{opt['name']}={value} out of range")


def _inferred(names: list[str], options: dict[str, Any], store: Store) -> dict[str, Any]:
    """A schema guessed from Python values, used only with strict_commands=False."""

    def kind(value: Any) -> int:
        if isinstance(value, bool):
            return BOOLEAN
        if isinstance(value, UserRecord) or (isinstance(value, int) and value in store.users):
            return USER
        if isinstance(value, int):
            return CHANNEL if value in store.channels else INTEGER
        return NUMBER if isinstance(value, float) else STRING

    leaf = [{"name": k, "type": kind(v), "description": k} for k, v in options.items()]
    for depth, name in reversed(list(enumerate(names[1:], start=1))):
        leaf = [
            {
                "name": name,
                "type": SUB_COMMAND if depth == len(names) - 1 else SUB_COMMAND_GROUP,
                "options": leaf,
            }
        ]
    return {"id": str(store.ids.next()), "name": names[0], "options": leaf}


def _check_name(name: Any, path: str) -> None:
    if not isinstance(name, str) or not NAME_RE.match(name) or name != name.lower():
        raise form_error(path, f"Invalid command name {name!r}", "APPLICATION_COMMAND_INVALID_NAME")


def _check_text(value: Any, path: str, low: int = 1, high: int = 100) -> None:
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise form_error(path, f"Must be between {low} and {high} in length.", "BASE_TYPE_BAD_LENGTH")


def _check_localizations(data: dict[str, Any], key: str, path: str, check: Any) -> None:
    for locale, text in (data.get(key) or {}).items():
        if locale not in LOCALES:
            raise form_error(f"{path}{key}.{locale}", f"Invalid locale {locale!r}", "LOCALE_INVALID")
        check(text, f"{path}{key}.{locale}")


def validate_command(data: dict[str, Any], path: str) -> None:
    """Discord's rules for chat-input commands and their options, localizations included."""
    _check_name(data.get("name"), f"{path}name")
    _check_text(data.get("description"), f"{path}description")
    _check_localizations(data, "name_localizations", path, _check_name)
    _check_localizations(data, "description_localizations", path, _check_text)
    options = data.get("options") or []
    if len(options) > 25:
        raise form_error(f"{path}options", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    seen_optional = False
    names: set[str] = set()
    for i, opt in enumerate(options):
        here = f"{path}options.{i}."
        validate_command(opt, here)
        if opt["name"] in names:
            raise form_error(
                f"{here}name", "Option names must be unique", "APPLICATION_COMMAND_OPTIONS_NAME_EXISTS"
            )
        names.add(opt["name"])
        if opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            continue
        if opt.get("required"):
            if seen_optional:
                raise form_error(
                    f"{here}required",
                    "Required options must be placed before non-required options",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                )
        else:
            seen_optional = True
        _check_choices(opt, here)


def _check_choices(opt: dict[str, Any], path: str) -> None:
    choices = opt.get("choices") or []
    if len(choices) > 25:
        raise form_error(f"{path}choices", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    if choices and opt.get("autocomplete"):
        raise form_error(
            f"{path}autocomplete", "Autocomplete cannot be used with choices", "AUTOCOMPLETE_CHOICES"
        )
    for c, choice in enumerate(choices):
        _check_text(choice.get("name"), f"{path}choices.{c}.name")
        _check_localizations(choice, "name_localizations", f"{path}choices.{c}.", _check_text)
