"""What the render tests of several games share: decoding a PNG, an AI game step by step, the event
kinds, a recorder of the catalog keys asked for."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from PIL import Image

from engine.core import Event, Pilot, Rules, apply, dice_for, new_game


class Recorder:
    """Wraps renderers.i18n.t to record every catalog key the presenter asks for."""

    def __init__(self, real: Any) -> None:
        self.real, self.keys = real, set()

    def __call__(self, lang: Any, key: str, /, **params: Any) -> str:
        self.keys.add(key)
        return self.real(lang, key, **params)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def pilot_game(
    rules: Rules[Any], options: Mapping[str, Any] | None, seed: int, pilots: Mapping[str, Pilot], *, cap: int
) -> Iterator[tuple[Any, list[Event]]]:
    """Each state of a game the pilots play (the first active seat acts), with the events that led to
    it; at most `cap` actions."""
    state, events = new_game(rules, options, seed)
    yield state, events
    for _ in range(cap):
        if rules.outcome(state) is not None:
            return
        seat = sorted(rules.active_seats(state))[0]
        legal = rules.legal_actions(state, seat)
        action = pilots[seat].choose(rules.view(state, seat), legal, dice_for(state).fork(seat))
        events = rules.decide(state, seat, action, dice_for(state))
        state = apply(rules, state, events)
        yield state, events


def event_kinds(module: ModuleType) -> set[str]:
    """The kind of every event model a game's events module defines."""
    return {
        obj.model_fields["kind"].default
        for obj in vars(module).values()
        if isinstance(obj, type)
        and issubclass(obj, Event)
        and obj is not Event
        and "kind" in obj.model_fields
    }
