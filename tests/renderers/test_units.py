"""One unit system per table (issue 27 item 7): a game's lengths are shown and read in its own unit
(cm for ClickWars, inches for Arkenstone and Canyon's picture), the other accepted with an explicit
suffix and the conversion recorded for the answer; the decimal mark follows the reader's language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import Rejected
from renderers.clickwars.controls import _number, parse_point
from renderers.i18n import t
from renderers.measure import parse_length, reading

LOCALES = Path(__file__).parents[2] / "renderers" / "locales"


@pytest.mark.parametrize("typed", ["9 inches", "9 in", '9"', "9 pulgadas", "9 pulg"])
def test_a_cm_game_reads_inches_typed_with_their_suffix_and_records_the_conversion(typed: str) -> None:
    with reading("en") as read:
        assert _number(typed) == pytest.approx(22.86)
    assert read.converted == [(9.0, "in", pytest.approx(22.86), "cm")]
    echo = t("en", "measure.converted", typed=9.0, said="in", value=22.86, unit="cm")
    assert echo == "(9 inches = 22.86 cm)"
    assert (
        t("es", "measure.converted", typed=9.0, said="in", value=22.86, unit="cm")
        == "(9 pulgadas = 22,86 cm)"
    )


def test_a_plain_number_is_the_games_own_unit_and_converts_nothing() -> None:
    with reading("es") as read:
        assert _number("9") == 9.0
        assert parse_length("7 cm", "cm") == 7.0
        assert parse_length("2,54 cm", "in") == pytest.approx(1.0)  # an inch game reads cm with the suffix
    assert read.converted == [(2.54, "cm", pytest.approx(1.0), "in")]


def test_the_decimal_mark_follows_the_readers_language() -> None:
    """Spanish reads "40,5" as forty and a half; English reads a comma as between two coordinates."""
    with reading("es"):
        assert _number("40,5") == 40.5 and _number("40.5") == 40.5
    with reading("en"):
        assert _number("40,5") is None and _number("40.5") == 40.5
        with pytest.raises(Rejected) as refused:
            parse_length("2,5", "in")
        assert refused.value.message_id == "measure.decimal_point"


def test_a_point_typed_with_a_comma_is_two_coordinates_in_english() -> None:
    class Options:
        width, height = 120, 120

    class View:
        options = Options()

    with reading("en"):
        assert parse_point("40,35", "", View()) == (40.0, 35.0)  # type: ignore[arg-type]
    with reading("es"):
        assert parse_point("40,5 35", "", View()) == (40.5, 35.0)  # type: ignore[arg-type]


def test_english_texts_never_suggest_a_comma_as_decimal_mark() -> None:
    for path in (LOCALES / "en").glob("*.ftl"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not re.search(r"\d,\d", line), f"{path.name}:{n}: {line}"


def test_clickwars_speaks_only_centimetres_and_canyons_die_is_not_a_length() -> None:
    """ClickWars is a cm game: its scatter (d10 inches in the rulebook, CW-ART-4, A10: d10 × 2.54 cm)
    is told in cm; Canyon's pursuit die is a die, the Dakkajet's distance is said in words."""
    for lang, word in (("en", "inch"), ("es", "pulgada")):
        text = (LOCALES / lang / "clickwars.ftl").read_text(encoding="utf-8")
        lines = [x for x in text.splitlines() if word in x.lower() and "only with their unit" not in x]
        lines = [x for x in lines if "solo con su unidad" not in x]
        assert not lines, lines
        said = t(lang, "clickwars.say.scattered", roll=8, distance=20.32, bearing=90)
        assert "20" in said and word not in said.lower()
    assert t("en", "canyon.img.distance", distance=4) == "4 inches behind"
    assert t("es", "canyon.img.distance", distance=1) == "1 pulgada detrás"
    assert not re.fullmatch(r"\d+ (in|pulg\.)", t("en", "canyon.img.distance", distance=4))
