"""Message catalogs: every player-facing string, in English and Spanish.

Catalogs are JSON files `renderers/locales/<lang>/<domain>.json` with flat keys
("canyon.play_card": "Play {card}"). Placeholders use str.format. A key missing in a language
falls back to English; a key missing everywhere is a bug (KeyError in tests).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"


def language_of(locale: object | None, default: str = DEFAULT_LANGUAGE) -> str:
    """Map a Discord locale ("es-ES", "en-US", Locale.spain_spanish) to a catalog language."""
    if locale is None:
        return default
    code = str(getattr(locale, "value", locale)).lower()
    lang = code.split("-")[0].split("_")[0]
    return lang if lang in LANGUAGES else default


@cache
def catalog(lang: str) -> dict[str, str]:
    """All keys of one language, merged from its domain files."""
    merged: dict[str, str] = {}
    folder = LOCALES_DIR / lang
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in merged:
                raise ValueError(f"duplicate catalog key {key!r} in {path}")
            merged[key] = value
    return merged


def has(key: str) -> bool:
    return key in catalog(DEFAULT_LANGUAGE)


def t(lang: str | object | None, key: str, /, **params: Any) -> str:
    """The text for `key` in `lang` (falling back to English), formatted with `params`."""
    lang = language_of(lang)
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(DEFAULT_LANGUAGE)[key]
    return text.format(**params) if params else text
