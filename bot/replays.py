"""`/game replay`: a table's game as an animated board (issue 28 item 1), drawn in the worker pool.

Secrets are kept as everywhere else: every frame is the board drawn from `rules.view(state, seat)`
(None: the spectator's view) and its caption is the narration of the events as `redacted_for(seat)`.
A frame is drawn after each recorded action whose result the viewer can see (its view changed, or
it has narration for it); an action the viewer cannot see leaves no frame, so the number of frames
tells nothing of another seat's hidden moves.

Small enough to post (Discord refuses a bot's file over 10 MiB): a game with more than
`MAX_FRAMES` visible actions shows two (three …) moves a picture, never two game turns in one
(the caption: the last lines of their narration); if the file is too big the boards are drawn
smaller (75 %, then 50 %), then one picture per game turn, at each size again; if even that is too
big the earliest turns are left out, and the reply says how many (`Replay.dropped`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.core import Event, Rules, Seat, apply
from renderers.replay import Frame, animate

from .games import presenter_for, rules_for
from .i18n import t
from .notices import closes_turn
from .store import ActionRecord, EventRecord, TableRecord

LIMIT_BYTES = 10 * 2**20 - 256 * 2**10
"""Discord's limit for a bot's upload (10 MiB), less room for the message around it."""
MAX_FRAMES = 150
"""More visible moves than this: two (three …) moves share a picture (a long game)."""
SCALES = (1.0, 0.75, 0.5)


@dataclass(frozen=True)
class Step:
    """The game after one visible action (or the setup): the viewer's view, what it read, its turn."""

    view: Any
    lines: tuple[str, ...]
    turn: int
    version: int


Per = Literal["action", "turn"]


@dataclass(frozen=True)
class Replay:
    """The animation and what was left out to fit it."""

    data: bytes
    frames: int
    per: Per
    """A picture per move ("action": `every` moves a picture) or per game turn ("turn")."""
    every: int
    scale: float
    turns: int
    dropped: int
    """How many of the earliest turns were left out (0: the whole game)."""


def steps(
    rules: Rules[Any],
    presenter: Any,
    events: Sequence[Event],
    ends: Sequence[int],
    seat: Seat | None,
    lang: str,
) -> list[Step]:
    """The game as the viewer saw it: one step at each of `ends` (a version: the end of the setup or
    of an action) where the viewer's view changed or the viewer read something."""
    found: list[Step] = []
    state: Any = None
    turn = 0
    done = 0
    lines: list[str] = []
    for end in ends:
        before = state
        span = events[done:end]
        state = apply(rules, state, span)
        done = end
        if before is None or closes_turn(rules, before, state):
            turn += 1
        for event in span:
            shown = event.redacted_for(seat)
            line = presenter.narrate(shown, lang) if shown is not None else None
            if line:
                lines.append(line)
        view = rules.view(state, seat)
        if found and view == found[-1].view and not lines:
            continue
        found.append(Step(view, tuple(lines), turn, state.version))
        lines = []
    return found


def _frames(presenter: Any, chosen: Sequence[Step], lang: str, total: int, per: str) -> list[Frame]:
    frames: list[Frame] = []
    png = b""
    last: Any = None
    for n, step in enumerate(chosen, 1):
        if not png or step.view != last:
            png = presenter.board_png(step.view, lang)
            last = step.view
        key = "aftergame.replay_turn" if per == "turn" else "aftergame.replay_frame"
        header = t(lang, key, turn=step.turn, frame=n, frames=len(chosen), turns=total)
        frames.append(Frame(png=png, caption=step.lines, header=header, ms=2000 if per == "turn" else 1200))
    if frames:  # the last picture stays a while before the loop starts again
        frames[-1] = Frame(frames[-1].png, frames[-1].caption, frames[-1].header, ms=5000)
    return frames


def by_turn(found: Sequence[Step]) -> list[Step]:
    """One step per turn: the turn's last picture with all its narration."""
    out: list[Step] = []
    for step in found:
        if out and out[-1].turn == step.turn:
            out[-1] = Step(step.view, out[-1].lines + step.lines, step.turn, step.version)
        else:
            out.append(step)
    return out


def grouped(found: Sequence[Step], every: int) -> list[Step]:
    """One step per `every` moves (never two turns in one picture): each group's last picture with
    all its narration."""
    out: list[Step] = []
    size = 0
    for step in found:
        if out and out[-1].turn == step.turn and size < every:
            out[-1] = Step(step.view, out[-1].lines + step.lines, step.turn, step.version)
            size += 1
        else:
            out.append(step)
            size = 1
    return out


def boundaries(events: Sequence[EventRecord], actions: Sequence[ActionRecord]) -> list[int]:
    """Where frames may fall: the end of the setup and of each recorded action (every event, for a
    table played before actions were recorded)."""
    total = len(events)
    if not actions:
        return list(range(1, total + 1))
    ends = {actions[0].version} | {a.version + a.events for a in actions} | {total}
    return sorted(e for e in ends if 0 < e <= total)


def render(
    table: TableRecord,
    events: Sequence[EventRecord],
    actions: Sequence[ActionRecord],
    seat: Seat | None,
    lang: str,
    limit: int = LIMIT_BYTES,
) -> Replay:
    """The replay of `events` (the table's log as stored, up to where the viewer may see) from
    `seat`'s view (None: the spectator's); a job of the worker pool."""
    rules = rules_for(table.game)
    presenter = presenter_for(table.game)
    parsed = [rules.parse_event(r.data) for r in events]
    found = steps(rules, presenter, parsed, boundaries(events, actions), seat, lang)
    turns = found[-1].turn if found else 0
    every = -(-len(found) // MAX_FRAMES)  # moves per picture: 1 up to MAX_FRAMES visible moves
    plans: list[tuple[Per, int, list[Step]]] = [("action", every, grouped(found, every))]
    plans.append(("turn", 0, by_turn(found)))
    for per, group, chosen in plans:
        for scale in SCALES:
            data = animate(_frames(presenter, chosen, lang, turns, per), scale=scale)
            if len(data) <= limit:
                return Replay(data, len(chosen), per, group, scale, turns, 0)
    # Even a picture per turn at half size is too big: the earliest turns go, a quarter at a time.
    chosen, dropped = plans[-1][2], 0
    while len(chosen) > 1:
        chosen = chosen[max(1, len(chosen) // 4) :]
        dropped = chosen[0].turn - 1
        data = animate(_frames(presenter, chosen, lang, turns, "turn"), scale=SCALES[-1])
        if len(data) <= limit:
            break
    return Replay(data, len(chosen), "turn", 0, SCALES[-1], turns, dropped)


def steps_of(
    table: TableRecord, events: Sequence[EventRecord], actions: Sequence[ActionRecord], lang: str
) -> list[Step]:
    """Every step of the game as a spectator saw it (the playground's step-through page): a job of
    the worker pool."""
    rules = rules_for(table.game)
    parsed = [rules.parse_event(r.data) for r in events]
    return steps(rules, presenter_for(table.game), parsed, boundaries(events, actions), None, lang)
