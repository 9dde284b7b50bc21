"""Message catalogs: every player-facing string, in English and Spanish, in Project Fluent files.

Catalogs are `renderers/locales/<lang>/<domain>.ftl` (see `renderers/locales/README.md`). Code
names a message by its dotted key, `t(lang, "canyon.action.play", card="7")`; in the file the
message id is the same key with hyphens, because Fluent ids cannot hold dots:
`canyon-action-play = Play { $card }`. Plural forms are Fluent selectors over CLDR plural
categories, and numbers are formatted for the language (Spanish "2,5"), both through Babel's
CLDR data. A key missing in a language falls back to English; a key missing everywhere is a bug
(KeyError). A `.json` catalog left over from the old format is still read, converted on the fly,
until `python -m renderers.i18n_convert` turns it into `.ftl` (a test insists on that).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from fluent.runtime import FluentBundle
from fluent.runtime.types import FluentType, fluent_number
from fluent.syntax import FluentParser, ast, visitor

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"

log = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LOCALES_DIR",
    "add_messages",
    "catalog",
    "format_to_ftl",
    "has",
    "key_to_id",
    "keys",
    "language_of",
    "preload",
    "remove_messages",
    "t",
    "variables",
]


def locale_language(locale: object | None) -> str | None:
    """The catalog language of a Discord locale ("es-ES", "en-US", Locale.spain_spanish), or None
    when we have no catalog for it (the one place that reads a locale)."""
    if locale is None:
        return None
    code = str(getattr(locale, "value", locale)).lower()
    lang = code.split("-")[0].split("_")[0]
    return lang if lang in LANGUAGES else None


def language_of(locale: object | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The catalog language of a locale, else `default`."""
    return locale_language(locale) or default


def key_to_id(key: str) -> str:
    """'canyon.action.play' -> 'canyon-action-play' (the Fluent message id)."""
    return key.replace(".", "-")


def id_to_key(message_id: str) -> str:
    return message_id.replace("-", ".")


# --- the old str.format syntax, for the converter and for leftover .json files ------------------


def format_to_ftl(text: str) -> str:
    """A str.format template ("Play {card}") as a Fluent pattern ("Play { $card }").

    Multi-line texts become indented blocks; what Fluent would otherwise swallow or misread
    (leading or trailing blanks, a line starting with `[`, `*` or `.`, literal braces) is quoted.
    """
    import string

    pieces: list[str] = []
    for literal, field, spec, conversion in string.Formatter().parse(text):
        pieces.append(literal.replace("{", "\0{").replace("}", "\0}"))
        if field is not None:
            if spec or conversion or not field.isidentifier():
                raise ValueError(f"unsupported placeholder {{{field}}} in {text!r}")
            pieces.append("{ $" + field + " }")
    body = "".join(pieces).replace("\0{", '{"{"}').replace("\0}", '{"}"}')
    lines = body.split("\n")
    out = []
    for i, line in enumerate(lines):
        stripped = line.lstrip(" ")
        lead = line[: len(line) - len(stripped)]
        if lead:
            line = '{"' + lead + '"}' + stripped
        elif i > 0 and stripped[:1] in ("[", "*", "."):
            line = '{"' + stripped[0] + '"}' + stripped[1:]
        if line.endswith(" "):
            trimmed = line.rstrip(" ")
            line = trimmed + '{"' + line[len(trimmed) :] + '"}'
        out.append(line)
    if len(out) == 1:
        return out[0]
    return "\n" + "\n".join(("    " + line) if line else "" for line in out)


def ftl_entry(key: str, text: str) -> str:
    """One message in .ftl syntax, from a dotted key and a str.format template."""
    pattern = format_to_ftl(text)
    sep = "" if pattern.startswith("\n") else " "
    return f"{key_to_id(key)} ={sep}{pattern}\n"


# --- loading ------------------------------------------------------------------------------------


class _Variables(visitor.Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


class _Catalog:
    """One language: its parsed messages, a Fluent bundle over them, each message's variables."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages: dict[str, ast.Message] = {}  # key -> parsed message (parsed once: it is slow)
        self.origin: dict[str, str] = {}  # key -> the file it came from, or "add_messages"
        self._bundle: FluentBundle | None = None
        self._variables: dict[str, frozenset[str]] = {}
        self._formatted: dict[tuple[Any, ...], str] = {}  # see `format`

    def load(self, folder: Path) -> None:
        for path in sorted(folder.glob("*.ftl")):
            self._add_source(path.read_text(encoding="utf-8"), str(path))
        for path in sorted(folder.glob("*.json")):  # the old format: read until converted
            data = json.loads(path.read_text(encoding="utf-8"))
            source = "".join(ftl_entry(key, value) for key, value in data.items())
            self._add_source(source, str(path))

    def _add_source(self, source: str, origin: str) -> None:
        resource = FluentParser(with_spans=False).parse(source)
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                raise ValueError(f"{origin}: cannot parse {entry.content!r}: {entry.annotations}")
            if not isinstance(entry, ast.Message):
                continue
            key = id_to_key(entry.id.name)
            if key in self.messages:
                raise ValueError(f"duplicate catalog key {key!r} in {origin} ({self.origin[key]})")
            self.messages[key] = entry
            self.origin[key] = origin
            found = _Variables()
            found.visit(entry)
            self._variables[key] = frozenset(found.names)
        self._bundle = None
        self._formatted.clear()

    def add(self, entries: Mapping[str, str]) -> None:
        self.remove(entries)  # registering again replaces
        source = "".join(ftl_entry(key, value) for key, value in entries.items())
        self._add_source(source, "add_messages")

    def remove(self, keys: Iterable[str]) -> None:
        for key in keys:
            if self.origin.get(key) == "add_messages":
                del self.messages[key], self._variables[key], self.origin[key]
        self._bundle = None
        self._formatted.clear()

    @property
    def bundle(self) -> FluentBundle:
        if self._bundle is None:
            # use_isolating=False: Discord shows the Unicode isolation marks as stray characters.
            bundle = FluentBundle([self.lang], use_isolating=False)
            bundle.add_resource(ast.Resource(body=list(self.messages.values())))
            self._bundle = bundle
        return self._bundle

    def __contains__(self, key: str) -> bool:
        return key in self.messages

    def keys(self) -> frozenset[str]:
        return frozenset(self.messages)

    def variables(self, key: str) -> frozenset[str]:
        return self._variables[key]

    def format(self, key: str, params: Mapping[str, Any], *, strict: bool = True) -> str:
        """The message formatted with `params`; the same key and plain arguments (str, int, float,
        bool, None) give the text formatted before. Formatting through Fluent and Babel costs tens
        of microseconds a message, and a click's panel or a status message formats dozens of them
        on the bot's event loop, most of them the same texts over and over (headers, seat names,
        button labels, narration lines): issue 9 item 7 measured them as the largest Python work
        left on the loop per click. A message's text depends only on its catalog and arguments,
        and the cache is emptied whenever the catalog changes (`add_messages`, `remove_messages`)."""
        if strict and all(
            type(value) in _PLAIN and (type(value) is not str or len(value) <= _SHORT)
            for value in params.values()
        ):
            # the type is part of the key: 1, 1.0 and True are equal keys but not the same text; a
            # float is keyed by its repr: 0.0 and -0.0 are equal keys too, but -0.0 shows as "-0"
            memo = (
                key,
                *(
                    (name, type(value), repr(value) if type(value) is float else value)
                    for name, value in params.items()
                ),
            )
            found = self._formatted.get(memo)
            if found is None:
                if len(self._formatted) >= _FORMATTED_MAX:
                    self._formatted.clear()  # bounded; the common texts come back within a few clicks
                found = self._formatted[memo] = self._format(key, params, strict=True)
            return found
        return self._format(key, params, strict=strict)

    def _format(self, key: str, params: Mapping[str, Any], *, strict: bool) -> str:
        message = self.bundle.get_message(key_to_id(key))
        if message.value is None:
            raise KeyError(key)
        args: dict[str, Any] = {}
        long: dict[str, str] = {}
        for name, value in params.items():
            if isinstance(value, str) and len(value) > _LONG:
                # fluent.runtime refuses placeables over 2500 characters (a guard against huge
                # translations); a player's typed value or a joined list may be longer: it goes
                # in after formatting, through a token no text contains.
                token = f"\x00{len(long)}\x00"
                long[token], value = value, token
            args[name] = _arg(value)
        formatted, errors = self.bundle.format_pattern(message.value, args)
        text = cast(str, formatted)  # a message's pattern always formats to a str
        if errors and strict:
            raise ValueError(f"catalog {self.lang} {key}: {errors}")
        for token, value in long.items():
            text = text.replace(token, value)
        return text


@cache
def _catalog(lang: str) -> _Catalog:
    found = _Catalog(lang)
    found.load(LOCALES_DIR / lang)
    return found


_LONG = 1000
_PLAIN = frozenset({str, int, float, bool, type(None)})
_SHORT = 200  # longer texts (a player's typed answer, a joined list) are formatted each time
_FORMATTED_MAX = 8192
_NUMBER = re.compile(r"-?\d{1,12}(\.\d{1,6})?")


def _arg(value: Any) -> Any:
    """A Python value as a Fluent argument: integers print without digit grouping (table and
    turn numbers are names, not amounts); floats get the language's decimal mark."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        # Babel's decimal context overflows on huge integers (a typed table number of 31 digits).
        return fluent_number(value, useGrouping=False) if abs(value) < 10**15 else str(value)
    if isinstance(value, str) and _NUMBER.fullmatch(value):
        # A number already written as text (the engine's `inches()`: "2.5") is still a number:
        # the language's decimal mark and plural form apply ("2,5 pulgadas").
        # (int or float, not Decimal: fluent.runtime applies plural rules only to those)
        number = float(value) if "." in value else int(value)
        return fluent_number(number, useGrouping=False)
    if isinstance(value, float | Decimal | str | FluentType):
        return value
    return str(getattr(value, "value", value))


# --- the public surface -------------------------------------------------------------------------


def preload() -> None:
    """Parse every language's catalogs now (about 0.7 s in all): call it at start-up, off the event
    loop, so that the first interaction does not pay for it."""
    for lang in LANGUAGES:
        _catalog(lang).bundle  # noqa: B018 (builds the bundle)


def keys(lang: str = DEFAULT_LANGUAGE) -> frozenset[str]:
    """Every message key of one language."""
    return _catalog(language_of(lang)).keys()


def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    return key in _catalog(language_of(lang))


def variables(lang: str, key: str) -> frozenset[str]:
    """The variables a message uses (`{ $name }`, also inside selectors), without the `$`."""
    return _catalog(language_of(lang)).variables(key)


def t(lang: str | object | None, key: str, /, **params: Any) -> str:
    """The text for `key` in `lang` (falling back to English), formatted with `params`.

    Numbers are passed as numbers (not pre-formatted strings) so that plural selectors and the
    language's number format apply; extra params are ignored.
    """
    found = _catalog(language_of(lang))
    if key not in found:
        found = _catalog(DEFAULT_LANGUAGE)
        if key not in found:
            raise KeyError(key)
    return found.format(key, params)


def add_messages(lang: str, entries: Mapping[str, str]) -> None:
    """Register messages at run time (a game outside the package, a test game), given as dotted
    keys and str.format templates; they behave like catalog messages until removed."""
    _catalog(lang).add(entries)
    catalog.cache_clear()


def remove_messages(lang: str, keys: Iterable[str]) -> None:
    _catalog(lang).remove(keys)
    catalog.cache_clear()


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """Read-only view of one language for tests and tools: key -> the message with each variable
    shown as `{name}` (selectors show their default variant). Not for player-facing text: use `t`."""
    found = _catalog(lang)
    shown: dict[str, str] = {}
    for key in sorted(found.keys()):
        names = {name: "{" + name + "}" for name in found.variables(key)}
        shown[key] = found.format(key, names, strict=False)
    return MappingProxyType(shown)
