"""The fast-model helpers (engine/core/fast.py) give what the ordinary ways give, and the shared
tape takes a game's own evolve and scratch copy (issue 23 item 5)."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import BaseModel

from engine.core import Dice, Tape, new_game
from engine.core.fast import built, replace
from tests.games.duel import RULES, Committed


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Piece:
    id: str
    x: float | None = None
    y: float | None = None
    alive: bool = True


class _Model(BaseModel):
    name: str
    size: float = 1.0
    tags: tuple[str, ...] = ()


def test_replace_is_dataclasses_replace_without_touching_the_original() -> None:
    piece = _Piece(id="R1", x=1.0, y=2.0)
    moved = replace(piece, x=5.0, alive=False)
    assert moved == dataclasses.replace(piece, x=5.0, alive=False)
    assert type(moved) is _Piece and moved is not piece
    assert piece == _Piece(id="R1", x=1.0, y=2.0)  # unchanged
    assert replace(piece) == piece
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.x = 0.0  # type: ignore[misc]


def test_built_is_the_validated_model() -> None:
    checked = _Model(name="a", size=2.0)
    fast = built(_Model, {"name": "a", "size": 2.0, "tags": ()}, {"name", "size"})
    assert fast == checked and fast.model_fields_set == checked.model_fields_set
    assert fast.model_dump_json() == checked.model_dump_json()


def test_the_tape_takes_a_games_evolve_and_scratch_copy() -> None:
    seen: list[str] = []

    def evolve(state, event):  # type: ignore[no-untyped-def]
        seen.append(event.kind)
        return RULES.evolve(state, event)

    class Shallow(Tape):  # type: ignore[type-arg]
        def scratch(self, state):  # type: ignore[no-untyped-def]
            seen.append("scratch")
            return state.model_copy(deep=True)

    state, _ = new_game(RULES, {}, seed=5)
    tape = Shallow(RULES, state, Dice(5, state.version), evolve)
    tape.emit(Committed(seat="red", card=state.hands["red"][0]))
    assert seen == ["scratch", "committed"]
    assert tape.state.version == state.version + 1 and tape.state.committed["red"] == state.hands["red"][0]
