"""Message builders: the public status message, a seat's private panel, the per-turn notification.

A `Panel` is plain data (text, PNG files, component specs) so the delivery worker, the cogs and
the tests share one builder. Public panels are built only from the spectator view and events
redacted for nobody (`redacted_for(None)`); private panels only from that seat's view.

Component custom_ids come from bot/ids.py (one place for the formats and the patterns that read
them). A seat's choices are the presenter's own controls (`Presenter.controls`, described as data in
renderers/base.py) or, when it has none, one button per legal action (select menus when many).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

import discord
from pydantic import BaseModel

from engine.core import Action, Event, Rules
from renderers.base import (
    ALT_LIMIT,
    Button,
    Control,
    Form,
    Menu,
    OrderPick,
    Picking,
    Presenter,
    Target,
    fit_lines,
    letter,
)
from renderers.palette import known

from . import absence, ids, jobs, offload
from .aio import breathe
from .export import fairness_line
from .i18n import game_name, seat_name, t, text
from .store import AI, DeadlineRecord, TableRecord

CONTENT_LIMIT = 2000
BUTTONS_MAX = 20  # up to 4 rows of 5; more actions become select menus
SELECT_OPTIONS = 25
SELECTS_PER_PAGE = 4  # the fifth row holds the page buttons


class AcyclicFile(discord.File):
    """A discord.File that leaves no reference cycle behind when discord.py closes it.

    discord.py stubs the stream's `close` while it sends, and on `close()` puts the stream's own
    bound `close` back as an attribute of the stream: the stream then refers to itself, a cycle
    only the full collection frees, holding the bytes (a board picture, tens of KiB) until it
    runs (GC_FULL in bot/cli.py). That was most of the memory per table the memory benchmark
    counted (issue 24 item 8). Removing the attribute leaves the stream's own method in place."""

    __slots__ = ()

    def close(self) -> None:
        super().close()
        attributes = getattr(self.fp, "__dict__", None)
        if attributes is not None:
            attributes.pop("close", None)


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: Literal["primary", "secondary", "success", "danger"] = "secondary"
    row: int | None = None
    disabled: bool = False


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value)
    row: int | None = None
    max_values: int = 1  # several picks (an OrderPick); at least one is always picked


class Attachment(NamedTuple):
    """One image of a panel, with its description (alt text, read aloud by screen readers: issue 29)."""

    name: str
    data: bytes
    description: str


ALT_NEWS = 400  # at most this much of an image's description tells what just happened; the rest, the board


def alt_text(lines: Sequence[str]) -> str:
    """An attachment description within Discord's limit (`ALT_LIMIT`), whole lines first, without
    markdown emphasis (a screen reader would read the asterisks)."""
    return fit_lines([line.replace("**", "").replace("__", "") for line in lines], ALT_LIMIT)


def latest_news(lines: Sequence[str], limit: int = ALT_NEWS) -> list[str]:
    """The last lines of a narration that fit in `limit` characters, in order."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            break
        kept.insert(0, line)
        size += len(line) + 1
    return kept


@dataclass
class Panel:
    """One message's worth of content."""

    content: str
    files: list[Attachment] = field(default_factory=list)
    components: list[ButtonSpec | SelectSpec] = field(default_factory=list)

    def clipped(self) -> str:
        return clip(self.content)

    def discord_files(self) -> list[discord.File]:
        return [
            AcyclicFile(io.BytesIO(data), filename=name, description=description)
            for name, data, description in self.files
        ]

    def view(self) -> discord.ui.View | None:
        """A View that only serialises the components; routing is by DynamicItem templates.

        The view is stopped before sending on purpose: discord.py then does not store it (no
        per-message memory), and an ephemeral view's 15-minute timeout cannot later unregister
        the DynamicItem templates (ViewStore.remove_view drops them with the view).
        """
        if not self.components:
            return None
        view = discord.ui.View(timeout=None)
        for spec in self.components:
            if isinstance(spec, ButtonSpec):
                view.add_item(
                    discord.ui.Button(
                        label=spec.label[:80],
                        custom_id=spec.custom_id,
                        style=getattr(discord.ButtonStyle, spec.style),
                        row=spec.row,
                        disabled=spec.disabled,
                    )
                )
            else:
                view.add_item(
                    discord.ui.Select(
                        custom_id=spec.custom_id,
                        placeholder=spec.placeholder[:150],
                        options=[
                            discord.SelectOption(label=label[:100], value=value)
                            for label, value in spec.options
                        ],
                        row=spec.row,
                        max_values=max(1, min(spec.max_values, len(spec.options))),
                    )
                )
        view.stop()
        for item in view.children:
            # Serialising needs no way back from an item to its view, and that reference made every
            # message's view a reference cycle left for the full collection (issue 24 item 8).
            item._view = None
        return view


def clip(content: str, limit: int = CONTENT_LIMIT) -> str:
    return content if len(content) <= limit else content[: limit - 1] + "…"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def holder_text(table: TableRecord, seat: str, lang: str) -> str:
    holder = table.seats.get(seat)
    if holder is None:
        return t(lang, "bot.seat_open")
    if holder == AI or not isinstance(holder, int):
        return t(lang, "bot.seat_ai")
    return mention(holder)


def seat_with_holder(table: TableRecord, seat: str, lang: str) -> str:
    return f"{seat_name(table.game, seat, lang)} ({holder_text(table, seat, lang)})"


def header(table: TableRecord, lang: str) -> str:
    return t(lang, "bot.table_header", game=game_name(table.game, lang), table=table.number)


def outcome_text(table: TableRecord, lang: str) -> str | None:
    """'Game over: Red (@alice) won against Blue (@bob) — reason.' or None while the game goes on."""
    outcome = table.outcome
    if not outcome:
        return None
    params = dict(outcome.params)
    for name in ("seat", "winner", "loser"):
        if isinstance(params.get(name), str) and params[name] in table.seats:
            params[name] = seat_name(table.game, params[name], lang)
    if "by" in params and isinstance(params["by"], int):
        params["by"] = mention(params["by"])
    reason = text(lang, outcome.reason, outcome.reason, **params)
    winners = [seat_with_holder(table, s, lang) for s in outcome.winners]
    losers = [seat_with_holder(table, s, lang) for s in table.seats if s not in outcome.winners]
    if table.status == "abandoned":
        return t(lang, "bot.outcome_abandoned", table=table.number)
    if not winners:
        said = t(lang, "bot.outcome_draw", reason=reason)
    elif not losers:
        said = t(lang, "bot.outcome_win", winners=", ".join(winners), reason=reason)
    else:
        said = t(
            lang,
            "bot.outcome_win_against",
            winners=", ".join(winners),
            losers=", ".join(losers),
            reason=reason,
        )
    # "… with 3 turns played by the AI" (issue 26): the stand-ins' share of the result.
    played = [
        t(
            lang,
            "absent.outcome_turns",
            seat=seat_name(table.game, seat, lang),
            count=count,
            result="won" if seat in outcome.winners else ("lost" if outcome.winners else "draw"),
        )
        for seat, count in absence.turns(table).items()
    ]
    return " ".join([said, *played])


def stand_in_notice(
    table: TableRecord, payload: dict[str, Any], user: int
) -> tuple[str, list[ButtonSpec], list[int]]:
    """The post telling a table that a stand-in took a seat, or that its player is away: (content,
    buttons, who is pinged). A player who missed their deadlines is pinged, with "I'm back"; the
    others learn of a holiday without a ping (bot/absence.py)."""
    lang = table.lang
    seat = seat_name(table.game, str(payload.get("seat", "")), lang)
    until = float(payload.get("until") or absence.FOREVER)
    at = "" if until >= absence.FOREVER else f"<t:{int(until)}:R>"
    if payload.get("reason") == "away":
        key = "absent.notice_away_wait" if payload.get("wait") else "absent.notice_away_ai"
        if at:
            return t(lang, f"{key}_until", player=mention(user), seat=seat, at=at), [], []
        return t(lang, key, player=mention(user), seat=seat), [], []
    count = int(payload.get("count") or 0)
    content = t(lang, "absent.notice_missed", player=mention(user), seat=seat, count=count)
    button = ButtonSpec(ids.BACK.format(table=table.id), t(lang, "absent.button_back"), "success")
    return content, [button], [user]


def pause_notice(table: TableRecord, payload: dict[str, Any]) -> tuple[str, list[ButtonSpec], list[int]]:
    """A request to pause (the others pinged, with **Pause** to agree), a table paused (with
    **Resume**), or resumed (bot/pause.py): (content, buttons, who is pinged)."""
    lang = table.lang
    by = int(payload.get("by", 0))
    event = payload.get("event")
    if event == "asked":
        others = [int(u) for u in payload.get("others", [])]
        content = t(
            lang,
            "absent.pause_asked_notice",
            player=mention(by),
            others=", ".join(mention(u) for u in others),
            table=table.number,
        )
        button = ButtonSpec(ids.PAUSE.format(table=table.id), t(lang, "absent.button_pause"), "primary")
        return content, [button], others
    if event == "paused":
        content = t(lang, "absent.paused_notice", player=mention(by), table=table.number)
        button = ButtonSpec(ids.RESUME.format(table=table.id), t(lang, "absent.button_resume"), "success")
        return content, [button], []
    return t(lang, "absent.resumed_notice", player=mention(by), table=table.number), [], []


def undo_notice(table: TableRecord, payload: dict[str, Any]) -> tuple[str, list[ButtonSpec], list[int]]:
    """A take-back asked (the players asked pinged, with Accept and Refuse), refused, or done
    (bot/takeback.py): (content, buttons, who is pinged)."""
    lang = table.lang
    by = int(payload.get("by", 0))
    asked = [int(u) for u in payload.get("asked", []) if u is not None]
    event = payload.get("event")
    if event == "asked":
        content = t(
            lang,
            "absent.undo_asked_notice",
            player=mention(by),
            others=", ".join(mention(u) for u in asked),
            table=table.number,
        )
        buttons = [
            ButtonSpec(
                ids.UNDO_YES.format(table=table.id, version=table.version),
                t(lang, "absent.button_undo_yes"),
                "success",
            ),
            ButtonSpec(
                ids.UNDO_NO.format(table=table.id, version=table.version),
                t(lang, "absent.button_undo_no"),
                "danger",
            ),
        ]
        return content, buttons, asked
    if event == "refused":
        return t(lang, "absent.undo_refused_notice", player=mention(by), table=table.number), [], asked
    seat = seat_name(table.game, str(payload.get("seat", "")), lang)
    return t(lang, "absent.undo_done_notice", player=mention(by), seat=seat, table=table.number), [], []


# --- public ------------------------------------------------------------------------------------
RECENT_CHARS = 700  # the status message's "just now" block: the end of the latest change's narration
RECENT_LINES = 8


def recent_block(presenter: Presenter, events: Sequence[Event], lang: str) -> list[str]:
    """The latest change's public narration as a quote, its last lines when it is long."""
    narration = narration_lines(presenter, events, lang)
    kept: list[str] = []
    size = 0
    for line in reversed(narration):
        if len(kept) == RECENT_LINES or size + len(line) > RECENT_CHARS:
            break
        kept.insert(0, line)
        size += len(line) + 3
    if not kept:
        return []
    head = [t(lang, "bot.just_now")] + (["> …"] if len(kept) < len(narration) else [])
    return head + [f"> {line}" for line in kept]


def status_link(table: TableRecord) -> str | None:
    """A jump link to the table's status message, when it has been posted."""
    if table.status_message_id is None or table.post_channel_id is None or table.guild_id is None:
        return None
    return f"https://discord.com/channels/{table.guild_id}/{table.post_channel_id}/{table.status_message_id}"


async def status_panel(
    table: TableRecord,
    rules: Rules[Any],
    presenter: Presenter,
    state: Any | None,
    recent: Sequence[Event] = (),
    deadlines: Sequence[DeadlineRecord] = (),
    last_turn: Sequence[Event] = (),
    palette: str | None = None,
) -> Panel:
    """The one public status message of a table (edited on every change): who plays, what just
    happened (`recent`: the latest change's events), where the game stands, who must act, and when
    a running time limit runs out (`deadlines`: a Discord timestamp counts down in every client,
    so the message need not be edited every second). `last_turn`: the events of the newest public
    turn summary, which the game may draw on the board (`Presenter.turn_board_png`). `palette`: the
    board's (None, the public message: the default; `/status`, shown to one user: theirs)."""
    lang = table.lang
    lines = [header(table, lang)]
    lines += [f"• {seat_with_holder(table, seat, lang)}" for seat in rules.seats]
    fair = fairness_line(table, lang)  # the seed's commitment, or once over the seed (bot/export.py)
    if fair:  # near the top: a long message is cut at its end, and this line must stay
        lines.append(fair)
    stand_ins = [s for s in rules.seats if absence.reason(table, s)] if table.status == "active" else []
    for seat in stand_ins:  # the AI plays for an absent player (bot/absence.py)
        why = absence.reason(table, seat)
        lines.append(t(lang, "absent.status_line", seat=seat_name(table.game, seat, lang), reason=why))
    top = len(lines)  # the "just now" block goes here, if the message has room for it
    files: list[Attachment] = []
    buttons: list[ButtonSpec | SelectSpec] = []
    if table.status == "lobby":
        if table.invited:
            lines.append(t(lang, "bot.lobby_invited", users=", ".join(mention(u) for u in table.invited)))
        else:
            lines.append(t(lang, "bot.lobby_open"))
        buttons += [
            ButtonSpec(ids.JOIN.format(table=table.id), t(lang, "bot.button.join"), "primary"),
            ButtonSpec(ids.START.format(table=table.id), t(lang, "bot.button.start")),
        ]
    if state is not None:
        view = rules.view(state, None)
        # Ended by the bot (resignation, abandon) while the rules still wait for a move: the game's
        # own status would say whose move it is, so it gives way to the outcome and a banner.
        stopped = table.status in ("finished", "abandoned") and rules.outcome(state) is None
        if not stopped:
            lines.append("")
            lines.append(presenter.status_text(view, lang))
        banner = None
        if stopped:
            banner = t(lang, "bot.stamp.abandoned" if table.status == "abandoned" else "bot.stamp.over")
        shown = [s for e in last_turn if (s := e.redacted_for(None)) is not None]
        png = await offload.run(  # off the event loop, behind the clicks' own jobs
            jobs.status_image,
            table.game,
            view,
            lang,
            banner,
            shown,
            known(palette),
            priority=offload.Priority.STATUS,
        )
        # Its words: what just happened (public narration), then the board as the spectators see it.
        said = [] if stopped else latest_news(narration_lines(presenter, recent, lang))
        described = [*(banner and [banner] or []), *said, presenter.image_text(view, lang)]
        files.append(Attachment(f"table-{table.id}-v{table.version}.png", png, alt_text(described)))
        await breathe()  # the image is back; the narration is next (see bot.aio.breathe)
        active = sorted(rules.active_seats(state))
        if table.status == "active" and active:
            lines.append(
                t(lang, "bot.to_act", seats=", ".join(seat_with_holder(table, s, lang) for s in active))
            )
            if table.paused:  # the deadlines wait (bot/pause.py)
                since = f"<t:{int(table.pause['since'])}:R>"
                lines.append(t(lang, "absent.status_paused", since=since))
            for deadline in deadlines if not table.paused else ():
                if deadline.kind == "timeout" and deadline.status == "pending":
                    at = f"<t:{int(deadline.due_at)}:R>"
                    seat = seat_with_holder(table, deadline.seat, lang)
                    lines.append(t(lang, "bot.time_limit", seat=seat, at=at))
    end = outcome_text(table, lang)
    if end:
        lines.append("")
        lines.append(f"**{end}**")
    if table.status == "active":
        buttons.append(ButtonSpec(ids.HAND.format(table=table.id), t(lang, "bot.button.hand"), "primary"))
    if stand_ins:
        buttons.append(ButtonSpec(ids.BACK.format(table=table.id), t(lang, "absent.button_back"), "success"))
    if table.status == "active" and table.paused:
        buttons.append(
            ButtonSpec(ids.RESUME.format(table=table.id), t(lang, "absent.button_resume"), "success")
        )
    buttons.append(ButtonSpec(ids.RULES.format(table=table.id), t(lang, "bot.button.rules")))
    if table.status == "finished":
        buttons.append(
            ButtonSpec(ids.REMATCH.format(table=table.id), t(lang, "bot.button.rematch"), "success")
        )
    just_now = recent_block(presenter, recent, lang) if state is not None else []
    with_recent = [*lines[:top], "", *just_now, *lines[top:]] if just_now else lines
    if len("\n".join(with_recent)) <= CONTENT_LIMIT:  # never at the cost of who acts or the outcome
        lines = with_recent
    return Panel("\n".join(lines), files, buttons)


def narration_lines(
    presenter: Presenter,
    events: Sequence[Event],
    lang: str,
    *,
    actors: Sequence[str | None] | None = None,
    table: TableRecord | None = None,
) -> list[str]:
    """Public narration: each event as nobody's seat may see it. With the events' `actors` (and the
    table, to name the seat), a line a stand-in caused is marked "(the AI for Blue)" (bot/absence.py)."""
    lines = []
    for i, event in enumerate(events):
        shown = event.redacted_for(None)
        if shown is None:
            continue
        line = presenter.narrate(shown, lang)
        if line:
            seat = absence.stand_in_of(actors[i]) if actors is not None and i < len(actors) else None
            if seat is not None and table is not None:
                line = t(lang, "absent.narration_mark", line=line, seat=seat_name(table.game, seat, lang))
            lines.append(line)
    return lines


def status_ref(lang: str, link: str | None) -> str:
    """'the table message', as a jump link when there is one."""
    words = t(lang, "bot.status_message_ref")
    return f"[{words}]({link})" if link else words


def turn_content(
    table: TableRecord,
    lines: Sequence[str],
    ping: Sequence[int],
    lang: str,
    *,
    final: bool,
    link: str | None = None,
    dms: bool = True,
    footer: str | None = None,
) -> str:
    """The per-turn notification: narration, then the outcome or a ping for who must act.

    `link` jumps to the status message; `dms=False` (every pinged player's DMs are closed) does not
    send them to their DMs. `footer` (the seed's commitment or its reveal) ends it and is never cut."""
    parts = list(lines)
    end = outcome_text(table, lang) if final else None
    if end:
        parts.append(f"**{end}**")
    if ping:
        key = "bot.your_move" if dms else "bot.your_move_no_dm"
        mentions = " ".join(mention(u) for u in ping)
        parts.append(t(lang, key, mentions=mentions, status=status_ref(lang, link)))
    kept = 2 if ping or end else 0
    if footer:
        parts.append(footer)
        kept += 1
    if not parts:
        return ""
    body = "\n".join(parts)
    if len(body) <= CONTENT_LIMIT:
        return body
    tail = "\n".join(parts[-kept:]) if kept else ""
    return clip(body[: CONTENT_LIMIT - len(tail) - 2]) + "\n" + tail


# --- private -----------------------------------------------------------------------------------
async def private_panel(
    table: TableRecord,
    rules: Rules[Any],
    presenter: Presenter,
    state: Any | None,
    seat: str | None,
    lang: str,
    *,
    page: int = 0,
    group: int | None = None,
    preview: int | None = None,
    letters: int | None = None,
    note: str | None = None,
    link: bool = False,
    priority: offload.Priority = offload.Priority.MOVE,
    palette: str | None = None,
) -> Panel:
    """What one seat sees privately: its secrets, and its choices when it must act (`page` of a long
    list, the actions of one `group` of a two-step menu, or the `preview` of one legal action by its
    index, with Confirm and Cancel; `letters`: that page of the lettered buttons instead of the
    menus, issue 29 item 4). Its picture is drawn at `priority` (a click's answer by default;
    a DM's behind the public boards), in the player's `palette` (their /settings; None: the
    default). When the game offers picking by letter here (`Presenter.picking`), a close-up of the
    acting piece with its targets lettered comes first."""
    palette = known(palette)
    lines = [
        header(table, lang) + (f" · <#{table.post_channel_id}>" if link and table.post_channel_id else "")
    ]
    if note:
        lines.append(note)
    if seat is None:
        lines.append(t(lang, "bot.not_a_player_here"))
        return Panel("\n".join(lines))
    lines.append(t(lang, "bot.you_play", seat=seat_name(table.game, seat, lang)))
    if state is None:
        lines.append(t(lang, "bot.not_started_yet"))
        return Panel("\n".join(lines))
    view = rules.view(state, seat)
    secret = presenter.private_text(view, lang)
    if secret:  # a game with no secrets for this seat says nothing rather than "nothing hidden"
        lines.append(secret)
    files: list[Attachment] = []
    acting = table.status == "active" and seat in rules.active_seats(state)
    legal = rules.legal_actions(state, seat) if acting else []
    await breathe()  # the seat's view and its choices are drawn next (see bot.aio.breathe)
    if preview is not None and 0 <= preview < len(legal):
        said = presenter.preview_text(view, legal[preview], lang)
        if said is not None:
            return await _preview_panel(
                table, presenter, state, view, legal, preview, said, lines, lang, priority, palette
            )
    picked = _group_first(legal, presenter, lang, group)
    if picked is not None:  # a piece's actions: the picture may show that piece (Presenter.piece_png)
        png = await offload.run_remembered(
            jobs.piece_image, table.game, view, picked, lang, palette, priority=priority
        )
    else:  # off the event loop, and drawn again only when the seat's view has changed
        png = await offload.run_remembered(
            jobs.private_image, table.game, view, lang, palette, priority=priority
        )
    if png:
        described = presenter.private_image_text(view, lang)
        files.append(Attachment(f"table-{table.id}-private.png", png, alt_text([described])))
    pick = presenter.picking(view, legal, lang, _members(legal, presenter, lang, group)) if legal else None
    shown = letter_page(pick, letters or 0) if pick is not None else None
    if pick is not None and shown is not None:  # the close-up first: on a phone it is what reads
        closeup = await offload.run_remembered(
            jobs.picking_image, table.game, view, pick, shown.lettered, lang, palette, priority=priority
        )
        if closeup:
            files.insert(
                0, Attachment(f"table-{table.id}-closeup.png", closeup, picking_alt(pick, shown, lang))
            )
    components: list[ButtonSpec | SelectSpec] = []
    if acting:
        if legal:
            lines.append("")
            lines.append(f"**{presenter.action_prompt(view, legal, lang)}**")
            if letters is not None and shown is not None and shown.lettered:
                lines += letter_key(shown, lang)
                components = letter_components(
                    table.id, state.version, view, legal, presenter, lang, shown, group
                )
            else:
                components = choice_components(
                    table.id, state.version, view, legal, presenter, lang, page=page, group=group
                )
                if shown is not None and shown.lettered:
                    components, inline = with_letters(
                        components, table.id, state.version, legal, lang, shown, group
                    )
                    if inline:
                        lines += letter_key(shown, lang)
    elif table.status == "active":
        waiting = [seat_with_holder(table, s, lang) for s in sorted(rules.active_seats(state))]
        if waiting:
            lines.append(t(lang, "bot.waiting_for", seats=", ".join(waiting)))
    end = outcome_text(table, lang)
    if end:
        lines.append(f"**{end}**")
    return Panel("\n".join(lines), files, components)


async def _preview_panel(
    table: TableRecord,
    presenter: Presenter,
    state: Any,
    view: BaseModel,
    legal: Sequence[Action],
    index: int,
    said: str,
    lines: list[str],
    lang: str,
    priority: offload.Priority,
    palette: str,
) -> Panel:
    """One legal action previewed before it is spent (issue 26 item 5): what it would do and cost, the
    seat's picture with it drawn, Confirm (the action's own id at this version, so a stale or second
    click is refused as any stale click) and Cancel (back to the choices; nothing is spent)."""
    lines += ["", f"**{said}**", t(lang, "bot.preview.note")]
    png = await offload.run_remembered(
        jobs.preview_image, table.game, view, legal[index], lang, palette, priority=priority
    )
    files: list[Attachment] = []
    if png:
        described = presenter.private_image_text(view, lang)
        files.append(Attachment(f"table-{table.id}-private.png", png, alt_text([said, described])))
    components: list[ButtonSpec | SelectSpec] = [
        ButtonSpec(
            ids.ACTION.format(table=table.id, version=state.version, index=index),
            t(lang, "bot.button.preview.confirm"),
            "success",
            row=0,
        ),
        ButtonSpec(
            ids.PAGE.format(table=table.id, version=state.version, page=0),
            t(lang, "bot.button.preview.cancel"),
            "secondary",
            row=0,
        ),
    ]
    return Panel("\n".join(lines), files, components)


# --- picking by letter (issue 29 item 4) ----------------------------------------------------------
LETTER_ROWS = 3  # rows of lettered buttons: the fourth keeps the game's own buttons, the fifth the pages
LETTERS_PER_PAGE = LETTER_ROWS * 5
ROWS = 5  # Discord: at most 5 rows of components, 5 buttons a row (a select fills its row)


@dataclass(frozen=True)
class LetterPage:
    """One page of a piece's lettered targets: (letter, target) pairs; letters run on across pages."""

    lettered: list[tuple[str, Target]]
    page: int
    pages: int
    count: int


def letter_page(pick: Picking, page: int) -> LetterPage:
    """Page `page` (kept in range) of the targets, `LETTERS_PER_PAGE` letters a page."""
    count = len(pick.targets)
    pages = max(1, -(-count // LETTERS_PER_PAGE))
    page = max(0, min(page, pages - 1))
    start = page * LETTERS_PER_PAGE
    chunk = pick.targets[start : start + LETTERS_PER_PAGE]
    return LetterPage([(letter(start + n), target) for n, target in enumerate(chunk)], page, pages, count)


def picking_alt(pick: Picking, shown: LetterPage, lang: str) -> str:
    """The close-up's alt text: around which piece, then each letter and what it picks."""
    count = len(shown.lettered)
    head = (
        t(lang, "pick.alt", piece=pick.piece, count=count)
        if pick.piece
        else t(lang, "pick.alt_area", count=count)
    )
    return alt_text(
        [head, *(t(lang, "pick.line", letter=x, target=target.text) for x, target in shown.lettered)]
    )


def letter_key(shown: LetterPage, lang: str) -> list[str]:
    """The panel's lines above the lettered buttons: which letters, and what each picks."""
    first, last = shown.lettered[0][0], shown.lettered[-1][0]
    lines = [t(lang, "pick.prompt", first=first, last=last, count=shown.count)]
    lines += [f"**{x}** · {target.text}" for x, target in shown.lettered]
    return lines


def _members(legal: Sequence[Action], presenter: Presenter, lang: str, group: int | None) -> list[int] | None:
    """The indices of the piece picked in the generic two-step menu, if one is picked."""
    if group is None:
        return None
    groups = action_groups(legal, presenter, lang)
    return list(groups[group][1]) if 0 <= group < len(groups) else None


def _letter_id(table_id: int, version: int, choice: int | Action, legal: Sequence[Action]) -> str | None:
    """A lettered button's id: the action by its index (`ids.LETTER`: previewed first when the game
    previews it), or carried whole; None when it would not fit in an id (its menu entry still offers it)."""
    if isinstance(choice, int):
        return (
            ids.LETTER.format(table=table_id, version=version, index=choice)
            if 0 <= choice < len(legal)
            else None
        )
    try:
        return ids.ACTION_JSON.format(table=table_id, version=version, action=ids.compact(choice))
    except ValueError:
        return None


def letter_buttons(
    table_id: int, version: int, legal: Sequence[Action], shown: LetterPage, first_row: int = 0
) -> list[ButtonSpec | SelectSpec]:
    """One button per letter of the page, five a row from `first_row`: red for an attack."""
    specs: list[ButtonSpec | SelectSpec] = []
    for n, (x, target) in enumerate(shown.lettered):
        cid = _letter_id(table_id, version, target.choice, legal)
        if cid is not None:
            style: Literal["primary", "danger"] = "danger" if target.kind == "attack" else "primary"
            specs.append(ButtonSpec(cid, x, style, row=first_row + n // 5))
    return specs


def letter_components(
    table_id: int,
    version: int,
    view: BaseModel,
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
    shown: LetterPage,
    group: int | None,
) -> list[ButtonSpec | SelectSpec]:
    """The grid of lettered buttons (3 rows of 5), the game's own plain buttons on the fourth row
    (e.g. Back, End phase), and on the fifth the other pages of letters and "Menus" (the classic
    controls, kept as the fallback)."""
    specs = letter_buttons(table_id, version, legal, shown)
    controls = presenter.controls(view, legal, lang)
    if controls is not None:
        own = [c for c in controls if isinstance(c, Button)][:5]
        specs += [replace_row(spec, LETTER_ROWS) for spec in control_components(table_id, version, own)]
    elif group is not None:
        back = ids.PAGE.format(table=table_id, version=version, page=0)
        specs.append(ButtonSpec(back, t(lang, "bot.button.back"), row=LETTER_ROWS))
    more = {"group": 0 if group is None else group + 1, "table": table_id, "version": version}
    if shown.page > 0:
        cid = ids.LETTERS.format(page=shown.page - 1, **more)
        specs.append(ButtonSpec(cid, t(lang, "pick.button.before"), row=ROWS - 1))
    if shown.page < shown.pages - 1:
        cid = ids.LETTERS.format(page=shown.page + 1, **more)
        specs.append(ButtonSpec(cid, t(lang, "pick.button.more"), row=ROWS - 1))
    if group is None or controls is not None:  # in a piece's own menu, its Back returns to the pieces
        menus = ids.PAGE.format(table=table_id, version=version, page=0)
        specs.append(ButtonSpec(menus, t(lang, "pick.button.menus"), row=ROWS - 1))
    return specs


def replace_row(spec: ButtonSpec | SelectSpec, row: int) -> ButtonSpec | SelectSpec:
    if isinstance(spec, ButtonSpec):
        return ButtonSpec(spec.custom_id, spec.label, spec.style, row, spec.disabled)
    return SelectSpec(spec.custom_id, spec.placeholder, spec.options, row)


def _row_use(specs: Sequence[ButtonSpec | SelectSpec]) -> dict[int, int]:
    """How full each row is (a select fills its row). Components without a row are laid out by
    discord.py in order, in the first row with room, so they are counted the same way."""
    used: dict[int, int] = {}
    for spec in specs:
        width = 5 if isinstance(spec, SelectSpec) else 1
        if spec.row is not None:
            used[spec.row] = used.get(spec.row, 0) + width
            continue
        row = next(r for r in range(ROWS + len(specs)) if used.get(r, 0) + width <= 5)
        used[row] = used.get(row, 0) + width
    return used


def _free_row(specs: Sequence[ButtonSpec | SelectSpec]) -> int | None:
    """A row with room for one more button, after the rows in use: None when all five are full."""
    used = _row_use(specs)
    last = max(used, default=-1)
    if last + 1 < ROWS:
        return last + 1
    return next((r for r in range(ROWS) if used.get(r, 0) < 5), None)


def with_letters(
    specs: list[ButtonSpec | SelectSpec],
    table_id: int,
    version: int,
    legal: Sequence[Action],
    lang: str,
    shown: LetterPage,
    group: int | None,
) -> tuple[list[ButtonSpec | SelectSpec], bool]:
    """The classic controls with the letters: as buttons in the rows left free when they all fit
    there (phone first: one tap, True), else "Pick by letter (n)" where a row has room (False)."""
    first = max(_row_use(specs), default=-1) + 1
    room = min(ROWS - first, LETTER_ROWS) * 5
    if shown.pages == 1 and 0 < len(shown.lettered) <= room:
        return [*specs, *letter_buttons(table_id, version, legal, shown, first)], True
    return with_letters_button(specs, table_id, version, shown, group, lang), False


def with_letters_button(
    specs: list[ButtonSpec | SelectSpec],
    table_id: int,
    version: int,
    shown: LetterPage,
    group: int | None,
    lang: str,
) -> list[ButtonSpec | SelectSpec]:
    """The classic controls and, where a row has room, "Pick by letter (n)"."""
    row = _free_row(specs)
    if row is None:
        return specs
    cid = ids.LETTERS.format(table=table_id, version=version, group=0 if group is None else group + 1, page=0)
    button = ButtonSpec(cid, t(lang, "pick.button.letters", count=shown.count), "success", row=row)
    return [*specs, button]


def _group_first(
    legal: Sequence[Action], presenter: Presenter, lang: str, group: int | None
) -> Action | None:
    """The first action of the piece picked in the two-step menu (`group`), if one is picked."""
    if group is None or not legal:
        return None
    groups = action_groups(legal, presenter, lang)
    return legal[groups[group][1][0]] if 0 <= group < len(groups) else None


def choice_components(
    table_id: int,
    version: int,
    view: BaseModel,
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
    *,
    page: int = 0,
    group: int | None = None,
) -> list[ButtonSpec | SelectSpec]:
    """A seat's choices: the presenter's controls, else a two-step menu by piece when there are many
    actions in several groups, else one button per action (selects when many)."""
    controls = presenter.controls(view, legal, lang)
    if controls is not None:
        return control_components(table_id, version, controls)
    groups = action_groups(legal, presenter, lang)
    if group is not None and 0 <= group < len(groups):
        _, members = groups[group]
        back = ButtonSpec(
            ids.PAGE.format(table=table_id, version=version, page=0), t(lang, "bot.button.back")
        )
        return [*indexed_components(table_id, version, members, legal, presenter, lang, view), back]
    if len(legal) > BUTTONS_MAX and len(groups) > 1:
        # Actions of no piece (e.g. "end the turn") stay one click away, beside the pieces' menu.
        grouped = {i for _, members in groups for i in members}
        loose = [i for i in range(len(legal)) if i not in grouped][: BUTTONS_MAX - 5]
        buttons = [
            ButtonSpec(
                ids.ACTION.format(table=table_id, version=version, index=i),
                presenter.action_label(legal[i], lang, view),
                "secondary",
                row=1 + n // 5,
            )
            for n, i in enumerate(loose)
        ]
        return [*group_components(table_id, version, groups, lang), *buttons]
    return action_components(table_id, version, legal, presenter, lang, page, view)


def control_components(
    table_id: int, version: int, controls: Sequence[Control]
) -> list[ButtonSpec | SelectSpec]:
    """A presenter's controls as components, each with the id the platform assigns it."""
    specs: list[ButtonSpec | SelectSpec] = []
    menus = 0
    for control in controls:
        match control:
            case Button(label=label, choice=choice, style=style, row=row):
                if isinstance(choice, int):
                    cid = ids.ACTION.format(table=table_id, version=version, index=choice)
                else:
                    cid = ids.ACTION_JSON.format(table=table_id, version=version, action=ids.compact(choice))
                specs.append(ButtonSpec(cid, label, style, row))
            case Menu(placeholder=placeholder, options=options, row=row):
                specs.append(
                    SelectSpec(
                        ids.SELECT.format(table=table_id, version=version, n=menus),
                        placeholder,
                        tuple((o.label, ids.choice_value(o.choice)) for o in options[:SELECT_OPTIONS]),
                        row,
                    )
                )
                menus += 1
            case Form(key=key, label=label, style=style, row=row):
                specs.append(
                    ButtonSpec(ids.FORM.format(table=table_id, version=version, form=key), label, style, row)
                )
            case OrderPick(key=key, placeholder=placeholder, options=options, row=row) if options:
                picks = tuple(options[:SELECT_OPTIONS])
                specs.append(
                    SelectSpec(
                        ids.ORDER_PICK.format(table=table_id, version=version, key=key),
                        placeholder,
                        picks,
                        row,
                        max_values=len(picks),
                    )
                )
    return specs


def action_groups(legal: Sequence[Action], presenter: Presenter, lang: str) -> list[tuple[str, list[int]]]:
    """The legal actions by piece (`Presenter.action_group`), in order of first appearance:
    [(label, indices)]. Actions of no piece are left out (offered beside the pieces)."""
    groups: dict[str, list[int]] = {}
    for i, action in enumerate(legal):
        label = presenter.action_group(action, lang)
        if label is not None:
            groups.setdefault(label, []).append(i)
    return list(groups.items())


def group_components(
    table_id: int, version: int, groups: Sequence[tuple[str, list[int]]], lang: str
) -> list[ButtonSpec | SelectSpec]:
    """Step one of "pick a piece, then its action": a select of the pieces (25 at most)."""
    options = tuple((label, str(n)) for n, (label, _) in enumerate(groups[:SELECT_OPTIONS]))
    return [
        SelectSpec(ids.GROUP.format(table=table_id, version=version), t(lang, "bot.pick_piece"), options, 0)
    ]


def _action_id(
    table_id: int,
    version: int,
    index: int,
    action: Action,
    presenter: Presenter,
    lang: str,
    view: BaseModel | None,
) -> str:
    """The id of one action's button: its preview first when the game previews it
    (`Presenter.preview_text`, issue 26 item 5), else the action itself."""
    if view is not None and presenter.preview_text(view, action, lang) is not None:
        return ids.PREVIEW.format(table=table_id, version=version, index=index)
    return ids.ACTION.format(table=table_id, version=version, index=index)


def indexed_components(
    table_id: int,
    version: int,
    indices: Sequence[int],
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
    view: BaseModel | None,
) -> list[ButtonSpec | SelectSpec]:
    """Some of the legal actions (by index): buttons for a few, selects of 25 for more (4 rows at most)."""
    labels = {i: presenter.action_label(legal[i], lang, view) for i in indices}
    if len(indices) <= BUTTONS_MAX:
        return [
            ButtonSpec(
                _action_id(table_id, version, i, legal[i], presenter, lang, view),
                labels[i],
                "primary",
                row=n // 5,
            )
            for n, i in enumerate(indices)
        ]
    specs: list[ButtonSpec | SelectSpec] = []
    for n, lo in enumerate(range(0, min(len(indices), SELECT_OPTIONS * SELECTS_PER_PAGE), SELECT_OPTIONS)):
        chunk = indices[lo : lo + SELECT_OPTIONS]
        specs.append(
            SelectSpec(
                ids.SELECT.format(table=table_id, version=version, n=n),
                t(lang, "bot.select_placeholder", first=lo + 1, last=lo + len(chunk)),
                tuple((labels[i], str(i)) for i in chunk),
                row=n,
            )
        )
    return specs


def action_components(
    table_id: int,
    version: int,
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
    page: int = 0,
    view: BaseModel | None = None,
) -> list[ButtonSpec | SelectSpec]:
    """Buttons for a few actions; select menus (25 options each, paged) for many."""
    labels = [presenter.action_label(a, lang, view) for a in legal]
    if len(legal) <= BUTTONS_MAX:
        return [
            ButtonSpec(
                _action_id(table_id, version, i, legal[i], presenter, lang, view),
                label,
                "primary",
                row=i // 5,
            )
            for i, label in enumerate(labels)
        ]
    per_page = SELECT_OPTIONS * SELECTS_PER_PAGE
    pages = (len(legal) + per_page - 1) // per_page
    page = max(0, min(page, pages - 1))
    start = page * per_page
    specs: list[ButtonSpec | SelectSpec] = []
    for n in range(SELECTS_PER_PAGE):
        lo = start + n * SELECT_OPTIONS
        hi = min(lo + SELECT_OPTIONS, len(legal), start + per_page)
        if lo >= hi:
            break
        specs.append(
            SelectSpec(
                ids.SELECT.format(table=table_id, version=version, n=lo // SELECT_OPTIONS),
                t(lang, "bot.select_placeholder", first=lo + 1, last=hi),
                tuple((labels[i], str(i)) for i in range(lo, hi)),
                row=n,
            )
        )
    if pages > 1:
        if page > 0:
            specs.append(
                ButtonSpec(
                    ids.PAGE.format(table=table_id, version=version, page=page - 1),
                    t(lang, "bot.button.prev"),
                    row=4,
                )
            )
        if page < pages - 1:
            specs.append(
                ButtonSpec(
                    ids.PAGE.format(table=table_id, version=version, page=page + 1),
                    t(lang, "bot.button.next"),
                    row=4,
                )
            )
    return specs


def rules_summary(game: str, presenter: Presenter, lang: str) -> str:
    """A readable rules summary, headed by the game's name."""
    return clip(f"**{game_name(game, lang)}**\n{presenter.rules_text(lang)}")


# --- the text board (issue 29 item 2) ------------------------------------------------------------
def board_text_messages(
    table: TableRecord,
    rules: Rules[Any],
    presenter: Presenter,
    state: Any | None,
    seat: str | None,
    lang: str,
) -> list[str]:
    """`/board text`: the whole position in words, as `seat` may know it (a non-player gets the
    spectator view), in as few messages of at most `CONTENT_LIMIT` characters as it takes. Plain
    lines for a screen reader: the presenter's `board_text` blocks under a title line."""
    who = (
        {"who": "seat", "seat": seat_name(table.game, seat, lang)} if seat else {"who": "nobody", "seat": ""}
    )
    title = t(lang, "a11y.board_title", table=table.number, game=game_name(table.game, lang), **who)
    if state is None:
        return [f"{title}\n{t(lang, 'bot.not_started_yet')}"]
    return pack_blocks([title, *presenter.board_text(rules.view(state, seat), lang)])


def pack_blocks(blocks: Sequence[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """Blocks joined by blank lines into messages of at most `limit` characters; a block too long
    for one message is cut between its lines (a single line too long, with "…")."""
    lines: list[str] = []
    for n, block in enumerate(blocks):
        if n:
            lines.append("")
        lines += [clip(line, limit) for line in block.splitlines()]
    messages: list[str] = []
    current: list[str] = []
    for line in lines:
        if current and len("\n".join([*current, line])) > limit:
            messages.append("\n".join(current).strip("\n"))
            current = []
        if current or line:
            current.append(line)
    if current:
        messages.append("\n".join(current).strip("\n"))
    return [m for m in messages if m]
