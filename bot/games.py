"""The catalogue as the platform sees it: rules from engine.registry, presenters from renderers.registry."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from engine.core import Rules
from engine.registry import GAMES
from renderers.base import Presenter
from renderers.registry import PRESENTERS


class UnknownGame(LookupError):
    """No game (or no presenter for it) by that name."""


def rules_for(game: str) -> Rules[Any]:
    try:
        return GAMES[game]
    except KeyError:
        raise UnknownGame(game) from None


def presenter_for(game: str) -> Presenter:
    try:
        return PRESENTERS[game]
    except KeyError:
        raise UnknownGame(game) from None


def playable_games() -> list[str]:
    """Games that have both rules and a presenter, in name order."""
    names = []
    for name in sorted(GAMES):
        try:
            presenter_for(name)
        except UnknownGame:
            continue
        names.append(name)
    return names


@cache
def _schema_hash(game: str, model: type) -> str:
    schema = model.model_json_schema()  # type: ignore[attr-defined]
    return hashlib.sha256(json.dumps(schema, sort_keys=True).encode()).hexdigest()[:16]


def schema_hash(rules: Rules[Any]) -> str:
    """Identifies the state model's shape: a snapshot of another shape is rebuilt from the log."""
    return _schema_hash(rules.name, rules.state_model)
