"""Every custom_id the bot draws: one place defines each format and builds the pattern that reads it.

Components carry the table id (and, for choices, the version they were drawn for), so they work
after a restart with no per-message state (DynamicItem templates in cogs/ are `CustomId.template`).

  tb:a:{table}:{version}:{index}    one legal action (index into legal_actions at that version)
  tb:j:{table}:{version}:{action}   one action as compact JSON (a presenter's Button with an Action)
  tb:s:{table}:{version}:{n}        a select of choices (values: an index, or an action's JSON)
  tb:p:{table}:{version}:{page}     another page of a long action list (page 0 also = "back")
  tb:g:{table}:{version}            "pick a piece": a select of action groups (values: group number)
  tb:f:{table}:{version}:{form}     a button opening a presenter's form
  tb:m:{table}:{version}:{form}     that form's modal (its submit is routed by this id)
  tb:o:{table}:{version}:{text}     confirm a typed order after its dry run (the text as typed)
  tb:oc:{table}                     cancel a typed order after its dry run (nothing was applied)
  tb:op:{table}:{version}:{key}     a presenter's OrderPick: a multi-select (values: what was picked)
  tb:om:{table}:{version}:{key}:{picked}  its form's modal (the picks joined by "."), read as an order
  tb:hand / rules / rematch / join / start / why:{table}
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from engine.core import Action

PREFIX = "tb"
CUSTOM_ID_MAX = 100
SELECT_VALUE_MAX = 100

_INT = r"\d+"  # any length: a forged number beyond SQLite's INTEGER is "no such table"


@dataclass(frozen=True)
class CustomId:
    """One custom_id format: `tb:{verb}` and its fields, each with the pattern of its value."""

    verb: str
    fields: tuple[tuple[str, str], ...] = ()

    def format(self, **values: Any) -> str:
        custom_id = ":".join([PREFIX, self.verb, *(str(values[name]) for name, _ in self.fields)])
        if len(custom_id) > CUSTOM_ID_MAX:
            raise ValueError(f"custom_id longer than {CUSTOM_ID_MAX}: {custom_id!r}")
        return custom_id

    @property
    def template(self) -> str:
        """The regex (a DynamicItem template) that reads this format, with one group per field."""
        parts = [PREFIX, re.escape(self.verb), *(f"(?P<{name}>{pattern})" for name, pattern in self.fields)]
        return ":".join(parts)

    def values(self, match: re.Match[str]) -> dict[str, Any]:
        """The fields of a matched id, numbers as ints."""
        return {name: int(match[name]) if pattern == _INT else match[name] for name, pattern in self.fields}

    def parse(self, custom_id: str) -> dict[str, Any] | None:
        match = re.fullmatch(self.template, custom_id)
        return None if match is None else self.values(match)


TABLE = (("table", _INT),)
DRAWN = (*TABLE, ("version", _INT))
FORM_KEY = r"[a-z0-9_]{1,24}"

ACTION = CustomId("a", (*DRAWN, ("index", _INT)))
ACTION_JSON = CustomId("j", (*DRAWN, ("action", r"\{.{1,90}\}")))
SELECT = CustomId("s", (*DRAWN, ("n", _INT)))
PAGE = CustomId("p", (*DRAWN, ("page", _INT)))
GROUP = CustomId("g", DRAWN)
FORM = CustomId("f", (*DRAWN, ("form", FORM_KEY)))
MODAL = CustomId("m", (*DRAWN, ("form", FORM_KEY)))
PREVIEW = CustomId("v", (*DRAWN, ("index", _INT)))
"""A legal action's preview (Presenter.preview_text): its Confirm is the action's own ACTION id."""
LETTER = CustomId("l", (*DRAWN, ("index", _INT)))
"""A lettered target's button (issue 29 item 4): legal action `index`, previewed first when the game
previews it; an id of its own, apart from the same action's button in the menus beside it."""
LETTERS = CustomId("k", (*DRAWN, ("group", _INT), ("page", _INT)))
"""Picking by letter (issue 29 item 4): the lettered buttons' page, for the piece of the two-step menu
`group - 1` (0: no piece picked there)."""
ORDER = CustomId("o", (*DRAWN, ("text", r".{1,80}")))
ORDER_CANCEL = CustomId("oc", TABLE)
ORDER_PICK = CustomId("op", (*DRAWN, ("key", FORM_KEY)))
ORDER_MODAL = CustomId(
    "om", (*DRAWN, ("key", FORM_KEY), ("picked", r"[A-Za-z0-9_]{1,12}(?:\.[A-Za-z0-9_]{1,12}){0,24}"))
)
HAND = CustomId("hand", TABLE)
RULES = CustomId("rules", TABLE)
WHY = CustomId("why", TABLE)
"""'Why?': the latest ruling the clicking player saw at the table, explained to them alone (bot/why.py)."""
REMATCH = CustomId("rematch", TABLE)
JOIN = CustomId("join", TABLE)
START = CustomId("start", TABLE)
BACK = CustomId("back", TABLE)
PAUSE = CustomId("pause", TABLE)
RESUME = CustomId("resume", TABLE)
UNDO_YES = CustomId("uy", DRAWN)
UNDO_NO = CustomId("un", DRAWN)
"""Accept or refuse a take-back asked for at the version drawn (bot/takeback.py)."""
"""'I'm back': an absent player takes their seat back from its stand-in (bot/absence.py)."""
LEGACY = r"ak:[a-z]{1,2}:(?P<table>\d+):(?P<version>\d+)(?::[fc])?"
"""Ids a retired game cog drew before the platform assigned them all (answered "the table has moved on")."""


# --- what a choice carries -----------------------------------------------------------------------


def compact(action: Action) -> str:
    """An action as short JSON: its kind and the fields that differ from their defaults."""
    data = action.model_dump(mode="json", exclude_defaults=True)
    data["kind"] = action.kind
    return json.dumps({"kind": data.pop("kind"), **data}, separators=(",", ":"), ensure_ascii=False)


def choice_value(choice: int | Action) -> str:
    """A select option's value: the index, or the action's compact JSON."""
    value = str(choice) if isinstance(choice, int) else compact(choice)
    if len(value) > SELECT_VALUE_MAX:
        raise ValueError(f"select value longer than {SELECT_VALUE_MAX}: {value!r}")
    return value


def read_choice(value: str) -> int | dict[str, Any] | None:
    """What a select value or a JSON id carries: an index, an action's data, or None if neither."""
    if re.fullmatch(r"[0-9]{1,9}", value):
        return int(value)
    if value.startswith("{"):
        try:
            data = json.loads(value)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None
    return None
