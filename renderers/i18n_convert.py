"""Move catalog strings from the old JSON format into the Fluent (.ftl) catalogs.

    python -m renderers.i18n_convert              # every renderers/locales/<lang>/*.json
    python -m renderers.i18n_convert path.json …  # only these

Each `<lang>/<domain>.json` is merged into `<lang>/<domain>.ftl` beside it (created if missing):
keys the .ftl file lacks are appended, keys it already has are kept as they are (a differing JSON
text is reported, for you to merge by hand), and the JSON file is deleted. Placeholders become
Fluent variables: "{card}" -> "{ $card }". Plural forms are then written by hand (see README.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fluent.syntax import FluentParser, ast

from renderers.i18n import LOCALES_DIR, format_to_ftl, ftl_entry, id_to_key

HEADER = "# {domain} ({lang}). Project Fluent syntax: see renderers/locales/README.md.\n"


def _group(key: str) -> str:
    return ".".join(key.split(".")[:2])


def render(entries: dict[str, str], *, domain: str, lang: str) -> str:
    """A whole .ftl file from key -> str.format template, sorted, a blank line between groups."""
    out = [HEADER.format(domain=domain, lang=lang)]
    previous = None
    for key in sorted(entries):
        if _group(key) != previous:
            out.append("\n")
            previous = _group(key)
        out.append(ftl_entry(key, entries[key]))
    return "".join(out)


def existing(path: Path) -> dict[str, str]:
    """key -> message source of an .ftl file."""
    if not path.exists():
        return {}
    source = path.read_text(encoding="utf-8")
    found = {}
    for entry in FluentParser().parse(source).body:
        if isinstance(entry, ast.Message) and entry.span is not None:
            found[id_to_key(entry.id.name)] = source[entry.span.start : entry.span.end]
    return found


def convert(json_path: Path) -> list[str]:
    """Merge one JSON catalog into its .ftl sibling and delete it; returns notes for the user."""
    lang, domain = json_path.parent.name, json_path.stem
    data: dict[str, str] = json.loads(json_path.read_text(encoding="utf-8"))
    target = json_path.with_suffix(".ftl")
    have = existing(target)
    notes = []
    if not have:
        target.write_text(render(data, domain=domain, lang=lang), encoding="utf-8")
        notes.append(f"{target}: created with {len(data)} messages")
    else:
        new = {k: v for k, v in data.items() if k not in have}
        for key, value in data.items():
            if key in have and have[key].split("=", 1)[1].strip() != format_to_ftl(value).strip():
                notes.append(f"{target}: {key} differs from the JSON text (kept the .ftl one): {value!r}")
        if new:
            text = target.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
            text += "".join(ftl_entry(key, new[key]) for key in sorted(new))
            target.write_text(text, encoding="utf-8")
        notes.append(f"{target}: added {len(new)} messages: {', '.join(sorted(new)) or '-'}")
    json_path.unlink()
    return notes


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    paths = [Path(a) for a in args] if args else sorted(LOCALES_DIR.glob("*/*.json"))
    if not paths:
        print("No JSON catalogs left to convert.")
    for path in paths:
        for note in convert(path):
            print(note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
