"""Space Hulk in words (issue 29): the text board (`/board text`) and the images' alt text.

The hulk is told section by section (the map's sections, as outlined on the image), each with its
extent and the models in it; then the doors, the flames and the entry areas. Built from the view
alone: a blip's value appears only in the Genestealer player's view, the CP chit only in the
Marine player's (`private_text`).
"""

from __future__ import annotations

from engine.spacehulk.board import Board
from engine.spacehulk.board.mapfile import parse_cached
from engine.spacehulk.view import PieceView, SpaceHulkView
from renderers.i18n import t

from .text import facing, mission_name, model, private_text, sq, status_lines, weapon


def piece_line(view: SpaceHulkView, p: PieceView, lang: str) -> str:
    """One model: its id, what it is, where it stands and faces, and its state."""
    marks = []
    if p.overwatch:
        marks.append(t(lang, "a11y.spacehulk.overwatch"))
    if p.jammed:
        marks.append(t(lang, "a11y.spacehulk.jammed"))
    if p.leader:
        marks.append(t(lang, "a11y.spacehulk.leader"))
    if view.active_model == p.id:
        marks.append(t(lang, "a11y.spacehulk.acting", ap=p.ap))
    place = sq(p.square) if p.square is not None else t(lang, "spacehulk.private.area", area=p.area or "?")
    said = {"model": model(p.id), "place": place, "marks": "".join(", " + m for m in marks)}
    if p.kind == "marine":
        return t(
            lang,
            "a11y.spacehulk.marine",
            **said,
            name=p.name,
            weapon=weapon(lang, p),
            facing=facing(lang, p.facing),
        )
    if p.kind == "blip":
        if p.value is not None:  # the Genestealer player's own view only
            return t(lang, "a11y.spacehulk.blip_known", **said, value=p.value)
        return t(lang, "a11y.spacehulk.blip", **said)
    return t(lang, "a11y.spacehulk.stealer", **said, facing=facing(lang, p.facing))


def _lurker(p: PieceView, lang: str) -> str:
    """A model waiting in an entry area: its id, and a blip's value where this view knows it."""
    if p.value is not None:
        return t(lang, "a11y.spacehulk.lurker_value", model=model(p.id), value=p.value)
    return model(p.id)


def _extent(board: Board, squares: tuple[tuple[int, int, int], ...]) -> tuple[str, str]:
    xs, ys = [s[0] for s in squares], [s[1] for s in squares]
    level = squares[0][2]
    return sq((min(xs), min(ys), level)), sq((max(xs), max(ys), level))


def section_lines(view: SpaceHulkView, lang: str) -> list[str]:
    """Every section with a model in it, in the map's order; the others counted."""
    board = parse_cached(view.map_text)
    by_section: dict[str, list[PieceView]] = {}
    for p in view.pieces:
        if p.square is not None and p.square in board:
            by_section.setdefault(board.section_of(p.square), []).append(p)
    lines = []
    for name, squares in board.sections.items():
        here = by_section.get(name)
        if not here:
            continue
        first, last = _extent(board, squares)
        kind = board.cells[squares[0]].kind
        lines.append(
            t(
                lang,
                "a11y.spacehulk.section",
                section=name,
                kind=kind,
                first=first,
                last=last,
                count=len(squares),
            )
        )
        lines += [
            "  " + piece_line(view, p, lang) for p in sorted(here, key=lambda p: (p.kind, int(p.id[1:])))
        ]
    empty = len(board.sections) - len(by_section)
    lines.append(t(lang, "a11y.spacehulk.empty_sections", count=empty))
    return lines


def feature_lines(view: SpaceHulkView, lang: str) -> list[str]:
    lines = []
    doors = {
        status: [sq(d.square) for d in view.doors if d.status == status]
        for status in ("closed", "open", "destroyed")
    }
    for status, squares in doors.items():
        if squares:
            lines.append(t(lang, "a11y.spacehulk.doors", status=status, squares=", ".join(squares)))
    if view.burning:
        lines.append(t(lang, "a11y.spacehulk.burning", squares=", ".join(sq(s) for s in view.burning)))
    lurking = [p for p in view.pieces if p.square is None and p.area is not None]
    for area in sorted({p.area for p in lurking if p.area}):
        here = [p for p in lurking if p.area == area]
        lines.append(
            t(
                lang,
                "a11y.spacehulk.lurking",
                area=area,
                stealers=sum(1 for p in here if p.kind == "genestealer"),
                blips=sum(1 for p in here if p.kind == "blip"),
                models=", ".join(_lurker(p, lang) for p in here),
            )
        )
    if view.escaped:
        lines.append(t(lang, "a11y.spacehulk.escaped", models=", ".join(model(m) for m in view.escaped)))
    return lines


def board_text(view: SpaceHulkView, lang: str) -> list[str]:
    """Mission, turn and who acts; the seat's secrets (its own view only); the hulk section by section;
    doors, flames, entry areas."""
    head = [t(lang, "spacehulk.status.title", mission=mission_name(view, lang)).replace("**", "")]
    head += status_lines(view, lang)
    mine = private_text(view, lang) if view.side != "marine" else None  # the CP is in the status lines
    if mine:
        head += mine.replace("**", "").splitlines()
    blocks = ["\n".join(head)]
    sections = section_lines(view, lang)
    blocks += _chunks(sections)
    features = feature_lines(view, lang)
    if features:
        blocks += _chunks(features)
    return blocks


def _chunks(lines: list[str], limit: int = 1900) -> list[str]:
    """Lines packed into blocks of at most `limit` characters (a big hulk takes several)."""
    out: list[str] = []
    current: list[str] = []
    for line in lines:
        if current and sum(len(x) + 1 for x in current) + len(line) > limit:
            out.append("\n".join(current))
            current = []
        current.append(line[:limit])
    if current:
        out.append("\n".join(current))
    return out
