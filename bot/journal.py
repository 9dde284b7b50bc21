"""Which actions a move applied: every decision the engine's drivers take, recorded as it is taken.

A click is more than one decision: the player's action, then the AI seats answering
(`play_pilots`), the prompts that standing orders answer, the steps of a typed order. Each goes
through `Rules.play` (via `engine.core.step`), so a `Journal` hands the drivers the game's rules
wrapped so that `play` also writes down the version it was decided at, the seat, the action and how
many events it caused. The store keeps them beside the events (the `actions` table), and
`tablero verify` re-decides each one with the revealed seed (docs/export.md).

The engine is not touched: the wrapper forwards every other attribute to the game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from engine.core import Action, Dice, Event, Rules, Seat

from .absence import stand_in_actor
from .store import NewAction, TableRecord


@dataclass(frozen=True)
class Decision:
    """One decision taken: at state `version`, `seat` took `action`, which caused `events` events."""

    version: int
    seat: Seat
    action: Action
    events: int


class _Recording:
    """The game's rules, with `play` writing each decision into the journal."""

    def __init__(self, rules: Rules[Any], journal: Journal) -> None:
        self._rules = rules
        self._journal = journal

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def play(
        self, state: Any, seat: Seat, action: Action, dice: Dice, *, reuse: bool = False
    ) -> tuple[list[Event], Any]:
        version = state.version  # read first: with `reuse` the state may be changed in place
        events, new = self._rules.play(state, seat, action, dice, reuse=reuse)
        self._journal.decisions.append(Decision(version, seat, action, len(events)))
        return events, new


def holder(table: TableRecord, seat: Seat) -> int | str | None:
    """Who held `seat` when it acted: a user id, "ai" for an AI seat, and "ai:<seat>" for the AI
    standing in for an absent player (bot/absence.py; the same as its events' actor)."""
    if seat in table.stand_in_seats():
        return stand_in_actor(seat)
    return table.seats.get(seat)


@dataclass
class Journal:
    """The decisions taken through `rules`, in order."""

    game: Rules[Any]
    decisions: list[Decision] = field(default_factory=list)

    @property
    def rules(self) -> Rules[Any]:
        """The game's rules, recording: pass these to `step`, `play_pilots`, `answer_standing`, `play_order`."""
        return cast(Rules[Any], _Recording(self.game, self))

    def rows(self, table: TableRecord) -> list[NewAction]:
        """The decisions as the store records them, each with who held its seat."""
        return [
            NewAction(
                version=d.version,
                seat=d.seat,
                holder=holder(table, d.seat),
                data=d.action.model_dump(mode="json"),
                events=d.events,
            )
            for d in self.decisions
        ]
