"""What the platform needs from each game's presentation layer (one PRESENTER per game).

Everything here receives views (already redacted for a seat) or events already passed through
`event.redacted_for(seat)`, never the full state, so a presentation bug cannot leak a secret.

A presenter subclasses `Presenter` (a Protocol with defaults): it must write the pictures and the
words, and the pictures in words (`board_text`); the optional parts (`controls`, `parse_form`,
`action_group`, `rules_text`, `image_text`, `private_image_text`) have defaults.

Pictures in words (issue 29)
----------------------------
Every image the platform sends carries a description (Discord's attachment `description`, read
aloud by screen readers), and `/board text` gives the whole position as text. Both come from
`Presenter.board_text(view, lang)`: the position as that view knows it, in blocks of plain lines
(no markdown tables, no emoji needed to understand it), the first block saying whose turn it is
and what is being decided. Built from the view alone, it can say nothing the view hides.
`image_text` (the board image's alt text) is by default the first lines of `board_text` that fit
Discord's limit (`ALT_LIMIT`); `private_image_text` (the seat's private picture) is by default
the same text for the seat's view.

Palettes (issue 29 item 3)
--------------------------
Every picture is drawn in the palette in force (`renderers.palette.use(name)`, set by the platform
around the call: a player's own palette for their private pictures, the default for public ones).
A presenter reads side and marker colours through their roles (`palette.colour("clickwars/red")`
or a `palette.Colours` mapping), never as fixed constants, keys any cache of drawn layers by
`palette.current()`, and never lets colour alone carry meaning: sides and markers also differ by a
shape or a letter.

Controls described as data
--------------------------
By default a seat that must act gets one button per legal action (select menus, paged, when there
are many; with `action_group`, a "pick a piece, then its action" menu). A game that needs more
returns its own controls from `Presenter.controls(view, legal, lang)`:

- `Button(label, choice)`: one click submits `choice`;
- `Menu(placeholder, options)`: a select of `Option(label, choice)` (at most 25);
- `Form(key, label, title, fields)`: a button opening a modal of typed `Field`s (at most 5); what
  the player typed comes back through `Presenter.parse_form(form, values, view) -> Action`.

A `choice` is either the index of an action in `legal` (cheap, and a stale click is checked against
the legal actions of its version) or an `Action` itself (sent as its compact JSON, at most 100
characters with the id's prefix: for actions outside the finite `legal_actions` sample, e.g. "move
toward T5"). The platform assigns every custom_id (bot/ids.py), turns controls into Discord
components and modals, and submits the action to the engine, which has the last word: a control
may offer something `decide` then refuses, and the player reads the refusal.

A ruling explains itself (`/why`, issue 29 item 5): the engine writes the rules and numbers it
applied into the event (or the refusal) as a `Ruling`; renderers/why.py words it for every game, and
`Presenter.why_png(view, ruling, lang)` may draw it on the seat's own view.

A move that costs may be previewed before it is spent (issue 26 item 5): when
`Presenter.preview_text(view, action, lang)` is not None, that action's button (or menu option)
first shows the text and `preview_png` on the seat's own panel with Confirm (the action itself, at
the same version) and Cancel; nothing reaches the engine before Confirm.

Picking by letter (issue 29 item 4)
-----------------------------------
Where a choice is a square or a point (a move's destination, a shot's target), a presenter may
offer it on a map as well as in its menus: `Presenter.picking(view, legal, lang, among)` gives the
acting piece and its legal targets (`Target`: the choice, what it is in words, where it is on the
board), and `picking_png(view, picking, lettered, lang)` draws a crop of the board around the
piece with those targets lettered (A, B, C…; `letter`). The platform attaches the crop (its alt
text lists the letters and what each is) and offers a grid of lettered buttons (bot/panels.py).

Field kinds: "length" (a distance with its `unit`, "in" or "cm": "2,5", "3 inches", "7 cm"),
"point" (x and y, or a cell name the game reads), "cell", "number", "text". Parse them with
`renderers.measure` (`parse_length`, `parse_point`, `parse_number`), which refuses with a sentence
for the player. Discord's limits apply: ≤ 5 rows of components (a menu takes a whole row, ≤ 5
buttons a row), labels ≤ 80 characters (45 for fields and modal titles), form keys `[a-z0-9_]`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel

from engine.core import Action, Event, Rejected, Ruling

from .i18n import has, t

Style = Literal["primary", "secondary", "success", "danger"]
Choice = int | Action
"""What a control submits: an index into the seat's legal actions, or an action itself."""


@dataclass(frozen=True)
class Button:
    """One click submits `choice`."""

    label: str
    choice: Choice
    style: Style = "primary"
    row: int | None = None


@dataclass(frozen=True)
class Option:
    """One entry of a menu."""

    label: str
    choice: Choice
    description: str | None = None


@dataclass(frozen=True)
class Menu:
    """A select menu (≤ 25 options); picking an option submits its choice."""

    placeholder: str
    options: tuple[Option, ...]
    row: int | None = None


FieldKind = Literal["length", "point", "cell", "number", "text"]
Unit = Literal["in", "cm"]


@dataclass(frozen=True)
class Field:
    """One typed input of a form; `values[key]` is what the player typed ("" when left empty)."""

    key: str
    label: str
    kind: FieldKind = "text"
    hint: str = ""
    required: bool = True
    unit: Unit | None = None
    max_length: int = 40


@dataclass(frozen=True)
class Form:
    """A button (`label`) that opens a modal (`title`, `fields`); `key` names the form in its id."""

    key: str
    label: str
    title: str
    fields: tuple[Field, ...]
    style: Style = "secondary"
    row: int | None = None

    def field(self, key: str) -> Field:
        return next(f for f in self.fields if f.key == key)


@dataclass(frozen=True)
class OrderPick:
    """A menu of several picks (a multi-select) whose picks, with one field the player then types,
    make an order in the game's typed order language (`order`, with {picked}: the picked values
    joined by spaces, and {typed}); the order is shown as a dry run with Confirm and Cancel (e.g.
    ClickWars' "Move group": the units, then the move)."""

    key: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value); a value is a word of the order
    title: str
    field: Field
    order: str
    row: int | None = None


Control = Button | Menu | Form | OrderPick

TargetKind = Literal["move", "attack", "place", "other"]
"""What a lettered target is: its badge's shape on the crop (a shape cue beside the letter)."""


@dataclass(frozen=True)
class Target:
    """One legal target of a piece, for picking by letter: `choice` is what its letter submits,
    `text` what it is in words ("B3 Lancer · 60% · 14 cm"), `at` where it is on the board, in the
    game's own coordinates (its presenter reads them back in `picking_png`)."""

    choice: Choice
    text: str
    at: tuple[float, float]
    kind: TargetKind = "move"


@dataclass(frozen=True)
class Picking:
    """The acting piece (`piece`, named as on the board) and its legal targets, in letter order."""

    piece: str
    targets: tuple[Target, ...]


def letter(n: int) -> str:
    """The n-th target's letter: A … Z, then AA, AB …"""
    return chr(65 + n) if n < 26 else letter(n // 26 - 1) + chr(65 + n % 26)


ALT_LIMIT = 1024
"""Discord's limit for an attachment's description (alt text), in characters."""
BLOCK_LIMIT = 1900
"""At most this many characters in one block of `board_text` (a Discord message holds 2,000)."""


CUT_AT_LEAST = 40


def fit_lines(lines: Sequence[str], limit: int = ALT_LIMIT) -> str:
    """As many whole lines as fit in `limit` characters; the first line that does not fit is cut with
    "…" when a useful part of it (`CUT_AT_LEAST` characters) still fits, and nothing follows it."""
    out: list[str] = []
    used = 0
    for line in lines:
        line = line.strip()
        if not line:
            continue
        extra = len(line) + (1 if out else 0)
        if used + extra > limit:
            room = limit - used - (1 if out else 0)
            if room >= CUT_AT_LEAST or not out:
                out.append(line[: room - 1].rstrip() + "…")
            break
        out.append(line)
        used += extra
    return "\n".join(out)


_View = TypeVar("_View", bound=BaseModel)


def expect_view(view: BaseModel, model: type[_View]) -> _View:
    """`view` as the game's own view model; any other model is a bug (a view of another game)."""
    if not isinstance(view, model):
        raise TypeError(f"expected a {model.__name__}, got {type(view).__name__}")
    return view


class Presenter(Protocol):
    game: str

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        """The public board image for a view (spectator view for the public message)."""
        ...

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        """An image of a seat's secrets (its hand, its preview), or None if it has none."""
        ...

    def status_text(self, view: BaseModel, lang: str) -> str:
        """A short public status line or paragraph (markdown) for the status message."""
        ...

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        """A seat's secrets as text (its hand, its preview), or None."""
        ...

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        """A button/select label for one legal action (≤ 80 characters).

        `view` is the view of the seat the label is shown to, when known: a private label may name
        what only that seat sees (e.g. the canyon card on a fork route)."""
        ...

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        """One sentence asking a seat to choose among `actions`."""
        ...

    def narrate(self, event: Event, lang: str) -> str | None:
        """One line of narration for a (redacted) event, or None for events that need no line."""
        ...

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        """The whole position in words as `view` knows it (the text board of `/board text`, and the
        source of every image's alt text): blocks of plain lines (each ≤ `BLOCK_LIMIT` characters),
        the first saying whose turn it is and what is being decided, then where every piece is."""
        ...

    # --- optional, with defaults ----------------------------------------------------------------
    def image_text(self, view: BaseModel, lang: str) -> str:
        """The alt text of `board_png(view)` (≤ `ALT_LIMIT` characters): by default the first lines
        of `board_text` that fit."""
        return fit_lines([line for block in self.board_text(view, lang) for line in block.splitlines()])

    def private_image_text(self, view: BaseModel, lang: str) -> str:
        """The alt text of `private_png(view)` and `piece_png(view, …)` (a seat's view): by default
        `image_text` of that view (the board as the seat sees it)."""
        return self.image_text(view, lang)

    def controls(self, view: BaseModel, legal: Sequence[Action], lang: str) -> list[Control] | None:
        """The seat's controls as data (see the module docstring), or None for the generic ones."""
        return None

    def parse_form(self, form: Form, values: Mapping[str, str], view: BaseModel) -> Action:
        """The action a submitted form asks for (raise Rejected with a sentence when it makes no sense)."""
        raise Rejected("bot.form_unknown", "That form is not on offer any more.")

    def picking(
        self, view: BaseModel, legal: Sequence[Action], lang: str, among: Sequence[int] | None = None
    ) -> Picking | None:
        """The acting piece and its legal targets to pick by letter (see "Picking by letter"), or
        None (the default): no map picking here. `among`: the indices in `legal` of the piece picked
        in the generic two-step menu, when the platform shows that piece's actions."""
        return None

    def picking_png(
        self, view: BaseModel, picking: Picking, lettered: Sequence[tuple[str, Target]], lang: str
    ) -> bytes | None:
        """A crop of the seat's board around `picking.piece`, zoomed so it reads on a phone, with the
        `lettered` targets marked by their letters (high contrast, a shape per kind)."""
        return None

    def piece_png(self, view: BaseModel, action: Action, lang: str) -> bytes | None:
        """The seat's picture while it looks at one piece's actions in the two-step menu (`action`
        is the first of them, see `action_group`): e.g. that piece's reach drawn. None: the seat's
        private picture (`private_png`)."""
        return None

    def preview_text(self, view: BaseModel, action: Action, lang: str) -> str | None:
        """What a legal `action` of the seat of `view` would do and cost, said before it is spent, or
        None (the default): the action is applied at once when clicked. An action with a preview is
        offered as "pick, then confirm": its click shows this text and `preview_png` with Confirm and
        Cancel, and only Confirm submits it (issue 26 item 5)."""
        return None

    def preview_png(self, view: BaseModel, action: Action, lang: str) -> bytes | None:
        """The seat's picture with a previewed `action` drawn on it (see `preview_text`), or None: the
        seat's private picture."""
        return None

    def turn_board_png(self, view: BaseModel, last_turn: Sequence[Event], lang: str) -> bytes:
        """The public board with the last summed-up game turn drawn over it (`last_turn`: the events
        of the newest public turn summary, redacted for nobody), e.g. the opponent's moves and shots
        faded under the current turn's. Default: the board alone (`board_png`)."""
        return self.board_png(view, lang)

    def action_report(self, events: Sequence[Event], lang: str) -> str | None:
        """What a seat's own action just did, for its private panel under "you chose …": e.g. the
        roll of a shot and what it needed. `events` are that action's events, already redacted for
        the seat. None (the default): the panel names the choice only."""
        return None

    def turn_summary(self, events: Sequence[Event], lang: str) -> list[str] | None:
        """The public post that sums up a game turn (or the turns since the last post): `events`
        redacted for nobody. None (the default): the narration of each event, one line each."""
        return None

    def ledger_text(self, events: Sequence[Event], lang: str) -> list[str] | None:
        """A series' ledger for its whole life (a campaign's missions, casualties, what it spent,
        its outcome), for `/campaign ledger`: `events` are the table's whole log, redacted for
        nobody. None (the default): the game keeps no ledger."""
        return None

    def why_now(self, view: BaseModel, lang: str) -> tuple[str, Ruling] | None:
        """A ruling the seat's panel shows now without an event (e.g. why the picked unit has no
        target: out of sight), with the panel's line for it, for `/why`; None (the default): none."""
        return None

    def why_png(self, view: BaseModel, ruling: Ruling, lang: str) -> bytes | None:
        """A ruling drawn on the seat's own view (`/why`, issue 29 item 5): for a measured game, the
        sight line and what blocked it, the ruler with its length in the table's unit, the difficult
        ground crossed. None (the default): the ruling is told in words only (renderers/why.py)."""
        return None

    def action_group(self, action: Action, lang: str) -> str | None:
        """The piece an action belongs to ("Brother Leon"), for a two-step menu when there are many
        actions: pick a piece, then its action. None: no grouping."""
        return None

    def rules_text(self, lang: str) -> str:
        """A readable rules summary (the catalog's "<game>.rules" by default)."""
        key = f"{self.game}.rules"
        return t(lang, key) if has(key) else t(lang, "bot.no_rules_summary")
