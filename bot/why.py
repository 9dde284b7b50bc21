"""`/why` (issue 29 item 5): the latest automated ruling a seat saw, explained to that seat alone.

A ruling is the engine's (engine/core/ruling.py): carried by an event (a shot, a move, an overwatch
shot, a damage card...) or by a refusal (a shot out of sight). What a seat may be told is read from:

1. its own latest refusal that carried a ruling, first while the table has not moved since, and
   after that while no event it may see has ruled anything newer (kept in memory by the table
   service, `Refusals`: a refusal changes nothing, so nothing of it is stored; after a restart the
   events speak; see below for several processes);
2. the ruling its panel shows now without an event (`Presenter.why_now`: a game's "R3 has no
   target: B7 is out of sight");
3. the newest event of the table's log that carries a ruling, as `event.redacted_for(seat)` shows it
   (a spectator: as nobody's seat sees it), or the one at the step the player names (`/why step:N`).

The words are built from that ruling and the seat's own view only (renderers/why.py), and the
picture, for a measured game, is drawn on the seat's own view (`Presenter.why_png`): nothing a
seat may not know can reach it. The reply is ephemeral, in the reader's language.

Several processes (issue 25; decided, not stored): the refusal stays in the memory of the process
that refused it. The "Why?" button under a refusal is pressed in the channel the refusal was
answered in, and Discord routes a channel's interactions to one shard (DMs to shard 0), so the
press reaches the same process and finds it. What misses it: a press after that process restarted,
or `/why` typed in the server after a refusal in DMs (another shard). Then the ruling the seat's
panel shows now is explained, or else the newest ruling the seat saw, numbered by its step, so it
cannot pass for the refusal's; the refusal's
words already said what was measured, and the move tried again measures again. Storing each
ruled refusal would make a refused click, which changes nothing, write to the database (and fail
with it): not worth it for these cases. docs/operations.md says the same for operators.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import Event, Rejected, Ruling, Seat
from renderers.base import Presenter
from renderers.i18n import has
from renderers.palette import known
from renderers.why import explanation

from . import ids, jobs, offload
from .i18n import t
from .panels import Attachment, ButtonSpec, Panel, SelectSpec, alt_text

if TYPE_CHECKING:
    from .tables import Applied, TableService

REMEMBERED = 2048
"""At most this many tables' and players' latest refusals are kept (the oldest forgotten first)."""


@dataclass(frozen=True)
class Refused:
    """A player's latest refusal that carried a ruling, and the table's version when it was refused."""

    version: int
    refusal: Rejected


class Refusals:
    """The latest ruled refusal of each player at each table, in memory (see the module docstring)."""

    def __init__(self, limit: int = REMEMBERED) -> None:
        self.limit = limit
        self._kept: OrderedDict[tuple[int, int], Refused] = OrderedDict()

    def remember(self, table_id: int, user_id: int, version: int, refusal: Rejected) -> None:
        """Keep `refusal` if a measure made it (it carries a ruling); others leave the last one be."""
        if refusal.ruling is None:
            return
        key = (table_id, user_id)
        self._kept.pop(key, None)
        self._kept[key] = Refused(version, refusal)
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)

    def latest(self, table_id: int, user_id: int) -> Refused | None:
        return self._kept.get((table_id, user_id))


@dataclass(frozen=True)
class Found:
    """A ruling to explain: what was ruled (a sentence), the ruling, and its step (an event's number)."""

    headline: str
    ruling: Ruling
    step: int | None = None


def refusal_text(refusal: Rejected, lang: str) -> str:
    """A refusal in the reader's language (its catalog entry, else the engine's English text)."""
    return t(lang, refusal.message_id, **refusal.params) if has(refusal.message_id) else refusal.text


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
        refused = service.refusals.latest(table_id, user_id)
        if refused is not None and refused.version == table.version and refused.refusal.ruling is not None:
            found = Found(refusal_text(refused.refusal, lang), refused.refusal.ruling)
        if found is None:
            now = presenter.why_now(view, lang)
            if now is not None:
                found = Found(now[0], now[1])
        if found is None:
            found = await latest_event(service, table_id, seat, presenter, lang, None)
            if refused is not None and refused.refusal.ruling is not None:
                if found is None or found.step is None or refused.version >= found.step:
                    found = Found(refusal_text(refused.refusal, lang), refused.refusal.ruling)
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
