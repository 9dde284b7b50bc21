"""`/why` (issue 29 item 5): the latest automated ruling a seat saw, explained to that seat alone.

A ruling is the engine's (engine/core/ruling.py): carried by an event (a shot, a move, an overwatch
shot, a damage card...) or by a refusal (a shot out of sight). What a seat may be told is read from:

1. its own latest refusal that carried a ruling, first while the table has not moved since, and
   after that while no event it may see has ruled anything newer (stored: see below);
2. the ruling its panel shows now without an event (`Presenter.why_now`: a game's "R3 has no
   target: B7 is out of sight");
3. the newest event of the table's log that carries a ruling, as `event.redacted_for(seat)` shows it
   (a spectator: as nobody's seat sees it), or the one at the step the player names (`/why step:N`).

The words are built from that ruling and the seat's own view only (renderers/why.py), and the
picture, for a measured game, is drawn on the seat's own view (`Presenter.why_png`): nothing a
seat may not know can reach it. The reply is ephemeral, in the reader's language.

**The refusals are stored** (issue 25; migration 14, the `refusals` table): one row per table and
player, the latest refusal a measure made, replaced by the next (`remember`): its catalog key and
parameters, its ruling as JSON, and the table's version when it was refused. So the process that
answers `/why` need not be the one that refused the move: another process of a cluster (a `/why`
typed in the server after a refusal in DMs reaches another shard), or the bot after a restart,
explains it the same. A refusal changes no game state: its row is written in a small unit of work
of its own, and a store that fails to write it is logged (the table and the fault, never the
refusal's words) and leaves the player's refusal as it was, polite and ephemeral; `/why` then
explains the newest ruling the seat saw, numbered by its step. The row is the acting player's own
(what their own seat measured): only `explain`, for that player, reads it; no export, log, replay
or other seat's view does. It goes with its table (ON DELETE CASCADE).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from engine.core import Event, Rejected, Ruling, Seat
from renderers.base import Presenter
from renderers.i18n import has
from renderers.palette import known
from renderers.why import explanation

from . import ids, jobs, offload
from .i18n import t
from .panels import Attachment, ButtonSpec, Panel, SelectSpec, alt_text
from .records import RefusalRecord
from .store_api import Store

if TYPE_CHECKING:
    from .tables import Applied, TableService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Refused:
    """A player's latest refusal that carried a ruling, as stored: its catalog key and parameters, the
    ruling, and the table's version when it was refused."""

    version: int
    message_id: str
    params: dict[str, Any]
    ruling: Ruling

    def text(self, lang: str) -> str:
        """The refusal in the reader's language (a key this Tablero no longer knows: a plain line)."""
        if has(self.message_id):
            return t(lang, self.message_id, **self.params)
        return t(lang, "why_store.refused")


def latest_ruled(refusals: list[Rejected | None]) -> Rejected | None:
    """The last of these refusals that a measure made (carries a ruling), if any."""
    return next((no for no in reversed(refusals) if no is not None and no.ruling is not None), None)


async def remember(store: Store, table_id: int, user_id: int, version: int, refusal: Rejected | None) -> None:
    """Store `refusal` as the player's latest if a measure made it (it carries a ruling); a refusal
    without one leaves the last one be. Its own small unit of work; a failure is logged and goes no
    further (the caller raises the refusal itself, as it would have)."""
    if refusal is None or refusal.ruling is None:
        return
    try:
        params = json.loads(
            json.dumps(refusal.params, default=str)
        )  # plain JSON values, as Fluent takes them
        ruling = refusal.ruling.model_dump_json()
        await store.record_refusal(table_id, user_id, version, refusal.message_id, params, ruling)
    except Exception as exc:  # the store's fault (StorageUnavailable), or anything else: logged only
        log.warning(
            "table %s: a refusal was not kept for /why (%s)",
            table_id,
            getattr(exc, "fault", type(exc).__name__),
        )


async def latest_refusal(store: Store, table_id: int, user_id: int) -> Refused | None:
    """The player's latest ruled refusal at the table, as stored (None: none, or one this Tablero
    cannot read any more)."""
    record: RefusalRecord | None = await store.refusal(table_id, user_id)
    if record is None:
        return None
    try:
        ruling = Ruling.model_validate(record.ruling)
    except ValidationError:  # written by another version of the rules: the events speak instead
        return None
    return Refused(record.version, record.message_id, record.params, ruling)


@dataclass(frozen=True)
class Found:
    """A ruling to explain: what was ruled (a sentence), the ruling, and its step (an event's number)."""

    headline: str
    ruling: Ruling
    step: int | None = None


async def latest_event(
    service: TableService, table_id: int, seat: Seat | None, presenter: Presenter, lang: str, step: int | None
) -> Found | None:
    """The newest event with a ruling that `seat` may see (or the one at `step`), newest first."""
    loaded = await service.load(table_id)
    rules = loaded.rules
    records = await service.store.load_events(table_id)
    for record in reversed(records):
        if step is not None and record.seq != step:
            continue
        shown = rules.parse_event(record.data).redacted_for(seat)
        ruling = getattr(shown, "ruling", None)
        if shown is not None and isinstance(ruling, Ruling):
            headline = presenter.narrate(shown, lang) or t(lang, "why.ruled", step=record.seq)
            return Found(headline, ruling, record.seq)
        if step is not None:
            return None
    return None


async def explain(
    service: TableService, table_id: int, user_id: int, lang: str, step: int | None = None
) -> Panel:
    """The ephemeral answer to `/why` (or the "Why?" button) for `user_id` at `table_id`."""
    loaded = await service.load(table_id)
    table, rules, state = loaded.table, loaded.rules, loaded.state
    if state is None:
        raise Rejected("bot.not_started", "Table #{table} has not started yet.", table=table.number)
    seat = table.seat_of(user_id)
    presenter = service.presenters(table.game)
    view = rules.view(state, seat)
    found: Found | None = None
    if step is None:
        refused = await latest_refusal(service.store, table_id, user_id)
        if refused is not None and refused.version == table.version:
            found = Found(refused.text(lang), refused.ruling)
        if found is None:
            now = presenter.why_now(view, lang)
            if now is not None:
                found = Found(now[0], now[1])
        if found is None:
            found = await latest_event(service, table_id, seat, presenter, lang, None)
            if refused is not None:
                if found is None or found.step is None or refused.version >= found.step:
                    found = Found(refused.text(lang), refused.ruling)
        if found is None:
            raise Rejected(
                "why.none",
                "Nothing the rules measured or rolled has happened at this table that you saw yet; "
                "ask again after a shot, a move or a roll.",
            )
    else:
        found = await latest_event(service, table_id, seat, presenter, lang, step)
        if found is None:
            raise Rejected(
                "why.no_step",
                "Step {step} of table #{table} ruled nothing you can see; "
                "`/why` without a step explains the latest ruling you saw.",
                step=step,
                table=table.number,
            )
    content = explanation(found.headline, found.ruling, lang, found.step)
    player = await service.store.get_player(user_id)  # their /settings palette (renderers/palette.py)
    palette = known(player.palette if player else None)
    png = await offload.run_remembered(jobs.why_image, table.game, view, found.ruling, lang, palette)
    files: list[Attachment] = []
    if png:
        described = alt_text([t(lang, "why.picture"), *content.splitlines()])
        files.append(Attachment(f"table-{table.id}-why.png", png, described))
    return Panel(content, files)


ROWS = 5  # Discord's rows of components in one message
PER_ROW = 5  # buttons in one row


def why_button(table_id: int, lang: str, row: int | None = None) -> ButtonSpec:
    """The "Why?" button of a table (bot/ids.py `WHY`): `/why` for whoever presses it."""
    return ButtonSpec(ids.WHY.format(table=table_id), t(lang, "why.button"), "secondary", row=row)


def ruled(events: list[Event]) -> bool:
    """Whether any of these events (already redacted for their reader) carries a ruling."""
    return any(isinstance(getattr(e, "ruling", None), Ruling) for e in events)


def shows_ruling(applied: Applied, presenter: Presenter, lang: str) -> bool:
    """Whether the seat's panel after its move shows a ruling of its own (`Presenter.why_now`)."""
    if applied.state is None or applied.table.is_over:
        return False
    return presenter.why_now(applied.rules.view(applied.state, applied.seat), lang) is not None


def with_why(panel: Panel, table_id: int, lang: str) -> Panel:
    """`panel` with a "Why?" button after its own components, when a row has room for it (a panel
    whose five rows are full keeps its choices; `/why` answers the same)."""
    specs = panel.components
    rows = {spec.row for spec in specs if spec.row is not None}
    loose = [spec for spec in specs if spec.row is None]
    if not loose:
        free = [r for r in range(ROWS) if r > max(rows, default=-1)]
        if not free:
            return panel
        panel.components = [*specs, why_button(table_id, lang, free[0])]
        return panel
    if rows:
        return panel  # rows given to some and not others: no place that is sure to be free
    selects = sum(1 for spec in loose if isinstance(spec, SelectSpec))
    buttons = len(loose) - selects
    if selects + (buttons + PER_ROW) // PER_ROW > ROWS:  # room for one more button
        return panel
    panel.components = [*specs, why_button(table_id, lang)]
    return panel
