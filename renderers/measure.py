"""What players type into forms: lengths with their unit, points, numbers (shared by every game).

A length is read in the form's unit and converted when the player names another one: with unit
"in", "2,5", '2.5"', "3 inches", "3 pulgadas" are inches and "7 cm" is 7 / 2.54 inches. Every
refusal is a sentence for the player (catalog ids "measure.*").
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from engine.core import Rejected

from .base import Unit

CM_PER_INCH = 2.54

# Longest first: "inches" must not be read as "in" + "ches".
UNIT_WORDS: tuple[tuple[str, Unit], ...] = (
    ("centímetros", "cm"),
    ("centimetros", "cm"),
    ("centimetres", "cm"),
    ("centimeters", "cm"),
    ("centímetro", "cm"),
    ("centimetro", "cm"),
    ("centimetre", "cm"),
    ("centimeter", "cm"),
    ("pulgadas", "in"),
    ("pulgada", "in"),
    ("inches", "in"),
    ("inch", "in"),
    ("pulg.", "in"),
    ("pulg", "in"),
    ("cm.", "cm"),
    ("cm", "cm"),
    ("in.", "in"),
    ("in", "in"),
    ("''", "in"),
    ('"', "in"),
    ("”", "in"),
)

MESSAGES = {
    "measure.not_inches": "“{text}” is not a number of inches.",
    "measure.not_cm": "“{text}” is not a number of centimetres.",
    "measure.not_a_number": "“{text}” is not a number.",
    "measure.need_both": "Give both coordinates, x and y.",
}


def refuse(message_id: str, **params: object) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


def _number(raw: str) -> float:
    try:
        value = float(raw.strip().replace(",", "."))
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
    raw = text.strip().lower()
    said: Unit = unit
    for word, word_unit in UNIT_WORDS:
        if raw.endswith(word):
            raw, said = raw[: -len(word)].strip(), word_unit
            break
    value = _number(raw)
    if not math.isfinite(value):
        raise refuse("measure.not_inches" if unit == "in" else "measure.not_cm", text=text.strip()[:24])
    if said != unit:
        value = value * CM_PER_INCH if said == "in" else value / CM_PER_INCH
    return value


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
    parts = [p for p in re.split(r"[\s;]+", x_text.strip()) if p]
    if len(parts) == 2:
        return parse_length(parts[0], unit), parse_length(parts[1], unit)
    raise need_both or refuse("measure.need_both")
