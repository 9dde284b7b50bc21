"""The catalogue as the platform sees it: rules from engine.registry, presenters from renderers.<game>."""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
from functools import cache
from typing import Any

from engine.core import Rules
from engine.registry import GAMES
from renderers.base import Presenter

log = logging.getLogger(__name__)

# Presenters registered explicitly (tests); otherwise `renderers.<game>.PRESENTER` is imported.
PRESENTERS: dict[str, Presenter] = {}


class UnknownGame(LookupError):
    """No game (or no presenter for it) by that name."""


def rules_for(game: str) -> Rules[Any]:
    try:
        return GAMES[game]
    except KeyError:
        raise UnknownGame(game) from None


def presenter_for(game: str) -> Presenter:
    if game in PRESENTERS:
        return PRESENTERS[game]
    try:
        module = importlib.import_module(f"renderers.{game}")
    except ModuleNotFoundError as exc:
        raise UnknownGame(game) from exc
    except Exception as exc:  # a broken presenter must not take the whole catalogue down
        log.error("presenter for %s failed to import: %s", game, type(exc).__name__)
        raise UnknownGame(game) from exc
    presenter = getattr(module, "PRESENTER", None)
    if presenter is None:
        raise UnknownGame(game)
    PRESENTERS[game] = presenter
    return presenter


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
