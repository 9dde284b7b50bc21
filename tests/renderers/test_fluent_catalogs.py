"""The Fluent catalogs: complete in both languages, same variables, real plurals, locale numbers."""

from __future__ import annotations

import pytest

from renderers import i18n
from renderers.i18n import LANGUAGES, LOCALES_DIR, catalog, format_to_ftl, keys, t, variables
from renderers.i18n_convert import render


def test_no_json_catalog_is_left() -> None:
    left = sorted(str(p.relative_to(LOCALES_DIR)) for p in LOCALES_DIR.glob("*/*.json"))
    assert not left, f"convert them: python -m renderers.i18n_convert  ({left})"


def test_every_key_exists_in_both_languages() -> None:
    en, es = keys("en"), keys("es")
    assert len(en) > 500
    assert sorted(en - es) == [] and sorted(es - en) == []


def test_every_message_uses_the_same_variables_in_both_languages() -> None:
    differ = {
        key: (sorted(variables("en", key)), sorted(variables("es", key)))
        for key in keys("en")
        if variables("en", key) != variables("es", key)
    }
    assert not differ


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", [0, 1, 2, 2.5, "x"])
def test_every_message_formats_without_errors(lang: str, value: object) -> None:
    """Strict formatting raises on any Fluent error (an unknown variable, a bad selector)."""
    for key in keys(lang):
        text = t(lang, key, **{name: value for name in variables(lang, key)})
        assert text.strip(), key
        assert "\u2068" not in text and "\u2069" not in text  # no bidi isolation marks on Discord


def test_a_missing_key_is_an_error_and_a_missing_translation_falls_back_to_english() -> None:
    with pytest.raises(KeyError):
        t("en", "no.such.key")
    i18n.add_messages("en", {"test.only_english": "Only {what}"})
    try:
        assert t("es", "test.only_english", what="this") == "Only this"
        assert catalog("en")["test.only_english"] == "Only {what}"
    finally:
        i18n.remove_messages("en", ["test.only_english"])
    assert "test.only_english" not in catalog("en")


def test_a_variable_the_message_needs_but_is_not_given_is_an_error() -> None:
    with pytest.raises(ValueError, match="card"):
        t("en", "canyon.action.play")


def test_a_long_typed_value_is_shown_whole() -> None:
    """fluent.runtime refuses string arguments over 2500 characters; a hostile option must still
    get its refusal (tests/reliability/test_bad_input.py)."""
    side = "x" * 5000
    assert side in t("es", "bot.unknown_side", side=side, sides="a, b")
    assert t("en", "bot.no_such_table", table=10**30) == f"There is no table #{10**30}."


def test_a_formatted_text_is_remembered_only_for_the_same_message_and_arguments() -> None:
    """Issue 9 item 7: `t` remembers what it formatted (the bot's event loop formats the same
    headers, labels and narration over and over); a changed message, another argument, or an
    argument of another type (1 and True are equal dictionary keys) is formatted afresh."""
    i18n.add_messages("en", {"test.memo": "Seat {n}"})
    try:
        assert t("en", "test.memo", n=1) == "Seat 1"
        assert t("en", "test.memo", n=1) == "Seat 1"
        assert t("en", "test.memo", n=True) == "Seat True"
        assert t("en", "test.memo", n=2) == "Seat 2"
        assert t("en", "test.memo", n="x") == "Seat x"
        i18n.add_messages("en", {"test.memo": "Chair {n}"})  # registering again replaces the text
        assert t("en", "test.memo", n=1) == "Chair 1"
    finally:
        i18n.remove_messages("en", ["test.memo"])
    with pytest.raises(KeyError):
        t("en", "test.memo", n=1)  # removed: not served from memory


def test_a_remembered_text_is_the_fresh_one_for_a_negative_zero() -> None:
    """`t`'s memory of formatted texts (issue 9 item 7) keys each argument by its value, and 0.0 and
    -0.0 are equal keys, but Babel writes -0.0 as "-0": whichever came first must not be served for
    the other (a rounded coordinate or distance can come out as -0.0)."""
    i18n.add_messages("en", {"test.zero": "{d} cm"})
    try:
        zero, minus = (i18n._catalog("en")._format("test.zero", {"d": d}, strict=True) for d in (0.0, -0.0))
        assert zero != minus  # the premise: Babel tells them apart
        assert (t("en", "test.zero", d=0.0), t("en", "test.zero", d=-0.0)) == (zero, minus)
        assert (t("en", "test.zero", d=-0.0), t("en", "test.zero", d=0.0)) == (minus, zero)
    finally:
        i18n.remove_messages("en", ["test.zero"])


def test_numbers_follow_the_language() -> None:
    i18n.add_messages("en", {"test.inches": "{d} in · table #{table}"})
    i18n.add_messages("es", {"test.inches": "{d} pulg. · mesa n.º {table}"})
    try:
        assert t("en", "test.inches", d=2.5, table=12345) == "2.5 in · table #12345"
        assert t("es", "test.inches", d=2.5, table=12345) == "2,5 pulg. · mesa n.º 12345"
        assert t("es", "test.inches", d=3.0, table=1) == "3 pulg. · mesa n.º 1"
    finally:
        for lang in LANGUAGES:
            i18n.remove_messages(lang, ["test.inches"])


@pytest.mark.parametrize(
    "text",
    [
        "Play {card}",
        " (next ×{multiplier})",
        "ends with a blank ",
        "Lines\n• one\n* star\n[bracket]\n.dot\n\n  indented {x}",
        "Braces {{literal}} and {value}",
    ],
)
def test_the_converter_keeps_every_text_exactly(text: str) -> None:
    """`python -m renderers.i18n_convert` turns str.format templates into Fluent losslessly."""
    source = render({"test.conv": text}, domain="test", lang="en")
    assert "test-conv =" in source
    pattern = format_to_ftl(text)
    i18n.add_messages("en", {"test.conv": text})
    try:
        assert catalog("en")["test.conv"] == text.replace("{{", "{").replace("}}", "}"), pattern
    finally:
        i18n.remove_messages("en", ["test.conv"])
