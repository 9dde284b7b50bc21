"""The lobby: create a table, open it in its thread, seat players, start it, offer a rematch.

Part of the table service (bot/tables.py builds on it); option errors are worded here, once, for
both the service and the slash command that checks them before creating a table.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from engine.core import Event, Rejected, Rules

from . import moves, offload
from .games import UnknownGame, presenter_for
from .i18n import t
from .store import AI, Store, TableRecord


def option_names(rules: Rules[Any]) -> list[str]:
    """The option names a game accepts (its options model's fields)."""
    try:
        return list(type(rules.parse_options(None)).model_fields)
    except (ValidationError, TypeError, ValueError):
        return []


SUGGESTIONS_MAX = 25


def option_values(rules: Rules[Any]) -> dict[str, list[str]]:
    """The values worth suggesting for each top-level option, read from the options model's JSON
    schema: a Literal's or enum's values, a boolean's true/false, and the `examples` a model lists
    (a game names its missions there)."""
    try:
        schema = rules.options_model.model_json_schema()  # type: ignore[attr-defined]
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


def option_problems(exc: ValidationError, lang: str, known: Sequence[str]) -> str:
    """What is wrong with the options, in `lang` (pydantic's own words only in English)."""
    problems = []
    for err in exc.errors():
        name = ".".join(str(p) for p in err["loc"]) or "options"
        if err["type"] == "extra_forbidden":
            problems.append(t(lang, "bot.option_unknown", option=name))
        elif lang == "en":
            problems.append(f"{name}: {err['msg'].removeprefix('Value error, ')}")
        else:
            problems.append(t(lang, "bot.option_invalid", option=name))
    text = "; ".join(problems).rstrip(".") + "."
    if known:
        text += " " + t(lang, "bot.options_known", options=", ".join(known))
    return text


def parse_options(rules: Rules[Any], raw: Mapping[str, Any] | None, lang: str) -> BaseModel:
    """A game's options, or a refusal naming each problem in `lang`."""
    try:
        return rules.parse_options(raw)
    except ValidationError as exc:
        problems = option_problems(exc, lang, option_names(rules))
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

        def lock(self, table_id: int) -> asyncio.Lock: ...
        async def get(self, table_id: int) -> TableRecord: ...
        def _rules(self, game: str) -> Rules[Any]: ...
        def _pilots(self, rules: Rules[Any], table: TableRecord, state: Any) -> tuple[Any, list[Event]]: ...
        async def _write(
            self, table: TableRecord, rules: Rules[Any], prepared: moves.Prepared
        ) -> TableRecord: ...
        async def _commit(
            self,
            table: TableRecord,
            rules: Rules[Any],
            old: Any | None,
            new: Any,
            entries: Sequence[tuple[Event, str | None]],
            *,
            actor_user: int | None,
            status: str | None = None,
        ) -> TableRecord: ...

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
            if side is not None:
                seat = self._rules(table.game).seat_of_side(side)
                if seat not in free:
                    raise Rejected("bot.seat_taken", "That side is already taken.")
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

    async def _start(self, table: TableRecord) -> TableRecord:
        """Deal the opening (setup events), let AI seats act, persist; the caller holds the lock."""
        rules = self._rules(table.game)
        prepared = await offload.run(moves.opening, table.game, table, self.step_cap)
        return await self._write(table, rules, prepared)

    async def rematch(
        self,
        table_id: int,
        user_id: int,
        *,
        new_thread: Callable[[TableRecord], Awaitable[int | None]] | None = None,
    ) -> tuple[TableRecord, bool]:
        """A new table with the same players, sides rotated, in a thread of its own (`new_thread`
        opens it, once, under the new table's lock); (table, created now?)."""
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
                new = await self._start(new)
            return new, created

    async def _insert_rematch(self, table: TableRecord, user_id: int) -> int:
        """The rematch's row (a lobby with every seat filled, sides rotated); its id."""
        seats = list(table.seats)
        holders = [table.seats[s] for s in seats]
        rotated = dict(zip(seats, holders[-1:] + holders[:-1], strict=True))
        async with self.store.transaction() as tx:
            return await tx.insert_table(
                game=table.game,
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                thread_id=None,  # one thread per table: the rematch opens its own
                status="lobby",
                seats=rotated,
                invited=[],
                options=table.options,
                seed=self.seeder(),
                lang=table.lang,
                created_by=user_id,
                rematch_of=table.id,
            )
