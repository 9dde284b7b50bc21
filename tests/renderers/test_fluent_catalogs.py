"""The Fluent catalogs: complete in both languages, same variables, real plurals, locale numbers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser

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


# --- lazy parsing (issue 6: the cold start) -------------------------------------------------------

SAMPLES = [0, 1, 2, 5, 21, 2.5, -0.0, "x", "3.5", True, None]  # long texts: see the test above


def _whole_bundle(lang: str) -> FluentBundle:
    """Every catalog file of `lang` parsed whole into one bundle: how the catalogs were read before."""
    bundle = FluentBundle([lang], use_isolating=False)
    for path in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        bundle.add_resource(FluentParser(with_spans=False).parse(path.read_text(encoding="utf-8")))
    return bundle


def _formatted(format_: Callable[..., str], *args: Any) -> tuple[str, str]:
    try:
        return ("text", format_(*args))
    except ValueError as exc:
        return ("error", type(exc).__name__)


def _eager(bundle: FluentBundle, key: str, args: dict[str, Any]) -> str:
    message = bundle.get_message(i18n.key_to_id(key))
    text, errors = bundle.format_pattern(message.value, {k: i18n._arg(v) for k, v in args.items()})
    if errors:
        raise ValueError(errors)
    return str(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_messages_parsed_one_by_one_format_as_the_whole_files_did(lang: str) -> None:
    """A message parsed on its own at its first use gives the text the whole file's parse gave,
    for every message of both languages and arguments of every kind (numbers for plurals and the
    decimal mark, text, a long text); and loading parses nothing."""
    lazy = i18n._Catalog(lang)
    lazy.load(LOCALES_DIR / lang)
    assert lazy.keys() == keys(lang) and not lazy._parsed  # loading only cut the files
    whole = _whole_bundle(lang)
    first = sorted(lazy.keys())[0]
    lazy.format(first, {name: 1 for name in variables(lang, first)})
    assert list(lazy._parsed) == [first]  # one message used, one parsed
    checked = 0
    for key in sorted(lazy.keys()):
        for value in SAMPLES:
            args = {name: value for name in lazy.variables(key)}
            assert _formatted(lazy.format, key, args) == _formatted(_eager, whole, key, args), (key, value)
            checked += 1
    assert checked > 500 * len(SAMPLES)


def test_a_source_is_cut_into_its_messages_as_fluent_reads_them() -> None:
    source = (
        "# a comment\n"
        "one = One { $n }\n"
        "\n"
        "## a group comment\n"
        "block =\n"
        "    First line\n"
        "\n"
        "    after a blank line\n"
        "plural = { $n ->\n"
        "[one] a { $n }\n"
        "*[other] many\n"
        "} left.\n"
        "-brand = Tablero\n"
        "named = { one } and { -brand }\n"
    )
    messages, terms = i18n.split_entries(source, "test")
    assert [message_id for message_id, _ in messages] == ["one", "block", "plural", "named"]
    assert messages[2][1] == "plural = { $n ->\n[one] a { $n }\n*[other] many\n} left.\n"
    assert terms == ["-brand = Tablero\n"]
    found = i18n._Catalog("en")
    found._add_source(source, "test")
    assert found.format("block", {}) == "First line\n\nafter a blank line"
    assert found.format("plural", {"n": 1}) == "a 1 left."
    assert found.format("named", {"n": 3}, strict=False) == "One 3 and Tablero"  # it names another message
    assert found.variables("one") == {"n"}


@pytest.mark.parametrize(
    "source",
    [
        "one = One\nnot a message\n",  # a line starting with a letter is an entry: it must be `id =`
        "# a comment\n    indented after a comment\n",
        "  before any entry = x\n",
    ],
)
def test_what_cannot_be_cut_into_entries_is_refused_at_load(source: str) -> None:
    with pytest.raises(ValueError, match="cannot parse"):
        i18n._Catalog("en")._add_source(source, "test.ftl")


def test_a_key_twice_is_refused_at_load() -> None:
    with pytest.raises(ValueError, match="duplicate catalog key 'a.b'"):
        i18n._Catalog("en")._add_source("a-b = One\nc = Other\na-b = Two\n", "test.ftl")


def test_a_message_that_does_not_parse_fails_where_it_is_used_and_in_verify(tmp_path: Path) -> None:
    """Loading only cuts the files: a broken message is found when it is first formatted (a
    ValueError naming its file, every time), while the others work; `verify`, which the catalogs'
    tests run on every file (tests/bot/test_catalogs.py), refuses it and any other syntax error."""
    broken = "good = Fine\nbad = { $x\nalso = Fine too\n"
    found = i18n._Catalog("en")
    found._add_source(broken, "broken.ftl")
    assert found.keys() == {"good", "bad", "also"}
    assert found.format("good", {}) == "Fine" and found.format("also", {}) == "Fine too"
    for _ in range(2):
        with pytest.raises(ValueError, match="broken.ftl: cannot parse"):
            found.format("bad", {"x": 1})
    with pytest.raises(ValueError, match="broken.ftl"):
        found.variables("bad")
    (tmp_path / "broken.ftl").write_text(broken, encoding="utf-8")
    with pytest.raises(ValueError, match="broken.ftl: cannot parse"):
        i18n.verify("en", tmp_path)
    (tmp_path / "broken.ftl").write_text("good = Fine\n#not a comment\n", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.ftl: cannot parse"):
        i18n.verify("en", tmp_path)  # a bad comment is never parsed by the lazy load
    (tmp_path / "broken.ftl").write_text("good = Fine\n", encoding="utf-8")
    i18n.verify("en", tmp_path)
