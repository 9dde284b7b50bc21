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
import string
import threading
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
    "verify",
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


class _Found(visitor.Visitor):
    """What a parsed message uses: its variables, and the other messages and terms it names."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.references: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)

    def visit_MessageReference(self, node: ast.MessageReference) -> None:  # noqa: N802
        self.references.add(node.id.name)
        self.generic_visit(node)


_MESSAGE_START = re.compile(r"([a-zA-Z][a-zA-Z0-9_-]*) *=")


def split_entries(source: str, origin: str) -> tuple[list[tuple[str, str]], list[str]]:
    """A Fluent source cut into its entries by lines, without parsing them: the messages as
    (id, source text) in the file's order, and the terms' source texts (comments are left out).

    In Fluent an entry starts at column 0: a message with its id (an ASCII letter), a term with
    `-`, a comment with `#`. Every other line belongs to the entry above it: a pattern's
    continuation lines are indented, blank lines may sit inside a block, and a multi-line
    placeable's variant keys (`[`, `*`) and closing brace (`}`) may start at column 0. A line that
    starts with a letter but not with `id =`, or text after a comment or before the first entry,
    cannot be Fluent: a ValueError, as the whole file's parse refused it. `verify` checks that these
    cuts give exactly the entries fluent.syntax finds in the whole file (the catalogs' tests)."""
    messages: list[tuple[str, list[str]]] = []
    terms: list[list[str]] = []
    current: list[str] | None = None  # the entry being read; None before the first and in a comment
    for number, line in enumerate(source.splitlines(keepends=True), 1):
        first = line[:1]
        if first.isascii() and first.isalpha():
            found = _MESSAGE_START.match(line)
            if found is None:
                raise ValueError(f"{origin}:{number}: cannot parse {line.rstrip()!r}: not a message")
            current = [line]
            messages.append((found.group(1), current))
        elif first == "-":
            current = [line]
            terms.append(current)
        elif first == "#":
            current = None
        elif current is not None:
            current.append(line)
        elif line.strip():
            raise ValueError(f"{origin}:{number}: cannot parse {line.rstrip()!r}: not in an entry")
    return [(name, "".join(lines)) for name, lines in messages], ["".join(lines) for lines in terms]


def _parse_one(source: str, origin: str, message_id: str) -> ast.Message:
    """The one message in `source` (a cut of `split_entries`); a ValueError if that is not what it holds."""
    body = [
        e for e in FluentParser(with_spans=False).parse(source).body if not isinstance(e, ast.BaseComment)
    ]
    for entry in body:
        if isinstance(entry, ast.Junk):
            raise ValueError(f"{origin}: cannot parse {entry.content!r}: {entry.annotations}")
    if len(body) != 1 or not isinstance(body[0], ast.Message) or body[0].id.name != message_id:
        raise ValueError(f"{origin}: cannot parse {source!r}: not the one message {message_id}")
    return body[0]


class _Catalog:
    """One language: its messages' source texts, each parsed at its first use, a Fluent bundle over
    the parsed ones, and each parsed message's variables.

    Parsing is lazy because fluent.syntax's parser is pure Python: every catalog of a language at
    once took about 0.3 s on the benchmark machine, 0.6-0.9 s for both, on the bot's cold start
    before its first answer (issue 6: < 2 s), while one interaction formats a few dozen messages.
    Loading reads each file and cuts it into entries by lines (`split_entries`), which is enough
    for `keys`, `in` and the duplicate check; a message is parsed the first time it is formatted
    or its variables are asked (about 0.2 ms), once. A message that does not parse raises
    ValueError each time it is used, naming its file (the whole file's parse refused it at load
    before); `verify` parses every file whole, as the load did, and the catalogs' tests call it,
    so a syntax error still fails the tests before it can reach a player."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.sources: dict[str, str] = {}  # key -> the message's own source text (its lines)
        self.origin: dict[str, str] = {}  # key -> the file it came from, or "add_messages"
        self._parsed: dict[str, ast.Message] = {}  # key -> parsed message (parsed once: it is slow)
        self._terms: list[ast.Term] = []
        self._bundle: FluentBundle | None = None
        self._variables: dict[str, frozenset[str]] = {}
        self._formatted: dict[tuple[Any, ...], str] = {}  # see `format`
        # Messages are parsed and the bundle is built in the renderers' threads too (a render
        # while the worker pool starts); one at a time, so no parsed message misses the bundle.
        self._lock = threading.RLock()

    def load(self, folder: Path) -> None:
        for path in sorted(folder.glob("*.ftl")):
            self._add_source(path.read_text(encoding="utf-8"), str(path))
        for path in sorted(folder.glob("*.json")):  # the old format: read until converted
            data = json.loads(path.read_text(encoding="utf-8"))
            source = "".join(ftl_entry(key, value) for key, value in data.items())
            self._add_source(source, str(path))

    def _add_source(self, source: str, origin: str, *, parse: bool = False) -> None:
        """Add a source's messages (their text; parsed now with `parse`), refusing a key twice."""
        messages, terms = split_entries(source, origin)
        with self._lock:
            for term in terms:  # none in our catalogs; parsed now, as a message may use any of them
                entry = FluentParser(with_spans=False).parse_entry(term)
                if not isinstance(entry, ast.Term):
                    raise ValueError(f"{origin}: cannot parse {term!r}")
                self._terms.append(entry)
            for message_id, text in messages:
                key = id_to_key(message_id)
                if key in self.sources:
                    raise ValueError(f"duplicate catalog key {key!r} in {origin} ({self.origin[key]})")
                self.sources[key] = text
                self.origin[key] = origin
            self._bundle = None
            self._formatted.clear()
            if parse:
                for message_id, _ in messages:
                    self.message(id_to_key(message_id))

    def add(self, entries: Mapping[str, str]) -> None:
        self.remove(entries)  # registering again replaces
        source = "".join(ftl_entry(key, value) for key, value in entries.items())
        self._add_source(source, "add_messages", parse=True)

    def remove(self, keys: Iterable[str]) -> None:
        with self._lock:
            for key in keys:
                if self.origin.get(key) == "add_messages":
                    del self.sources[key], self.origin[key]
                    self._parsed.pop(key, None)
                    self._variables.pop(key, None)
            self._bundle = None
            self._formatted.clear()

    def message(self, key: str) -> ast.Message:
        """The parsed message (KeyError for an unknown key, ValueError if it does not parse), in
        the bundle with every message it names."""
        found = self._parsed.get(key)
        if found is not None:
            return found
        with self._lock:
            found = self._parsed.get(key)
            if found is None:
                found = _parse_one(self.sources[key], self.origin[key], key_to_id(key))
                uses = _Found()
                uses.visit(found)
                self._variables[key] = frozenset(uses.names)
                self._parsed[key] = found
                if self._bundle is not None:
                    self._bundle.add_resource(ast.Resource(body=[found]))
                for other in uses.references:  # a message naming another: that one is needed too
                    if id_to_key(other) in self.sources:
                        self.message(id_to_key(other))
            return found

    @property
    def bundle(self) -> FluentBundle:
        found = self._bundle
        if found is None:
            with self._lock:
                if self._bundle is None:
                    # use_isolating=False: Discord shows the Unicode isolation marks as stray characters.
                    bundle = FluentBundle([self.lang], use_isolating=False)
                    bundle.add_resource(ast.Resource(body=[*self._terms, *self._parsed.values()]))
                    self._bundle = bundle
                found = self._bundle
        return found

    def __contains__(self, key: str) -> bool:
        return key in self.sources

    def keys(self) -> frozenset[str]:
        return frozenset(self.sources)

    def variables(self, key: str) -> frozenset[str]:
        self.message(key)
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
        self.message(key)  # parsed, and in the bundle
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
    """Read every language's catalog files now and cut them into messages (`split_entries`; a few
    milliseconds): call it at start-up, before the first interaction. Each message is parsed at its
    first use (`_Catalog`), not here."""
    for lang in LANGUAGES:
        _catalog(lang)


def verify(lang: str, folder: Path | None = None) -> None:
    """Parse every catalog file of `lang` whole, as fluent.syntax reads it, and check that the
    messages the lazy load cut from it (`split_entries`) are exactly its messages, in its order,
    each parsing on its own to the same message; then parse every message of the loaded catalog.
    A ValueError names the first file or message that fails. For the tests (a syntax error anywhere
    in a catalog, comments included, must fail them) and tools: the bot parses a message at its
    first use. `folder`: another language folder's files instead (then only they are checked)."""
    parser = FluentParser(with_spans=False)
    for path in sorted((folder or LOCALES_DIR / lang).glob("*.ftl")):
        source = path.read_text(encoding="utf-8")
        whole = parser.parse(source).body
        for entry in whole:
            if isinstance(entry, ast.Junk):
                raise ValueError(f"{path}: cannot parse {entry.content!r}: {entry.annotations}")
        messages, terms = split_entries(source, str(path))
        expected = [e for e in whole if isinstance(e, ast.Message)]
        if [m.id.name for m in expected] != [message_id for message_id, _ in messages]:
            raise ValueError(f"{path}: its messages are not cut where Fluent reads them")
        if len(terms) != sum(isinstance(e, ast.Term) for e in whole):
            raise ValueError(f"{path}: its terms are not cut where Fluent reads them")
        for entry, (message_id, text) in zip(expected, messages, strict=True):
            alone = _parse_one(text, str(path), message_id)
            entry = entry.clone()
            entry.comment = None  # a comment above a message is not part of its cut
            if alone.to_json() != entry.to_json():
                raise ValueError(f"{path}: {message_id} parses differently on its own")
    if folder is not None:
        return
    found = _catalog(lang)
    for key in sorted(found.keys()):
        found.message(key)


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
