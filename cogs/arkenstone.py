"""Hunt for the Arkenstone in Discord: an action picker that groups the many moves, and typed moves by modal.

The generic action UI (cogs/play.py) already gives Higher / Lower, the trick's Yes / No, the turn-ups,
Search / Recover / Discover / Pass (buttons routed by legal-action index); in Bilbo's free-action window
Higher / Lower sit below the free-action controls, since a guess there declines it (A13). This cog adds
what the generic UI cannot:
- a select "move toward a card or figure" (full reach) and a select "move in a direction" (full, half or
  1 inch), each offering only moves the engine accepts from here;
- modals for a move of a chosen distance (toward a card, a figure or a compass direction) and for a
  move to exact coordinates or a cell (§8.3), and for placing a figure or card at exact coordinates;
- cell pickers named by their cells during manual placement (only free cells, from legal_actions).
The picker is built from the seat's own view (never the state); every choice still goes through
`tables.submit`, so `decide` has the last word. Components carry the table id and version
(custom_id "ak:…"), so they work after a restart; modal submits are routed by custom_id too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord.ext import commands
from pydantic import BaseModel

from bot.i18n import LANGUAGES, t
from bot.panels import ACTION_ID, ACTION_PICKERS, SELECT_ID, ButtonSpec, SelectSpec
from bot.tables import moved_on
from engine.arkenstone import (
    ArkenstoneView,
    Discover,
    Guess,
    MoveDirection,
    MoveTo,
    MoveToward,
    Pass,
    PlaceCard,
    PlaceFigure,
    Recover,
    Search,
)
from engine.arkenstone.board import (
    MOVE_IN,
    cell_at,
    inches,
    location_code,
    parse_cell,
    position,
    resolve_move,
)
from engine.arkenstone.model import ARKENSTONE, BILBO, SMAUG, TABLE_IN
from engine.core import Action, Rejected
from engine.core.geometry import Point, distance
from renderers.base import Presenter

from .common import lang_of, tablero
from .play import act

GAME = "arkenstone"
SELECT_OPTIONS = 25
ROW_BUTTONS = 5
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
PLACING = ("place_smaug", "place_bilbo", "place_treasure", "place_location")
ACTING = ("free_action", "action")

TOWARD_ID = "ak:t:{table}:{version}"
DIRECTION_ID = "ak:d:{table}:{version}"
MOVE_BY_ID = "ak:md:{table}:{version}"
MOVE_TO_ID = "ak:mc:{table}:{version}"
PLACE_ID = "ak:pc:{table}:{version}:{what}"  # what: f = the seat's figure, c = the next card
MODAL_ID = "ak:{kind}:{table}:{version}"  # the modal behind a button carries the button's own id
MODAL = re.compile(r"^ak:(?P<kind>md|mc|pc):(?P<table>\d+):(?P<version>\d+)(?::(?P<what>[fc]))?$")

# Refusals of what a player typed in a modal: catalog id -> English text (renderers/locales/*/arkenstone.json).
MESSAGES: dict[str, str] = {
    "arkenstone.ui.not_a_number": "“{text}” is not a number of inches.",
    "arkenstone.ui.need_both": "Give both coordinates (x and y), or a cell such as D4.",
    "arkenstone.ui.bad_choice": "That choice is not on offer any more.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


# --- the picker (pure: a view and legal actions in, component specs out) ------------------------------


def _view(view: BaseModel) -> ArkenstoneView | None:
    return view if isinstance(view, ArkenstoneView) and view.seat in (BILBO, SMAUG) else None


def _accepted(view: ArkenstoneView, seat: str, action: MoveToward | MoveDirection) -> bool:
    """True if the engine would carry out this move from here (the same measuring as `decide`)."""
    try:
        resolve_move(view, seat, action)
    except Rejected:
        return False
    return True


def toward_choices(view: ArkenstoneView, seat: str, lang: str) -> list[tuple[str, str]]:
    """(label, target) for every card or figure the seat's figure can move toward now, nearest first:
    treasure still on the table and the rival first, then the clubs (≤ 25 in all)."""
    here = position(view, seat)
    rival = SMAUG if seat == BILBO else BILBO
    first: list[tuple[float, str]] = [
        (distance(here, tr.at), f"T{tr.label}") for tr in view.treasures if not tr.removed
    ]
    first.append((distance(here, position(view, rival)), rival))
    clubs = [(distance(here, loc.at), location_code(loc.rank)) for loc in view.locations]
    choices = []
    for dist, target in sorted(first) + sorted(clubs):
        action = MoveToward(target=target)
        if not _accepted(view, seat, action):
            continue
        label = t(lang, "arkenstone.action.move_toward", target=_target_text(view, target, lang))
        choices.append((t(lang, "arkenstone.ui.toward_option", label=label, distance=inches(dist)), target))
    return choices[:SELECT_OPTIONS]


def _target_text(view: ArkenstoneView, target: str, lang: str) -> str:
    """'T5', 'T5 (A♦)' for the face-up Arkenstone, '7♣', 'Smaug'."""
    if target in (BILBO, SMAUG):
        return t(lang, f"arkenstone.seat.{target}")
    if target.startswith("T"):
        card = next(tr for tr in view.treasures if f"T{tr.label}" == target)
        return f"{target} (A♦)" if card.face_up and card.rank == ARKENSTONE else target
    return target[:-1] + "♣"


def direction_choices(
    view: ArkenstoneView, seat: str, presenter: Presenter, lang: str
) -> list[tuple[str, str]]:
    """(label, "N:4") for every compass move at full reach, half reach and 1 inch that goes anywhere."""
    limit = MOVE_IN[seat]
    choices = []
    for direction in DIRECTIONS:
        for length in (limit, limit / 2, 1.0):
            action = MoveDirection(direction=direction, distance_in=length)  # type: ignore[arg-type]
            if _accepted(view, seat, action):
                choices.append((presenter.action_label(action, lang), f"{direction}:{inches(length)}"))
    return choices[:SELECT_OPTIONS]


def _indexed(legal: Sequence[Action], kinds: tuple[type[Action], ...]) -> list[tuple[int, Action]]:
    return [(i, a) for i, a in enumerate(legal) if isinstance(a, kinds)]


def action_specs(
    table_id: int,
    version: int,
    view: ArkenstoneView,
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
) -> list[ButtonSpec | SelectSpec]:
    """The action phase: move selects, the search / recover / discover buttons, the modals, Pass; in the
    free-action window also Higher / Lower (a guess declines the free action, A13)."""
    seat = view.seat
    assert seat is not None
    specs: list[ButtonSpec | SelectSpec] = []
    row = 0
    toward = toward_choices(view, seat, lang)
    if toward:
        placeholder = t(lang, "arkenstone.ui.toward", limit=inches(MOVE_IN[seat]))
        specs.append(
            SelectSpec(TOWARD_ID.format(table=table_id, version=version), placeholder, tuple(toward), row)
        )
        row += 1
    compass = direction_choices(view, seat, presenter, lang)
    if compass:
        placeholder = t(lang, "arkenstone.ui.direction")
        specs.append(
            SelectSpec(DIRECTION_ID.format(table=table_id, version=version), placeholder, tuple(compass), row)
        )
        row += 1
    deeds = _indexed(legal, (Search, Recover, Discover))
    if len(deeds) > ROW_BUTTONS:
        options = tuple((presenter.action_label(a, lang), str(i)) for i, a in deeds[:SELECT_OPTIONS])
        placeholder = t(lang, "arkenstone.ui.deeds")
        specs.append(
            SelectSpec(SELECT_ID.format(table=table_id, version=version, n=0), placeholder, options, row)
        )
        row += 1
    elif deeds:
        for i, action in deeds:
            cid = ACTION_ID.format(table=table_id, version=version, index=i)
            specs.append(ButtonSpec(cid, presenter.action_label(action, lang), "success", row))
        row += 1
    specs.append(
        ButtonSpec(
            MOVE_BY_ID.format(table=table_id, version=version), t(lang, "arkenstone.ui.move_by"), row=row
        )
    )
    specs.append(
        ButtonSpec(
            MOVE_TO_ID.format(table=table_id, version=version), t(lang, "arkenstone.ui.move_to"), row=row
        )
    )
    for i, action in _indexed(legal, (Pass,)):
        cid = ACTION_ID.format(table=table_id, version=version, index=i)
        specs.append(ButtonSpec(cid, presenter.action_label(action, lang), "secondary", row))
    for i, action in _indexed(legal, (Guess,)):  # at most the fifth row: the rows above are ≤ 4
        cid = ACTION_ID.format(table=table_id, version=version, index=i)
        specs.append(ButtonSpec(cid, presenter.action_label(action, lang), "primary", row + 1))
    return specs


def placement_specs(
    table_id: int,
    version: int,
    view: ArkenstoneView,
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
) -> list[ButtonSpec | SelectSpec]:
    """Manual placement (AK-SET-1..4): selects of the free cells, and exact coordinates where allowed."""
    spots = _indexed(legal, (PlaceFigure, PlaceCard))
    specs: list[ButtonSpec | SelectSpec] = []
    for n, start in enumerate(range(0, len(spots), SELECT_OPTIONS)):
        chunk = spots[start : start + SELECT_OPTIONS]
        first, last = (_cell_of(a) for _, a in (chunk[0], chunk[-1]))
        specs.append(
            SelectSpec(
                SELECT_ID.format(table=table_id, version=version, n=n),
                t(lang, "arkenstone.ui.cells", first=first, last=last),
                tuple((presenter.action_label(a, lang), str(i)) for i, a in chunk),
                row=n,
            )
        )
    figure = view.phase in ("place_smaug", "place_bilbo")
    if figure or view.options.layout == "free":  # figures go anywhere; cards only in the free layout
        cid = PLACE_ID.format(table=table_id, version=version, what="f" if figure else "c")
        specs.append(ButtonSpec(cid, t(lang, "arkenstone.ui.place_at"), row=len(specs)))
    return specs


def _cell_of(action: Action) -> str:
    assert isinstance(action, PlaceFigure | PlaceCard)
    return cell_at(Point(x=action.x, y=action.y)) or "?"


def picker(
    table_id: int,
    version: int,
    view: BaseModel,
    legal: Sequence[Action],
    presenter: Presenter,
    lang: str,
    page: int = 0,
) -> list[ButtonSpec | SelectSpec] | None:
    """The Arkenstone components for a seat that must act; None = the generic buttons do the job."""
    seen = _view(view)
    if seen is None or not legal:
        return None
    if seen.phase in ACTING and seen.bilbo is not None and seen.smaug is not None:
        return action_specs(table_id, version, seen, legal, presenter, lang)
    if seen.phase in PLACING:
        return placement_specs(table_id, version, seen, legal, presenter, lang)
    return None  # Higher / Lower, the trick, the turn-ups: a few plain buttons


# --- what players type ----------------------------------------------------------------------------------

UNITS = ("pulgadas", "pulgada", "inches", "inch", "pulg.", "pulg", "in", '"', "''")


def parse_inches(text: str) -> float:
    """A number of inches as typed: "2.5", "2,5", "2.5 in", "3 pulgadas"."""
    raw = text.strip().lower()
    for unit in UNITS:
        if raw.endswith(unit):
            raw = raw[: -len(unit)].strip()
            break
    try:
        value = float(raw.replace(",", "."))
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise refuse("arkenstone.ui.not_a_number", text=text.strip()[:24])
    return value


def _direction_names() -> dict[str, str]:
    """Compass codes and the catalogs' direction words in every language ("NO" / "noroeste" = NW)."""
    names = {d.lower(): d for d in DIRECTIONS} | {"o": "W", "no": "NW", "so": "SW"}
    for lang in LANGUAGES:
        for d in DIRECTIONS:
            names[t(lang, f"arkenstone.dir.{d}").lower()] = d
    return names


DIRECTION_NAMES = _direction_names()


def parse_move_by(seat: str, target: str, distance_text: str) -> MoveToward | MoveDirection:
    """ "T5" / "7C" / "Smaug" / "NE" / "noroeste" and an optional distance (empty: as far as allowed)."""
    wanted = parse_inches(distance_text) if distance_text.strip() else None
    direction = DIRECTION_NAMES.get(re.sub(r"[\s_]+", "-", target.strip().lower()))
    if direction is not None:
        length = MOVE_IN[seat] if wanted is None else wanted
        return MoveDirection(direction=direction, distance_in=length)  # type: ignore[arg-type]
    return MoveToward(target=target.strip(), distance_in=wanted)


def parse_point(x_text: str, y_text: str) -> tuple[float, float]:
    """Coordinates in inches from two fields, "x y" in the first, or a cell name such as "D4"."""
    if y_text.strip():
        return parse_inches(x_text), parse_inches(y_text)
    cell = parse_cell(x_text)
    if cell is not None:
        return cell.x, cell.y
    parts = re.split(r"[\s;]+", x_text.strip())
    if len(parts) == 2:
        return parse_inches(parts[0]), parse_inches(parts[1])
    raise refuse("arkenstone.ui.need_both")


def parse_direction_choice(value: str) -> MoveDirection:
    """A direction select's value "NE:3" (as the picker wrote it)."""
    direction, _, length = value.partition(":")
    if direction not in DIRECTIONS:
        raise refuse("arkenstone.ui.bad_choice")
    return MoveDirection(direction=direction, distance_in=parse_inches(length))  # type: ignore[arg-type]


# --- Discord: components and modals -----------------------------------------------------------------------


async def guarded(
    interaction: discord.Interaction, table: int, version: int, body: Callable[[], Awaitable[None]]
) -> None:
    """Run a callback; any exception takes the bot's one error path (refusals become ephemeral replies)."""
    interaction.extras["table"] = table
    interaction.extras["version"] = version
    try:
        await body()
    except Exception as exc:
        await tablero(interaction).errors.handle(interaction, exc)


def _text_input(label: str, custom_id: str, hint: str, *, required: bool = True) -> discord.ui.TextInput[Any]:
    return discord.ui.TextInput(
        label=label[:45], custom_id=custom_id, placeholder=hint[:100], required=required, max_length=40
    )


async def open_modal(
    interaction: discord.Interaction, kind: str, table: int, version: int, what: str = ""
) -> None:
    """Show the modal behind one of the picker's buttons (it must be the first answer to the click)."""
    lang = lang_of(interaction)
    loaded = await tablero(interaction).tables.load(table)
    seat = loaded.table.seat_of(interaction.user.id)
    if seat is None:
        raise Rejected("bot.not_a_player", "You are not playing at table #{table}.", table=table)
    if loaded.state is None or loaded.table.version != version:
        raise moved_on()
    view = loaded.rules.view(loaded.state, seat)
    if not isinstance(view, ArkenstoneView):  # an "ak:" button aimed at another game's table
        raise moved_on()
    figure = t(lang, f"arkenstone.seat.{seat}")
    size = inches(TABLE_IN)
    custom_id = MODAL_ID.format(kind=kind, table=table, version=version) + (f":{what}" if what else "")
    if kind == "md":
        modal = discord.ui.Modal(
            title=t(lang, "arkenstone.ui.move_by_title", figure=figure)[:45], custom_id=custom_id
        )
        modal.add_item(
            _text_input(
                t(lang, "arkenstone.ui.field.target"), "target", t(lang, "arkenstone.ui.field.target_hint")
            )
        )
        modal.add_item(
            _text_input(
                t(lang, "arkenstone.ui.field.distance"),
                "distance",
                t(lang, "arkenstone.ui.field.distance_hint", limit=inches(MOVE_IN[seat])),
                required=False,
            )
        )
    else:
        key = "arkenstone.ui.move_to_title" if kind == "mc" else "arkenstone.ui.place_title"
        modal = discord.ui.Modal(title=t(lang, key, figure=figure)[:45], custom_id=custom_id)
        here = view.bilbo if seat == BILBO else view.smaug
        x_hint = t(lang, "arkenstone.ui.field.x_hint", size=size)
        y_hint = t(lang, "arkenstone.ui.field.y_hint", size=size)
        if kind == "mc" and here is not None:
            x_hint = t(lang, "arkenstone.ui.field.x_hint_here", size=size, value=inches(here.x))
            y_hint = t(lang, "arkenstone.ui.field.y_hint_here", size=size, value=inches(here.y))
        modal.add_item(_text_input(t(lang, "arkenstone.ui.field.x"), "x", x_hint))
        modal.add_item(_text_input(t(lang, "arkenstone.ui.field.y"), "y", y_hint, required=False))
    modal.stop()  # not kept in discord.py's modal store: the submit is routed by custom_id (restart-proof)
    await interaction.response.send_modal(modal)


def modal_values(data: Any) -> dict[str, str]:
    """The text inputs of a MODAL_SUBMIT, by custom_id (action rows or labels)."""
    values: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == 4 and "custom_id" in node:
                values[node["custom_id"]] = str(node.get("value") or "")
            for child in (node.get("components") or []) + (
                [node["component"]] if "component" in node else []
            ):
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk((data or {}).get("components", []))
    return values


async def submit_modal(
    interaction: discord.Interaction, kind: str, table: int, version: int, what: str | None
) -> None:
    """Turn what the player typed into an action and submit it like a click."""
    values = modal_values(interaction.data)
    action: Action
    if kind == "md":
        record = await tablero(interaction).tables.get(table)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise Rejected("bot.not_a_player", "You are not playing at table #{table}.", table=table)
        action = parse_move_by(seat, values.get("target", ""), values.get("distance", ""))
    else:
        x, y = parse_point(values.get("x", ""), values.get("y", ""))
        if kind == "mc":
            action = MoveTo(x=x, y=y)
        elif what == "f":
            action = PlaceFigure(x=x, y=y)
        else:
            action = PlaceCard(x=x, y=y)
    await act(interaction, table, version, action)


def _ids(match: re.Match[str]) -> tuple[int, int]:
    """(table, version) of a matched "ak:…" custom id."""
    return int(match["table"]), int(match["version"])


class TowardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ak:t:(?P<table>\d+):(?P<version>\d+)"
):
    def __init__(self, table: int, version: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=TOWARD_ID.format(table=table, version=version),
                options=[discord.SelectOption(label="-")],
            )
        )
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TowardSelect:
        return cls(*_ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values

        async def body() -> None:
            if not values:
                raise refuse("arkenstone.ui.bad_choice")
            await act(interaction, self.table, self.version, MoveToward(target=values[0]))

        await guarded(interaction, self.table, self.version, body)


class DirectionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ak:d:(?P<table>\d+):(?P<version>\d+)"
):
    def __init__(self, table: int, version: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=DIRECTION_ID.format(table=table, version=version),
                options=[discord.SelectOption(label="-")],
            )
        )
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DirectionSelect:
        return cls(*_ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values

        async def body() -> None:
            action = parse_direction_choice(values[0] if values else "")
            await act(interaction, self.table, self.version, action)

        await guarded(interaction, self.table, self.version, body)


class ModalButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ak:(?P<kind>md|mc|pc):(?P<table>\d+):(?P<version>\d+)(?::(?P<what>[fc]))?",
):
    """ "Move a set distance…", "Move to coordinates…", "Exact coordinates…": each opens its modal."""

    def __init__(self, kind: str, table: int, version: int, what: str = "") -> None:
        custom_id = MODAL_ID.format(kind=kind, table=table, version=version) + (f":{what}" if what else "")
        super().__init__(discord.ui.Button(custom_id=custom_id))
        self.kind, self.table, self.version, self.what = kind, table, version, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ModalButton:
        return cls(match["kind"], *_ids(match), match["what"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            self.table,
            self.version,
            lambda: open_modal(interaction, self.kind, self.table, self.version, self.what),
        )


DYNAMIC_ITEMS = (TowardSelect, DirectionSelect, ModalButton)


class ArkenstoneCog(commands.Cog):
    """Routes this game's modal submits (by custom_id, so a modal opened before a restart still works)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        match = MODAL.match(str(data.get("custom_id", "")))
        if match is None:
            return
        table, version = _ids(match)
        await guarded(
            interaction,
            table,
            version,
            lambda: submit_modal(interaction, match["kind"], table, version, match["what"]),
        )


async def setup(bot: commands.Bot) -> None:
    ACTION_PICKERS[GAME] = picker
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(ArkenstoneCog(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
