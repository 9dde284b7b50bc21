"""Length words as players type them (pure, shared by the engine's order readers and the forms'
reader in renderers/measure.py): the unit a word names, and the split of "9in" / "9 inches" into
its number and its unit. One unit system per table (issue 27 item 7): a length is in the game's own
unit unless the player names the other one with an explicit suffix."""

from __future__ import annotations

from typing import Literal

LengthUnit = Literal["in", "cm"]

CM_PER_INCH = 2.54

# Longest first: "inches" must not be read as "in" + "ches".
UNIT_WORDS: tuple[tuple[str, LengthUnit], ...] = (
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
UNIT_OF_WORD: dict[str, LengthUnit] = dict(UNIT_WORDS)


def split_unit(text: str) -> tuple[str, LengthUnit | None]:
    """ "9in" -> ("9", "in"), "7 cm" -> ("7", "cm"), "12" -> ("12", None) (lower-cased, stripped)."""
    raw = text.strip().lower()
    for word, unit in UNIT_WORDS:
        if raw.endswith(word):
            return raw[: -len(word)].strip(), unit
    return raw, None


def convert(value: float, said: LengthUnit, unit: LengthUnit) -> float:
    """`value` said in `said`, in `unit`."""
    if said == unit:
        return value
    return value * CM_PER_INCH if said == "in" else value / CM_PER_INCH
