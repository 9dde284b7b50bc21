"""What players type into forms: lengths with their unit, points, numbers (shared by every game).

One unit system per table (issue 27 item 7): a length is read in the game's own unit (the form's:
inches for Arkenstone, cm for ClickWars) and converted only when the player names the other one
with an explicit suffix: with unit "in", '2.5"', "3 inches", "3 pulgadas" are inches and "7 cm"
is 7 / 2.54 inches. Each such conversion is recorded while a form is read (`reading`), so the
answer can echo it ("9 inches = 22.86 cm").

The decimal mark follows the reader's language (`reading(lang)`): Spanish reads "2,5" (and "2.5")
as two and a half; English reads only "2.5", and a comma there separates two coordinates
("40,5" is x 40, y 5) as an English speaker types a pair. With no language set, both marks are
read. Every refusal is a sentence for the player (catalog ids "measure.*").
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from engine.core import Rejected
from engine.core.lengths import CM_PER_INCH, split_unit

from .base import Unit

MESSAGES = {
    "measure.not_inches": "“{text}” is not a number of inches.",
    "measure.not_cm": "“{text}” is not a number of centimetres.",
    "measure.not_a_number": "“{text}” is not a number.",
    "measure.need_both": "Give both coordinates, x and y.",
    "measure.decimal_point": "“{text}” is not a number here: in English the decimal mark is a point, as in 2.5.",
}


def refuse(message_id: str, **params: object) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


@dataclass
class Reading:
    """How a form is being read: the reader's language, and the conversions made meanwhile."""

    lang: str | None = None
    converted: list[tuple[float, Unit, float, Unit]] = field(default_factory=list)
    """(typed value, its unit, the value in the form's unit, the form's unit), in reading order."""


_READING: ContextVar[Reading | None] = ContextVar("measure_reading", default=None)


@contextmanager
def reading(lang: str | None) -> Iterator[Reading]:
    """Read what a player typed in `lang` (its decimal mark); the conversions made are recorded."""
    read = Reading(lang)
    token = _READING.set(read)
    try:
        yield read
    finally:
        _READING.reset(token)


def _lang() -> str | None:
    read = _READING.get()
    return read.lang if read is not None else None


def coordinate_parts(text: str) -> list[str]:
    """Two coordinates typed in one field: "40 35", "40; 35", and in English "40,35"."""
    separators = r"[\s;,]+" if _lang() == "en" else r"[\s;]+"
    return [p for p in re.split(separators, text.strip()) if p]


def _number(raw: str) -> float:
    text = raw.strip()
    if _lang() == "en":
        if "," in text:
            return math.nan  # not a decimal mark in English (issue 27 item 7)
    else:
        text = text.replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        return math.nan
    return value


def parse_number(text: str) -> float:
    """A plain number as typed: "3", "2,5", "-1.5"."""
    value = _number(text)
    if not math.isfinite(value):
        raise refuse("measure.not_a_number", text=text.strip()[:24])
    return value


def parse_length(text: str, unit: Unit) -> float:
    """A length in `unit` as typed: a number, optionally followed by a unit word (converted)."""
    raw, named = split_unit(text)
    said: Unit = named or unit
    value = _number(raw)
    if not math.isfinite(value) and _lang() == "en" and re.fullmatch(r"\d+,\d+", raw):
        raise refuse("measure.decimal_point", text=text.strip()[:24])
    if not math.isfinite(value):
        raise refuse("measure.not_inches" if unit == "in" else "measure.not_cm", text=text.strip()[:24])
    if said != unit:
        typed = value
        value = value * CM_PER_INCH if said == "in" else value / CM_PER_INCH
        read = _READING.get()
        if read is not None:
            read.converted.append((typed, said, value, unit))
    return value


def length_or_none(text: str, unit: Unit) -> float | None:
    """A length in `unit` as `parse_length` reads it, or None when it is not one."""
    try:
        return parse_length(text, unit)
    except Rejected:
        return None


def parse_point(
    x_text: str,
    y_text: str,
    unit: Unit,
    *,
    cell: Callable[[str], tuple[float, float] | None] | None = None,
    need_both: Rejected | None = None,
) -> tuple[float, float]:
    """(x, y) in `unit` from two fields, from "x y" (or "x; y") in the first, or a cell name that
    `cell` reads (e.g. "D4" on a grid); `need_both` is the game's own refusal when one is missing."""
    if y_text.strip():
        return parse_length(x_text, unit), parse_length(y_text, unit)
    if cell is not None:
        found = cell(x_text.strip())
        if found is not None:
            return found
    parts = coordinate_parts(x_text)
    if len(parts) == 2:
        return parse_length(parts[0], unit), parse_length(parts[1], unit)
    raise need_both or refuse("measure.need_both")
