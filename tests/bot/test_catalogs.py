"""Every platform string comes from the catalogs, complete in English and Spanish."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.i18n import Translator
from renderers.i18n import catalog, verify

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((ROOT / "bot").rglob("*.py")),
    *sorted((ROOT / "cogs").rglob("*.py")),
    ROOT / "engine/core/rules.py",
]
OURS = re.compile(r"^(bot|core|cmd)\.")
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")


def _calls(name: str) -> list[ast.Call]:
    calls = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == name
            ):
                calls.append(node)
    return calls


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_platform_keys_exist_in_both_languages() -> None:
    en, es = catalog("en"), catalog("es")
    ours_en = {k for k in en if OURS.match(k)}
    ours_es = {k for k in es if OURS.match(k)}
    assert ours_en == ours_es
    assert all(es[k].strip() for k in ours_es)


def test_every_literal_key_used_by_the_platform_exists() -> None:
    en = catalog("en")
    used = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            key = _literal(node)
            if key and re.fullmatch(r"(bot|core|cmd)\.[a-z_]+(\.[a-z_]+)*", key):
                used.add(key)
    used |= {
        f"bot.status.{s}" for s in ("lobby", "active", "finished", "abandoned")
    }  # built with an f-string
    missing = sorted(k for k in used if k not in en)
    assert not missing and len(used) > 60


def test_rejected_defaults_equal_the_english_catalog_text() -> None:
    en = catalog("en")
    seen = 0
    for call in _calls("Rejected"):
        key, default = (_literal(a) for a in call.args[:2]) if len(call.args) >= 2 else (None, None)
        if key is None or default is None:
            continue
        seen += 1
        assert en.get(key) == default, key
        assert catalog("es").get(key), key
    assert seen >= 20


def test_command_strings_are_localised_and_follow_discord_naming() -> None:
    en, es = catalog("en"), catalog("es")
    for key in (k for k in en if k.startswith("cmd.")):
        if key.endswith(".name") or key.startswith("cmd.param.") and key.count(".") == 2:
            assert NAME_RULE.match(en[key]) and en[key] == en[key].lower(), key
            assert NAME_RULE.match(es[key]) and es[key] == es[key].lower(), key
        else:
            assert 1 <= len(en[key]) <= 100 and 1 <= len(es[key]) <= 100, key


def test_locale_str_messages_equal_the_english_catalog() -> None:
    """Discord sends the default name back: locale_str's message must equal the English text."""
    en = catalog("en")
    for call in _calls("L"):
        message, key = (_literal(a) for a in call.args[:2])
        if message is None or key is None:
            continue  # built in a loop (language choices): checked by the translator test
        assert en[key] == message, key


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (discord.Locale.spain_spanish, "partida"),
        (discord.Locale.latin_american_spanish, "partida"),
        (discord.Locale.american_english, None),
        (discord.Locale.french, None),
    ],
)
async def test_translator_answers_spanish_and_falls_back_otherwise(
    locale: discord.Locale, expected: str | None
) -> None:
    string = app_commands.locale_str("game", key="cmd.game.name")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await Translator().translate(string, locale, context) == expected
    assert await Translator().translate(app_commands.locale_str("plain"), locale, context) is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_catalog_file_parses_whole_and_as_the_bot_cuts_it(lang: str) -> None:
    """The bot parses each message at its first use (renderers/i18n.py `_Catalog`): a syntax error
    anywhere in a catalog must fail here, and each message must read alone as in its whole file."""
    verify(lang)
