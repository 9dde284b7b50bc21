"""The lobby: create a table, open it in its thread, seat players, start it, offer a rematch.

Part of the table service (bot/tables.py builds on it); option errors are worded here, once, for
both the service and the slash command that checks them before creating a table.
"""

from __future__ import annotations

import functools
import json
import re
import secrets
import unicodedata
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from engine.core import Rejected, Rules
from renderers.i18n import has

from . import absence, moves, offload
from .games import UnknownGame, playable_games, presenter_for
from .i18n import LANGUAGES, game_name, t
from .store import AI, NewDelivery, Store, TableRecord


def _folded(text: str) -> str:
    """Text compared without case, accents, punctuation or repeated spaces ("Ñandú" = "nandu")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", plain.casefold()).split())


def game_named(typed: str, lang: str) -> str:
    """The game a player typed: its id or its shown name in any language, without regard to case or
    accents (a shown name typed in lower case, or without its accents); else a refusal in `lang` listing the games
    (issue 15 item 5)."""
    wanted = _folded(typed)
    games = playable_games()
    for game in games:
        names = {game, game.replace("_", " ")} | {game_name(game, language) for language in LANGUAGES}
        if wanted in {_folded(name) for name in names}:
            return game
    raise Rejected(
        "bot.unknown_game_listed",
        "There is no game called {game}; the games are: {games}.",
        game=typed,
        games=", ".join(game_name(g, lang) for g in games),
    )


def option_names(rules: Rules[Any]) -> list[str]:
    """The option names a game accepts (its options model's fields)."""
    try:
        return list(type(rules.parse_options(None)).model_fields)
    except (ValidationError, TypeError, ValueError):
        return []


@functools.lru_cache(maxsize=64)
def _json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """An options model's JSON schema, made once: pydantic builds it anew on every call (10-30 ms
    for a game's options), and every refusal and suggestion reads it (issue 24 item 4: no input
    holds the event loop for more than a few milliseconds). Read only by its callers."""
    return model.model_json_schema()


SUGGESTIONS_MAX = 25


def option_values(rules: Rules[Any]) -> dict[str, list[str]]:
    """The values worth suggesting for each top-level option, read from the options model's JSON
    schema: a Literal's or enum's values, a boolean's true/false, and the `examples` a model lists
    (a game names its missions there)."""
    try:
        schema = _json_schema(rules.options_model)  # type: ignore[attr-defined]
    except (AttributeError, TypeError, ValueError):
        return {}
    defs = schema.get("$defs", {})
    out: dict[str, list[str]] = {}
    for name, prop in schema.get("properties", {}).items():
        values = _schema_values(prop, defs, depth=0)
        if values:
            out[name] = list(dict.fromkeys(values))
    return out


def _schema_values(prop: dict[str, Any], defs: dict[str, Any], depth: int) -> list[str]:
    if depth > 4:
        return []
    found: list[str] = []
    ref = prop.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = defs.get(ref.removeprefix("#/$defs/"), {})
        if target.get("type") != "object":  # nested option groups are not offered as one value
            found += _schema_values(target, defs, depth + 1)
    for key in ("examples", "enum"):
        found += [_as_option(v) for v in prop.get(key) or () if isinstance(v, str | int | float | bool)]
    if "const" in prop:
        found.append(_as_option(prop["const"]))
    if prop.get("type") == "boolean":
        found += ["true", "false"]
    for branch in prop.get("anyOf") or ():
        found += _schema_values(branch, defs, depth + 1)
    if isinstance(prop.get("items"), dict):
        found += _schema_values(prop["items"], defs, depth + 1)
    return found


def _as_option(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def option_suggestions(rules: Rules[Any], typed: str) -> list[str]:
    """Completions of the options text being typed: the last `key=partial` (or a bare `partial` of a
    key) completed into `key=value` for each suggested value, the earlier pairs kept as typed."""
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head.strip() else ""
    values = option_values(rules)
    if "=" in last:
        key, _, partial = last.partition("=")
        pairs = [(key, v) for v in values.get(key, []) if v.lower().startswith(partial.lower())]
    else:
        pairs = [(k, v) for k, vs in values.items() if k.startswith(last.lower()) for v in vs]
    found = [f"{prefix}{k}={v}" for k, v in pairs]
    return [text for text in found if len(text) <= 100][:SUGGESTIONS_MAX]


def _options_schema(rules: Rules[Any]) -> dict[str, Any]:
    try:
        return _json_schema(type(rules.parse_options(None)))
    except (ValidationError, TypeError, ValueError):
        return {}


def _deref(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its reference, single allOf and optional (anyOf with null) resolved."""
    for _ in range(10):
        if "$ref" in node:
            node = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        elif len(node.get("allOf", ())) == 1:
            node = {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}
        elif "anyOf" in node:
            kept = [n for n in node["anyOf"] if n.get("type") != "null"]
            if len(kept) != 1:
                return node
            node = {**kept[0], **{k: v for k, v in node.items() if k != "anyOf"}}
        else:
            return node
    return node


def _field_schema(schema: dict[str, Any], loc: Sequence[Any]) -> dict[str, Any] | None:
    """The schema of the option at `loc` (nested options too), or None if the game has no such option."""
    defs = schema.get("$defs", {})
    node = schema
    for part in loc:
        node = _deref(node, defs)
        if str(part).isdigit() and isinstance(node.get("items"), dict):
            node = node["items"]  # one entry of a list option
            continue
        props = node.get("properties", {})
        if part not in props:
            return None
        node = props[part]
    return _deref(node, defs)


def shown_value(value: Any) -> str:
    """A value as a player types it: strings bare, everything else as compact JSON ([1,2,1], true)."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


SHOWN_VALUE_MAX = 80


def _clipped(text: str) -> str:
    """A typed value quoted back in a refusal, cut short: a long terrain would fill the reply."""
    return text if len(text) <= SHOWN_VALUE_MAX else text[: SHOWN_VALUE_MAX - 1] + "…"


def accepted_text(node: dict[str, Any], lang: str, name: str = "") -> str | None:
    """What an option accepts, from its schema, in `lang` (None when the schema does not say)."""
    if "enum" in node or "const" in node:
        values = node.get("enum", [node.get("const")])
        return t(lang, "bot.option_accepts_one_of", values=", ".join(shown_value(v) for v in values))
    kind = node.get("type")
    if kind == "boolean":
        return t(lang, "bot.option_accepts_bool")
    if kind in ("integer", "number"):
        if "minimum" in node and "maximum" in node:
            what = t(lang, "bot.option_accepts_integer" if kind == "integer" else "bot.option_accepts_number")
            return " ".join(
                [what, t(lang, "bot.option_bound_range", low=node["minimum"], high=node["maximum"])]
            )
        bounds = [
            t(lang, key, n=node[bound])
            for bound, key in (
                ("exclusiveMinimum", "bot.option_bound_gt"),
                ("minimum", "bot.option_bound_ge"),
                ("maximum", "bot.option_bound_le"),
                ("exclusiveMaximum", "bot.option_bound_lt"),
            )
            if bound in node
        ]
        what = t(lang, "bot.option_accepts_integer" if kind == "integer" else "bot.option_accepts_number")
        return " ".join([what, t(lang, "bot.option_and").join(bounds)]) if bounds else what
    if kind == "array":
        return t(lang, "bot.option_accepts_list")
    if kind == "object" and node.get("properties") and name:
        # A group of options (typed one by one as group.option=value).
        parts = ", ".join(f"{name}.{key}" for key in node["properties"])
        return t(lang, "bot.option_accepts_group", options=parts)
    if kind == "object":
        return t(lang, "bot.option_accepts_object")
    if kind == "string":
        return t(lang, "bot.option_accepts_text")
    return None


def option_example(rules: Rules[Any], name: str | None = None) -> str | None:
    """`name=value` from this game's own options (its default value): the first option with a plain
    value when `name` is None. Never an example from another game (issue 15 item 5)."""
    schema = _options_schema(rules)
    names = [name] if name else option_names(rules)
    for option in names:
        node = _field_schema(schema, option.split("."))
        if node is None or node.get("default") is None or isinstance(node["default"], dict):
            continue
        if name is None and isinstance(node["default"], list | tuple) and len(names) > 1:
            continue  # a plain value reads better first; a list only when nothing else
        return f"{option}={shown_value(node['default'])}"
    if name is None and names:
        node = _field_schema(schema, names[0].split("."))
        if node is not None and node.get("default") is not None:
            return f"{names[0]}={shown_value(node['default'])}"
    return None


def option_problems(exc: ValidationError, lang: str, rules: Rules[Any]) -> str:
    """What is wrong with the options, in `lang` (issue 15 item 5): for each problem the option and
    the value typed, why (a game's own reason from its catalog, when it gives one), what the option
    accepts and an example from this game; an unknown option lists the game's options."""
    known = option_names(rules)
    schema = _options_schema(rules)
    problems = []
    for err in exc.errors():
        loc = [str(p) for p in err["loc"]]
        name = ".".join(p for p in loc if not p.isdigit()) or "options"  # a list's entry: its option
        node = _field_schema(schema, loc) if loc else None
        if err["type"] == "extra_forbidden" or node is None:
            text = t(lang, "bot.option_unknown", option=name)
            if known:
                text += ". " + t(lang, "bot.options_known", options=", ".join(known)).rstrip(".")
            example = option_example(rules)
        else:
            typed = f"{name}={_clipped(shown_value(err.get('input')))}"
            reason = _reason(rules, err, lang)
            text = (
                t(lang, "bot.option_refused_because", typed=typed, reason=reason)
                if reason
                else t(lang, "bot.option_refused", typed=typed)
            )
            accepted = accepted_text(node, lang, name)
            if accepted:
                text += "; " + t(lang, "bot.option_accepts", accepted=accepted)
            example = option_example(rules, name)
        if example:
            text += " " + t(lang, "bot.option_example", example=example)
        problems.append(text.rstrip("."))
    return ". ".join(problems) + "."


def _reason(rules: Rules[Any], err: Any, lang: str) -> str | None:
    """Why a value is refused: the game's catalog text for its own error types (a validator raising
    PydanticCustomError("<type>", ...) is worded by "<game>.option_error.<type>"), else pydantic's
    words for a validator's plain ValueError in English only; None when the accepted values say it."""
    key = f"{rules.name}.option_error.{err['type']}"
    if has(key):
        return t(
            lang, key, **{k: v for k, v in (err.get("ctx") or {}).items() if isinstance(v, int | float | str)}
        )
    if err["type"] == "value_error" and lang == "en":
        return str(err["msg"]).removeprefix("Value error, ").rstrip(".")
    return None


OPTIONS_TEXT_MAX = 6000
"""The longest options text read (Discord's own limit for a string option): longer is refused unread."""
OPTION_DEPTH_MAX = 8
"""How deeply an option's value may nest lists and objects. The deepest real option is a custom
terrain piece's polygon corner (list > piece > shape > corners > corner: 5 levels); Python's JSON
reader and pydantic recurse once per level, and about 1,000 levels raised RecursionError (issue 24
item 4)."""
OPTION_NODES_MAX = 5000
"""How many values (numbers, texts, lists, objects) all options may hold together: the largest
custom table a game accepts (40 terrain pieces of 32 corners) is about 4,100. More is refused
before the game reads it, so no option can hold the event loop for more than a few milliseconds
(a forged terrain of 100,000 pieces took 17 s; issue 24 item 4). Typed in Discord, the 6,000
characters (OPTIONS_TEXT_MAX) bind first; this bounds what reaches the service another way."""

OPTION_TEXT_VALUE_MAX = 65_536
"""The longest text one option value may hold: more than a player can type (OPTIONS_TEXT_MAX), room
for what a series hands its rounds (a campaign's kept board, in a mission brief)."""


def _too_deep(option: str) -> Rejected:
    return Rejected(
        "bot.option_too_deep",
        "The option {option} nests lists or groups more than {max} levels deep.",
        option=option,
        max=OPTION_DEPTH_MAX,
    )


def _too_large(option: str) -> Rejected:
    return Rejected(
        "bot.option_too_large",
        "The option {option} holds too many values (all options together may hold at most {max} values).",
        option=option,
        max=OPTION_NODES_MAX,
    )


def options_too_long() -> Rejected:
    return Rejected(
        "bot.options_too_long",
        "The options are too long: at most {max} characters.",
        max=OPTIONS_TEXT_MAX,
    )


def json_depth_ok(text: str, option: str) -> None:
    """Refuse (naming `option`) a JSON text that nests deeper than an option may, before it is read:
    one pass over the characters, brackets inside quoted strings not counted. For a whole options
    object (`option` empty) the refusal names the top-level key being read where it got too deep."""
    if len(text) > OPTIONS_TEXT_MAX:
        raise options_too_long()
    depth = 0
    in_string = escaped = False
    start = 0
    key = option
    limit = OPTION_DEPTH_MAX + (0 if option else 1)  # a whole object: its values may nest as deep
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
                if not option and depth == 1:
                    key = text[start + 1 : i]  # the last text at the top level: the key being read
        elif ch == '"':
            in_string, start = True, i
        elif ch in "[{":
            depth += 1
            if depth > limit:
                raise _too_deep(key or "options")
        elif ch in "]}":
            depth -= 1


def bounded(raw: Mapping[str, Any] | None) -> None:
    """Refuse options that nest deeper than OPTION_DEPTH_MAX or hold more than OPTION_NODES_MAX
    values in all, naming the option; walked without recursion, each container's size counted
    before its values are looked at, so any input costs at most OPTION_NODES_MAX steps."""
    if not raw:
        return
    nodes = 0
    for option, value in raw.items():
        nodes += 1
        stack: list[tuple[Any, int]] = [(value, 0)]
        while stack:
            item, depth = stack.pop()
            if isinstance(item, str):
                if len(item) > OPTION_TEXT_VALUE_MAX:
                    raise _too_large(str(option))
                continue
            if not isinstance(item, dict | list | tuple):
                continue
            if depth >= OPTION_DEPTH_MAX:
                raise _too_deep(str(option))
            nodes += len(item)
            if nodes > OPTION_NODES_MAX:
                raise _too_large(str(option))
            children = item.values() if isinstance(item, dict) else item
            stack.extend(
                (child, depth + 1) for child in children if isinstance(child, str | dict | list | tuple)
            )


def parse_options(rules: Rules[Any], raw: Mapping[str, Any] | None, lang: str) -> BaseModel:
    """A game's options, or a refusal naming each problem in `lang`; options beyond the bounds above
    are refused before the game reads them."""
    bounded(raw)
    try:
        return rules.parse_options(raw)
    except ValidationError as exc:
        problems = option_problems(exc, lang, rules)
        raise Rejected(
            "bot.bad_options", "Those options do not fit this game: {problems}", problems=problems
        ) from None


class Lobby:
    """The lobby's part of the table service (mixed into TableService, which provides the rest)."""

    if TYPE_CHECKING:
        store: Store
        seeder: Callable[[], int]
        notify: Callable[[], None]
        step_cap: int

        def lock(self, table_id: int) -> AbstractAsyncContextManager[None]: ...
        async def get(self, table_id: int) -> TableRecord: ...
        def _rules(self, game: str) -> Rules[Any]: ...
        async def _write(
            self,
            table: TableRecord,
            rules: Rules[Any],
            prepared: moves.Prepared,
            *,
            stood_in: Sequence[str] = (),
        ) -> TableRecord: ...
        async def away_seats(self, table: TableRecord) -> dict[str, Any]: ...

    async def create(
        self,
        *,
        game: str,
        creator: int,
        guild_id: int | None,
        channel_id: int | None,
        lang: str,
        side: str | None = None,
        opponent: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> TableRecord:
        """A new table: against the AI when there is no opponent (started at once), else a lobby."""
        rules = self._rules(game)
        try:
            presenter_for(game)
        except UnknownGame:
            raise Rejected("bot.unknown_game", "There is no game called {game}.", game=game) from None
        settings, options = absence.split_settings(options)  # the table's own (absent=), then the game's
        parsed = parse_options(rules, options, lang)
        if opponent == creator:
            raise Rejected(
                "bot.self_opponent", "You cannot invite yourself; leave the opponent empty to play the AI."
            )
        my_seat = rules.seat_of_side(side) if side else rules.seats[secrets.randbelow(len(rules.seats))]
        seats: dict[str, Any] = {s: None for s in rules.seats}
        seats[my_seat] = creator
        if opponent is None:
            seats = {s: (h if h is not None else AI) for s, h in seats.items()}
        async with self.store.transaction() as tx:
            table_id = await tx.insert_table(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=None,
                status="lobby",
                seats=seats,
                invited=[opponent] if opponent is not None else [],
                options=parsed.model_dump(mode="json"),
                seed=self.seeder(),
                lang=lang,
                created_by=creator,
                settings=settings,
            )
        return await self.get(table_id)

    async def open(self, table_id: int, *, thread_id: int | None) -> TableRecord:
        """Record the table's thread, then start it if every seat is filled, else announce the lobby."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "lobby":
                return table
            if all(h is not None for h in table.seats.values()):
                async with self.store.transaction() as tx:
                    await tx.update_table(table_id, thread_id=thread_id)
                return await self._start(await self.get(table_id))
            async with self.store.transaction() as tx:
                await tx.update_table(table_id, thread_id=thread_id)
                await tx.touch_status(table_id)
        self.notify()
        return await self.get(table_id)

    async def join(self, table_id: int, user_id: int, side: str | None = None) -> TableRecord:
        """Take a free seat (only invited users when there is an invitation); starts when full."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "lobby":
                raise Rejected(
                    "bot.not_in_lobby", "Table #{table} is not waiting for players.", table=table.number
                )
            if table.seat_of(user_id) is not None:
                raise Rejected("bot.already_seated", "You already sit at table #{table}.", table=table.number)
            if table.invited and user_id not in table.invited:
                raise Rejected(
                    "bot.not_invited", "Table #{table} is waiting for an invited player.", table=table.number
                )
            free = [s for s, h in table.seats.items() if h is None]
            kept = await self._rematch_seat(table, user_id) if side is None else None
            if side is not None:
                seat = self._rules(table.game).seat_of_side(side)
                if seat not in free:
                    raise Rejected("bot.seat_taken", "That side is already taken.")
            elif kept in free:
                seat = kept  # a rematch's sides are rotated: the seat the rotation gave this player
            elif free:
                seat = free[0]
            else:
                raise Rejected("bot.table_full", "Table #{table} is full.", table=table.number)
            seats = {**table.seats, seat: user_id}
            async with self.store.transaction() as tx:
                await tx.update_table(table_id, seats=seats, expected_version=0)
                await tx.touch_status(table_id)
            table = await self.get(table_id)
            if all(h is not None for h in table.seats.values()):
                return await self._start(table)
        self.notify()
        return table

    async def start(self, table_id: int, user_id: int) -> TableRecord:
        """The creator starts a lobby now; empty seats go to the AI."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "lobby":
                raise Rejected(
                    "bot.not_in_lobby", "Table #{table} is not waiting for players.", table=table.number
                )
            if user_id != table.created_by:
                raise Rejected(
                    "bot.creator_only",
                    "Only the player who opened table #{table} can start it.",
                    table=table.number,
                )
            seats = {s: (h if h is not None else AI) for s, h in table.seats.items()}
            async with self.store.transaction() as tx:
                await tx.update_table(table_id, seats=seats, expected_version=0)
            return await self._start(await self.get(table_id))

    async def set_server_language(self, guild_id: int, language: str) -> int:
        """The language of a server's public game messages, for new tables and the running ones
        (issue 27 item 8): a table waiting for players or being played speaks it from its next
        message; its status message is redrawn in it at once. A finished table keeps its words.
        Returns how many running tables there are."""
        running = await self.store.list_tables(guild_id=guild_id, statuses=("lobby", "active"))
        async with self.store.transaction() as tx:
            await tx.set_guild_language(guild_id, language)
        for table in running:
            if table.lang == language:
                continue
            async with self.lock(table.id), self.store.transaction() as tx:
                await tx.update_table(table.id, lang=language)
                await tx.touch_status(table.id)
        self.notify()
        return len(running)

    async def _start(self, table: TableRecord) -> TableRecord:
        """Deal the opening (setup events), let AI seats act, persist; the caller holds the lock."""
        rules = self._rules(table.game)
        away = await self.away_seats(table)  # players on /away: their stand-ins play from the start
        before = table
        if away != table.absence:
            async with self.store.transaction() as tx:
                await tx.update_table(table.id, absence=away, absence_was=table.absence)
            table = await self.get(table.id)
        stood_in = [s for s in table.seats if absence.reason(table, s) != absence.reason(before, s)]
        prepared = await offload.run(moves.opening, table.game, table, self.step_cap)
        return await self._write(
            table, rules, prepared, stood_in=stood_in
        )  # (a round: its series notes them)

    async def rematch(
        self,
        table_id: int,
        user_id: int,
        *,
        new_thread: Callable[[TableRecord], Awaitable[int | None]] | None = None,
    ) -> tuple[TableRecord, bool]:
        """A rematch, by consent (issue 27 item 5): a new table with the same players, sides
        rotated, in a thread of its own (`new_thread` opens it, once, under the new table's lock);
        (table, created now?).

        The player who asks sits at once; every other human player is invited and gets an
        invitation in the finished table's thread (a mention with an "Accept" button, delivered
        through the outbox: `_invite` in bot/delivery.py); the game starts when all have accepted
        (Join), or when the one who asked starts it (empty seats go to the AI, as any lobby). An
        invited player who presses Rematch too has accepted. Against the AI it starts at once."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.seat_of(user_id) is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            if not table.is_over:
                raise Rejected("bot.not_over", "Table #{table} is still being played.", table=table.number)
            existing = await self.store.find_rematch(table_id)
            if existing is not None:
                new_id, created = existing.id, False
            else:
                new_id, created = await self._insert_rematch(table, user_id), True
        async with self.lock(new_id):
            new = await self.get(new_id)
            if new.status == "lobby":  # just created, or a crash came between creating and starting it
                if new.thread_id is None and new_thread is not None:
                    thread_id = await new_thread(new)
                    if thread_id is not None:
                        async with self.store.transaction() as tx:
                            await tx.update_table(new.id, thread_id=thread_id)
                        new = await self.get(new.id)
                if new.invited and new.seat_of(user_id) is None and user_id in new.invited:
                    new = await self._seat(new, user_id, await self._rematch_seat(new, user_id))
                if all(h is not None for h in new.seats.values()):
                    new = await self._start(new)
                else:
                    async with self.store.transaction() as tx:
                        await tx.touch_status(new.id)  # the lobby's status message in its thread
                        for invited in new.invited:
                            if new.seat_of(invited) is None:
                                await tx.add_delivery(
                                    NewDelivery(
                                        table_id=new.id,
                                        version=0,
                                        kind="invite",
                                        target=f"user:{invited}",
                                        payload={"channel": table.post_channel_id, "by": user_id},
                                    )
                                )
                    self.notify()
            return new, created

    async def _seat(self, table: TableRecord, user_id: int, seat: str | None) -> TableRecord:
        """Seat an invited player in a lobby (the caller holds the lock)."""
        free = [s for s, h in table.seats.items() if h is None]
        chosen = seat if seat in free else free[0]
        async with self.store.transaction() as tx:
            await tx.update_table(table.id, seats={**table.seats, chosen: user_id}, expected_version=0)
            await tx.touch_status(table.id)
        return await self.get(table.id)

    async def _rematch_seat(self, table: TableRecord, user_id: int) -> str | None:
        """The seat a rematch's rotation gives this player (None: not a rematch, or not theirs)."""
        if table.rematch_of is None:
            return None
        rotated = _rotated(await self.get(table.rematch_of))
        return next((s for s, h in rotated.items() if h == user_id), None)

    async def _insert_rematch(self, table: TableRecord, user_id: int) -> int:
        """The rematch's row (a lobby, sides rotated: the one who asks and the AI seated, the other
        players invited); its id."""
        rotated = _rotated(table)
        humans = [h for h in rotated.values() if h is not None and h != AI and h != user_id]
        seats = {s: (None if h in humans else h) for s, h in rotated.items()}
        async with self.store.transaction() as tx:
            return await tx.insert_table(
                game=table.game,
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                thread_id=None,  # one thread per table: the rematch opens its own
                status="lobby",
                seats=seats,
                invited=humans,
                options=table.options,
                seed=self.seeder(),
                lang=table.lang,
                created_by=user_id,
                rematch_of=table.id,
                settings=table.settings,
            )


def _rotated(table: TableRecord) -> dict[str, Any]:
    """A table's seats with their holders rotated by one (the sides swapped, with two players)."""
    seats = list(table.seats)
    holders = [table.seats[s] for s in seats]
    return dict(zip(seats, holders[-1:] + holders[:-1], strict=True))
